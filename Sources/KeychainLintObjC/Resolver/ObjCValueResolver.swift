import KeychainLintModel

/// The Objective-C front end's value resolver: the possible values of an expression of one file,
/// as the language-neutral `Value`s every rule judges (the same model the Swift front end fills).
///
/// It follows what Keychain code in Objective-C does within a file: literals, `@{…}` and
/// `dictionaryWithObjectsAndKeys:` dictionaries, `NSMutableDictionary`s built in steps
/// (`setObject:forKey:`, `query[key] = …`, `CFDictionaryAddValue`/`SetValue`), casts (bridged
/// or not), `|` flag expressions and `|=`, locals through branches (an assignment replaces an
/// earlier one only when it runs on every path between them), `static`/global constants,
/// `#define` constants, C functions and methods of the file whose value comes from their
/// `return`s, parameters to what the file's calls pass, and instance state (`self.x`, `_x`) to
/// what the class's methods in the file store in it, or, for state only initializers store, to
/// what the construction of each instance the method runs on passed (`+InstanceSelf`: a followed
/// message's receiver, or the receivers of a method's messages in its file when no header of the
/// scan declares it, so that no other file or module can send it). A name the file uses
/// without defining it is looked up among the file-scope constants of the scan's other
/// Objective-C files (`constants`), and so are C functions they define and methods of classes they
/// implement, sent to the class by name. Anything else (calls from other files, unknown messages)
/// is a gap: rules act only on values, and `--verbose` shows the gaps.
///
/// Apart from those constants, answers are per file: Objective-C code rarely hands a Keychain
/// value across files in other ways a static reader can follow, and staying within the file keeps
/// the front end as cheap per line as the Swift one.
public final class ObjCValueResolver {
    public let path: String
    public let tree: ObjCSyntaxTree
    let bodies: [ObjCBody]
    var bindingCache: [Int: [ObjCLocalBinding]] = [:]
    var stepCache: [Int: [DictionaryStep]] = [:]
    let globals: [String: ObjCGlobalVariable]
    let macros: [String: ObjCMacroDefinition]
    /// The constants of the file's `enum` bodies, by name.
    let enumerators: [String: ObjCEnumerator]
    let functions: [String: ObjCBody]
    let methods: [String: [ObjCBody]]
    /// Text of each line, for columns in characters (findings count characters, not bytes).
    let source: [UInt8]

    /// Answers about locals and function results, kept for the file (the same local is asked
    /// about by every rule and every use that reaches it). Answers cut by a cycle, the depth
    /// limit or the step budget depend on the question and are not kept.
    var memo: [String: Resolution] = [:]
    /// Answers about locals under one call's bound arguments, for the current question only.
    var scopedMemo: [String: Resolution] = [:]
    /// The results of calls with arguments, by the function and the values passed: every rule
    /// asks about the same call (each call site's arguments carry their own path).
    var boundCalls: [BoundCall: Resolution] = [:]
    var nextArgumentsScope = 0
    /// The file's C functions that other files can call (not `static`), gathered once.
    lazy var exportedFunctions: Set<String> = tree.exportedFunctionNames
    /// Stores into instance state, by class and storage (`instanceWrites()`), gathered once.
    var instanceWritesCache: [String: [String: [InstanceWrite]]]?
    /// Methods whose senders' instances are being gathered (`instancesFromSenders`).
    var sendersInProgress: Set<Int> = []
    /// The file's calls of its own functions and methods (`callerTable()`), gathered once.
    var callerTableCache: [String: [CallerSite]]?
    /// Every message with arguments the file sends, by selector, and the selectors it names
    /// (`sendTable()`), gathered once.
    var sendTableCache: SendTable?
    /// The file-scope constants of the scan's other Objective-C files (`ObjCValueResolver+OtherFiles`);
    /// nil: the file is resolved alone.
    public var constants: ObjCScanConstants?
    /// Resolvers of the other files followed into, shared by every file a question passes through.
    var otherFiles = OtherFiles()
    /// Notes for `--verbose` gathered while answering (a name several files define differently).
    public internal(set) var notes: [Note] = []

