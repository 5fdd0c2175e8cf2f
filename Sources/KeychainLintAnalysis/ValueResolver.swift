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
    private var declarationCache: [NodeKey: CachedResolution] = [:]
    /// What callers pass for a parameter, by the use of the parameter asked about: the same
    /// parameter is reached along many call chains, and following its callers again on each
    /// made some questions exponential (seconds per question on a real wallet app).
    private var callerArgumentCache: [UseKey: CachedResolution] = [:]
    /// The value of a local at a use, with no parameters bound: in generated code thousands of
    /// statements use the same local, and each use's flow was followed again for every question.
    private var localUseCache: [UseKey: CachedResolution] = [:]
    /// Checkpoints of local variables' flows, by declaration (`use` holds the pattern binding) and depth.
    private var flowCheckpointTable: [UseKey: FlowCheckpoints] = [:]

    private func flowCheckpoints(for key: UseKey) -> FlowCheckpoints {
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
    private struct UseKey: Hashable {
        let use: NodeKey
        let depth: Int
    }

    /// The answer about a use, computed once and then reused at its recorded cost (the step
    /// budget runs out at the same place whatever was cached before). Answers cut by a cycle or
    /// the budget depend on the question and are not kept; a question out of steps gets only
    /// the gap, cached or not.
    private func answer<Key: Hashable>(
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
        fileprivate var entries: [Key: CachedResolution] = [:]
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
    private func answer(
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
    private let callers = Memo<NodeKey, [(site: CallSite, matched: [Int?])]?>()
    /// What each reference evaluated names locally: the same reference is evaluated again for
    /// every caller and branch that reaches it, and the lookup walks out through every enclosing
    /// statement list.
    private let localBindings = Memo<NodeKey, LocalBinding?>()
    /// The type enclosing each reference or call asked about (the walk out is as long as the nesting).
    private let enclosingTypes = Memo<NodeKey, String?>()

    private func enclosingTypeName(of node: some SyntaxProtocol, in file: SourceFile) -> String? {
        enclosingTypes.value(for: NodeKey(file: file, node: node)) { SyntaxQueries.enclosingTypeName(of: node) }
    }
    /// Enum types declaring each case name asked about.
    private let enumOwners = Memo<String, [(type: String, file: Int)]>()

    fileprivate struct CachedResolution {
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
            if ledger.markNoted() { lock.withLock { _ = analysisLimitGaps.insert(gap) } }
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

    // MARK: - Environment

    struct ParameterKey: Hashable {
        let function: NodeKey
        let name: String
    }

    /// Steps taken by one question (one thread), against its limit.
    final class StepBudget: @unchecked Sendable {
        let limit: Int
        private(set) var used = 0

        init(limit: Int) {
            self.limit = limit
        }

        var isExhausted: Bool { used >= limit }

        func charge(_ steps: Int) {
            used += steps
        }
    }

    struct Environment {
        var file: SourceFile
        /// Shared by everything one question evaluates.
        var budget: StepBudget
        var depth = 0
        /// Expression nesting inside the declaration being evaluated (reset when entering another).
        var nesting = 0
        /// Declarations being evaluated, to stop cycles.
        var active: Set<NodeKey> = []
        /// Parameter values bound by the call being evaluated.
        var bindings: [ParameterKey: Resolution] = [:]
        /// `self` when a member is evaluated on a known enum case (`Level.legacy.flags`).
        var selfValue: Resolution?
        /// Records parameters read from callers during one top-level question (one thread).
        var parameterUses: ParameterUses?
        /// Answers cut by a cycle during one top-level question (one thread).
        var questionMemo: QuestionMemo?

        func entering(_ key: NodeKey, file: SourceFile) -> Environment {
            var next = enteringLocal(key)
            next.file = file
            return next
        }

        /// Into a local's declaration in the same file: one level deeper, with expression nesting
        /// counted from the declaration, so the answer does not depend on how deep the use was
        /// asked about.
        func enteringLocal(_ key: NodeKey) -> Environment {
            var next = self
            next.depth += 1
            next.nesting = 0
            next.active.insert(key)
            return next
        }

        var isContextFree: Bool { bindings.isEmpty && selfValue == nil }
    }

    static let cycleReason = "depends on itself"
    static let depthReason = "resolution depth limit reached"
    static let nestingReason = "expression nests deeper than \(maximumExpressionNesting) levels: not followed"
    var budgetReason: String { "resolution stopped after \(stepsPerQuestion) steps for one question" }

    static func isContextDependent(_ gap: ResolutionGap) -> Bool {
        switch gap.kind {
        case .cycle, .depthLimit, .stepBudget: true
        // Nesting is counted from the declaration's own expression, whoever asks.
        case .nestingLimit, .searchLimit, .unknown: false
        }
    }

    func gap(_ node: some SyntaxProtocol, _ env: Environment, _ reason: String, kind: ResolutionGap.Kind = .unknown) -> Resolution {
        .gap(gapValue(node, env, reason, kind: kind))
    }

    func gapValue(_ node: some SyntaxProtocol, _ env: Environment, _ reason: String, kind: ResolutionGap.Kind = .unknown) -> ResolutionGap {
        let location = env.file.location(of: node)
        return ResolutionGap(file: env.file.path, line: location.line, column: location.column, reason: reason, kind: kind)
    }

    func step(_ kind: TraceStep.Kind, _ text: String, at node: some SyntaxProtocol, in file: SourceFile) -> TraceStep {
        let location = file.location(of: node)
        return TraceStep(kind: kind, text: text, file: file.path, line: location.line, column: location.column)
    }

    // MARK: - Expressions

    func evaluate(_ expression: ExprSyntax, _ env: Environment) -> Resolution {
        guard env.depth <= Self.maximumDepth else {
            return gap(expression, env, Self.depthReason, kind: .depthLimit)
        }
        guard env.nesting < Self.maximumExpressionNesting else {
            return gap(expression, env, Self.nestingReason, kind: .nestingLimit)
        }
        guard !env.budget.isExhausted else {
            return gap(expression, env, budgetReason, kind: .stepBudget)
        }
        env.budget.charge(1)
        var env = env
        env.nesting += 1
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return evaluateMemberAccess(member, env)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return evaluateReference(reference, env)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return evaluateCall(call, env)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            let parts = array.elements.map { evaluate($0.expression, env) }
            return combine(parts) { .array($0) }
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            return evaluateDictionary(dictionary, env)
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            if let text = Self.literalText(of: string) { return .value(.string(text)) }
            return .value(.opaque(SyntaxQueries.shortText(string)))
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            if let number = Self.integerValue(of: integer) { return .value(.integer(number)) }
            return gap(integer, env, "integer literal out of range")
        }
        // `60.0` (a `TimeInterval`): a whole number is kept as an integer; fractions are not modelled.
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            let digits = float.literal.text.replacingOccurrences(of: "_", with: "")
            if let number = Double(digits), number.rounded() == number, abs(number) < 1e15 {
                return .value(.integer(Int(number)))
            }
            return gap(float, env, "floating-point literal `\(float.literal.text)` is not a whole number")
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            return .value(.bool(boolean.literal.tokenKind == .keyword(.true)))
        }
        if expression.is(NilLiteralExprSyntax.self) {
            return .value(.null)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            let integer = prefix.expression.as(IntegerLiteralExprSyntax.self), let number = Self.integerValue(of: integer)
        {
            return .value(.integer(-number))
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            return evaluateInfix(infix, env)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let condition = SyntaxQueries.shortText(ternary.condition, limit: 40)
            let thenPart = evaluate(ternary.thenExpression, env)
                .through(step(.branch, "if `\(condition)`", at: ternary.thenExpression, in: env.file))
            let elsePart = evaluate(ternary.elseExpression, env)
                .through(step(.branch, "else of `\(condition)`", at: ternary.elseExpression, in: env.file))
            return thenPart.merging(elsePart)
        }
        if let ifExpr = expression.as(IfExprSyntax.self) {
            return evaluateIfExpression(ifExpr, env)
        }
        if let switchExpr = expression.as(SwitchExprSyntax.self) {
            return evaluateSwitchExpression(switchExpr, env)
        }
        if let inOut = expression.as(InOutExprSyntax.self) {
            // `&error`: an out-parameter, not a value anyone asks about; no gap worth showing.
            return .value(.opaque(SyntaxQueries.shortText(inOut, limit: 40)))
        }
        if let closure = expression.as(ClosureExprSyntax.self) {
            return gap(closure, env, "a closure is not a value the resolver follows")
        }
        return gap(expression, env, "cannot follow `\(SyntaxQueries.shortText(expression, limit: 40))`")
    }

    /// Builds a value from every combination of parts' values. A combination `build` rejects
    /// (e.g. `union` with an operand that is not a known option set) becomes the gap `failure`,
    /// so an unknown operand is reported instead of silently leaving no value and no gap.
    func combine(_ parts: [Resolution], failure: ResolutionGap? = nil, _ build: ([Value]) -> Value?) -> Resolution {
        let (combinations, gaps) = Resolution.combinations(parts)
        var result = Resolution(gaps: gaps)
        for (values, trace) in combinations {
            if let value = build(values) {
                result.add(TracedValue(value: value, trace: trace))
            } else if let failure {
                result.add(failure)
            }
        }
        return result
    }

    private func evaluateDictionary(_ dictionary: DictionaryExprSyntax, _ env: Environment) -> Resolution {
        guard case .elements(let elements) = dictionary.content else { return .value(.dictionary([])) }
        var parts: [Resolution] = []
        var locations: [ValueLocation] = []
        var valueLocations: [ValueLocation] = []
        for element in elements {
            parts.append(evaluateOrOpaque(element.key, env))
            parts.append(evaluateOrOpaque(element.value, env))
            locations.append(env.file.valueLocation(of: element.key))
            valueLocations.append(env.file.valueLocation(of: element.value))
        }
        return combine(parts) { values in
            var entries: [DictionaryEntry] = []
            var index = 0
            while index + 1 < values.count {
                entries.append(
                    DictionaryEntry(
                        key: values[index], value: values[index + 1], location: locations[index / 2],
                        valueLocation: valueLocations[index / 2]))
                index += 2
            }
            return .dictionary(entries)
        }
    }

    /// Inside structures (dictionaries, call arguments) an unknown part should not hide the known
    /// ones: it becomes an `.opaque` value and its gaps are kept.
    func evaluateOrOpaque(_ expression: ExprSyntax, _ env: Environment) -> Resolution {
        let result = evaluate(expression, env)
        if result.values.isEmpty {
            return Resolution(
                values: [TracedValue(value: .opaque(SyntaxQueries.shortText(expression, limit: 40)))],
                gaps: result.gaps)
        }
        return result
    }

    private func evaluateInfix(_ infix: InfixOperatorExprSyntax, _ env: Environment) -> Resolution {
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            return gap(infix, env, "cannot follow `\(SyntaxQueries.shortText(infix, limit: 40))`")
        }
        let left = evaluate(infix.leftOperand, env)
        let right = evaluate(infix.rightOperand, env)
        switch op {
        case "??":
            let nonNil = Resolution(values: left.values.filter { $0.value != .null }, gaps: left.gaps)
            return nonNil.merging(right)
        case "+":
            let failure = gapValue(infix, env, "operands of `+` are not known arrays, strings or integers")
            return combine([left, right], failure: failure) { values in
                switch (values[0], values[1]) {
                case (.array(let a), .array(let b)): .array(a + b)
                case (.string(let a), .string(let b)): .string(a + b)
                case (.integer(let a), .integer(let b)): .integer(a &+ b)
                default: nil
                }
            }
        case "-", "*":
            let failure = gapValue(infix, env, "operands of `\(op)` are not known integers")
            return combine([left, right], failure: failure) { values in
                guard case .integer(let a) = values[0], case .integer(let b) = values[1] else { return nil }
                return .integer(op == "-" ? a &- b : a &* b)
            }
        case "|":
            let failure = gapValue(infix, env, "operands of `|` are not known integers")
            return combine([left, right], failure: failure) { values in
                if case .integer(let a) = values[0], case .integer(let b) = values[1] { return .integer(a | b) }
                return nil
            }
        default:
            return gap(infix, env, "operator `\(op)` is not followed")
        }
    }

    private func evaluateIfExpression(_ ifExpr: IfExprSyntax, _ env: Environment) -> Resolution {
        let condition = SyntaxQueries.shortText(ifExpr.conditions, limit: 40)
        var result = evaluateBranchBody(ifExpr.body.statements, env)
            .through(step(.branch, "if `\(condition)`", at: ifExpr, in: env.file))
        switch ifExpr.elseBody {
        case .ifExpr(let nested)?:
            result = result.merging(evaluateIfExpression(nested, env))
        case .codeBlock(let block)?:
            result = result.merging(
                evaluateBranchBody(block.statements, env)
                    .through(step(.branch, "else of `\(condition)`", at: block, in: env.file)))
        case nil:
            break
        }
        return result
    }

    private func evaluateSwitchExpression(_ switchExpr: SwitchExprSyntax, _ env: Environment) -> Resolution {
        var result = Resolution()
        for case .switchCase(let switchCase) in switchExpr.cases {
            guard caseMayRun(switchCase, of: switchExpr, env) else { continue }
            result = result.merging(
                evaluateBranchBody(switchCase.statements, env)
                    .through(step(.branch, Self.caseText(switchCase), at: switchCase, in: env.file)))
        }
        if result.isEmpty { return gap(switchExpr, env, "no case of the switch applies") }
        return result
    }

    /// Value of a branch of an `if`/`switch` expression: its last expression.
    private func evaluateBranchBody(_ statements: CodeBlockItemListSyntax, _ env: Environment) -> Resolution {
        guard let last = statements.last else { return .empty }
        if let expression = last.item.as(ExprSyntax.self) { return evaluate(expression, env) }
        if let statement = last.item.as(ExpressionStmtSyntax.self) { return evaluate(statement.expression, env) }
        if let returnStmt = last.item.as(ReturnStmtSyntax.self), let value = returnStmt.expression {
            return evaluate(value, env)
        }
        return .empty
    }

    // MARK: - Names

    private func evaluateReference(_ reference: DeclReferenceExprSyntax, _ env: Environment) -> Resolution {
        let name = reference.baseName.text
        if name == "self" {
            return env.selfValue ?? gap(reference, env, "`self` is not a known value here")
        }
        if let binding = localBindings.value(for: NodeKey(file: env.file, node: reference), { LocalScope.lookup(name, from: Syntax(reference)) }) {
            return evaluateLocal(name, binding, use: Syntax(reference), env)
        }
        if let typeName = enclosingTypeName(of: reference, in: env.file) {
            let members = index(env).properties(named: name, inType: typeName)
            if !members.isEmpty { return resolveVariables(members, env) }
        }
        guard let declared = index(env).variables(named: name, limit: Self.maximumDeclaringFiles) else {
            return gap(reference, env, "`\(name)` may be declared in more than \(Self.maximumDeclaringFiles) files: not followed", kind: .searchLimit)
        }
        let globals = declared.filter { $0.enclosingType == nil }
        if globals.count == 1 { return resolveVariable(globals[0], env) }
        if globals.count > 1 {
            return gap(reference, env, "`\(name)` is declared \(globals.count) times in the scan")
        }
        if !index(env).functions(named: name).isEmpty || index(env).isDeclaredType(name) {
            return gap(reference, env, "`\(name)` is a function or type, not a value")
        }
        if index(env).isDeclaredOutsideScope(name, limit: Self.maximumDeclaringFiles) {
            return gap(reference, env, "`\(name)` is declared only outside this module and the modules it uses")
        }
        // Not declared anywhere in the scan: an SDK constant such as `kSecAttrAccessibleAlways`.
        return .value(.symbol(name))
    }

    private func evaluateLocal(_ name: String, _ binding: LocalBinding, use: Syntax, _ env: Environment) -> Resolution {
        switch binding {
        case .variable(_, let patternBinding, let list, let itemIndex):
            let key = NodeKey(file: env.file, node: patternBinding)
            guard !env.active.contains(key) else { return gap(use, env, "`\(name)` \(Self.cycleReason)", kind: .cycle) }
            // With no parameters bound and no `self`, the value at a use depends on the use alone.
            guard env.isContextFree else {
                return evaluateLocalVariable(name, patternBinding, key: key, list: list, itemIndex: itemIndex, use: use, env)
            }
            return answer(for: UseKey(use: NodeKey(file: env.file, node: use), depth: env.depth), in: \.localUseCache, at: use, env) {
                evaluateLocalVariable(name, patternBinding, key: key, list: list, itemIndex: itemIndex, use: use, env)
            }
        case .parameter(let parameter, let function):
            let key = ParameterKey(function: NodeKey(file: env.file, node: function), name: name)
            if let bound = env.bindings[key] { return bound }
            return evaluateParameterFromCallers(parameter, function: function, use: use, env)
        case .optionalBinding(let condition):
            if let initializer = condition.initializer {
                let result = evaluate(initializer.value, env)
                return Resolution(values: result.values.filter { $0.value != .null }, gaps: result.gaps)
            }
            // `if let name` re-binds the outer `name`.
            if let outer = LocalScope.lookup(name, from: Syntax(condition)) {
                // Like `if let name = name`: the bound value is the outer one without `nil`.
                let result = evaluateLocal(name, outer, use: Syntax(condition), env)
                return Resolution(values: result.values.filter { $0.value != .null }, gaps: result.gaps)
            }
            return gap(use, env, "`\(name)` is bound to an outer value the resolver cannot see")
        case .casePayload(let payload):
            // CasePayload.swift.
            return evaluateCasePayload(payload, use: use, env)
        case .conditional(let declaration):
            return evaluateConditionalLocal(name, declaration, use: use, env)
        case .opaque(let reason):
            return gap(use, env, reason)
        }
    }

    /// A local declared in `#if` clauses: every clause's value is possible (the scan cannot know
    /// which configuration ships), each through its clause's statements, then the statements
    /// between `#endif` and the use. The trace names the clause's condition.
    private func evaluateConditionalLocal(_ name: String, _ declaration: ConditionalDeclaration, use: Syntax, _ env: Environment)
        -> Resolution
    {
        var result = Resolution()
        for (condition, binding) in declaration.clauses {
            guard case .variable(_, let patternBinding, let clauseList, let clauseIndex) = binding else {
                result = result.merging(evaluateLocal(name, binding, use: use, env))
                continue
            }
            let key = NodeKey(file: env.file, node: patternBinding)
            guard !env.active.contains(key) else {
                result = result.merging(gap(use, env, "`\(name)` \(Self.cycleReason)", kind: .cycle))
                continue
            }
            let inner = env.enteringLocal(key)
            var state = patternBinding.initializer.map { evaluate($0.value, inner) } ?? Resolution()
            // The use lies after `#endif`: the clause's statements all run before it.
            state = LocalFlow(resolver: self, name: name, env: inner)
                .value(at: use, declaredIn: clauseList, at: clauseIndex, initial: state)
            state = LocalFlow(resolver: self, name: name, env: inner)
                .value(at: use, declaredIn: declaration.list, at: declaration.itemIndex, initial: state)
            result = result.merging(
                state.through(step(.branch, condition, at: patternBinding, in: env.file))
                    .through(step(.variable, "`\(name)`", at: patternBinding.pattern, in: env.file)))
        }
        if result.isEmpty { return gap(use, env, "`\(name)` has no value the resolver can see") }
        return result
    }

    private func evaluateLocalVariable(
        _ name: String, _ patternBinding: PatternBindingSyntax, key: NodeKey, list: CodeBlockItemListSyntax, itemIndex: Int,
        use: Syntax, _ env: Environment
    ) -> Resolution {
        let inner = env.enteringLocal(key)
        var initial = Resolution()
        if let initializer = patternBinding.initializer {
            initial = evaluate(initializer.value, inner)
        }
        var flow = LocalFlow(resolver: self, name: name, env: inner)
        // The walk from the declaration is the same for every use when nothing but the
        // declaration decides it: uses share its checkpoints.
        if usesFlowCheckpoints, env.isContextFree, !initial.gaps.contains(where: { $0.kind == .cycle || $0.kind == .stepBudget }) {
            flow.checkpoints = flowCheckpoints(for: UseKey(use: key, depth: env.depth))
        }
        let result = flow.value(at: use, declaredIn: list, at: itemIndex, initial: initial)
        if result.isEmpty { return gap(use, env, "`\(name)` has no value the resolver can see") }
        return result.through(step(.variable, "`\(name)`", at: patternBinding.pattern, in: env.file))
    }

    // MARK: - Members

    private func evaluateMemberAccess(_ member: MemberAccessExprSyntax, _ env: Environment) -> Resolution {
        let name = member.declName.baseName.text
        guard let base = member.base else {
            return .value(.member(name, type: nil))
        }
        let unwrappedBase = SyntaxQueries.unwrapTransparent(base)
        if let reference = unwrappedBase.as(DeclReferenceExprSyntax.self), reference.baseName.text == "self" {
            return evaluateSelfMember(name, at: member, env)
        }
        if let typeName = typeName(of: unwrappedBase, env) {
            let resolvedType = typeName == "Self" ? (SyntaxQueries.enclosingTypeName(of: member) ?? typeName) : typeName
            if !index(env).isDeclaredType(resolvedType) {
                return .value(.member(name, type: resolvedType))
            }
            let properties = index(env).properties(named: name, inType: resolvedType)
            if !properties.isEmpty { return resolveVariables(properties, env) }
            // A member of an SDK type the scan only extends
            // (`extension SecAccessControlCreateFlags { … }` then `SecAccessControlCreateFlags.biometryAny`).
            guard index(env).declaresPrimaryType(resolvedType) else { return .value(.member(name, type: resolvedType)) }
            if index(env).types(named: resolvedType, mentioning: name).contains(where: { $0.enumCases.contains(name) }) {
                return .value(.member(name, type: resolvedType))
            }
            return gap(member, env, "`\(resolvedType)` has no member `\(name)` in the scan")
        }
        // A stored property of an instance whose construction is visible (ConstructedInstance.swift).
        if let constructed = evaluateConstructedMember(name, of: unwrappedBase, at: member, env) { return constructed }
        // An instance member: on a known enum case, evaluate the member with `self` bound.
        let receiver = evaluate(unwrappedBase, env)
        // `"1234".utf8`: a view of a known string keeps the string, as a call of the view
        // without arguments (so `Data("1234".utf8)` is still known to hold a literal).
        if Self.stringViews.contains(name), !receiver.values.isEmpty,
            receiver.values.allSatisfy({ if case .string = $0.value { return true } else { return false } })
        {
            return receiver.map(
                { .call(CallValue(name: name, receiver: $0, arguments: [])) },
                failure: { gapValue(member, env, "`\(name)` of a value that is not a string") })
        }
        // Enum cases, with or without associated values (`.legacy`, `.valet(.always)`).
        let caseValues = receiver.values.filter { enumCase(of: $0.value, env) != nil }
        if !caseValues.isEmpty && caseValues.count == receiver.values.count {
            var result = Resolution(gaps: receiver.gaps)
            for traced in caseValues {
                guard let (caseName, caseType) = enumCase(of: traced.value, env) else { continue }
                // An implicit member (`.legacy`) has no type; asking the index for type "" would
                // match every file's text and parse the whole scan, so look the case up instead.
                let owners: [String]
                if let caseType, index(env).isDeclaredType(caseType) {
                    owners = [caseType]
                } else {
                    owners = enumTypes(declaring: caseName, env)
                }
                let properties = owners.flatMap { index(env).properties(named: name, inType: $0) }
                if properties.isEmpty {
                    result = result.merging(gap(member, env, "no property `\(name)` for case `.\(caseName)`"))
                    continue
                }
                var inner = env
                inner.selfValue = Resolution(values: [traced])
                result = result.merging(resolveVariables(properties, inner))
            }
            return result
        }
        if let baseType = inferredType(of: unwrappedBase, env), index(env).isDeclaredType(baseType) {
            let properties = index(env).properties(named: name, inType: baseType)
            if !properties.isEmpty { return resolveVariables(properties, env) }
        }
        guard let declared = index(env).variables(named: name, limit: Self.maximumDeclaringFiles) else {
            return gap(member, env, "`\(name)` may be declared in more than \(Self.maximumDeclaringFiles) files: not followed", kind: .searchLimit)
        }
        let candidates = declared.filter { $0.enclosingType != nil && !$0.isStatic }
        if candidates.count == 1 { return resolveVariable(candidates[0], env) }
        if candidates.count > 1 {
            return gap(member, env, "`\(name)` is a member of \(candidates.count) types; the receiver's type is unknown")
        }
        return gap(member, env, "no declaration of `\(name)` in the scan")
    }

    private func evaluateSelfMember(_ name: String, at node: some SyntaxProtocol, _ env: Environment) -> Resolution {
        guard let typeName = SyntaxQueries.enclosingTypeName(of: node) else {
            return gap(node, env, "`self.\(name)` outside a type")
        }
        let properties = index(env).properties(named: name, inType: typeName)
        if properties.isEmpty { return gap(node, env, "no property `\(name)` in `\(typeName)`") }
        return resolveVariables(properties, env)
    }

    /// Enum types that declare `case caseName`, in files visible from `env.file`'s scope (the
    /// scan's are found once per name and kept: a common case name is mentioned in many files,
    /// and the index may have let their trees go).
    func enumTypes(declaring caseName: String, _ env: Environment) -> [String] {
        let scope = index(env)
        let owners = enumOwners.value(for: caseName) { computeEnumTypes(declaring: caseName) }
        return Array(Set(owners.filter { scope.isVisible($0.file) }.map(\.type))).sorted()
    }

    private func computeEnumTypes(declaring caseName: String) -> [(type: String, file: Int)] {
        var result: [(type: String, file: Int)] = []
        // Only files whose text declares a value of that name (a case follows `case`): many more
        // files mention a common name than declare it.
        for fileIndex in index.files(declaring: caseName, as: .value) {
            let file = index.file(at: fileIndex)
            var types: Set<String> = []
            for statement in file.tree.statements {
                collectEnums(in: Syntax(statement), caseName: caseName, into: &types)
            }
            result += types.sorted().map { ($0, fileIndex) }
        }
        return result
    }

    private func collectEnums(in node: Syntax, caseName: String, into result: inout Set<String>) {
        if let enumDecl = node.as(EnumDeclSyntax.self) {
            for member in enumDecl.memberBlock.members {
                if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self),
                    caseDecl.elements.contains(where: { $0.name.text == caseName })
                {
                    result.insert(enumDecl.name.text)
                }
                collectEnums(in: Syntax(member.decl), caseName: caseName, into: &result)
            }
            return
        }
        let members: MemberBlockItemListSyntax?
        if let decl = node.as(CodeBlockItemSyntax.self) {
            collectEnums(in: Syntax(decl.item), caseName: caseName, into: &result)
            return
        } else if let decl = node.as(StructDeclSyntax.self) {
            members = decl.memberBlock.members
        } else if let decl = node.as(ClassDeclSyntax.self) {
            members = decl.memberBlock.members
        } else if let decl = node.as(ExtensionDeclSyntax.self) {
            members = decl.memberBlock.members
        } else {
            members = nil
        }
        for member in members ?? [] {
            collectEnums(in: Syntax(member.decl), caseName: caseName, into: &result)
        }
    }

    /// `Foo` or `Foo.Bar` when the expression names a type, as seen from `env.file`'s scope.
    private func typeName(of expression: ExprSyntax, _ env: Environment) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard SyntaxQueries.looksLikeTypeName(name) else { return nil }
            // An uppercase local or parameter (rare) is a value, not a type.
            if LocalScope.lookup(name, from: Syntax(reference)) != nil { return nil }
            return name
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            SyntaxQueries.looksLikeTypeName(member.declName.baseName.text), let outer = typeName(of: base, env)
        {
            let inner = member.declName.baseName.text
            let full = outer + "." + inner
            let index = index(env)
            if index.isDeclaredType(full) { return full }
            // A nested type (`KeychainConfiguration.Account`) is indexed under its own name.
            if index.isDeclaredType(inner) { return inner }
            return index.isDeclaredType(outer) ? nil : full
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return typeName(of: specialized.expression, env)
        }
        return nil
    }

    /// The type a receiver is declared or constructed with, where that is written (`let store:
    /// KeychainStore`, a parameter's type, `let store = KeychainStore(…)`, `KeychainStore.shared`'s
    /// declaration), as spelled there; nil when it is not written. For rules that must know a
    /// library type whose value they cannot resolve (a parameter no caller in the scan passes).
    public func declaredTypeName(of expression: ExprSyntax, in file: SourceFile) -> String? {
        let env = Environment(file: file, budget: StepBudget(limit: stepsPerQuestion))
        return inferredType(of: SyntaxQueries.unwrapTransparent(expression), env)
    }

    /// The declared type of a receiver, when it is written somewhere: `let store: KeychainStore`,
    /// `let store = KeychainStore(…)`, `KeychainStore.shared`.
    private func inferredType(of expression: ExprSyntax, _ env: Environment) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            switch LocalScope.lookup(name, from: Syntax(reference)) {
            case .variable(_, let binding, _, _)?:
                if let type = binding.typeAnnotation?.type { return TypeNames.baseName(of: type) }
                if let value = binding.initializer?.value { return constructedType(value, env) }
                return nil
            case .parameter(let parameter, _)?:
                return TypeNames.baseName(of: parameter.type)
            case .optionalBinding, .opaque, .casePayload, .conditional:
                return nil
            case nil:
                let typeName = SyntaxQueries.enclosingTypeName(of: reference)
                let candidates = typeName.map { index(env).properties(named: name, inType: $0) } ?? []
                let declarations = candidates.isEmpty
                    ? (index(env).variables(named: name, limit: Self.maximumDeclaringFiles) ?? []).filter { $0.enclosingType == nil } : candidates
                guard declarations.count == 1 else { return nil }
                return declarations[0].typeName
                    ?? declarations[0].binding.initializer.flatMap { constructedType($0.value, env.withFile(declarations[0].file)) }
            }
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let owner = typeName(of: SyntaxQueries.unwrapTransparent(base), env)
        {
            let properties = index(env).properties(named: member.declName.baseName.text, inType: owner)
            guard properties.count == 1 else { return nil }
            return properties[0].typeName
                ?? properties[0].binding.initializer.flatMap { constructedType($0.value, env.withFile(properties[0].file)) }
        }
        return constructedType(expression, env)
    }

    private func constructedType(_ expression: ExprSyntax, _ env: Environment) -> String? {
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return typeName(of: SyntaxQueries.unwrapTransparent(call.calledExpression), env)
        }
        return nil
    }

    // MARK: - Declarations

    func resolveVariables(_ declarations: [VariableDeclaration], _ env: Environment) -> Resolution {
        var result = Resolution()
        for declaration in declarations {
            result = result.merging(resolveVariable(declaration, env))
        }
        return result
    }

    func resolveVariable(_ declaration: VariableDeclaration, _ env: Environment) -> Resolution {
        let key = declaration.key
        guard !env.active.contains(key) else {
            return gap(declaration.binding, env.withFile(declaration.file), "`\(declaration.name)` \(Self.cycleReason)", kind: .cycle)
        }
        let outOfSteps = { self.gap(declaration.binding, env.withFile(declaration.file), self.budgetReason, kind: .stepBudget) }
        guard env.isContextFree else {
            let traced = computeVariable(declaration, key: key, env)
            return traced.gaps.contains(where: { $0.kind == .stepBudget }) ? outOfSteps() : traced
        }
        // A result cut short by a cycle, the depth limit or the step budget depends on where the
        // question came from; caching it would make answers depend on the order files are
        // scanned in.
        return answer(
            for: key, in: \.declarationCache, keepingUnless: Self.isContextDependent, env, outOfSteps: outOfSteps
        ) { computeVariable(declaration, key: key, env) }
    }

    private func computeVariable(_ declaration: VariableDeclaration, key: NodeKey, _ env: Environment) -> Resolution {
        let file = declaration.file
        let binding = declaration.binding
        var inner = env.entering(key, file: file)
        // A member's own code sees `self` only through an explicit receiver value.
        if declaration.enclosingType == nil { inner.selfValue = nil }
        var result = Resolution()
        if let initializer = binding.initializer {
            result = evaluate(initializer.value, inner)
        }
        if let accessors = binding.accessorBlock {
            switch accessors.accessors {
            case .getter(let statements):
                result = result.merging(evaluateBody(statements, inner))
            case .accessors(let list):
                if let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                    let body = getter.body
                {
                    result = result.merging(evaluateBody(body.statements, inner))
                }
            }
        }
        if binding.accessorBlock == nil, !declaration.isConstant || binding.initializer == nil,
            let owner = declaration.enclosingType
        {
            result = result.merging(assignments(to: declaration.name, inType: owner, inner))
        }
        if result.isEmpty {
            result = gap(binding, inner, "`\(declaration.name)` has no value the resolver can see")
        }
        let qualified = declaration.enclosingType.map { "\($0).\(declaration.name)" } ?? declaration.name
        let traced = result.through(step(.property, "`\(qualified)`", at: binding.pattern, in: file))
        return traced
    }

    /// Values assigned to a stored property anywhere in its type's bodies (`self.x = …`, `x = …`).
    private func assignments(to name: String, inType typeName: String, _ env: Environment) -> Resolution {
        var result = Resolution()
        for type in index(env).types(named: typeName, mentioning: name) {
            let collector = AssignmentCollector(name: name)
            let file = type.file
            collector.walk(type.node)
            for assignment in collector.assignments {
                var inner = env
                inner.file = file
                let value = evaluate(assignment.rightOperand, inner)
                result = result.merging(
                    value.through(step(.assignment, "assigned", at: assignment, in: file)))
            }
        }
        return result
    }

    /// Values a body returns: `return` statements outside nested closures and functions, or the
    /// single expression of an implicit-return body.
    func evaluateBody(_ statements: CodeBlockItemListSyntax, _ env: Environment) -> Resolution {
        if statements.count == 1, let only = statements.first {
            if let expression = only.item.as(ExprSyntax.self) { return evaluate(expression, env) }
            if let statement = only.item.as(ExpressionStmtSyntax.self) { return evaluate(statement.expression, env) }
        }
        let collector = ReturnCollector(viewMode: .sourceAccurate)
        collector.walk(statements)
        var result = Resolution()
        for returnStmt in collector.returns {
            guard let value = returnStmt.expression else { continue }
            guard let branches = branchSteps(from: Syntax(returnStmt), upTo: Syntax(statements), env) else { continue }
            var traced = evaluate(value, env)
            for branch in branches.reversed() { traced = traced.through(branch) }
            result = result.merging(traced)
        }
        return result
    }

    /// Steps for the `if`/`switch` branches between a node and its enclosing body; nil when a
    /// `switch` over a known value shows the branch cannot run.
    private func branchSteps(from node: Syntax, upTo stop: Syntax, _ env: Environment) -> [TraceStep]? {
        var steps: [TraceStep] = []
        var child = node
        var current = node.parent
        while let parent = current, parent.id != stop.id {
            if let switchCase = parent.as(SwitchCaseSyntax.self),
                let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
            {
                guard caseMayRun(switchCase, of: switchExpr, env) else { return nil }
                steps.append(step(.branch, Self.caseText(switchCase), at: switchCase, in: env.file))
            }
            if let ifExpr = parent.as(IfExprSyntax.self) {
                let condition = SyntaxQueries.shortText(ifExpr.conditions, limit: 40)
                if child.id == ifExpr.body.id {
                    steps.append(step(.branch, "if `\(condition)`", at: ifExpr, in: env.file))
                } else if ifExpr.elseBody.map({ $0.id == child.id }) ?? false {
                    steps.append(step(.branch, "else of `\(condition)`", at: child, in: env.file))
                }
            }
            child = parent
            current = parent.parent
        }
        return steps.reversed()
    }

    /// Whether a `switch` case can run given what is known of the subject (`self` bound to a case,
    /// or a parameter bound to a case by the call being evaluated).
    func caseMayRun(_ switchCase: SwitchCaseSyntax, of switchExpr: SwitchExprSyntax, _ env: Environment) -> Bool {
        guard let caseNames = knownCaseNames(ofSubjectOf: switchExpr, env) else { return true }
        guard case .case(let label) = switchCase.label else {
            // `default:` runs only for a known case that no plain `case .name:` (without `where`
            // or associated-value patterns) catches first.
            return caseNames.contains { !Self.switchExpr(switchExpr, certainlyCatches: $0) }
        }
        for item in label.caseItems {
            guard let patternName = Self.enumCaseName(of: item.pattern) else { return true }
            if caseNames.contains(patternName) { return true }
        }
        // A later `default:` may still run; this case does not.
        return false
    }

    /// The enum case names the subject of a `switch` can have, when all of them are known.
    private func knownCaseNames(ofSubjectOf switchExpr: SwitchExprSyntax, _ env: Environment) -> [String]? {
        let subject = SyntaxQueries.unwrapTransparent(switchExpr.subject)
        var known: Resolution?
        if let reference = subject.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.text == "self" {
                known = env.selfValue
            } else if case .parameter(_, let function)? = LocalScope.lookup(reference.baseName.text, from: Syntax(reference)) {
                known = env.bindings[ParameterKey(function: NodeKey(file: env.file, node: function), name: reference.baseName.text)]
            }
        }
        guard let known, known.gaps.isEmpty, !known.values.isEmpty else { return nil }
        let caseNames: [String] = known.values.compactMap { enumCase(of: $0.value, env)?.name }
        return caseNames.count == known.values.count ? caseNames : nil
    }

    /// Whether an explicit `case .name:` item with no `where` clause and no payload pattern exists.
    static func switchExpr(_ switchExpr: SwitchExprSyntax, certainlyCatches caseName: String) -> Bool {
        for case .switchCase(let switchCase) in switchExpr.cases {
            guard case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems where item.whereClause == nil {
                if let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                    let member = pattern.expression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == caseName
                {
                    return true
                }
            }
        }
        return false
    }

    static func enumCaseName(of pattern: PatternSyntax) -> String? {
        // `case let .valet(x)`: the binding wraps the case pattern.
        let pattern = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
        guard let expressionPattern = pattern.as(ExpressionPatternSyntax.self) else { return nil }
        var expression = expressionPattern.expression
        if let call = expression.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    static func caseText(_ switchCase: SwitchCaseSyntax) -> String {
        switch switchCase.label {
        case .default: "default"
        case .case(let label): "case " + SyntaxQueries.shortText(label.caseItems, limit: 40)
        }
    }

    // MARK: - Calls

    /// Views of a `String` that keep its content (`"secret".utf8`).
    public static let stringViews: Set<String> = ["utf8", "utf16", "unicodeScalars", "utf8CString"]

    private static let setAlgebra: Set<String> = ["union", "intersection", "subtracting", "symmetricDifference"]

    private func evaluateCall(_ call: FunctionCallExprSyntax, _ env: Environment) -> Resolution {
        let callee = SyntaxQueries.unwrapTransparent(call.calledExpression)
        if let closure = callee.as(ClosureExprSyntax.self) {
            return evaluateBody(closure.statements, env)
        }
        // `[String: Any]()`, `NSMutableDictionary()`, `NSDictionary(dictionary: d)` (KeychainQuery.swift).
        if let constructed = evaluateDictionaryConstruction(call, callee: callee, env) { return constructed }
        // `SecAccessControlCreateFlags()`, `SecAccessControlCreateFlags([.a, .b])` (OptionSetConstruction.swift).
        if let constructed = evaluateOptionSetConstruction(call, callee: callee, env) { return constructed }
        guard let name = SyntaxQueries.calleeName(of: callee) else {
            return gap(call, env, "cannot follow the call `\(SyntaxQueries.shortText(call, limit: 40))`")
        }
        let labels = SyntaxQueries.labels(of: call)
        let member = callee.as(MemberAccessExprSyntax.self)
        let receiverExpression = member?.base.map { SyntaxQueries.unwrapTransparent($0) }

        // `.init(rawValue: 2)`, `T(rawValue: 2)`, `T.init(rawValue: 2)`.
        if labels == ["rawValue"], let argument = call.arguments.first {
            let typeText: String? =
                name == "init" ? receiverExpression.flatMap { typeName(of: $0, env) } : (SyntaxQueries.looksLikeTypeName(name) ? name : nil)
            if name == "init" || typeText != nil {
                let raw = evaluate(argument.expression, env)
                return raw.map(
                    { if case .integer(let number) = $0 { return .rawValue(number, type: typeText) } else { return nil } },
                    failure: { ResolutionGap(file: env.file.path, line: env.file.line(of: argument), column: 1, reason: "rawValue is not a known integer") })
            }
        }
        // `a.merging(b) { … }` on dictionaries (the new value wins, as `{ $1 }` says).
        if let receiverExpression, name == "merging", !call.arguments.isEmpty {
            let left = evaluate(receiverExpression, env)
            let right = evaluate(call.arguments.first!.expression, env)
            return combine([left, right], failure: gapValue(call, env, "`merging` of values that are not known dictionaries")) {
                DictionaryAlgebra.merging($0[0], $0[1])
            }
        }
        // Set algebra on option sets and arrays.
        if let receiverExpression, Self.setAlgebra.contains(name), call.arguments.count == 1 {
            let left = evaluate(receiverExpression, env)
            let right = evaluate(call.arguments.first!.expression, env)
            let failure = gapValue(call, env, "`\(name)` of values that are not known option sets")
            return combine([left, right], failure: failure) { values in SetAlgebra.apply(name, values[0], values[1]) }
        }
        // Functions declared in the scan.
        if let function = declaredFunction(named: name, labels: labels, receiver: receiverExpression, at: call, env) {
            return evaluateFunction(function, call: call, receiver: receiverExpression, env)
        }
        if SyntaxQueries.looksLikeTypeName(name) && index(env).isDeclaredType(name) {
            // Constructing a type of the scan: keep the arguments, the instance itself is not modelled.
            return callValue(name: name, receiver: nil, call: call, env)
        }
        let receiver = receiverExpression.map { expression -> Resolution in
            if let type = typeName(of: expression, env) { return .value(.symbol(type)) }
            return evaluateOrOpaque(expression, env)
        }
        return callValue(name: name, receiver: receiver, call: call, env)
    }

    private func callValue(name: String, receiver: Resolution?, call: FunctionCallExprSyntax, _ env: Environment) -> Resolution {
        var parts = call.arguments.map { evaluateOrOpaque($0.expression, env) }
        let labels = call.arguments.map { $0.label?.text }
        if let receiver { parts.insert(receiver, at: 0) }
        return combine(parts) { values in
            var values = values
            let receiverValue = receiver != nil ? values.removeFirst() : nil
            let arguments = zip(labels, values).map { Argument(label: $0.0, value: $0.1) }
            return .call(CallValue(name: name, receiver: receiverValue, arguments: arguments))
        }
    }

    private func declaredFunction(
        named name: String, labels: [String?], receiver: ExprSyntax?, at call: FunctionCallExprSyntax, _ env: Environment
    ) -> FunctionDeclaration? {
        var candidates = index(env).functions(named: name).filter { Self.labelsMatch(labels, $0) }
        guard !candidates.isEmpty else { return nil }
        if let receiver, let type = typeName(of: receiver, env) {
            candidates = candidates.filter { $0.enclosingType == type }
        } else if receiver == nil || receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            let own = enclosingTypeName(of: call, in: env.file)
            let inOwnType = candidates.filter { $0.enclosingType == own }
            if !inOwnType.isEmpty {
                candidates = inOwnType
            } else if receiver == nil {
                candidates = candidates.filter { $0.enclosingType == nil }
            }
        } else if let receiver, let type = inferredType(of: receiver, env) {
            let typed = candidates.filter { $0.enclosingType == type }
            if !typed.isEmpty { candidates = typed }
        }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// Whether a call's labels fit a declaration's parameters, allowing defaulted parameters to be omitted.
    static func labelsMatch(_ labels: [String?], _ function: FunctionDeclaration) -> Bool {
        matchArguments(labels, function.shapes) != nil
    }

    static func matchArguments(_ labels: [String?], _ parameters: FunctionParameterListSyntax) -> [Int?]? {
        matchArguments(labels, parameters.map(ParameterShape.init))
    }

    /// For each parameter, the index of the argument passed for it (nil: the default is used).
    static func matchArguments(_ labels: [String?], _ parameters: [ParameterShape]) -> [Int?]? {
        var result: [Int?] = []
        var argumentIndex = 0
        for parameter in parameters {
            let label = parameter.label
            if argumentIndex < labels.count, labels[argumentIndex] == label {
                result.append(argumentIndex)
                argumentIndex += 1
                if parameter.isVariadic {
                    while argumentIndex < labels.count, labels[argumentIndex] == nil { argumentIndex += 1 }
                }
            } else if parameter.hasDefault || parameter.isVariadic {
                result.append(nil)
            } else {
                return nil
            }
        }
        return argumentIndex == labels.count ? result : nil
    }

    private func evaluateFunction(
        _ function: FunctionDeclaration, call: FunctionCallExprSyntax, receiver: ExprSyntax?, _ env: Environment
    ) -> Resolution {
        let key = function.key
        guard !env.active.contains(key) else {
            return gap(call, env, "`\(function.name)` \(Self.cycleReason)", kind: .cycle)
        }
        guard function.hasBody else {
            return gap(call, env, "`\(function.name)` has no body the resolver can follow")
        }
        let labels = SyntaxQueries.labels(of: call)
        guard let matched = Self.matchArguments(labels, function.shapes) else {
            return gap(call, env, "arguments do not match `\(function.name)`")
        }
        let functionFile = function.file
        let (functionNode, parameters, functionBody) = function.syntax
        guard let body = functionBody else {
            return gap(call, env, "`\(function.name)` has no body the resolver can follow")
        }
        var inner = env.entering(key, file: functionFile)
        let arguments = SyntaxQueries.argumentExpressions(of: call)
        for (parameter, argumentIndex) in zip(parameters, matched) {
            let name = (parameter.secondName ?? parameter.firstName).text
            let parameterKey = ParameterKey(function: key, name: name)
            if let argumentIndex, argumentIndex < arguments.count {
                inner.bindings[parameterKey] = evaluate(arguments[argumentIndex], env)
            } else if let defaultValue = parameter.defaultValue {
                var defaultEnv = inner
                defaultEnv.bindings = [:]
                inner.bindings[parameterKey] = evaluate(defaultValue.value, defaultEnv)
                    .through(step(.parameterDefault, "default of `\(name)`", at: defaultValue.value, in: functionFile))
            }
        }
        if let receiver {
            let receiverValue = evaluate(receiver, env)
            if receiverValue.values.contains(where: { enumCase(of: $0.value, env) != nil }) {
                inner.selfValue = receiverValue
            } else {
                inner.selfValue = nil
            }
        } else if function.enclosingType == nil {
            inner.selfValue = nil
        }
        let result = evaluateBody(body.statements, inner)
        if result.isEmpty { return gap(call, env, "`\(function.name)` returns nothing the resolver can see") }
        let qualified = function.enclosingType.map { "\($0).\(function.name)" } ?? function.name
        return result.through(step(.function, "`\(qualified)()`", at: functionNode, in: functionFile))
    }

    /// A parameter read inside its function, with no call being evaluated: the values its callers
    /// pass (each call site in the scan), and its default when a caller omits it or none is found.
    /// The call sites of a function (or initializer) in the scan that can reach it, each with the
    /// argument index passed for every parameter (nil: the default is used).
    private func compatibleCallSites(of function: Syntax, _ env: Environment)
        -> (parameters: FunctionParameterListSyntax, sites: [(site: CallSite, matched: [Int?])])?
    {
        guard let parameters = Self.parameters(of: function) else { return nil }
        // The answer depends on the function alone; many parameters of one function, and many
        // questions about each, ask for it. (The cache keeps call sites by position, no syntax.)
        let sites = callers.value(for: NodeKey(file: env.file, node: function)) {
            computeCompatibleCallSites(of: function, parameters: parameters, env)
        }
        return sites.map { (parameters, $0) }
    }

    static func parameters(of function: Syntax) -> FunctionParameterListSyntax? {
        SyntaxQueries.signature(of: function)?.parameters
    }

    private func computeCompatibleCallSites(of function: Syntax, parameters: FunctionParameterListSyntax, _ env: Environment)
        -> [(site: CallSite, matched: [Int?])]?
    {
        guard let calleeName = Self.calleeName(of: function) else { return nil }
        // An initializer's callers name its type and have no owner to check.
        let ownerType = function.is(InitializerDeclSyntax.self) ? nil : SyntaxQueries.enclosingTypeName(of: function)
        let isMethodOrFunction = function.is(FunctionDeclSyntax.self)
        var sites: [(site: CallSite, matched: [Int?])] = []
        // A `private` helper is called from its own file only, however common its name.
        let fileOnly = SyntaxQueries.isCallableOnlyInItsFile(function)
        // A common method name (`save`, `add`) called from many files: following every call would
        // be slow and mostly about other methods of that name.
        guard fileOnly || !exceedsCallerSearch(calleeName, env) else { return nil }
        for site in index(env).callSites(named: calleeName) where !fileOnly || site.fileIndex == env.file.id {
            guard let matched = Self.matchArguments(site.labels, parameters) else { continue }
            // `save(flags:)` (or `self.save(flags:)`) inside another type that declares its own
            // `save` calls that one, not this function.
            if isMethodOrFunction, !site.hasReceiver, let callerType = site.enclosingType, callerType != ownerType,
                ScopedIndex(index: index, asking: site.fileIndex).declaresMethod(named: calleeName, inType: callerType)
            {
                continue
            }
            if let ownerType, site.hasReceiver {
                let (siteFile, call) = site.resolved
                guard let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent) else { continue }
                if let receiverType = typeName(of: receiver, env.withFile(siteFile)), receiverType != ownerType { continue }
                // `Backup().save(…)` or `backup.save(…)` with `let backup = Backup()`: an instance
                // of another type of the scan that declares its own method of this name calls that
                // method. (A protocol-typed receiver may still reach this one.)
                if let instanceType = inferredType(of: receiver, env.withFile(siteFile)), instanceType != ownerType,
                    !index(env.withFile(siteFile)).methods(named: calleeName, inType: instanceType).isEmpty,
                    !index(env.withFile(siteFile)).types(named: instanceType, mentioning: calleeName).contains(where: \.isProtocol)
                {
                    continue
                }
            }
            sites.append((site, matched))
        }
        return sites
    }

    /// The name its callers spell: a function's name, an initializer's type.
    static func calleeName(of function: Syntax) -> String? {
        if let decl = function.as(FunctionDeclSyntax.self) { return decl.name.text }
        if function.is(InitializerDeclSyntax.self) { return SyntaxQueries.enclosingTypeName(of: function) }
        return nil
    }

    /// Whether more files than `maximumCallerFiles` (beyond those parsed anyway) may call a
    /// function named `name` declared in the asking file.
    private func exceedsCallerSearch(_ name: String, _ env: Environment) -> Bool {
        index(env).extraParses(index(env).callerFiles(mentioning: name)) > Self.maximumCallerFiles
    }

    /// A parameter read inside its function, with no call being evaluated: the values its callers
    /// pass (each call site in the scan), and its default when a caller omits it or none is found.
    private func evaluateParameterFromCallers(
        _ parameter: FunctionParameterSyntax, function: Syntax, use: Syntax, _ env: Environment
    ) -> Resolution {
        // The answer depends on the parameter and the use alone (callers are evaluated with no
        // bindings and no `self`), except where a cycle or the depth limit cut it short.
        let key = UseKey(use: NodeKey(file: env.file, node: use), depth: env.depth)
        return answer(for: key, in: \.callerArgumentCache, at: use, env) {
            computeParameterFromCallers(parameter, function: function, use: use, env)
        }
    }

    private func computeParameterFromCallers(
        _ parameter: FunctionParameterSyntax, function: Syntax, use: Syntax, _ env: Environment
    ) -> Resolution {
        let name = (parameter.secondName ?? parameter.firstName).text
        let functionKey = NodeKey(file: env.file, node: function)
        guard !env.active.contains(functionKey) else {
            return gap(use, env, "`\(name)` \(Self.cycleReason)", kind: .cycle)
        }
        guard let (parameters, sites) = compatibleCallSites(of: function, env),
            let position = parameters.firstIndex(where: { $0.id == parameter.id })
        else {
            if let callee = Self.calleeName(of: function), !SyntaxQueries.isCallableOnlyInItsFile(function),
                exceedsCallerSearch(callee, env)
            {
                return gap(
                    use, env, "`\(name)`: more than \(Self.maximumCallerFiles) files may call `\(callee)`, so its callers are not followed",
                    kind: .searchLimit)
            }
            return gap(use, env, "`\(name)` is a parameter the resolver cannot trace to callers")
        }
        env.parameterUses?.record(functionKey, name)
        let parameterIndex = parameters.distance(from: parameters.startIndex, to: position)
        var result = Resolution()
        var usesDefault = false
        var inner = env.entering(functionKey, file: env.file)
        inner.bindings = [:]
        inner.selfValue = nil
        for (number, (site, matched)) in sites.enumerated() {
            guard number < Self.maximumCallSites else {
                result = result.merging(gap(use, env, "more than \(Self.maximumCallSites) calls pass `\(name)`", kind: .searchLimit))
                break
            }
            if let argumentIndex = matched[parameterIndex] {
                let (siteFile, call) = site.resolved
                var siteEnv = inner
                siteEnv.file = siteFile
                // Indexes count trailing closures too (`save { }`), as the labels they matched.
                let arguments = SyntaxQueries.argumentExpressions(of: call)
                guard argumentIndex < arguments.count else { continue }
                let argument = arguments[argumentIndex]
                result = result.merging(
                    evaluate(argument, siteEnv)
                        .through(step(.argument, "argument `\(name)` of the call", at: call, in: siteFile)))
            } else {
                usesDefault = true
            }
        }
        if usesDefault || sites.isEmpty, let defaultValue = parameter.defaultValue {
            result = result.merging(
                evaluate(defaultValue.value, inner)
                    .through(step(.parameterDefault, "default of `\(name)`", at: defaultValue.value, in: env.file)))
        }
        if result.isEmpty {
            return gap(use, env, "parameter `\(name)` has no default and no caller in the scan")
        }
        return result
    }

    /// When an expression inside a function depends on two or more of its parameters, resolving
    /// each parameter from all callers separately would pair one call's `service` with another
    /// call's `access`. Instead, evaluate the expression once per call site with all parameters
    /// bound from that call (context-sensitive at the first level).
    private func evaluatePerCallSite(_ expression: ExprSyntax, function: Syntax, _ env: Environment) -> Resolution? {
        guard let (parameters, sites) = compatibleCallSites(of: function, env), !sites.isEmpty else { return nil }
        let functionKey = NodeKey(file: env.file, node: function)
        var result = Resolution()
        for (number, (site, matched)) in sites.enumerated() {
            guard number < Self.maximumCallSites else {
                result = result.merging(gap(expression, env, "more than \(Self.maximumCallSites) calls reach this function", kind: .searchLimit))
                break
            }
            let (siteFile, call) = site.resolved
            var callerEnv = env.entering(functionKey, file: siteFile)
            callerEnv.bindings = [:]
            callerEnv.selfValue = nil
            var bound = env
            let arguments = SyntaxQueries.argumentExpressions(of: call)
            for (parameter, argumentIndex) in zip(parameters, matched) {
                let name = (parameter.secondName ?? parameter.firstName).text
                let key = ParameterKey(function: functionKey, name: name)
                if let argumentIndex, argumentIndex < arguments.count {
                    bound.bindings[key] = evaluate(arguments[argumentIndex], callerEnv)
                        .through(step(.argument, "argument `\(name)` of the call", at: call, in: siteFile))
                } else if let defaultValue = parameter.defaultValue {
                    var defaultEnv = callerEnv
                    defaultEnv.file = env.file
                    bound.bindings[key] = evaluate(defaultValue.value, defaultEnv)
                        .through(step(.parameterDefault, "default of `\(name)`", at: defaultValue.value, in: env.file))
                }
            }
            result = result.merging(evaluate(expression, bound))
        }
        return result
    }

    // MARK: - Literals

    static func literalText(of literal: StringLiteralExprSyntax) -> String? {
        var text = ""
        for segment in literal.segments {
            guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
            text += plain.content.text
        }
        return text
    }

    static func integerValue(of literal: IntegerLiteralExprSyntax) -> Int? {
        let digits = literal.literal.text.replacingOccurrences(of: "_", with: "")
        if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16) }
        if digits.hasPrefix("0b") { return Int(digits.dropFirst(2), radix: 2) }
        if digits.hasPrefix("0o") { return Int(digits.dropFirst(2), radix: 8) }
        return Int(digits)
    }
}

