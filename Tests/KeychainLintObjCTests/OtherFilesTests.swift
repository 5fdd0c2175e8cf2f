import KeychainLintModel
import KeychainLintObjC
import Testing

/// A name a file uses without defining it has the values the scan's other Objective-C files give
/// it at file scope (`ObjCScanConstants`), followed in the file that defines it.
@Suite("Objective-C resolver: constants of other files")
struct OtherFilesTests {
    struct Probed {
        var values: [Value]
        var gaps: [String]
        var trace: [String]
        var notes: [String]
    }

    /// The first argument of the first `probe(…)` in `files[asking]`, resolved with the other files
    /// as the scan's Objective-C files.
    static func probed(_ files: [(path: String, text: String)], asking: String) -> Probed {
        let constants = ObjCScanConstants(paths: files.map(\.path), text: { [files] in files[$0].text })
        guard let source = files.first(where: { $0.path == asking })?.text else { return Probed(values: [], gaps: ["no file"], trace: [], notes: []) }
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "probe").first?.arguments.first?.value else {
            return Probed(values: [], gaps: ["no probe"], trace: [], notes: [])
        }
        let resolver = ObjCValueResolver(path: asking, source: source, tree: tree)
        resolver.constants = constants
        let resolution = resolver.resolve(argument)
        return Probed(
            values: resolution.values.map(\.value), gaps: resolution.gaps.map(\.reason),
            trace: resolution.values.first?.trace.map { "\($0.text)@\($0.file):\($0.line)" } ?? [],
            notes: resolver.notes.map(\.message))
    }

    static let header = (path: "App/Keys.h", text: """
        extern NSString *const kService;
        extern CFStringRef const kProtection;
        #define kHeaderService @"header-service"
        static NSString *const kHeaderStatic = @"header-static";
        """)

    @Test func anExternConstantIsDefinedInAnotherImplementationFile() {
        let result = Self.probed([
            Self.header,
            (path: "App/Keys.m", text: """
                #import "Keys.h"
                NSString *const kService = @"vault";
                """),
            (path: "App/Store.m", text: """
                #import "Keys.h"
                void save(void) { probe(kService); }
                """),
        ], asking: "App/Store.m")
        #expect(result.values == [.string("vault")])
        #expect(result.gaps.isEmpty)
        #expect(result.trace == ["`kService`@App/Keys.m:2"])
        #expect(result.notes.isEmpty)
    }

    static let policyHeader = (path: "App/Policy.h", text: """
        typedef NS_OPTIONS(unsigned long, VaultPolicy) {
            VaultPolicyPresence = 1 << 0,
            VaultPolicyBiometry API_AVAILABLE(ios(9.0)) = 1u << 1,
            VaultPolicyNext,
            VaultPolicyCurrentSet = 1u << 3,
        };
        """)

    /// An `enum` constant of a header is read as its number where it is cast to
    /// `SecAccessControlCreateFlags` (written, after a macro, shifted, or the previous plus one),
    /// and as its name elsewhere (how a wrapper's options are recognised).
    @Test func anEnumConstantOfAHeaderIsItsNumberUnderAFlagsCast() {
        func probe(_ argument: String) -> Probed {
            Self.probed([
                Self.policyHeader,
                (path: "App/Vault.m", text: """
                    #import "Policy.h"
                    void save(void) { probe(\(argument)); }
                    """),
            ], asking: "App/Vault.m")
        }
        let biometry = probe("(SecAccessControlCreateFlags)VaultPolicyBiometry")
        #expect(biometry.values == [.integer(2)])
        #expect(biometry.trace == ["`VaultPolicyBiometry`@App/Policy.h:3"])
        #expect(probe("(SecAccessControlCreateFlags)VaultPolicyNext").values == [.integer(3)])
        #expect(probe("(SecAccessControlCreateFlags)(VaultPolicyPresence | VaultPolicyCurrentSet)").values == [.integer(9)])
        #expect(probe("VaultPolicyBiometry").values == [.symbol("VaultPolicyBiometry")])
        #expect(probe("(NSUInteger)VaultPolicyBiometry").values == [.symbol("VaultPolicyBiometry")])
    }

    /// The cheap pass over a file's bytes lists the constants of its `enum` bodies at file scope,
    /// not the names inside a function's braces or a macro's parentheses.
    @Test func enumConstantsAreListedByTheCheapPass() {
        let names = ObjCScanConstants.names(in: Self.policyHeader.text + """

            enum { PlainFirst, PlainSecond = 4 };
            void f(void) { int x = 1, y = 2; }
            """)
        #expect(Set(names.enumerated) == ["VaultPolicyPresence", "VaultPolicyBiometry", "VaultPolicyNext", "VaultPolicyCurrentSet", "PlainFirst", "PlainSecond"])
    }

    @Test func theAskingFilesOwnExternDeclarationDefersToTheDefinition() {
        let result = Self.probed([
            (path: "Keys.m", text: "CFStringRef const kProtection = kSecAttrAccessibleAlways;\n"),
            (path: "Store.m", text: """
                extern CFStringRef const kProtection;
                void save(void) { probe(kProtection); }
                """),
        ], asking: "Store.m")
        #expect(result.values == [.symbol("kSecAttrAccessibleAlways")])
        #expect(result.trace == ["`kProtection`@Keys.m:1"])
    }

    @Test func aHeadersDefineAndStaticConstantAreOfferedButAnImplementationFilesAreNot() {
        let files = [
            Self.header,
            (path: "Other.m", text: """
                #define kPrivateService @"private"
                static NSString *const kPrivateStatic = @"private-static";
                """),
            (path: "Store.m", text: "void save(void) { probe(NAME); }\n"),
        ]
        func probe(_ name: String) -> [Value] {
            Self.probed(files.map { $0.path == "Store.m" ? ($0.path, $0.text.replacingOccurrences(of: "NAME", with: name)) : $0 },
                        asking: "Store.m").values
        }
        #expect(probe("kHeaderService") == [.string("header-service")])
        #expect(probe("kHeaderStatic") == [.string("header-static")])
        // What a `.m` defines `static` or with `#define` is its own: a name declared outside the scan.
        #expect(probe("kPrivateService") == [.symbol("kPrivateService")])
        #expect(probe("kPrivateStatic") == [.symbol("kPrivateStatic")])
    }

    @Test func aConstantDefinedThroughAnotherFilesConstantIsFollowedIntoIt() {
        let result = Self.probed([
            (path: "Flags.m", text: "const SecAccessControlCreateFlags kBaseFlags = kSecAccessControlBiometryAny;\n"),
            (path: "Keys.m", text: "const SecAccessControlCreateFlags kFlags = kBaseFlags | kSecAccessControlOr;\n"),
            (path: "Store.m", text: "void save(void) { probe(kFlags); }\n"),
        ], asking: "Store.m")
        #expect(result.values == [.array([.symbol("kSecAccessControlBiometryAny"), .symbol("kSecAccessControlOr")])])
        #expect(result.gaps.isEmpty)
    }

    @Test func constantsDefinedThroughEachOtherAcrossFilesEndAsACycle() {
        let result = Self.probed([
            (path: "A.m", text: "NSString *const kA = kB;\n"),
            (path: "B.m", text: "NSString *const kB = kA;\n"),
            (path: "Store.m", text: "void save(void) { probe(kA); }\n"),
        ], asking: "Store.m")
        #expect(result.values.isEmpty)
        #expect(result.gaps.contains { $0.contains("refers to itself") })
    }

    @Test func aNameDefinedDifferentlyInTwoFilesHasBothValuesAndANote() {
        let result = Self.probed([
            (path: "App/Keys.m", text: #"NSString *const kService = @"app";"#),
            (path: "Widget/Keys.m", text: #"NSString *const kService = @"widget";"#),
            (path: "Store.m", text: "void save(void) { probe(kService); }\n"),
        ], asking: "Store.m")
        #expect(Set(result.values) == [.string("app"), .string("widget")])
        #expect(result.notes == [
            "`kService` is defined in 2 files with different values (App/Keys.m:1, Widget/Keys.m:1): each is a possible value here",
        ])
    }

    @Test func aNameDefinedAlikeInTwoFilesNeedsNoNote() {
        let result = Self.probed([
            (path: "App/Keys.m", text: #"NSString *const kService = @"vault";"#),
            (path: "Widget/Keys.m", text: #"NSString *const kService = @"vault";"#),
            (path: "Store.m", text: "void save(void) { probe(kService); }\n"),
        ], asking: "Store.m")
        #expect(result.values == [.string("vault")])
        #expect(result.notes.isEmpty)
    }

    @Test func theFilesOwnDefinitionComesFirstAndLocalsAreNotOffered() {
        let result = Self.probed([
            (path: "Other.m", text: """
                NSString *const kService = @"other";
                void f(void) { NSString *password = @"local"; }
                """),
            (path: "Store.m", text: """
                static NSString *const kService = @"mine";
                void save(void) { probe(kService); probe2(password); }
                """),
        ], asking: "Store.m")
        #expect(result.values == [.string("mine")])
        let local = Self.probed([
            (path: "Other.m", text: "void f(void) { NSString *password = @\"local\"; }\n"),
            (path: "Store.m", text: "void save(void) { probe(password); }\n"),
        ], asking: "Store.m")
        #expect(local.values == [.symbol("password")])
    }

    @Test func namesInCommentsStringsAndConditionsAreNotDefinitions() {
        let result = Self.probed([
            (path: "Other.m", text: """
                // NSString *const kService = @"comment";
                /* kService = @"block" */
                NSString *const kText = @"kService = nope";
                BOOL check(void) { return kService == nil; }
                """),
            (path: "Store.m", text: "void save(void) { probe(kService); }\n"),
        ], asking: "Store.m")
        #expect(result.values == [.symbol("kService")])
    }

    @Test func aFileWithoutTheTableResolvesAlone() {
        let source = "extern NSString *const kService;\nvoid save(void) { probe(kService); }\n"
        let tree = ObjCSyntaxTree.parse(source)
        let argument = tree.calls(named: "probe")[0].arguments[0].value
        let resolution = ObjCValueResolver(path: "Store.m", source: source, tree: tree).resolve(argument)
        #expect(resolution.values.isEmpty)
        #expect(resolution.gaps.map(\.reason) == ["`kService` is declared without a value in this file"])
    }
}

extension OtherFilesTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func definitionsAreFoundWhateverTheLineBreaks(_ lineBreak: String) {
        let keys = ["#import \"Keys.h\"", "// a comment", "#define kMacro \\", "    @\"macro\"", #"NSString *const kService = @"vault";"#]
            .joined(separator: lineBreak) + lineBreak
        let files = [
            (path: "Keys.h", text: keys),
            (path: "Store.m", text: "void save(void) { probe(kService); }\n"),
        ]
        #expect(Self.probed(files, asking: "Store.m").values == [.string("vault")])
    }
}
