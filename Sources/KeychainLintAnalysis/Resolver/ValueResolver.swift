import KeychainLintModel
import Foundation
import SwiftSyntax

/// The one value resolver every rule asks. Given an expression, it
/// returns the set of values the expression can have, following literals, set algebra, locals
/// through branches, properties and globals across files, functions and computed properties
/// (including `switch self` mappings), default arguments and callers' arguments, and casts.
/// What it cannot follow becomes a gap, never a guess.
public final class ValueResolver: @unchecked Sendable {
    public let index: ProjectIndex
    /// Nesting of declarations followed for one question; deeper chains are reported as gaps.
    public static let maximumDepth = 20
    /// Nesting of expressions inside one declaration (`a + b + …`, `.union(…)` chains, member
    /// chains) the resolver follows; deeper expressions are gaps. It bounds the recursion, and so
    /// the stack, on generated or hostile code, and does not depend on where a question came from.
    public static let maximumExpressionNesting = 200
    /// Expressions one question may evaluate (cached declarations count what they cost when first
    /// computed, so the limit is met at the same place whatever was cached before); beyond it the
    /// rest of the question is a gap instead of minutes of work.
    public static let maximumStepsPerQuestion = 1_000_000
    /// Call sites followed when a parameter's value comes from its callers.
    public static let maximumCallSites = 24
    /// Whole-scan searches for a name stop (as unknown) when more files than this, beyond those the
    /// scan parses anyway, may declare it.
    public static let maximumDeclaringFiles = 64
    /// Callers are followed only when at most this many files that the scan would not parse anyway
    /// mention the function's name.
    public static let maximumCallerFiles = 64

    private let lock = NSLock()
    var declarationCache: [NodeKey: CachedResolution] = [:]
    /// What callers pass for a parameter, by the use of the parameter asked about: the same
    /// parameter is reached along many call chains, and following its callers again on each
    /// made some questions exponential (seconds per question on a real wallet app).
    var callerArgumentCache: [UseKey: CachedResolution] = [:]
    /// The value of a local at a use, with no parameters bound: in generated code thousands of
    /// statements use the same local, and each use's flow was followed again for every question.
    var localUseCache: [UseKey: CachedResolution] = [:]
    /// Checkpoints of local variables' flows, by declaration (`use` holds the pattern binding) and depth.
    private var flowCheckpointTable: [UseKey: FlowCheckpoints] = [:]

    func flowCheckpoints(for key: UseKey) -> FlowCheckpoints {
        lock.withLock {
            if let existing = flowCheckpointTable[key] { return existing }
            let created = FlowCheckpoints()
            flowCheckpointTable[key] = created
            return created
        }
    }

    /// A use (of a parameter, of a local), and how deep in declarations it was reached: where the
    /// depth limit cuts a chain depends on that depth, so it is part of the key (answers cut by
    /// the depth limit are cached too: without them, a chain that reaches the limit was followed
    /// again along every path to it).
    struct UseKey: Hashable {
        let use: NodeKey
        let depth: Int
    }

    /// The answer about a use, computed once and then reused at its recorded cost (the step
    /// budget runs out at the same place whatever was cached before). Answers cut by a cycle or
    /// the budget depend on the question and are not kept; a question out of steps gets only
    /// the gap, cached or not.
    func answer<Key: Hashable>(
        for key: Key, in table: ReferenceWritableKeyPath<ValueResolver, [Key: CachedResolution]>,
        keepingUnless isContextDependent: (ResolutionGap) -> Bool, _ env: Environment,
        outOfSteps budgetGap: () -> Resolution, _ compute: () -> Resolution
    ) -> Resolution {
        let questionKey = QuestionMemo.Key(table: table, key: key)
        if let memo = env.questionMemo, let kept = memo.entries[questionKey] {
            memo.reuses += 1
            // Charged what replaying it takes, not what computing it took: the kept answer was
            // cut where its first path met the cycle, and along another path the computation
            // it replaces would have stopped elsewhere, at another cost.
            return reuse(kept, charging: 1 + kept.names.count + kept.parameterUses.count, env, outOfSteps: budgetGap)
        }
        if let cached = lock.withLock({ self[keyPath: table][key] }) {
            return reuse(cached, charging: cached.steps, env, outOfSteps: budgetGap)
        }
        let stepsBefore = env.budget.used
        let usesBefore = env.parameterUses?.log.count ?? 0
        let reusesBefore = env.questionMemo?.reuses
        let (result, names) = Dependencies.collect(compute)
        let contextGaps = result.gaps.filter(isContextDependent)
        // An answer built from a kept answer depends on the question as that one does, even
        // when no cycle gap reached it: it stays with the question.
        let isQuestionFree = contextGaps.isEmpty && env.questionMemo?.reuses == reusesBefore
        if isQuestionFree || (env.questionMemo != nil && contextGaps.allSatisfy { $0.kind == .cycle }) {
            var entry = CachedResolution(resolution: result, names: names, steps: env.budget.used - stepsBefore)
            entry.parameterUses = ParameterUses.distinct(env.parameterUses?.log.dropFirst(usesBefore) ?? [])
            if isQuestionFree {
                lock.withLock { self[keyPath: table][key] = entry }
            } else {
                env.questionMemo?.entries[questionKey] = entry
            }
        }
        if result.gaps.contains(where: { $0.kind == .stepBudget }) {
            return budgetGap()
        }
        return result
    }

