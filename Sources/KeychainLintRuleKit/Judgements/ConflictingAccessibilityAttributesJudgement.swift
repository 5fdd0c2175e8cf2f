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
    /// The fix for a synchronizable `…ThisDeviceOnly` item, which the rule's fix (for both
    /// attributes in one dictionary) does not fit.
    public static let synchronizableRemediation =
        "Decide whether the item may leave the device: if not, stop synchronizing it (no kSecAttrSynchronizable); if it must reach the user's other devices, give it an accessibility without ThisDeviceOnly (kSecAttrAccessibleAfterFirstUnlock or kSecAttrAccessibleWhenUnlocked)."

    /// The same through a wrapper library, in its words.
    public static let wrapperSynchronizableRemediation =
        "Decide whether the item may leave the device: if not, turn the library's synchronizable switch off; if it must reach the user's other devices, choose the library's accessibility option without ThisDeviceOnly (after first unlock, or when unlocked)."

    /// A conflict's words after "A caller that chooses both … gets" (`LibraryOptionJudgement`):
    /// the keys the caller's query holds, and why Security rejects them.
    public static func libraryCombination(_ message: String) -> String {
        message.replacingOccurrences(of: " are both in ", with: " together in ")
    }

    public static func synchronizableMessage(_ accessibility: String, at place: String?, role: String) -> String {
        "`kSecAttrSynchronizable: true` and `\(accessibility)`" + (place.map { " (\($0))" } ?? "") + " are both in \(role): "
            + "a synchronizable item may not be ThisDeviceOnly, so Security rejects it with errSecParam (-50) and the item is never stored"
    }
}
