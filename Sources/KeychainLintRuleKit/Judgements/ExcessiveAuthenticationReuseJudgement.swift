import KeychainLintCore
import KeychainLintModel

/// The judgement of `swift.excessive_authentication_reuse` and `objc.excessive_authentication_reuse`:
/// a long `touchIDAuthenticationAllowableReuseDuration` (Apple's sample "Accessing Keychain Items
/// with Face ID or Touch ID" uses 10 seconds).
public enum ExcessiveAuthenticationReuseJudgement {
    /// The default of the `maxReuseSeconds` option (Apple's sample).
    public static let defaultMaxReuseSeconds = 10
    /// `LATouchIDAuthenticationMaximumAllowableReuseDuration`: larger values are clamped to it.
    public static let systemMaximumSeconds = 300
    /// The `LAContext` property whose assignments are judged.
    public static let property = "touchIDAuthenticationAllowableReuseDuration"
    public static let maximumConstant = "LATouchIDAuthenticationMaximumAllowableReuseDuration"

    public static let maxReuseSecondsOption = RuleOption<Int>.integer(
        "maxReuseSeconds", range: 0...300, default: defaultMaxReuseSeconds,
        help: "Longest allowed touchIDAuthenticationAllowableReuseDuration, in seconds (Apple's sample \"Accessing Keychain Items with Face ID or Touch ID\" uses 10; the system maximum is 300).")

    /// The largest window above `maxReuseSeconds` among the values a reuse duration can take, in
    /// seconds as `seconds` reads them (objc.excessive_authentication_reuse adds `MIN(…)`);
    /// `= LATouchIDAuthenticationMaximumAllowableReuseDuration` is left to the finding at the constant.
    public static func largestExcessive(
        _ resolution: Resolution, maxReuseSeconds: Int, seconds: (Value) -> Int? = ExcessiveAuthenticationReuseJudgement.seconds
    ) -> (seconds: Int, trace: [TraceStep])? {
        var excessive: [(seconds: Int, trace: [TraceStep])] = []
        for traced in resolution.values {
            // `= LATouchIDAuthenticationMaximumAllowableReuseDuration` is reported at the constant.
            if traced.value == .symbol(Self.maximumConstant) { continue }
            guard let value = seconds(traced.value), value > maxReuseSeconds else { continue }
            excessive.append((value, traced.trace))
        }
        return excessive.max(by: { $0.seconds < $1.seconds })
    }

    /// The message for a window of `seconds`, without the trace.
    public static func excessiveMessage(_ seconds: Int, maxReuseSeconds: Int) -> String {
        var message = "Authentication reuse window of \(Self.describe(seconds)) is above the allowed \(maxReuseSeconds) s"
        if seconds > Self.systemMaximumSeconds {
            message += " (the system clamps it to the maximum of 300 s, five minutes)"
        }
        return message + ": a device unlock that recent satisfies the biometric authentication of Keychain items without the user"
    }

    /// The message at a use of `LATouchIDAuthenticationMaximumAllowableReuseDuration`.
    public static let maximumConstantMessage =
        "`LATouchIDAuthenticationMaximumAllowableReuseDuration` is the full 300 s (five-minute) reuse window: a device unlock up to five minutes old satisfies the biometric authentication of Keychain items without the user"

    /// Seconds in a value: an integer, a whole-number literal, or `TimeInterval(60)`-style conversions.
    public static func seconds(_ value: Value) -> Int? {
        switch value {
        case .integer(let number):
            return number
        case .symbol(maximumConstant):
            return systemMaximumSeconds
        case .call(let call) where ["TimeInterval", "Double", "Float", "CGFloat", "Int"].contains(call.name):
            guard call.receiver == nil, call.arguments.count == 1, call.arguments[0].label == nil else { return nil }
            return seconds(call.arguments[0].value)
        case .call(let call) where call.name == "min" && call.receiver == nil && call.arguments.count >= 2:
            // `min(requested, LATouchIDAuthenticationMaximumAllowableReuseDuration)`: the maximum is a bound.
            let parts = call.arguments.map { $0.label == nil ? seconds($0.value) : nil }
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.compactMap { $0 }.min()
        default:
            return nil
        }
    }

    public static func describe(_ seconds: Int) -> String {
        if seconds >= 60, seconds % 60 == 0 {
            let minutes = seconds / 60
            return "\(seconds) s (\(minutes) minute\(minutes == 1 ? "" : "s"))"
        }
        return "\(seconds) s"
    }

    /// The operators of a comparison: an operand of one is a bound check, not a window.
    public static let comparisonOperators: Set<String> = ["<", "<=", ">", ">=", "==", "!="]
}
