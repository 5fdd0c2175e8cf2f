import KeychainLintModel

/// The judgement of `swift.broad_query_without_ui_skip` and `objc.broad_query_without_ui_skip`: a read
/// of the data of every matching item, without `kSecUseAuthenticationUISkip`, in code that stores
/// protected items.
public enum BroadQueryWithoutUISkipJudgement {
    /// The finding's message: `limit` the words for the broad limit, `place` where the scan adds a
    /// protected item.
    public static func message(limit: String, protectedAt place: String) -> String {
        "SecItemCopyMatching with \(limit) and no `kSecUseAuthenticationUI: kSecUseAuthenticationUISkip`: "
            + "every matching item protected by access control (this app adds some, e.g. \(place)) makes the user authenticate, even items the app did not ask for"
    }

    /// "`kSecMatchLimitAll`", or "`kSecMatchLimit: 5`" for a numeric limit above 1; nil for a narrow or unknown limit.
    public static func broadLimit(_ query: KeychainQuery) -> String? {
        guard let value = query.value("kSecMatchLimit") else { return nil }
        if SecItemKeys.valueName(value) == "kSecMatchLimitAll" { return "`kSecMatchLimitAll`" }
        if case .integer(let limit) = value, limit > 1 { return "`kSecMatchLimit: \(limit)`" }
        return nil
    }

    /// Whether the query asks for the items' data (`kSecReturnData: true`). Attributes and
    /// references are protected by the metadata key, not by the item's access control (Apple
    /// Platform Security, "Keychain data protection"): a read that returns only those does not
    /// prompt. An unknown value counts as no (precision first).
    public static func returnsData(_ query: KeychainQuery) -> Bool {
        QueryJudgement.isTrue(query.value("kSecReturnData"))
    }

    /// Whether the query's own keys may keep it from prompting: UI skipped or failed, the
    /// deprecated no-UI flag, or an unknown value for either (the authentication context is the
    /// rules' own question).
    public static func uiMayBeSkipped(_ query: KeychainQuery) -> Bool {
        if let ui = query.value("kSecUseAuthenticationUI") {
            guard let name = SecItemKeys.valueName(ui) else { return true }
            if name != "kSecUseAuthenticationUIAllow" { return true }
        }
        if let noUI = query.value("kSecUseNoAuthenticationUI") {
            if noUI != .bool(false) && noUI != .symbol("kCFBooleanFalse") { return true }
        }
        return false
    }

    /// The calls that can store a protected item, in the order the rules prefer them when naming
    /// where a protected item is added.
    public static let storingCalls = ["SecItemAdd", "SecItemUpdate", "SecKeyCreateRandomKey"]

    /// The class of the item a storing call adds, when known: a key for SecKeyCreateRandomKey,
    /// the `kSecClass` of the dictionary SecItemAdd is given; nil otherwise (SecItemUpdate's
    /// attributes do not say which items they change).
    public static func storedClass(_ dictionary: KeychainQuery, storedBy callName: String) -> String? {
        if callName == "SecKeyCreateRandomKey" { return "kSecClassKey" }
        guard callName == "SecItemAdd", let value = dictionary.value("kSecClass") else { return nil }
        return SecItemKeys.valueName(value)
    }

    /// The class of the items a read searches (`kSecClass`), when known.
    public static func searchedClass(_ query: KeychainQuery) -> String? {
        query.value("kSecClass").flatMap(SecItemKeys.valueName)
    }

    /// Whether a read of items of class `searched` can return a stored item of class `stored`: a
    /// search matches items of its own class only (a generic-password read never returns a key),
    /// so unless both are known and differ.
    public static func mayMatch(searched: String?, stored: String?) -> Bool {
        guard let searched, let stored else { return true }
        return searched == stored
    }
}
