import Foundation
import Testing

/// Name resolution is scoped to the module: a name resolves in
/// the file's own module and the modules it depends on or imports, never in a sibling app or an
/// unrelated package of the same scan, and a production function is not given its values by test
/// code.
@Suite("Module scope")
struct ModuleScopeTests {
    /// An unrelated package with its own `Package.swift` whose code declares the names the
    /// Examples resolve across files, with other values, in more files than a whole-scan search
    /// follows (`ValueResolver.maximumDeclaringFiles`), plus one weak sink of its own.
    static func writeUnrelatedPackage(into tree: TempTree, files: Int = 150) throws {
        try tree.write("Unrelated/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Unrelated", targets: [.target(name: "Noise")])
            """)
        try tree.write("Unrelated/Sources/Noise/KeychainConfiguration.swift", """
            import Security

            enum KeychainConfiguration {
                static let service = "com.unrelated.app"
                static let sessionTokenFlags: SecAccessControlCreateFlags = .biometryCurrentSet
                static let sessionTokenAccessFlags: SecAccessControlCreateFlags = .biometryAny
                static let protectedItemAccessibility = kSecAttrAccessibleAlways
                static let authenticationReuseDuration: TimeInterval = 300
            }

            let noiseAccess = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
            """)
        for number in 0..<files {
            try tree.write("Unrelated/Sources/Noise/Filler\(number).swift", """
                import Security

                let accessFlags: SecAccessControlCreateFlags = .userPresence
                let flags: SecAccessControlCreateFlags = .biometryAny
                var accessibility = kSecAttrAccessibleAlways

                struct Filler\(number) {
                    static let sessionTokenFlags: SecAccessControlCreateFlags = .biometryCurrentSet
                    var flags: SecAccessControlCreateFlags = .biometryAny
                    func save(_ data: Data, flags: SecAccessControlCreateFlags = .userPresence) {}
                    func store() { save(Data(), flags: .biometryAny) }
                }
                """)
        }
    }

    /// Copies the project's `Examples/` into the tree.
    static func copyExamples(into tree: TempTree) throws {
        let source = CLIFixtures.packageRoot.appendingPathComponent("Examples", isDirectory: true)
        try #require(FileManager.default.fileExists(atPath: source.appendingPathComponent("InsecureBank").path))
        try FileManager.default.copyItem(at: source, to: tree.path("Examples"))
    }

    @Test("Examples alone and Examples beside a large unrelated package give the same findings")
    func invariance() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.copyExamples(into: tree)
        let alone = try tree.run(["scan", "Examples", "--no-cache", "--no-color"])
        let aloneFindings = findingLines(alone)
        #expect(aloneFindings.count == ExamplesScanTests.expected.count, "\(alone)")

        try Self.writeUnrelatedPackage(into: tree)
        let together = try tree.run(["scan", "Examples", "Unrelated", "--no-cache", "--no-color"])
        let examplesFindings = findingLines(together).filter { $0.hasPrefix("Examples/") }
        #expect(examplesFindings == aloneFindings, "\(together)")
        // The unrelated package was scanned: its own weak sink is reported.
        #expect(findingPositions(together).contains("Unrelated/Sources/Noise/KeychainConfiguration.swift:11:105"), "\(together)")
    }

    @Test("Examples beside unrelated code that no manifest claims, calling the Examples' helper names in many files, give the same findings")
    func invarianceWithoutManifest() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.copyExamples(into: tree)
        let alone = findingLines(try tree.run(["scan", "--no-cache", "--no-color"]))
        #expect(alone.count == ExamplesScanTests.expected.count)
        // More files than a caller search follows call `add`, `store` and `update`: the
        // Examples' private helpers of those names are called from their own files only.
        for number in 0...ValueResolverBounds.callerFiles {
            try tree.write("Vendor/Noise\(number).swift", """
                final class Noise\(number) {
                    func run(list: NSMutableArray) {
                        add(list)
                        store(list)
                        update(list)
                    }
                }
                """)
        }
        let together = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingLines(together).filter { $0.hasPrefix("Examples/") } == alone, "\(together)")
    }

    @Test("a caller search stopped by its bound is a note under --verbose, not a silent gap")
    func callerSearchBoundIsVisible() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Store.swift", """
            import Security

            func store(_ flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }
            """)
        for number in 0...ValueResolverBounds.callerFiles {
            try tree.write("Callers/Caller\(number).swift", "func caller\(number)() { _ = store(.biometryAny) }")
        }
        let quiet = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(!quiet.stdout.contains("search limit"), "\(quiet)")
        let verbose = try tree.run(["scan", "--no-cache", "--no-color", "--verbose"])
        #expect(
            verbose.stdout.contains(
                "Store.swift:4:91: note: search limit: `flags`: more than 64 files may call `store`, so its callers are not followed [unresolved]"),
            "\(verbose)")
    }

    static func writeApp(_ name: String, flags: String, into tree: TempTree) throws {
        try tree.write("\(name)/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "\(name)", platforms: [.iOS(.v16)], targets: [.executableTarget(name: "\(name)")])
            """)
        try tree.write("\(name)/Sources/\(name)/KeychainConfig.swift", """
            import Security

            enum KeychainConfig {
                static let tokenFlags: SecAccessControlCreateFlags = \(flags)
            }
            """)
        try tree.write("\(name)/Sources/\(name)/TokenStore.swift", """
            import Security

            func tokenAccess() -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, KeychainConfig.tokenFlags, nil)
            }
            """)
    }

    @Test("two apps declaring the same constant with different values are each judged by their own")
    func twoApps() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.writeApp("WeakApp", flags: ".biometryAny", into: tree)
        try Self.writeApp("StrongApp", flags: ".biometryCurrentSet", into: tree)
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingPositions(run) == ["WeakApp/Sources/WeakApp/TokenStore.swift:4:91"], "\(run)")
        #expect(
            run.stdoutLines.contains {
                $0.hasPrefix("WeakApp/Sources/WeakApp/TokenStore.swift:4:91: error: \(CLIFixtures.biometryAnyMessage) (via `KeychainConfig.tokenFlags` (KeychainConfig.swift:4))")
            }, "\(run)")
    }

    @Test("an enum case written without its type is looked up in the app's own enums, not a sibling app's")
    func enumCasesPerApp() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        for (name, enumName, flags) in [("WeakApp", "Mode", ".biometryAny"), ("StrongApp", "Policy", ".biometryCurrentSet")] {
            try tree.write("\(name)/Package.swift", """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "\(name)", platforms: [.iOS(.v16)], targets: [.executableTarget(name: "\(name)")])
                """)
            try tree.write("\(name)/Sources/\(name)/\(enumName).swift", """
                import Security

                enum \(enumName) {
                    case strict
                    var flags: SecAccessControlCreateFlags {
                        switch self {
                        case .strict: return \(flags)
                        }
                    }
                }
                """)
            try tree.write("\(name)/Sources/\(name)/TokenStore.swift", """
                import Security

                func tokenAccess(_ mode: \(enumName)) -> SecAccessControl? {
                    SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, mode.flags, nil)
                }
                func start() { _ = tokenAccess(.strict) }
                """)
        }
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingPositions(run) == ["WeakApp/Sources/WeakApp/TokenStore.swift:4:91"], "\(run)")
        #expect(run.stdout.contains("`.biometryAny` accepts biometrics enrolled after the item was created"), "\(run)")
    }

    @Test("a name declared only in a sibling app is a gap under --verbose, never an SDK name or the sibling's value")
    func declaredOnlyInSibling() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.writeApp("WeakApp", flags: ".biometryAny", into: tree)
        try tree.write("WeakApp/Sources/WeakApp/Globals.swift", "import Security\n\nlet sharedFlags: SecAccessControlCreateFlags = .biometryAny\n")
        try tree.write("OtherApp/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "OtherApp", targets: [.executableTarget(name: "OtherApp")])
            """)
        try tree.write("OtherApp/Sources/OtherApp/Store.swift", """
            import Security

            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, sharedFlags, nil)
            """)
        let run = try tree.run(["scan", "--no-cache", "--no-color", "--verbose"])
        #expect(findingPositions(run) == ["WeakApp/Sources/WeakApp/TokenStore.swift:4:91"], "\(run)")
        #expect(
            run.stdoutLines.contains {
                $0.hasPrefix("OtherApp/Sources/OtherApp/Store.swift:3:")
                    && $0.contains("`sharedFlags` is declared only outside this module and the modules it uses")
            }, "\(run)")
    }

    @Test("code no manifest claims sees a package's library when it imports it, not otherwise")
    func looseCodeImportsPackage() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Kit/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
            """)
        try tree.write("Kit/Sources/Kit/KitConfig.swift", """
            import Security

            public enum KitConfig {
                public static let flags: SecAccessControlCreateFlags = .biometryAny
            }
            """)
        let store = """
            import Security

            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, KitConfig.flags, nil)
            """
        try tree.write("App/Store.swift", store)
        let withoutImport = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingPositions(withoutImport) == [], "\(withoutImport)")
        try tree.write("App/Store.swift", "import Kit\n" + store)
        let withImport = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingPositions(withImport) == ["App/Store.swift:4:100"], "\(withImport)")
    }

    /// A library whose function passes its parameter to `SecAccessControlCreateWithFlags`, and a
    /// test target that calls it with `.biometryAny`.
    static func libraryWithTests() throws -> TempTree {
        let tree = try TempTree()
        try tree.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Vault",
                platforms: [.iOS(.v16)],
                targets: [.target(name: "Vault"), .testTarget(name: "VaultTests", dependencies: ["Vault"])]
            )
            """)
        try tree.write("Sources/Vault/AccessControl.swift", """
            import Security

            public func makeAccess(flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }
            """)
        try tree.write("Tests/VaultTests/AccessControlTests.swift", """
            import Security
            @testable import Vault

            func testWeakFlags() {
                _ = makeAccess(flags: .biometryAny)
            }

            func testDirectSink() {
                _ = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
            }
            """)
        return tree
    }

    @Test("a production function given a weak value only by test code yields no production finding")
    func testOnlyCaller() throws {
        let tree = try Self.libraryWithTests()
        defer { tree.remove() }
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingPositions(run) == [], "\(run)")
        #expect(findingPositions(run, rule: "swift.biometric_item_not_device_bound") == [], "\(run)")

        // A production caller with the same value is followed as before.
        try tree.write("Sources/Vault/Setup.swift", """
            func setUp() {
                _ = makeAccess(flags: .biometryAny)
            }
            """)
        let withProductionCaller = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingPositions(withProductionCaller) == ["Sources/Vault/AccessControl.swift:4:91"], "\(withProductionCaller)")
        #expect(
            withProductionCaller.stdoutLines.contains {
                $0.contains("AccessControl.swift:4:91") && $0.contains("Setup.swift:2") && !$0.contains("AccessControlTests.swift")
            }, "\(withProductionCaller)")
    }

    @Test("--include-tests reports the sinks in test code, never a production sink fed only by tests")
    func testOnlyCallerWithIncludeTests() throws {
        let tree = try Self.libraryWithTests()
        defer { tree.remove() }
        let run = try tree.run(["scan", "--no-cache", "--no-color", "--include-tests"])
        #expect(findingPositions(run) == ["Tests/VaultTests/AccessControlTests.swift:9:95"], "\(run)")
    }
}

/// The resolver's search bounds, as the CLI tests need them (the CLI tests do not link the analysis module).
enum ValueResolverBounds {
    /// `ValueResolver.maximumCallerFiles`.
    static let callerFiles = 64
}
