import KeychainLintModel

// A `switch` subject read again inside a case. Inside `switch (self.mode) { case ModeShared: … }`
// the subject can only be `ModeShared` (or what falls through into it), so what is derived from
// it there (`self.mode` again, `[self accessibility]` whose own `switch (self.mode)` then runs
// that case only, a nested `switch` over the same subject) is its value for that case, not the
// union over every case. `default:` means none of the other labels. The same holds in the branches
// of `if (self.mode == ModeShared)`. What the case says is a `CaseNarrowing`, as in the Swift
// resolver: a fact of the place, found by walking down the body to it, and, for the instance
// state of `self`, a fact of the question (`Environment.selfCases`), carried into the methods
// sent to `self` there.
extension ObjCValueResolver {
    /// The spelling that identifies a subject: a local or parameter by its name; the instance
    /// state of `self` (`self.mode`, `self->_mode`, `_mode`, `[self mode]`) as `self.` and its
    /// storage name. Nil for anything else (a call's result may differ each time).
    func subjectKey(_ expression: ObjCExpr, in body: ObjCBody) -> String? {
        let expression = expression.strippingCastsAndParentheses
        if let name = expression.identifierName {
            guard !["self", "super", "YES", "NO", "nil", "NULL"].contains(name) else { return nil }
            if body.parameterNames.contains(name) || !bindings(of: name, in: body).isEmpty { return name }
            if case .method = body.owner, name.hasPrefix("_") { return "self." + Self.storageName(name) }
            return name
        }
        switch expression.kind {
        case .member(let base, let name, _) where base.strippingCastsAndParentheses.identifierName == "self":
            return "self." + Self.storageName(name)
        case .message(let message)
        where message.receiver.strippingCastsAndParentheses.identifierName == "self" && message.pieces.count == 1
            && message.pieces[0].argument == nil:
            return "self." + Self.storageName(message.selector)
        default:
            return nil
        }
    }

    /// What the `switch`es and `if (… == …)`s around `offset` in `body` say of the subject spelled
    /// `key`, with what the question says of `self`'s state (`Environment.selfCases`).
    func caseNarrowing(of key: String, at offset: Int, in body: ObjCBody, _ env: Environment) -> CaseNarrowing? {
        var result = key.hasPrefix("self.") ? env.selfCases[key] : nil
        narrow(key, body.body, to: offset, in: body, into: &result, depth: 0)
        return result
    }

    /// The instance state of `self` narrowed around `offset`, by key, for a method sent to `self`
    /// there.
    func selfStateNarrowings(at offset: Int, in body: ObjCBody, _ env: Environment) -> [String: CaseNarrowing] {
        var keys: Set<String> = Set(env.selfCases.keys)
        collectSwitchSubjects(body.body, to: offset, in: body, into: &keys, depth: 0)
        var result: [String: CaseNarrowing] = [:]
        for key in keys where key.hasPrefix("self.") {
            if let narrowing = caseNarrowing(of: key, at: offset, in: body, env) { result[key] = narrowing }
        }
        return result
    }

    private func collectSwitchSubjects(_ statement: ObjCStmt, to offset: Int, in body: ObjCBody, into keys: inout Set<String>, depth: Int) {
        guard depth < 512, statement.range.holds(offset) else { return }
        for child in Self.childStatements(statement, holding: offset) where child.range.holds(offset) {
            collectSwitchSubjects(child, to: offset, in: body, into: &keys, depth: depth + 1)
        }
        switch statement.kind {
        case .switch(let subject, _): if let key = subjectKey(subject, in: body) { keys.insert(key) }
        case .if(let condition, _, _): if let (key, _) = comparedCase(condition, in: body) { keys.insert(key) }
        default: break
        }
    }

    private func narrow(
        _ key: String, _ statement: ObjCStmt, to offset: Int, in body: ObjCBody, into result: inout CaseNarrowing?, depth: Int
    ) {
        guard depth < 512, statement.range.holds(offset) else { return }
        switch statement.kind {
        case .switch(let subject, let switchBody):
            guard case .compound(let statements) = switchBody.kind,
                let index = statements.firstIndex(where: { $0.range.holds(offset) })
            else { return }
            if subjectKey(subject, in: body) == key, !stores(into: key, in: switchBody, of: body),
                let clause = Self.narrowing(before: index, of: statements)
            {
                result = clause.intersecting(result)
            }
            narrow(key, statements[index], to: offset, in: body, into: &result, depth: depth + 1)
        case .if(let condition, let thenBranch, let elseBranch):
            if let (compared, name) = comparedCase(condition, in: body), compared == key, !stores(into: key, in: statement, of: body) {
                if thenBranch.range.holds(offset) {
                    result = CaseNarrowing.only([name]).intersecting(result)
                } else if elseBranch?.range.holds(offset) == true {
                    result = CaseNarrowing.excluding([name]).intersecting(result)
                }
            }
            for child in [thenBranch, elseBranch].compactMap({ $0 }) where child.range.holds(offset) {
                narrow(key, child, to: offset, in: body, into: &result, depth: depth + 1)
            }
        default:
            for child in Self.childStatements(statement, holding: offset) where child.range.holds(offset) {
                narrow(key, child, to: offset, in: body, into: &result, depth: depth + 1)
            }
        }
    }

