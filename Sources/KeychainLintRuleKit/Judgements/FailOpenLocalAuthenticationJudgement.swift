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

    /// The reply hands its outcome on (`handoff`, as written) to `receivers` (in words), where a
    /// test of the error alone (`test`, as written, at `place`) decides.
    public static func handedOnMessage(handoff: String, receivers: String, test: String, place: String) -> String {
        "Authentication fails open: the reply hands its outcome on (`\(handoff)`) to \(receivers), where a test of the error alone (`\(test)`, \(place)) lets the guarded action run, although evaluatePolicy can fail without an error object; hand on the success flag and test it"
    }
}
