import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

// What the Objective-C front end hands over for the questions of `ProgramUses.swift`: the locals
// of the body around a call (`ObjCBodyFacts.locals`) and the name an `&error` argument addresses.

extension ObjCRuleContext {
    public func locals(around call: ProgramCall) -> (locals: ProgramLocals, value: ProgramSpan)? {
        guard case .objectiveC(let expression) = call.expression,
              let body = resolver.body(containing: expression.range.start.offset)
        else { return nil }
        return (ObjCBodyFacts.of(body, in: self).locals, ProgramSpan(expression.range))
    }

    /// `error` in `SecKeyCreateRandomKey(attributes, &error)` (casts allowed).
    public func addressedName(_ index: Int, of call: ProgramCall) -> String? {
        guard case .objectiveC(let argument)? = call.argument(index),
              case .prefix(.addressOf, let operand) = argument.strippingCastsAndParentheses.kind
        else { return nil }
        return operand.strippingCastsAndParentheses.identifierName
    }

    public func callee(of call: ProgramCall) -> ProgramExpression {
        guard case .objectiveC(let expression) = call.expression, case .call(let function) = expression.kind else {
            return call.expression
        }
        return .objectiveC(function.callee)
    }
}

extension ProgramSpan {
    init(_ range: ObjCSourceRange) {
        self.init(start: range.start.offset, end: range.end.offset)
    }
}
