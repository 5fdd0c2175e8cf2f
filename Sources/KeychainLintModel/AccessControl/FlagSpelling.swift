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
    /// joined with `|`. A number (a library's own constant cast to `SecAccessControlCreateFlags`)
    /// is spelled by the constants Apple gives its bits, or as hexadecimal when a bit has none.
    public func flags(_ set: AccessControlFlagSet) -> String {
        switch self {
        case .swift:
            return set.swiftDescription
        case .c:
            if set.spelled.isEmpty {
                var named: [String] = []
                var covered: UInt64 = 0
                for flag in AccessControlFlag.all where set.bits & flag.bit != 0 && covered & flag.bit == 0 {
                    named.append(flag.constant)
                    covered |= flag.bit
                }
                guard covered == set.bits, !named.isEmpty else { return "0x" + String(set.bits, radix: 16) }
                return named.joined(separator: " | ")
            }
            return set.spelled.map(\.constant).joined(separator: " | ")
        }
    }

}
