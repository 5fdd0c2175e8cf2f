import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

/// What a check sees while it checks one file, in any language: the scan, the values an
/// expression can have (from the file's front end), and reporting. The Swift front end's
/// `RuleContext` and the Objective-C front end's `ObjCRuleContext` are the two conformances.
public protocol CheckContext: RuleFileContext {
    /// The language of the file being checked.
    var language: SourceLanguage { get }
    var scan: ScanContext { get }
    /// The values an expression can have, with the paths they took; resolution bounds met are
    /// noted for `--verbose`.
    func resolve(_ expression: ProgramExpression) -> Resolution
    /// The values of several expressions of one call taken together: one case per instance of
    /// `self` they are read on (each case holds a resolution per expression, in order), when they
    /// lie in one method whose instances the front end knows; nil otherwise, and each is then
    /// resolved on its own. A check that judges two arguments together judges the pairs each
    /// case holds, not one instance's value with another's.
    func resolveJointly(_ expressions: [ProgramExpression]) -> [[Resolution]]?
    /// The Keychain dictionaries an expression can be.
    func queries(_ expression: ProgramExpression) -> (queries: [KeychainQuery], gaps: [ResolutionGap])
    /// Where an expression is (for a finding's range).
    func location(of expression: ProgramExpression) -> ValueLocation
    /// The expression as written, shortened: a finding's fingerprint.
    func snippet(of expression: ProgramExpression) -> String
    /// Answers worked out once per file and needed again (typed keys, one type per question).
    func memo<Key: Hashable, Answer>(_ key: Key, _ compute: () -> Answer) -> Answer

    // What the code this file's analysis can see stores in the Keychain. A Swift file sees the
    // scan's Swift code (through the scan-wide index); an Objective-C file sees its own code and
    // the scan's Swift code, since the Objective-C resolver answers within one file (so that a
    // file's findings depend only on its text and the scan-wide facts the result cache tracks).

    // The scan's Swift code's part is a scan-wide fact (`ScanWideCalls`), complete once every
    // file has been walked: checks ask it in a judgement made after the walk
    // (`RuleFileContext.afterWalk`), and ask the context here only for the file's own part.

    /// Where the file's own code first stores an item or key with `kSecAttrAccessControl` (by
    /// call name in `BroadQueryWithoutUISkipJudgement.storingCalls` order, then position) that a
    /// read of items of class `searched` can return, when the scan-wide facts do not hold it; or nil.
    func ownFirstProtectedStore(matching searched: String?) -> ValueLocation?
    /// The items the file's own code adds with an access control created with the
    /// application-password flag, when the scan-wide facts do not hold them, identified by
    /// literal service, server or account strings.
    func ownApplicationPasswordItems() -> [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem]
    /// Whether an authentication context given to a query may not prompt: that code tells a
    /// context not to interact (`interactionNotAllowed`) or evaluates a policy beforehand.
    func authenticationContextMayAvoidPrompt() -> Bool

    // LocalAuthentication (`PolicyEvaluation.swift`): each front end reads its syntax into the model.
    /// An `evaluatePolicy` call of `LAContext` read into the model; nil when the call is not one.
    func policyEvaluation(_ call: ProgramCall) -> PolicyEvaluation?
    /// Which context an evaluation runs on, and its story (asked only when the check needs it:
    /// it follows the context through the type's declarations and the scan's callers).
    func evaluatedContext(_ evaluation: PolicyEvaluation) -> EvaluatedContext
    /// A policy value in the model's terms (`.member("deviceOwnerAuthentication", type: "LAPolicy")`).
    func localAuthenticationPolicy(_ value: Value) -> Value
    /// The tests of an `evaluatePolicy` call's outcome in its reply (or around the awaited call),
    /// with the actions of each path.
    func outcomeTests(_ call: ProgramCall) -> [OutcomeTest]
    /// Where a reply hands its outcome on to other code, and the gates of the code that receives
    /// it; nil when the reply hands nothing on.
    func handedOutcome(_ evaluation: PolicyEvaluation) -> HandedOutcome?

