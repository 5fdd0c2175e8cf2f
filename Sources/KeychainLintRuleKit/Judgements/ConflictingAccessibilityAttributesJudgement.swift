import KeychainLintModel

/// The judgement of `swift.conflicting_accessibility_attributes` and `objc.conflicting_accessibility_attributes`:
/// keys Security rejects together in one stored dictionary.
public enum ConflictingAccessibilityAttributesJudgement {
    /// A `…ThisDeviceOnly` accessibility the item is stored with: `kSecAttrAccessible`'s value, or
    /// the `protection` of the access control created for it.
    public static func deviceBoundAccessibility(in dictionary: KeychainQuery) -> (name: String, entry: KeychainQuery.Entry)? {
        if let accessible = dictionary.entry("kSecAttrAccessible"), let name = SecItemKeys.accessibilityName(accessible.value),
            name.hasSuffix("ThisDeviceOnly")
        {
            return (name, accessible)
        }
        if let accessControl = dictionary.entry("kSecAttrAccessControl"), case .call(let creation) = accessControl.value,
            creation.name == "SecAccessControlCreateWithFlags", creation.arguments.count >= 2,
            let name = SecItemKeys.accessibilityName(creation.arguments[1].value), name.hasSuffix("ThisDeviceOnly")
        {
            return (name, accessControl)
        }
        return nil
    }

    /// Both keys in one stored dictionary; `place` says where `kSecAttrAccessControl` was set.
    public static func conflictMessage(accessControlAt place: String?, role: String) -> String {
        "`kSecAttrAccessible` and `kSecAttrAccessControl`" + (place.map { " (\($0))" } ?? "") + " are both in \(role): "
            + "Security rejects it with errSecParam (-50), even when both name the same accessibility"
    }

    /// `kSecAttrSynchronizable: true` with a `…ThisDeviceOnly` accessibility (set by `place`) in one
    /// stored dictionary.
    public static func synchronizableMessage(_ accessibility: String, at place: String?, role: String) -> String {
        "`kSecAttrSynchronizable: true` and `\(accessibility)`" + (place.map { " (\($0))" } ?? "") + " are both in \(role): "
            + "a synchronizable item may not be ThisDeviceOnly, so Security rejects it with errSecParam (-50) and the item is never stored"
    }
}
