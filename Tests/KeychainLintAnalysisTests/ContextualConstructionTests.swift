import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// Constructions that do not name their type in the callee (`.init(…)` in a typed context,
/// `Self(…)`, `Type.init(…)`, a factory returning one): found by the search for an initializer's
/// callers and among the instances of a type, each with its own values.
@Suite("Resolver: constructions written .init(…), Self(…) and Type.init(…)")
struct ContextualConstructionTests {
    /// A settings type whose initializer reads its `flags` parameter.
    private static func flagsHolder(_ presets: String) -> String {
        """
        struct Guard {
            let flags: SecAccessControlCreateFlags
            init(flags: SecAccessControlCreateFlags) {
                probe(flags)
                self.flags = flags
            }
        \(presets)
        }
        """
    }

    @Test func anInitializersCallersIncludeTypedDotInitSelfAndTypeInit() {
        let resolution = resolveProbe(Self.flagsHolder("""
                static let a: Guard = .init(flags: .biometryAny)
                static let b: Self = .init(flags: .userPresence)
                static let c = Self(flags: .devicePasscode)
                static let d = Guard.init(flags: .biometryCurrentSet)
                static var e: Guard { .init(flags: .touchIDAny) }
                static func f() -> Self { return .init(flags: .watch) }
                static func g(access: Guard? = .init(flags: .or)) {}
                static let h = Pair(first: .init(flags: .and))
            }
            struct Pair {
                let first: Guard
            """))
        #expect(resolution.descriptionSet == [
            ".biometryAny", ".userPresence", ".devicePasscode", ".biometryCurrentSet", ".touchIDAny", ".watch", ".or", ".and",
        ], "\(resolution.reasons)")
        #expect(!resolution.hasGap(mentioning: "context does not write the type"), "\(resolution.reasons)")
    }

    /// A `.init(…)` whose type the context does not write (an argument of a method called on an
    /// instance) is not followed; the gap says it may run the initializer.
    @Test func aDotInitWithoutWrittenTypeIsAGap() {
        let resolution = resolveProbe([
            "A.swift": Self.flagsHolder("    static let a = Guard(flags: .biometryCurrentSet)"),
            "B.swift": """
                final class Vault { func keep(_ guard: Guard) {} }
                func setUp(vault: Vault) { vault.keep(.init(flags: .biometryAny)) }
                """,
        ])
        #expect(resolution.descriptions == [".biometryCurrentSet"], "\(resolution.reasons)")
        #expect(resolution.hasGap(mentioning: "`.init(…)` at B.swift:2", "`Guard`", "context does not write the type"), "\(resolution.reasons)")
        // Nor is a value assigned to a variable of the type.
        let assigned = resolveProbe([
            "A.swift": Self.flagsHolder("    static let a = Guard(flags: .biometryCurrentSet)"),
            "B.swift": """
                var current = Guard.a
                func reset() { current = .init(flags: .biometryAny) }
                """,
        ])
        #expect(assigned.descriptions == [".biometryCurrentSet"], "\(assigned.reasons)")
        #expect(assigned.hasGap(mentioning: "`.init(…)` at B.swift:2"), "\(assigned.reasons)")
    }

    /// `.init(…)` in a protocol extension builds whichever type conforms: not this one's.
    @Test func selfInAProtocolExtensionIsNoConstructionOfTheType() {
        let resolution = resolveProbe([
            "A.swift": Self.flagsHolder("    static let a = Guard(flags: .biometryCurrentSet)"),
            "B.swift": """
                protocol Preset { init(flags: SecAccessControlCreateFlags) }
                extension Preset { static var loose: Self { Self(flags: .biometryAny) } }
                extension Guard: Preset {}
                """,
        ])
        #expect(resolution.descriptions == [".biometryCurrentSet"], "\(resolution.reasons)")
    }

    // MARK: Instances

    private static func keyAccess(presets: String, initializer: String = "") -> String {
        """
        public struct KeyAccess {
            let protection: CFString
            let flags: SecAccessControlCreateFlags
        \(initializer)
        \(presets)
            public func make() { pair(protection, flags) }
        }
        """
    }

    /// Finds the arguments of the one `pair(…)` call.
    private final class PairFinder: SyntaxVisitor {
        var arguments: [ExprSyntax] = []
        init() { super.init(viewMode: .sourceAccurate) }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "pair" { arguments = node.arguments.map(\.expression) }
            return .visitChildren
        }
    }

    private static func jointly(_ files: [String: String]) -> (cases: [[[String]]]?, reasons: [String]) {
        let ordered = files.sorted { $0.key < $1.key }
        let index = ProjectIndex(inputs: ordered.map { ProjectIndex.Input(path: $0.key, text: $0.value) })
        let resolver = ValueResolver(index: index)
        for position in ordered.indices where ordered[position].value.contains("pair(") {
            let file = index.file(at: position)
            let finder = PairFinder()
            finder.walk(file.tree)
            let cases = resolver.resolveJointly(finder.arguments, in: file)
            return (cases?.map { $0.map { $0.values.map(\.value.description).sorted() } }, cases?.flatMap { $0.flatMap(\.reasons) } ?? [])
        }
        Issue.record("no pair(…) call")
        return (nil, [])
    }

    /// Presets written `.init(…)` with a typed binding and `Self(…)` are the type's instances,
    /// each paired with its own values.
    @Test func presetsWrittenDotInitAndSelfArePairedPerInstance() {
        let result = Self.jointly(["Lib.swift": Self.keyAccess(presets: """
                public static let publicKey: KeyAccess = .init(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                public static let privateKey = Self(protection: kSecAttrAccessibleWhenUnlocked, flags: .biometryAny)
            """)])
        #expect(result.cases == [
            [["kSecAttrAccessibleAlwaysThisDeviceOnly"], ["[]"]],
            [["kSecAttrAccessibleWhenUnlocked"], [".biometryAny"]],
        ], "\(result.reasons)")
    }

    /// An instance built by a `.init(…)` whose type the context does not write is one more case,
    /// of gaps, beside the known instances.
    @Test func aDotInitWithoutWrittenTypeIsAnUnknownInstance() {
        let result = Self.jointly([
            "Lib.swift": Self.keyAccess(presets: """
                    static let publicKey: KeyAccess = .init(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                    static let privateKey: Self = .init(protection: kSecAttrAccessibleWhenUnlocked, flags: .biometryAny)
                """),
            "Use.swift": """
                final class Vault { func keep(_ access: KeyAccess) {} }
                func setUp(vault: Vault) { vault.keep(.init(protection: kSecAttrAccessibleAlways, flags: .userPresence)) }
                """,
        ])
        #expect(result.cases?.count == 3)
        #expect(result.cases?.last == [[], []])
        #expect(result.reasons.contains { $0.contains("`.init(…)` at Use.swift:2 may build an instance of `KeyAccess` that `make()` may run on") },
                "\(result.reasons)")
        // A `.init(…)` whose labels no initializer of the type accepts is another type's.
        let other = Self.jointly([
            "Lib.swift": Self.keyAccess(presets: """
                    static let publicKey: KeyAccess = .init(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                    static let privateKey: Self = .init(protection: kSecAttrAccessibleWhenUnlocked, flags: .biometryAny)
                """),
            "Use.swift": """
                final class Vault { func keep(_ access: KeyAccess, _ mode: Mode) {} }
                func setUp(vault: Vault) { vault.keep(.publicKey, .init(rawValue: 1)) }
                """,
        ])
        #expect(other.cases?.count == 2, "\(other.reasons)")
    }

    /// A method run on a receiver built by a factory (`static var`, `static func` returning one
    /// construction) or passed as an argument written `.init(…)` has that instance's values only.
    @Test func receiversFromFactoriesAndTypedArgumentsKeepTheirOwnValues() {
        let library = """
            struct KeyAccess {
                let flags: SecAccessControlCreateFlags
                init(flags: SecAccessControlCreateFlags) { self.flags = flags }
                static var legacy: Self { .init(flags: .userPresence) }
                static func strict() -> KeyAccess { .init(flags: .biometryCurrentSet) }
                func make() { probe(flags) }
            }
            struct Pair {
                let publicKey: KeyAccess
                let privateKey: KeyAccess
            }
            """
        let viaFactories = resolveProbe(["Lib.swift": library, "Use.swift": "func start() { KeyAccess.legacy.make(); KeyAccess.strict().make() }"])
        #expect(viaFactories.descriptionSet == [".userPresence", ".biometryCurrentSet"], "\(viaFactories.reasons)")
        let viaArgument = resolveProbe([
            "Lib.swift": library + """

                let keys = Pair(publicKey: .init(flags: []), privateKey: .init(flags: .biometryAny))
                func other() { _ = KeyAccess(flags: .devicePasscode) }
                """,
            "Use.swift": "func start() { keys.privateKey.make() }",
        ])
        #expect(viaArgument.descriptions == [".biometryAny"], "\(viaArgument.reasons)")
        #expect(viaArgument.trace(of: ".biometryAny")?.contains("argument `privateKey` of the call") == true)
    }
}