    // Uses, names and availability (`ProgramUses.swift`, `ProgramNames.swift`).
    /// The locals of the body around `call`, and the span of the call's value among them
    /// (`ProgramLocals.swift`): what `resultUse(of:)` and `outParameterUse(_:of:)` read.
    func locals(around call: ProgramCall) -> (locals: ProgramLocals, value: ProgramSpan)?
    /// The name whose address `call` passes as its argument at `index` (`&error`, casts allowed).
    func addressedName(_ index: Int, of call: ProgramCall) -> String?
    /// What `call` calls, as written (`SecItemAdd` in `SecItemAdd(query, nil)`): where a finding
    /// about the call itself rather than one of its arguments goes.
    func callee(of call: ProgramCall) -> ProgramExpression
    /// Whether the code declares `identifier`'s name itself (a local, a parameter, a variable or
    /// a macro of its own), so that it is not the SDK's name (`ProgramNames.swift`).
    func declaresOwn(_ identifier: ProgramIdentifier) -> Bool
    /// Where `expression` stands in what encloses it; nil when the front end cannot place it.
    func role(of expression: ProgramExpression) -> ExpressionRole?
    /// Whether a value's path went through a text macro (`#define`), whose body the front end
    /// never hands over as code.
    func passesThroughMacro(_ trace: [TraceStep]) -> Bool
    /// Whether the code declares a property (or method) named like `access` itself, so that a
    /// receiver not visibly of the SDK's class may be the code's own object.
    func declaresOwnProperty(_ access: ProgramMemberAccess) -> Bool
    /// Whether `expression` is visibly an instance of `className`: made there (`LAContext()`,
    /// `[LAContext new]`), or held by a local, parameter or property declared with that class.
    func isVisibly(_ expression: ProgramExpression, anInstanceOf className: String) -> Bool
    /// The availability checks on whose older-systems side `expression` lies, innermost first
    /// (the `else` of `if #available(iOS 11.3, *)` or of `if (@available(iOS 11.3, *))`).
    func olderSystemsBranches(around expression: ProgramExpression) -> [Availability.OlderSystemsBranch]
    // What the code does with a result that may be nil (`NullableResultReading.swift`): the
    // reading is one, over the locals of each body it reaches; a front end finds those bodies.
    /// The calls of the function or method that returns the value at `use` in `site`'s body,
    /// each a site of its own; nil when they are not followed.
    func nullableSites(callingFunctionReturning use: ProgramSpan, in site: NullableSite) -> [NullableSite]?
    /// The reads of the stored property that `site`'s value initializes, each a site whose value
    /// is the read; nil when the value initializes none the front end follows.
    func nullableSites(readingPropertyInitializedBy site: NullableSite) -> [NullableSite]?
    /// The Keychain key names (`kSecAttrAccessControl`) a key written in `site`'s body can be.
    func keyNames(_ key: ProgramExpression, in site: NullableSite) -> Set<String>
    /// Whether `expression` is the null literal (`nil`; `NULL`, `nil`, `Nil` or `0` in Objective-C).
    func isNullLiteral(_ expression: ProgramExpression) -> Bool

    // Keychain wrapper libraries (`ProgramWrapperSetting.swift`): each front end recognises a
    // modelled library's calls in its own syntax and reads their arguments through the model.
    /// The setting of `role` that `call` makes, when it is a call of a modelled wrapper library
    /// that configures an instance or writes; nil otherwise.
    func wrapperSetting(of call: ProgramCall, role: WrapperArgumentRole) -> ProgramWrapperSetting?
    /// The setting of `role` that assigning `access` makes, when it is a modelled library's
    /// property (UICKeyChainStore `keychain.accessibility = …`); nil otherwise.
    func wrapperSetting(of access: ProgramMemberAccess, role: WrapperArgumentRole) -> ProgramWrapperSetting?
    /// The settings of `role` made to the same item as `setting`: the other calls of its builder
    /// chain, or the other assignments and messages to the same receiver, as written, in the same
    /// body (`store.synchronizable = YES;` beside `store.accessibility = …;`). Values kept in other
    /// variables between them are not followed.
    func wrapperSettings(besides setting: ProgramWrapperSetting, role: WrapperArgumentRole) -> [ProgramWrapperSetting]
    /// Whether `call` is written in the app's copy of a modelled wrapper library's source (a type
    /// the app declares with the library's shape, outside the library's own module): the library's
    /// own code, whose options the app's calls of the library give and the model judges there.
    func isInLibraryCopy(_ call: ProgramCall) -> Bool
}

extension CheckContext {
    /// How messages spell access-control flags in this file's language.
    public var spelling: FlagSpelling { language == .swift ? .swift : .c }

    /// Reports a finding spanning `expression`. The fingerprint is finished by the engine.
    /// `remediation` replaces the rule's fix when the variant reported needs another one.
    public func report(
        at expression: ProgramExpression, message: String, confidence: Confidence? = nil, severity: Severity? = nil,
        trace: [TraceStep] = [], remediation: String? = nil
    ) {
        report(
            at: location(of: expression), message: message, confidence: confidence, severity: severity, trace: trace,
            snippet: snippet(of: expression), remediation: remediation)
    }