    /// Answers cut by a cycle, kept for the rest of one question. Such an answer depends on the
    /// declarations being evaluated when it was computed, so it is never shared between
    /// questions (nor is any answer or flow checkpoint built from it); within one, the same
    /// declaration or use is reached again along every path of functions that call each other,
    /// and following it again each time spent a whole step budget, seconds per question. Where
    /// the same use reached along another path would have met the cycle elsewhere, the kept
    /// answer may lack values that path would add; a cycle gap stays in it either way.
    final class QuestionMemo: @unchecked Sendable {
        struct Key: Hashable {
            let table: AnyKeyPath
            let key: AnyHashable
        }
        var entries: [Key: CachedResolution] = [:]
        /// Kept answers reused so far: an answer or checkpoint computed while this grew
        /// depends on the question.
        var reuses = 0
    }

    /// A stored answer given again: `steps` charged (the gap alone if they do not fit), its
    /// looked-up names and parameter reads replayed.
    private func reuse(
        _ entry: CachedResolution, charging steps: Int, _ env: Environment, outOfSteps budgetGap: () -> Resolution
    ) -> Resolution {
        let fits = env.budget.used + steps <= env.budget.limit
        env.budget.charge(steps)
        guard fits else { return budgetGap() }
        Dependencies.replay(entry.names)
        for (function, name) in entry.parameterUses { env.parameterUses?.record(function, name) }
        return entry.resolution
    }

    /// `answer(for:…)` for a use: where the depth limit cuts depends on the depth, which is in
    /// the key, so only cycles and the budget make an answer depend on the question.
    func answer(
        for key: UseKey, in table: ReferenceWritableKeyPath<ValueResolver, [UseKey: CachedResolution]>, at use: Syntax,
        _ env: Environment, _ compute: () -> Resolution
    ) -> Resolution {
        answer(
            for: key, in: table, keepingUnless: { $0.kind == .cycle || $0.kind == .stepBudget }, env,
            outOfSteps: { gap(use, env, budgetReason, kind: .stepBudget) }, compute)
    }
    private var analysisLimitGaps: Set<ResolutionGap> = []
    private var searchLimitGaps: Set<ResolutionGap> = []
    /// Answers to top-level questions (`resolve(_:in:)`), by the expression asked about.
    private let resolutions = Memo<NodeKey, Answer>()
    /// The callers of each function (or initializer) asked about, by its declaration.
    let callers = Memo<NodeKey, [(site: CallSite, matched: [Int?])]?>()
    /// The calls of each name asked about, by the type they are bound to (`CallSiteBindings.swift`).
    let unreceivedCalls = Memo<String, UnreceivedCallBindings>()
    let receivedCalls = Memo<CallSiteKey, ReceivedCallBinding>()
    /// The constructions of each type asked about that do not name it in their callee
    /// (`ContextualConstruction.swift`).
    let unnamedConstructionSites = Memo<String, (decided: [CallSite], undecided: [CallSite])>()
    /// The type enclosing each reference or call asked about (the walk out is as long as the nesting).
    private let enclosingTypes = Memo<NodeKey, String?>()

