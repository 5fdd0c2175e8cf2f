/// The core of the error-tolerant Objective-C parser: token cursor, nesting guard, recovery.
///
/// Recursive descent over the lexer's tokens, built so that no input can make it fail, loop or
/// overflow the stack:
/// - every loop consumes at least one token per turn, and lookahead is capped at
///   `Limits.lookahead` tokens, so time is linear in the input;
/// - every recursive construct (brackets, blocks, statements, unary and binary operator chains,
///   postfix chains) passes through `enter()`, which refuses beyond `Limits.maximumDepth`; the
///   rest of that construct is then skipped by an iterative bracket counter, with a diagnostic;
/// - an unknown construct is skipped to a boundary (`;`, the enclosing closer, an `@`-keyword
///   that starts a container or ends one) and becomes an `.unparsed` node, never an error.
/// The parser is split by job: declarations, statements, expressions and types each have a file.
public struct ObjCParserLimits: Sendable, Hashable {
    /// Nesting of brackets, statements and operator chains the parser follows.
    public var maximumDepth: Int
    /// Diagnostics kept per file (more are counted, not kept).
    public var maximumDiagnostics: Int
    /// Tokens a lookahead may examine (deciding cast or parenthesis, declaration or expression).
    public var lookahead: Int

    public init(maximumDepth: Int = 256, maximumDiagnostics: Int = 500, lookahead: Int = 64) {
        self.maximumDepth = maximumDepth
        self.maximumDiagnostics = maximumDiagnostics
        self.lookahead = lookahead
    }

    public static let standard = ObjCParserLimits()
}

final class ObjCParser {
    let tokens: [ObjCToken]
    let limits: ObjCParserLimits
    var position = 0
    var depth = 0
    var diagnostics: [ObjCDiagnostic] = []
    var droppedDiagnostics = 0
    /// Set while reading a `#define` body: diagnostics there are dropped (bodies are often
    /// fragments, not expressions).
    var isQuiet = false
    /// `extern "C" {` blocks open at file scope.
    var externBlocks = 0
    /// The token ranges of the `enum` bodies stepped over (braces included), read afterwards
    /// for their constants (`ObjCSyntaxTree.enumerators(in:)`), with the type name the macro or
    /// tag gives (`VaultPolicy` of `NS_OPTIONS(NSUInteger, VaultPolicy)` or `enum VaultPolicy`).
    var enumBodies: [(tokens: Range<Int>, typeName: String?)] = []

    /// Offsets of `#else` and `#elif` lines, in order: a container header repeated after one of
    /// them is the other branch's version of the same header, not a new container.
    let branchOffsets: [Int]

    init(tokens: [ObjCToken], limits: ObjCParserLimits, branchOffsets: [Int] = []) {
        precondition(tokens.last?.kind == .endOfFile, "a token stream ends with .endOfFile")
        self.tokens = tokens
        self.limits = limits
        self.branchOffsets = branchOffsets
    }

    /// True if an `#else` or `#elif` line lies between the two offsets.
    func hasBranch(between start: Int, and end: Int) -> Bool {
        var low = 0
        var high = branchOffsets.count
        while low < high {
            let middle = (low + high) / 2
            if branchOffsets[middle] <= start { low = middle + 1 } else { high = middle }
        }
        return low < branchOffsets.count && branchOffsets[low] < end
    }

    // MARK: Cursor

    var current: ObjCToken { tokens[position] }
    var isAtEnd: Bool { tokens[position].kind == .endOfFile }

    func peek(_ offset: Int = 1) -> ObjCToken {
        tokens[min(position + offset, tokens.count - 1)]
    }

    func at(_ punctuator: ObjCPunctuator) -> Bool { tokens[position].kind == .punctuator(punctuator) }
    func atIdentifier(_ name: String) -> Bool { tokens[position].isIdentifier(name) }
    func atIdentifier() -> Bool { tokens[position].kind == .identifier }
    func atAtKeyword(_ name: String) -> Bool {
        tokens[position].kind == .atKeyword && tokens[position].text == name
    }

    @discardableResult
    func advance() -> ObjCToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    func eat(_ punctuator: ObjCPunctuator) -> Bool {
        guard at(punctuator) else { return false }
        advance()
        return true
    }

    /// Where the next node starts.
    var startLocation: ObjCSourceLocation { tokens[position].range.start }

    /// The range from `start` to the end of the last consumed token (empty if none was).
    func range(from start: ObjCSourceLocation) -> ObjCSourceRange {
        guard position > 0 else { return ObjCSourceRange(start: start, end: start) }
        let end = tokens[position - 1].range.end
        return ObjCSourceRange(start: start, end: end.offset >= start.offset ? end : start)
    }

    // MARK: Diagnostics

    @inline(never)
    func diagnose(_ kind: ObjCDiagnostic.Kind, _ message: String, at range: ObjCSourceRange? = nil) {
        if isQuiet { return }
        guard diagnostics.count < limits.maximumDiagnostics else {
            droppedDiagnostics += 1
            return
        }
        diagnostics.append(ObjCDiagnostic(kind: kind, message: message, range: range ?? current.range))
    }

    /// Consumes `punctuator` or reports it missing (without consuming anything).
    @discardableResult
    @inline(never)
    func expect(_ punctuator: ObjCPunctuator, _ context: String) -> Bool {
        if eat(punctuator) { return true }
        let isCloser = punctuator == .rightParen || punctuator == .rightBracket || punctuator == .rightBrace
        diagnose(isCloser ? .missingClose : .unexpectedToken,
                 "expected '\(punctuator.rawValue)' \(context), found \(describe(current))")
        return false
    }

