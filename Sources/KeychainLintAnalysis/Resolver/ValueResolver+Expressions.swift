import KeychainLintModel
import Foundation
import SwiftSyntax

// Expressions: literals, collections, operators, `if`/`switch` expressions, casts.
extension ValueResolver {
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
        // `(a, b)`: one parenthesised expression was unwrapped above (TupleValues.swift).
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count >= 2 {
            return evaluateTuple(tuple, env)
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
            var result = Resolution()
            if ternaryBranchMayRun(ternary, when: true, env) {
                result = evaluate(ternary.thenExpression, env)
                    .through(step(.branch, "if `\(condition)`", at: ternary.thenExpression, in: env.file))
            }
            if ternaryBranchMayRun(ternary, when: false, env) {
                result = result.merging(
                    evaluate(ternary.elseExpression, env)
                        .through(step(.branch, "else of `\(condition)`", at: ternary.elseExpression, in: env.file)))
            }
            return result
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
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return evaluateSubscript(subscriptCall, env)
        }
        return gap(expression, env, "cannot follow `\(SyntaxQueries.shortText(expression, limit: 40))`")
    }

    /// `table[key]` on a dictionary the resolver knows (`levels[level]`, where `levels` maps an
    /// app's own setting to an accessibility constant): for each key the lookup may get (a
    /// parameter whose callers pass several), the value of the entry with that key, passing the
    /// entry as a step of its trace. A key the resolver cannot know may select any entry, as a
    /// `switch` over an unknown subject may take any case. A table it does not know, or a key
    /// with no entry, is a gap (the lookup may return nil, or a value written elsewhere).
    func evaluateSubscript(_ subscriptCall: SubscriptCallExprSyntax, _ env: Environment) -> Resolution {
        let text = SyntaxQueries.shortText(subscriptCall, limit: 40)
        guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first, argument.label == nil,
            subscriptCall.trailingClosure == nil
        else {
            return gap(subscriptCall, env, "cannot follow `\(text)`")
        }
        let baseText = SyntaxQueries.shortText(subscriptCall.calledExpression, limit: 40)
        let tables = evaluate(subscriptCall.calledExpression, env)
        let keys = evaluate(argument.expression, env)
        // A key with a gap, or none, may be any key: any a clause over the key around the lookup
        // admits (SubjectNarrowing.swift).
        let anyKey = !keys.gaps.isEmpty || keys.values.isEmpty
        let keyNarrowing = anyKey ? caseNarrowing(of: argument.expression, at: Syntax(argument.expression), in: env.file) : nil
        var result = Resolution(gaps: tables.gaps)
        for table in tables.values {
            guard case .dictionary(let entries) = table.value else {
                result.add(gapValue(subscriptCall, env, "`\(baseText)` is not a dictionary the resolver knows"))
                continue
            }
            for entry in entries {
                // A key value that cannot be compared with the entry's (a call's result, an
                // opaque value) may be its key too.
                let keysSelecting = keys.values.filter { SubscriptKeys.same(entry.key, $0.value) != false }
                if !anyKey, keysSelecting.isEmpty { continue }
                if let keyNarrowing, let (name, _) = enumCase(of: entry.key, env), !keyNarrowing.admits(name) { continue }
                var traced = TracedValue(value: entry.value, trace: table.trace + (keysSelecting.first?.trace ?? []))
                if let location = entry.valueLocation {
                    traced = traced.passing(
                        TraceStep(
                            kind: .variable, text: "`\(baseText)[\(entry.key)]`", file: location.file, line: location.line,
                            column: location.column))
                }
                result.add(traced)
            }
        }
        if result.values.isEmpty && result.gaps.isEmpty {
            return gap(subscriptCall, env, "`\(text)` has no entry the resolver can follow")
        }
        return result
    }

    /// Builds a value from every combination of parts' values. A combination `build` rejects
    /// (e.g. `union` with an operand that is not a known option set) becomes the gap `failure`,
    /// so an unknown operand is reported instead of silently leaving no value and no gap.
    /// More combinations than a resolution holds are built (`Resolution.maximumCandidates`): adding
    /// them keeps, among the dictionaries, those that differ in what checks read.
    /// `combine(_:failure:_:)` handing `build` each part's value with its own path.
    func combineTraced(_ parts: [Resolution], failure: ResolutionGap? = nil, _ build: ([TracedValue]) -> Value?) -> Resolution {
        let (combinations, gaps) = Resolution.tracedCombinations(parts, limit: Resolution.maximumCandidates)
        var result = Resolution(gaps: gaps)
        for picked in combinations {
            if let value = build(picked) {
                result.add(TracedValue(value: value, trace: picked.flatMap(\.trace)))
            } else if let failure {
                result.add(failure)
            }
        }
        return result
    }

    func combine(_ parts: [Resolution], failure: ResolutionGap? = nil, _ build: ([Value]) -> Value?) -> Resolution {
        let (combinations, gaps) = Resolution.combinations(parts, limit: Resolution.maximumCandidates)
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
            let key = evaluateOrOpaque(element.key, env)
            parts.append(key)
            parts.append(evaluateEntryValue(element.value, key: key, env))
            locations.append(env.file.valueLocation(of: element.key))
            valueLocations.append(env.file.valueLocation(of: element.value))
        }
        return combineTraced(parts) { values in
            var entries: [DictionaryEntry] = []
            var index = 0
            while index + 1 < values.count {
                entries.append(
                    DictionaryEntry(
                        key: values[index].value, value: values[index + 1].value, location: locations[index / 2],
                        valueLocation: valueLocations[index / 2], libraryOption: TraceStep.libraryOption(in: values[index + 1].trace)))
                index += 2
            }
            return .dictionary(entries)
        }
    }

    /// The value of a dictionary entry (a literal's, `query[key] = value`, `updateValue(_:forKey:)`):
    /// left unfollowed, as an `.opaque` value, when its key is an attribute whose value no check
    /// of the scan judges (`keysNotFollowed`).
    /// A literal (`nil`, which removes the entry, a string, a number) is still read: it costs nothing.
    func evaluateEntryValue(_ expression: ExprSyntax, key: Resolution, _ env: Environment) -> Resolution {
        let value = SyntaxQueries.unwrapTransparent(expression)
        let isLiteral = value.is(NilLiteralExprSyntax.self) || value.is(StringLiteralExprSyntax.self)
            || value.is(IntegerLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self)
        if !isLiteral, key.values.count == 1, let name = SecItemKeys.keyName(key.values[0].value), keysNotFollowed.contains(name) {
            return .value(.opaque(SyntaxQueries.shortText(expression, limit: 40)))
        }
        return evaluateOrOpaque(expression, env)
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

    /// Whether a value is one the resolver only gives for a written, non-nil value: a constant, a
    /// member, a literal, a collection. A call's or an opaque value may be nil at run time.
    static func isKnownNonNil(_ value: Value) -> Bool {
        switch value {
        case .member, .symbol, .string, .integer, .bool, .array, .rawValue, .dictionary, .tuple: true
        case .null, .call, .opaque: false
        }
    }

    private func evaluateInfix(_ infix: InfixOperatorExprSyntax, _ env: Environment) -> Resolution {
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            return gap(infix, env, "cannot follow `\(SyntaxQueries.shortText(infix, limit: 40))`")
        }
        let left = evaluate(infix.leftOperand, env)
        let right = evaluate(infix.rightOperand, env)
        switch op {
        case "??":
            // `access ?? []` where every value the name can have is known and none is nil (each
            // caller passes a flag): the default is never used, and counting it would judge a
            // combination no path makes. A nil among the values, a gap, or a left side that may be
            // nil without the resolver seeing it (a call, an optional chain) keeps the default.
            if left.gaps.isEmpty, !left.values.isEmpty, SyntaxQueries.unwrapTransparent(infix.leftOperand).is(DeclReferenceExprSyntax.self),
                left.values.allSatisfy({ Self.isKnownNonNil($0.value) })
            {
                return left
            }
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
        case "<<":
            // `1 << 4`, as option sets write their bits (`static let devicePasscode = Policy(rawValue: 1 << 4)`).
            let failure = gapValue(infix, env, "operands of `<<` are not known integers below 64 bits")
            return combine([left, right], failure: failure) { values in
                guard case .integer(let a) = values[0], case .integer(let b) = values[1], a >= 0, (0..<63).contains(b),
                    a <= Int.max >> b
                else { return nil }
                return .integer(a << b)
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
        var result = Resolution()
        if ifBranchMayRun(ifExpr.conditions, when: true, env) {
            result = evaluateBranchBody(ifExpr.body.statements, env)
                .through(step(.branch, "if `\(condition)`", at: ifExpr, in: env.file))
        }
        guard ifBranchMayRun(ifExpr.conditions, when: false, env) else { return result }
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
        for (switchCase, clauses) in switchCases(switchExpr.cases, env) {
            guard caseMayRun(switchCase, of: switchExpr, env) else { continue }
            let traced = evaluateBranchBody(switchCase.statements, env)
                .through(step(.branch, Self.caseText(switchCase), at: switchCase, in: env.file))
            result = result.merging(clauses.reduce(traced) { $0.through($1) })
        }
        if result.isEmpty { return gap(switchExpr, env, "no case of the switch applies") }
        return result
    }

    /// The cases of a `switch`, with those written in the clauses of an `#if` among them (`#if
    /// !targetEnvironment(macCatalyst) case .always: …`): the scan cannot know which
    /// configuration ships, so each clause's cases may run, with its condition as a step of the
    /// trace (innermost first).
    private func switchCases(_ list: SwitchCaseListSyntax, _ env: Environment) -> [(SwitchCaseSyntax, [TraceStep])] {
        var found: [(SwitchCaseSyntax, [TraceStep])] = []
        for element in list {
            switch element {
            case .switchCase(let switchCase):
                found.append((switchCase, []))
            case .ifConfigDecl(let ifConfig):
                for clause in ifConfig.clauses {
                    guard case .switchCases(let inner)? = clause.elements else { continue }
                    let condition = step(.branch, LocalScope.clauseText(clause), at: clause, in: env.file)
                    found += switchCases(inner, env).map { ($0.0, $0.1 + [condition]) }
                }
            }
        }
        return found
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
}

/// Whether a dictionary entry's key is the key a subscript asks for: true, false, or nil when
/// the two cannot be compared (an opaque key, a call).
enum SubscriptKeys {
    static func same(_ entryKey: Value, _ asked: Value) -> Bool? {
        switch (entryKey, asked) {
        case (.opaque, _), (_, .opaque), (.call, _), (_, .call), (.dictionary, _), (_, .dictionary), (.array, _), (_, .array):
            return nil
        case (.member(let left, let leftType), .member(let right, let rightType)):
            // `.always` written in the table, `Protection.always` passed: one case of one type.
            guard left == right else { return false }
            return leftType == nil || rightType == nil || leftType == rightType ? true : false
        default:
            if entryKey == asked { return true }
            return SecItemKeys.sameKey(entryKey, asked)
        }
    }
}
