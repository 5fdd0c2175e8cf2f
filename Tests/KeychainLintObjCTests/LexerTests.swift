import KeychainLintObjC
import Testing

/// The lexer: token kinds and spellings, literal values, positions (UTF-8 byte columns, every
/// line ending), directives apart from the token stream, and bad bytes that never stop it.
@Suite("Objective-C lexer")
struct LexerTests {
    /// Kind and text of every token but the end of file.
    func tokens(_ source: String) -> [String] {
        ObjCLexer.lex(source).tokens.dropLast().map { "\(kindName($0.kind)) \($0.text)" }
    }

    func kindName(_ kind: ObjCTokenKind) -> String {
        switch kind {
        case .identifier: "id"
        case .atKeyword: "at"
        case .integerLiteral: "int"
        case .floatingLiteral: "float"
        case .characterLiteral: "char"
        case .stringLiteral: "str"
        case .objcStringLiteral: "nsstr"
        case .objcNumberLiteral: "nsnum"
        case .headerName: "header"
        case .punctuator: "p"
        case .unknown: "unknown"
        case .endOfFile: "eof"
        }
    }

    @Test func objectiveCLiteralsAndKeywords() {
        #expect(tokens(#"@interface Foo @end @{ @[ @( @YES @NO @42 @-1 @3.5 @"x" @selector(a:b:)"#) == [
            "at @interface", "id Foo", "at @end", "p @{", "p @[", "p @(", "at @YES", "at @NO", "nsnum @42",
            "nsnum @-1", "nsnum @3.5", #"nsstr @"x""#, "at @selector", "p (", "id a", "p :", "id b", "p :", "p )",
        ])
    }

    @Test func numbers() {
        #expect(tokens("42 0x1F 0b101 017 1.5e-3 10u 42UL .5f 1.f 0x1.8p3 1e10") == [
            "int 42", "int 0x1F", "int 0b101", "int 017", "float 1.5e-3", "int 10u", "int 42UL", "float .5f",
            "float 1.f", "float 0x1.8p3", "float 1e10",
        ])
    }

    @Test func punctuatorsByLongestMatch() {
        #expect(tokens("a->b <<= >>= ... ++ -- && || != == |= ^ ~ ? :") == [
            "id a", "p ->", "id b", "p <<=", "p >>=", "p ...", "p ++", "p --", "p &&", "p ||", "p !=", "p ==",
            "p |=", "p ^", "p ~", "p ?", "p :",
        ])
    }

    @Test func stringAndCharacterValues() {
        let lexed = ObjCLexer.lex(#"@"a\"b" "\x41\101\n" 'c' '\'' L"wide" u8"utf" "tab\t""#)
        let values = lexed.tokens.dropLast().map { $0.literalValue }
        #expect(values == ["a\"b", "AA\n", "c", "'", "wide", "utf", "tab\t"])
        #expect(lexed.tokens.map(\.kind).prefix(5) == [.objcStringLiteral, .stringLiteral, .characterLiteral, .characterLiteral, .stringLiteral])
        #expect(lexed.diagnostics.isEmpty)
    }

    @Test func commentsAreKeptApart() {
        let lexed = ObjCLexer.lex("a // line\n/* block\n */ b /* unterminated")
        #expect(lexed.tokens.dropLast().map(\.text) == ["a", "b"])
        #expect(lexed.comments.map(\.text) == ["// line", "/* block\n */", "/* unterminated"])
        #expect(lexed.comments.map(\.isBlock) == [false, true, true])
        #expect(lexed.comments.map(\.isTerminated) == [true, true, false])
        #expect(lexed.diagnostics.map(\.kind) == [.unterminatedComment])
        #expect(lexed.tokens[1].flags.contains(.atLineStart))
    }

    /// Lines 1-based; columns 1-based in UTF-8 bytes; LF, CRLF and CR each end one line.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func positionsWithEveryLineEnding(_ newline: String) {
        let source = "a" + newline + "  bb" + newline + newline + "c"
        let lexed = ObjCLexer.lex(source)
        let positions = lexed.tokens.map { "\($0.text)@\($0.range.start.line):\($0.range.start.column)/\($0.range.start.offset)" }
        let n = newline.utf8.count
        #expect(positions == ["a@1:1/0", "bb@2:3/\(1 + n + 2)", "c@4:1/\(1 + 3 * n + 4)", "@4:2/\(2 + 3 * n + 4)"])
        #expect(lexed.tokens[1].range.end.column == 5)
        #expect(lexed.lineTable.lineStarts.count == 4)
    }

    @Test func columnsCountUTF8Bytes() {
        let lexed = ObjCLexer.lex("é = @\"ü\"; x")
        // `é` is two bytes: `=` starts at byte column 4, the string at 6, `;` at 11 (`ü` is two bytes too), `x` at 13.
        #expect(lexed.tokens.map(\.range.start.column) == [1, 4, 6, 11, 13, 14])
        #expect(lexed.tokens[0].kind == .identifier)
        #expect(lexed.tokens[2].literalValue == "ü")
    }

    @Test func directivesAreKeptApartFromTheTokenStream() {
        let source = """
            #import <Foundation/Foundation.h>
            #include "Local.h"
            #define kFlags (kSecAccessControlBiometryAny | \\
                            kSecAccessControlOr)
            #if DEBUG
            int a;
            #else
            int b;
            #endif
              # pragma mark - Keychain
            x # y
            """
        let lexed = ObjCLexer.lex(source)
        #expect(lexed.directives.map(\.kind) == [.import, .include, .define, .if, .else, .endif, .pragma])
        #expect(lexed.directives.map(\.headerName) == ["Foundation/Foundation.h", "Local.h", nil, nil, nil, nil, nil])
        #expect(lexed.directives[2].tokens.map(\.text) == ["kFlags", "(", "kSecAccessControlBiometryAny", "|", "kSecAccessControlOr", ")"])
        #expect(lexed.directives[2].range.start.line == 3)
        #expect(lexed.directives[2].range.end.line == 4)
        #expect(lexed.directives[3].tokens.map(\.text) == ["DEBUG"])
        #expect(lexed.directives[6].name == "pragma")
        // Both branches' code is in the stream; `#` not at a line start is a punctuator.
        #expect(lexed.tokens.dropLast().map(\.text) == ["int", "a", ";", "int", "b", ";", "x", "#", "y"])
        #expect(lexed.tokens[0].range.start.line == 6)
        #expect(lexed.diagnostics.isEmpty)
    }

    @Test func functionLikeDefineKeepsItsSpacing() {
        let lexed = ObjCLexer.lex("#define F(x) x\n#define G (x)\n")
        #expect(lexed.directives[0].tokens[1].flags.contains(.spaceBefore) == false)
        #expect(lexed.directives[1].tokens[1].flags.contains(.spaceBefore) == true)
        #expect(lexed.tokens.count == 1)
    }

    @Test func unterminatedStringStopsAtTheLineEnd() {
        let lexed = ObjCLexer.lex("a = @\"open\nb = 'x\nc")
        #expect(lexed.tokens.dropLast().map(\.text) == ["a", "=", "@\"open", "b", "=", "'x", "c"])
        #expect(lexed.tokens[2].flags.contains(.unterminated))
        #expect(lexed.tokens[2].literalValue == "open")
        #expect(lexed.diagnostics.map(\.kind) == [.unterminatedString, .unterminatedCharacter])
        #expect(lexed.tokens[6].range.start.line == 3)
    }

    @Test func invalidBytesNulAndStrayAtNeverStopTheLexer() {
        let bytes: [UInt8] = Array("a ".utf8) + [0xFF, 0xFE] + Array(" @ b".utf8) + [0x00] + Array("c `".utf8) + [0xE2, 0x82]
        let lexed = ObjCLexer.lex(bytes: bytes)
        #expect(lexed.tokens.map(\.kind) == [.identifier, .unknown, .unknown, .identifier, .identifier, .unknown, .unknown, .endOfFile])
        #expect(lexed.tokens.map(\.range.start.offset) == [0, 2, 5, 7, 9, 11, 12, 14])
        #expect(lexed.diagnostics.map(\.kind) == [.invalidCharacter, .strayAt, .invalidCharacter, .invalidCharacter, .invalidCharacter])
    }

    @Test func lineTableFindsAnyOffset() {
        let table = ObjCLineTable(bytes: Array("ab\r\ncd\ref\n".utf8))
        #expect(table.lineStarts == [0, 4, 7, 10])
        #expect(table.location(of: 5) == ObjCSourceLocation(offset: 5, line: 2, column: 2))
        #expect(table.location(of: 3) == ObjCSourceLocation(offset: 3, line: 1, column: 4))
        #expect(table.location(of: 99) == ObjCSourceLocation(offset: 10, line: 4, column: 1))
    }
}
