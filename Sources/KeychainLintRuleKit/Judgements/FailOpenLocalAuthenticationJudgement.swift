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

    /// `test` is a test that there is an error, as written (`error != nil`, `let error`, `error`),
    /// whose negative side runs the guarded action.
    public static func errorPresenceMessage(test: String, success: String) -> String {
        "Authentication fails open: the test of the error alone (`\(test)`) lets the guarded action run when there is no error object, although evaluatePolicy can fail without one; test `\(success)`"
    }

    /// The reply hands its outcome on (`handoff`, as written) to `receivers` (in words), where a
    /// test of the error alone (`test`, as written, at `place`) decides.
    public static func handedOnMessage(handoff: String, receivers: String, test: String, place: String) -> String {
        "Authentication fails open: the reply hands its outcome on (`\(handoff)`) to \(receivers), where a test of the error alone (`\(test)`, \(place)) lets the guarded action run, although evaluatePolicy can fail without an error object; hand on the success flag and test it"
    }

    /// The awaited evaluatePolicy's failure made into success where it is awaited (`written`:
    /// `(try? await context.evaluatePolicy(…)) ?? true`).
    public static func failureTakenForSuccessMessage(_ written: String) -> String {
        "Authentication fails open: `\(written)` takes the error evaluatePolicy throws when the authentication fails or is cancelled for success (`try?` makes it nil, and nil passes), so failing or cancelling Face ID / Touch ID grants access"
    }

    /// The awaited evaluatePolicy's outcome thrown away (`written`), and `action` runs after it.
    public static func ignoredMessage(_ written: String, action: String) -> String {
        "Authentication fails open: `\(written)` throws the outcome of evaluatePolicy away, and `\(action)` runs after it whether the authentication succeeded or not, so failing or cancelling Face ID / Touch ID grants access"
    }

    /// The awaited outcome handed on to `receivers` (in words), where `call` (as written, at
    /// `place`) throws it away and `action` runs after it.
    public static func ignoredByCallerMessage(receivers: String, call: String, place: String, action: String) -> String {
        "Authentication fails open: this evaluatePolicy's outcome goes to \(receivers), where `\(call)` (\(place)) throws it away and `\(action)` runs after it whether the authentication succeeded or not; let the failure stop the action (`try`) or test the result"
    }

    /// The awaited outcome handed on to `receivers` (in words), where `call` (as written, at
    /// `place`) takes the failure for success (`(try? await gate.check()) ?? true`).
    public static func takenForSuccessByCallerMessage(receivers: String, call: String, place: String) -> String {
        "Authentication fails open: this evaluatePolicy's outcome goes to \(receivers), where `\(call)` (\(place)) takes the error thrown when the authentication fails or is cancelled for success (`try?` makes it nil, and nil passes), so failing or cancelling Face ID / Touch ID grants access"
    }
}
