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
}
