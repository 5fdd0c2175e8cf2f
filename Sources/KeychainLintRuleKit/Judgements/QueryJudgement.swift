import KeychainLintModel

/// Small judgements the query rules of both languages share (RuleGroups.queries): which values
/// are true, and the words for where a value comes from.
public enum QueryJudgement {
    /// Whether a query's path to the call stays inside the calling function (locals, branches,
    /// assignments): then the message can show it. A query from a helper, a property or a caller
    /// can reach several calls; its finding (at the helper's entry) keeps one message for all of them.
    public static func isLocal(_ trace: [TraceStep]) -> Bool {
        trace.allSatisfy { [.variable, .assignment, .branch].contains($0.kind) }
    }

    /// "line 12" when `location` is in `file`, else "Other.swift:12".
    public static func place(_ location: ValueLocation, from file: String) -> String {
        if location.file == file { return "line \(location.line)" }
        let name = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "\(name):\(location.line)"
    }

    public static func key(_ location: ValueLocation) -> String {
        "\(location.file)|\(location.line)|\(location.column)"
    }

    /// `true`, `kCFBooleanTrue`, `1` (as `NSNumber` bridging reads it).
    public static func isTrue(_ value: Value?) -> Bool {
        switch value {
        case .bool(true)?, .symbol("kCFBooleanTrue")?, .integer(1)?: true
        case .call(let call)? where ["NSNumber", "CFBoolean"].contains(call.name) && call.arguments.count == 1:
            isTrue(call.arguments[0].value)
        default: false
        }
    }
}
