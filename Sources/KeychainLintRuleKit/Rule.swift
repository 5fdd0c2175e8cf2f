import KeychainLintCore
import KeychainLintModel

/// What a rule wants to be handed, in any language: calls by name, member accesses, identifiers,
/// suppression comments. Each front end's single walk dispatches only these, and the text
/// prefilter is derived from them, so a rule cannot forget to declare its triggers.
public enum RuleInterest: Hashable, Sendable {
    /// Calls whose callee base name is this (`SecAccessControlCreateWithFlags`, `evaluatePolicy`).
    case call(String)
    /// Calls whose callee base name is `name`, wanted only in files that import `module`
    /// (a wrapper library's `set`, `accessibility`): the prefilter looks for the module's name,
    /// not for a common method name, and the rule checks the import itself.
    case callInModule(String, module: String)
    /// Member accesses `x.name` / `.name` with this member name (`touchIDAny`, `evaluatedPolicyDomainState`).
    case memberAccess(String)
    /// Bare identifiers with this name (`kSecUseOperationPrompt`, `kSecAttrAccessibleAlways`).
    case identifier(String)
    /// `keychain-lint:` suppression directives in comments.
    case suppressionDirectives

    /// The identifier a file must contain (as a whole word) for this interest to possibly match;
    /// nil for suppression directives, which are found by their text.
    public var identifierWord: String? {
        switch self {
        case .call(let name), .memberAccess(let name), .identifier(let name): name
        case .callInModule(_, let module): module
        case .suppressionDirectives: nil
        }
    }
}

/// One rule: its description (metadata, docs, examples) and what it wants to be handed. One type
/// per file. The language's front end hands it its input: a Swift rule is a `SwiftRule`, an
/// Objective-C rule an `ObjCRule`, each with the check its front end calls.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The language whose front end hands the rule its input.
    static var language: SourceLanguage { get }
    static var interests: [RuleInterest] { get }
    /// The interests with the calls of `models` a rule judges through wrapper models (the
    /// configuration may declare models beyond the built-in ones); `interests` for the others.
    static func interests(models: [WrapperModel]) -> [RuleInterest]
    /// Words of the interests that are too common to let a file through the text prefilter on
    /// their own: such a word counts only with one of its companion words (`watch` matters only
    /// where access-control flags are spelled). The rule must not be able to report on the word
    /// otherwise.
    static var prefilterCompanions: [String: PrefilterCompanions] { get }
    /// `options` are the rule's effective options (defaults merged with the configuration).
    init(options: [String: ConfigValue])
}

extension Rule {
    public static func interests(models: [WrapperModel]) -> [RuleInterest] { interests }
    public static var prefilterCompanions: [String: PrefilterCompanions] { [:] }
}

/// The words one of which must accompany a common interest word for a file to pass the prefilter.
public struct PrefilterCompanions: Sendable {
    /// Words some file of the scan must hold (a type that may be declared in another file).
    public var inScan: [String]
    /// Words the file itself must hold.
    public var inFile: [String]
    /// Type names the scan's Swift files must all declare (not only extend), each in some file:
    /// narrower than `inScan` where calls of a library spell the same words a copy of it declares.
    public var declaredInScan: [String]

    public init(inScan: [String], inFile: [String] = [], declaredInScan: [String] = []) {
        self.inScan = inScan
        self.inFile = inFile
        self.declaredInScan = declaredInScan
    }
}
