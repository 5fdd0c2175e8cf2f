import KeychainLintAnalysis
import KeychainLintModel
import SwiftParser
import SwiftSyntax
import Testing

@Suite("AccessControlFlagSet validity (SecAccessControl.c)")
struct AccessControlValidityTests {
    private func flags(_ names: [String]) -> AccessControlFlagSet {
        AccessControlFlagSet.interpret(.array(names.map { .member($0, type: nil) }))!
    }

    @Test func acceptedCombinations() {
        for names in [
            ["biometryCurrentSet"], ["biometryAny", "or", "devicePasscode"], ["userPresence", "applicationPassword"],
            ["userPresence", "privateKeyUsage"], ["biometryAny", "touchIDAny"], ["biometryCurrentSet", "and", "devicePasscode"],
            [],
        ] {
            #expect(flags(names).rejectedCombination == nil, "\(names)")
        }
    }

    @Test func rejectedCombinationsNameTheTwoFlags() {
        let cases: [([String], String, String)] = [
            (["biometryCurrentSet", "or", "devicePasscode", "and"], "or", "and"),
            (["touchIDAny", "biometryCurrentSet"], "touchIDAny", "biometryCurrentSet"),
            (["biometryCurrentSet", "privateKeyUsage", "biometryAny"], "biometryCurrentSet", "biometryAny"),
            (["userPresence", "devicePasscode"], "userPresence", "devicePasscode"),
            (["privateKeyUsage", "userPresence", "or"], "userPresence", "or"),
        ]
        for (names, first, second) in cases {
            let rejected = flags(names).rejectedCombination
            #expect(rejected?.first == first && rejected?.second == second, "\(names)")
        }
        // Security checks the biometry pair before `.userPresence`.
        let raw = AccessControlFlagSet.interpret(.rawValue(0b1011, type: nil))!
        #expect(raw.rejectedCombination?.first == "biometryAny")
        #expect(raw.rejectedCombination?.second == "biometryCurrentSet")
        let presence = AccessControlFlagSet.interpret(.rawValue(0b10001, type: nil))!
        #expect(presence.rejectedCombination?.first == "userPresence")
        #expect(presence.rejectedCombination?.second == "devicePasscode")
        let unknownBit = AccessControlFlagSet.interpret(.rawValue(0b101, type: nil))!
        #expect(unknownBit.rejectedCombination?.second == "rawValue bit 2")
    }

    @Test func userAuthenticationConstraints() {
        #expect(flags(["biometryCurrentSet", "privateKeyUsage"]).hasUserAuthenticationConstraint)
        #expect(flags(["devicePasscode"]).hasUserAuthenticationConstraint)
        #expect(flags(["applicationPassword"]).hasUserAuthenticationConstraint)
        #expect(!flags(["privateKeyUsage"]).hasUserAuthenticationConstraint)
        #expect(!flags([]).hasUserAuthenticationConstraint)
        #expect(!flags(["or", "privateKeyUsage"]).hasUserAuthenticationConstraint)
    }
}

@Suite("SyntaxQueries.binding(of:at:)")
struct NameBindingTests {
    final class References: SyntaxVisitor {
        var found: [DeclReferenceExprSyntax] = []
        init() { super.init(viewMode: .sourceAccurate) }
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if node.baseName.text == "access" { found.append(node) }
            return .visitChildren
        }
    }

    @Test func distinguishesVariablesBindingsAndProperties() {
        let tree = Parser.parse(source: """
            final class Store {
                let access = make()
                func a() { use(access) }
                func b() {
                    let access = make()
                    use(access)
                    guard let access = access else { return }
                    use(access)
                    items.map { access in use(access) }
                }
            }
            """)
        let references = References()
        references.walk(tree)
        let kinds = references.found.map { reference -> String in
            switch SyntaxQueries.binding(of: "access", at: reference) {
            case .variable: "variable"
            case .parameter: "parameter"
            case .optionalBinding: "optionalBinding"
            case .opaque: "opaque"
            case .notLocal: "notLocal"
            }
        }
        #expect(kinds == ["notLocal", "variable", "variable", "optionalBinding", "opaque"])
    }
}
