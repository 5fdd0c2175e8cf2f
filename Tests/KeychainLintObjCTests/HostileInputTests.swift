import Foundation
import KeychainLintObjC
import Testing

/// Inputs that must never crash, hang or overflow the stack: deep nesting of every kind, long
/// operator chains, garbage, unterminated constructs, NUL bytes. Recovery is checked too: code
/// after a broken construct is still parsed.
@Suite("Objective-C parser: hostile input")
struct HostileInputTests {
    static let depth = 100_000

    func seconds(_ work: () -> Void) -> Double {
        let start = Date()
        work()
        return Date().timeIntervalSince(start)
    }

    @Test func emptyAndBlankInputs() {
        for source in ["", "\n", "\r\n\r\n", "   ", "// only a comment", "/* */", "#define X\n"] {
            let tree = ObjCSyntaxTree.parse(source)
            #expect(tree.items.isEmpty, "\(source)")
            #expect(tree.diagnostics.isEmpty, "\(source)")
            #expect(tree.tokens.last?.kind == .endOfFile)
        }
    }

    /// 100,000 of each opener: the parser follows 256 levels, skips the rest with one nesting
    /// diagnostic, and returns.
    @Test(arguments: ["(", "[", "{", "@[", "@{", "@(", "^{", "!", "-", "*", "&", "++"])
    func deepNestingInAnExpression(_ opener: String) {
        let source = "void f(void) { x = " + String(repeating: opener, count: Self.depth) + "1; }\nvoid after(void) { g(); }\n"
        var tree: ObjCSyntaxTree?
        let elapsed = seconds { tree = ObjCSyntaxTree.parse(source) }
        #expect(tree?.diagnostics.contains { $0.kind == .nestingLimit } == true)
        #expect(elapsed < 10, "took \(elapsed) s")
    }

    @Test(arguments: ["(", "[", "{"])
    func deepNestingAtFileScopeAndInStatements(_ opener: String) {
        let flat = ObjCSyntaxTree.parse(String(repeating: opener, count: Self.depth))
        #expect(flat.tokens.count == Self.depth + 1)
        let statements = "void f(void) " + String(repeating: "{ if (x) ", count: Self.depth) + "y();"
        let tree = ObjCSyntaxTree.parse(statements)
        #expect(tree.diagnostics.contains { $0.kind == .nestingLimit })
        #expect(tree.functions.map(\.name) == ["f"])
    }

    @Test func longChainsWithoutBrackets() {
        let chains = [
            String(repeating: "a + ", count: Self.depth) + "a",
            String(repeating: "a = ", count: Self.depth) + "a",
            String(repeating: "a ? b : ", count: Self.depth) + "c",
            "a" + String(repeating: ".b", count: Self.depth),
            "a" + String(repeating: "(1)", count: Self.depth),
            "a" + String(repeating: "[1]", count: Self.depth),
            "a" + String(repeating: "++", count: Self.depth),
        ]
        for chain in chains {
            let tree = ObjCSyntaxTree.parse("void f(void) { probe(\(chain)); }\nvoid after(void) { g(); }\n")
            #expect(tree.diagnostics.contains { $0.kind == .nestingLimit }, "\(chain.prefix(10))")
            #expect(tree.functions.map(\.name) == ["f", "after"], "\(chain.prefix(10))")
            #expect(tree.calls(named: "g").count == 1)
        }
    }

