import KeychainLintModel

/// The judgement of `swift.invalid_access_control_flags` and `objc.invalid_access_control_flags`: flags
/// and protections `SecAccessControlCreateWithFlags` rejects (Apple's open-source `SecAccessControl.c`).
public enum InvalidAccessControlFlagsJudgement {
    /// Why Security rejects a flags value (`clash`, its `rejectedCombination`), with the flags as the
    /// code's language writes them.
    public static func flagsMessage(
        _ flags: AccessControlFlagSet, _ clash: (first: String, second: String), spelling: FlagSpelling = .swift
    ) -> String {
        let reason: String
        if clash.first == "or" || clash.first == "and" {
            reason = "only one of `\(spelling.flag("or"))` and `\(spelling.flag("and"))` may be set"
        } else if flags.contains(.userPresence) && clash.first == AccessControlFlag.userPresence.name {
            reason = "`\(spelling.flag("userPresence"))` combines only with `\(spelling.flag("applicationPassword"))` and `\(spelling.flag("privateKeyUsage"))`"
        } else {
            reason = "only one biometry constraint may be set"
        }
        return "Security rejects `\(spelling.flags(flags))`: `\(spelling.flag(clash.first))` with `\(spelling.flag(clash.second))` makes SecAccessControlCreateWithFlags return nil (errSecParam, \(reason)), so the item is never protected or stored"
    }

    /// The value as it reads in a message when it certainly is not a valid protection; nil when
    /// it is valid or unknown (an unfamiliar `kSecAttrAccessible…` symbol, a dictionary, a call).
    public static func invalidProtection(_ value: Value) -> String? {
        if SecItemKeys.accessibilityName(value) != nil { return nil }
        switch value {
        case .symbol(let name):
            // Another Security constant (`kSecAttrAccessible` itself, `kSecAttrAccessControl`, a class…).
            guard name.hasPrefix("kSec"), !name.hasPrefix("kSecAttrAccessible") || name == "kSecAttrAccessible" else { return nil }
            return name
        case .string, .integer, .bool, .null:
            return value.description
        default:
            return nil
        }
    }

    /// The message for a protection `invalidProtection` reads as `problem`, without the trace.
    public static func protectionMessage(_ problem: String) -> String {
        "`\(problem)` is not an accessibility constant: SecAccessControlCreateWithFlags rejects this protection with errSecParam and returns nil; pass a kSecAttrAccessible… value such as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"
    }
}
