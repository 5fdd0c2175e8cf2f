import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("AccessControlFlagSet.interpret")
struct AccessControlFlagSetTests {
    @Test(arguments: [
        (Value.member("biometryAny", type: nil), AccessControlFlag.biometryAny.bit),
        (Value.member("biometryAny", type: "SecAccessControlCreateFlags"), AccessControlFlag.biometryAny.bit),
        (Value.member("touchIDAny", type: nil), AccessControlFlag.biometryAny.bit),
        (Value.member("touchIDCurrentSet", type: nil), AccessControlFlag.biometryCurrentSet.bit),
        (Value.member("userPresence", type: nil), AccessControlFlag.userPresence.bit),
        (Value.member("companion", type: nil), UInt64(1) << 5),
        (Value.member("watch", type: nil), UInt64(1) << 5),
        (Value.member("privateKeyUsage", type: nil), UInt64(1) << 30),
        (Value.member("applicationPassword", type: nil), UInt64(1) << 31),
        (Value.symbol("kSecAccessControlBiometryAny"), AccessControlFlag.biometryAny.bit),
        (Value.symbol("kSecAccessControlDevicePasscode"), AccessControlFlag.devicePasscode.bit),
        (Value.rawValue(2, type: nil), UInt64(2)),
        (Value.rawValue(0x4002, type: "SecAccessControlCreateFlags"), UInt64(0x4002)),
        (Value.integer(16), AccessControlFlag.devicePasscode.bit),
        (Value.array([]), UInt64(0)),
        (Value.array([.member("biometryAny", type: nil), .member("or", type: nil), .member("devicePasscode", type: nil)]),
         UInt64(0x4012)),
        (Value.array([.symbol("kSecAccessControlBiometryCurrentSet"), .member("privateKeyUsage", type: nil)]),
         (UInt64(1) << 3) | (UInt64(1) << 30)),
        (Value.array([.member("biometryAny", type: nil), .member("touchIDAny", type: nil)]), AccessControlFlag.biometryAny.bit),
    ])
    func interpretsFlags(_ value: Value, _ bits: UInt64) {
        let set = AccessControlFlagSet.interpret(value)
        #expect(set?.bits == bits, "\(value)")
    }

    @Test(arguments: [
        Value.member("userPresence", type: "AuthMode"),
        Value.member("biometryAny", type: "LAPolicy"),
        Value.member("kSecAccessControlBiometryAny", type: nil),
        Value.member("faceID", type: nil),
        Value.symbol("biometryAny"),
        Value.symbol("kSecAttrAccessibleWhenUnlocked"),
        Value.symbol("kSecAccessControlSomethingNew"),
        Value.rawValue(2, type: "OtherOptions"),
        Value.rawValue(-1, type: nil),
        Value.integer(-4),
        Value.string("biometryAny"),
        Value.bool(true),
        Value.null,
        Value.opaque("flags"),
        Value.call(CallValue(name: "decodeFlags", receiver: .symbol("policy"), arguments: [])),
        Value.array([.member("biometryAny", type: nil), .member("userPresence", type: "AuthMode")]),
        Value.array([.member("biometryAny", type: nil), .opaque("extra")]),
    ])
    func rejectsWhatIsNotCertainlyFlags(_ value: Value) {
        #expect(AccessControlFlagSet.interpret(value) == nil, "\(value)")
    }

    @Test func spellingIsKeptInSourceOrder() throws {
        let set = try #require(AccessControlFlagSet.interpret(
            .array([.member("touchIDAny", type: nil), .member("or", type: nil), .symbol("kSecAccessControlDevicePasscode")])))
        #expect(set.spelled.map(\.name) == ["touchIDAny", "or", "devicePasscode"])
        #expect(set.spelling(of: .biometryAny) == "touchIDAny")
        #expect(set.spelling(of: .biometryCurrentSet) == "biometryCurrentSet")
        #expect(set.swiftDescription == "[.touchIDAny, .or, .devicePasscode]")
        #expect(set.isUserPresenceCombination)
    }

    @Test func rawValuesHaveNoSpelling() throws {
        let set = try #require(AccessControlFlagSet.interpret(.rawValue(2, type: nil)))
        #expect(set.spelled.isEmpty)
        #expect(set.swiftDescription == "rawValue 2")
        #expect(set.contains(.biometryAny))
        #expect(!set.contains(.biometryCurrentSet))
    }

    @Test(arguments: [
        ("[.biometryAny, .or, .devicePasscode]", true),
        ("[.devicePasscode, .or, .biometryAny]", true),
        ("[.touchIDAny, .or, .devicePasscode, .privateKeyUsage]", true),
        ("[.biometryAny, .devicePasscode]", false),
        ("[.biometryAny, .and, .devicePasscode]", false),
        ("[.biometryCurrentSet, .or, .devicePasscode]", false),
        (".userPresence", false),
        (".init(rawValue: 0x4012)", true),
    ])
    func userPresenceCombination(_ expression: String, _ expected: Bool) throws {
        let resolution = resolveProbe("func f() { probe(\(expression)) }")
        let value = try #require(resolution.singleValue)
        let set = try #require(AccessControlFlagSet.interpret(value))
        #expect(set.isUserPresenceCombination == expected)
    }

    @Test func resolvedUnrelatedEnumMemberIsNotAFlag() throws {
        let resolution = resolveProbe(
            """
            enum AuthMode { case userPresence, biometryAny }
            func f() { probe(AuthMode.userPresence) }
            """)
        let value = try #require(resolution.singleValue)
        #expect(AccessControlFlagSet.interpret(value) == nil)
    }

    @Test func flagTableIsConsistent() {
        for flag in AccessControlFlag.all {
            #expect(AccessControlFlag.named(flag.name) == flag)
            #expect(AccessControlFlag.named(flag.constant)?.bit == flag.bit)
            #expect(flag.constant.hasPrefix("kSecAccessControl"))
        }
        #expect(AccessControlFlag.named("touchIDAny")?.bit == AccessControlFlag.named("biometryAny")?.bit)
        #expect(AccessControlFlag.named("nonsense") == nil)
    }
}
