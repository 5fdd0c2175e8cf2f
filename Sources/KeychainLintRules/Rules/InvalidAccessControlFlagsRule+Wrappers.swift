import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.invalid_access_control_flags` on calls of modelled wrapper libraries: flags a library
/// passes on to SecAccessControlCreateWithFlags (KeychainAccess `authenticationPolicy:`,
/// SimpleKeychain `accessControlFlags:`, EllipticCurveKeyPair `AccessControl(flags:)`), read
/// through the model and judged like the flags of a direct call. Valet's options cannot spell a
/// rejected combination.
extension InvalidAccessControlFlagsRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.accessControlFlags])

    /// With the calls of models the configuration declares too.
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] {
        WrapperInterests.replacingBuiltIn(in: swiftInterests, roles: [.accessControlFlags], models: models)
    }

    func checkWrapper(_ setting: WrapperSetting, in context: RuleContext) {
        context.reportFirstJudged(
            setting.values.map { ($0.option, $0.trace) }, gaps: setting.resolution, at: setting.expression,
            asking: "access control given to \(setting.site.model.library) `\(setting.site.call.name)`",
            othersToo: .init(one: "is rejected too", many: "are rejected too")
        ) { option in
            guard let flags = option.flags, let clash = flags.rejectedCombination else { return nil }
            return Self.wrapperMessage(setting.written(option), InvalidAccessControlFlagsJudgement.flagsMessage(flags, clash))
        }
    }

    /// A Security value given as the protection of a call that also takes Security's own flags
    /// (EllipticCurveKeyPair `AccessControl(protection:flags:)`, which hands both to
    /// SecAccessControlCreateWithFlags): the same check as a direct call's protection.
    func checkWrapperProtection(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let call) = input, let site = WrapperCallSite.match(call, in: context),
            site.call.argument(for: .accessControlFlags)?.security == true,
            let (argument, expression) = site.argument(for: .accessibility), argument.security,
            case .label(let label) = argument.place
        else { return }
        context.reportFirstJudged(
            context.resolve(expression), at: expression, asking: "protection given to \(site.model.library)",
            othersToo: .init(one: "is not one either", many: "are not one either")
        ) { value in
            InvalidAccessControlFlagsJudgement.invalidProtection(value).map { Self.wrapperProtectionMessage(label: label, library: site.model.library, value: $0) }
        }
    }

    static func wrapperProtectionMessage(label: String, library: String, value: String) -> String {
        "`\(label): \(value)` (\(library)) is not an accessibility constant: the library hands it to SecAccessControlCreateWithFlags, which rejects this protection with errSecParam, so the key is never created; pass a kSecAttrAccessible… value such as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"
    }

    /// "`authenticationPolicy: [.biometryAny, .biometryCurrentSet]` (KeychainAccess) → Security rejects …".
    static func wrapperMessage(_ written: String, _ rejection: String) -> String {
        "\(written) → \(rejection)"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: the flags KeychainAccess (`authenticationPolicy:`), SimpleKeychain 1.x (`accessControlFlags:`) and EllipticCurveKeyPair (`AccessControl(flags:)`) pass on to SecAccessControlCreateWithFlags are judged like a direct call's, and so is the protection EllipticCurveKeyPair's `AccessControl(protection:)` hands on with them; the library then fails to store the item (KeychainAccess and SimpleKeychain throw, EllipticCurveKeyPair throws when it creates the key)."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension InvalidAccessControlFlagsRule {
    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "KeychainAccess and SimpleKeychain: two biometry constraints, and .or with .and",
            """
            import KeychainAccess
            import SimpleKeychain

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank")
                    .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: ↓[.biometryAny, .biometryCurrentSet])
                    .set(token, key: "token")
            }
            let cards = SimpleKeychain(accessibility: .whenPasscodeSetThisDeviceOnly, accessControlFlags: ↓[.biometryCurrentSet, .or, .and, .devicePasscode])
            """,
            messages: [
                wrapperMessage(
                    "`authenticationPolicy: [.biometryAny, .biometryCurrentSet]` (KeychainAccess)",
                    "Security rejects `[.biometryAny, .biometryCurrentSet]`: `.biometryAny` with `.biometryCurrentSet` makes SecAccessControlCreateWithFlags return nil (errSecParam, only one biometry constraint may be set), so the item is never protected or stored"),
                wrapperMessage(
                    "`accessControlFlags: [.biometryCurrentSet, .or, .and, .devicePasscode]` (SimpleKeychain)",
                    "Security rejects `[.biometryCurrentSet, .or, .and, .devicePasscode]`: `.or` with `.and` makes SecAccessControlCreateWithFlags return nil (errSecParam, only one of `.or` and `.and` may be set), so the item is never protected or stored"),
            ]),
        .triggering(
            "EllipticCurveKeyPair: the attribute key kSecAttrAccessible given as the protection",
            """
            import EllipticCurveKeyPair

            let privateAccess = EllipticCurveKeyPair.AccessControl(protection: ↓kSecAttrAccessible, flags: [.biometryCurrentSet, .privateKeyUsage])
            """,
            messages: [
                wrapperProtectionMessage(label: "protection", library: "EllipticCurveKeyPair", value: "kSecAttrAccessible"),
            ]),
        .nonTriggering(
            "Valid flags through the libraries",
            """
            import KeychainAccess
            import EllipticCurveKeyPair

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank")
                    .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: [.biometryCurrentSet, .or, .devicePasscode])
                    .set(token, key: "token")
            }
            let access = EllipticCurveKeyPair.AccessControl(
                protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage])
            """,
            alsoTriggers: ["swift.passcode_fallback_acl"]),
        .nonTriggering(
            "An app's own `Keychain` with an `authenticationPolicy:`, in a file that does not import KeychainAccess",
            """
            struct Keychain {
                init(service: String) {}
                func accessibility(_ level: Int, authenticationPolicy: [String]) -> Keychain { self }
            }
            let audit = Keychain(service: "audit").accessibility(1, authenticationPolicy: ["biometryAny", "biometryCurrentSet"])
            """),
    ]
}
