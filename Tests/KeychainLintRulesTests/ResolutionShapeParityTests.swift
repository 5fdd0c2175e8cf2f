import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintEngine
import Testing

/// The resolution shapes side by side: for each way a value reaches a check (a literal, a local
/// through branches, a constant of another file, …), one Swift source and one Objective-C source
/// in which the same check (`swift.x` and `objc.x`) must report at the marked place (`↓`), run
/// through the real scanner with every rule enabled. A shape one language does not follow yet is
/// listed in `knownGaps` with the reason; that test fails when such a source starts to produce the
/// finding, so the list stays true.
@Suite("Resolution shapes: Swift and Objective-C side by side")
struct ResolutionShapeParityTests {
    /// One source of a shape: its files, one `↓` marking where the check must report.
    struct Source: Sendable {
        let files: [String: String]

        init(_ files: [String: String]) { self.files = files }

        /// A one-file source (`Example.swift` / `Example.m`).
        init(swift code: String) { files = ["Example.swift": code] }
        init(objectiveC code: String) { files = ["Example.m": code] }

        /// The marked place: (file, line, UTF-8 column).
        var expected: (file: String, line: Int, column: Int)? {
            RuleExample.triggering("", files: files, messages: [""]).markerPositions.first
        }
    }

    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        /// The check, without its language prefix (`weak_biometric_acl`).
        let check: String
        let swift: Source
        let objectiveC: Source

