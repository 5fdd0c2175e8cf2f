import KeychainLintModel

// Branches that cannot run. A value assigned or returned in a branch is a possible value only when
// the branch can run: `[self accessibilityStrict:YES]` returns only what its `if (strict)` branch
// returns, and a `switch (protection)` runs only the cases the calls of the method pass. What
// decides it is what the resolver knows of the tested parameter: the arguments of the call being
// followed, or else the values the file's calls of the body pass (as for any parameter's value).
extension ObjCValueResolver {
    /// Whether the code at `offset` in `body` can run, given what is known of the parameters the
    /// `if`s, `?:`s and `switch`es on the way to it test.
    func branchMayRun(at offset: Int, in body: ObjCBody, _ env: Environment) -> Bool {
        mayRun(body.body, to: offset, in: body, env, depth: 0)
    }

    private func mayRun(_ statement: ObjCStmt, to offset: Int, in body: ObjCBody, _ env: Environment, depth: Int) -> Bool {
        guard depth < 512, statement.range.holds(offset) else { return true }
        switch statement.kind {
        case .compound(let statements):
            guard let index = statements.firstIndex(where: { $0.range.holds(offset) }) else { return true }
            return mayRun(statements[index], to: offset, in: body, env, depth: depth + 1)
        case .if(let condition, let thenBranch, let elseBranch):
            if thenBranch.range.holds(offset) {
                guard knownTruth(of: condition, in: body, env)?.contains(true) ?? true else { return false }
                return mayRun(thenBranch, to: offset, in: body, env, depth: depth + 1)
            }
            if let elseBranch, elseBranch.range.holds(offset) {
                guard knownTruth(of: condition, in: body, env)?.contains(false) ?? true else { return false }
                return mayRun(elseBranch, to: offset, in: body, env, depth: depth + 1)
            }
            return true
        case .switch(let subject, let switchBody):
            guard case .compound(let statements) = switchBody.kind,
                let index = statements.firstIndex(where: { $0.range.holds(offset) })
            else { return true }
            guard caseMayRun(before: index, of: statements, subject: subject, in: body, env) else { return false }
            return mayRun(statements[index], to: offset, in: body, env, depth: depth + 1)
        case .while(_, let inner), .doWhile(let inner, _), .forIn(_, _, let inner), .for(_, _, _, let inner),
            .synchronized(_, let inner), .autoreleasepool(let inner):
            return mayRun(inner, to: offset, in: body, env, depth: depth + 1)
        case .try(let inner, let catches, let finally):
            if inner.range.holds(offset) { return mayRun(inner, to: offset, in: body, env, depth: depth + 1) }
            for clause in catches where clause.body.range.holds(offset) {
                return mayRun(clause.body, to: offset, in: body, env, depth: depth + 1)
            }
            if let finally { return mayRun(finally, to: offset, in: body, env, depth: depth + 1) }
            return true
        default:
            return true
        }
    }

    /// Whether the statement at `index` of a `switch` body can run: some case label that leads to
    /// it (the labels since the last `break` or `return` before it: C falls through) matches a
    /// value the subject can have, or a `default:` among them runs for a value no label names.
    /// True whenever the subject's values or a label's value are not all known.
    private func caseMayRun(
        before index: Int, of statements: [ObjCStmt], subject: ObjCExpr, in body: ObjCBody, _ env: Environment
    ) -> Bool {
        var leading: [ObjCStmt] = []
        for statement in statements[..<index].reversed() {
            if case .break = statement.kind { break }
            if case .return = statement.kind { break }
            if case .caseLabel = statement.kind { leading.append(statement) }
            if case .defaultLabel = statement.kind { leading.append(statement) }
        }
        // Code before the first label never runs; code no label leads to is not decided here.
        guard !leading.isEmpty else { return true }
        guard let subjectValues = knownValues(of: subject, in: body, env) else {
            return caseMayRun(leading, of: statements, narrowedSubject: subject, in: body, env)
        }
        var labelValues: [Value] = []
        for case .caseLabel(let label) in statements.map(\.kind) {
            guard let value = Self.labelValue(label) else { return true }
            labelValues.append(value)
        }
        // Names are compared with names and numbers with numbers: an enumerator's number is not
        // known here, so a mix decides nothing.
        let kinds = Set((subjectValues + labelValues).map { value -> Int in
            if case .integer = value { return 0 }
            return 1
        })
        guard kinds.count == 1 else { return true }
        for label in leading {
            switch label.kind {
            case .caseLabel(let expression):
                if let value = Self.labelValue(expression), subjectValues.contains(value) { return true }
            case .defaultLabel:
                if subjectValues.contains(where: { !labelValues.contains($0) }) { return true }
            default:
                break
            }
        }
        return false
    }

