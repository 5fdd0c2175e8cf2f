import KeychainLintCore
import KeychainLintModel

/// Findings that pair two values (two entries of one stored dictionary, or the protection and the
/// flags of one access control) where each value is only a choice the library's users make through
/// its public API (a step of kind `TraceStep.Kind.libraryOption`: a case of the library's own enum
/// that a public method takes or a public property holds, which no code of the scan passes), each
/// through its own option. No path of the scanned code makes the pair: the library permits it, and
/// a caller that chooses both gets the failure. Such a finding says so ("a caller that chooses both
/// … gets …") instead of stating the failure as certain, and has low confidence: one step below the
/// medium a value followed through code gets, as a library API's finding whose users are not in the
/// scan is lowered (boolean_only_local_authentication). A pair in which either value is the code's
/// own (a default, a preset, a literal), or both come from one option, is what the code does and
/// keeps the certain wording.
public enum LibraryOptionJudgement {
    /// The confidence of a finding about a combination the library permits.
    public static let confidence: Confidence = .low

    /// The two options the paired values come from, when each comes from its own.
    public static func combined(_ first: TraceStep?, _ second: TraceStep?) -> (TraceStep, TraceStep)? {
        guard let first, let second, first != second else { return nil }
        return (first, second)
    }

    /// The option a value of a resolution comes from, when every value of it that `matches` comes
    /// from one (nil when a path of the code gives such a value itself).
    public static func onlyOption(of values: [TracedValue], where matches: (Value) -> Bool) -> TraceStep? {
        let matching = values.filter { matches($0.value) }
        guard let first = matching.first.flatMap({ TraceStep.libraryOption(in: $0.trace) }),
            matching.allSatisfy({ TraceStep.libraryOption(in: $0.trace) != nil })
        else { return nil }
        return first
    }

    /// "A caller that chooses both options the library offers (`.x`, which callers of public
    /// `a(_:)` may pass, line 3; `.y`, which callers of public `b(_:)` may pass, line 9) gets": the
    /// start of the finding, with the options' places counted from `file`, where the finding is.
    public static func callerChoosingBoth(_ options: (TraceStep, TraceStep), from file: String) -> String {
        "A caller that chooses both options the library offers (\(describe(options.0, from: file)); \(describe(options.1, from: file))) gets"
    }

    /// The end of such a finding: the library offers the two options and does not keep them apart.
    public static let libraryPermitsIt = "; the library offers both options and does not keep them apart, but no code of the scan combines them"

    /// The fix of such a finding: the library's, not a call's.
    public static let remediation =
        "Keep the two options apart in the library: reject or ignore the combination where the options are set (or derive one from the other), and document it for the library's users; a caller should not choose both."

    private static func describe(_ step: TraceStep, from file: String) -> String {
        let place = step.file == file ? "line \(step.line)" : "\(step.file.split(separator: "/").last.map(String.init) ?? step.file):\(step.line)"
        return "\(step.text), \(place)"
    }
}