        var testDescription: String { "\(name) (\(check))" }
    }

    /// A shape one language does not follow: its source there must produce no finding of the
    /// check, while the other language's source must report at its `↓`.
    struct Gap: CustomTestStringConvertible, Sendable {
        let name: String
        /// The language that does not follow the shape.
        let language: SourceLanguage
        let check: String
        let reason: String
        /// In `language`: no finding expected.
        let source: Source
        /// In the other language: the finding expected at `↓`.
        let supported: Source

        var testDescription: String { "\(language.rawValue) misses: \(name)" }
    }

    /// The findings of `ruleId` over `source`, scanned with every rule, as (file, line, column).
    static func findings(_ ruleId: String, in source: Source) throws -> [String] {
        let scanner = try Scanner(configuration: Configuration())
        let stripped = source.files.mapValues { $0.replacingOccurrences(of: "↓", with: "") }
        let inputs = stripped.sorted { $0.key < $1.key }.map { ProjectIndex.Input(path: $0.key, text: $0.value) }
        return scanner.scan(sources: inputs).findings.filter { $0.ruleId == ruleId }
            .map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" }
    }

    @Test(arguments: shapes)
    func bothLanguagesReportTheShape(_ shape: Shape) throws {
        for (language, source) in [(SourceLanguage.swift, shape.swift), (.objectiveC, shape.objectiveC)] {
            let ruleId = language.ruleIdPrefix + shape.check
            let expected = try #require(source.expected, "\(shape.name): the \(language.rawValue) source has no ↓")
            let reported = try Self.findings(ruleId, in: source)
            #expect(reported == ["\(expected.file):\(expected.line):\(expected.column)"], "\(shape.name), \(ruleId)")
        }
    }

    @Test(arguments: knownGaps)
    func aKnownGapStillReportsNothing(_ gap: Gap) throws {
        let ruleId = gap.language.ruleIdPrefix + gap.check
        let reported = try Self.findings(ruleId, in: gap.source)
        #expect(reported.isEmpty, "\(gap.name) is followed now (\(reported)): mark the place with ↓ and move it to `shapes`")
        let other: SourceLanguage = gap.language == .swift ? .objectiveC : .swift
        let expected = try #require(gap.supported.expected, "\(gap.name): the \(other.rawValue) source has no ↓")
        let supported = try Self.findings(other.ruleIdPrefix + gap.check, in: gap.supported)
        #expect(supported == ["\(expected.file):\(expected.line):\(expected.column)"], "\(gap.name), \(other.ruleIdPrefix + gap.check)")
    }

    @Test("every shape the list names is covered, and no shape is both supported and a gap")
    func theListIsComplete() {
        let names = Set(Self.shapes.map(\.name)).union(Self.knownGaps.map(\.name))
        for required in [
            "literal", "local through branches", "constant in another file", "#define / static let", "function return", "function of another file",
            "method of a class of another file",
            "caller's argument", "branch chosen by the argument passed", "instance state", "initializer argument kept per instance", "property set through an instance from another type",
            "dictionary built in steps", "flags through | / set algebra", "conversion of a constant to data", "byte array",
        ] {
            #expect(names.contains(required), "\(required)")
        }
        for gap in Self.knownGaps {
            #expect(!Self.shapes.contains { $0.name == gap.name }, "\(gap.name) is listed as supported and as a gap")
            #expect(!gap.reason.isEmpty)
        }
    }

    static let strongProtection = "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"

    static let shapes: [Shape] = [
        Shape(
            name: "literal", check: "weak_biometric_acl",
            swift: Source(swift: """
                let access = SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓.biometryAny, nil)
                """),
            objectiveC: Source(objectiveC: """
                void Make(void) {
                    SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓kSecAccessControlBiometryAny, NULL);
                }
                """)),
        Shape(
            name: "local through branches", check: "weak_biometric_acl",
            swift: Source(swift: """
                func make(legacy: Bool) -> SecAccessControl? {
                    var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                    if legacy { flags = .biometryAny }
                    return SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                }
                """),
            objectiveC: Source(objectiveC: """
                SecAccessControlRef Make(BOOL legacy) {
                    SecAccessControlCreateFlags flags = kSecAccessControlBiometryCurrentSet;
                    if (legacy) { flags = kSecAccessControlBiometryAny; }
                    return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓flags, NULL);
                }
                """)),
        Shape(
            name: "constant in another file", check: "weak_biometric_acl",
            swift: Source([
                "Flags.swift": "enum Flags { static let session: SecAccessControlCreateFlags = .biometryAny }\n",
                "Store.swift": """
                    func make() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓Flags.session, nil)
                    }
                    """,
            ]),
            objectiveC: Source([
                "Flags.h": "extern const SecAccessControlCreateFlags kSessionFlags;\n",
                "Flags.m": "const SecAccessControlCreateFlags kSessionFlags = kSecAccessControlBiometryAny;\n",
                "Store.m": """
                    #import "Flags.h"
                    SecAccessControlRef Make(void) {
                        return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓kSessionFlags, NULL);
                    }
                    """,
            ])),
        Shape(
            name: "#define / static let", check: "weak_biometric_acl",
            swift: Source(swift: """
                enum Keychain { static let flags: SecAccessControlCreateFlags = .biometryAny }
                let access = SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓Keychain.flags, nil)
                """),
            objectiveC: Source(objectiveC: """
                #define KEYCHAIN_FLAGS kSecAccessControlBiometryAny
                SecAccessControlRef Make(void) {
                    return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓KEYCHAIN_FLAGS, NULL);
                }
                """)),
        Shape(
            name: "function return", check: "weak_biometric_acl",
            swift: Source(swift: """
                func defaultFlags() -> SecAccessControlCreateFlags { .biometryAny }
                let access = SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓defaultFlags(), nil)
                """),
            objectiveC: Source(objectiveC: """
                @implementation Store
                + (SecAccessControlCreateFlags)defaultFlags { return kSecAccessControlBiometryAny; }
                - (SecAccessControlRef)make {
                    return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓[[self class] defaultFlags], NULL);
                }
                @end
                """)),
        Shape(
            name: "function of another file", check: "weak_biometric_acl",
            swift: Source([
                "Flags.swift": "func defaultFlags() -> SecAccessControlCreateFlags { .biometryAny }\n",
                "Store.swift": """
                    func make() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓defaultFlags(), nil)
                    }
                    """,
            ]),
            objectiveC: Source([
                "Flags.m": "SecAccessControlCreateFlags DefaultFlags(void) { return kSecAccessControlBiometryAny; }\n",
                "Store.m": """
                    SecAccessControlCreateFlags DefaultFlags(void);
                    SecAccessControlRef Make(void) {
                        return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓DefaultFlags(), NULL);
                    }
                    """,
            ])),
        Shape(
            name: "method of a class of another file", check: "weak_biometric_acl",
            swift: Source([
                "Config.swift": """
                    enum KeychainConfig {
                        static func flags(strict: Bool) -> SecAccessControlCreateFlags { strict ? .biometryCurrentSet : .biometryAny }
                    }
                    """,
                "Store.swift": """
                    func make() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓KeychainConfig.flags(strict: false), nil)
                    }
                    func makeStrict() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), KeychainConfig.flags(strict: true), nil)
                    }
                    """,
            ]),
            objectiveC: Source([
                "Config.m": """
                    @implementation KeychainConfig
                    + (SecAccessControlCreateFlags)flagsStrict:(BOOL)strict {
                        return strict ? kSecAccessControlBiometryCurrentSet : kSecAccessControlBiometryAny;
                    }
                    @end
                    """,
                "Store.m": """
                    SecAccessControlRef Make(void) {
                        return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓[KeychainConfig flagsStrict:NO], NULL);
                    }
                    SecAccessControlRef MakeStrict(void) {
                        return SecAccessControlCreateWithFlags(NULL, \(strongProtection), [KeychainConfig flagsStrict:YES], NULL);
                    }
                    """,
            ])),
        Shape(
            name: "caller's argument", check: "weak_biometric_acl",
            swift: Source(swift: """
                func make(_ flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                    SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                }
                let access = make(.biometryAny)
                """),
            objectiveC: Source(objectiveC: """
                static SecAccessControlRef Make(SecAccessControlCreateFlags flags) {
                    return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓flags, NULL);
                }
                void Run(void) { Make(kSecAccessControlBiometryAny); }
                """)),
        Shape(
            name: "caller's argument from another file", check: "weak_biometric_acl",
            swift: Source([
                "Access.swift": """
                    func makeAccess(_ flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                    }
                    """,
                "Store.swift": "let access = makeAccess(.biometryAny)\n",
            ]),
            objectiveC: Source([
                "Access.m": """
                    SecAccessControlRef MakeAccess(SecAccessControlCreateFlags flags) {
                        return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓flags, NULL);
                    }
                    """,
                "Store.m": """
                    SecAccessControlRef MakeAccess(SecAccessControlCreateFlags flags);
                    void Run(void) { MakeAccess(kSecAccessControlBiometryAny); }
                    """,
            ])),
        Shape(
            name: "branch chosen by the argument passed", check: "weak_biometric_acl",
            swift: Source(swift: """
                func flags(legacy: Bool) -> SecAccessControlCreateFlags {
                    if legacy { return .biometryAny } else { return .biometryCurrentSet }
                }
                let old = SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags(legacy: true), nil)
                let current = SecAccessControlCreateWithFlags(nil, \(strongProtection), flags(legacy: false), nil)
                """),
            objectiveC: Source(objectiveC: """
                static SecAccessControlCreateFlags Flags(BOOL legacy) {
                    if (legacy) { return kSecAccessControlBiometryAny; } else { return kSecAccessControlBiometryCurrentSet; }
                }
                void Run(void) {
                    SecAccessControlRef old = SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓Flags(YES), NULL);
                    SecAccessControlRef current = SecAccessControlCreateWithFlags(NULL, \(strongProtection), Flags(NO), NULL);
                }
                """)),
        Shape(
            name: "property set through an instance from another type", check: "weak_biometric_acl",
            swift: Source(swift: """
                final class Vault {
                    var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                    func make() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                    }
                }
                final class Setup {
                    func configure(_ vault: Vault) { vault.flags = .biometryAny }
                }
                """),
            objectiveC: Source(objectiveC: """
                @implementation Vault
                - (SecAccessControlRef)make {
                    return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓self.flags, NULL);
                }
                @end
                @implementation Setup
                - (void)configure:(Vault *)vault { vault.flags = kSecAccessControlBiometryAny; }
                @end
                """)),
        Shape(
            name: "instance state", check: "weak_biometric_acl",
            swift: Source(swift: """
                final class Vault {
                    var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                    func useLegacyFlags() { flags = .biometryAny }
                    func make() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                    }
                }
                """),
            objectiveC: Source(objectiveC: """
                @implementation Vault
                - (void)useLegacyFlags { self.flags = kSecAccessControlBiometryAny; }
                - (SecAccessControlRef)make {
                    return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓self.flags, NULL);
                }
                @end
                """)),
        Shape(
            name: "dictionary built in steps", check: "weak_keychain_accessibility",
            swift: Source(swift: """
                func save(_ data: Data) {
                    var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
                    query[kSecAttrAccessible as String] = ↓kSecAttrAccessibleAlways
                    let status = SecItemAdd(query as CFDictionary, nil)
                    print(status)
                }
                """),
            objectiveC: Source(objectiveC: """
                void Save(NSData *data) {
                    NSMutableDictionary *query = [NSMutableDictionary dictionary];
                    query[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                    query[(__bridge id)kSecValueData] = data;
                    query[(__bridge id)kSecAttrAccessible] = ↓(__bridge id)kSecAttrAccessibleAlways;
                    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    NSLog(@"%d", (int)status);
                }
                """)),
        Shape(
            name: "flags through | / set algebra", check: "weak_biometric_acl",
            swift: Source(swift: """
                func make() -> SecAccessControl? {
                    var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
                    flags.insert(.biometryAny)
                    return SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                }
                """),
            objectiveC: Source(objectiveC: """
                SecAccessControlRef Make(void) {
                    SecAccessControlCreateFlags flags = kSecAccessControlPrivateKeyUsage;
                    flags |= kSecAccessControlBiometryAny;
                    return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓flags, NULL);
                }
                """)),
        Shape(
            name: "conversion of a constant to data", check: "hardcoded_application_password",
            swift: Source(swift: """
                let backupPassword = "0000"
                func unlock(_ context: LAContext) {
                    context.setCredential(↓Data(backupPassword.utf8), type: .applicationPassword)
                }
                """),
            objectiveC: Source(objectiveC: """
                static NSString *const kBackupPassword = @"0000";
                void Unlock(LAContext *context) {
                    [context setCredential:↓[kBackupPassword dataUsingEncoding:NSUTF8StringEncoding] type:LACredentialTypeApplicationPassword];
                }
                """)),
        Shape(
            name: "byte array", check: "hardcoded_application_password",
            swift: Source(swift: """
                let pin: [UInt8] = [0x31, 0x32, 0x33, 0x34]
                func unlock(_ context: LAContext) {
                    context.setCredential(↓Data(pin), type: .applicationPassword)
                }
                """),
            objectiveC: Source(objectiveC: """
                static const unsigned char kPIN[] = {0x31, 0x32, 0x33, 0x34};
                void Unlock(LAContext *context) {
                    [context setCredential:↓[NSData dataWithBytes:kPIN length:sizeof(kPIN)] type:LACredentialTypeApplicationPassword];
                }
                """)),
        Shape(
            name: "initializer argument kept per instance", check: "weak_biometric_acl",
            swift: Source(swift: """
                final class Vault {
                    let flags: SecAccessControlCreateFlags
                    init(flags: SecAccessControlCreateFlags) { self.flags = flags }
                    func make() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                    }
                }
                let access = Vault(flags: .biometryAny).make()
                """),
            objectiveC: Source(objectiveC: """
                @implementation Vault
                - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                    self = [super init];
                    _flags = flags;
                    return self;
                }
                - (SecAccessControlRef)make {
                    return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓self.flags, NULL);
                }
                @end
                void Run(void) { Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny]; [vault make]; }
                """)),
        Shape(
            name: "initializer's argument from another file, the method judged on its own", check: "weak_biometric_acl",
            swift: Source([
                "Vault.swift": """
                    final class Vault {
                        let flags: SecAccessControlCreateFlags
                        init(flags: SecAccessControlCreateFlags) { self.flags = flags }
                        func make() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                        }
                    }
                    """,
                "Setup.swift": "let vault = Vault(flags: .biometryAny)\n",
            ]),
            objectiveC: Source([
                "Vault.h": """
                    @interface Vault : NSObject
                    - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags;
                    - (SecAccessControlRef)make;
                    @end
                    """,
                "Vault.m": """
                    #import "Vault.h"
                    @implementation Vault {
                        SecAccessControlCreateFlags _flags;
                    }
                    - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                        if ((self = [super init])) { _flags = flags; }
                        return self;
                    }
                    - (SecAccessControlRef)make {
                        return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓_flags, NULL);
                    }
                    @end
                    """,
                "Setup.m": """
                    #import "Vault.h"
                    void Setup(void) { Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny]; }
                    """,
            ])),
        Shape(
            name: "a library's own presets, the method other code can call judged on its own", check: "weak_biometric_acl",
            swift: Source(swift: """
                public struct KeyAccess {
                    let flags: SecAccessControlCreateFlags
                    public static let signing = KeyAccess(flags: [.biometryCurrentSet, .privateKeyUsage])
                    public static let legacy = KeyAccess(flags: .biometryAny)
                    public func make() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓flags, nil)
                    }
                }
                """),
            objectiveC: Source([
                "KeyAccess.h": """
                    @interface KeyAccess : NSObject
                    + (instancetype)signing;
                    + (instancetype)legacy;
                    - (SecAccessControlRef)make;
                    @end
                    """,
                "KeyAccess.m": """
                    #import "KeyAccess.h"
                    @implementation KeyAccess {
                        SecAccessControlCreateFlags _flags;
                    }
                    - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                        if ((self = [super init])) { _flags = flags; }
                        return self;
                    }
                    + (instancetype)signing { return [[KeyAccess alloc] initWithFlags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage]; }
                    + (instancetype)legacy { return [[KeyAccess alloc] initWithFlags:kSecAccessControlBiometryAny]; }
                    - (SecAccessControlRef)make {
                        return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓_flags, NULL);
                    }
                    @end
                    """,
            ])),
        Shape(
            name: "instances built in another file, two arguments judged per instance", check: "biometric_item_not_device_bound",
            swift: Source([
                "KeyAccess.swift": """
                    final class KeyAccess {
                        let protection: CFString
                        let flags: SecAccessControlCreateFlags
                        init(protection: CFString, flags: SecAccessControlCreateFlags) {
                            self.protection = protection
                            self.flags = flags
                        }
                        func make() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, ↓protection, flags, nil)
                        }
                    }
                    """,
                "Keys.swift": """
                    let publicKey = KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [])
                    let privateKey = KeyAccess(protection: kSecAttrAccessibleWhenUnlocked, flags: .biometryCurrentSet)
                    """,
            ]),
            objectiveC: Source([
                "KeyAccess.h": """
                    @interface KeyAccess : NSObject
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags;
                    - (SecAccessControlRef)make;
                    @end
                    """,
                "KeyAccess.m": """
                    #import "KeyAccess.h"
                    @implementation KeyAccess {
                        CFStringRef _protection;
                        SecAccessControlCreateFlags _flags;
                    }
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                        if ((self = [super init])) { _protection = protection; _flags = flags; }
                        return self;
                    }
                    - (SecAccessControlRef)make {
                        return SecAccessControlCreateWithFlags(NULL, ↓_protection, _flags, NULL);
                    }
                    @end
                    """,
                "Keys.m": """
                    #import "KeyAccess.h"
                    KeyAccess *PublicKey(void) { return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly flags:0]; }
                    KeyAccess *PrivateKey(void) { return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleWhenUnlocked flags:kSecAccessControlBiometryCurrentSet]; }
                    """,
            ])),
        Shape(
            name: "dictionary lookup with a key from a function outside the scan", check: "weak_keychain_accessibility",
            swift: Source(swift: """
                enum Protection { case unlocked, anyTime }
                let table: [Protection: CFString] = [.unlocked: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .anyTime: kSecAttrAccessibleAlways]
                func save(_ data: Data) -> OSStatus {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: ↓table[loadProtection()]!]
                    return SecItemAdd(query as CFDictionary, nil)
                }
                """),
            objectiveC: Source(objectiveC: """
                typedef NS_ENUM(NSInteger, Protection) { ProtectionUnlocked, ProtectionAnyTime };
                OSStatus Save(NSData *data) {
                    NSDictionary *table = @{@(ProtectionUnlocked): (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly, @(ProtectionAnyTime): (__bridge id)kSecAttrAccessibleAlways};
                    NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccessible: ↓table[@(LoadProtection())]};
                    return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                """)),
        Shape(
            name: "dictionary lookup with the key a caller passes", check: "weak_keychain_accessibility",
            swift: Source(swift: """
                enum Protection { case unlocked, anyTime }
                let table: [Protection: CFString] = [.unlocked: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .anyTime: kSecAttrAccessibleAlways]
                func save(_ data: Data, protection: Protection) -> OSStatus {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: ↓table[protection]!]
                    return SecItemAdd(query as CFDictionary, nil)
                }
                func saveSession(_ data: Data) -> OSStatus { save(data, protection: .anyTime) }
                """),
            objectiveC: Source(objectiveC: """
                typedef NS_ENUM(NSInteger, Protection) { ProtectionUnlocked, ProtectionAnyTime };
                OSStatus Save(NSData *data, Protection protection) {
                    NSDictionary *table = @{@(ProtectionUnlocked): (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly, @(ProtectionAnyTime): (__bridge id)kSecAttrAccessibleAlways};
                    NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccessible: ↓table[@(protection)]};
                    return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                OSStatus SaveSession(NSData *data) { return Save(data, ProtectionAnyTime); }
                """)),
        Shape(
            name: "a value derived from a switch subject inside a case over it: that case's value only", check: "weak_keychain_accessibility",
            swift: Source(swift: """
                enum Mode {
                    case open, sealed
                    var protection: CFString {
                        switch self {
                        case .open: return kSecAttrAccessibleAlways
                        case .sealed: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                        }
                    }
                }
                public func save(_ data: Data, mode: Mode) -> OSStatus {
                    switch mode {
                    case .open:
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: ↓mode.protection]
                        return SecItemAdd(query as CFDictionary, nil)
                    case .sealed:
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: mode.protection]
                        return SecItemAdd(query as CFDictionary, nil)
                    }
                }
                """),
            objectiveC: Source(objectiveC: """
                typedef NS_ENUM(NSInteger, Mode) { ModeOpen, ModeSealed };
                @implementation Vault
                - (CFStringRef)protection {
                    switch (self.mode) {
                        case ModeOpen: return kSecAttrAccessibleAlways;
                        case ModeSealed: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                    }
                    return kSecAttrAccessibleWhenUnlocked;
                }
                - (OSStatus)saveData:(NSData *)data {
                    switch (self.mode) {
                        case ModeOpen: {
                            NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccessible: ↓(__bridge id)[self protection]};
                            return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                        }
                        case ModeSealed: {
                            NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecAttrAccessible: (__bridge id)[self protection]};
                            return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                        }
                    }
                    return errSecParam;
                }
                @end
                """)),
        Shape(
            name: "a library's own enum taken by a public method no code of the scan calls", check: "weak_biometric_acl",
            swift: Source(swift: """
                public enum Unlock {
                    case face, anyFace
                    var flags: SecAccessControlCreateFlags {
                        switch self {
                        case .face: return .biometryCurrentSet
                        case .anyFace: return .biometryAny
                        }
                    }
                }
                struct LockOptions { var unlock: Unlock = .face }
                public final class Lock {
                    private let options: LockOptions
                    public convenience init() { self.init(LockOptions()) }
                    fileprivate init(_ options: LockOptions) { self.options = options }
                    public func unlock(_ unlock: Unlock) -> Lock {
                        var options = self.options
                        options.unlock = unlock
                        return Lock(options)
                    }
                    public func access() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, \(strongProtection), ↓options.unlock.flags, nil)
                    }
                }
                """),
            objectiveC: Source([
                "Lock.h": """
                    typedef NS_OPTIONS(NSUInteger, Unlock) { UnlockFace = 1 << 3, UnlockAnyFace = 1 << 1 };
                    @interface Lock : NSObject
                    - (void)setUnlock:(Unlock)unlock;
                    - (SecAccessControlRef)access;
                    @end
                    """,
                "Lock.m": """
                    #import "Lock.h"
                    @implementation Lock {
                        Unlock _unlock;
                    }
                    - (void)setUnlock:(Unlock)unlock { _unlock = unlock; }
                    - (SecAccessControlRef)access {
                        return SecAccessControlCreateWithFlags(NULL, \(strongProtection), ↓(SecAccessControlCreateFlags)_unlock, NULL);
                    }
                    @end
                    """,
            ])),
        Shape(
            name: "two arguments assigned together in each case of a switch, judged per case", check: "biometric_item_not_device_bound",
            swift: Source(swift: """
                func make(level: Int) -> SecAccessControl? {
                    var protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                    var flags: SecAccessControlCreateFlags = []
                    switch level {
                    case 1:
                        protection = kSecAttrAccessibleAfterFirstUnlock
                        flags = .privateKeyUsage
                    case 2:
                        protection = kSecAttrAccessibleWhenUnlocked
                        flags = .biometryCurrentSet
                    default:
                        flags = .biometryCurrentSet
                    }
                    return SecAccessControlCreateWithFlags(nil, ↓protection, flags, nil)
                }
                """),
            objectiveC: Source(objectiveC: """
                SecAccessControlRef Make(int level) {
                    CFStringRef protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                    SecAccessControlCreateFlags flags = 0;
                    switch (level) {
                        case 1:
                            protection = kSecAttrAccessibleAfterFirstUnlock;
                            flags = kSecAccessControlPrivateKeyUsage;
                            break;
                        case 2:
                            protection = kSecAttrAccessibleWhenUnlocked;
                            flags = kSecAccessControlBiometryCurrentSet;
                            break;
                        default:
                            flags = kSecAccessControlBiometryCurrentSet;
                    }
                    return SecAccessControlCreateWithFlags(NULL, ↓protection, flags, NULL);
                }
                """)),
        Shape(
            name: "an LAContext parameter every caller fills with a new context", check: "boolean_only_local_authentication",
            swift: Source(swift: """
                final class Gate {
                    func open(context: LAContext, done: @escaping () -> Void) {
                        ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, _ in
                            if ok { done() }
                        }
                    }
                    func start() { open(context: LAContext()) {} }
                }
                """),
            objectiveC: Source(objectiveC: """
                @implementation Gate
                - (void)openWithContext:(LAContext *)context done:(void (^)(void))done {
                    ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                      reply:^(BOOL ok, NSError *error) { if (ok) { done(); } }];
                }
                - (void)start { [self openWithContext:[LAContext new] done:^{}]; }
                @end
                """)),
        Shape(
            name: "a query whose one branch has more values than are kept, the accessibility in the other", check: "weak_keychain_accessibility",
            swift: Source(swift: """
                import Security

                enum Retention { case session, device, background, forever }
                enum Gate { case finger, fingerAndPasscode, fingerAndPassword, password, fingerAndBoth, watchOrFinger, passcodeAndPassword, all }

                func protection(_ retention: Retention) -> CFString {
                    switch retention {
                    case .session: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    case .device: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                    case .background: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                    case .forever: return kSecAttrAccessibleAlways
                    }
                }
                func deviceProtection(_ retention: Retention) -> CFString {
                    switch retention {
                    case .session: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    case .device: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                    case .background: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                    case .forever: return kSecAttrAccessibleWhenUnlocked
                    }
                }
                func flags(_ gate: Gate) -> SecAccessControlCreateFlags {
                    switch gate {
                    case .finger: return .biometryCurrentSet
                    case .fingerAndPasscode: return [.biometryCurrentSet, .and, .devicePasscode]
                    case .fingerAndPassword: return [.biometryCurrentSet, .applicationPassword]
                    case .password: return .applicationPassword
                    case .fingerAndBoth: return [.biometryCurrentSet, .and, .applicationPassword]
                    case .watchOrFinger: return [.biometryCurrentSet, .or, .companion]
                    case .passcodeAndPassword: return [.devicePasscode, .and, .applicationPassword]
                    case .all: return [.biometryCurrentSet, .and, .devicePasscode, .applicationPassword]
                    }
                }
                func keep(_ blob: Data, retention: Retention, gate: Gate, guarded: Bool, label: String?, group: String?) -> OSStatus {
                    var item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: blob]
                    if let label { item[kSecAttrLabel as String] = label }
                    if let group { item[kSecAttrAccessGroup as String] = group }
                    if guarded {
                        var error: Unmanaged<CFError>?
                        guard let control = SecAccessControlCreateWithFlags(nil, deviceProtection(retention), flags(gate), &error) else { return errSecParam }
                        item[kSecAttrAccessControl as String] = control
                    } else {
                        item[kSecAttrAccessible as String] = ↓protection(retention)
                    }
                    return SecItemAdd(item as CFDictionary, nil)
                }
                """),
            objectiveC: Source(objectiveC: """
                typedef NS_ENUM(NSInteger, Retention) { RetentionSession, RetentionDevice, RetentionBackground, RetentionForever };
                typedef NS_ENUM(NSInteger, Gate) { GateFinger, GateFingerAndPasscode, GateFingerAndPassword, GatePassword, GateFingerAndBoth, GateWatchOrFinger, GatePasscodeAndPassword, GateAll };
                static CFStringRef Protection(Retention retention) {
                    switch (retention) {
                        case RetentionSession: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                        case RetentionDevice: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                        case RetentionBackground: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                        default: return kSecAttrAccessibleAlways;
                    }
                }
                static CFStringRef DeviceProtection(Retention retention) {
                    switch (retention) {
                        case RetentionSession: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                        case RetentionDevice: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                        case RetentionBackground: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                        default: return kSecAttrAccessibleWhenUnlocked;
                    }
                }
                static SecAccessControlCreateFlags Flags(Gate gate) {
                    switch (gate) {
                        case GateFinger: return kSecAccessControlBiometryCurrentSet;
                        case GateFingerAndPasscode: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlDevicePasscode;
                        case GateFingerAndPassword: return kSecAccessControlBiometryCurrentSet | kSecAccessControlApplicationPassword;
                        case GatePassword: return kSecAccessControlApplicationPassword;
                        case GateFingerAndBoth: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlApplicationPassword;
                        case GateWatchOrFinger: return kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | kSecAccessControlCompanion;
                        case GatePasscodeAndPassword: return kSecAccessControlDevicePasscode | kSecAccessControlAnd | kSecAccessControlApplicationPassword;
                        default: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlDevicePasscode | kSecAccessControlApplicationPassword;
                    }
                }
                OSStatus Keep(NSData *blob, Retention retention, Gate gate, BOOL guarded, NSString *label, NSString *group) {
                    NSMutableDictionary *item = [NSMutableDictionary dictionary];
                    item[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                    item[(__bridge id)kSecValueData] = blob;
                    if (label) { item[(__bridge id)kSecAttrLabel] = label; }
                    if (group) { item[(__bridge id)kSecAttrAccessGroup] = group; }
                    if (guarded) {
                        CFErrorRef error = NULL;
                        SecAccessControlRef control = SecAccessControlCreateWithFlags(NULL, DeviceProtection(retention), Flags(gate), &error);
                        if (control == NULL) { CFRelease(error); return errSecParam; }
                        item[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)control;
                    } else {
                        item[(__bridge id)kSecAttrAccessible] = ↓(__bridge id)Protection(retention);
                    }
                    return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                }
                """)),
        Shape(
            name: "nested key attributes copied out, given an access control and stored back", check: "key_without_user_authentication",
            swift: Source(swift: """
                import Security

                func protected(_ parameters: [String: Any]) -> [String: Any] {
                    var all = parameters
                    guard var keyAttributes = all[kSecPrivateKeyAttrs as String] as? [String: Any],
                        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .privateKeyUsage, nil)
                    else { return [:] }
                    keyAttributes[kSecAttrAccessControl as String] = access
                    all[kSecPrivateKeyAttrs as String] = keyAttributes
                    return all
                }

                func makeDeviceKey() -> SecKey? {
                    let parameters: [String: Any] = [
                        kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                        kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                        kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true],
                    ]
                    return ↓SecKeyCreateRandomKey(protected(parameters) as CFDictionary, nil)
                }
                """),
            objectiveC: Source(objectiveC: """
                #import <Foundation/Foundation.h>
                #import <Security/Security.h>

                static NSDictionary *Protected(NSDictionary *parameters) {
                    NSMutableDictionary *all = [parameters mutableCopy];
                    NSMutableDictionary *keyAttributes = [all[(__bridge id)kSecPrivateKeyAttrs] mutableCopy];
                    SecAccessControlRef access = SecAccessControlCreateWithFlags(
                        NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlPrivateKeyUsage, NULL);
                    if (keyAttributes == nil || access == NULL) { return @{}; }
                    keyAttributes[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                    all[(__bridge id)kSecPrivateKeyAttrs] = keyAttributes;
                    return all;
                }

                SecKeyRef MakeDeviceKey(void) {
                    NSDictionary *parameters = @{
                        (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                        (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                        (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES },
                    };
                    return ↓SecKeyCreateRandomKey((__bridge CFDictionaryRef)Protected(parameters), NULL);
                }
                """)),
    ]

    /// Shapes one language does not follow yet.
    static let knownGaps: [Gap] = [
        Gap(
            name: "settings read through a stored property of an instance built outside the scan", language: .objectiveC,
            check: "key_without_user_authentication",
            reason: "the Objective-C resolver does not follow `_configuration.privateKeyAccess` when `_configuration` comes from an initializer's caller outside the file; the Swift one takes what the configuration's initializers put in that property",
            source: Source([
                "SigningKit.h": """
                    #import <Foundation/Foundation.h>
                    #import <Security/Security.h>

                    @interface SKKeyAccess : NSObject
                    @property (nonatomic, readonly) CFStringRef protection;
                    @property (nonatomic, readonly) SecAccessControlCreateFlags flags;
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags;
                    - (SecAccessControlRef)makeAccessControl;
                    @end

                    @interface SKSigningConfiguration : NSObject
                    @property (nonatomic, readonly) SKKeyAccess *publicKeyAccess;
                    @property (nonatomic, readonly) SKKeyAccess *privateKeyAccess;
                    - (instancetype)initWithPublicKeyAccess:(SKKeyAccess *)publicKeyAccess privateKeyAccess:(SKKeyAccess *)privateKeyAccess;
                    + (instancetype)defaultConfiguration;
                    @end

                    @interface SKSigningKeyStore : NSObject
                    - (instancetype)initWithConfiguration:(SKSigningConfiguration *)configuration;
                    - (SecKeyRef)createKey;
                    @end
                    """,
                "SigningKit.m": """
                    #import "SigningKit.h"

                    @implementation SKKeyAccess
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                        self = [super init];
                        if (self) {
                            _protection = protection;
                            _flags = flags;
                        }
                        return self;
                    }
                    - (SecAccessControlRef)makeAccessControl {
                        return SecAccessControlCreateWithFlags(NULL, _protection, _flags, NULL);
                    }
                    @end

                    @implementation SKSigningConfiguration
                    - (instancetype)initWithPublicKeyAccess:(SKKeyAccess *)publicKeyAccess privateKeyAccess:(SKKeyAccess *)privateKeyAccess {
                        self = [super init];
                        if (self) {
                            _publicKeyAccess = publicKeyAccess;
                            _privateKeyAccess = privateKeyAccess;
                        }
                        return self;
                    }
                    + (instancetype)defaultConfiguration {
                        SKKeyAccess *publicAccess = [[SKKeyAccess alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly flags:0];
                        SKKeyAccess *privateAccess = [[SKKeyAccess alloc] initWithProtection:kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                                                                                       flags:kSecAccessControlPrivateKeyUsage];
                        return [[SKSigningConfiguration alloc] initWithPublicKeyAccess:publicAccess privateKeyAccess:privateAccess];
                    }
                    @end

                    @implementation SKSigningKeyStore {
                        SKSigningConfiguration *_configuration;
                    }
                    - (instancetype)initWithConfiguration:(SKSigningConfiguration *)configuration {
                        self = [super init];
                        if (self) {
                            _configuration = configuration;
                        }
                        return self;
                    }
                    - (SecKeyRef)createKey {
                        SecAccessControlRef access = [_configuration.privateKeyAccess makeAccessControl];
                        NSDictionary *attributes = @{
                            (id)kSecAttrKeyType: (id)kSecAttrKeyTypeECSECPrimeRandom,
                            (id)kSecAttrKeySizeInBits: @256,
                            (id)kSecAttrTokenID: (id)kSecAttrTokenIDSecureEnclave,
                            (id)kSecPrivateKeyAttrs: @{(id)kSecAttrIsPermanent: @YES, (id)kSecAttrAccessControl: (__bridge id)access},
                        };
                        return SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
                    }
                    @end
                    """,
            ]),
            supported: Source(swift: """
                public final class KeyAccess {
                    public let protection: CFString
                    public let flags: SecAccessControlCreateFlags
                    public init(protection: CFString, flags: SecAccessControlCreateFlags) {
                        self.protection = protection
                        self.flags = flags
                    }
                    public func makeAccessControl() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, protection, flags, nil)
                    }
                }
                public struct SigningConfiguration {
                    public let publicKeyAccess: KeyAccess
                    public let privateKeyAccess: KeyAccess
                    public init(
                        publicKeyAccess: KeyAccess = KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: []),
                        privateKeyAccess: KeyAccess = KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage])
                    ) {
                        self.publicKeyAccess = publicKeyAccess
                        self.privateKeyAccess = privateKeyAccess
                    }
                }
                public final class SigningKeyStore {
                    public let configuration: SigningConfiguration
                    public init(configuration: SigningConfiguration) { self.configuration = configuration }
                    public func createKey() -> SecKey? {
                        guard let access = configuration.privateKeyAccess.makeAccessControl() else { return nil }
                        let attributes: [String: Any] = [
                            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                            kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                        ]
                        return ↓SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                    }
                }
                """)),
        Gap(
            name: "flags read through a property a protocol requires, from the one conforming type", language: .objectiveC,
            check: "weak_biometric_acl",
            reason: "the Objective-C resolver does not follow a property read through a value declared with a protocol type (`id<KeyPolicy>`) to the classes that adopt it; the Swift one takes what each conforming type of the scan holds",
            source: Source(objectiveC: """
                #import <Foundation/Foundation.h>
                #import <Security/Security.h>

                @protocol KeyPolicy <NSObject>
                @property (nonatomic, readonly) SecAccessControlCreateFlags flags;
                @end

                @interface SigningPolicy : NSObject <KeyPolicy>
                @end

                @implementation SigningPolicy
                - (SecAccessControlCreateFlags)flags { return kSecAccessControlBiometryAny; }
                @end

                SecAccessControlRef MakeAccess(id<KeyPolicy> policy) {
                    return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, policy.flags, NULL);
                }
                """),
            supported: Source(swift: """
                import Security

                protocol KeyPolicy {
                    var flags: SecAccessControlCreateFlags { get }
                }

                struct SigningPolicy: KeyPolicy {
                    var flags: SecAccessControlCreateFlags { .biometryAny }
                }

                func makeAccess(_ policy: KeyPolicy) -> SecAccessControl? {
                    SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓policy.flags, nil)
                }
                """)),
    ]
}
