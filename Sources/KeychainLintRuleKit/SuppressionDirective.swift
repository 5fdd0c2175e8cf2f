import Foundation

/// A `// keychain-lint:disable-next-line RULE[, RULE] -- reason` or
/// `// keychain-lint:disable-file RULE -- reason` comment, parsed from comment trivia (never by
/// searching the raw text, so the words inside string literals are not directives).
public struct SuppressionDirective: Sendable, Hashable {
    public static let prefix = "keychain-lint:"

    public enum Scope: String, Sendable, Hashable {
        case nextLine = "disable-next-line"
        case file = "disable-file"
    }

    /// nil when the command word after `keychain-lint:` is not one we know.
    public var scope: Scope?
    public var command: String
    public var ruleIds: [String]
    public var reason: String?
    /// Where the comment is (1-based line and UTF-8 column).
    public var line: Int
    public var column: Int
    /// Lines the directive covers (for `disable-next-line`: the statement starting on the next line).
    public var coveredLines: ClosedRange<Int>

    public init(
        scope: Scope?, command: String, ruleIds: [String], reason: String?, line: Int, column: Int,
        coveredLines: ClosedRange<Int>
    ) {
        self.scope = scope
        self.command = command
        self.ruleIds = ruleIds
        self.reason = reason
        self.line = line
        self.column = column
        self.coveredLines = coveredLines
    }

    /// Rule ids as a message or fingerprint lists them: the first 16, then how many more.
    public static func listed(_ ids: [String]) -> String {
        guard ids.count > 16 else { return ids.joined(separator: ", ") }
        return ids.prefix(16).joined(separator: ", ") + " and \(ids.count - 16) more"
    }

    /// Parses the text of one comment (with its `//` or `/* */`); nil when it holds no directive.
    public static func parse(comment: String) -> (command: String, ruleIds: [String], reason: String?)? {
        var body = Substring(comment)
        if body.hasPrefix("//") {
            body = body.dropFirst(2)
        } else if body.hasPrefix("/*") {
            body = body.dropFirst(2)
            if body.hasSuffix("*/") { body = body.dropLast(2) }
        } else {
            return nil
        }
        body = body.drop { $0 == "/" || $0 == " " || $0 == "\t" }
        guard body.hasPrefix(prefix) else { return nil }
        body = body.dropFirst(prefix.count)
        var reason: String?
        if let separator = body.range(of: "--") {
            let text = String(body[separator.upperBound...]).trimmingCharacters(in: .whitespaces)
            reason = text.isEmpty ? nil : text
            body = body[..<separator.lowerBound]
        }
        let words = body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        guard let command = words.first else { return ("", [], reason) }
        return (command, Array(words.dropFirst()), reason)
    }
}

