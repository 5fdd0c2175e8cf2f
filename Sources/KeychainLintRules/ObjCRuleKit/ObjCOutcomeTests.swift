import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

// The Objective-C front end's side of the tests of an `evaluatePolicy:localizedReason:reply:`
// outcome: where the reply block is and what its parameters are named. What the block does on
// each path is read into the model (`ObjCBodies`) and judged by the one reading of it
// (`ReplyOutcomeReading`).

extension ObjCRuleContext {
    public func outcomeTests(_ call: ProgramCall) -> [OutcomeTest] {
        guard let site = ObjCPolicyEvaluations.site(of: call, in: self), site.kind == .message,
              let block = ObjCLocalAuthentication.replyBlock(of: site) else { return [] }
        let (success, error) = ObjCLocalAuthentication.parameterNames(of: block)
        return ReplyOutcomeReading.tests(in: ObjCBodies(resolver: resolver).statements(block.body), success: success, error: error)
    }
}