    /// Judges every value of `resolution` and reports the first judged at `expression` (see
    /// `FirstJudged`); notes the gaps when none is. Returns whether it reported.
    @discardableResult
    public func reportFirstJudged(
        _ resolution: Resolution, at expression: ProgramExpression, asking question: String,
        othersToo others: FirstJudged.OthersPhrase, headline: (String) -> String = { $0 }, judge: (Value) -> String?
    ) -> Bool {
        reportFirstJudged(
            resolution.values.map { ($0.value, $0.trace) }, gaps: resolution, at: location(of: expression),
            snippet: snippet(of: expression), asking: question, othersToo: others, headline: headline, judge: judge)
    }
}

extension RuleContext: CheckContext {
    public var language: SourceLanguage { .swift }

    public func resolve(_ expression: ProgramExpression) -> Resolution {
        guard case .swift(let swift) = expression else { return Self.otherLanguage }
        return resolve(swift)
    }

    public func resolveJointly(_ expressions: [ProgramExpression]) -> [[Resolution]]? {
        let swift = expressions.compactMap { expression -> SwiftExpression? in
            guard case .swift(let swift) = expression else { return nil }
            return swift
        }
        guard swift.count == expressions.count else { return nil }
        return resolveJointly(swift)
    }

    public func queries(_ expression: ProgramExpression) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        guard case .swift(let swift) = expression else { return ([], []) }
        return queries(swift)
    }

    public func location(of expression: ProgramExpression) -> ValueLocation {
        guard case .swift(let swift) = expression else { return ValueLocation(file: path, line: 1, column: 1, characterColumn: 1, endLine: 1, endColumn: 1, endCharacterColumn: 1) }
        return location(of: swift)
    }

    public func snippet(of expression: ProgramExpression) -> String {
        guard case .swift(let swift) = expression else { return "" }
        return swift.snippet
    }

    // A Swift file's own stores are among the scan's Swift calls.
    public func ownFirstProtectedStore(matching searched: String?) -> ValueLocation? { nil }

    public func ownApplicationPasswordItems() -> [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem] { [] }

    public func authenticationContextMayAvoidPrompt() -> Bool {
        BroadQueryWithoutUISkipRule.scanMayAvoidPrompt(scan)
    }

    /// A front end only hands its checks its own language's expressions; this answers the
    /// impossible question with nothing rather than a crash.
    static let otherLanguage = Resolution(values: [], gaps: [])
}

extension ObjCRuleContext: CheckContext {
    public var language: SourceLanguage { .objectiveC }

    public func resolve(_ expression: ProgramExpression) -> Resolution {
        guard case .objectiveC(let objc) = expression else { return RuleContext.otherLanguage }
        return resolve(objc)
    }

    public func resolveJointly(_ expressions: [ProgramExpression]) -> [[Resolution]]? {
        let objc = expressions.compactMap { expression -> ObjCExpr? in
            guard case .objectiveC(let objc) = expression else { return nil }
            return objc
        }
        guard objc.count == expressions.count else { return nil }
        return resolveJointly(objc)
    }

    public func queries(_ expression: ProgramExpression) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        guard case .objectiveC(let objc) = expression else { return ([], []) }
        return queries(objc)
    }

    public func location(of expression: ProgramExpression) -> ValueLocation {
        guard case .objectiveC(let objc) = expression else { return ValueLocation(file: path, line: 1, column: 1, characterColumn: 1, endLine: 1, endColumn: 1, endCharacterColumn: 1) }
        return resolver.location(objc.range)
    }

    public func snippet(of expression: ProgramExpression) -> String {
        guard case .objectiveC(let objc) = expression else { return "" }
        return ObjCValueResolver.shortText(resolver.text(objc.range))
    }

    // The file's own share is the same for every call of the file that asks: worked out once.
    private enum FileStores: Hashable { case firstProtected(String?), applicationPasswordItems, mayAvoidPrompt }

    public func ownFirstProtectedStore(matching searched: String?) -> ValueLocation? {
        memo(FileStores.firstProtected(searched)) { ObjCStoredQueries.firstProtectedStore(in: self, matching: searched) }
    }

    public func ownApplicationPasswordItems() -> [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem] {
        memo(FileStores.applicationPasswordItems) { ObjCStoredQueries.applicationPasswordItems(in: self) }
    }

    public func authenticationContextMayAvoidPrompt() -> Bool {
        BroadQueryWithoutUISkipRule.scanMayAvoidPrompt(scan) || memo(FileStores.mayAvoidPrompt) { ObjCStoredQueries.mayAvoidPrompt(in: self) }
    }
}