extension ValueResolver.Environment {
    func withFile(_ file: SourceFile) -> Self {
        var copy = self
        copy.file = file
        return copy
    }
}

/// `return` statements of a body, not those of nested closures or functions.
final class ReturnCollector: SyntaxVisitor {
    var returns: [ReturnStmtSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        returns.append(node)
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Assignments `self.name = …` and `name = …` inside a type body.
final class AssignmentCollector: SyntaxVisitor {
    let name: String
    var assignments: [InfixOperatorExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.operator.is(AssignmentExprSyntax.self) else { return .visitChildren }
        let left = node.leftOperand
        if let reference = left.as(DeclReferenceExprSyntax.self), reference.baseName.text == name {
            // A local of the same name shadows the property.
            if LocalScope.lookup(name, from: Syntax(reference)) == nil { assignments.append(node) }
        } else if let member = left.as(MemberAccessExprSyntax.self), member.declName.baseName.text == name,
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            assignments.append(node)
        }
        return .visitChildren
    }
}

/// Dictionary updates on resolved values; keys compare by value (`kSecAttrAccessible` and
/// `kSecAttrAccessible as String` resolve to the same symbol).
public enum DictionaryAlgebra {
    public static func setting(
        _ dictionary: Value, key: Value, value: Value, location: ValueLocation?, valueLocation: ValueLocation? = nil
    ) -> Value? {
        guard case .dictionary(var entries) = dictionary else { return nil }
        entries.removeAll { SecItemKeys.sameKey($0.key, key) }
        if value != .null {
            entries.append(DictionaryEntry(key: key, value: value, location: location, valueLocation: valueLocation))
        }
        return .dictionary(entries)
    }

