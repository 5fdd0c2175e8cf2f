import KeychainLintModel

/// The Objective-C front end's value resolver: the possible values of an expression of one file,
/// as the language-neutral `Value`s every rule judges (the same model the Swift front end fills).
///
/// It follows what Keychain code in Objective-C does within a file: literals, `@{…}` and
/// `dictionaryWithObjectsAndKeys:` dictionaries, `NSMutableDictionary`s built in steps
/// (`setObject:forKey:`, `query[key] = …`, `CFDictionaryAddValue`/`SetValue`), casts (bridged
/// or not), `|` flag expressions and `|=`, locals through branches (an assignment replaces an
/// earlier one only when it runs on every path between them), `static`/global constants,
/// `#define` constants, and C functions and methods of the file whose value comes from their
/// `return`s. Anything else (parameters, properties, other files, unknown messages) is a gap:
/// rules act only on values, and `--verbose` shows the gaps.
///
/// Answers are per file: Objective-C code rarely hands a Keychain value across files in ways a
/// static reader can follow (categories, headers), and staying within the file keeps the front
/// end as cheap per line as the Swift one.
public final class ObjCValueResolver {
    public let path: String
    public let tree: ObjCSyntaxTree
    private let bodies: [ObjCBody]
    private var bindingCache: [Int: [ObjCLocalBinding]] = [:]
    private var stepCache: [Int: [DictionaryStep]] = [:]
    private let globals: [String: ObjCGlobalVariable]
    private let macros: [String: ObjCMacroDefinition]
    private let functions: [String: ObjCBody]
    private let methods: [String: [ObjCBody]]
    /// Text of each line, for columns in characters (findings count characters, not bytes).
    private let source: [UInt8]

    /// Answers about locals and function results, kept for the file (the same local is asked
    /// about by every rule and every use that reaches it). Answers cut by a cycle, the depth
    /// limit or the step budget depend on the question and are not kept.
    private var memo: [String: Resolution] = [:]
    /// Evaluation steps of the current question (`maximumSteps`).
    private var steps = 0

    /// Steps one question may take: generated code (thousands of `flags |= …` in one body) must
    /// end in bounded time; the gap says where the budget ran out.
    public static let maximumSteps = 20_000
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
        for global in tree.globalVariables { globals[global.name] = global }
        self.globals = globals
        var macros: [String: ObjCMacroDefinition] = [:]
        for macro in tree.macros where macro.parameters == nil { macros[macro.name] = macro }
        self.macros = macros
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

    private struct Environment {
        var depth = 0
        /// Functions, methods and locals being evaluated (a cycle is a gap, not a hang).
        var visiting: Set<String> = []

        func deeper(_ key: String? = nil) -> Environment {
            var next = self
            next.depth += 1
            if let key { next.visiting.insert(key) }
            return next
        }
    }

    /// The possible values of `expression`.
    public func resolve(_ expression: ObjCExpr) -> Resolution {
        steps = 0
        let answer = evaluate(expression, Environment())
        guard answer.gaps.contains(where: { $0.kind == .stepBudget }) else { return answer }
        // The budget is the question's, not a place's: said once, where the question was asked.
        var result = Resolution(values: answer.values, gaps: answer.gaps.filter { $0.kind != .stepBudget })
        result.add(ResolutionGap(
            file: path, line: expression.range.start.line, column: characterColumn(expression.range.start),
            reason: "the value takes more than \(Self.maximumSteps) steps to follow: values beyond them are not judged",
            kind: .stepBudget))
        return result
    }