    struct BoundCall: Hashable {
        let body: Int
        let arguments: [String: Resolution]
        /// The instances `self` is bound to (`Environment.instancesKey`).
        var instances = ""
        /// What is known of `self`'s state (`Environment.casesKey`).
        var cases = ""
    }

    /// Answers to the questions asked of this file, with the steps each took: several checks
    /// ask about the same argument (five read the dictionary of one `SecItemAdd`), and one built
    /// in steps from a library's options can take tens of thousands of dictionaries to follow.
    /// A question starts with no bindings, so an answer cut short by a cycle or the depth bound
    /// below it is cut the same way when asked again: kept too, as the Swift resolver keeps each
    /// question's answer (asking again made every check of a library's store follow its
    /// dictionary anew). Not kept: answers the step budget cut, which depend on what earlier
    /// questions spent.
    var answeredQuestions: [QuestionKey: (expression: ObjCExpr, answer: Resolution, steps: Int)] = [:]

    /// Evaluation steps of the current question (`maximumSteps`).
    var steps = 0

    /// Steps one question may take: generated code (thousands of `flags |= …` in one body) must
    /// end in bounded time; the gap says where the budget ran out.
    public static let maximumSteps = 20_000
    /// Steps all questions about one file may take together: generated code with thousands of
    /// calls, each asking to the budget of a question, must still end in bounded time (the Swift
    /// front end's `QuestionLedger` does the same per file).
    public static let maximumStepsPerFile = 1_000_000
    /// Steps of the questions answered so far.
    var fileSteps = 0
    /// The first question refused because the file's budget was spent (for the scan's note).
    public private(set) var budgetSpentAt: ObjCSourceRange?

    /// Earlier assignments of one local a question considers (the latest ones).
    public static let maximumAssignments = 256

    /// Nested evaluations one question may take (functions returning functions' values, locals
    /// assigned from locals): a bound for hostile code, far beyond what real code needs.
    public static let maximumDepth = 24

