import KeychainLintModel
import KeychainLintObjC
import Testing

/// A parameter of an instance method has the values the messages of its selector pass, whatever
/// their receiver: in its file, and, when a header declares it, in the scan's other Objective-C
/// files; not when Swift code of the scan may call it.
@Suite("Objective-C resolver: an instance method's callers")
struct InstanceMethodCallerTests {
    struct Probed {
        var values: [Value]
        var gaps: [String]
        var traces: [[String]]
    }

    /// The first argument of the first `probe(…)` in `files[asking]`, with the other files as the
    /// scan's Objective-C files and `swift` as the words its Swift files hold.
    static func probed(_ files: [(path: String, text: String)], asking: String = "Gate.m", swift: Set<String>? = nil) -> Probed {
        let constants = ObjCScanConstants(paths: files.map(\.path), text: { [files] in files[$0].text })
        if let swift {
            constants.swiftFilesMention = { swift.contains($0) }
            constants.hasSwiftFiles = true
        }
        let source = files.first { $0.path == asking }!.text
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "probe").first?.arguments.first?.value else { return Probed(values: [], gaps: ["no probe"], traces: []) }
        let resolver = ObjCValueResolver(path: asking, source: source, tree: tree)
        resolver.constants = constants
        let resolution = resolver.resolve(argument)
        return Probed(
            values: resolution.values.map(\.value), gaps: resolution.gaps.map(\.reason),
            traces: resolution.values.map { $0.trace.map { "\($0.text)@\($0.file):\($0.line)" } })
    }

    static let header = (path: "Gate.h", text: """
        @interface Gate : NSObject
        - (instancetype)initWithLevel:(CFStringRef)level options:(SecAccessControlCreateFlags)options;
        @end
        """)

    /// `Gate.m` with the initializer probing `options`, and `rest` after it.
    static func gate(_ rest: String = "") -> (path: String, text: String) {
        (path: "Gate.m", text: """
            #import "Gate.h"
            @implementation Gate
            - (instancetype)initWithLevel:(CFStringRef)level options:(SecAccessControlCreateFlags)options {
                probe(options);
                return [super init];
            }
            \(rest)
            @end
            """)
    }

    @Test func aHeaderDeclaredInitializerHasWhatItsOwnFilesConstructionsPass() {
        let result = Self.probed([Self.header, Self.gate("""
            + (instancetype)strict {
                return [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlBiometryCurrentSet];
            }
            + (instancetype)loose {
                return [[self alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlBiometryAny];
            }
            """)])
        #expect(result.values == [.symbol("kSecAccessControlBiometryCurrentSet"), .symbol("kSecAccessControlBiometryAny")])
        #expect(result.gaps.isEmpty)
        #expect(result.traces[1] == ["`options` passed by the call@Gate.m:11"])
    }

    @Test func anotherFilesMessagesPassTheirValuesEachThroughItsCall() {
        let result = Self.probed([
            Self.header, Self.gate(),
            (path: "Session.m", text: """
                #import "Gate.h"
                static const SecAccessControlCreateFlags kSessionOptions = kSecAccessControlUserPresence;
                void Open(void) {
                    Gate *gate = [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSessionOptions];
                }
                """),
            (path: "Other.m", text: """
                #import "Gate.h"
                void Configure(Gate *gate) { [gate initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlDevicePasscode]; }
                """),
        ])
        // In the scan's order of files, each through its own call.
        #expect(result.values == [.symbol("kSecAccessControlUserPresence"), .symbol("kSecAccessControlDevicePasscode")])
        #expect(result.gaps.isEmpty)
        #expect(result.traces == [
            ["`options` passed by the call@Session.m:4", "`kSessionOptions`@Session.m:2"], ["`options` passed by the call@Other.m:2"],
        ])
    }

    @Test func aSwiftFileThatMayCallItLeavesTheParameterAGap() {
        let files = [
            Self.header, Self.gate(),
            (path: "Session.m", text: """
                void Open(void) { [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlUserPresence]; }
                """),
        ]
        // `Gate(level: …, options: …)` in Swift names the class and the first label.
        for words: Set<String> in [["Gate", "level"], ["Gate"]] {
            let result = Self.probed(files, swift: words)
            #expect(result.values.isEmpty)
            #expect(result.gaps == ["`options` is a parameter of -[Gate initWithLevel:options:]: Swift code of the scan may call it (a header declares it): its calls are not followed"])
        }
        // Swift files that mention neither: the Objective-C calls are all of them.
        #expect(Self.probed(files, swift: ["unrelated"]).values == [.symbol("kSecAccessControlUserPresence")])
    }

    @Test func swiftCallsAMethodOnlyOnAnInstanceItCanHold() {
        let files = [
            Self.header, Self.gate(),
            (path: "Session.m", text: """
                void Open(void) { [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlUserPresence]; }
                """),
        ]
        // Swift spells the method's words but never names the class, and a bridging header only
        // imports its header: Swift holds no instance to call it on.
        let bridge = (path: "App-Bridging-Header.h", text: "#import \"Gate.h\"\n@class Gate;\n// Gate is used from Objective-C only\n")
        #expect(Self.probed(files + [bridge], swift: ["level", "init"]).values == [.symbol("kSecAccessControlUserPresence")])
        // Another header declares a property of the class's type (or a subclass): Swift may get an
        // instance from it without naming the class.
        for use in ["@property (nonatomic, strong) Gate *gate;", "@interface StrictGate : Gate\n@end"] {
            let holder = (path: "Hosts.h", text: "#import \"Gate.h\"\n@interface Hosts : NSObject\n\(use)\n@end\n")
            let result = Self.probed(files + [holder], swift: ["level"])
            #expect(result.values.isEmpty, "\(use)")
            #expect(result.gaps == ["`options` is a parameter of -[Gate initWithLevel:options:]: Swift code of the scan may call it (a header declares it): its calls are not followed"])
        }
        // A longer name that starts with the class's is another type.
        let other = (path: "Hosts.h", text: "@interface Hosts : NSObject\n@property GateKeeper *keeper;\n@end\n")
        #expect(Self.probed(files + [other], swift: ["level"]).values == [.symbol("kSecAccessControlUserPresence")])
    }

    @Test func aSwiftRenameInAnotherClassesHeaderDoesNotLetSwiftCallThisMethodUnderAnyName() {
        let session = (path: "Session.m", text: """
            void Open(void) { [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlUserPresence]; }
            """)
        let renamingOther = (path: "Hosts.h", text: """
            @interface Hosts : NSObject
            + (void)loadHosts NS_SWIFT_NAME(loadHosts());
            @end
            """)
        // The rename is another class's: Swift names this initializer as the importer does.
        let unrelated = Self.probed([Self.header, Self.gate(), session, renamingOther], swift: ["unrelated"])
        #expect(unrelated.values == [.symbol("kSecAccessControlUserPresence")])
        // A rename in the header that declares the class: Swift may call it under any name.
        let renamingGate = (path: "Gate.h", text: Self.header.text.replacingOccurrences(
            of: "options:(SecAccessControlCreateFlags)options;", with: "options:(SecAccessControlCreateFlags)options NS_SWIFT_NAME(init(level:flags:));"))
        let renamed = Self.probed([renamingGate, Self.gate(), session], swift: ["unrelated"])
        #expect(renamed.values.isEmpty)
    }

    @Test func withNoCallInTheScanTheParameterIsAGap() {
        let result = Self.probed([Self.header, Self.gate()])
        #expect(result.values.isEmpty)
        #expect(result.gaps == ["`options` is a parameter of -[Gate initWithLevel:options:]: no call of it in the scan's Objective-C files"])
    }

    @Test func aNewObjectOfAnotherClassIsNotACallButTheFilesOwnConstructionsAreWithoutAHeader() {
        let result = Self.probed([Self.gate("""
            @end
            @implementation Door
            - (instancetype)initWithLevel:(CFStringRef)level options:(SecAccessControlCreateFlags)options { return [super init]; }
            @end
            @implementation Gate (Presets)
            + (instancetype)strict {
                return [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlBiometryCurrentSet];
            }
            """)])
        // `Door` implements the selector too: the file's selector has two bodies, followed as before.
        #expect(result.values.isEmpty)
        let alone = Self.probed([Self.gate("""
            + (void)presets {
                [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlBiometryCurrentSet];
                [[NSKeyedArchiver alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlBiometryAny];
            }
            """)])
        #expect(alone.values == [.symbol("kSecAccessControlBiometryCurrentSet")])
        #expect(alone.gaps.isEmpty)
    }

    @Test func aSelectorTheFileNamesMayBePerformedWithAnything() {
        let result = Self.probed([Self.header, Self.gate("""
            + (void)presets {
                [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlBiometryAny];
                SEL chosen = @selector(initWithLevel:options:);
            }
            """)])
        #expect(result.values.isEmpty)
        #expect(result.gaps == ["`options` is a parameter of -[Gate initWithLevel:options:]: the file names its selector: it may be performed with any argument"])
    }

    @Test func beyondTheBoundOnCallingFilesTheirCallsAreSaid() {
        var files = [Self.header, Self.gate()]
        for number in 0...ObjCScanConstants.maximumCallingFiles {
            files.append((path: "Caller\(number).m", text: """
                void Open\(number)(void) { [[Gate alloc] initWithLevel:kSecAttrAccessibleWhenUnlocked options:kSecAccessControlBiometryAny]; }
                """))
        }
        let result = Self.probed(files)
        #expect(result.values.isEmpty)
        #expect(result.gaps == ["more than 16 files may call -[Gate initWithLevel:options:]: their calls are not followed"])
        // At the bound, every file's call is followed (one value, each file's path).
        let within = Self.probed(Array(files.dropLast()))
        #expect(within.values == [.symbol("kSecAccessControlBiometryAny")])
        #expect(within.gaps.isEmpty)
    }

    @Test func theSwiftNamesOfAMethodAreTheWordsACallSpells() {
        #expect(ObjCScanConstants.swiftNames(of: "initWithLevel:options:", ofClass: "Gate") == ["Gate", "level"])
        #expect(ObjCScanConstants.swiftNames(of: "initWithURLString:", ofClass: "Gate") == ["Gate", "urlString"])
        #expect(ObjCScanConstants.swiftNames(of: "storeSecretData:", ofClass: "Gate") == ["Gate", "store", "storeSecret", "storeSecretData"])
    }
}
