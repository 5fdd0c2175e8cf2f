import KeychainLintModel
import KeychainLintObjC
import Testing

/// Two arguments of one call resolved together, per instance `self` can be: a settings class a key
/// pair's public and private key share pairs each instance's protection with its own flags.
@Suite("Objective-C resolver: arguments of one call per instance of self")
struct ObjCJointResolutionTests {
    /// Each case's values of the arguments of the first `pair(…)` call of `KeyAccess.m`, as
    /// `[protection values, flags values]`, or nil when the instances are not known; with the
    /// gaps of every case.
    static func jointly(_ source: String, others: [(path: String, text: String)] = []) -> (cases: [[[String]]]?, reasons: [String]) {
        let files = [(path: "KeyAccess.m", text: source)] + others
        let tree = ObjCSyntaxTree.parse(source)
        guard let arguments = tree.calls(named: "pair").first?.arguments.map(\.value) else { return (nil, []) }
        let resolver = ObjCValueResolver(path: "KeyAccess.m", source: source, tree: tree)
        if !others.isEmpty { resolver.constants = ObjCScanConstants(paths: files.map(\.path), text: { [files] in files[$0].text }) }
        let cases = resolver.resolveJointly(arguments)
        return (cases?.map { $0.map { $0.values.map { "\($0.value)" }.sorted() } }, cases?.flatMap { $0.flatMap { $0.gaps.map(\.reason) } } ?? [])
    }

    static func symbol(_ name: String) -> String { "\(Value.symbol(name))" }

    static let keyAccess = """
        @implementation KeyAccess {
            CFStringRef _protection;
            SecAccessControlCreateFlags _flags;
        }
        - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
            self = [super init];
            _protection = protection;
            _flags = flags;
            return self;
        }
        + (instancetype)publicKeyAccess {
            return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly flags:0];
        }
        + (instancetype)privateKeyAccess {
            return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleWhenUnlocked flags:kSecAccessControlBiometryAny];
        }
        - (void)make {
            pair(_protection, _flags);
        }
        @end

        """

    /// A header declaring the method (it may be sent from anywhere), and optionally the initializer.
    static func header(declaringInitializer: Bool = false) -> (path: String, text: String) {
        (path: "KeyAccess.h", text: """
            @interface KeyAccess : NSObject
            - (void)make;
            \(declaringInitializer ? "- (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags;" : "")
            @end
            """)
    }

    /// Locals assigned together in each `case` of a `switch` (and an `if` inside one): one case
    /// per combination that can run, never one case's protection with another's flags.
    @Test func localsAssignedTogetherInEachArmPairPerArm() {
        let result = Self.jointly("""
            void Make(int level) {
                CFStringRef protection = kSecAttrAccessibleAfterFirstUnlock;
                SecAccessControlCreateFlags flags = kSecAccessControlPrivateKeyUsage;
                switch (level) {
                    case 1:
                        protection = kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                        break;
                    case 2:
                        protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                        if (level > 1) { flags = kSecAccessControlBiometryCurrentSet; } else { flags = kSecAccessControlBiometryAny; }
                        break;
                    default:
                        protection = kSecAttrAccessibleAfterFirstUnlock;
                }
                pair(protection, flags);
            }
            """)
        let cases = result.cases ?? []
        #expect(!cases.isEmpty, "\(result.reasons)")
        let strict = Self.symbol("kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly")
        // The biometry flags come only with the protection of their own case.
        for pair in cases where pair[1].contains(where: { $0.contains("Biometry") }) {
            #expect(pair[0] == [strict], "\(pair)")
        }
        #expect(cases.contains { $0[0] == [Self.symbol("kSecAttrAccessibleAfterFirstUnlock")] })
    }

    /// A local built up with `|=`, or assigned in a loop or a block, is not split by arm.
    @Test func localsChangedOtherwiseAreNotSplit() {
        for change in ["flags |= kSecAccessControlBiometryAny;", "for (int i = 0; i < 2; i++) { flags = kSecAccessControlBiometryAny; }"] {
            let result = Self.jointly("""
                void Make(BOOL strict) {
                    CFStringRef protection = kSecAttrAccessibleAfterFirstUnlock;
                    SecAccessControlCreateFlags flags = 0;
                    if (strict) {
                        protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                        \(change)
                    }
                    pair(protection, flags);
                }
                """)
            #expect(result.cases == nil, "\(change)")
        }
    }