    /// The statements a statement holds, where code inside runs as part of it (not block literals,
    /// which may run later). Of a compound statement, only the one holding `offset`, found by
    /// bisection: a generated body may hold thousands, and every name read asks.
    private static func childStatements(_ statement: ObjCStmt, holding offset: Int) -> [ObjCStmt] {
        switch statement.kind {
        case .compound(let statements):
            var low = 0
            var high = statements.count
            while low < high {
                let middle = (low + high) / 2
                if statements[middle].range.end.offset <= offset { low = middle + 1 } else { high = middle }
            }
            return low < statements.count ? [statements[low]] : []
        case .if(_, let thenBranch, let elseBranch): return [thenBranch] + (elseBranch.map { [$0] } ?? [])
        case .switch(_, let body): return [body]
        case .while(_, let inner), .doWhile(let inner, _), .forIn(_, _, let inner), .for(_, _, _, let inner),
            .synchronized(_, let inner), .autoreleasepool(let inner):
            return [inner]
        case .try(let inner, let catches, let finally): return [inner] + catches.map(\.body) + (finally.map { [$0] } ?? [])
        default: return []
        }
    }

    /// `mode == ModeShared` (either way round): the subject's key and the constant's name.
    private func comparedCase(_ condition: ObjCExpr, in body: ObjCBody) -> (String, String)? {
        guard case .binary(.equal, let left, let right) = condition.strippingCastsAndParentheses.kind else { return nil }
        for (subject, constant) in [(left, right), (right, left)] {
            if let name = constant.strippingCastsAndParentheses.identifierName, isEnumerator(name),
                let key = subjectKey(subject, in: body)
            {
                return (key, name)
            }
        }
        return nil
    }

    /// What the labels leading to statement `index` of a `switch` body say of its subject (C
    /// falls through: every label since the last `break` or `return`): one of the names they
    /// give, or, with `default:` among them, none of the switch's other labels. Nil when a label
    /// is not a name.
    static func narrowing(before index: Int, of statements: [ObjCStmt]) -> CaseNarrowing? {
        var leading: Set<String> = []
        var reachedByDefault = false
        for statement in statements[..<index].reversed() {
            if case .break = statement.kind { break }
            if case .return = statement.kind { break }
            if case .defaultLabel = statement.kind { reachedByDefault = true }
            if case .caseLabel(let label) = statement.kind {
                guard let name = label.strippingCastsAndParentheses.identifierName else { return nil }
                leading.insert(name)
            }
        }
        guard reachedByDefault else { return leading.isEmpty ? nil : .only(leading) }
        var others: Set<String> = []
        for case .caseLabel(let label) in statements.map(\.kind) {
            if let name = label.strippingCastsAndParentheses.identifierName, !leading.contains(name) { others.insert(name) }
        }
        return others.isEmpty ? nil : .excluding(others)
    }

    /// `changes(_:in:of:)`, asked at every read inside the statement and answered once per
    /// statement and subject.
    private func stores(into key: String, in statement: ObjCStmt, of body: ObjCBody) -> Bool {
        let cacheKey = "\(statement.range.start.offset)|\(key)"
        if let known = subjectStoresCache[cacheKey] { return known }
        let answer = changes(key, in: statement, of: body)
        subjectStoresCache[cacheKey] = answer
        return answer
    }

    /// Whether `statement` may store into the subject: an assignment to it, or its address taken.
    /// A method it sends to `self` is not looked into.
    private func changes(_ key: String, in statement: ObjCStmt, of body: ObjCBody) -> Bool {
        var found = false
        statement.walk(ObjCVisitor(expression: { expression, _ in
            guard !found else { return }
            switch expression.kind {
            case .assignment(_, let target, _):
                if self.subjectKey(target, in: body) == key { found = true }
            case .prefix(.addressOf, let operand):
                if self.subjectKey(operand, in: body) == key { found = true }
            case .message(let message) where key.hasPrefix("self.") && message.pieces.count == 1:
                // `[self setMode:…]`.
                let setter = "set" + key.dropFirst(5).prefix(1).uppercased() + key.dropFirst(6) + ":"
                if message.selector == setter, message.receiver.strippingCastsAndParentheses.identifierName == "self" { found = true }
            default:
                break
            }
        }), owner: body.owner)
        return found
    }

    /// A constant of an `enum` of the file or of a header of the scan.
    func isEnumerator(_ name: String) -> Bool {
        if enumerators[name] != nil { return true }
        return constants?.enumerators(named: name, besides: path)?.isEmpty == false
    }

    /// `resolution` without the enumerators `narrowing` excludes; other values and gaps stay.
    func narrowed(_ resolution: Resolution, by narrowing: CaseNarrowing?) -> Resolution {
        guard let narrowing else { return resolution }
        var result = Resolution(gaps: resolution.gaps)
        for traced in resolution.values {
            if case .symbol(let name) = traced.value, !narrowing.admits(name), isEnumerator(name) { continue }
            result.add(traced)
        }
        return result
    }

    /// `evaluated` narrowed by what the code around `expression` says of it, when it is a subject.
    func narrowedAsSubject(_ evaluated: Resolution, _ expression: ObjCExpr, _ env: Environment) -> Resolution {
        let offset = expression.range.start.offset
        guard let body = body(containing: offset), let key = subjectKey(expression, in: body) else { return evaluated }
        return narrowed(evaluated, by: caseNarrowing(of: key, at: offset, in: body, env))
    }
}
