import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// Branches that cannot run give no value: an `if` over a Bool, a ternary or a `switch` over an
/// enum case, when what reaches the tested name is known (the call being evaluated binds it, or
/// every caller of a function no other module can call passes a known value).
@Suite("Resolver: branches decided by what reaches them")
struct BranchFeasibilityTests {
    private static let chooser = """
        ACCESS func protection(strict: Bool) -> CFString {
            if strict {
                return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            } else {
                return kSecAttrAccessibleAlways
            }
        }
        """

    @Test("a function's return under `if` follows the argument the call passes")
    func returnUnderIfFollowsArgument() {
        let chooser = Self.chooser.replacingOccurrences(of: "ACCESS ", with: "")
        #expect(resolveProbe(chooser + "\nfunc save() { probe(protection(strict: true)) }").descriptions
            == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
        let relaxed = resolveProbe(chooser + "\nfunc save() { probe(protection(strict: false)) }")
        #expect(relaxed.descriptions == ["kSecAttrAccessibleAlways"])
        #expect(relaxed.trace(of: "kSecAttrAccessibleAlways") == ["`protection()`", "else of `strict`"])
    }

    @Test("a negated condition and a ternary are decided the same way")
    func negationAndTernary() {
        let source = """
            func protection(strict: Bool) -> CFString {
                if !strict { return kSecAttrAccessibleAlways }
                return strict ? kSecAttrAccessibleWhenUnlocked : kSecAttrAccessibleAfterFirstUnlock
            }
            func save() { probe(protection(strict: true)) }
            """
        #expect(resolveProbe(source).descriptions == ["kSecAttrAccessibleWhenUnlocked"])
    }

    @Test("an argument the resolver cannot know keeps every branch")
    func unknownArgumentKeepsBranches() {
        let chooser = Self.chooser.replacingOccurrences(of: "ACCESS ", with: "")
        let source = chooser + "\nfunc save(_ flag: Bool) { probe(protection(strict: UserDefaults.standard.bool(forKey: \"s\"))) }"
        #expect(resolveProbe(source).descriptionSet == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly", "kSecAttrAccessibleAlways"])
    }

    private static let optionalFlags = """
        func accessFlags(extra: SecAccessControlCreateFlags?) -> SecAccessControlCreateFlags {
            BODY
        }
        """

    @Test("a test for nil and an optional binding are decided by what the callers pass")
    func nilTestsFollowTheCallers() {
        let bodies = [
            "extra == nil ? .privateKeyUsage : SecAccessControlCreateFlags.privateKeyUsage.union(extra!)",
            "if extra != nil { return SecAccessControlCreateFlags.privateKeyUsage.union(extra!) }\n    return .privateKeyUsage",
            "var flags: SecAccessControlCreateFlags = .privateKeyUsage\n    if let extra { flags.formUnion(extra) }\n    return flags",
            "if let more = extra { return SecAccessControlCreateFlags.privateKeyUsage.union(more) }\n    return .privateKeyUsage",
        ]
        for body in bodies {
            let function = Self.optionalFlags.replacingOccurrences(of: "BODY", with: body)
            let strict = resolveProbe(function + "\nfunc save() { probe(accessFlags(extra: .biometryCurrentSet)) }")
            #expect(!strict.descriptionSet.contains(".privateKeyUsage"), "\(body): \(strict.descriptions)")
            #expect(strict.gaps.isEmpty, "\(body): \(strict.reasons)")
            // A caller passing nil, or one the resolver cannot know, keeps the other branch.
            let open = resolveProbe(function + "\nfunc save() { probe(accessFlags(extra: nil)) }")
            #expect(open.descriptionSet.contains(".privateKeyUsage"), "\(body): \(open.descriptions)")
            let unknown = resolveProbe(function + "\nfunc save() { probe(accessFlags(extra: Policy.current.flags())) }")
            #expect(unknown.descriptionSet.contains(".privateKeyUsage"), "\(body): \(unknown.descriptions)")
        }
    }

    @Test("an early return or a guard decided by what the callers pass ends the paths after it")
    func earlyExitEndsLaterPaths() {
        let early = """
            func protection(strict: Bool) -> CFString {
                if strict { return kSecAttrAccessibleWhenUnlockedThisDeviceOnly }
                return kSecAttrAccessibleAlways
            }
            """
        #expect(resolveProbe(early + "\nfunc save() { probe(protection(strict: true)) }").descriptions == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
        #expect(resolveProbe(early + "\nfunc save() { probe(protection(strict: false)) }").descriptions == ["kSecAttrAccessibleAlways"])
        let guarded = """
            func protection(extra: SecAccessControlCreateFlags?) throws -> SecAccessControlCreateFlags {
                guard let extra else { return .privateKeyUsage }
                return SecAccessControlCreateFlags.privateKeyUsage.union(extra)
            }
            """
        let strict = resolveProbe(guarded + "\nfunc save() { probe(try protection(extra: .biometryCurrentSet)) }")
        #expect(!strict.descriptionSet.contains(".privateKeyUsage"), "\(strict.descriptions)")
        let open = resolveProbe(guarded + "\nfunc save() { probe(try protection(extra: nil)) }")
        #expect(open.descriptionSet == [".privateKeyUsage"], "\(open.descriptions)")
    }

