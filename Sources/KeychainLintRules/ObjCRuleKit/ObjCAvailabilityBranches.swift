import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

/// The older-systems sides of `@available` checks around a position: the `else` of
/// `if (@available(iOS 11.3, *))` (and of `__builtin_available`), where an API introduced at or
/// after the checked version does not exist.
enum ObjCAvailabilityBranches {
    static func olderSystemsBranches(at offset: Int, in context: ObjCRuleContext) -> [Availability.OlderSystemsBranch] {
        guard let body = context.resolver.body(containing: offset) else { return [] }
        var result: [Availability.OlderSystemsBranch] = []
        for statement in ObjCBodyFacts.of(body, in: context).availabilityChecks {
            guard let otherwise = statement.otherwise,
                  otherwise.range.start.offset <= offset, offset < otherwise.range.end.offset,
                  let branch = branch(statement.condition, in: context)
            else { continue }
            result.append(branch)
        }
        // Innermost first, as the Swift front end lists them.
        return result.reversed()
    }

    /// `@available(iOS 11.3, macOS 10.13.4, *)` or `__builtin_available(…)` as the whole condition.
    private static func branch(_ condition: ObjCExpr, in context: ObjCRuleContext) -> Availability.OlderSystemsBranch? {
        let condition = condition.strippingCastsAndParentheses
        let arguments: String
        switch condition.kind {
        case .atExpression("available", let text):
            arguments = text
        case .call(let call) where call.calleeName == "__builtin_available":
            let text = context.resolver.text(condition.range)
            guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
            arguments = String(text[text.index(after: open)..<close])
        default:
            return nil
        }
        var below: [String: Availability.Version] = [:]
        for piece in arguments.split(separator: ",") {
            let words = piece.split(whereSeparator: \.isWhitespace)
            guard words.count >= 2, let platform = platforms[words[0].lowercased()],
                  let version = Availability.Version(words.dropFirst().joined())
            else { continue }
            below[platform] = version
        }
        guard !below.isEmpty else { return nil }
        return Availability.OlderSystemsBranch(
            below: below, condition: ObjCValueResolver.shortText(context.resolver.text(condition.range)))
    }

    /// Clang's platform names, in either case, as the Swift front end names them.
    private static let platforms: [String: String] = [
        "ios": "iOS", "iosapplicationextension": "iOS", "macos": "macOS", "osx": "macOS",
        "macosapplicationextension": "macOS", "watchos": "watchOS", "tvos": "tvOS", "visionos": "visionOS",
        "xros": "visionOS", "maccatalyst": "macCatalyst",
    ]
}
