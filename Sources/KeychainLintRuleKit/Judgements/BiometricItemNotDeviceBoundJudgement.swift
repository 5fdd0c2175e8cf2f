import KeychainLintCore
import KeychainLintModel

/// The judgement of `swift.biometric_item_not_device_bound` and `objc.biometric_item_not_device_bound`:
/// biometry-protected items that can leave the device.
public enum BiometricItemNotDeviceBoundJudgement {
    /// The strongest accessibility class: device-bound, and removed with the device passcode.
    public static let strongest = "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"

    /// The first possible flags value that asks the user to authenticate (and that Security
    /// accepts: rejected combinations are swift.invalid_access_control_flags'), or nil.
    public static func protectedFlags(_ values: [Value]) -> AccessControlFlagSet? {
        values.lazy.compactMap { value -> AccessControlFlagSet? in
            guard let flags = AccessControlFlagSet.interpret(value), flags.hasUserAuthenticationConstraint,
                flags.rejectedCombination == nil
            else { return nil }
            return flags
        }.first
    }

    /// The most severe protection among the possible values: one that is not `…ThisDeviceOnly`
    /// (medium) before one that is device-bound but not `WhenPasscodeSet` (low); nil when every
    /// known value is the strongest class.
    public static func worstProtection(_ values: [TracedValue]) -> (name: String, trace: [TraceStep], severity: Severity)? {
        var worst: (name: String, trace: [TraceStep], severity: Severity)?
        for traced in values {
            guard let name = SecItemKeys.accessibilityName(traced.value), name != Self.strongest else { continue }
            let severity: Severity = name.hasSuffix("ThisDeviceOnly") ? .low : .medium
            if worst == nil || (worst!.severity == .low && severity == .medium) {
                worst = (name, traced.trace, severity)
            }
        }
        return worst
    }

    /// The finding's words for a protection judged by `worstProtection`, with the flags as the
    /// code's language writes them.
    public static func protectionMessage(_ name: String, severity: Severity, flags: AccessControlFlagSet, spelling: FlagSpelling) -> String {
        if severity == .medium {
            return
                "Protected item can leave the device: `\(name)` is not a …ThisDeviceOnly value, so the item protected by `\(spelling.flags(flags))` is eligible for iCloud Keychain and for restoring from a backup onto another device"
        }
        return
            "Protected item outlives the device passcode: `\(name)` is device-bound but, unlike `\(Self.strongest)`, keeps the item protected by `\(spelling.flags(flags))` when the passcode is removed"
    }

    /// The fix for a wrapper library's item whose accessibility is not WhenPasscodeSetThisDeviceOnly,
    /// in the library's words: the app sets no Security attribute itself, so the rule's fix does not fit.
    public static let wrapperProtectionRemediation =
        "Give the library its when-passcode-set, this-device-only accessibility option together with the access control (in the same call or builder chain), and leave the library's synchronizable switch off."

    /// The fix for a wrapper library's access-controlled item made synchronizable, in the library's
    /// words: the accessibility may already be the right one, and the app writes no kSecAttrSynchronizable.
    public static let wrapperSynchronizedRemediation =
        "Turn the library's synchronizable switch off for this item, so that it stays on the device; keep (or choose) the library's when-passcode-set, this-device-only accessibility option for it."

    /// A protection finding's words after "A caller that chooses both … gets" (`LibraryOptionJudgement`).
    public static func libraryProtectionMessage(_ message: String) -> String {
        guard let colon = message.range(of: ": ") else { return message }
        return "a protected item that " + (message.hasPrefix("Protected item can leave") ? "can leave the device" : "outlives the device passcode")
            + ": " + message[colon.upperBound...]
    }

    /// The finding's words for `kSecAttrSynchronizable: true` with `kSecAttrAccessControl`.
    public static let synchronizedMessage =
        "Access-controlled item is synchronized: `kSecAttrSynchronizable: true` with `kSecAttrAccessControl` asks iCloud Keychain to copy the protected item to the user's other devices"
}
