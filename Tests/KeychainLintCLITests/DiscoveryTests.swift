import Foundation
import Testing

/// Which files `scan` reads: vendored folders, `--include-vendored`, explicit files.
@Suite("scan: file discovery")
struct DiscoveryTests {
    static let weakCall =
        "let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)\n"

    /// App/ plus one weak file in each vendored folder.
    func vendoredTree() throws -> TempTree {
        let tree = try TempTree()
        for path in [
            "App/Store.swift", "Pods/Lib/Pod.swift", "Carthage/Checkouts/Lib/Carthage.swift",
            "node_modules/pkg/Node.swift", ".build/checkouts/dep/Build.swift", "DerivedData/App/Derived.swift",
            ".swiftpm/x/SwiftPM.swift",
        ] {
            try tree.write(path, Self.weakCall)
        }
        return tree
    }

    @Test("vendored folders are skipped by default")
    func vendoredSkipped() throws {
        let tree = try vendoredTree()
        defer { tree.remove() }

        let run = try tree.run(["scan"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["App/Store.swift:1:100"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 1, "1 finding (1 high)") } == true, "\(run)")
    }

    @Test("--include-vendored brings Pods, Carthage, node_modules, DerivedData and .swiftpm back (not .build)")
    func includeVendored() throws {
        let tree = try vendoredTree()
        defer { tree.remove() }

        let run = try tree.run(["scan", "--include-vendored"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == [
            ".swiftpm/x/SwiftPM.swift:1:100",
            "App/Store.swift:1:100",
            "Carthage/Checkouts/Lib/Carthage.swift:1:100",
            "DerivedData/App/Derived.swift:1:100",
            "Pods/Lib/Pod.swift:1:100",
            "node_modules/pkg/Node.swift:1:100",
        ], "\(run)")
    }

    @Test("a vendored folder named explicitly is scanned")
    func explicitVendoredFolder() throws {
        let tree = try vendoredTree()
        defer { tree.remove() }

        let run = try tree.run(["scan", "Pods"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["Pods/Lib/Pod.swift:1:100"], "\(run)")
    }

    @Test("an explicit single file is scanned alone")
    func explicitFile() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "TokenStore.swift"])

        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run) == [ScanTextTests.tokenStoreFinding], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 1, "1 finding (1 high), 1 suppressed") } == true, "\(run)")
    }

    @Test("explicit files from several folders, with ./ prefixes, duplicates counted once")
    func explicitFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.copyFixture("weak-app", into: "A")
        try tree.copyFixture("secure-app", into: "B")

        let run = try tree.run(["scan", "./A/TokenStore.swift", "B/SecureStore.swift", "A/TokenStore.swift"])

        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run) == ["A/TokenStore.swift:7:95"], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 2, "1 finding (1 high), 1 suppressed") } == true, "\(run)")
    }

    @Test("files that are neither Swift nor Objective-C are ignored, given explicitly or met in folders")
    func nonSourceFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("notes.txt", Self.weakCall)
        try tree.write("Store.swift.orig", Self.weakCall)
        try tree.write("Store.m.orig", Self.objcWeakCall)

        // A folder without a source file is said to be one (exit 2); a file given by name is
        // the caller's choice (a pre-commit hook passes whatever changed).
        let folder = try tree.run(["scan"])
        #expect(folder.status == 2, "\(folder)")
        #expect(folder.stderrLines == ["keychain-lint: error: no Swift or Objective-C source file to scan in '.'"], "\(folder)")

        let explicit = try tree.run(["scan", "notes.txt"])
        #expect(explicit.status == 0, "\(explicit)")
        #expect(explicit.stdoutLines.last.map { isSummary($0, files: 0, "no findings") } == true, "\(explicit)")
    }

    static let objcWeakCall = """
        SecAccessControlRef makeAccess(void) {
            return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryAny, NULL);
        }

        """

    @Test("Objective-C files (.m, .mm, .h) are found in folders and scanned when given explicitly; vendored ones are skipped")
    func objectiveCFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Sources/Store.m", Self.objcWeakCall)
        try tree.write("Sources/Bridge.mm", Self.objcWeakCall)
        try tree.write("Sources/Store.h", "@interface Store : NSObject\n@end\n")
        try tree.write("Pods/Lib/Lib.m", Self.objcWeakCall)

        let folder = try tree.run(["scan", "--format", "json"])
        #expect(folder.status == 1, "\(folder)")
        let ids = folder.stdout.components(separatedBy: "\"ruleId\" : \"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(ids == ["objc.weak_biometric_acl", "objc.weak_biometric_acl"], "\(folder)")
        #expect(folder.stdout.contains("Sources/Bridge.mm") && folder.stdout.contains("Sources/Store.m"), "\(folder)")
        #expect(!folder.stdout.contains("Pods/"), "\(folder)")

        let explicit = try tree.run(["scan", "Sources/Store.m"])
        #expect(explicit.status == 1, "\(explicit)")
        #expect(explicit.stdout.contains("Sources/Store.m:2:99: error: Weak biometric access control: `kSecAccessControlBiometryAny`"), "\(explicit)")
        #expect(explicit.stdoutLines.last.map { isSummary($0, files: 1, "1 finding (1 high)") } == true, "\(explicit)")
    }
}
