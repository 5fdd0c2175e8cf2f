/// How a message spells access-control flags: as the language of the code it is about writes
/// them. Swift writes `[.biometryAny, .or, .devicePasscode]`; C and Objective-C write
/// `kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlDevicePasscode`. The
/// judgement is the same; only the words differ, so a developer can search for what they read.
public enum FlagSpelling: Sendable, Hashable {
    case swift
    case c

    /// One flag by its Swift name (`biometryAny`, `touchIDAny`): `.biometryAny` or
    /// `kSecAccessControlBiometryAny`. A name that is no flag (`rawValue bit 7`) stays as it is.
    public func flag(_ name: String) -> String {
        switch self {
        case .swift: return "." + name
        case .c: return AccessControlFlag.named(name)?.constant ?? name
        }
    }

    /// A set of flags as written: `[.biometryAny, .or, .devicePasscode]`, or the C constants
    /// joined with `|` (a raw value with no known spelling as hexadecimal).
    public func flags(_ set: AccessControlFlagSet) -> String {
        switch self {
        case .swift:
            return set.swiftDescription
        case .c:
            if set.spelled.isEmpty { return "0x" + String(set.bits, radix: 16) }
            return set.spelled.map(\.constant).joined(separator: " | ")
        }
    }

}
