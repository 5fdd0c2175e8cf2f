import KeychainLintModel
import SwiftSyntax

/// The Swift front end's reading of availability checks (`Availability` is the model's).
extension Availability {
    /// The availability checks on whose older-systems side `node` lies, innermost first.
    public static func olderSystemsBranches(of node: some SyntaxProtocol) -> [OlderSystemsBranch] {
        var result: [OlderSystemsBranch] = []
        var child = Syntax(node)
        var current = child.parent
        while let parent = current {
            if let ifExpr = parent.as(IfExprSyntax.self) {
                let inElse = ifExpr.elseBody.map { $0.id == child.id } ?? false
                let inBody = ifExpr.body.id == child.id
                for condition in conditions(ifExpr.conditions) {
                    // `#available` … else, or `#unavailable` … body.
                    if (condition.isAvailable && inElse) || (!condition.isAvailable && inBody) {
                        result.append(condition.branch)
                    }
                }
            } else if let guardStmt = parent.as(GuardStmtSyntax.self), guardStmt.body.id == child.id {
                for condition in conditions(guardStmt.conditions) where condition.isAvailable {
                    result.append(condition.branch)
                }
            } else if let list = parent.as(CodeBlockItemListSyntax.self) {
                // `guard #unavailable(iOS 11.3) else { return }` and the statements after it.
                for item in list {
                    if item.position >= child.position { break }
                    guard let guardStmt = item.item.as(GuardStmtSyntax.self) else { continue }
                    for condition in conditions(guardStmt.conditions) where !condition.isAvailable {
                        result.append(condition.branch)
                    }
                }
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(MemberBlockSyntax.self) {
                break
            }
            child = parent
            current = parent.parent
        }
        return result
    }

    private struct Condition {
        let isAvailable: Bool
        let branch: OlderSystemsBranch
    }

    private static func conditions(_ list: ConditionElementListSyntax) -> [Condition] {
        list.compactMap { element in
            guard case .availability(let availability) = element.condition else { return nil }
            var below: [String: Version] = [:]
            for argument in availability.availabilityArguments {
                guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                    let tuple = restriction.version, let version = Version(tuple.trimmedSource)
                else { continue }
                below[platform(restriction.platform.text)] = version
            }
            guard !below.isEmpty else { return nil }
            return Condition(
                isAvailable: availability.availabilityKeyword.tokenKind == .poundAvailable,
                branch: OlderSystemsBranch(below: below, condition: SyntaxQueries.shortText(availability, limit: 60)))
        }
    }
}
