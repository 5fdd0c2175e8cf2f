/// `SecAccessControlCreateFlags` as Security defines them (Apple's `SecAccessControl.h`; documentation:
/// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags). Aliases share
/// a bit: `.touchIDAny` is `.biometryAny`, `.touchIDCurrentSet` is `.biometryCurrentSet`,
/// `.companion` took over `.watch`'s bit.
public struct AccessControlFlag: Hashable, Sendable {
    public let name: String
    public let constant: String
    public let bit: UInt64

    public static let all: [AccessControlFlag] = [
        AccessControlFlag(name: "userPresence", constant: "kSecAccessControlUserPresence", bit: 1 << 0),
        AccessControlFlag(name: "biometryAny", constant: "kSecAccessControlBiometryAny", bit: 1 << 1),
        AccessControlFlag(name: "touchIDAny", constant: "kSecAccessControlTouchIDAny", bit: 1 << 1),
        AccessControlFlag(name: "biometryCurrentSet", constant: "kSecAccessControlBiometryCurrentSet", bit: 1 << 3),
        AccessControlFlag(name: "touchIDCurrentSet", constant: "kSecAccessControlTouchIDCurrentSet", bit: 1 << 3),
        AccessControlFlag(name: "devicePasscode", constant: "kSecAccessControlDevicePasscode", bit: 1 << 4),
        AccessControlFlag(name: "watch", constant: "kSecAccessControlWatch", bit: 1 << 5),
        AccessControlFlag(name: "companion", constant: "kSecAccessControlCompanion", bit: 1 << 5),
        AccessControlFlag(name: "or", constant: "kSecAccessControlOr", bit: 1 << 14),
        AccessControlFlag(name: "and", constant: "kSecAccessControlAnd", bit: 1 << 15),
        AccessControlFlag(name: "privateKeyUsage", constant: "kSecAccessControlPrivateKeyUsage", bit: 1 << 30),
        AccessControlFlag(name: "applicationPassword", constant: "kSecAccessControlApplicationPassword", bit: 1 << 31),
    ]

    private static let byName: [String: AccessControlFlag] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) } + all.map { ($0.constant, $0) })

    public static func named(_ name: String) -> AccessControlFlag? { byName[name] }

    public static let userPresence = named("userPresence")!
    public static let biometryAny = named("biometryAny")!
    public static let biometryCurrentSet = named("biometryCurrentSet")!
    public static let devicePasscode = named("devicePasscode")!
    public static let or = named("or")!
    public static let and = named("and")!

    /// Flags that ask the user to authenticate (as opposed to `.or`, `.and`, `.privateKeyUsage`).
    public static let constraintNames: [String] = [
        "userPresence", "biometryAny", "touchIDAny", "biometryCurrentSet", "touchIDCurrentSet",
        "devicePasscode", "watch", "companion", "applicationPassword",
    ]
}

/// A resolved flags value: the bits it sets and the flags as they were spelled.
public struct AccessControlFlagSet: Hashable, Sendable {
    public var bits: UInt64
    /// Flags in source order as written (`touchIDAny` stays `touchIDAny`); raw values give none.
    public var spelled: [AccessControlFlag]

    public init(bits: UInt64, spelled: [AccessControlFlag]) {
        self.bits = bits
        self.spelled = spelled
    }

    public func contains(_ flag: AccessControlFlag) -> Bool { bits & flag.bit != 0 }

    /// `[.biometryAny, .or, .devicePasscode]` — Apple documents `.userPresence` as exactly this.
    public var isUserPresenceCombination: Bool {
        contains(.biometryAny) && contains(.devicePasscode) && contains(.or)
    }

    /// The spelling used for a bit (`touchIDAny` when written so), or the canonical name.
    public func spelling(of flag: AccessControlFlag) -> String {
        spelled.first { $0.bit == flag.bit }?.name ?? flag.name
    }

    /// Reads a resolved value as `SecAccessControlCreateFlags`; nil when it is something else
    /// (a member of an unrelated type, an unknown symbol).
    public static func interpret(_ value: Value) -> AccessControlFlagSet? {
        switch value {
        case .member(let name, let type):
            guard type == nil || type == "SecAccessControlCreateFlags", let flag = AccessControlFlag.named(name),
                !name.hasPrefix("kSec")  // `.kSecAccessControl…` is a constant, not a member
            else { return nil }
            return AccessControlFlagSet(bits: flag.bit, spelled: [flag])
        case .symbol(let name):
            guard name.hasPrefix("kSecAccessControl"), let flag = AccessControlFlag.named(name) else { return nil }
            return AccessControlFlagSet(bits: flag.bit, spelled: [flag])
        case .rawValue(let raw, let type):
            guard type == nil || type == "SecAccessControlCreateFlags", raw >= 0 else { return nil }
            return AccessControlFlagSet(bits: UInt64(raw), spelled: [])
        case .integer(let raw):
            guard raw >= 0 else { return nil }
            return AccessControlFlagSet(bits: UInt64(raw), spelled: [])
        case .array(let elements):
            var result = AccessControlFlagSet(bits: 0, spelled: [])
            for element in elements {
                guard let part = interpret(element) else { return nil }
                result.bits |= part.bits
                result.spelled += part.spelled
            }
            return result
        default:
            return nil
        }
    }

    /// Swift spelling for messages: `.biometryAny`, `[.biometryAny, .or, .devicePasscode]`.
    public var swiftDescription: String {
        if spelled.isEmpty { return "rawValue \(bits)" }
        if spelled.count == 1 { return "." + spelled[0].name }
        return "[" + spelled.map { "." + $0.name }.joined(separator: ", ") + "]"
    }
}