    public static func removing(_ dictionary: Value, key: Value) -> Value? {
        guard case .dictionary(var entries) = dictionary else { return nil }
        entries.removeAll { SecItemKeys.sameKey($0.key, key) }
        return .dictionary(entries)
    }

    public static func merging(_ dictionary: Value, _ other: Value) -> Value? {
        guard case .dictionary(var entries) = dictionary, case .dictionary(let added) = other else { return nil }
        for entry in added {
            entries.removeAll { SecItemKeys.sameKey($0.key, entry.key) }
            entries.append(entry)
        }
        return .dictionary(entries)
    }
}

/// Option-set algebra on resolved values, by member name.
enum SetAlgebra {
    static func apply(_ operation: String, _ left: Value, _ right: Value) -> Value? {
        let a = left.setElements
        let b = right.setElements
        guard a.allSatisfy(isElement), b.allSatisfy(isElement) else { return nil }
        func has(_ set: [Value], _ element: Value) -> Bool { set.contains { sameOption($0, element) } }
        switch operation {
        case "union", "formUnion", "insert", "append", "append(contentsOf:)":
            return .array(a + b.filter { !has(a, $0) })
        case "intersection", "formIntersection":
            return .array(a.filter { has(b, $0) })
        case "subtracting", "subtract", "remove":
            return .array(a.filter { !has(b, $0) })
        case "symmetricDifference", "formSymmetricDifference":
            return .array(a.filter { !has(b, $0) } + b.filter { !has(a, $0) })
        default:
            return nil
        }
    }