    @Test("an optional stored property of a public type keeps both branches: other modules build instances too")
    func publicTypesOptionalPropertyKeepsBothBranches() {
        let store = """
            ACCESS final class Store {
                let password: String?
                ACCESS init(password: String? = nil) { self.password = password }
                func protection() -> CFString {
                    if let value = password { return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly }
                    return kSecAttrAccessibleAfterFirstUnlock
                }
            }
            func save() { probe(Store(password: "x").protection()) }
            """
        let open = resolveProbe(store.replacingOccurrences(of: "ACCESS ", with: "public "))
        #expect(open.descriptionSet == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly", "kSecAttrAccessibleAfterFirstUnlock"], "\(open.descriptions)")
        let closed = resolveProbe(store.replacingOccurrences(of: "ACCESS ", with: ""))
        #expect(closed.descriptionSet == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"], "\(closed.descriptions)")
    }

    @Test("a cast, a try? or optional chaining may give nil of its own: such a test stays undecided")
    func castsAndTryQuestionKeepBothBranches() {
        for binding in ["let flags = extra as? SecAccessControlCreateFlags", "let flags = try? check(extra)"] {
            let source = """
                func check(_ value: Any) throws -> SecAccessControlCreateFlags {
                    if value is Int { throw CancellationError() }
                    return .biometryCurrentSet
                }
                func accessFlags(extra: Any) -> SecAccessControlCreateFlags {
                    if \(binding) { return SecAccessControlCreateFlags.privateKeyUsage.union(flags) }
                    return .privateKeyUsage
                }
                func save() { probe(accessFlags(extra: 4)) }
                """
            #expect(resolveProbe(source).descriptionSet.contains(".privateKeyUsage"), "\(binding)")
        }
    }

    @Test("a case's associated value tested for nil follows the case built by the caller")
    func casePayloadNilTest() {
        let source = """
            enum Item { case key(tag: String, access: SecAccessControlCreateFlags?) }
            func flags(for item: Item) -> SecAccessControlCreateFlags {
                switch item {
                case let .key(_, access):
                    return access == nil ? .privateKeyUsage : SecAccessControlCreateFlags.privateKeyUsage.union(access!)
                }
            }
            func save() { probe(flags(for: .key(tag: "t", access: .biometryCurrentSet))) }
            """
        #expect(!resolveProbe(source).descriptionSet.contains(".privateKeyUsage"))
    }

    private static let mapping = """
        enum Protection { case always, whenUnlocked }
        final class Store {
            ACCESS func set(_ protection: Protection) {
                var accessible: CFString
                switch protection {
                case .always: accessible = kSecAttrAccessibleAlways
                case .whenUnlocked: accessible = kSecAttrAccessibleWhenUnlocked
                }
                probe(accessible)
            }
        }
        """

    @Test("a local assigned in a switch over a parameter: only the cases the callers pass")
    func switchOverParameterFollowsCallers() {
        let mapping = Self.mapping.replacingOccurrences(of: "ACCESS ", with: "")
        let whenUnlocked = resolveProbe([
            "Store.swift": mapping,
            "App.swift": "func go(store: Store) { store.set(.whenUnlocked) }",
        ])
        #expect(whenUnlocked.descriptions == ["kSecAttrAccessibleWhenUnlocked"])
        let both = resolveProbe([
            "Store.swift": mapping,
            "App.swift": "func go(store: Store) { store.set(.whenUnlocked) }\nfunc legacy(store: Store) { store.set(.always) }",
        ])
        #expect(both.descriptionSet == ["kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAlways"])
    }

    @Test("with no caller in the scan, or a caller passing an unknown value, every case stays possible")
    func noCallerKeepsEveryCase() {
        let mapping = Self.mapping.replacingOccurrences(of: "ACCESS ", with: "")
        #expect(resolveProbe(["Store.swift": mapping]).descriptionSet == ["kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAlways"])
        let unknown = resolveProbe([
            "Store.swift": mapping,
            "App.swift": "func go(store: Store, p: Protection) { store.set(.whenUnlocked) }\nfunc other(store: Store, p: Protection) { store.set(p) }",
        ])
        #expect(unknown.descriptionSet == ["kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAlways"])
    }

