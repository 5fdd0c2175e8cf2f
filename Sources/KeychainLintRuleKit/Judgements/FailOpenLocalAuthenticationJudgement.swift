/// The words of the judgement of `swift.fail_open_local_authentication` and `objc.fail_open_local_authentication`:
/// the action a successful evaluatePolicy leads to also runs when authentication failed.
public enum FailOpenLocalAuthenticationJudgement {
    /// The action the successful reply leads to (`action`, as written) also runs `place` (in the
    /// failure branch, in a catch, …).
    public static func message(_ action: String, place: String) -> String {
        "Authentication fails open: `\(action)`, the action a successful evaluatePolicy leads to, also runs \(place), so failing or cancelling Face ID / Touch ID grants access"
    }

    /// `error == nil` alone gates the action; `success` names the reply's Bool.
    public static func errorNilMessage(error: String, success: String) -> String {
        errorNilMessage(test: "\(error) == nil", success: success)
    }

    /// `test` is the nil test as written (`error == nil`, `!error`).
    public static func errorNilMessage(test: String, success: String) -> String {
        "Authentication fails open: `\(test)` alone lets the guarded action run, although evaluatePolicy can fail without an error object; test `\(success)`"
    }

    /// The reply hands its outcome on (`handoff`, as written) to the callers of `function`, and one
    /// of them tests only the error (`test`, as written, at `place`).
    public static func handedOnMessage(handoff: String, function: String, test: String, place: String) -> String {
        "Authentication fails open: the reply hands its outcome on (`\(handoff)`), and a caller of `\(function)` lets the guarded action run on a test of the error alone (`\(test)`, \(place)), although evaluatePolicy can fail without an error object; hand on the success flag and test it"
    }
}
