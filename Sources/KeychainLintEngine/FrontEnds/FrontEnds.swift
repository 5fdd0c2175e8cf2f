import KeychainLintCore
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintRules

/// The front ends of a scan, one per language: the scanner reads, prefilters, indexes and
/// caches every file the same way, and hands each file that passed the prefilter to the front
/// end of its language, which parses it once, walks it once, dispatches to the rules of that
/// language and applies the suppressions written in its comments. What each front end needs
/// from the rules (who wants which call, member or identifier) is derived once per scan.
///
/// A third language is a third front end here, a `SourceLanguage` case, its rule kit and its rules.
struct FrontEnds: Sendable {
    let swift: DispatchTable
    let objectiveC: ObjCDispatchTable

    /// `types` in the plan's rule order (positions are shared with every variant of the plan).
    init(types: [any Rule.Type], models: [WrapperModel]) {
        swift = DispatchTable(types: types, models: models)
        objectiveC = ObjCDispatchTable(types: types)
    }

    func analyze(
        _ fileIndex: Int, source: Scanner.PreparedFile, scan: ScanContext, rules: [Scanner.EnabledRule],
        outcome: inout Scanner.FileOutcome
    ) {
        switch source.language {
        case .swift:
            SwiftFrontEnd.analyze(fileIndex, source: source, scan: scan, rules: rules, table: swift, outcome: &outcome)
        case .objectiveC:
            ObjCFrontEnd.analyze(
                path: source.path, text: scan.index.text(at: fileIndex), scan: scan, rules: rules, table: objectiveC,
                outcome: &outcome)
        }
    }
}