    @Test("a public function's callers are not all in the scan: every case stays possible")
    func publicFunctionKeepsEveryCase() {
        for access in ["public ", "open "] {
            let mapping = Self.mapping.replacingOccurrences(of: "ACCESS ", with: access)
            let result = resolveProbe([
                "Store.swift": mapping,
                "App.swift": "func go(store: Store) { store.set(.whenUnlocked) }",
            ])
            #expect(result.descriptionSet == ["kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAlways"])
        }
        let inPublicExtension = resolveProbe([
            "Store.swift": Self.mapping.replacingOccurrences(of: "ACCESS ", with: "")
                .replacingOccurrences(of: "final class Store {", with: "final class Store {}\npublic extension Store {"),
            "App.swift": "func go(store: Store) { store.set(.whenUnlocked) }",
        ])
        #expect(inPublicExtension.descriptionSet == ["kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAlways"])
    }

    @Test("an if over a Bool parameter at the use follows the callers too")
    func ifOverParameterAtUse() {
        let source = """
            func save(strict: Bool) {
                var accessible = kSecAttrAccessibleWhenUnlocked
                if !strict { accessible = kSecAttrAccessibleAlways }
                probe(accessible)
            }
            func go() { save(strict: true) }
            """
        #expect(resolveProbe(source).descriptions == ["kSecAttrAccessibleWhenUnlocked"])
    }

    @Test("a convenience overload passing its parameter on: the call runs the overload its argument's type picks")
    func overloadPassingItsParameterOn() {
        let vault = """
            final class Vault {
                func store(_ text: String, key: String, background: Bool = false) {
                    store(Data(text.utf8), key: key, background: background)
                }
                func store(_ data: Data, key: String, background: Bool = false) {
                    probe(background ? kSecAttrAccessibleAlways : kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
                }
            }
            """
        // `store(Data(…), …)` inside the `String` overload runs the `Data` one; read as a call of
        // the `String` overload too, it made that function its own caller, and the cycle kept the
        // branch no caller takes.
        let unused = resolveProbe(vault + "\nfunc save(_ token: String) { Vault().store(token, key: \"login\") }")
        #expect(unused.descriptions == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
        let taken = resolveProbe(vault + "\nfunc save(_ token: String) { Vault().store(token, key: \"widget\", background: true) }")
        #expect(taken.descriptionSet == ["kSecAttrAccessibleAlways"])
        // An argument whose type is not evident (a value of a function outside the scan) may run
        // either overload: every call stays.
        let unknown = resolveProbe(vault + "\nfunc save() { Vault().store(loadToken(), key: \"login\", background: true) }\nfunc other() { Vault().store(\"x\", key: \"k\") }")
        #expect(unknown.descriptionSet == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
    }

    /// A public factory of a framework, whose flags gain a user constraint only when asked, and
    /// the app's one call, which does not ask: in `Kit/KeyFactory.swift` and `App/Keys.swift`.
    private static let keyFactory = (
        kit: """
            import Security
            public enum KeyFactory {
                public static func make(tag: String, askUser: Bool = false) -> SecAccessControl? {
                    var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
                    if askUser {
                        flags.insert(.userPresence)
                    }
                    return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, probe(flags), nil)
                }
            }
            """,
        app: """
            import Kit
            func addDeviceKey() { _ = KeyFactory.make(tag: "device") }
            """
    )

