import KeychainLintModel

/// The judgement of `swift.weak_keychain_accessibility` and `objc.weak_keychain_accessibility`: Keychain
/// items readable while the device is locked.
public enum WeakKeychainAccessibilityJudgement {
    /// The accessibility constants that leave an item readable while the device is locked.
    public static let weakValues: Set<String> = ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAlwaysThisDeviceOnly"]

    /// The weak constant a resolved value names, spelled as written (`"dk"` keeps its raw form).
    public static func weakSpelling(_ value: Value) -> String? {
        guard let name = SecItemKeys.accessibilityName(value), weakValues.contains(name) else { return nil }
        if case .string(let raw) = value { return "`\"\(raw)\"` (\(name))" }
        return "`\(name)`"
    }

    /// Why a weak constant is reported, for every message.
    public static let why = "readable while the device is locked (deprecated since iOS 12)"

    /// The message for a weak protection of `SecAccessControlCreateWithFlags`, without the trace.
    public static func protectionMessage(_ spelling: String) -> String {
        "\(spelling) as the protection of SecAccessControlCreateWithFlags makes the item \(why), whatever the access control flags"
    }

    /// The message for a weak `kSecAttrAccessible` in a stored dictionary (`role`), without the trace.
    public static func queryMessage(_ spelling: String, role: String) -> String {
        "\(spelling) in \(role) makes the item \(why)"
    }

    /// Added to the message when the dictionary stores a public key.
    public static let publicKeyNote = "; the item is a public key, which is no secret, so only the deprecated constant matters (low severity)"

    /// A dictionary that stores a public key (`kSecAttrKeyClass: kSecAttrKeyClassPublic`).
    public static func isPublicKey(_ query: KeychainQuery) -> Bool {
        query.value("kSecAttrKeyClass").flatMap(SecItemKeys.valueName) == "kSecAttrKeyClassPublic"
    }
}
