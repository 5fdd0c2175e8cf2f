/// The Objective-C lexer: bytes in, tokens, comments and preprocessor directives out.
///
/// Hand-written over UTF-8 bytes rather than regular expressions or `Character`s: one pass, no
/// backtracking (linear time on any input), exact byte offsets for every token, and no way for
/// invalid UTF-8, NUL bytes or an unterminated string to stop it — each becomes a token or a
/// diagnostic and lexing goes on. Comments and directives are collected apart from the token
/// stream the parser reads (see `ObjCDirective` for why the parser sees every `#if` branch).
public struct ObjCLexedFile: Sendable {
    /// The code's tokens, outside comments and directives; the last one is `.endOfFile`.
    public var tokens: [ObjCToken]
    public var comments: [ObjCComment]
    public var directives: [ObjCDirective]
    public var diagnostics: [ObjCDiagnostic]
    /// Diagnostics beyond `ObjCLexer.maximumDiagnostics`, counted but not kept.
    public var droppedDiagnostics: Int
    public var lineTable: ObjCLineTable
}

public enum ObjCLexer {
    /// Diagnostics kept per file: 1 MB of garbage would otherwise keep a million of them.
    public static let maximumDiagnostics = 500

    public static func lex(_ source: String) -> ObjCLexedFile {
        lex(bytes: Array(source.utf8))
    }

    public static func lex(bytes: [UInt8]) -> ObjCLexedFile {
        var state = LexerState(bytes: bytes)
        state.run()
        return ObjCLexedFile(
            tokens: state.tokens, comments: state.comments, directives: state.directives,
            diagnostics: state.diagnostics, droppedDiagnostics: state.droppedDiagnostics,
            lineTable: state.lineTable)
    }
}

private let directiveKinds: [String: ObjCDirective.Kind] = [
    "define": .define, "undef": .undef, "import": .import, "include": .include,
    "include_next": .includeNext, "if": .if, "ifdef": .ifdef, "ifndef": .ifndef, "elif": .elif,
    "else": .else, "endif": .endif, "pragma": .pragma, "error": .error, "warning": .warning,
    "line": .line,
]

private struct LexerState {
    let bytes: [UInt8]
    let lineTable: ObjCLineTable
    var position = 0
    var lineHint = 0
    var tokens: [ObjCToken] = []
    var comments: [ObjCComment] = []
    var directives: [ObjCDirective] = []
    var diagnostics: [ObjCDiagnostic] = []
    var droppedDiagnostics = 0