    /// Whether one of `leading` labels runs when the subject's values are not known but a
    /// `switch` around it over the same subject, or the question for `self`'s state, says which
    /// cases it can be (`+SubjectNarrowing`). True when nothing says so or a label is not a name.
    private func caseMayRun(
        _ leading: [ObjCStmt], of statements: [ObjCStmt], narrowedSubject subject: ObjCExpr, in body: ObjCBody, _ env: Environment
    ) -> Bool {
        guard let key = subjectKey(subject, in: body),
            let narrowing = caseNarrowing(of: key, at: subject.range.start.offset, in: body, env)
        else { return true }
        for label in leading {
            switch label.kind {
            case .caseLabel(let expression):
                guard let name = expression.strippingCastsAndParentheses.identifierName else { return true }
                if narrowing.admits(name) { return true }
            case .defaultLabel:
                guard let included = narrowing.included else { return true }
                var named: Set<String> = []
                for case .caseLabel(let other) in statements.map(\.kind) {
                    guard let name = other.strippingCastsAndParentheses.identifierName else { return true }
                    named.insert(name)
                }
                if included.contains(where: { !named.contains($0) }) { return true }
            default:
                break
            }
        }
        return false
    }

    /// A `case` label's value: an enumerator or constant name, or a whole number.
    private static func labelValue(_ label: ObjCExpr) -> Value? {
        let label = label.strippingCastsAndParentheses
        if let name = label.identifierName { return .symbol(name) }
        if case .integerLiteral(let spelling) = label.kind, let number = integer(spelling) { return .integer(number) }
        return nil
    }

    /// The truth values a condition can have, when all are known: a parameter (or its negation,
    /// `!strict`) whose values are all `YES`/`NO`.
    func knownTruth(of condition: ObjCExpr, in body: ObjCBody, _ env: Environment) -> Set<Bool>? {
        let condition = condition.strippingCastsAndParentheses
        if case .prefix(.logicalNot, let operand) = condition.kind {
            return knownTruth(of: operand, in: body, env).map { Set($0.map { !$0 }) }
        }
        guard let values = knownValues(of: condition, in: body, env) else { return nil }
        var truths = Set<Bool>()
        for value in values {
            guard case .bool(let flag) = value else { return nil }
            truths.insert(flag)
        }
        return truths
    }

    /// The values a parameter of `body` that the body never assigns can have, when all are
    /// known: the arguments of the call being followed, or those of the file's calls of it. An
    /// instance variable of the method's class (`_accessibility`) the body never assigns has the
    /// values its stores give (`ObjCValueResolver+InstanceState`), when all are known: a
    /// wrapper's `switch (_accessibility)` then runs only for the options the scan's code sets.
    private func knownValues(of expression: ObjCExpr, in body: ObjCBody, _ env: Environment) -> [Value]? {
        guard let name = expression.strippingCastsAndParentheses.identifierName, bindings(of: name, in: body).isEmpty
        else { return nil }
        guard body.parameterNames.contains(name) else {
            guard name.hasPrefix("_"), let stored = instanceState(name, at: expression, in: body, env),
                stored.gaps.isEmpty, !stored.values.isEmpty
            else { return nil }
            return stored.values.map(\.value)
        }
        let known: Resolution?
        if env.argumentsBody == body.range.start.offset, let argument = env.arguments[name] {
            known = argument
        } else {
            known = callerValues(name, of: body, at: expression, env)
        }
        // Inside a case of a `switch` over the same parameter, only that case's values.
        guard let known = known.map({ narrowedAsSubject($0, expression, env) }), known.gaps.isEmpty, !known.values.isEmpty
        else { return nil }
        return known.values.map(\.value)
    }
}
