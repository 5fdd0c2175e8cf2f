import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintRules

/// One language's front end: what a scan asks of a language. It parses a file once, walks it
/// once handing each rule of its language the nodes the rule declared an interest in (as
/// references its rule kit defines), resolves values with its own resolver and applies the
/// `keychain-lint:` directives of the file's comments. Reading, the text prefilter, the result
/// cache, suppression bookkeeping and reporting are the scanner's, the same for every language.
protocol FrontEnd: Sendable {
    /// The language whose files it reads.
    static var language: SourceLanguage { get }
    /// Whether the file's identifiers go into the scan's name index, which the Swift resolver's
    /// cross-file lookups (and the result cache's dependencies) are built on.
    static var feedsNameIndex: Bool { get }
    /// Derives, once per scan, which of `types` (in the plan's rule order, whose positions every
    /// variant of the plan shares) want which node.
    init(types: [any Rule.Type], models: [WrapperModel])
    func analyze(
        _ fileIndex: Int, source: Scanner.PreparedFile, scan: ScanContext, rules: [Scanner.EnabledRule],
        outcome: inout Scanner.FileOutcome)
    /// The UTF-8 offset where the file's last token ends (what follows is comments and blank
    /// lines), by the front end's own parser or lexer; nil when it cannot tell (a file its
    /// limits cut short). The result cache's `CodeFingerprint` is taken over what precedes it.
    static func codeEnd(ofFile fileIndex: Int, index: ProjectIndex) -> Int?
}

/// The front ends of a scan, one per language: the scanner reads, prefilters, indexes and
/// caches every file the same way, and hands each file that passed the prefilter to the front
/// end of its language. What each front end needs from the rules is derived once per scan.
///
/// A third language is a third `FrontEnd` listed in `type(of:)`, a `SourceLanguage` case, its
/// rule kit (its rule protocol, context and references) and its rules.
struct FrontEnds: Sendable {
    private let byLanguage: [SourceLanguage: any FrontEnd]

    /// The front end of each language.
    static func type(of language: SourceLanguage) -> any FrontEnd.Type {
        switch language {
        case .swift: SwiftFrontEnd.self
        case .objectiveC: ObjCFrontEnd.self
        }
    }

    /// `types` in the plan's rule order (positions are shared with every variant of the plan).
    init(types: [any Rule.Type], models: [WrapperModel]) {
        var byLanguage: [SourceLanguage: any FrontEnd] = [:]
        for language in SourceLanguage.allCases {
            byLanguage[language] = Self.type(of: language).init(types: types, models: models)
        }
        self.byLanguage = byLanguage
    }

    func analyze(
        _ fileIndex: Int, source: Scanner.PreparedFile, scan: ScanContext, rules: [Scanner.EnabledRule],
        outcome: inout Scanner.FileOutcome
    ) {
        byLanguage[source.language]?.analyze(fileIndex, source: source, scan: scan, rules: rules, outcome: &outcome)
    }

    /// The file's `CodeFingerprint`, or nil when its front end cannot tell where its code ends.
    static func codeFingerprint(ofFile fileIndex: Int, language: SourceLanguage, index: ProjectIndex) -> String? {
        guard let end = type(of: language).codeEnd(ofFile: fileIndex, index: index) else { return nil }
        return CodeFingerprint.of(index.text(at: fileIndex), codeEnd: end, language: language)
    }
}
