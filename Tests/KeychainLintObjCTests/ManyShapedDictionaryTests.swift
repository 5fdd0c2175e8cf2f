import KeychainLintModel
import KeychainLintObjC
import Testing

/// Mutable dictionaries built in steps from more optional pieces than a resolution holds shapes
/// of: the shapes kept show every key and every value of a key that checks read, each still one
/// whole dictionary of one path.
@Suite("Objective-C resolver: dictionaries built in steps with many shapes")
struct ManyShapedDictionaryTests {
    /// Five optional attributes no check reads (32 shapes), then an access control or, in the
    /// `else`, an accessibility the option chooses among four constants, the weak one last.
    static let source = """
        typedef NS_ENUM(NSInteger, Retention) { RetentionSession, RetentionDevice, RetentionBackground, RetentionForever };
        static CFStringRef Protection(Retention retention) {
            switch (retention) {
                case RetentionSession: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                case RetentionDevice: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                case RetentionBackground: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                default: return kSecAttrAccessibleAlwaysThisDeviceOnly;
            }
        }
        OSStatus Keep(NSData *blob, Retention retention, SecAccessControlRef gate,
                      NSString *label, NSString *remark, NSString *team, NSString *about, NSNumber *kind) {
            NSMutableDictionary *item = [NSMutableDictionary dictionary];
            item[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
            item[(__bridge id)kSecValueData] = blob;
            if (label) { item[(__bridge id)kSecAttrLabel] = label; }
            if (remark) { item[(__bridge id)kSecAttrComment] = remark; }
            if (team) { item[(__bridge id)kSecAttrAccessGroup] = team; }
            if (about) { item[(__bridge id)kSecAttrDescription] = about; }
            if (kind) { item[(__bridge id)kSecAttrType] = kind; }
            if (gate) {
                item[(__bridge id)kSecAttrAccessControl] = (__bridge id)gate;
            } else {
                item[(__bridge id)kSecAttrAccessible] = (__bridge id)Protection(retention);
            }
            return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
        }
        """

    static func resolved(_ source: String) -> Resolution {
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "SecItemAdd").first?.arguments.first?.value else { return Resolution() }
        return ObjCValueResolver(path: "Keep.m", source: source, tree: tree).resolve(argument)
    }

    static func entries(_ resolution: Resolution) -> [[String: String]] {
        resolution.values.compactMap { traced in
            guard case .dictionary(let entries) = traced.value else { return nil }
            return Dictionary(entries.map { (SecItemKeys.keyName($0.key) ?? "\($0.key)", "\($0.value)") }, uniquingKeysWith: { $1 })
        }
    }

    @Test func everyValueOfAReadKeyIsAmongTheShapesKept() {
        let resolution = Self.resolved(Self.source)
        let accessibilities = Set(Self.entries(resolution).compactMap { $0["kSecAttrAccessible"] })
        #expect(accessibilities == [
            "kSecAttrAccessibleWhenUnlockedThisDeviceOnly", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
            "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", "kSecAttrAccessibleAlwaysThisDeviceOnly",
        ])
        #expect(Self.entries(resolution).contains { $0["kSecAttrAccessControl"] != nil })
        // The access control and the accessibility are set in the two arms of one `if`.
        #expect(!Self.entries(resolution).contains { $0["kSecAttrAccessControl"] != nil && $0["kSecAttrAccessible"] != nil })
        // Every shape dropped is the same as a kept one to every check: nothing to say.
        #expect(!resolution.gaps.contains { $0.reason.contains("possible values") }, "\(resolution.gaps.map(\.reason))")
    }

    /// One more optional attribute (64 shapes): more dictionaries than are built, which is a gap,
    /// and still every accessibility among those kept.
    @Test func beyondTheCandidatesTheBoundIsAGap() {
        let source = Self.source
            .replacingOccurrences(of: "NSNumber *kind)", with: "NSNumber *kind, NSString *maker)")
            .replacingOccurrences(
                of: "if (gate) {", with: "if (maker) { item[(__bridge id)kSecAttrCreator] = maker; }\n    if (gate) {")
        let resolution = Self.resolved(source)
        #expect(resolution.gaps.contains { $0.reason.contains("possible values") })
        let accessibilities = Set(Self.entries(resolution).compactMap { $0["kSecAttrAccessible"] })
        #expect(accessibilities.contains("kSecAttrAccessibleAlwaysThisDeviceOnly"), "\(accessibilities)")
    }

    /// An access control built from every protection and every flag an option may choose (four
    /// protections by eight flags: 32 values of one key, as many as a resolution holds), and in
    /// the `else` the accessibility: the access controls do not take every place before the
    /// accessibility is shown, and each accessibility is shown as often as the access control is.
    @Test func oneKeyWithManyValuesLeavesPlacesForTheOtherKeys() {
        let source = """
            typedef NS_ENUM(NSInteger, Retention) { RetentionSession, RetentionDevice, RetentionBackground, RetentionForever };
            typedef NS_ENUM(NSInteger, Gate) { GateA, GateB, GateC, GateD, GateE, GateF, GateG, GateH };
            static CFStringRef Protection(Retention retention) {
                switch (retention) {
                    case RetentionSession: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                    case RetentionDevice: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                    case RetentionBackground: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                    default: return kSecAttrAccessibleAlways;
                }
            }
            static SecAccessControlCreateFlags Flags(Gate gate) {
                switch (gate) {
                    case GateA: return kSecAccessControlUserPresence;
                    case GateB: return kSecAccessControlBiometryAny;
                    case GateC: return kSecAccessControlBiometryCurrentSet;
                    case GateD: return kSecAccessControlDevicePasscode;
                    case GateE: return kSecAccessControlWatch;
                    case GateF: return kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlDevicePasscode;
                    case GateG: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlDevicePasscode;
                    default: return kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlWatch;
                }
            }
            OSStatus Keep(NSData *blob, Retention retention, Gate gate, BOOL guarded, NSString *label) {
                NSMutableDictionary *item = [NSMutableDictionary dictionary];
                item[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                item[(__bridge id)kSecValueData] = blob;
                if (label) { item[(__bridge id)kSecAttrLabel] = label; }
                if (guarded) {
                    SecAccessControlRef control = SecAccessControlCreateWithFlags(NULL, Protection(retention), Flags(gate), NULL);
                    item[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)control;
                } else {
                    item[(__bridge id)kSecAttrAccessible] = (__bridge id)Protection(retention);
                }
                return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
            }
            """
        let shapes = Self.entries(Self.resolved(source))
        let accessibilities = Set(shapes.compactMap { $0["kSecAttrAccessible"] })
        #expect(accessibilities == [
            "kSecAttrAccessibleWhenUnlockedThisDeviceOnly", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
            "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", "kSecAttrAccessibleAlways",
        ])
        #expect(Set(shapes.compactMap { $0["kSecAttrAccessControl"] }).count >= 4)
        #expect(!shapes.contains { $0["kSecAttrAccessControl"] != nil && $0["kSecAttrAccessible"] != nil })
    }
}
