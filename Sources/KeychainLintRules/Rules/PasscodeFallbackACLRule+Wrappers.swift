import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintCore

/// `swift.passcode_fallback_acl` on calls of modelled wrapper libraries (KeychainAccess
/// `authenticationPolicy:`, Valet `accessControl:`), judged like SecAccessControlCreateWithFlags' flags.
extension PasscodeFallbackACLRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.accessControlFlags])

    /// With the calls of models the configuration declares too.
    public static func interests(models: [WrapperModel]) -> [SyntaxInterest] {
        interests.filter { if case .callInModule = $0 { false } else { true } }
            + WrapperInterests.interests(for: [.accessControlFlags], models: models)
    }

    func checkWrapper(_ setting: WrapperSetting, in context: RuleContext) {
        var fallbacks: [(description: String, trace: [TraceStep])] = []
        for (option, trace) in setting.values {
            guard let flags = option.flags, let parts = Self.fallbackParts(in: flags) else { continue }
            fallbacks.append((Self.wrapperMessage(parts, written: setting.written(option)), trace))
        }
        guard let first = fallbacks.first else {
            context.noteGaps(setting.resolution, asking: "access control given to \(setting.site.model.library) `\(setting.site.call.name)`")
            return
        }
        var message = first.description + context.describeTrace(first.trace)
        let others = Set(fallbacks.dropFirst().map(\.description)).count
        if others > 0 {
            message += "; \(others) other possible value\(others == 1 ? " allows" : "s allow") the passcode too"
        }
        context.report(
            at: setting.expression, message: message, confidence: first.trace.isEmpty ? .high : .medium, trace: first.trace)
    }

    /// "Passcode-only access control: `accessControl: .devicePasscode` (Valet) → `.devicePasscode` lets …".
    static func wrapperMessage(_ parts: (headline: String, detail: String), written: String) -> String {
        "\(parts.headline): \(written) → \(parts.detail)"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: KeychainAccess `authenticationPolicy:` and Valet's Secure Enclave `accessControl: .devicePasscode` are read as the flags they become and judged like the flags of SecAccessControlCreateWithFlags."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension PasscodeFallbackACLRule {
    static let wrapperExamples: [RuleExample] = [
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