    /// Resolves the factory's probe with `Kit` built as `kit` (kind, and whether an Xcode project
    /// declares it) and linked by an application of `appRole`; with `testedToo`, a unit-test bundle
    /// compiles the factory's file as well.
    private static func resolveKeyFactory(kit: ModuleKind, xcode: Bool, appRole: ModuleRole, testedToo: Bool = false) throws -> Resolution {
        let paths = ["App/Keys.swift", "Kit/KeyFactory.swift"]
        let index = ProjectIndex(inputs: [
            ProjectIndex.Input(path: paths[0], text: keyFactory.app),
            ProjectIndex.Input(path: paths[1], text: keyFactory.kit),
        ])
        func target(_ type: String) -> XcodeTarget? {
            xcode ? XcodeTarget(projectFile: "App.xcodeproj/project.pbxproj", projectDirectory: "", productType: type, configurations: [], listsNoSources: false) : nil
        }
        let manifest = xcode ? "App.xcodeproj/project.pbxproj" : "Package.swift"
        var modules = [
            Module(name: "App", kind: xcode ? .application : .packageExecutable, role: appRole, platforms: [.iOS], manifest: manifest,
                dependencies: [1], xcode: target("com.apple.product-type.application")),
            Module(name: "Kit", kind: kit, role: .library, platforms: [.iOS], manifest: manifest,
                xcode: target("com.apple.product-type.framework")),
        ]
        if testedToo {
            modules.append(Module(name: "KitTests", kind: .unitTestBundle, role: .test, platforms: [.iOS], manifest: manifest,
                dependencies: [1], xcode: target("com.apple.product-type.bundle.unit-test")))
        }
        let model = ProjectModel(
            modules: modules, fileModules: [paths[0]: [0], paths[1]: testedToo ? [1, 2] : [1]], diagnostics: [])
        index.scope = ModuleScope(model: model, paths: paths, imports: { $0 == 0 ? ["Kit"] : ["Security"] })
        let file = index.file(at: 1)
        let probe = try #require(file.tree.tokens(viewMode: .sourceAccurate).first { $0.text == "probe" }?
            .parent?.as(DeclReferenceExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)?.arguments.first?.expression)
        return ValueResolver(index: index).resolve(probe, in: file)
    }

    @Test("a public function of a framework that only the scan's app links: its branches follow the app's calls")
    func frameworkOfTheAppFollowsItsCallers() throws {
        let closed = try Self.resolveKeyFactory(kit: .framework, xcode: true, appRole: .app)
        #expect(closed.descriptions == ["[.privateKeyUsage]"])
        // The same for a static library the app links.
        let staticLibrary = try Self.resolveKeyFactory(kit: .staticLibrary, xcode: true, appRole: .app)
        #expect(staticLibrary.descriptions == ["[.privateKeyUsage]"])
        // A test bundle that compiles the framework's file too is in the scan: still closed.
        let tested = try Self.resolveKeyFactory(kit: .framework, xcode: true, appRole: .app, testedToo: true)
        #expect(tested.descriptions == ["[.privateKeyUsage]"])
    }

    @Test("a framework a sample app shows off, or a package's library target, is offered to other code: every branch stays")
    func libraryWithSampleKeepsEveryBranch() throws {
        let sample = try Self.resolveKeyFactory(kit: .framework, xcode: true, appRole: .sample)
        #expect(sample.descriptionSet == ["[.privateKeyUsage]", "[.privateKeyUsage, .userPresence]"])
        let package = try Self.resolveKeyFactory(kit: .packageTarget, xcode: false, appRole: .app)
        #expect(package.descriptionSet == ["[.privateKeyUsage]", "[.privateKeyUsage, .userPresence]"])
    }

    /// A wrapper that maps its own option, kept in a stored property, to an accessibility;
    /// `ACCESS` is the property's access, `EXTRA` a member that may assign it.
    private static let storedOption = """
        PUBLIC enum Protection { case whenUnlocked, afterFirstUnlock, always }
        PUBLIC final class Vault {
            ACCESS var protection = Protection.afterFirstUnlock
            EXTRA
            var accessible: CFString {
                switch SUBJECT {
                case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
                case .afterFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock
                case .always: return kSecAttrAccessibleAlways
                }
            }
            func save() { probe(accessible) }
        }
        """

    private static func storedOption(access: String, extra: String = "", subject: String = "protection", isPublic: Bool = false) -> String {
        storedOption.replacingOccurrences(of: "ACCESS ", with: access).replacingOccurrences(of: "EXTRA", with: extra)
            .replacingOccurrences(of: "SUBJECT", with: subject).replacingOccurrences(of: "PUBLIC ", with: isPublic ? "public " : "")
    }

    @Test("a switch over a stored property only the initial value sets runs only that case")
    func switchOverStoredProperty() {
        #expect(resolveProbe(Self.storedOption(access: "private ")).descriptions == ["kSecAttrAccessibleAfterFirstUnlock"])
        #expect(resolveProbe(Self.storedOption(access: "", subject: "self.protection")).descriptions == ["kSecAttrAccessibleAfterFirstUnlock"])
        let relaxed = resolveProbe(Self.storedOption(access: "private ", extra: "func relax() { protection = .always }"))
        #expect(relaxed.descriptionSet == ["kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleAlways"])
    }

    @Test("a stored property a library's users may set keeps every case; one they can only read is decided")
    func publicStoredPropertyKeepsEveryCase() {
        let settable = resolveProbe(Self.storedOption(access: "public ", isPublic: true))
        #expect(settable.descriptionSet == ["kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleAlways"])
        let readOnly = resolveProbe(Self.storedOption(access: "public private(set) ", isPublic: true))
        #expect(readOnly.descriptions == ["kSecAttrAccessibleAfterFirstUnlock"])
    }
}
