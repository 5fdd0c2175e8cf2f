import KeychainLintCore
import KeychainLintModel

/// What every front end's rule context shares, whatever the language: the rule being run on one
/// file, the findings it reports there, where resolution stopped (for `--verbose`) and other
/// notes. Each front end's context (`RuleContext` for Swift, `ObjCRuleContext`) adds its file's
/// syntax, its resolver and the kinds of node it reports at; reporting itself is this one, so
/// findings look the same whatever the language.
open class RuleFileContext {
    public let rule: RuleDescription
    /// The file being checked.
    public let path: String
    public private(set) var findings: [Finding] = []
    public private(set) var gaps: [ResolutionGap] = []
    /// Notes for `--verbose` that are not resolution gaps (e.g. "no Info.plist in the scan").
    public private(set) var notes: [ScanDiagnostic] = []

    public init(rule: RuleDescription, path: String) {
        self.rule = rule
        self.path = path
    }

    /// Judgements that need what the walk of every file gathers (`afterWalk`).
    public private(set) var judgementsAfterWalk: [@Sendable (RuleFileContext) -> Void] = []

    /// Judges once every file of the scan has been walked: for a check whose verdict depends on
    /// what the calls of the whole scan do. Walking a file first and judging later lets each file
    /// be parsed once, whatever the order files are walked in. `judge` holds values only (no
    /// syntax: the file's tree is let go by then) and reports into a context of the same rule and
    /// file, whose findings, gaps and notes are the file's like any other.
    public func afterWalk(_ judge: @escaping @Sendable (RuleFileContext) -> Void) {
        judgementsAfterWalk.append(judge)
    }

    public func note(_ diagnostic: ScanDiagnostic) {
        notes.append(diagnostic)
    }

    /// Records where resolution stopped, for `--verbose`.
    public func noteGaps(_ resolution: Resolution, asking question: String) {
        for gap in resolution.gaps {
            gaps.append(ResolutionGap(file: gap.file, line: gap.line, column: gap.column,
                                      reason: "\(rule.id): \(question): \(gap.reason)", kind: gap.kind))
        }
    }

    /// Records, for `--verbose`, where a bound of the resolver was met while answering a question
    /// (more possible values than it keeps, its step budget, its depth or nesting limits): values beyond the bound
    /// are not judged, so a finding may be missing even when others were judged. Said whether or
    /// not the rule reports, since a bound never drops a finding silently.
    public func noteBoundsMet(_ resolutionGaps: [ResolutionGap]) {
        // Asked again for the same expression, the same note is added again: the engine keeps one
        // of each, as for `noteGaps`.
        for gap in resolutionGaps where Self.boundKinds.contains(gap.kind) {
            gaps.append(ResolutionGap(file: gap.file, line: gap.line, column: gap.column, reason: "\(rule.id): \(gap.reason)", kind: gap.kind))
        }
    }

    static let boundKinds: Set<ResolutionGap.Kind> = [.searchLimit, .stepBudget, .depthLimit, .nestingLimit]

    /// Reports at a location that may lie in another file (a helper's dictionary entry); the
    /// engine drops duplicates when several calls lead to the same place. The fingerprint
    /// (`snippet`) is finished by the engine.
    /// `remediation` replaces the rule's fix when the variant reported needs another one.
    public func report(
        at location: ValueLocation, message: String, confidence: Confidence? = nil, severity: Severity? = nil,
        trace: [TraceStep] = [], snippet: String, remediation: String? = nil
    ) {
        findings.append(
            Finding(
                rule: rule, at: location, message: message, confidence: confidence, severity: severity, trace: trace,
                snippet: snippet, remediation: remediation))
    }

    /// Adds a finding made whole by the front end (a suppression comment's).
    public func report(_ finding: Finding) {
        findings.append(finding)
    }

    /// Judges each of `items` (values, or a wrapper library's options read through its model) with
    /// `judge` (why it is reportable, or nil) and reports the first judged at `location`:
    /// `headline(why)`, the path the value took, and how many other distinct values were judged.
    /// When none is, where resolution stopped (`resolution`'s gaps) is noted. Returns whether it
    /// reported.
    @discardableResult
    public func reportFirstJudged<Item: Hashable>(
        _ items: [(Item, [TraceStep])],
        gaps resolution: Resolution,
        at location: ValueLocation,
        snippet: String,
        asking question: String,
        othersToo others: FirstJudged.OthersPhrase,
        headline: (String) -> String = { $0 },
        judge: (Item) -> String?
    ) -> Bool {
        guard let first = FirstJudged.select(items, judge: judge) else {
            noteGaps(resolution, asking: question)
            return false
        }
        let message = first.message(headline: headline, trace: describeTrace(first.trace), others: others)
        report(at: location, message: message, confidence: first.confidence, trace: first.trace, snippet: snippet)
        return true
    }

    /// " (via `flags` (line 12) → if `legacy` (line 14))" for a resolved value; empty for a literal.
    public func describeTrace(_ trace: [TraceStep]) -> String {
        guard !trace.isEmpty else { return "" }
        let parts = trace.map { step -> String in
            let place = step.file == path ? "line \(step.line)" : "\(Self.fileName(step.file)):\(step.line)"
            return "\(step.text) (\(place))"
        }
        return " (via " + parts.joined(separator: " → ") + ")"
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

extension Finding {
    /// A rule's finding at a location, with the path its value took as related locations; the
    /// fingerprint (`snippet`) is finished by the engine. Every front end's rule context reports
    /// through this, so findings look the same whatever the language.
    public init(
        rule: RuleDescription, at location: ValueLocation, message: String, confidence: Confidence? = nil,
        severity: Severity? = nil, trace: [TraceStep] = [], snippet: String, remediation: String? = nil
    ) {
        self.init(
            ruleId: rule.id,
            severity: severity ?? rule.severity,
            confidence: confidence ?? rule.confidence,
            message: message,
            range: SourceRange(
                file: location.file,
                start: SourcePosition(line: location.line, column: location.column, characterColumn: location.characterColumn),
                end: SourcePosition(line: location.endLine, column: location.endColumn, characterColumn: location.endCharacterColumn)),
            remediation: remediation ?? rule.remediation,
            relatedLocations: trace.map { step in
                RelatedLocation(
                    range: SourceRange(
                        file: step.file, start: SourcePosition(line: step.line, column: step.column),
                        end: SourcePosition(line: step.line, column: step.column)),
                    message: step.text)
            },
            fingerprint: snippet)
    }
}
