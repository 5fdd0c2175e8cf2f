import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `weak_biometric_acl` on Swift calls of modelled wrapper libraries: access-control options
/// (KeychainAccess `authenticationPolicy:`, Valet `accessControl:`) read through the model as
/// SecAccessControlCreateFlags and judged exactly as the flags of SecAccessControlCreateWithFlags.
extension WeakBiometricACLRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.accessControlFlags])

    /// With the calls of models the configuration declares too.
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] {
        WrapperInterests.replacingBuiltIn(in: swiftInterests, roles: [.accessControlFlags], models: models)
    }

    /// Objective-C calls of libraries with an Objective-C API (UICKeyChainStore's
    /// `authenticationPolicy:`) are handed over by the front end with their access control.
    public static let wrapperRoles: Set<WrapperArgumentRole> = [.accessControlFlags]

    public func check(wrapper setting: ProgramWrapperSetting, in context: some CheckContext) {
        checkWrapper(setting, in: context)
    }

    func checkWrapper(_ setting: ProgramWrapperSetting, in context: some CheckContext) {
        // A public key's access control does not reach a stored secret.
        if setting.configuresPublicKey { return }
        context.reportFirstJudged(
            setting.values.map { ($0.option, $0.trace) }, gaps: setting.resolution, at: context.location(of: setting.expression),
            snippet: context.snippet(of: setting.expression), asking: setting.question("access control"),
            othersToo: .init(one: "is weak too", many: "are weak too")
        ) { option in
            // A combination Security rejects is never stored (swift.invalid_access_control_flags' case).
            guard let flags = option.flags, flags.rejectedCombination == nil, let description = WeakBiometricACLJudgement.weakness(of: flags, weakFlags: weakFlags, in: context.spelling) else { return nil }
            return Self.wrapperMessage(setting.written(option), description)
        }
    }

    /// "Weak biometric access control: `accessControl: .biometricAny` (Valet) → `.biometryAny` accepts …".
    static func wrapperMessage(_ written: String, _ weakness: String) -> String {
        "Weak biometric access control: \(written) → \(weakness)"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: KeychainAccess `authenticationPolicy:` (an option set with Security's bits, so `.init(rawValue: 2)` is `.biometryAny`) and the `accessControl:` of Valet's `SecureEnclaveValet` and `SinglePromptSecureEnclaveValet` (`.biometricAny` is `.biometryAny`), SimpleKeychain's `accessControlFlags:`, SimpleKeychain 0.x `useAccessControl = true` (always `.userPresence`) and EllipticCurveKeyPair's `AccessControl(flags:)` (Security's own flags; not the public key's) are read as the flags they become and judged like the flags of SecAccessControlCreateWithFlags; the message names the library option and its Security meaning. UICKeyChainStore's `authenticationPolicy:` (`setAccessibility(_:authenticationPolicy:)`) is cast to SecAccessControlCreateFlags by the library, so its cases are Security's bits and are judged the same way."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension WeakBiometricACLRule {
    private static let userPresenceWeakness =
        "`.userPresence` falls back to the device passcode and accepts biometrics enrolled after the item was created"
    private static let biometryAnyWeakness =
        "`.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it"

    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "UICKeyChainStore from Swift: the authentication policy of setAccessibility(_:authenticationPolicy:)",
            """
            import UICKeyChainStore

            func protect(_ store: UICKeyChainStore) {
                store.setAccessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: ↓.userPresence)
                store.setAccessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: .touchIDCurrentSet)
            }
            """,
            messages: [wrapperMessage("`authenticationPolicy: .userPresence` (UICKeyChainStore)", userPresenceWeakness)]),
        .triggering(
            "KeychainAccess: the authentication policy of a builder chain, in Security's spellings and as a raw value",
            """
            import KeychainAccess

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank")
                    .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: ↓.userPresence)
                    .set(token, key: "token")
                let cards = Keychain(service: "com.example.cards")
                try cards.accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: ↓[.biometryAny, .or, .devicePasscode])
                    .set(token, key: "card")
                try cards.accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: ↓AuthenticationPolicy(rawValue: 2))
                    .set(token, key: "pin")
            }
            """,
            messages: [
                wrapperMessage("`authenticationPolicy: .userPresence` (KeychainAccess)", userPresenceWeakness),
                wrapperMessage(
                    "`authenticationPolicy: [.biometryAny, .or, .devicePasscode]` (KeychainAccess)",
                    "`[.biometryAny, .or, .devicePasscode]` is `.userPresence`: it falls back to the device passcode and accepts biometrics enrolled after the item was created"),
                wrapperMessage("`authenticationPolicy: .init(rawValue: 2)` (KeychainAccess)", biometryAnyWeakness),
            ]),
        .triggering(
            "Valet: the Secure Enclave valets' access control, also through a constant",
            files: [
                "VaultConfig.swift": """
                    import Valet

                    enum VaultConfig {
                        static let unlock: SecureEnclaveAccessControl = .biometricAny
                    }
                    """,
                "Vault.swift": """
                    import Valet

                    let identifier = Identifier(nonEmpty: "Bank")!
                    let vault = SecureEnclaveValet.valet(with: identifier, accessControl: ↓.userPresence)
                    let session = SinglePromptSecureEnclaveValet.valet(with: identifier, accessControl: ↓VaultConfig.unlock)
                    """,
            ],
            messages: [
                wrapperMessage("`accessControl: .userPresence` (Valet)", userPresenceWeakness),
                wrapperMessage("`accessControl: .biometricAny` (Valet)", biometryAnyWeakness) + " (via `VaultConfig.unlock` (VaultConfig.swift:4))",
            ]),
        .triggering(
            "SimpleKeychain 1.x: Security's own flags given to the initializer",
            """
            import SimpleKeychain

            let tokens = SimpleKeychain(service: "com.example.bank", accessControlFlags: ↓.userPresence)
            let cards = SimpleKeychain(accessibility: .whenPasscodeSetThisDeviceOnly, accessControlFlags: ↓.biometryAny)

            func save(_ token: String) throws {
                try tokens.set(token, forKey: "token")
            }
            """,
            messages: [
                wrapperMessage("`accessControlFlags: .userPresence` (SimpleKeychain)", userPresenceWeakness),
                wrapperMessage("`accessControlFlags: .biometryAny` (SimpleKeychain)", biometryAnyWeakness),
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .triggering(
            "EllipticCurveKeyPair: Security's own flags for the private key",
            """
            import EllipticCurveKeyPair

            let privateAccess = EllipticCurveKeyPair.AccessControl(
                protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: ↓[.userPresence, .privateKeyUsage])
            """,
            messages: [wrapperMessage("`flags: [.userPresence, .privateKeyUsage]` (EllipticCurveKeyPair)", userPresenceWeakness)]),
        .nonTriggering(
            "EllipticCurveKeyPair with .biometryCurrentSet; a public key's flags; OktaSecureStorage's biometrics (the passcode rule's)",
            """
            import EllipticCurveKeyPair
            import OktaSecureStorage

            let config = EllipticCurveKeyPair.Config(
                publicLabel: "sign.public", privateLabel: "sign.private", operationPrompt: nil,
                publicKeyAccessControl: EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags: .userPresence),
                privateKeyAccessControl: EllipticCurveKeyPair.AccessControl(
                    protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage]),
                token: .secureEnclave)

            func save(_ token: String) throws {
                try OktaSecureStorage().set(token, forKey: "token", behindBiometrics: true,
                                            accessibility: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly)
            }
            """,
            alsoTriggers: ["swift.passcode_fallback_acl"]),
        .triggering(
            "SimpleKeychain 0.x: useAccessControl = true always means .userPresence",
            """
            import SimpleKeychain

            func save(_ token: String) {
                let keychain = A0SimpleKeychain(service: "com.example.bank")
                keychain.defaultAccessiblity = .whenPasscodeSetThisDeviceOnly
                keychain.useAccessControl = ↓true
                keychain.setString(token, forKey: "token")
            }
            """,
            messages: [wrapperMessage("`useAccessControl = true` (A0SimpleKeychain)", userPresenceWeakness)]),
        .nonTriggering(
            "SimpleKeychain 0.x: access control off, an app type's useAccessControl, a comparison, a file without the import",
            files: [
                "Store.swift": """
                    import SimpleKeychain

                    final class Preferences { var useAccessControl = false }
                    func configure(_ keychain: A0SimpleKeychain, preferences: Preferences) -> Bool {
                        keychain.useAccessControl = false
                        preferences.useAccessControl = true
                        return keychain.useAccessControl == true
                    }
                    """,
                "Legacy.swift": """
                    func configure(_ keychain: A0SimpleKeychain) { keychain.useAccessControl = true }
                    """,
            ]),
        .nonTriggering(
            "SimpleKeychain 1.x with .biometryCurrentSet, and reads",
            """
            import SimpleKeychain

            let tokens = SimpleKeychain(accessibility: .whenPasscodeSetThisDeviceOnly, accessControlFlags: .biometryCurrentSet)

            func load() throws -> String {
                try tokens.string(forKey: "token")
            }
            """),
        .nonTriggering(
            "The remedies: .biometryCurrentSet and Valet's .biometricCurrentSet",
            """
            import KeychainAccess
            import Valet

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank")
                    .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: [.biometryCurrentSet])
                    .set(token, key: "token")
                let vault = SecureEnclaveValet.valet(with: Identifier(nonEmpty: "Bank")!, accessControl: .biometricCurrentSet)
            }
            """),
        .nonTriggering(
            "App types with the library's names, comparisons, and a file without the import",
            files: [
                "Settings.swift": """
                    import KeychainAccess

                    enum AuthMode { case userPresence, biometricAny }
                    struct LoginScreen {
                        func accessibility(_ level: Int, authenticationPolicy: AuthMode) -> LoginScreen { self }
                    }
                    func configure(policy: AuthenticationPolicy) -> Bool {
                        let screen = LoginScreen().accessibility(1, authenticationPolicy: .userPresence)
                        return policy == .userPresence || policy.contains(.biometryAny)
                    }
                    """,
                "Legacy.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    let vault = SecureEnclaveValet.valet(with: Identifier(nonEmpty: "Bank")!, accessControl: .userPresence)
                    """,
            ]),
    ]
}
