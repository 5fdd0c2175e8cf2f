import KeychainLintModel
import KeychainLintObjC
import Testing

/// `self` inside an instance method as the instances the method is sent to: instance state an
/// initializer stores from its parameters has, on each instance, the arguments of that
/// instance's construction.
@Suite("Objective-C resolver: instances self is")
struct InstanceSelfTests {
    /// The values (and whether there is a gap) of the first argument of the first `probe(…)` call
    /// of `Vault.m`, the other files being the rest of the scan.
    static func probed(_ source: String, others: [(path: String, text: String)] = []) -> (values: [String], hasGap: Bool, trace: [String]) {
        let files = [(path: "Vault.m", text: source)] + others
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "probe").first?.arguments.first?.value else { return ([], true, []) }
        let resolver = ObjCValueResolver(path: "Vault.m", source: source, tree: tree)
        if !others.isEmpty { resolver.constants = ObjCScanConstants(paths: files.map(\.path), text: { [files] in files[$0].text }) }
        let resolution = resolver.resolve(argument)
        return (resolution.values.map { "\($0.value)" }.sorted(), !resolution.gaps.isEmpty,
                resolution.values.first?.trace.map { "\($0.text)@\($0.line)" } ?? [])
    }

    static func symbols(_ names: String...) -> [String] { names.map { "\(Value.symbol($0))" }.sorted() }

    static let vault = """
        @implementation Vault
        - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
            self = [super init];
            _flags = flags;
            return self;
        }
        - (SecAccessControlCreateFlags)make { probe(self.flags); return self.flags; }
        @end

        """

    /// `vault` without its probe: the probe is elsewhere.
    static let unprobedVault = vault.replacingOccurrences(of: "probe(self.flags); ", with: "")

    @Test func aMethodJudgedOnItsOwnRunsOnTheInstancesItIsSentTo() {
        let result = Self.probed(Self.vault + """
            void Run(void) {
                Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny];
                [vault make];
            }
            """)
        #expect(result.values == Self.symbols("kSecAccessControlBiometryAny"))
        #expect(!result.hasGap)
        #expect(result.trace == [
            "`make` is sent to the instance@11", "`vault`@10", "instance built by `[[Vault alloc] initWithFlags:kSecAccessControlBiometryAny]`@10",
            "`_flags`@4", "argument `flags` of the call@10",
        ])
    }

    @Test func twoInstancesBuiltWithDifferentArgumentsDoNotLendEachOtherValues() {
        let result = Self.probed(Self.vault + """
            void Run(void) {
                Vault *publicKey = [[Vault alloc] initWithFlags:0];
                Vault *privateKey = [[Vault alloc] initWithFlags:kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet];
                [privateKey make];
            }
            """)
        #expect(result.values == ["\(Value.array([.symbol("kSecAccessControlPrivateKeyUsage"), .symbol("kSecAccessControlBiometryCurrentSet")]))"])
        #expect(!result.hasGap)
    }

    @Test func aFollowedMessageBindsItsReceiversInstanceWhateverElseTheMethodIsSentTo() {
        let source = """
            @implementation Vault
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                if ((self = [super init])) { self.flags = flags; }
                return self;
            }
            - (SecAccessControlCreateFlags)make { return [self current]; }
            - (SecAccessControlCreateFlags)current { return _flags; }
            @end
            void Run(void) {
                Vault *weak = [Vault new];
                Vault *strong = [[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet];
                [weak make];
                probe([strong make]);
            }
            """
        let result = Self.probed(source)
        #expect(result.values == Self.symbols("kSecAccessControlBiometryCurrentSet"))
        #expect(!result.hasGap)
    }

    @Test func aClassFactoryAndAPropertyHoldingTheInstanceAreFollowed() {
        let result = Self.probed(Self.vault + """
            @implementation Vault (Presets)
            + (instancetype)biometricVault { return [[self alloc] initWithFlags:kSecAccessControlBiometryAny]; }
            @end
            @implementation Holder
            - (instancetype)init { if ((self = [super init])) { _vault = [Vault biometricVault]; } return self; }
            - (void)run { [self.vault make]; }
            @end
            """)
        #expect(result.values == Self.symbols("kSecAccessControlBiometryAny"))
        #expect(!result.hasGap)
    }

    @Test func aGetterSentToSelfIsTheInstancesState() {
        let result = Self.probed("""
            @implementation Vault
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                if ((self = [super init])) { [self setFlags:flags]; }
                return self;
            }
            - (void)make { probe([self flags]); }
            @end
            void Run(void) { [[[Vault alloc] initWithFlags:kSecAccessControlUserPresence] make]; }
            """)
        #expect(result.values == Self.symbols("kSecAccessControlUserPresence"))
        #expect(!result.hasGap)
    }

    @Test func aMessageToAnInstanceOfAClassOfAnotherFileIsFollowedThere() {
        let header = """
            @interface Vault : NSObject
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags;
            - (SecAccessControlCreateFlags)make;
            @end
            """
        let run = """
            #import "Vault.h"
            void Run(void) {
                Vault *weak = [[Vault alloc] initWithFlags:0];
                Vault *strong = [[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet];
                probe([strong make]);
            }
            """
        let files = [(path: "Run.m", text: run), (path: "Vault.h", text: header), (path: "Vault.m", text: Self.vault)]
        let tree = ObjCSyntaxTree.parse(run)
        let argument = try! #require(tree.calls(named: "probe").first?.arguments.first?.value)
        let resolver = ObjCValueResolver(path: "Run.m", source: run, tree: tree)
        resolver.constants = ObjCScanConstants(paths: files.map(\.path), text: { files[$0].text })
        let resolution = resolver.resolve(argument)
        #expect(resolution.values.map { "\($0.value)" } == Self.symbols("kSecAccessControlBiometryCurrentSet"))
        #expect(resolution.gaps.isEmpty)
    }

    @Test func aPropertyReadThroughAKnownInstanceIsThatInstancesState() {
        let result = Self.probed(Self.unprobedVault + """
            void Run(void) {
                Vault *weak = [[Vault alloc] initWithFlags:0];
                Vault *strong = [[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet];
                probe(strong.flags);
            }
            """)
        #expect(result.values == Self.symbols("kSecAccessControlBiometryCurrentSet"))
        #expect(!result.hasGap)
        let stored = Self.probed(Self.unprobedVault + """
            void Run(void) {
                Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet];
                vault.flags = 0;
                probe(vault.flags);
            }
            """)
        #expect(stored.values.isEmpty)
        #expect(stored.hasGap)
    }

    @Test func aParameterWhoseCallsAllPassAConstructionIsThoseInstances() {
        let source = Self.unprobedVault + """
            @implementation Signer
            - (void)signWith:(Vault *)vault { probe([vault make]); }
            - (void)run {
                [self signWith:[[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet]];
                Vault *other = [[Vault alloc] initWithFlags:kSecAccessControlUserPresence];
                [self signWith:other];
            }
            @end
            """
        let result = Self.probed(source)
        #expect(result.values == Self.symbols("kSecAccessControlBiometryCurrentSet", "kSecAccessControlUserPresence"))
        #expect(!result.hasGap)
        let unknown = Self.probed(source.replacingOccurrences(of: "[self signWith:other];", with: "[self signWith:other]; [self signWith:nil];"))
        // As before: the message is a call value, not followed into the method.
        #expect(unknown.values.allSatisfy { $0.hasSuffix(".make()") })
        let function = Self.probed(Self.unprobedVault + """
            static void Sign(Vault *vault) { probe([vault make]); }
            void Run(void) { Sign([[Vault alloc] initWithFlags:kSecAccessControlBiometryAny]); }
            """)
        #expect(function.values == Self.symbols("kSecAccessControlBiometryAny"))
        let callback = Self.probed(Self.unprobedVault + """
            static void Sign(Vault *vault) { probe([vault make]); }
            void Run(void) { Sign([[Vault alloc] initWithFlags:kSecAccessControlBiometryAny]); Register(Sign); }
            """)
        #expect(callback.values.allSatisfy { $0.hasSuffix(".make()") })
    }

    @Test func aSenderWhoseReceiverIsNotKnownHasEveryConstructionsValue() {
        // Instance state followed through every store: the initializer's parameter has what every
        // construction of the file passes (`CallerTests`, `InstanceMethodCallerTests`).
        let result = Self.probed(Self.vault + """
            void Run(Vault *given) {
                Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny];
                Vault *other = [[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet];
                [vault make];
                [given make];
            }
            """)
        #expect(result.values == Self.symbols("kSecAccessControlBiometryAny", "kSecAccessControlBiometryCurrentSet"))
        #expect(!result.hasGap)
    }

    @Test func aStoreOutsideTheInitializersKeepsEveryValue() {
        let result = Self.probed(Self.vault + """
            void Run(void) {
                Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny];
                vault.flags = kSecAccessControlUserPresence;
                [vault make];
            }
            """)
        #expect(result.values == Self.symbols("kSecAccessControlBiometryAny", "kSecAccessControlUserPresence"))
        #expect(!result.hasGap)
    }

    @Test func aSelectorNamedInTheFileMayBePerformedOnAnyInstance() {
        let result = Self.probed(Self.vault + """
            void Run(void) {
                Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny];
                [vault make];
                Vault *other = [[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet];
                [vault performSelector:@selector(make)];
            }
            """)
        // Every construction's value, not only the receiver's.
        #expect(result.values == Self.symbols("kSecAccessControlBiometryAny", "kSecAccessControlBiometryCurrentSet"))
    }

    @Test func aMethodAHeaderDeclaresMayBeSentFromOutsideTheFile() {
        let source = Self.vault + """
            void Run(void) {
                Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny];
                Vault *other = [[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet];
                [vault make];
            }
            """
        // Sent from elsewhere on any instance: every construction's value.
        let declared = Self.probed(source, others: [("Vault.h", "@interface Vault : NSObject\n- (SecAccessControlCreateFlags)make;\n@end\n")])
        #expect(declared.values == Self.symbols("kSecAccessControlBiometryAny", "kSecAccessControlBiometryCurrentSet"))
        let undeclared = Self.probed(source, others: [("Vault.h", "@interface Vault : NSObject\n- (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags;\n@end\n")])
        #expect(undeclared.values == Self.symbols("kSecAccessControlBiometryAny"))
        #expect(!undeclared.hasGap)
    }

    @Test func anInstanceBuiltFromItsOwnStateEndsAsACycle() {
        let result = Self.probed(Self.vault + """
            void Run(void) {
                Vault *vault = [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny];
                vault = [[Vault alloc] initWithFlags:[vault make]];
                [vault make];
            }
            @implementation Maker
            + (Vault *)vaultLike:(Vault *)other { return [[Vault alloc] initWithFlags:[[Maker vaultLike:other] make]]; }
            - (void)run { [[Maker vaultLike:nil] make]; }
            @end
            """)
        #expect(result.values == Self.symbols("kSecAccessControlBiometryAny"))
        #expect(result.hasGap)
    }

    @Test func anInitializerReadingItsOwnStateIsNotPerInstance() {
        let result = Self.probed("""
            @implementation Vault
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                self = [super init];
                _flags = flags;
                probe(_flags);
                return self;
            }
            @end
            void Run(void) {
                [[Vault alloc] initWithFlags:kSecAccessControlBiometryAny];
                [[Vault alloc] initWithFlags:kSecAccessControlBiometryCurrentSet];
            }
            """)
        // Every construction's value: the parameter's callers.
        #expect(result.values == Self.symbols("kSecAccessControlBiometryAny", "kSecAccessControlBiometryCurrentSet"))
        #expect(!result.hasGap)
    }
}