    func enclosingTypeName(of node: some SyntaxProtocol, in file: SourceFile) -> String? {
        enclosingTypes.value(for: NodeKey(file: file, node: node)) { SyntaxQueries.enclosingTypeName(of: node) }
    }
    /// Whether a clause may store into a subject, and whether a `switch` has a clause that falls
    /// through, asked at every read inside it (SubjectNarrowing.swift).
    let clauseStores = Memo<ClauseSubject, Bool>()
    let switchesFallingThrough = Memo<NodeKey, Bool>()
    /// Whether code of the scan makes each enum case asked about (`Type.case`).
    let enumCasesMade = Memo<String, Bool>()
    /// Enum types declaring each case name asked about.
    let enumOwners = Memo<String, [(type: String, file: Int)]>()

    struct CachedResolution {
        let resolution: Resolution
        /// Names looked up while computing it (replayed for the result cache's dependencies).
        let names: Set<String>
        /// Steps its computation took, charged again to each question that reuses it.
        let steps: Int
        /// Parameters it read from callers (`ParameterUses`), recorded again on reuse.
        var parameterUses: [(function: NodeKey, name: String)] = []
    }

    /// Steps one question may take here (`maximumStepsPerQuestion` unless a test asks for fewer).
    let stepsPerQuestion: Int

    /// Whether uses of a local continue from checkpoints (`FlowCheckpoints`). Only tests turn
    /// them off, to check that answers are the same with and without.
    let usesFlowCheckpoints: Bool

    /// Keychain attributes whose values the scan's checks never judge: a dictionary entry with
    /// one of these keys keeps its key and an unfollowed value (see `evaluateEntryValue`). Set by
    /// the engine before analysis, from what the scan's checks can use; fixed for the scan, so
    /// every answer is the same whichever rule asks first.
    public var keysNotFollowed: Set<String> = SecItemKeys.valuesNotJudged

    /// For a library type the scan does not declare, constructed by its name (`Keychain(service: s)`),
    /// the labels of the arguments some check reads (`_` for an unlabelled one): the others keep
    /// their text, unfollowed, as an entry of `keysNotFollowed` keeps its key. A wrapper library's
    /// instance is judged by the arguments its model gives a role (an accessibility, flags, a
    /// Bool for synchronizable); following a service name or an access group back through the
    /// app's code costs as much as any other value and changes no verdict. Set by the engine from
    /// the scan's wrapper models, fixed for the scan; a type not listed keeps every argument.
    public var constructionArgumentsRead: [String: Set<String>] = [:]

    public init(
        index: ProjectIndex, stepsPerQuestion: Int = ValueResolver.maximumStepsPerQuestion, usesFlowCheckpoints: Bool = true
    ) {
        self.index = index
        self.stepsPerQuestion = stepsPerQuestion
        self.usesFlowCheckpoints = usesFlowCheckpoints
    }

    /// The possible values of `expression`, which lies in `file`. A question starts from an empty
    /// environment, so its answer depends on the expression alone: it is computed once per scan
    /// and shared by every rule that asks it (six rules ask about the same flags argument).
    ///
    /// Inside a pass with a `QuestionLedger` for this file, the answer's cost is charged to it,
    /// and once the file's budget is spent the remaining questions get a gap instead.
    public func resolve(_ expression: ExprSyntax, in file: SourceFile) -> Resolution {
        let key = NodeKey(file: file, node: expression)
        guard let ledger = QuestionLedger.current, ledger.file == file.id else {
            return resolutions.value(for: key) { computeResolution(expression, in: file) }.resolution
        }
        if ledger.isSpent, !ledger.isCharged(key) {
            let reason = "analysis of this file stopped after \(ledger.limit) steps: later questions about it are not answered"
            let location = file.location(of: expression)
            let gap = ResolutionGap(file: file.path, line: location.line, column: location.column, reason: reason, kind: .stepBudget)
            // One note per pass: the first question it could not answer.
            if ledger.markNoted() {
                lock.withLock { _ = analysisLimitGaps.insert(gap) }
                Dependencies.recordLimits([gap])
            }
            return .gap(gap)
        }
        let answer = resolutions.value(for: key) { computeResolution(expression, in: file) }
        ledger.charge(key, answer.steps)
        return answer.resolution
    }

