import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.passcode_fallback_acl` on calls of modelled wrapper libraries (KeychainAccess
/// `authenticationPolicy:`, Valet `accessControl:`), judged like SecAccessControlCreateWithFlags' flags.
extension PasscodeFallbackACLRule {
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
            othersToo: .init(one: "allows the passcode too", many: "allow the passcode too")
        ) { option in
            guard let flags = option.flags, let parts = PasscodeFallbackJudgement.fallbackParts(in: flags, spelling: context.spelling) else { return nil }
            return Self.wrapperMessage(parts, written: setting.written(option))
        }
    }

    /// "Passcode-only access control: `accessControl: .devicePasscode` (Valet) → `.devicePasscode` lets …".
    static func wrapperMessage(_ parts: (headline: String, detail: String), written: String) -> String {
        "\(parts.headline): \(written) → \(parts.detail)"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: KeychainAccess `authenticationPolicy:`, Valet's Secure Enclave `accessControl: .devicePasscode`, EllipticCurveKeyPair `AccessControl(flags:)` and OktaSecureStorage `behindBiometrics: true` (the library's `[.biometryCurrentSet, .or, .devicePasscode]`) are read as the flags they become and judged like the flags of SecAccessControlCreateWithFlags. UICKeyChainStore's `authenticationPolicy: .devicePasscode` is Security's bit and is judged the same way."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension PasscodeFallbackACLRule {
    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "UICKeyChainStore from Swift: a passcode-only policy",
            """
            import UICKeyChainStore

            func protect(_ store: UICKeyChainStore) {
                store.setAccessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: ↓.devicePasscode)
            }
            """,
            messages: [
                "Passcode-only access control: `authenticationPolicy: .devicePasscode` (UICKeyChainStore) → `.devicePasscode` lets anyone who knows or watches the device passcode read the item; biometry is never required"
            ]),
        .triggering(
            "KeychainAccess and Valet: a passcode-only policy and a passcode alternative to biometry",
            """
            import KeychainAccess
            import Valet

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank")
                    .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: ↓[.biometryCurrentSet, .or, .devicePasscode])
                    .set(token, key: "token")
                let pin = SecureEnclaveValet.sharedGroupValet(
                    with: SharedGroupIdentifier(appIDPrefix: "ABCDE12345", nonEmptyGroup: "bank")!, accessControl: ↓.devicePasscode)
            }
            """,
            messages: [
                wrapperMessage(
                    ("Access control falls back to the device passcode",
                     "`[.biometryCurrentSet, .or, .devicePasscode]` lets the passcode alone unlock the item, bypassing `.biometryCurrentSet`"),
                    written: "`authenticationPolicy: [.biometryCurrentSet, .or, .devicePasscode]` (KeychainAccess)"),
                wrapperMessage(
                    ("Passcode-only access control",
                     "`.devicePasscode` lets anyone who knows or watches the device passcode read the item; biometry is never required"),
                    written: "`accessControl: .devicePasscode` (Valet)"),
            ]),
        .triggering(
            "OktaSecureStorage: behindBiometrics: true, literal and through a parameter; EllipticCurveKeyPair's own flags",
            """
            import OktaSecureStorage
            import EllipticCurveKeyPair

            final class TokenVault {
                let storage = OktaSecureStorage()
                func save(_ token: String, protect: Bool = true) throws {
                    try storage.set(token, forKey: "token", behindBiometrics: ↓true,
                                    accessibility: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly)
                    try storage.set(data: Data(token.utf8), forKey: "token.data", behindBiometrics: ↓protect)
                }
            }
            let privateAccess = EllipticCurveKeyPair.AccessControl(
                protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: ↓[.devicePasscode, .privateKeyUsage])
            """,
            messages: [
                wrapperMessage(
                    ("Access control falls back to the device passcode",
                     "`[.biometryCurrentSet, .or, .devicePasscode]` lets the passcode alone unlock the item, bypassing `.biometryCurrentSet`"),
                    written: "`behindBiometrics: true` (OktaSecureStorage)"),
                wrapperMessage(
                    ("Access control falls back to the device passcode",
                     "`[.biometryCurrentSet, .or, .devicePasscode]` lets the passcode alone unlock the item, bypassing `.biometryCurrentSet`"),
                    written: "`behindBiometrics: true` (OktaSecureStorage)") + " (via default of `protect` (line 6))",
                wrapperMessage(
                    ("Passcode-only access control",
                     "`[.devicePasscode, .privateKeyUsage]` lets anyone who knows or watches the device passcode read the item; biometry is never required"),
                    written: "`flags: [.devicePasscode, .privateKeyUsage]` (EllipticCurveKeyPair)"),
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .nonTriggering(
            "OktaSecureStorage: without biometrics, the data overload without an access group (the library passes `behindBiometrics: false` on), an app type with the same method, a comparison, reads, a file without the import",
            files: [
                "Flags.swift": """
                    import OktaSecureStorage

                    struct FeatureFlags {
                        func set(_ value: String, forKey key: String, behindBiometrics: Bool) {}
                    }
                    func save(_ token: String, storage: OktaSecureStorage, protect: Bool) throws -> Bool {
                        try storage.set(token, forKey: "token", behindBiometrics: false)
                        try storage.set(data: Data(token.utf8), forKey: "token.data", behindBiometrics: true,
                                        accessibility: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly)
                        FeatureFlags().set("on", forKey: "beta", behindBiometrics: true)
                        let stored = try storage.get(key: "token", biometricPrompt: "Unlock")
                        return protect == true
                    }
                    """,
                "Legacy.swift": """
                    func save(_ token: String) throws {
                        try OktaSecureStorage().set(token, forKey: "token", behindBiometrics: true)
                    }
                    """,
            ]),
        .nonTriggering(
            "Both factors required, and .userPresence (reported by swift.weak_biometric_acl only)",
            """
            import KeychainAccess
            import Valet

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank")
                    .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: [.biometryCurrentSet, .and, .devicePasscode])
                    .set(token, key: "token")
                let vault = SecureEnclaveValet.valet(with: Identifier(nonEmpty: "Bank")!, accessControl: .userPresence)
            }
            """,
            alsoTriggers: ["swift.weak_biometric_acl"]),
    ]
}
