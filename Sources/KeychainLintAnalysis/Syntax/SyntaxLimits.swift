import KeychainLintModel

@_spi(RawSyntax) import SwiftSyntax

/// Bounds that keep parsing and every recursive walk of a syntax tree finite and within the
/// stack on any input, generated or hostile. The parser, the operator folder and swift-syntax's
/// visitors recurse as deep as the code nests, and long operator or member chains nest without
/// any bracket; a file beyond these bounds is analysed only up to them, with a note that says so.
public enum SyntaxLimits {
    /// Brackets, braces, parentheses and angle brackets open at once. The parser stops there and
    /// keeps the rest of the file as unparsed tokens. (swift-syntax's own default differs between
    /// its debug and release builds; an explicit value makes both read code the same way.)
    public static let parserNesting = 128
    /// Depth of the parsed tree, before operators are folded. Postfix chains (`.a.b.c…`, `f()()…`)
    /// nest one level per link without any bracket.
    public static let treeDepth = 4_000
    /// Operators in one expression: folding turns a sequence of n operators into a tree n deep.
    public static let sequenceOperators = 2_000
    /// Square brackets open at once, counted on the text before parsing. The parser's lookahead
    /// for `[` (collection and inline-array types) takes time exponential in this number: 26
    /// take 40 s, 30 never finish. Real code stays far below.
    public static let openSquareBrackets = 16
    /// Brackets, braces and parentheses open at once, counted on the text before parsing. The
    /// parser looks ahead to the end of an unclosed construct at each level, which takes time
    /// cubic in this number (1,100 unclosed `switch x {` take minutes). Real code stays far below.
    public static let openBrackets = 64
    /// Generic angle brackets (`Name<`) open at once within one brace-delimited stretch of text.
    /// The parser recurses on each without counting it towards its nesting limit (164,000 of
    /// them overflowed a 512 MB stack). `<` after a space or `.` (`a < b`, `..<`) is not counted.
    public static let openAngleBrackets = 64
    /// Call-like groups (`f(x)`) in a row directly in a type's body, counted on the text before
    /// parsing (`MemberCallScreen`). The parser's lookahead is quadratic in this number: 4,000
    /// take over 5 s. Real code has a few between two declarations.
    public static let memberCallRun = 32

    /// Wall-clock seconds one file's parse may take: a base plus a share per megabyte, so that
    /// only a parse far slower than its size explains is cut (release builds parse about 20 MB
    /// a second). The parser's lookahead is quadratic or worse on some malformed inputs that the
    /// text screen cannot recognise (a 290 KB line of calls inside an unclosed `[` took 30 s);
    /// the parse cannot be interrupted, so a parse that runs over is left to finish on its own
    /// thread and the file is reported as not analysed. Debug builds parse about ten times
    /// slower, on test machines that may be busy: their limit is generous.
    public static func parseSeconds(forBytes bytes: Int) -> Double {
        let megabytes = Double(bytes) / 1_048_576
        #if DEBUG
        return parseSecondsFactor * (120 + 60 * megabytes)
        #else
        return parseSecondsFactor * (5 + megabytes)
        #endif
    }

    /// Scales `parseSeconds`. The fuzzing build is instrumented (every comparison calls into
    /// libFuzzer) and parses some inputs 30-50 times slower than a release build: with the
    /// release limit, such parses were cut, left running on their lost workers, and piled up
    /// across inputs in the one fuzzing process until every later input ran several times slower.
    /// The fuzz target raises the factor so that a parse is always waited for and a slow one is
    /// caught by libFuzzer's own timeout instead.
    nonisolated(unsafe) public static var parseSecondsFactor = 1.0

    /// Why a text must not be handed to the parser at all, if it must not.
    public static func textProblem(_ text: String) -> String? {
        let open = BracketScreen.maximumOpen(in: text)
        if open.square > openSquareBrackets {
            return "more than \(openSquareBrackets) `[` open at once (\(open.square)): not parsed, not analysed"
        }
        if open.all > openBrackets {
            return "more than \(openBrackets) brackets open at once (\(open.all)): not parsed, not analysed"
        }
        if open.angle > openAngleBrackets {
            return "more than \(openAngleBrackets) generic `<` open at once (\(open.angle)): not parsed, not analysed"
        }
        if MemberCallScreen.longestRun(in: text, stoppingAbove: memberCallRun) > memberCallRun {
            return "more than \(memberCallRun) call-like groups in a row in a type's body, where declarations belong: not parsed, not analysed"
        }
        return nil
    }

