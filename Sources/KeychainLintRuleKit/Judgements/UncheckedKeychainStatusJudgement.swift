import KeychainLintModel

/// The judgement of `swift.unchecked_keychain_status` and `objc.unchecked_keychain_status`: discarded
/// Keychain statuses and keys.
public enum UncheckedKeychainStatusJudgement {
    /// The calls whose OSStatus must be read.
    public static let statusCalls: Set<String> = ["SecItemAdd", "SecItemUpdate", "SecItemDelete", "SecItemCopyMatching"]
    /// The call whose key (nil or NULL on failure) must be read.
    public static let keyCall = "SecKeyCreateRandomKey"

    /// How a call's result is used.
    public enum Use: Equatable {
        case used
        case discarded
        /// Stored in a local variable that nothing reads.
        case storedUnread(String)
    }

    /// The message for a status of `name` that is not read.
    public static func statusMessage(_ name: String, _ use: Use) -> String {
        let what: String
        switch use {
        case .storedUnread(let variable): what = "The OSStatus of \(name) is stored in `\(variable)` but never read"
        default: what = "The OSStatus of \(name) is discarded"
        }
        return what + ": " + consequence(name)
    }

    /// What goes unnoticed when `name`'s status is not read.
    public static func consequence(_ name: String) -> String {
        switch name {
        case "SecItemAdd":
            "a failed add (errSecDuplicateItem, errSecParam, errSecInteractionNotAllowed, …) goes unnoticed and the app carries on as if the item were stored"
        case "SecItemUpdate":
            "a failed update goes unnoticed and the item keeps its old data and attributes"
        case "SecItemDelete":
            "a failed delete goes unnoticed and the item stays in the Keychain"
        default:
            "a failed read (errSecAuthFailed, errSecInteractionNotAllowed, …) cannot be told apart from a missing item"
        }
    }

    /// `spelling` words the failed result as the code writes it: `nil` in Swift, `NULL` in C and
    /// Objective-C (`objc.unchecked_keychain_status`).
    public static func keyMessage(_ use: Use, spelling: FlagSpelling = .swift) -> String {
        let what: String
        switch use {
        case .storedUnread(let variable): what = "The key returned by SecKeyCreateRandomKey is stored in `\(variable)` but never read"
        default: what = "The key returned by SecKeyCreateRandomKey is discarded"
        }
        let failed = spelling == .swift ? "nil" : "NULL"
        return what + ": when key generation fails (\(failed), with the reason in the error out-parameter) nothing notices, and later code looks for a key that was never created"
    }
}