    public init(path: String, source: String, tree: ObjCSyntaxTree) {
        self.path = path
        self.tree = tree
        self.source = Array(source.utf8)
        let bodies = tree.bodies
        self.bodies = bodies
        var globals: [String: ObjCGlobalVariable] = [:]
        // The last declaration with a value wins: a definition, not the `extern` declaration of a
        // header included after it.
        for global in tree.globalVariables where global.declarator.initializer != nil || globals[global.name] == nil {
            globals[global.name] = global
        }
        self.globals = globals
        var macros: [String: ObjCMacroDefinition] = [:]
        for macro in tree.macros where macro.parameters == nil { macros[macro.name] = macro }
        self.macros = macros
        self.enumerators = Dictionary(tree.enumerators.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var functions: [String: ObjCBody] = [:]
        var methods: [String: [ObjCBody]] = [:]
        for body in bodies {
            switch body.owner {
            case .function(let name): functions[name] = body
            case .method(_, let selector, _): methods[selector, default: []].append(body)
            }
        }
        self.functions = functions
        self.methods = methods
    }

    struct Environment {
        var depth = 0
        /// Functions, methods and locals being evaluated (a cycle is a gap, not a hang).
        var visiting: Set<String> = []
        /// The values a call of this file passes to the parameters of the body being evaluated
        /// (`argumentsBody`, by its start): a helper's result is followed with its caller's
        /// arguments, not only where it does not depend on them.
        var arguments: [String: Resolution] = [:]
        var argumentsBody: Int?
        /// Which call's arguments are bound (0: none): answers about locals computed under them
        /// hold for that evaluation only (`scopedMemo`).
        var argumentsScope = 0
        /// The constructions `self` is in the instance method being evaluated, when a message
        /// followed from a known receiver bound them (`ObjCValueResolver+InstanceSelf`); nil: the
        /// method's own senders decide.
        /// Setting it (on a message followed to another instance, into a class method or a C
        /// function) also forgets `selfCases`, which spoke of the `self` before.
        var selfInstances: [InstanceSource]? { didSet { selfCases = [:] } }
        /// What the `switch`es around the message that led here say of `self`'s state, by subject
        /// key (`self.mode`): the method's own `switch (self.mode)` runs those cases only
        /// (`ObjCValueResolver+SubjectNarrowing`).
        var selfCases: [String: CaseNarrowing] = [:]
        /// Which narrowings are bound, for answers kept per call.
        var casesKey: String { selfCases.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ") }
        /// Which instances are bound, for answers kept per call.
        var instancesKey: String { selfInstances.map { $0.map(\.identity).joined(separator: ",") } ?? "" }

        func deeper(_ key: String? = nil) -> Environment {
            var next = self
            next.depth += 1
            if let key { next.visiting.insert(key) }
            return next
        }
    }

    /// Answers rules work out about this file and ask again (the facts of a class, gathered from
    /// the files that declare it), kept with the file: one file is analysed on one thread.
    private var rulesAnswers: [AnyHashable: Any] = [:]

    public func remember<Key: Hashable, Answer>(_ key: Key, _ compute: () -> Answer) -> Answer {
        // Looked up before the cast: a missing entry cast to an Optional answer would read as a
        // remembered nil.
        if let stored = rulesAnswers[AnyHashable(key)], let known = stored as? Answer { return known }
        let answer = compute()
        rulesAnswers[AnyHashable(key)] = answer
        return answer
    }

    /// The possible values of `expression`.
    public func resolve(_ expression: ObjCExpr) -> Resolution {
        fileSteps += steps
        steps = 0
        scopedMemo.removeAll(keepingCapacity: true)
        guard fileSteps <= Self.maximumStepsPerFile else {
            budgetSpentAt = budgetSpentAt ?? expression.range
            return gap(
                expression.range, "the file's analysis budget (\(Self.maximumStepsPerFile) steps) is spent: this value is not followed",
                kind: .stepBudget)
        }
        let key = QuestionKey(start: expression.range.start.offset, end: expression.range.end.offset)
        if let kept = answeredQuestions[key], kept.expression == expression {
            // Charged as if followed again, so the file's budget runs out where it did before.
            steps = kept.steps
            return kept.answer
        }
        let answer = answer(to: expression)
        if !answer.gaps.contains(where: { $0.kind == .stepBudget }) {
            answeredQuestions[key] = (expression, answer, steps)
        }
        return answer
    }

    /// Where an expression asked about lies in the file.
    struct QuestionKey: Hashable {
        let start: Int
        let end: Int
    }

    private func answer(to expression: ObjCExpr) -> Resolution {
        var answer = evaluate(expression, Environment())
        if answer.gaps.contains(Resolution.valueLimitGap) {
            // The bound on possible values is met somewhere below: said where the question was asked.
            answer = answer.replacing(Resolution.valueLimitGap, with: ResolutionGap(
                file: path, line: expression.range.start.line, column: characterColumn(expression.range.start),
                reason: Resolution.valueLimitGap.reason, kind: .searchLimit))
        }
        guard answer.gaps.contains(where: { $0.kind == .stepBudget }) else { return answer }
        // The budget is the question's, not a place's: said once, where the question was asked.
        var result = Resolution(values: answer.values, gaps: answer.gaps.filter { $0.kind != .stepBudget })
        result.add(ResolutionGap(
            file: path, line: expression.range.start.line, column: characterColumn(expression.range.start),
            reason: "the value takes more than \(Self.maximumSteps) steps to follow: values beyond them are not judged",
            kind: .stepBudget))
        return result
    }

    func remembered(_ key: String, scope: Int = 0, _ compute: () -> Resolution) -> Resolution {
        guard scope == 0 else {
            let scopedKey = "\(scope)|\(key)"
            if let known = scopedMemo[scopedKey] { return known }
            let answer = compute()
            if !answer.gaps.contains(where: { [.cycle, .depthLimit, .stepBudget].contains($0.kind) }) { scopedMemo[scopedKey] = answer }
            return answer
        }
        if let known = memo[key] { return known }
        let answer = compute()
        if !answer.gaps.contains(where: { [.cycle, .depthLimit, .stepBudget].contains($0.kind) }) { memo[key] = answer }
        return answer
    }

    /// Where a range lies, as findings and dictionary entries locate things.
    public func location(_ range: ObjCSourceRange) -> ValueLocation {
        ValueLocation(
            file: path, line: range.start.line, column: range.start.column,
            characterColumn: characterColumn(range.start), endLine: range.end.line, endColumn: range.end.column,
            endCharacterColumn: characterColumn(range.end))
    }

    /// The column in Unicode scalars (the byte column for ASCII lines).
    public func characterColumn(_ location: ObjCSourceLocation) -> Int {
        let lineStart = max(0, location.offset - (location.column - 1))
        let end = min(location.offset, source.count)
        guard lineStart < end else { return location.column }
        var scalars = 0
        for index in lineStart..<end where source[index] & 0xC0 != 0x80 { scalars += 1 }
        return scalars + 1
    }

    /// The source text of a range (for snippets and messages).
    public func text(_ range: ObjCSourceRange) -> String {
        let start = max(0, min(range.start.offset, source.count))
        let end = max(start, min(range.end.offset, source.count))
        return String(decoding: source[start..<end], as: UTF8.self)
    }

    func step(_ kind: TraceStep.Kind, _ text: String, at range: ObjCSourceRange) -> TraceStep {
        TraceStep(kind: kind, text: text, file: path, line: range.start.line, column: characterColumn(range.start))
    }

    func gap(_ range: ObjCSourceRange, _ reason: String, kind: ResolutionGap.Kind = .unknown) -> Resolution {
        .gap(ResolutionGap(file: path, line: range.start.line, column: characterColumn(range.start), reason: reason, kind: kind))
    }

    // MARK: - Expressions

    func evaluate(_ expression: ObjCExpr, _ env: Environment) -> Resolution {
        guard env.depth < Self.maximumDepth else {
            return gap(expression.range, "nested too deeply to follow", kind: .depthLimit)
        }
        steps += 1
        guard steps <= Self.maximumSteps else {
            return gap(expression.range, "the value takes more than \(Self.maximumSteps) steps to follow", kind: .stepBudget)
        }
        switch expression.kind {
        case .parenthesized(let inner), .boxed(let inner):
            return evaluate(inner, env.deeper())
        case .cast(let cast) where cast.type.baseName == "SecAccessControlCreateFlags":
            return readingConstantsAsNumbers(evaluate(cast.operand, env.deeper()), at: expression.range, env)
        case .cast(let cast):
            return evaluate(cast.operand, env.deeper())
        case .identifier(let name):
            return evaluateName(name, at: expression, env)
        case .integerLiteral(let spelling):
            guard let number = Self.integer(spelling) else { return gap(expression.range, "`\(spelling)` is not a number the resolver reads") }
            return .value(.integer(number))
        case .objcNumber(let spelling):
            if let number = Self.integer(spelling) { return .value(.integer(number)) }
            return .value(.opaque("@" + spelling))
        case .objcBool(let flag):
            return .value(.bool(flag))
        case .stringLiteral(let literal):
            return .value(.string(literal.value))
        case .floatingLiteral(let spelling):
            // `60.0` (an `NSTimeInterval`): a whole number is kept as an integer, as the Swift
            // resolver does; fractions are not modelled.
            guard let number = Self.wholeNumber(spelling) else {
                return gap(expression.range, "floating-point literal `\(spelling)` is not a whole number")
            }
            return .value(.integer(number))
        case .prefix(.minus, let operand):
            return arithmetic([operand], at: expression, env) { values in
                guard case .integer(let number) = values[0] else { return nil }
                return .integer(0 &- number)
            }
        case .binary(let operation, let left, let right) where [.add, .subtract, .multiply].contains(operation):
            // `2 * 60`: integers only, as the Swift resolver follows `*`, `-` and `+`.
            return arithmetic([left, right], at: expression, env) { values in
                guard case .integer(let a) = values[0], case .integer(let b) = values[1] else { return nil }
                switch operation {
                case .add: return .integer(a &+ b)
                case .subtract: return .integer(a &- b)
                default: return .integer(a &* b)
                }
            }
        case .binary(.shiftLeft, let left, let right):
            // `1 << 3`: how option constants are written (`NS_OPTIONS` bodies).
            return arithmetic([left, right], at: expression, env) { values in
                guard case .integer(let a) = values[0], case .integer(let b) = values[1], b >= 0, b < 63 else { return nil }
                return .integer(a << b)
            }
        case .binary(.bitwiseOr, let left, let right):
            return flags(left, right, env)
        case .conditional(let condition, let thenBranch, let elseBranch):
            let conditionText = text(condition.range)
            // A side the condition's known values never choose gives nothing (`BranchFeasibility`).
            let truth = body(containing: expression.range.start.offset).flatMap { knownTruth(of: condition, in: $0, env) }
            var result = Resolution()
            if truth?.contains(true) ?? true {
                result = evaluate(thenBranch ?? condition, env.deeper())
                    .through(step(.branch, "if `\(conditionText)`", at: (thenBranch ?? condition).range))
            }
            if truth?.contains(false) ?? true {
                result = result.merging(
                    evaluate(elseBranch, env.deeper()).through(step(.branch, "else of `\(conditionText)`", at: elseBranch.range)))
            }
            return result
        case .dictionary(let entries):
            return dictionary(entries.map { ($0.key, $0.value, $0.range) }, env)
        case .characterLiteral(let spelling):
            guard let code = Self.character(spelling) else { return gap(expression.range, "`\(spelling)` is not a character the resolver reads") }
            return .value(.integer(code))
        case .array(let items), .initializerList(let items):
            // `@[a, b]`, and `{0x31, 0x32}` initializing a C array (a byte array's content).
            let parts = items.map { part($0, env) }
            let combined = Resolution.combinations(parts)
            var result = Resolution(gaps: combined.gaps)
            for (values, trace) in combined.values { result.add(TracedValue(value: .array(values), trace: trace)) }
            return result
        case .call(let call):
            return functionCall(call, at: expression, env)
        case .message(let message):
            return messageSend(message, at: expression, env)
        case .subscript(let base, let index):
            return lookup(base, index, at: expression, env)
        case .member(let base, let name, _) where base.strippingCastsAndParentheses.identifierName == "self":
            // Inside a case of a `switch` over it, only that case's values (`+SubjectNarrowing`).
            return instanceState(name, at: expression, in: body(containing: expression.range.start.offset), env)
                .map { narrowedAsSubject($0, expression, env) }
                ?? gap(expression.range, "`\(Self.shortText(text(expression.range)))` is not stored in this file's methods")
        case .member(let base, let name, _):
            // `vault.flags` on an instance whose construction is known (`+InstanceSelf`).
            return instanceState(name, on: base, env)
                ?? gap(expression.range, "`\(Self.shortText(text(expression.range)))` is not followed")
        default:
            return gap(expression.range, "`\(Self.shortText(text(expression.range)))` is not followed")
        }
    }

    /// `a | b | c`: the flags of both sides together (an `.array` of flags, as Swift writes an
    /// option set), or the integer when both sides are numbers.
    func flags(_ left: ObjCExpr, _ right: ObjCExpr, _ env: Environment) -> Resolution {
        let combined = Resolution.combinations([evaluate(left, env.deeper()), evaluate(right, env.deeper())])
        var result = Resolution(gaps: combined.gaps)
        for (values, trace) in combined.values {
            if case .integer(let a) = values[0], case .integer(let b) = values[1] {
                result.add(TracedValue(value: .integer(a | b), trace: trace))
            } else {
                result.add(TracedValue(value: .array(values.flatMap(Self.flagParts)), trace: trace))
            }
        }
        return result
    }

    /// Integer arithmetic on the operands' values; a combination `combine` cannot compute is a gap.
    func arithmetic(
        _ operands: [ObjCExpr], at expression: ObjCExpr, _ env: Environment, combine: ([Value]) -> Value?
    ) -> Resolution {
        let combined = Resolution.combinations(operands.map { evaluate($0, env.deeper()) })
        var result = Resolution(gaps: combined.gaps)
        var unknown = false
        for (values, trace) in combined.values {
            if let value = combine(values) { result.add(TracedValue(value: value, trace: trace)) } else { unknown = true }
        }
        if unknown || result.isEmpty && result.gaps.isEmpty {
            for gap in gap(expression.range, "operands of `\(Self.shortText(text(expression.range)))` are not known integers").gaps {
                result.add(gap)
            }
        }
        return result
    }

    /// `60.0`, `1e2`, `300.f`: the integer a whole-number literal is, nil for a fraction.
    static func wholeNumber(_ spelling: String) -> Int? {
        var digits = spelling.lowercased()
        if !digits.hasPrefix("0x") {
            while let last = digits.last, "fl".contains(last) { digits.removeLast() }
        }
        guard let number = Double(digits), number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    static func flagParts(_ value: Value) -> [Value] {
        if case .array(let elements) = value { return elements }
        return [value]
    }

    /// A part of a literal (a dictionary's key or value, an array's element): its values, or an
    /// opaque value standing for it when it has none, so that what is known of the literal
    /// (`kSecAttrAccessible` beside a `kSecValueData` parameter) is still judged.
    func part(_ expression: ObjCExpr, _ env: Environment) -> Resolution {
        let resolution = evaluate(expression, env.deeper())
        guard resolution.values.isEmpty else { return resolution }
        var opaque = Resolution.value(.opaque(Self.shortText(text(expression.range))))
        for gap in resolution.gaps { opaque.add(gap) }
        return opaque
    }

    func dictionary(_ entries: [(key: ObjCExpr, value: ObjCExpr, range: ObjCSourceRange)], _ env: Environment) -> Resolution {
        var parts: [Resolution] = []
        for entry in entries {
            parts.append(part(entry.key, env))
            parts.append(part(entry.value, env))
        }
        let combined = Resolution.tracedCombinations(parts)
        var result = Resolution(gaps: combined.gaps)
        for values in combined.values {
            var built: [DictionaryEntry] = []
            for (position, entry) in entries.enumerated() {
                built.append(DictionaryEntry(
                    key: values[2 * position].value, value: values[2 * position + 1].value, location: location(entry.range),
                    valueLocation: location(entry.value.range), libraryOption: TraceStep.libraryOption(in: values[2 * position + 1].trace)))
            }
            result.add(TracedValue(value: .dictionary(built), trace: values.flatMap(\.trace)))
        }
        return result
    }

    /// `table[key]` on a dictionary the resolver knows: the entry's value when the key is known
    /// and present; any of its values when the key is not known (a lookup table mapping options
    /// to constants: each constant may come out). A known key that is absent gives nil.
    func lookup(_ base: ObjCExpr, _ index: ObjCExpr, at expression: ObjCExpr, _ env: Environment) -> Resolution {
        let tables = evaluate(base, env.deeper())
        let keys = evaluate(index, env.deeper())
        var result = Resolution()
        let baseText = Self.shortText(text(base.range))
        for table in tables.values {
            guard case .dictionary(let entries) = table.value else {
                result.add(ResolutionGap(file: path, line: expression.range.start.line, column: characterColumn(expression.range.start),
                                         reason: "`\(baseText)` is not a dictionary the resolver knows"))
                continue
            }
            // A key that is not known, or whose value cannot be compared with an entry's key (the
            // result of a function the scan does not define), may select any entry, as in Swift.
            let anyKey = !keys.gaps.isEmpty || keys.values.contains { Self.isIncomparableKey($0.value) }
            let known = anyKey ? [] : keys.values.map(\.value)
            for entry in entries {
                if !known.isEmpty, !known.contains(where: { SecItemKeys.sameKey($0, entry.key) }) { continue }
                let at = entry.valueLocation.map { TraceStep(kind: .variable, text: "`\(baseText)[\(entry.key)]`", file: $0.file, line: $0.line, column: $0.characterColumn) }
                // A key only a library's users choose (`LibraryOptions`) selects this entry: the
                // entry is their choice too, which a check pairing two values must know.
                let chosen = anyKey ? nil : keys.values.lazy.filter { SecItemKeys.sameKey($0.value, entry.key) }
                    .compactMap { TraceStep.libraryOption(in: $0.trace) }.first
                let traced = TracedValue(value: entry.value, trace: table.trace + (at.map { [$0] } ?? []) + (chosen.map { [$0] } ?? []))
                result.add(traced)
            }
        }
        for gap in tables.gaps { result.add(gap) }
        if result.isEmpty { return gap(expression.range, "`\(Self.shortText(text(expression.range)))` has no value the resolver can follow") }
        return result
    }

    /// A key value a lookup cannot compare with an entry's key.
    static func isIncomparableKey(_ value: Value) -> Bool {
        switch value {
        case .opaque, .call: true
        default: false
        }
    }

    // MARK: - Helpers

    /// The function or method body around `offset`.
    public func body(containing offset: Int) -> ObjCBody? {
        bodies.first { $0.body.range.start.offset <= offset && offset < $0.body.range.end.offset }
    }

    var pathCache: [Int: BranchPath] = [:]
    /// Whether a `switch` or `if` may store into a subject it narrows, by its start and the
    /// subject (`+SubjectNarrowing`).
    var subjectStoresCache: [String: Bool] = [:]

    /// Where `offset` lies among the body's branches (kept: asked for each assignment by every
    /// use of its local).
    func branchPath(_ offset: Int, in body: ObjCBody) -> BranchPath {
        if let known = pathCache[offset] { return known }
        let path = BranchPath.to(offset, in: body.body).appending(preprocessorBranches: tree.preprocessorBranches(at: offset))
        pathCache[offset] = path
        return path
    }

    var bindingsByName: [Int: [String: [ObjCLocalBinding]]] = [:]

    /// The declarations of and assignments to `name` in `body`, in source order.
    public func bindings(of name: String, in body: ObjCBody) -> [ObjCLocalBinding] {
        let key = body.range.start.offset
        if let table = bindingsByName[key] { return table[name] ?? [] }
        var table: [String: [ObjCLocalBinding]] = [:]
        for binding in bindings(in: body) {
            if let bound = binding.name { table[bound, default: []].append(binding) }
        }
        bindingsByName[key] = table
        return table[name] ?? []
    }

    func bindings(in body: ObjCBody) -> [ObjCLocalBinding] {
        let key = body.range.start.offset
        if let cached = bindingCache[key] { return cached }
        let computed = body.localBindings
        bindingCache[key] = computed
        return computed
    }

    /// `'1'` (49), `'\n'`, `'\0'`, `'\x31'`: the code of a one-character literal.
    static func character(_ spelling: String) -> Int? {
        guard spelling.count >= 3, spelling.hasPrefix("'"), spelling.hasSuffix("'") else { return nil }
        let inner = Array(spelling.unicodeScalars.dropFirst().dropLast())
        if inner.count == 1 { return inner[0] == "\\" ? nil : Int(inner[0].value) }
        guard inner.first == "\\", inner.count >= 2 else { return nil }
        let escape = String(String.UnicodeScalarView(inner.dropFirst()))
        switch escape {
        case "n": return 10
        case "t": return 9
        case "r": return 13
        case "\\": return 92
        case "'": return 39
        case "\"": return 34
        default:
            if escape.hasPrefix("x") { return Int(escape.dropFirst(), radix: 16) }
            return Int(escape, radix: 8)
        }
    }

    /// `0x10`, `42u`, `1UL`, `010` (octal), `0b11`.
    static func integer(_ spelling: String) -> Int? {
        var digits = spelling.lowercased()
        while let last = digits.last, "ul".contains(last) { digits.removeLast() }
        if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16) }
        if digits.hasPrefix("0b") { return Int(digits.dropFirst(2), radix: 2) }
        if digits.count > 1, digits.hasPrefix("0") { return Int(digits.dropFirst(), radix: 8) }
        return Int(digits)
    }

    /// Source text on one line, at most 60 characters (for messages and fingerprints).
    public static func shortText(_ text: String) -> String {
        let single = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return single.count > 60 ? String(single.prefix(57)) + "…" : single
    }
}
