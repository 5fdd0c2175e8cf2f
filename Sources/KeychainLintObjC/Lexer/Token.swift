/// Tokens of Objective-C source, as the lexer produces them and the parser consumes them.
///
/// C keywords are identifiers here: which words are keywords depends on the dialect (C, C++ in
/// `.mm` files, Clang extensions, macros such as `NS_ASSUME_NONNULL_BEGIN`), and the parser, which
/// knows the context, decides. Punctuators are a closed enum so that the parser compares cases,
/// not strings, on its hot path.
public enum ObjCPunctuator: String, Sendable, Hashable, CaseIterable {
    case leftParen = "(", rightParen = ")", leftBracket = "[", rightBracket = "]"
    case leftBrace = "{", rightBrace = "}"
    /// `@{`, `@[`, `@(`: an Objective-C dictionary, array or boxed expression begins.
    case atLeftBrace = "@{", atLeftBracket = "@[", atLeftParen = "@("
    case semicolon = ";", comma = ",", period = ".", ellipsis = "...", arrow = "->"
    case question = "?", colon = ":", colonColon = "::"
    case plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
    case plusPlus = "++", minusMinus = "--"
    case ampersand = "&", pipe = "|", caret = "^", tilde = "~", exclaim = "!"
    case ampAmp = "&&", pipePipe = "||"
    case less = "<", greater = ">", lessEqual = "<=", greaterEqual = ">="
    case equalEqual = "==", exclaimEqual = "!=", lessLess = "<<", greaterGreater = ">>"
    case equal = "=", plusEqual = "+=", minusEqual = "-=", starEqual = "*=", slashEqual = "/="
    case percentEqual = "%=", ampEqual = "&=", pipeEqual = "|=", caretEqual = "^="
    case lessLessEqual = "<<=", greaterGreaterEqual = ">>="
    /// `#` and `##` inside a `#define` body (outside one, `#` starts a directive).
    case hash = "#", hashHash = "##"
    /// A backslash not followed by a line break.
    case backslash = "\\"
}

public enum ObjCTokenKind: Sendable, Hashable {
    /// Names and C keywords (`if`, `static`, `__bridge`, `SecItemAdd`).
    case identifier
    /// `@interface`, `@end`, `@property`, `@selector`, `@YES`, `@NO`, …: the text includes the `@`.
    case atKeyword
    case integerLiteral
    case floatingLiteral
    /// `'a'`, `L'x'`, `'\n'`.
    case characterLiteral
    /// `"…"` (also with an `L`, `u8`, `u` or `U` prefix).
    case stringLiteral
    /// `@"…"`.
    case objcStringLiteral
    /// `@42`, `@3.5`, `@-1`, `@0x10u`: the text includes the `@`.
    case objcNumberLiteral
    /// `<Foundation/Foundation.h>` after `#import` or `#include`, angle brackets included.
    case headerName
    case punctuator(ObjCPunctuator)
    /// A byte sequence no token starts with (invalid UTF-8, a stray `@`, `` ` ``): kept so that
    /// positions stay exact, and reported as a diagnostic.
    case unknown
    /// The end of the text (the last token of every token stream).
    case endOfFile
}

