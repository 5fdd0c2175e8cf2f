import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

/// Small questions the access-control rules share (RuleGroups.accessControl).
enum AccessControlRuleSupport {
    /// The free call `SecAccessControlCreateWithFlags(…)` (not a method of the same name).
    static func creationCall(_ input: RuleInput) -> FunctionCallExprSyntax? {
        guard case .call(let call) = input, SyntaxQueries.calleeName(of: call) == AccessControlJudgement.createFunction,
            SyntaxQueries.receiver(of: call) == nil
        else { return nil }
        return call
    }

    /// A free call named `name`.
    static func freeCall(_ input: RuleInput, named names: Set<String>) -> FunctionCallExprSyntax? {
        guard case .call(let call) = input, let name = SyntaxQueries.calleeName(of: call), names.contains(name),
            SyntaxQueries.receiver(of: call) == nil
        else { return nil }
        return call
    }

    /// The expression a value sits in once parentheses and `as` casts around it are climbed;
    /// `forced` when one of the casts was `as!`.
    static func climbTransparent(_ expression: ExprSyntax) -> (outer: ExprSyntax, forced: Bool) {
        var current = expression
        var forced = false
        while let parent = current.parent {
            if let element = parent.as(LabeledExprSyntax.self), element.label == nil,
                let list = element.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                let tuple = list.parent?.as(TupleExprSyntax.self)
            {
                current = ExprSyntax(tuple)
            } else if let cast = parent.as(AsExprSyntax.self), cast.expression.id == current.id {
                if cast.questionOrExclamationMark?.tokenKind == .exclamationMark { forced = true }
                current = ExprSyntax(cast)
            } else if let marked = parent.as(UnsafeExprSyntax.self) {
                current = ExprSyntax(marked)
            } else {
                break
            }
        }
        return (current, forced)
    }
}