    @Test func nestingWithinTheLimitIsParsedInFull() {
        let nested = String(repeating: "[", count: 100) + "x" + String(repeating: " foo]", count: 100)
        let tree = ObjCSyntaxTree.parse("void f(void) { \(nested); }")
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics.prefix(3))")
        #expect(tree.calls.count == 100)
        let limited = ObjCSyntaxTree.parse("void f(void) { \(nested); }", limits: ObjCParserLimits(maximumDepth: 20))
        #expect(limited.diagnostics.map(\.kind).contains(.nestingLimit))
        #expect(limited.calls.count < 20)
    }

    /// 1 MB of random bytes, and 1 MB of random Objective-C tokens, each parsed well under a
    /// second in a release build (the bound here is loose for debug builds on a busy machine).
    @Test(arguments: [false, true])
    func oneMegabyteOfGarbage(_ tokensOnly: Bool) {
        var generator = SplitMix(seed: tokensOnly ? 7 : 11)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        let pieces = ["(", ")", "[", "]", "{", "}", "@{", "@[", "@(", "^", "@interface", "@end", "@implementation", "-", "+",
                      "x", "SecItemAdd", ":", ";", ",", "*", "=", "|", "?", "@\"s\"", "42", "if", "for", "else", "\n", "#define A",
                      "static", "const", "\"", "'", "/*", "*/", "//", "\\", "@", "<", ">", "\r"]
        while bytes.count < 1 << 20 {
            if tokensOnly {
                bytes += Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8)
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(UInt8(truncatingIfNeeded: generator.next()))
            }
        }
        var tree: ObjCSyntaxTree?
        let elapsed = seconds { tree = ObjCSyntaxTree.parse(bytes: bytes) }
        #expect(tree?.tokens.last?.kind == .endOfFile)
        #expect(tree?.diagnostics.count ?? 0 <= 1_000)
        #if DEBUG
        #expect(elapsed < 20, "took \(elapsed) s")
        #else
        #expect(elapsed < 1, "took \(elapsed) s")
        #endif
    }

    /// Repetitions of fragments that exercise every lookahead and recovery path. A quadratic
    /// path would take minutes on 128 KB; all of them take well under a second in release
    /// (0.4 s for a full megabyte of the slowest, single `>` characters).
    @Test(arguments: [
        "(a<", "a<", "[x y:", "@interface A ", "- (", "static ", "x * y ", "NSString *", "#define A (\n", "'", "{ }",
        "( ; ", "@{a:", "^(", "(id)", "a ? ", "for (", "if (x) ", "case 1: ", "@end ", "__attribute__((", "NS_ENUM(",
        "enum : ", "@property (", "(NSString *)", "typedef ", "x.", "f(", "<", ">", ":", "@selector(", "Foo<Bar *> *",
        "(Foo<", "[Foo<Bar> ", "RCT_EXPORT_METHOD(", "std::", "@try ", "do ",
    ])
    func repeatedFragmentsStayLinear(_ fragment: String) {
        let source = String(repeating: fragment, count: (128 << 10) / fragment.utf8.count)
        let elapsed = seconds {
            let tree = ObjCSyntaxTree.parse(source)
            _ = tree.calls
            _ = tree.bodies.map(\.localBindings)
        }
        #expect(elapsed < 10, "took \(elapsed) s")
    }

    @Test func unterminatedConstructsRecover() {
        let tree = ObjCSyntaxTree.parse("""
            @implementation A
            - (void)open {
                [x foo:@"unterminated
                if (y) {
            @end
            @implementation B
            - (void)fine { SecItemAdd(q, NULL); }
            @end
            """)
        #expect(tree.containers.map(\.name) == ["A", "B"])
        #expect(tree.containers.map(\.hasEnd) == [true, true])
        #expect(tree.calls(named: "SecItemAdd").first?.owner == .method(container: "B", selector: "fine", isClassMethod: false))
        #expect(Set(tree.diagnostics.map(\.kind)).isSuperset(of: [.unterminatedString, .missingClose]))
    }

    @Test func missingEndAndCommentsAtTheEnd() {
        let tree = ObjCSyntaxTree.parse("@interface A : NSObject\n- (void)a;\n@implementation A\n- (void)a { f(); }\n/* open comment")
        #expect(tree.containers.map(\.hasEnd) == [false, false])
        #expect(tree.diagnostics.map(\.kind).filter { $0 == .missingEnd }.count == 2)
        #expect(tree.calls.map(\.name) == ["f"])
        #expect(tree.comments.last?.isTerminated == false)
    }

    @Test func strayTokensAreSkippedNotFatal() {
        let tree = ObjCSyntaxTree.parse("""
            @ } ) ] 'x @end
            int before = 1;
            @implementation C
            - (void)m { @ ; ] x = @; [; ^; @{ : }; g(1,,2); }
            garbage ( ;
            - (void)n { h(); }
            @end
            int after = 2;
            """)
        #expect(tree.globalVariables.map(\.name) == ["before", "after"])
        #expect(tree.methods.map(\.method.selector) == ["m", "n"])
        #expect(tree.calls.map(\.name).contains("h"))
        #expect(!tree.diagnostics.isEmpty)
    }

    @Test func nulBytesAndInvalidUTF8InsideCode() {
        var bytes = Array("int a = 1;\0\0 int b".utf8)
        bytes += [0xC3, 0xFF, 0x80]
        bytes += Array(" = 2;\nNSString *c = @\"\u{00E9}\";".utf8)
        let tree = ObjCSyntaxTree.parse(bytes: bytes)
        #expect(tree.globalVariables.map(\.name) == ["a", "b", "c"])
        #expect(tree.globalVariables[2].declarator.initializer?.description == "@\"é\"")
        #expect(tree.diagnostics.map(\.kind).filter { $0 == .invalidCharacter }.count == 3)
    }

    @Test func conditionalBranchesAreBothRead() {
        let tree = ObjCSyntaxTree.parse("""
            void f(void) {
            #if TARGET_OS_SIMULATOR
                SecAccessControlRef a = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleAlways, 0, NULL);
            #else
                SecAccessControlRef a = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlocked, kSecAccessControlBiometryAny, NULL);
            #endif
            }
            """)
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.calls(named: "SecAccessControlCreateWithFlags").map { $0.arguments[1].value.description }
                == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleWhenUnlocked"])
        #expect(tree.directives.map(\.kind) == [.if, .else, .endif])
    }
}

/// A small deterministic generator, so that the garbage is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