    @Test func eachInstanceTheFileBuildsPairsItsOwnState() {
        let result = Self.jointly(Self.keyAccess, others: [Self.header()])
        #expect(result.cases == [
            [[Self.symbol("kSecAttrAccessibleAlwaysThisDeviceOnly")], ["0"]],
            [[Self.symbol("kSecAttrAccessibleWhenUnlocked")], [Self.symbol("kSecAccessControlBiometryAny")]],
        ], "\(result.reasons)")
    }

    /// A header declaring the initializer lets code outside the scan build an instance with any
    /// values: one more case, of gaps, says so.
    @Test func anInitializerAHeaderDeclaresAddsAnInstanceOfUnknownValues() {
        let result = Self.jointly(Self.keyAccess, others: [Self.header(declaringInitializer: true)])
        #expect(result.cases?.count == 3)
        #expect(result.cases?.last == [[], []])
        #expect(result.reasons.contains { $0.contains("a header declares `initWithProtection:flags:`") }, "\(result.reasons)")
    }

    /// The method sent to one instance of the file: that instance alone, as for a single value.
    @Test func theInstancesTheMethodIsSentToComeFirst() {
        let result = Self.jointly(Self.keyAccess + """
            void Run(void) {
                [[KeyAccess privateKeyAccess] make];
                [[KeyAccess publicKeyAccess] make];
            }
            """)
        #expect(result.cases?.count == 2, "\(result.reasons)")
    }

    /// Another file builds an instance through the initializer a header declares: one more
    /// instance, with the values that file passes, beside the gap of instances built outside.
    @Test func anotherFilesConstructionIsOneMoreInstance() {
        let elsewhere = (path: "Other.m", text: """
            #import "KeyAccess.h"
            void Build(void) { [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAlways flags:kSecAccessControlUserPresence]; }
            """)
        let result = Self.jointly(Self.keyAccess, others: [Self.header(declaringInitializer: true), elsewhere])
        #expect(result.cases == [
            [[Self.symbol("kSecAttrAccessibleAlwaysThisDeviceOnly")], ["0"]],
            [[Self.symbol("kSecAttrAccessibleWhenUnlocked")], [Self.symbol("kSecAccessControlBiometryAny")]],
            [[Self.symbol("kSecAttrAccessibleAlways")], [Self.symbol("kSecAccessControlUserPresence")]],
            [[], []],
        ], "\(result.reasons)")
    }

    /// A class whose file builds no instance, built only by other files: those are its instances.
    @Test func instancesBuiltOnlyInOtherFilesAreEnumerated() {
        let bare = Self.keyAccess.components(separatedBy: "+ (instancetype)publicKeyAccess")[0] + """
            - (void)make {
                pair(_protection, _flags);
            }
            @end

            """
        let elsewhere = (path: "Keys.m", text: """
            #import "KeyAccess.h"
            KeyAccess *SigningAccess(void) {
                return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly flags:kSecAccessControlBiometryCurrentSet];
            }
            KeyAccess *VerifyingAccess(void) {
                return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAfterFirstUnlock flags:0];
            }
            """)
        let result = Self.jointly(bare, others: [Self.header(declaringInitializer: true), elsewhere])
        #expect(result.cases == [
            [[Self.symbol("kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly")], [Self.symbol("kSecAccessControlBiometryCurrentSet")]],
            [[Self.symbol("kSecAttrAccessibleAfterFirstUnlock")], ["0"]],
            [[], []],
        ], "\(result.reasons)")
    }

    /// Another file sends the initializer to an object not built there as an instance of the
    /// class (one it was handed): the instances are not all known, each argument is resolved on
    /// its own.
    @Test func instancesNotAllKnownResolveEachOnItsOwn() {
        let elsewhere = (path: "Other.m", text: """
            #import "KeyAccess.h"
            void Build(KeyAccess *fresh) { [fresh initWithProtection:kSecAttrAccessibleAlways flags:kSecAccessControlUserPresence]; }
            """)
        #expect(Self.jointly(Self.keyAccess, others: [Self.header(declaringInitializer: true), elsewhere]).cases == nil)
        let stored = Self.keyAccess.replacingOccurrences(
            of: "- (void)make {", with: "- (void)weaken { _flags = kSecAccessControlUserPresence; }\n- (void)make {")
        // Stored outside the initializers, `_flags` keeps every value on each instance: every pair stays possible.
        let anyFlags = ["0", Self.symbol("kSecAccessControlBiometryAny"), Self.symbol("kSecAccessControlUserPresence")].sorted()
        #expect(Self.jointly(stored, others: [Self.header()]).cases == [
            [[Self.symbol("kSecAttrAccessibleAlwaysThisDeviceOnly")], anyFlags],
            [[Self.symbol("kSecAttrAccessibleWhenUnlocked")], anyFlags],
        ])
    }

    /// A query an instance method builds from two pieces of instance state: one query per
    /// instance, never one instance's accessibility with another's synchronizable.
    @Test func aQueryBuiltFromInstanceStateIsResolvedPerInstance() {
        let source = """
            @implementation ItemPolicy {
                CFStringRef _accessibility;
                BOOL _synchronizable;
            }
            - (instancetype)initWithAccessibility:(CFStringRef)accessibility synchronizable:(BOOL)synchronizable {
                self = [super init];
                _accessibility = accessibility;
                _synchronizable = synchronizable;
                return self;
            }
            + (instancetype)sharedPolicy {
                return [[ItemPolicy alloc] initWithAccessibility:kSecAttrAccessibleAfterFirstUnlock synchronizable:YES];
            }
            + (instancetype)localPolicy {
                return [[ItemPolicy alloc] initWithAccessibility:kSecAttrAccessibleWhenUnlockedThisDeviceOnly synchronizable:NO];
            }
            - (void)save {
                NSDictionary *query = @{ (__bridge id)kSecAttrAccessible: (__bridge id)_accessibility,
                                         (__bridge id)kSecAttrSynchronizable: @(_synchronizable) };
                pair(query, 0);
            }
            @end
            void Store(void) { [[ItemPolicy sharedPolicy] save]; [[ItemPolicy localPolicy] save]; }
            """
        let tree = ObjCSyntaxTree.parse(source)
        let query = try! #require(tree.calls(named: "pair").first?.arguments.first?.value)
        let resolver = ObjCValueResolver(path: "ItemPolicy.m", source: source, tree: tree)
        let plain = resolver.resolve(query)
        #expect(plain.values.count == 4)
        let cases = resolver.resolvePerInstance(dictionary: query, plain: plain)
        let pairs = (cases ?? []).flatMap(\.values).compactMap { KeychainQuery($0) }.map { query in
            "\(query.value("kSecAttrAccessible").map { "\($0)" } ?? "-")|\(query.value("kSecAttrSynchronizable").map { "\($0)" } ?? "-")"
        }.sorted()
        #expect(pairs.count == 2, "\(pairs)")
        #expect(pairs.allSatisfy { $0.contains("ThisDeviceOnly") != $0.hasSuffix("|true") }, "\(pairs)")
    }
}