    /// What exceeds the bounds in a freshly parsed (unfolded) tree, if anything.
    public static func treeProblem(_ tree: SourceFileSyntax) -> String? {
        // An explicit stack: the check itself must not recurse as deep as the tree.
        var stack: [(node: RawSyntax, depth: Int)] = [(tree.raw, 1)]
        while let (node, depth) = stack.popLast() {
            if depth > treeDepth {
                return "syntax nests deeper than \(treeDepth) levels: not analysed"
            }
            guard let layout = node.layoutView else { continue }
            if node.kind == .exprList, layout.children.count > 2 * sequenceOperators + 1 {
                return "an expression has more than \(sequenceOperators) operators: not analysed"
            }
            for child in layout.children {
                if let child { stack.append((child, depth + 1)) }
            }
        }
        return nil
    }
}

/// The deepest nesting of `[`…`]`, and of all brackets, braces and parentheses together, in a
/// Swift text, skipping comments and string literals (an approximation good enough to screen for
/// runaway nesting: interpolations are skipped too).
enum BracketScreen {
    static func maximumOpen(in text: String) -> (square: Int, all: Int, angle: Int) {
        var text = text
        return text.withUTF8 { bytes in
            var square = 0
            var deepestSquare = 0
            var open = 0
            var deepest = 0
            var angle = 0
            var deepestAngle = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "<"):
                    if index > 0, isNameByte(bytes[index - 1]) {
                        angle += 1
                        if angle > deepestAngle { deepestAngle = angle }
                    }
                    index += 1
                case UInt8(ascii: ">"):
                    if angle > 0, index == 0 || bytes[index - 1] != UInt8(ascii: "-") { angle -= 1 }
                    index += 1
                case UInt8(ascii: ";"):
                    angle = 0
                    index += 1
                case UInt8(ascii: "["):
                    square += 1
                    if square > deepestSquare { deepestSquare = square }
                    open += 1
                    if open > deepest { deepest = open }
                    index += 1
                case UInt8(ascii: "]"):
                    if square > 0 { square -= 1 }
                    if open > 0 { open -= 1 }
                    index += 1
                case UInt8(ascii: "("), UInt8(ascii: "{"):
                    open += 1
                    if open > deepest { deepest = open }
                    if byte == UInt8(ascii: "{") { angle = 0 }
                    index += 1
                case UInt8(ascii: ")"), UInt8(ascii: "}"):
                    if open > 0 { open -= 1 }
                    if byte == UInt8(ascii: "}") { angle = 0 }
                    index += 1
                case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                    index = skipBlockComment(bytes, from: index)
                case UInt8(ascii: "\""), UInt8(ascii: "#"):
                    index = skipStringLiteral(bytes, from: index)
                default:
                    index += 1
                }
            }
            return (deepestSquare, deepest, deepestAngle)
        }
    }

    /// A byte that can end a type name before its generic arguments (`Name<`, `Name?<` is not Swift).
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// After a `/* … */` comment, nested ones included (or the end of the text).
    static func skipBlockComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 2
        var depth = 1
        while index < bytes.count, depth > 0 {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else {
                index += 1
            }
        }
        return index
    }

    /// After a string literal starting at `start` (`"…"`, `"""…"""`, `#"…"#`), or after the `#`
    /// when it does not start one (`#if`, `#selector`).
    static func skipStringLiteral(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        var hashes = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return max(index, start + 1) }
        var quotes = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "\""), quotes < 3 {
            quotes += 1
            index += 1
        }
        if quotes == 2 { return index }  // `""`: the empty string
        let multiline = quotes == 3
        while index < bytes.count {
            let byte = bytes[index]
            // In a raw string (`#"…"#`) a backslash escapes nothing unless followed by the `#`s.
            if byte == UInt8(ascii: "\\"), hashes == 0 {
                index += 2
                continue
            }
            if !multiline, byte == 0x0A || byte == 0x0D { return index }  // unterminated
            if byte == UInt8(ascii: "\"") {
                var run = 0
                while index < bytes.count, bytes[index] == UInt8(ascii: "\""), run < (multiline ? 3 : 1) {
                    run += 1
                    index += 1
                }
                guard run == (multiline ? 3 : 1) else { continue }
                var closing = 0
                while closing < hashes, index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                    closing += 1
                    index += 1
                }
                if closing == hashes { return index }
                continue
            }
            index += 1
        }
        return index
    }
}