public struct ObjCToken: Sendable, Hashable, CustomStringConvertible {
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The first token of its line (comments and whitespace before it do not count).
        public static let atLineStart = Flags(rawValue: 1)
        /// Whitespace or a comment directly precedes the token (tells `#define F(x)` from
        /// `#define F (x)`).
        public static let spaceBefore = Flags(rawValue: 2)
        /// A string, character literal or header name that the end of the line or file cut off.
        public static let unterminated = Flags(rawValue: 4)
    }

    public var kind: ObjCTokenKind
    /// The token's exact spelling (invalid UTF-8 shown as U+FFFD).
    public var text: String
    public var range: ObjCSourceRange
    public var flags: Flags

    public init(kind: ObjCTokenKind, text: String, range: ObjCSourceRange, flags: Flags = []) {
        self.kind = kind
        self.text = text
        self.range = range
        self.flags = flags
    }

    public var punctuator: ObjCPunctuator? {
        if case .punctuator(let value) = kind { return value }
        return nil
    }

    public func isPunctuator(_ value: ObjCPunctuator) -> Bool { kind == .punctuator(value) }

    public func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }

    public var description: String { "\(kind) '\(text)' at \(range.start)" }

    /// The value of a string, `@"…"` or character literal with its escapes decoded; nil for
    /// other tokens. Unknown escapes keep the escaped character, as Clang does (with a warning).
    public var literalValue: String? {
        var body = Substring(text)
        switch kind {
        case .objcStringLiteral: body = body.dropFirst()
        case .stringLiteral, .characterLiteral: break
        default: return nil
        }
        // Encoding prefixes: L"…", u8"…", u"…", U"…".
        while let first = body.first, first != "\"" && first != "'" { body = body.dropFirst() }
        guard let quote = body.first else { return "" }
        body = body.dropFirst()
        if body.last == quote, !flags.contains(.unterminated) { body = body.dropLast() }
        return ObjCToken.decodeEscapes(body)
    }

    static func decodeEscapes(_ body: Substring) -> String {
        guard body.contains("\\") else { return String(body) }
        var result = String.UnicodeScalarView()
        var scalars = body.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.popFirst() else {
                result.append(scalar)
                continue
            }
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0"..."7":
                var value = next.value - 48
                var count = 1
                while count < 3, let digit = scalars.first, ("0"..."7").contains(digit) {
                    value = value * 8 + digit.value - 48
                    scalars.removeFirst()
                    count += 1
                }
                result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case "x", "u", "U":
                var value: UInt32 = 0
                var count = 0
                let maximum = next == "x" ? 8 : (next == "u" ? 4 : 8)
                while count < maximum, let digit = scalars.first, let digitValue = digit.hexDigitValue {
                    value = value &* 16 &+ UInt32(digitValue)
                    scalars.removeFirst()
                    count += 1
                }
                result.append(count == 0 ? next : (Unicode.Scalar(value) ?? "\u{FFFD}"))
            case "a": result.append("\u{07}")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "v": result.append("\u{0B}")
            case "e": result.append("\u{1B}")
            case "\r":
                // A line continuation inside a string: the break is removed.
                if scalars.first == "\n" { scalars.removeFirst() }
            case "\n": break
            default: result.append(next)
            }
        }
        return String(result)
    }
}

private extension Unicode.Scalar {
    var hexDigitValue: Int? {
        switch value {
        case 48...57: Int(value - 48)
        case 65...70: Int(value - 55)
        case 97...102: Int(value - 87)
        default: nil
        }
    }
}

/// A comment, kept apart from the token stream for suppressions (`// keychain-lint:disable …`).
public struct ObjCComment: Sendable, Hashable {
    /// The comment's text including `//` or `/*` and `*/`.
    public var text: String
    public var range: ObjCSourceRange
    public var isBlock: Bool
    /// False for a `/*` comment the end of the file cut off.
    public var isTerminated: Bool
}

/// A preprocessor line. Directives are kept apart from the token stream: the parser reads the
/// code of every `#if` branch (the analyzer cannot know the build's macros, and a weak flag in
/// any branch is worth reporting), while `#define` bodies become `ObjCMacroDefinition`s.
public struct ObjCDirective: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case define, undef, `import`, include, includeNext, `if`, ifdef, ifndef, elif, `else`, endif
        case pragma, error, warning, line
        /// A directive this type does not name (`#ident`, `#assert`, …); `name` says which.
        case other
        /// A `#` alone on its line.
        case null
    }

    public var kind: Kind
    /// The directive's name as written (`define`, `import`); empty for a null directive.
    public var name: String
    /// The tokens after the name, up to the end of the logical line (continuations joined).
    public var tokens: [ObjCToken]
    /// The whole line, from `#` to its last token.
    public var range: ObjCSourceRange

    /// `Foundation/Foundation.h` for `#import <Foundation/Foundation.h>`, `Local.h` for
    /// `#include "Local.h"`; nil for other directives.
    public var headerName: String? {
        guard kind == .import || kind == .include || kind == .includeNext, let first = tokens.first else {
            return nil
        }
        switch first.kind {
        case .headerName: return String(first.text.dropFirst().dropLast(first.flags.contains(.unterminated) ? 0 : 1))
        case .stringLiteral: return first.literalValue
        default: return nil
        }
    }
}