    /// Set by trivia: a line break was crossed / whitespace or a comment was skipped.
    var atLineStart = true
    var spaceBefore = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.lineTable = ObjCLineTable(bytes: bytes)
        tokens.reserveCapacity(bytes.count / 4)
    }

    func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
    var isAtEnd: Bool { position >= bytes.count }

    mutating func location(_ offset: Int) -> ObjCSourceLocation {
        lineTable.location(of: offset, hint: &lineHint)
    }

    mutating func range(_ start: Int, _ end: Int) -> ObjCSourceRange {
        // Ranges are asked for in increasing order but `end` may run ahead of a later `start`
        // (a comment inside a directive): the hint only moves forward from `start`.
        let startLocation = location(start)
        var endHint = lineHint
        let endLocation = lineTable.location(of: end, hint: &endHint)
        return ObjCSourceRange(start: startLocation, end: endLocation)
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    mutating func diagnose(_ kind: ObjCDiagnostic.Kind, _ message: String, _ start: Int, _ end: Int) {
        guard diagnostics.count < ObjCLexer.maximumDiagnostics else {
            droppedDiagnostics += 1
            return
        }
        diagnostics.append(ObjCDiagnostic(kind: kind, message: message, range: range(start, end)))
    }

    // MARK: Driver

    mutating func run() {
        while true {
            skipTrivia(stopAtLineBreak: false)
            if isAtEnd {
                let end = range(bytes.count, bytes.count)
                tokens.append(ObjCToken(kind: .endOfFile, text: "", range: end, flags: atLineStart ? [.atLineStart] : []))
                return
            }
            if bytes[position] == UInt8(ascii: "#"), atLineStart {
                lexDirective()
                continue
            }
            var token = lexToken()
            if atLineStart { token.flags.insert(.atLineStart) }
            if spaceBefore { token.flags.insert(.spaceBefore) }
            tokens.append(token)
            atLineStart = false
            spaceBefore = false
        }
    }

    // MARK: Trivia

    /// Skips whitespace, comments and line continuations. In a directive, stops before a line
    /// break (the directive ends there); elsewhere a line break marks the next token.
    mutating func skipTrivia(stopAtLineBreak: Bool) {
        while position < bytes.count {
            let current = bytes[position]
            switch current {
            case 0x20, 0x09, 0x0B, 0x0C:
                position += 1
                spaceBefore = true
            case 0x0A, 0x0D:
                if stopAtLineBreak { return }
                position += 1
                atLineStart = true
                spaceBefore = true
            case 0x00:
                // Clang ignores NUL bytes with a warning; so does this lexer.
                diagnose(.invalidCharacter, "NUL byte ignored", position, position + 1)
                position += 1
                spaceBefore = true
            case UInt8(ascii: "\\"):
                guard let length = lineBreakLength(at: position + 1) else { return }
                position += 1 + length
                spaceBefore = true
            case UInt8(ascii: "/"):
                let next = byte(position + 1)
                if next == UInt8(ascii: "/") {
                    lexLineComment()
                } else if next == UInt8(ascii: "*") {
                    lexBlockComment()
                } else {
                    return
                }
                spaceBefore = true
            default:
                return
            }
        }
    }

    /// The length of the line break at `offset` (1 for LF or CR, 2 for CRLF), nil if none.
    func lineBreakLength(at offset: Int) -> Int? {
        switch byte(offset) {
        case 0x0A: return offset < bytes.count ? 1 : nil
        case 0x0D: return byte(offset + 1) == 0x0A ? 2 : 1
        default: return nil
        }
    }

    mutating func lexLineComment() {
        let start = position
        position += 2
        while position < bytes.count {
            let current = bytes[position]
            if current == 0x0A || current == 0x0D { break }
            // A continuation carries a `//` comment onto the next line, as in C.
            if current == UInt8(ascii: "\\"), let length = lineBreakLength(at: position + 1) {
                position += 1 + length
                continue
            }
            position += 1
        }
        comments.append(ObjCComment(text: text(start, position), range: range(start, position), isBlock: false, isTerminated: true))
    }

    mutating func lexBlockComment() {
        let start = position
        position += 2
        var terminated = false
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "*"), byte(position + 1) == UInt8(ascii: "/") {
                position += 2
                terminated = true
                break
            }
            position += 1
        }
        if !terminated { diagnose(.unterminatedComment, "unterminated /* comment", start, position) }
        comments.append(ObjCComment(text: text(start, position), range: range(start, position), isBlock: true, isTerminated: terminated))
    }

    // MARK: Directives

    mutating func lexDirective() {
        let start = position
        position += 1
        spaceBefore = false
        skipTrivia(stopAtLineBreak: true)
        var name = ""
        var kind = ObjCDirective.Kind.null
        var directiveTokens: [ObjCToken] = []
        var end = position
        if !isAtEnd, !isLineBreak(bytes[position]) {
            let nameToken = lexToken()
            end = position
            if nameToken.kind == .identifier {
                name = nameToken.text
                kind = directiveKinds[name] ?? .other
            } else {
                // `# 1 "file.m"` line markers and the like.
                kind = .other
                directiveTokens.append(nameToken)
            }
        }
        spaceBefore = false
        if kind == .import || kind == .include || kind == .includeNext {
            skipTrivia(stopAtLineBreak: true)
            if byte(position) == UInt8(ascii: "<") {
                var token = lexHeaderName()
                if spaceBefore { token.flags.insert(.spaceBefore) }
                directiveTokens.append(token)
                end = position
                spaceBefore = false
            }
        }
        while true {
            skipTrivia(stopAtLineBreak: true)
            if isAtEnd || isLineBreak(bytes[position]) { break }
            var token = lexToken()
            if spaceBefore { token.flags.insert(.spaceBefore) }
            spaceBefore = false
            directiveTokens.append(token)
            end = position
        }
        directives.append(ObjCDirective(kind: kind, name: name, tokens: directiveTokens, range: range(start, end)))
        // The line break that ends the directive is read by the main loop.
        atLineStart = false
        spaceBefore = true
    }

    func isLineBreak(_ value: UInt8) -> Bool { value == 0x0A || value == 0x0D }

    mutating func lexHeaderName() -> ObjCToken {
        let start = position
        position += 1
        var flags: ObjCToken.Flags = []
        while true {
            if isAtEnd || isLineBreak(bytes[position]) {
                flags.insert(.unterminated)
                diagnose(.unterminatedHeaderName, "header name without '>'", start, position)
                break
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            position += 1
        }
        return ObjCToken(kind: .headerName, text: text(start, position), range: range(start, position), flags: flags)
    }

    // MARK: Tokens

    /// Lexes one token at `position`, which is not trivia and not the end.
    mutating func lexToken() -> ObjCToken {
        let start = position
        let current = bytes[position]
        if isIdentifierStart(current) {
            // Encoding prefixes of string and character literals.
            let next = byte(position + 1)
            if current == UInt8(ascii: "L") || current == UInt8(ascii: "U") || current == UInt8(ascii: "u") {
                if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
                    position += 1
                    return lexQuoted(start: start, quote: next, kind: next == UInt8(ascii: "'") ? .characterLiteral : .stringLiteral)
                }
                if current == UInt8(ascii: "u"), next == UInt8(ascii: "8"), byte(position + 2) == UInt8(ascii: "\"") {
                    position += 2
                    return lexQuoted(start: start, quote: UInt8(ascii: "\""), kind: .stringLiteral)
                }
            }
            scanIdentifier()
            return ObjCToken(kind: .identifier, text: text(start, position), range: range(start, position))
        }
        if current >= 0x80 {
            if let length = utf8SequenceLength(at: position) {
                position += length
                scanIdentifier()
                return ObjCToken(kind: .identifier, text: text(start, position), range: range(start, position))
            }
            while position < bytes.count, bytes[position] >= 0x80, utf8SequenceLength(at: position) == nil {
                position += 1
            }
            diagnose(.invalidCharacter, "invalid UTF-8", start, position)
            return ObjCToken(kind: .unknown, text: text(start, position), range: range(start, position))
        }
        if isDigit(current) || (current == UInt8(ascii: ".") && isDigit(byte(position + 1))) {
            let isFloat = scanNumber()
            return ObjCToken(kind: isFloat ? .floatingLiteral : .integerLiteral, text: text(start, position), range: range(start, position))
        }
        switch current {
        case UInt8(ascii: "\""):
            return lexQuoted(start: start, quote: current, kind: .stringLiteral)
        case UInt8(ascii: "'"):
            return lexQuoted(start: start, quote: current, kind: .characterLiteral)
        case UInt8(ascii: "@"):
            return lexAt()
        default:
            break
        }
        if let (punctuator, length) = matchPunctuator() {
            position += length
            return ObjCToken(kind: .punctuator(punctuator), text: punctuator.rawValue, range: range(start, position))
        }
        position += 1
        diagnose(.invalidCharacter, "unexpected character", start, position)
        return ObjCToken(kind: .unknown, text: text(start, position), range: range(start, position))
    }

    /// The longest punctuator at `position`, by a switch on its bytes (no allocation per token).
    func matchPunctuator() -> (ObjCPunctuator, Int)? {
        let first = bytes[position]
        let second = byte(position + 1)
        let third = byte(position + 2)
        func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }
        switch first {
        case ascii("("): return (.leftParen, 1)
        case ascii(")"): return (.rightParen, 1)
        case ascii("["): return (.leftBracket, 1)
        case ascii("]"): return (.rightBracket, 1)
        case ascii("{"): return (.leftBrace, 1)
        case ascii("}"): return (.rightBrace, 1)
        case ascii(";"): return (.semicolon, 1)
        case ascii(","): return (.comma, 1)
        case ascii("?"): return (.question, 1)
        case ascii("~"): return (.tilde, 1)
        case ascii("\\"): return (.backslash, 1)
        case ascii("."): return second == ascii(".") && third == ascii(".") ? (.ellipsis, 3) : (.period, 1)
        case ascii(":"): return second == ascii(":") ? (.colonColon, 2) : (.colon, 1)
        case ascii("#"): return second == ascii("#") ? (.hashHash, 2) : (.hash, 1)
        case ascii("+"):
            if second == ascii("+") { return (.plusPlus, 2) }
            return second == ascii("=") ? (.plusEqual, 2) : (.plus, 1)
        case ascii("-"):
            if second == ascii("-") { return (.minusMinus, 2) }
            if second == ascii(">") { return (.arrow, 2) }
            return second == ascii("=") ? (.minusEqual, 2) : (.minus, 1)
        case ascii("*"): return second == ascii("=") ? (.starEqual, 2) : (.star, 1)
        case ascii("/"): return second == ascii("=") ? (.slashEqual, 2) : (.slash, 1)
        case ascii("%"): return second == ascii("=") ? (.percentEqual, 2) : (.percent, 1)
        case ascii("^"): return second == ascii("=") ? (.caretEqual, 2) : (.caret, 1)
        case ascii("!"): return second == ascii("=") ? (.exclaimEqual, 2) : (.exclaim, 1)
        case ascii("="): return second == ascii("=") ? (.equalEqual, 2) : (.equal, 1)
        case ascii("&"):
            if second == ascii("&") { return (.ampAmp, 2) }
            return second == ascii("=") ? (.ampEqual, 2) : (.ampersand, 1)
        case ascii("|"):
            if second == ascii("|") { return (.pipePipe, 2) }
            return second == ascii("=") ? (.pipeEqual, 2) : (.pipe, 1)
        case ascii("<"):
            if second == ascii("<") { return third == ascii("=") ? (.lessLessEqual, 3) : (.lessLess, 2) }
            return second == ascii("=") ? (.lessEqual, 2) : (.less, 1)
        case ascii(">"):
            if second == ascii(">") { return third == ascii("=") ? (.greaterGreaterEqual, 3) : (.greaterGreater, 2) }
            return second == ascii("=") ? (.greaterEqual, 2) : (.greater, 1)
        default: return nil
        }
    }

    mutating func lexAt() -> ObjCToken {
        let start = position
        let next = byte(position + 1)
        switch next {
        case UInt8(ascii: "\""):
            position += 1
            return lexQuoted(start: start, quote: next, kind: .objcStringLiteral)
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
            position += 2
            let punctuator: ObjCPunctuator = next == UInt8(ascii: "{") ? .atLeftBrace : (next == UInt8(ascii: "[") ? .atLeftBracket : .atLeftParen)
            return ObjCToken(kind: .punctuator(punctuator), text: punctuator.rawValue, range: range(start, position))
        default:
            break
        }
        if isIdentifierStart(next) || (next >= 0x80 && utf8SequenceLength(at: position + 1) != nil) {
            position += 1
            if next >= 0x80 { position += utf8SequenceLength(at: position) ?? 1 }
            scanIdentifier()
            return ObjCToken(kind: .atKeyword, text: text(start, position), range: range(start, position))
        }
        let signed = next == UInt8(ascii: "-") || next == UInt8(ascii: "+")
        let digitAt = signed ? position + 2 : position + 1
        if isDigit(byte(digitAt)) || (byte(digitAt) == UInt8(ascii: ".") && isDigit(byte(digitAt + 1))) {
            position = digitAt
            _ = scanNumber()
            return ObjCToken(kind: .objcNumberLiteral, text: text(start, position), range: range(start, position))
        }
        position += 1
        diagnose(.strayAt, "'@' that starts no Objective-C construct", start, position)
        return ObjCToken(kind: .unknown, text: "@", range: range(start, position))
    }

    /// A quoted literal from `start` (which may hold a prefix); `position` is at the opening quote.
    /// It ends at the closing quote, or unterminated before a line break or the end of the text.
    mutating func lexQuoted(start: Int, quote: UInt8, kind: ObjCTokenKind) -> ObjCToken {
        position += 1
        var flags: ObjCToken.Flags = []
        while true {
            if isAtEnd || isLineBreak(bytes[position]) {
                flags.insert(.unterminated)
                let what = kind == .characterLiteral ? "character literal" : "string literal"
                diagnose(kind == .characterLiteral ? .unterminatedCharacter : .unterminatedString, "unterminated \(what)", start, position)
                break
            }
            let current = bytes[position]
            if current == quote {
                position += 1
                break
            }
            if current == UInt8(ascii: "\\"), position + 1 < bytes.count {
                // An escaped line break is a continuation: the literal goes on.
                position += 1 + (lineBreakLength(at: position + 1) ?? 1)
                continue
            }
            position += 1
        }
        return ObjCToken(kind: kind, text: text(start, position), range: range(start, position), flags: flags)
    }

    /// Scans a preprocessing number (digits, letters, `_`, `.`, exponent signs, `'` separators)
    /// and says whether it is a floating literal.
    mutating func scanNumber() -> Bool {
        let start = position
        let isHex = bytes[position] == UInt8(ascii: "0") && (byte(position + 1) | 0x20) == UInt8(ascii: "x")
        var isFloat = false
        while position < bytes.count {
            let current = bytes[position]
            if isDigit(current) || isLetter(current) || current == UInt8(ascii: "_") {
                let lower = current | 0x20
                if position > start + (isHex ? 1 : 0) {
                    if isHex ? lower == UInt8(ascii: "p") : lower == UInt8(ascii: "e") {
                        isFloat = true
                        let sign = byte(position + 1)
                        if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
                    }
                }
                position += 1
            } else if current == UInt8(ascii: ".") {
                isFloat = true
                position += 1
            } else if current == UInt8(ascii: "'"), isDigit(byte(position + 1)) || isLetter(byte(position + 1)) {
                position += 1
            } else {
                break
            }
        }
        return isFloat
    }

    mutating func scanIdentifier() {
        while position < bytes.count {
            let current = bytes[position]
            if isIdentifierStart(current) || isDigit(current) {
                position += 1
            } else if current >= 0x80, let length = utf8SequenceLength(at: position) {
                position += length
            } else {
                return
            }
        }
    }

    func isDigit(_ value: UInt8) -> Bool { value >= 0x30 && value <= 0x39 }
    func isLetter(_ value: UInt8) -> Bool { (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
    func isIdentifierStart(_ value: UInt8) -> Bool {
        isLetter(value) || value == UInt8(ascii: "_") || value == UInt8(ascii: "$")
    }

    /// The length of a valid UTF-8 sequence of two to four bytes at `offset`, nil if invalid.
    func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = byte(offset)
        func continuation(_ index: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            offset + index < bytes.count && bytes[offset + index] >= low && bytes[offset + index] <= high
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : nil
        case 0xE1...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }
}
