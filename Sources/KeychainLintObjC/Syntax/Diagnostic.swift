/// Problems the lexer and the parser met and stepped over.
///
/// Neither ever stops on bad input: they record what they skipped so that a rule or a report can
/// say "this part of the file was not analysed" instead of silently missing code. The kind is
/// typed so that callers decide by kind, never by matching the wording of `message`.
public struct ObjCDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case unterminatedString
        case unterminatedCharacter
        case unterminatedComment
        case unterminatedHeaderName
        /// A byte that is not valid UTF-8, or a character no token starts with.
        case invalidCharacter
        /// `@` followed by nothing the language defines.
        case strayAt
        /// A token where the grammar allows none; it was skipped.
        case unexpectedToken
        /// A construct the parser does not model, skipped to its end.
        case skippedConstruct
        /// A `{`, `(` or `[` closed by the end of the file or of its enclosing construct.
        case missingClose
        /// `@interface`, `@implementation` or `@protocol` without `@end`.
        case missingEnd
        /// Nesting beyond `ObjCParser.Limits.maximumDepth`: the rest of the construct was skipped.
        case nestingLimit
    }

    public var kind: Kind
    public var message: String
    public var range: ObjCSourceRange

    public init(kind: Kind, message: String, range: ObjCSourceRange) {
        self.kind = kind
        self.message = message
        self.range = range
    }

    public var description: String { "\(range.start): \(kind.rawValue): \(message)" }
}