    private struct Answer {
        let resolution: Resolution
        /// Steps computing it took (charged to each file ledger that asks it).
        let steps: Int
    }

    private func computeResolution(_ expression: ExprSyntax, in file: SourceFile) -> Answer {
        let budget = StepBudget(limit: stepsPerQuestion)
        var env = Environment(file: file, budget: budget)
        let uses = ParameterUses()
        env.parameterUses = uses
        env.questionMemo = QuestionMemo()
        var result = evaluate(expression, env)
        if let function = Self.enclosingFunction(of: Syntax(expression)),
            uses.count(NodeKey(file: file, node: function)) >= 2
        {
            var plain = Environment(file: file, budget: budget)
            plain.parameterUses = nil
            plain.questionMemo = env.questionMemo
            result = evaluatePerCallSite(expression, function: function, plain) ?? result
        }
        // Values dropped at the bound on possible values: said at the question's expression.
        if result.gaps.contains(Resolution.valueLimitGap) {
            result = result.replacing(Resolution.valueLimitGap, with: gapValue(expression, env, Resolution.valueLimitGap.reason, kind: .searchLimit))
        }
        // Out of steps: the values found so far are a part of the answer whose missing part is
        // unknown, and a rule that concludes from what is absent (no access control in a
        // dictionary) would be wrong. Only the gap remains: no finding, and a note.
        if result.gaps.contains(where: { $0.kind == .stepBudget }) {
            result = Resolution(gaps: result.gaps)
        }
        // Every question is answered once, so each limit hit is recorded once, whichever rule
        // asked and whether or not it shows its gaps.
        let limits = result.gaps.filter(\.isAnalysisLimit)
        if !limits.isEmpty { lock.withLock { analysisLimitGaps.formUnion(limits) } }
        let searches = result.gaps.filter { $0.kind == .searchLimit }
        if !searches.isEmpty { lock.withLock { searchLimitGaps.formUnion(searches) } }
        // Also with the asking file's outcome (through the memo of answers, with every file
        // that asks it): a re-scan that replays the file from the result cache says them too.
        Dependencies.recordLimits(limits + searches)
        return Answer(resolution: result, steps: budget.used)
    }

    /// Where a search across the scan stopped at a bound (`ResolutionGap.Kind.searchLimit`): shown
    /// under `--verbose` whichever rule asked, since a finding may be missing there.
    public var searchLimits: [ResolutionGap] {
        lock.withLock { Array(searchLimitGaps) }.sorted { ($0.file, $0.line, $0.column, $0.reason) < ($1.file, $1.line, $1.column, $1.reason) }
    }

    /// Where a bound for generated or hostile code stopped a question (`ResolutionGap.isAnalysisLimit`),
    /// for the scan to tell the user: a finding may be missing there.
    public var analysisLimits: [ResolutionGap] {
        lock.withLock { Array(analysisLimitGaps) }.sorted { ($0.file, $0.line, $0.column, $0.reason) < ($1.file, $1.line, $1.column, $1.reason) }
    }

    static func enclosingFunction(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(FunctionDeclSyntax.self) || candidate.is(InitializerDeclSyntax.self) { return candidate }
            if candidate.is(MemberBlockSyntax.self) || candidate.is(ClosureExprSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }

    /// Which parameters of which functions a resolution read from their callers.
    final class ParameterUses: @unchecked Sendable {
        private var names: [NodeKey: Set<String>] = [:]
        /// Every record in order, so a cached answer can replay the ones its computation made.
        private(set) var log: [(function: NodeKey, name: String)] = []

        func record(_ function: NodeKey, _ name: String) {
            names[function, default: []].insert(name)
            log.append((function, name))
        }

        func count(_ function: NodeKey) -> Int {
            names[function]?.count ?? 0
        }

        /// `records` without repeats, in first-seen order: replaying one record twice changes
        /// nothing, and an answer reached along many paths recorded the same parameters again
        /// on each.
        static func distinct(_ records: ArraySlice<(function: NodeKey, name: String)>) -> [(function: NodeKey, name: String)] {
            var seen: Set<ParameterKey> = []
            return records.filter { seen.insert(ParameterKey(function: $0.function, name: $0.name)).inserted }
        }
    }
}
