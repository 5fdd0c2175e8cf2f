import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.key_without_user_authentication` on calls of modelled wrapper libraries:
/// EllipticCurveKeyPair creates a permanent private key (in the Secure Enclave with
/// `token: .secureEnclave`) from the `AccessControl(protection:flags:)` given to
/// `Config(privateKeyAccessControl:)`; flags with no user-authentication constraint (`[]`,
/// `.privateKeyUsage`) leave the key usable by any code in the app.
extension KeyWithoutUserAuthenticationRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.privateKey])

    /// With the calls of models the configuration declares too.
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] {
        WrapperInterests.replacingBuiltIn(in: swiftInterests, roles: [.privateKey], models: models)
    }

    func checkWrapper(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let call) = input, let site = WrapperCallSite.match(call, in: context),
            let (argument, expression) = site.argument(for: .privateKey), case .label(let label) = argument.place
        else { return }
        let library = site.model.library
        context.reportFirstJudged(
            context.resolve(expression), at: expression, asking: "private key access control given to \(library)",
            othersToo: .init(one: "has none too", many: "have none too")
        ) { value in
            // `EllipticCurveKeyPair.AccessControl(protection:flags:)`, `AccessControl(…)`, `.init(…)`.
            guard case .call(let call) = value, call.name == "AccessControl" || call.name == "init",
                let flagsValue = call.argument(labeled: "flags"), let flags = AccessControlFlagSet.interpret(flagsValue),
                !flags.hasUserAuthenticationConstraint, flags.rejectedCombination == nil
            else { return nil }
            return Self.wrapperMessage(label: label, library: library, flags: KeyWithoutUserAuthenticationJudgement.spelled(flags))
        }
    }

    static func wrapperMessage(label: String, library: String, flags: String) -> String {
        "Private key created by \(library) is usable without the user: `\(label):` has flags `\(flags)`, no biometry or passcode constraint, so any code running in the app can use the key without Face ID, Touch ID or the passcode"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: the `AccessControl(protection:flags:)` given to EllipticCurveKeyPair's `Config(privateKeyAccessControl:)` configures the permanent private key the library creates; flags with no user-authentication constraint are reported there (with empty flags the library stores the key with a plain accessibility). The public key's access control is not judged (a public key is no secret)."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension KeyWithoutUserAuthenticationRule {
    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "EllipticCurveKeyPair: the private key's access control without a user constraint, written there and through a constant",
            """
            import EllipticCurveKeyPair

            enum Keys {
                static let silent = EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags: [.privateKeyUsage])
                static let signing = EllipticCurveKeyPair.Manager(config: EllipticCurveKeyPair.Config(
                    publicLabel: "sign.public", privateLabel: "sign.private", operationPrompt: nil,
                    publicKeyAccessControl: EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
                    privateKeyAccessControl: ↓EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags: []),
                    token: .secureEnclave))
                static let backup = EllipticCurveKeyPair.Config(
                    publicLabel: "b.public", privateLabel: "b.private", operationPrompt: nil,
                    publicKeyAccessControl: EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
                    privateKeyAccessControl: ↓silent, token: .secureEnclave)
            }
            """,
            messages: [
                wrapperMessage(label: "privateKeyAccessControl", library: "EllipticCurveKeyPair", flags: "[]"),
                wrapperMessage(label: "privateKeyAccessControl", library: "EllipticCurveKeyPair", flags: ".privateKeyUsage")
                    + " (via `Keys.silent` (line 4))",
            ],
            alsoTriggers: ["swift.weak_keychain_accessibility"]),
        .nonTriggering(
            "EllipticCurveKeyPair: a private key that requires biometry; an app's own Config in a file without the import",
            files: [
                "Keys.swift": """
                    import EllipticCurveKeyPair

                    let config = EllipticCurveKeyPair.Config(
                        publicLabel: "sign.public", privateLabel: "sign.private", operationPrompt: "Sign",
                        publicKeyAccessControl: EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags: []),
                        privateKeyAccessControl: EllipticCurveKeyPair.AccessControl(
                            protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage]),
                        token: .secureEnclave)
                    """,
                "Settings.swift": """
                    struct AccessControl { let protection: String; let flags: [String] }
                    struct Config { let privateKeyAccessControl: AccessControl }
                    let settings = Config(privateKeyAccessControl: AccessControl(protection: "x", flags: []))
                    """,
            ]),
    ]
}
