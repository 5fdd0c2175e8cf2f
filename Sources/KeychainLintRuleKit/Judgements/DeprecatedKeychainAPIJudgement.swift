import KeychainLintModel

/// The judgement of `swift.deprecated_keychain_api` and `objc.deprecated_keychain_api`: the deprecated
/// C constants and `evaluatedPolicyDomainState`, and the words for each.
public enum DeprecatedKeychainAPIJudgement {
    /// The deprecated C constants (`constantMessage` words each).
    public static let constantNames = [
        "kSecAccessControlTouchIDAny", "kSecAccessControlTouchIDCurrentSet", "kSecAccessControlWatch",
        "kSecUseOperationPrompt", "kSecUseAuthenticationUIAllow", "kSecUseAuthenticationUIFail", "kSecUseNoAuthenticationUI",
    ]

    /// What a deprecated C constant is and what replaces it, worded for the language of the code
    /// it is about (`objc.deprecated_keychain_api` passes `.c`): Swift checks availability with
    /// `if #available` and writes `true`; Objective-C writes `@available` and `YES`.
    public static func constantMessage(_ name: String, in spelling: FlagSpelling = .swift) -> String? {
        let availabilityCheck = spelling == .swift ? "`if #available`" : "`@available`"
        let yes = spelling == .swift ? "true" : "`YES`"
        switch name {
        case "kSecAccessControlTouchIDAny":
            return "`kSecAccessControlTouchIDAny` is deprecated: use `kSecAccessControlBiometryAny`, the same flag under its current name"
        case "kSecAccessControlTouchIDCurrentSet":
            return "`kSecAccessControlTouchIDCurrentSet` is deprecated: use `kSecAccessControlBiometryCurrentSet`, the same flag under its current name"
        case "kSecAccessControlWatch":
            return "`kSecAccessControlWatch` is deprecated: use `kSecAccessControlCompanion` (iOS 18, macOS 15), behind an \(availabilityCheck) check while the app supports older systems"
        case "kSecUseOperationPrompt":
            return "`kSecUseOperationPrompt` is deprecated since iOS 14: set the prompt as the `localizedReason` of an `LAContext` and pass the context with `kSecUseAuthenticationContext`"
        case "kSecUseAuthenticationUIAllow":
            return "`kSecUseAuthenticationUIAllow` is deprecated since iOS 14: authentication UI is allowed by default; to control it, pass an `LAContext` with `kSecUseAuthenticationContext` and set its `interactionNotAllowed`"
        case "kSecUseAuthenticationUIFail":
            return "`kSecUseAuthenticationUIFail` is deprecated since iOS 14: pass an `LAContext` whose `interactionNotAllowed` is \(yes) with `kSecUseAuthenticationContext`"
        case "kSecUseNoAuthenticationUI":
            return "`kSecUseNoAuthenticationUI` is deprecated since iOS 9: pass an `LAContext` whose `interactionNotAllowed` is \(yes) with `kSecUseAuthenticationContext`"
        default:
            return nil
        }
    }

    /// The deprecated `LAContext` property.
    public static let domainState = "evaluatedPolicyDomainState"

    /// `evaluatedPolicyDomainState`'s message, with the availability check as the language writes it.
    public static func domainStateMessage(in spelling: FlagSpelling) -> String {
        let check = spelling == .swift ? "`if #available(iOS 18, macOS 15, *)`" : "`if (@available(iOS 18, macOS 15, *))`"
        return "`evaluatedPolicyDomainState` is deprecated since iOS 18: use `domainState.biometry.stateHash`, behind an \(check) check while the app supports older systems"
    }

    /// Where each replacement first exists, per platform (Apple's API documentation of
    /// `biometryAny`/`biometryCurrentSet`, `companion`, `LAContext.localizedReason`,
    /// `LAContext.interactionNotAllowed` and `LAContext.domainState`).
    public static let replacementIntroduced: [String: [String: Availability.Version]] = {
        func versions(_ table: [String: String]) -> [String: Availability.Version] { table.compactMapValues(Availability.Version.init) }
        let biometry = versions(["iOS": "11.3", "macOS": "10.13.4", "watchOS": "4.3", "tvOS": "11.3", "macCatalyst": "13.1"])
        let companion = versions(["iOS": "18", "macOS": "15", "watchOS": "11", "tvOS": "18", "visionOS": "2", "macCatalyst": "18"])
        let contextReason = versions(["iOS": "11", "macOS": "10.13", "macCatalyst": "13.1"])
        let stateHash = versions(["iOS": "18", "macOS": "15", "visionOS": "2", "macCatalyst": "18"])
        return [
            "touchIDAny": biometry, "touchIDCurrentSet": biometry,
            "kSecAccessControlTouchIDAny": biometry, "kSecAccessControlTouchIDCurrentSet": biometry,
            "watch": companion, "kSecAccessControlWatch": companion,
            "kSecUseOperationPrompt": contextReason, "kSecUseAuthenticationUIAllow": contextReason,
            "kSecUseAuthenticationUIFail": contextReason, "kSecUseNoAuthenticationUI": contextReason,
            domainState: stateHash,
        ]
    }()

    /// The first of `branches` (older-systems sides of availability checks around a use, found
    /// by either front end) where the replacement for `name` does not exist yet.
    public static func replacementMissing(for name: String, in branches: [Availability.OlderSystemsBranch]) -> Availability.OlderSystemsBranch? {
        guard let introduced = replacementIntroduced[name] else { return nil }
        return branches.first { branch in
            branch.below.contains { platform, version in introduced[platform].map { version <= $0 } ?? false }
        }
    }
}