    private func remembered(_ key: String, _ compute: () -> Resolution) -> Resolution {
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

    private func evaluate(_ expression: ObjCExpr, _ env: Environment) -> Resolution {
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
        case .binary(.bitwiseOr, let left, let right):
            return flags(left, right, env)
        case .conditional(let condition, let thenBranch, let elseBranch):
            let conditionText = text(condition.range)
            let first = evaluate(thenBranch ?? condition, env.deeper())
                .through(step(.branch, "if `\(conditionText)`", at: (thenBranch ?? condition).range))
            let second = evaluate(elseBranch, env.deeper()).through(step(.branch, "else of `\(conditionText)`", at: elseBranch.range))
            return first.merging(second)
        case .dictionary(let entries):
            return dictionary(entries.map { ($0.key, $0.value, $0.range) }, env)
        case .array(let items):
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
        default:
            return gap(expression.range, "`\(Self.shortText(text(expression.range)))` is not followed")
        }
    }

    /// `a | b | c`: the flags of both sides together (an `.array` of flags, as Swift writes an
    /// option set), or the integer when both sides are numbers.
    private func flags(_ left: ObjCExpr, _ right: ObjCExpr, _ env: Environment) -> Resolution {
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
    private func arithmetic(
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

    private static func flagParts(_ value: Value) -> [Value] {
        if case .array(let elements) = value { return elements }
        return [value]
    }

    /// A part of a literal (a dictionary's key or value, an array's element): its values, or an
    /// opaque value standing for it when it has none, so that what is known of the literal
    /// (`kSecAttrAccessible` beside a `kSecValueData` parameter) is still judged.
    private func part(_ expression: ObjCExpr, _ env: Environment) -> Resolution {
        let resolution = evaluate(expression, env.deeper())
        guard resolution.values.isEmpty else { return resolution }
        var opaque = Resolution.value(.opaque(Self.shortText(text(expression.range))))
        for gap in resolution.gaps { opaque.add(gap) }
        return opaque
    }

    private func dictionary(_ entries: [(key: ObjCExpr, value: ObjCExpr, range: ObjCSourceRange)], _ env: Environment) -> Resolution {
        var parts: [Resolution] = []
        for entry in entries {
            parts.append(part(entry.key, env))
            parts.append(part(entry.value, env))
        }
        let combined = Resolution.combinations(parts)
        var result = Resolution(gaps: combined.gaps)
        for (values, trace) in combined.values {
            var built: [DictionaryEntry] = []
            for (position, entry) in entries.enumerated() {
                built.append(DictionaryEntry(
                    key: values[2 * position], value: values[2 * position + 1], location: location(entry.range),
                    valueLocation: location(entry.value.range)))
            }
            result.add(TracedValue(value: .dictionary(built), trace: trace))
        }
        return result
    }

    /// `table[key]` on a dictionary the resolver knows: the entry's value when the key is known
    /// and present; any of its values when the key is not known (a lookup table mapping options
    /// to constants: each constant may come out). A known key that is absent gives nil.
    private func lookup(_ base: ObjCExpr, _ index: ObjCExpr, at expression: ObjCExpr, _ env: Environment) -> Resolution {
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
            let known = keys.gaps.isEmpty ? keys.values.map(\.value) : []
            for entry in entries {
                if !known.isEmpty, !known.contains(where: { SecItemKeys.sameKey($0, entry.key) }) { continue }
                let at = entry.valueLocation.map { TraceStep(kind: .variable, text: "`\(baseText)[\(entry.key)]`", file: $0.file, line: $0.line, column: $0.characterColumn) }
                let traced = TracedValue(value: entry.value, trace: table.trace + (at.map { [$0] } ?? []))
                result.add(traced)
            }
        }
        for gap in tables.gaps { result.add(gap) }
        if result.isEmpty { return gap(expression.range, "`\(Self.shortText(text(expression.range)))` has no value the resolver can follow") }
        return result
    }

    // MARK: - Names

    private func evaluateName(_ name: String, at use: ObjCExpr, _ env: Environment) -> Resolution {
        switch name {
        case "YES", "true", "TRUE": return .value(.bool(true))
        case "NO", "false", "FALSE": return .value(.bool(false))
        case "nil", "NULL", "Nil": return .value(.null)
        case "self", "super": return gap(use.range, "`\(name)` is not a known value here")
        default: break
        }
        let offset = use.range.start.offset
        if let body = body(containing: offset) {
            let bound = bindings(of: name, in: body)
            if body.parameterNames.contains(name), bound.allSatisfy({ $0.range.start.offset >= offset }) {
                return gap(use.range, "`\(name)` is a parameter of \(body.owner): its callers are not followed")
            }
            if bound.contains(where: { $0.range.start.offset < offset }) {
                return local(name, in: body, before: offset, use: use.range, env)
            }
        }
        if let global = globals[name] {
            guard !env.visiting.contains("global " + name) else { return gap(use.range, "`\(name)` refers to itself", kind: .cycle) }
            guard let initializer = global.declarator.initializer else {
                return gap(use.range, "`\(name)` is declared without a value in this file")
            }
            return evaluate(initializer, env.deeper("global " + name)).through(step(.variable, "`\(name)`", at: global.declarator.nameRange))
        }
        if let macro = macros[name] {
            guard !env.visiting.contains("macro " + name) else { return gap(use.range, "`\(name)` refers to itself", kind: .cycle) }
            guard let value = macro.value else { return gap(use.range, "the macro `\(name)` is not an expression") }
            return evaluate(value, env.deeper("macro " + name)).through(step(.variable, "`\(name)`", at: macro.nameRange))
        }
        // Declared outside the file: an SDK constant (`kSecAttrAccessibleAlways`) or a symbol of
        // another file; rules act only on the names they know.
        return .value(.symbol(name))
    }

    /// A local's values at `offset`: the assignments that may be the last ones to run before it.
    private func local(_ name: String, in body: ObjCBody, before offset: Int, use: ObjCSourceRange, _ env: Environment) -> Resolution {
        let key = "local \(name)@\(offset)"
        guard !env.visiting.contains(key) else { return gap(use, "`\(name)` depends on itself", kind: .cycle) }
        guard env.depth < Self.maximumDepth else { return gap(use, "nested too deeply to follow", kind: .depthLimit) }
        // `x |= …` reads `x` before it without going through `evaluate`: the budget is counted here too.
        steps += 1
        guard steps <= Self.maximumSteps else {
            return gap(use, "the value takes more than \(Self.maximumSteps) steps to follow", kind: .stepBudget)
        }
        return remembered(key) { localValues(name, in: body, before: offset, use: use, env.deeper(key)) }
    }

    private func localValues(_ name: String, in body: ObjCBody, before offset: Int, use: ObjCSourceRange, _ inner: Environment) -> Resolution {
        let all = bindings(of: name, in: body)
        // The bindings are in source order: those before `offset` are a prefix.
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].range.start.offset < offset { low = middle + 1 } else { high = middle }
        }
        var candidates = all[..<low].filter { !Self.isCompoundOtherThanOr($0) }
        var cut: Resolution?
        if candidates.count > Self.maximumAssignments {
            candidates = Array(candidates.suffix(Self.maximumAssignments))
            cut = gap(use, "`\(name)` is assigned more than \(Self.maximumAssignments) times before this use: only the latest are followed", kind: .searchLimit)
        }
        let usePath = branchPath(offset, in: body)
        // From the latest assignment back: one replaces the earlier ones whose path it lies on,
        // when it lies on the use's path too (distinct replacing paths are few).
        var replacing: [BranchPath] = []
        var reaching: [ObjCLocalBinding] = []
        for binding in candidates.reversed() {
            let path = branchPath(binding.range.start.offset, in: body)
            if replacing.contains(where: { $0.isPrefix(of: path) }) { continue }
            reaching.append(binding)
            if Self.replaces(binding), path.isPrefix(of: usePath), !replacing.contains(path) { replacing.append(path) }
        }
        var result = Resolution()
        for binding in reaching.reversed() {
            result = result.merging(bindingValue(binding, name: name, in: body, use: offset, env: inner))
        }
        if let cut { result = result.merging(cut) }
        if result.isEmpty { return gap(use, "`\(name)` has no value the resolver can follow here") }
        return result
    }

    /// `x = …` and declarations with a value replace what `x` held; `x |= …` builds on it.
    private static func replaces(_ binding: ObjCLocalBinding) -> Bool {
        switch binding.kind {
        case .declaration(let declarator, _): return declarator.initializer != nil
        case .assignment(let operation, _, _): return operation == .assign
        }
    }

    private static func isCompoundOtherThanOr(_ binding: ObjCLocalBinding) -> Bool {
        if case .assignment(let operation, _, _) = binding.kind { return operation != .assign && operation != .bitwiseOr }
        return false
    }

    private func bindingValue(_ binding: ObjCLocalBinding, name: String, in body: ObjCBody, use: Int, env: Environment) -> Resolution {
        switch binding.kind {
        case .declaration(let declarator, _):
            guard let initializer = declarator.initializer else {
                return gap(binding.range, "`\(name)` is declared without a value")
            }
            let value = evaluate(initializer, env).through(step(.variable, "`\(name)`", at: declarator.nameRange))
            return applyingDictionarySteps(value, to: name, in: body, after: binding.range.end.offset, before: use, env)
        case .assignment(let operation, _, let assigned):
            var value = evaluate(assigned, env)
            if operation == .bitwiseOr {
                // `flags |= kSecAccessControlOr`: what `flags` held there, with these flags.
                let before = local(name, in: body, before: binding.range.start.offset, use: binding.range, env)
                let combined = Resolution.combinations([before, value])
                value = Resolution(gaps: combined.gaps)
                for (values, trace) in combined.values {
                    value.add(TracedValue(value: .array(values.flatMap(Self.flagParts)), trace: trace))
                }
            }
            value = value.through(step(.assignment, "assigned", at: binding.range))
            return applyingDictionarySteps(value, to: name, in: body, after: binding.range.end.offset, before: use, env)
        }
    }

    // MARK: - Mutable dictionaries built in steps

    private struct DictionaryStep {
        enum Kind { case set(key: ObjCExpr, value: ObjCExpr), remove(key: ObjCExpr), merge(ObjCExpr) }
        var target: String
        var kind: Kind
        var range: ObjCSourceRange
    }

    /// `[query setObject:v forKey:k]` and the like after the dictionary's binding and before the
    /// use. A step on every path to the use changes every value; a step in a branch gives each
    /// value with and without it, except a value that took a step in another alternative of the
    /// same `if`/`else` or `switch` (the two never run in one pass: `kSecAttrAccessControl` set in
    /// the `if` and `kSecAttrAccessible` in the `else` are never in one dictionary).
    private func applyingDictionarySteps(
        _ resolution: Resolution, to name: String, in body: ObjCBody, after start: Int, before use: Int, _ env: Environment
    ) -> Resolution {
        guard resolution.values.contains(where: { if case .dictionary = $0.value { true } else { false } }) else { return resolution }
        let steps = dictionarySteps(in: body).filter { $0.target == name && $0.range.start.offset >= start && $0.range.start.offset < use }
        guard !steps.isEmpty else { return resolution }
        let usePath = branchPath(use, in: body)
        let bindingPath = branchPath(start, in: body)
        // The values so far, grouped by the branch steps each one took.
        var groups: [(taken: [BranchPath], values: Resolution)] = [([], Resolution(values: resolution.values))]
        var result = Resolution(gaps: resolution.gaps)
        for dictionaryStep in steps {
            let path = branchPath(dictionaryStep.range.start.offset, in: body)
            let always = path.isPrefix(of: usePath) && path.isPrefix(of: bindingPath) || path == bindingPath && path.isPrefix(of: usePath)
            let trace = step(.assignment, "`\(name)` \(Self.verb(dictionaryStep.kind))", at: dictionaryStep.range)
            let apply = stepApplication(dictionaryStep, trace: trace, gaps: &result, env)
            var next = always ? [] : groups
            var valueCount = next.reduce(0) { $0 + $1.values.values.count }
            for group in groups {
                if !always && group.taken.contains(where: { $0.excludes(path) }) { continue }
                let stepped = apply(group.values)
                valueCount += stepped.values.count
                guard always || valueCount <= Resolution.maximumValues else {
                    result.add(Resolution.valueLimitGap)
                    break
                }
                next.append((always ? group.taken : group.taken + [path], stepped))
            }
            groups = next
        }
        // Without each branch step before with it, as the steps come.
        for group in groups { result = result.merging(group.values) }
        return result
    }

    /// What one step makes of each value (values that are not dictionaries pass unchanged); the
    /// step's own gaps go to `gaps`.
    private func stepApplication(
        _ dictionaryStep: DictionaryStep, trace: TraceStep, gaps: inout Resolution, _ env: Environment
    ) -> (Resolution) -> Resolution {
        switch dictionaryStep.kind {
        case .set(let keyExpression, let valueExpression):
            let parts = Resolution.combinations([part(keyExpression, env), part(valueExpression, env)])
            for gap in parts.gaps { gaps.add(gap) }
            let entryLocation = location(dictionaryStep.range)
            let valueLocation = location(valueExpression.range)
            return { current in
                var next = Resolution()
                for traced in current.values {
                    guard case .dictionary(let entries) = traced.value else { next.add(traced); continue }
                    for (values, _) in parts.values {
                        var updated = entries.filter { !SecItemKeys.sameKey($0.key, values[0]) }
                        updated.append(DictionaryEntry(key: values[0], value: values[1], location: entryLocation, valueLocation: valueLocation))
                        next.add(TracedValue(value: .dictionary(updated), trace: traced.trace + [trace]))
                    }
                }
                return next
            }
        case .remove(let keyExpression):
            let keys = evaluate(keyExpression, env.deeper())
            return { current in
                var next = Resolution()
                for traced in current.values {
                    guard case .dictionary(let entries) = traced.value else { next.add(traced); continue }
                    for key in keys.values {
                        next.add(TracedValue(value: .dictionary(entries.filter { !SecItemKeys.sameKey($0.key, key.value) }), trace: traced.trace + [trace]))
                    }
                }
                return next
            }
        case .merge(let other):
            let merged = evaluate(other, env.deeper())
            for gap in merged.gaps { gaps.add(gap) }
            return { current in
                var next = Resolution()
                for traced in current.values {
                    guard case .dictionary(let entries) = traced.value else { next.add(traced); continue }
                    for addition in merged.values {
                        guard case .dictionary(let added) = addition.value else { continue }
                        let kept = entries.filter { entry in !added.contains { SecItemKeys.sameKey($0.key, entry.key) } }
                        next.add(TracedValue(value: .dictionary(kept + added), trace: traced.trace + [trace]))
                    }
                }
                return next
            }
        }
    }

    private static func verb(_ kind: DictionaryStep.Kind) -> String {
        switch kind {
        case .set: "set"
        case .remove: "removed from"
        case .merge: "merged"
        }
    }

    private func dictionarySteps(in body: ObjCBody) -> [DictionaryStep] {
        let key = body.range.start.offset
        if let cached = stepCache[key] { return cached }
        var steps: [DictionaryStep] = []
        body.body.walk(ObjCVisitor(expression: { expression, _ in
            switch expression.kind {
            case .message(let message):
                guard let target = message.receiver.strippingCastsAndParentheses.identifierName else { return }
                let arguments = message.pieces.compactMap(\.argument)
                switch message.selector {
                case "setObject:forKey:", "setValue:forKey:", "setObject:forKeyedSubscript:":
                    steps.append(DictionaryStep(target: target, kind: .set(key: arguments[1], value: arguments[0]), range: expression.range))
                case "removeObjectForKey:":
                    steps.append(DictionaryStep(target: target, kind: .remove(key: arguments[0]), range: expression.range))
                case "addEntriesFromDictionary:":
                    steps.append(DictionaryStep(target: target, kind: .merge(arguments[0]), range: expression.range))
                default:
                    return
                }
            case .call(let call):
                guard let name = call.calleeName, ["CFDictionaryAddValue", "CFDictionarySetValue", "CFDictionaryReplaceValue", "CFDictionaryRemoveValue"].contains(name),
                      let target = call.arguments.first?.strippingCastsAndParentheses.identifierName
                else { return }
                if name == "CFDictionaryRemoveValue", call.arguments.count == 2 {
                    steps.append(DictionaryStep(target: target, kind: .remove(key: call.arguments[1]), range: expression.range))
                } else if call.arguments.count == 3 {
                    steps.append(DictionaryStep(target: target, kind: .set(key: call.arguments[1], value: call.arguments[2]), range: expression.range))
                }
            case .assignment(.assign, let target, let value):
                guard case .subscript(let base, let index) = target.kind,
                      let name = base.strippingCastsAndParentheses.identifierName else { return }
                steps.append(DictionaryStep(target: name, kind: .set(key: index, value: value), range: expression.range))
            default:
                return
            }
        }), owner: body.owner)
        stepCache[key] = steps
        return steps
    }

    // MARK: - Calls

    private static let emptyDictionaryMakers: Set<String> = ["dictionary", "new", "init", "dictionaryWithCapacity:", "initWithCapacity:"]
    private static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]

    private func messageSend(_ message: ObjCMessageSend, at expression: ObjCExpr, _ env: Environment) -> Resolution {
        let selector = message.selector
        let arguments = message.pieces.compactMap(\.argument) + message.variadicArguments
        if let className = message.receiverClassName, Self.dictionaryClasses.contains(className) {
            switch selector {
            case "dictionaryWithObjectsAndKeys:":
                // value, key, value, key, …, nil
                var pairs: [(key: ObjCExpr, value: ObjCExpr, range: ObjCSourceRange)] = []
                var index = 0
                while index + 1 < arguments.count {
                    pairs.append((arguments[index + 1], arguments[index], arguments[index].range.extended(to: arguments[index + 1].range)))
                    index += 2
                }
                return dictionary(pairs, env)
            case "dictionaryWithDictionary:":
                return evaluate(arguments[0], env.deeper())
            case _ where Self.emptyDictionaryMakers.contains(selector):
                return .value(.dictionary([]))
            default:
                break
            }
        }
        // `[[NSMutableDictionary alloc] init]`, `[d mutableCopy]`.
        if Self.emptyDictionaryMakers.contains(selector), case .message(let inner) = message.receiver.strippingCastsAndParentheses.kind,
           inner.selector == "alloc", let className = inner.receiverClassName, Self.dictionaryClasses.contains(className) {
            return .value(.dictionary([]))
        }
        if ["mutableCopy", "copy"].contains(selector) || selector == "initWithDictionary:" {
            return evaluate(selector == "initWithDictionary:" ? arguments[0] : message.receiver, env.deeper())
        }
        // A method of this file sent to `self` or to its class: the values it returns.
        if message.receiver.identifierName == "self" || message.receiverClassName != nil, let candidates = methods[selector], candidates.count == 1,
           candidates[0].parameterNames.isEmpty {
            return returns(of: candidates[0], called: "`\(selector)`", at: expression, env)
        }
        // Something else: a call value the rules may recognise (`[@"1234" dataUsingEncoding:…]`).
        var parts = [evaluate(message.receiver, env.deeper())]
        parts += message.pieces.compactMap(\.argument).map { evaluate($0, env.deeper()) }
        let combined = Resolution.combinations(parts)
        var result = Resolution(gaps: [])
        let labels = message.pieces.compactMap { $0.argument == nil ? nil : $0.label }
        let name = message.pieces.first?.label ?? selector
        for (values, trace) in combined.values {
            let receiver = message.receiverClassName.map { Value.symbol($0) } ?? values[0]
            let callArguments = zip(labels.dropFirst(0), values.dropFirst()).enumerated().map { position, pair in
                // The first piece names the method; its argument is unlabelled, as in Swift.
                Argument(label: position == 0 ? nil : pair.0, value: pair.1)
            }
            result.add(TracedValue(value: .call(CallValue(name: name, receiver: receiver, arguments: callArguments)), trace: trace))
        }
        if combined.values.isEmpty { for gap in combined.gaps { result.add(gap) } }
        return result
    }

    private func functionCall(_ call: ObjCFunctionCall, at expression: ObjCExpr, _ env: Environment) -> Resolution {
        guard let name = call.calleeName else { return gap(expression.range, "a call through an expression is not followed") }
        if name == "CFSTR", let argument = call.arguments.first { return evaluate(argument, env.deeper()) }
        if let body = functions[name] {
            return returns(of: body, called: "`\(name)()`", at: expression, env)
        }
        // An argument the resolver cannot follow (`&error`, a parameter) stands as opaque, so
        // that the call is still known (`SecAccessControlCreateWithFlags(…, flags, &error)` as
        // the value of `kSecAttrAccessControl`, with its protection and flags).
        let combined = Resolution.combinations(call.arguments.map { part($0, env) })
        var result = Resolution()
        for (values, trace) in combined.values {
            result.add(TracedValue(value: .call(CallValue(name: name, receiver: nil, arguments: values.map { Argument(label: nil, value: $0) })), trace: trace))
        }
        if combined.values.isEmpty { result = Resolution(gaps: combined.gaps) }
        return result
    }

    /// The values a function or method of this file returns, each through its `return`.
    private func returns(of body: ObjCBody, called name: String, at call: ObjCExpr, _ env: Environment) -> Resolution {
        let key = "body \(body.range.start.offset)"
        guard !env.visiting.contains(key) else { return gap(call.range, "\(name) calls itself", kind: .cycle) }
        return remembered(key) { returnValues(of: body, called: name, at: call, env.deeper(key)) }
    }

    private func returnValues(of body: ObjCBody, called name: String, at call: ObjCExpr, _ inner: Environment) -> Resolution {
        var result = Resolution()
        body.body.walk(ObjCVisitor(statement: { statement, context in
            guard context.blockDepth == 0, case .return(.some(let value)) = statement.kind else { return }
            result = result.merging(self.evaluate(value, inner))
        }), owner: body.owner)
        if result.isEmpty { return gap(call.range, "\(name) returns no value the resolver can follow") }
        return result.through(step(.function, name, at: body.range))
    }

    // MARK: - Helpers

    /// The function or method body around `offset`.
    public func body(containing offset: Int) -> ObjCBody? {
        bodies.first { $0.body.range.start.offset <= offset && offset < $0.body.range.end.offset }
    }

    private var pathCache: [Int: BranchPath] = [:]

    /// Where `offset` lies among the body's branches (kept: asked for each assignment by every
    /// use of its local).
    private func branchPath(_ offset: Int, in body: ObjCBody) -> BranchPath {
        if let known = pathCache[offset] { return known }
        let path = BranchPath.to(offset, in: body.body)
        pathCache[offset] = path
        return path
    }

    private var bindingsByName: [Int: [String: [ObjCLocalBinding]]] = [:]

    /// The declarations of and assignments to `name` in `body`, in source order.
    private func bindings(of name: String, in body: ObjCBody) -> [ObjCLocalBinding] {
        let key = body.range.start.offset
        if let table = bindingsByName[key] { return table[name] ?? [] }
        var table: [String: [ObjCLocalBinding]] = [:]
        for binding in bindings(in: body) {
            if let bound = binding.name { table[bound, default: []].append(binding) }
        }
        bindingsByName[key] = table
        return table[name] ?? []
    }

    private func bindings(in body: ObjCBody) -> [ObjCLocalBinding] {
        let key = body.range.start.offset
        if let cached = bindingCache[key] { return cached }
        let computed = body.localBindings
        bindingCache[key] = computed
        return computed
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
