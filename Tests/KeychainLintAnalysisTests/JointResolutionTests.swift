import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// Two arguments of one call resolved together, per instance of `self`: a settings type shared by
/// a key pair's public and private key pairs each instance's protection with its own flags.
@Suite("Resolver: arguments of one call per instance of self")
struct JointResolutionTests {
    /// Finds the arguments of the one `pair(…)` call.
    private final class PairFinder: SyntaxVisitor {
        var arguments: [ExprSyntax] = []
        init() { super.init(viewMode: .sourceAccurate) }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "pair" {
                arguments = node.arguments.map(\.expression)
            }
            return .visitChildren
        }
    }

    /// Each case's values, as `[protection values, flags values]`, or nil when the instances are
    /// not known; with the gaps of every case.
    private static func jointly(_ files: [String: String]) -> (cases: [[[String]]]?, reasons: [String]) {
        let ordered = files.sorted { $0.key < $1.key }
        let index = ProjectIndex(inputs: ordered.map { ProjectIndex.Input(path: $0.key, text: $0.value) })
        let resolver = ValueResolver(index: index)
        for position in ordered.indices where ordered[position].value.contains("pair(") {
            let file = index.file(at: position)
            let finder = PairFinder()
            finder.walk(file.tree)
            let cases = resolver.resolveJointly(finder.arguments, in: file)
            return (cases?.map { $0.map { $0.values.map(\.value.description).sorted() } },
                    cases?.flatMap { $0.flatMap(\.reasons) } ?? [])
        }
        Issue.record("no pair(…) call")
        return (nil, [])
    }

    /// A settings type with two presets; `initializer` is its initializer's declaration.
    private static func keyAccess(
        initializer: String = "init(protection: CFString, flags: SecAccessControlCreateFlags) {", kind: String = "struct",
        flagsHolder: String = "let", method: String = "public func make()", privateProtection: String = "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"
    ) -> String {
        """
        public \(kind) KeyAccess {
            let protection: CFString
            \(flagsHolder) flags: SecAccessControlCreateFlags
            \(initializer)
                self.protection = protection
                self.flags = flags
            }
            public static let publicKey = KeyAccess(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
            public static let privateKey = KeyAccess(protection: \(privateProtection), flags: [.userPresence, .privateKeyUsage])
            \(method) { pair(protection, flags) }
        }
        """
    }

    /// Locals assigned together in each arm of a `switch` or an `if`: one case per arm, never one
    /// arm's protection with another arm's flags; an assignment of the other local that runs
    /// whenever a later arm does replaces the initial value there.
    @Test func localsAssignedTogetherInEachArmPairPerArm() {
        let result = Self.jointly(["Make.swift": """
            func make(level: Int) {
                var protection = kSecAttrAccessibleAfterFirstUnlock
                var flags: SecAccessControlCreateFlags = .privateKeyUsage
                switch level {
                case 1:
                    protection = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                case 2:
                    protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                    if level > 1 { flags = [.biometryCurrentSet, .privateKeyUsage] } else { flags = [.biometryAny, .privateKeyUsage] }
                default:
                    protection = kSecAttrAccessibleAfterFirstUnlock
                }
                pair(protection, flags)
            }
            """])
        let cases = result.cases ?? []
        #expect(!cases.isEmpty, "\(result.reasons)")
        // The biometry flags come only with the protection of their own case; the cases may hold
        // pairs that cannot run (the initial values past a `switch` with a `default`), never one
        // that can and is missing.
        for pair in cases where pair[1].contains(where: { $0.contains("biometry") }) {
            #expect(pair[0] == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"], "\(pair)")
        }
        #expect(cases.contains([["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"], ["[.biometryCurrentSet, .privateKeyUsage]"]]))
        #expect(cases.contains([["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"], [".privateKeyUsage"]]))
        #expect(cases.contains([["kSecAttrAccessibleAfterFirstUnlock"], [".privateKeyUsage"]]))
    }

    /// A local built up in steps (`insert`), or assigned in a loop, is not split by arm.
    @Test func localsChangedOtherwiseAreNotSplit() {
        for change in ["flags.insert(.biometryAny)", "for _ in 0..<2 { flags = .biometryAny }"] {
            let result = Self.jointly(["Make.swift": """
                func make(strict: Bool) {
                    var protection = kSecAttrAccessibleAfterFirstUnlock
                    var flags: SecAccessControlCreateFlags = []
                    if strict {
                        protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                        \(change)
                    }
                    pair(protection, flags)
                }
                """])
            #expect(result.cases == nil, "\(change)")
        }
    }

    @Test func eachInstancePairsItsOwnProtectionAndFlags() {
        let result = Self.jointly(["Lib.swift": Self.keyAccess()])
        #expect(result.cases == [
            [["kSecAttrAccessibleAlwaysThisDeviceOnly"], ["[]"]],
            [["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"], ["[.userPresence, .privateKeyUsage]"]],
        ], "\(result.reasons)")
    }

    /// A method no other module can call runs on the receivers of its calls: on one preset only,
    /// each argument on its own already has that instance's value; on both, each is a case.
    @Test func aMethodNoOtherModuleCallsRunsOnTheReceiversOfItsCalls() {
        let library = Self.keyAccess(method: "func make()", privateProtection: "kSecAttrAccessibleWhenUnlocked")
        #expect(Self.jointly(["Lib.swift": library, "Use.swift": "func start() { KeyAccess.privateKey.make() }"]).cases == nil)
        let result = Self.jointly([
            "Lib.swift": library,
            "Use.swift": "func start() { KeyAccess.privateKey.make(); KeyAccess.publicKey.make() }",
        ])
        #expect(result.cases == [
            [["kSecAttrAccessibleWhenUnlocked"], ["[.userPresence, .privateKeyUsage]"]],
            [["kSecAttrAccessibleAlwaysThisDeviceOnly"], ["[]"]],
        ], "\(result.reasons)")
    }

    /// Code outside the scan may build an instance with any values through a public initializer:
    /// one more case, of gaps, says so.
    @Test func aPublicInitializerAddsAnInstanceOfUnknownValues() {
        let result = Self.jointly(["Lib.swift": Self.keyAccess(initializer: "public init(protection: CFString, flags: SecAccessControlCreateFlags) {")])
        #expect(result.cases?.count == 3)
        #expect(result.cases?.last == [[], []])
        #expect(result.reasons.contains { $0.contains("built outside the scan with `init(protection:flags:)`") }, "\(result.reasons)")
    }

    /// A `var` other code may set, a class that can be subclassed, a delegating initializer: the
    /// instances are not all known, each argument is resolved on its own.
    @Test func instancesNotAllKnownResolveEachOnItsOwn() {
        #expect(Self.jointly(["Lib.swift": Self.keyAccess(flagsHolder: "var")]).cases == nil)
        #expect(Self.jointly(["Lib.swift": Self.keyAccess(flagsHolder: "private(set) var")]).cases?.count == 2)
        #expect(Self.jointly(["Lib.swift": Self.keyAccess(kind: "class")]).cases == nil)
        #expect(Self.jointly(["Lib.swift": Self.keyAccess(kind: "final class")]).cases?.count == 2)
        let delegating = Self.keyAccess() + """

            extension KeyAccess {
                init(legacy: Bool) { self.init(protection: kSecAttrAccessibleAlways, flags: .userPresence) }
            }
            """
        #expect(Self.jointly(["Lib.swift": delegating]).cases == nil)
    }

    /// One argument with one value pairs the same way on every instance: not split.
    @Test func oneValueBesideTheOtherIsNotSplit() {
        let result = Self.jointly(["Lib.swift": Self.keyAccess(privateProtection: "kSecAttrAccessibleAlwaysThisDeviceOnly")])
        #expect(result.cases == nil)
    }

    // MARK: A method judged on its own, on a struct built by its memberwise initializer

    private static let memberwise = """
        public struct KeyAccess {
            let protection: CFString
            let flags: SecAccessControlCreateFlags
            public static let publicKey = KeyAccess(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
            public static let privateKey = KeyAccess(protection: kSecAttrAccessibleWhenUnlocked, flags: .biometryAny)
            public func make() { probe(flags) }
        }
        """

    /// No assignment shows the property's value; the library builds every instance (its
    /// memberwise initializer is at most internal): each preset's value, with its path.
    @Test func theLibrarysOwnConstructionsAreTheInstancesOfAPublicMethod() {
        let resolution = resolveProbe(Self.memberwise)
        #expect(resolution.descriptionSet == ["[]", ".biometryAny"], "\(resolution.reasons)")
        #expect(resolution.trace(of: ".biometryAny") == ["`KeyAccess.flags`", "argument `flags` of the call"])
    }

    /// A method of the type that builds another instance from this one's state (`with(flags:)`):
    /// that construction is not followed into itself; the presets keep their values.
    @Test func aConstructionReadingTheInstancesOwnStateEnds() {
        let library = Self.memberwise.replacingOccurrences(of: "    public func make()", with: """
                public func with(flags: SecAccessControlCreateFlags) -> KeyAccess { KeyAccess(protection: protection, flags: flags) }
                public func copy() -> KeyAccess { KeyAccess(protection: protection, flags: self.flags) }
                public func make()
            """)
        let resolution = resolveProbe(library)
        #expect(resolution.descriptionSet == ["[]", ".biometryAny"], "\(resolution.reasons)")
    }

    /// An initializer other modules can call takes the value: what its callers choose is not
    /// known, and the gap says why.
    @Test func aPublicInitializerTakingTheValueLeavesItUnknown() {
        let library = """
            public struct KeyAccess {
                let protection: CFString
                let flags: SecAccessControlCreateFlags
                public init(protection: CFString, flags: SecAccessControlCreateFlags) {
                    self.protection = protection
                    self.flags = flags
                }
                public func make() { probe(flags) }
            }
            """
        let resolution = resolveProbe(library)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "built outside the scan", "init(protection:flags:)"), "\(resolution.reasons)")
    }

    // MARK: A query built from the instance's state

    private static func itemPolicy(holder: String = "let", access: String = "") -> String {
        """
        \(access)struct ItemPolicy {
            let accessibility: CFString
            \(holder) synchronizable: Bool
            init(accessibility: CFString, synchronizable: Bool) {
                self.accessibility = accessibility
                self.synchronizable = synchronizable
            }
            static let shared = ItemPolicy(accessibility: kSecAttrAccessibleAfterFirstUnlock, synchronizable: true)
            static let local = ItemPolicy(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, synchronizable: false)
            \(access)func save(_ data: Data) {
                let query: [String: Any] = [kSecAttrAccessible as String: accessibility, kSecAttrSynchronizable as String: synchronizable]
                probe(query)
            }
        }
        func store(_ data: Data) { ItemPolicy.shared.save(data); ItemPolicy.local.save(data) }
        """
    }

    /// Each query's accessibility and synchronizable, as `accessibility|synchronizable`.
    private static func queryPairs(_ source: String) -> [String] {
        let probed = ProbedFile(source)
        return probed.resolver.queries(probed.probes[0], in: probed.file).queries.map { query in
            "\(query.value("kSecAttrAccessible").map { "\($0)" } ?? "-")|\(query.value("kSecAttrSynchronizable").map { "\($0)" } ?? "-")"
        }.sorted()
    }

    /// A query a method builds from two properties holds one instance's entries, never a pair of
    /// two instances' (the local policy's ThisDeviceOnly with the shared policy's `true`).
    @Test func aQueryBuiltFromTwoPropertiesIsResolvedPerInstance() {
        #expect(Self.queryPairs(Self.itemPolicy()) == [
            "kSecAttrAccessibleAfterFirstUnlock|true", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly|false",
        ])
    }

    /// A public method on a type with a `var` other code may set: the instances are not all
    /// known, every combination stays; with a `let`, each of the type's instances is one query.
    @Test func aQueryFromStateOtherCodeMaySetKeepsEveryCombination() {
        #expect(Self.queryPairs(Self.itemPolicy(holder: "public var", access: "public ")).count == 4)
        #expect(Self.queryPairs(Self.itemPolicy(access: "public ")).count == 2)
    }
}
