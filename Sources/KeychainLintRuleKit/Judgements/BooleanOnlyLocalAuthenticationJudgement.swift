import KeychainLintModel

/// The judgement of `swift.boolean_only_local_authentication` and `objc.boolean_only_local_authentication`:
/// a LocalAuthentication result that is only a Bool.
public enum BooleanOnlyLocalAuthenticationJudgement {
    /// The finding's message, shared with objc.boolean_only_local_authentication: `call` as the
    /// language spells the method, `described` the words for the context, `passcodePolicy` the
    /// spelling of the passcode-accepting policy when it is the one evaluated.
    public static func message(call: String = "evaluatePolicy", context described: String, passcodePolicy: String?) -> String {
        "Authentication result is only a Bool: the outcome of `\(call)` decides what runs next, but \(described) is never handed to a Keychain query (`kSecUseAuthenticationContext`) or a key operation, so hooking the result at run time (Frida, objection) bypasses it"
            + (passcodePolicy.map { "; the policy `\($0)` also accepts the device passcode" } ?? "")
    }

    public static func isPasscodePolicy(_ value: Value) -> Bool {
        if case .member("deviceOwnerAuthentication", let type) = value { return type == nil || type == "LAPolicy" }
        return false
    }
}