    @inline(never)
    func describe(_ token: ObjCToken) -> String {
        token.kind == .endOfFile ? "end of file" : "'\(token.text)'"
    }

    // MARK: Nesting

    /// Enters one level of nesting; false (with a diagnostic, depth unchanged) beyond the limit.
    /// Every `true` is balanced by `leave()`.
    func enter() -> Bool {
        if depth >= limits.maximumDepth {
            diagnose(.nestingLimit, "nesting deeper than \(limits.maximumDepth) levels: the rest of this construct is not parsed")
            return false
        }
        depth += 1
        return true
    }

    func leave() { depth -= 1 }

    // MARK: Recovery

    static func isOpener(_ kind: ObjCTokenKind) -> Bool {
        switch kind {
        case .punctuator(.leftParen), .punctuator(.leftBracket), .punctuator(.leftBrace),
             .punctuator(.atLeftParen), .punctuator(.atLeftBracket), .punctuator(.atLeftBrace):
            return true
        default:
            return false
        }
    }

    static func isCloser(_ kind: ObjCTokenKind) -> Bool {
        switch kind {
        case .punctuator(.rightParen), .punctuator(.rightBracket), .punctuator(.rightBrace): return true
        default: return false
        }
    }

    /// `@end`, `@interface`, `@implementation`, `@protocol Name` (not `@protocol(…)`): tokens
    /// that end any construct left open before them.
    func isContainerBoundary(_ index: Int) -> Bool {
        let token = tokens[index]
        guard token.kind == .atKeyword else { return false }
        switch token.text {
        case "@end", "@interface", "@implementation": return true
        case "@protocol": return !tokens[min(index + 1, tokens.count - 1)].isPunctuator(.leftParen)
        default: return false
        }
    }

    /// Skips the rest of the current construct without recursion. Parentheses and brackets
    /// are counted apart from braces: valid code has no `;` inside `( … )` except within a
    /// block's braces, so a `;` or `}` met while a `(` is open means that `(` was never closed,
    /// and the skip stops there instead of swallowing the following code. It stops before a
    /// closer that belongs to an enclosing construct, before `;` when `stopAtSemicolon`, before
    /// `,` at this level when `stopAtComma`, before a container boundary, or at the end.
    @inline(never)
    func skipRest(stopAtSemicolon: Bool = true, stopAtComma: Bool = false) {
        var parens = 0
        var braces = 0
        while !isAtEnd {
            switch current.kind {
            case .punctuator(.leftParen), .punctuator(.leftBracket), .punctuator(.atLeftParen), .punctuator(.atLeftBracket):
                parens += 1
            case .punctuator(.leftBrace), .punctuator(.atLeftBrace):
                braces += 1
            case .punctuator(.rightParen), .punctuator(.rightBracket):
                if parens > 0 {
                    parens -= 1
                } else if braces == 0 {
                    return
                }
            case .punctuator(.rightBrace):
                if braces == 0 { return }
                braces -= 1
            case .punctuator(.semicolon):
                if braces == 0 && stopAtSemicolon { return }
            case .punctuator(.comma):
                if braces == 0 && parens == 0 && stopAtComma { return }
            case .atKeyword:
                if isContainerBoundary(position) { return }
            default:
                break
            }
            advance()
        }
    }

    /// Skips one balanced group starting at an opener (the opener and its matching closer
    /// included); returns false if the current token is no opener.
    @discardableResult
    @inline(never)
    func skipBalancedGroup() -> Bool {
        let closer: ObjCPunctuator
        switch current.kind {
        case .punctuator(.leftParen), .punctuator(.atLeftParen): closer = .rightParen
        case .punctuator(.leftBracket), .punctuator(.atLeftBracket): closer = .rightBracket
        case .punctuator(.leftBrace), .punctuator(.atLeftBrace): closer = .rightBrace
        default: return false
        }
        advance()
        skipRest(stopAtSemicolon: closer != .rightBrace)
        _ = eat(closer)
        return true
    }

    /// Skips a balanced `<…>` (generic arguments, protocol lists); nothing if no `<`.
    @inline(never)
    func skipAngleGroup() {
        guard at(.less) else { return }
        var open = 0
        while !isAtEnd {
            if at(.less) { open += 1 } else if at(.greater) { open -= 1 } else if at(.greaterGreater) { open -= 2 }
            else if at(.semicolon) || at(.leftBrace) || at(.rightBrace) || isContainerBoundary(position) { return }
            advance()
            if open <= 0 { return }
        }
    }

    /// The index just after a balanced `<…>` that starts at `index`, within the lookahead cap.
    @inline(never)
    func indexAfterAngles(from index: Int) -> Int? {
        var open = 0
        var cursor = index
        let limit = min(tokens.count - 1, index + limits.lookahead)
        while cursor < limit {
            switch tokens[cursor].kind {
            case .punctuator(.less): open += 1
            case .punctuator(.greater): open -= 1
            case .punctuator(.greaterGreater): open -= 2
            case .identifier, .punctuator(.star), .punctuator(.comma), .punctuator(.caret),
                 .punctuator(.leftParen), .punctuator(.rightParen), .punctuator(.colonColon), .punctuator(.ampersand):
                break
            default:
                return nil
            }
            cursor += 1
            if open <= 0 { return open == 0 ? cursor : nil }
        }
        return nil
    }
}