    /// Whether two elements are the same option however they are spelled: `.or` and
    /// `SecAccessControlCreateFlags.or` (an implicit member takes the set's type), or two names
    /// of one access-control bit (`.touchIDAny` and `kSecAccessControlBiometryAny`).
    static func sameOption(_ left: Value, _ right: Value) -> Bool {
        if left == right { return true }
        if case .member(let leftName, let leftType) = left, case .member(let rightName, let rightType) = right,
            leftName == rightName, leftType == nil || rightType == nil
        {
            return true
        }
        guard let leftFlags = AccessControlFlagSet.interpret(left), let rightFlags = AccessControlFlagSet.interpret(right),
            leftFlags.spelled.count == 1, rightFlags.spelled.count == 1
        else { return false }
        return leftFlags.bits == rightFlags.bits
    }

    static func isElement(_ value: Value) -> Bool {
        switch value {
        case .member, .symbol, .rawValue, .string, .integer: true
        default: false
        }
    }
}

/// Answers computed once per scan and shared between threads, each with the names its
/// computation looked up, replayed when a later question takes the answer from here (so the
/// result cache's dependencies are the same whichever file asked first).
final class Memo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: (value: Value, names: Set<String>)] = [:]

    /// Two threads may compute the same answer at once; both are equal, either is kept.
    func value(for key: Key, _ compute: () -> Value) -> Value {
        if let cached = lock.withLock({ entries[key] }) {
            Dependencies.replay(cached.names)
            return cached.value
        }
        let (value, names) = Dependencies.collect(compute)
        lock.withLock { entries[key] = (value, names) }
        return value
    }
}
