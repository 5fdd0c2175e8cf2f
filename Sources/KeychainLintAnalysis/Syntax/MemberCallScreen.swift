import KeychainLintModel

/// Screens a Swift text for long runs of call-like code (`f(x) f(x) …`) directly in a type's body,
/// where only declarations may stand, before it is handed to the parser.
///
/// The parser treats each `name(` there as a possible modifier with an argument
/// (`private(set)`) and looks ahead over every following one for the declaration it would start,
/// so a run of n of them costs n² lookahead steps: 4,000 in one struct take over 5 s, 16,000
/// (64 KB) minutes; an interrupted parse cannot be stopped. Real code has a few such groups
/// between two declarations at most (`var v = Foo(a).b(c)`); the count starts again at each
/// declaration keyword, `#` directive and `;`. Attributes (`@objc(name)`) and the cases
/// of one `case` list (`case a(Int), b(String)`), which the parser reads directly, are not
/// counted. Like `BracketScreen`, it skips comments and string literals and approximates the
/// rest: a type body is a `{` whose nearest earlier declaration keyword at its level is
/// `class`, `struct`, `enum`, `protocol`, `extension` or `actor`.
enum MemberCallScreen {
    /// The longest run of call-like groups in a type body, counted until `limit` is exceeded.
    static func longestRun(in text: String, stoppingAbove limit: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var scan = Scan(limit: limit)
            var index = 0
            let count = bytes.count
            while index < count, !scan.exceeded {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                    index = BracketScreen.skipBlockComment(bytes, from: index)
                case UInt8(ascii: "\""), UInt8(ascii: "#"):
                    var quote = index
                    while quote < count, bytes[quote] == UInt8(ascii: "#") { quote += 1 }
                    if quote < count, bytes[quote] == UInt8(ascii: "\"") {
                        index = BracketScreen.skipStringLiteral(bytes, from: index)
                        scan.other()
                    } else {
                        index = quote  // `#if`, `#warning(…)`: a directive, not a string
                        scan.directive()
                    }
                case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0D:
                    index += 1
                case UInt8(ascii: "("):
                    scan.openParenthesis()
                    index += 1
                case UInt8(ascii: "["):
                    scan.open(UInt8(ascii: "["), memberBody: false)
                    index += 1
                case UInt8(ascii: "{"):
                    scan.openBrace()
                    index += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    scan.close(byte)
                    index += 1
                case UInt8(ascii: ","):
                    scan.comma()
                    index += 1
                case UInt8(ascii: ";"):
                    scan.semicolon()
                    index += 1
                case UInt8(ascii: "@"):
                    scan.attributeSign()
                    index += 1
                default:
                    guard BracketScreen.isNameByte(byte) else {
                        scan.other()
                        index += 1
                        continue
                    }
                    let start = index
                    while index < count, BracketScreen.isNameByte(bytes[index]) { index += 1 }
                    let afterDot = start > 0 && bytes[start - 1] == UInt8(ascii: ".")
                    scan.word(UnsafeBufferPointer(rebasing: bytes[start..<index]), afterDot: afterDot)
                }
            }
            return scan.longest
        }
    }

    private enum Keyword { case type, caseList, other }

    private static let keywords: [(spelling: [UInt8], kind: Keyword)] =
        ["class", "struct", "enum", "protocol", "extension", "actor"].map { (Array($0.utf8), .type) }
        + [(Array("case".utf8), .caseList)]
        + ["func", "var", "let", "init", "deinit", "subscript", "typealias", "associatedtype", "import",
           "operator", "precedencegroup", "macro"].map { (Array($0.utf8), .other) }

    /// The declaration keyword a word is, compared in place (most words are not one).
    private static func keyword(_ word: UnsafeBufferPointer<UInt8>) -> Keyword? {
        guard word.count >= 3, word.count <= 15 else { return nil }
        for (spelling, kind) in keywords where spelling.count == word.count && spelling.elementsEqual(word) {
            return kind
        }
        return nil
    }

    /// The state of one pass: a frame per open bracket, and what the last token was.
    private struct Scan {
        struct Frame {
            /// The opening bracket's byte.
            var bracket: UInt8
            /// A type's body, where the run is counted (parentheses and other braces are not).
            var isMemberBody: Bool
            /// Call-like groups since the last declaration keyword, directive, `;` or brace.
            var run = 0
            /// The last declaration keyword at this level introduced a type (its body follows).
            var typeKeywordPending = false
            /// Within a `case` list: `case a(Int), b(String)`.
            var inCaseList = false
        }

        enum Token { case other, comma, caseKeyword, attributeSign, word }

        let limit: Int
        var frames = [Frame(bracket: 0, isMemberBody: false)]
        /// Braces among `frames`.
        var openBraces = 0
        var last = Token.other
        /// The token before the last word (what `name(` follows).
        var beforeWord = Token.other
        var longest = 0
        var exceeded: Bool { longest > limit }

        mutating func word(_ bytes: UnsafeBufferPointer<UInt8>, afterDot: Bool) {
            beforeWord = last
            last = .word
            guard !afterDot, let keyword = MemberCallScreen.keyword(bytes) else { return }
            switch keyword {
            case .type: declaration(type: true, caseList: false)
            case .caseList:
                declaration(type: false, caseList: true)
                last = .caseKeyword
            case .other: declaration(type: false, caseList: false)
            }
        }

        private mutating func declaration(type: Bool, caseList: Bool) {
            frames[frames.count - 1].run = 0
            frames[frames.count - 1].typeKeywordPending = type
            frames[frames.count - 1].inCaseList = caseList
        }

        mutating func openParenthesis() {
            var top = frames[frames.count - 1]
            if top.isMemberBody, last == .word, beforeWord != .attributeSign,
               !(top.inCaseList && (beforeWord == .comma || beforeWord == .caseKeyword)) {
                top.run += 1
                longest = max(longest, top.run)
                frames[frames.count - 1] = top
            }
            open(UInt8(ascii: "("), memberBody: false)
        }

        mutating func openBrace() {
            let memberBody = frames[frames.count - 1].typeKeywordPending
            frames[frames.count - 1].typeKeywordPending = false
            open(UInt8(ascii: "{"), memberBody: memberBody)
        }

        mutating func open(_ bracket: UInt8, memberBody: Bool) {
            last = .other
            // Real code nests far less; the bracket screen rejects deeper nesting anyway.
            guard frames.count < 4_096 else { return }
            frames.append(Frame(bracket: bracket, isMemberBody: memberBody))
            if bracket == UInt8(ascii: "{") { openBraces += 1 }
        }

        /// As the parser recovers: a `)` or `]` that does not match the innermost bracket is
        /// skipped as unexpected; a `}` also closes any bracket left open inside its braces.
        mutating func close(_ byte: UInt8) {
            last = .other
            switch byte {
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                let opening = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
                if frames.count > 1, frames[frames.count - 1].bracket == opening { frames.removeLast() }
            default:
                guard openBraces > 0 else { return }
                while frames.count > 1, frames.removeLast().bracket != UInt8(ascii: "{") {}
                openBraces -= 1
            }
        }

        mutating func comma() { last = .comma }
        mutating func attributeSign() { last = .attributeSign }
        mutating func other() { last = .other }

        mutating func semicolon() {
            declaration(type: false, caseList: false)
            last = .other
        }

        mutating func directive() {
            declaration(type: false, caseList: false)
            last = .other
        }
    }
}
