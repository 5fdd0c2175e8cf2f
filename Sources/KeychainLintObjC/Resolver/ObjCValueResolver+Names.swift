import KeychainLintModel

// Names: YES/NO/nil, parameters, locals through branches (which assignments may reach a use),
// static and global constants, `#define`s, instance variables, and symbols declared outside the file.
extension ObjCValueResolver {
    func evaluateName(_ name: String, at use: ObjCExpr, _ env: Environment) -> Resolution {
        // Inside a case of a `switch` over the name, only that case's values (`+SubjectNarrowing`).
        var resolution = evaluateNameAnywhere(name, at: use, env)
        if resolution.values.contains(where: { if case .symbol = $0.value { true } else { false } }) {
            resolution = narrowedAsSubject(resolution, use, env)
        }
        guard resolution.values.contains(where: { $0.value == .null }), isCheckedNotNull(name, at: use.range.start.offset) else {
            return resolution
        }
        return Resolution(values: resolution.values.filter { $0.value != .null }, gaps: resolution.gaps)
    }

    /// Whether a check on the way to `offset` says `name` is not null there (`NullGuards`), and
    /// nothing assigns it between that check and `offset`.
    func isCheckedNotNull(_ name: String, at offset: Int) -> Bool {
        guard let body = body(containing: offset) else { return false }
        let assignments = bindings(of: name, in: body)
        return NullGuards.names(at: offset, in: body.body).contains { guarded in
            guarded.name == name
                && !assignments.contains { $0.range.start.offset >= guarded.checkedAt && $0.range.start.offset < offset }
        }
    }

    /// The values `name` may have at `use`, before any null check around the use is applied.
    func evaluateNameAnywhere(_ name: String, at use: ObjCExpr, _ env: Environment) -> Resolution {
        switch name {
        case "YES", "true", "TRUE": return .value(.bool(true))
        case "NO", "false", "FALSE": return .value(.bool(false))
        case "nil", "NULL", "Nil": return .value(.null)
        case "self", "super": return gap(use.range, "`\(name)` is not a known value here")
        default: break
        }
        let offset = use.range.start.offset
        let enclosing = body(containing: offset)
        if let body = enclosing {
            let bound = bindings(of: name, in: body)
            if body.parameterNames.contains(name), bound.allSatisfy({ $0.range.start.offset >= offset }) {
                if env.argumentsBody == body.range.start.offset, let argument = env.arguments[name] { return argument }
                if let passed = callerValues(name, of: body, at: use, env) { return passed }
                if let offered = optionsOffered(toParameter: name, of: body, at: use) { return offered }
                return gap(use.range, "`\(name)` is a parameter of \(body.owner): \(unfollowedCallsReason(of: body))")
            }
            if bound.contains(where: { $0.range.start.offset < offset }) {
                return local(name, in: body, before: offset, use: use.range, env)
            }
        }
        if let global = globals[name] {
            guard !env.visiting.contains("global " + name) else { return gap(use.range, "`\(name)` refers to itself", kind: .cycle) }
            guard let initializer = global.declarator.initializer else {
                // `extern NSString *const kService;`: defined in another file of the scan, or outside it.
                if let elsewhere = valuesDefinedElsewhere(name, at: use, env) { return elsewhere }
                return gap(use.range, "`\(name)` is declared without a value in this file")
            }
            return evaluate(initializer, env.deeper("global " + name)).through(step(.variable, "`\(name)`", at: global.declarator.nameRange))
        }
        if let macro = macros[name] {
            guard !env.visiting.contains("macro " + name) else { return gap(use.range, "`\(name)` refers to itself", kind: .cycle) }
            guard let value = macro.value else { return gap(use.range, "the macro `\(name)` is not an expression") }
            return evaluate(value, env.deeper("macro " + name)).through(step(.variable, "`\(name)`", at: macro.nameRange))
        }
        // Instance state of the method's class: stored into by its methods in this file.
        if let state = instanceState(name, at: use, in: enclosing, env) { return state }
        // Defined at file scope in another Objective-C file of the scan (through a header).
        if let elsewhere = valuesDefinedElsewhere(name, at: use, env) { return elsewhere }
        // Declared outside the scan: an SDK constant (`kSecAttrAccessibleAlways`) or a symbol the
        // scan does not define; rules act only on the names they know.
        return .value(.symbol(name))
    }

    /// A local's values at `offset`: the assignments that may be the last ones to run before it.
    func local(_ name: String, in body: ObjCBody, before offset: Int, use: ObjCSourceRange, _ env: Environment) -> Resolution {
        let key = "local \(name)@\(offset)"
        guard !env.visiting.contains(key) else { return gap(use, "`\(name)` depends on itself", kind: .cycle) }
        guard env.depth < Self.maximumDepth else { return gap(use, "nested too deeply to follow", kind: .depthLimit) }
        // `x |= …` reads `x` before it without going through `evaluate`: the budget is counted here too.
        steps += 1
        guard steps <= Self.maximumSteps else {
            return gap(use, "the value takes more than \(Self.maximumSteps) steps to follow", kind: .stepBudget)
        }
        // With a caller's arguments bound, the answer is that call's: kept for its evaluation only.
        return remembered(key, scope: env.argumentsScope) { localValues(name, in: body, before: offset, use: use, env.deeper(key)) }
    }

    func localValues(_ name: String, in body: ObjCBody, before offset: Int, use: ObjCSourceRange, _ inner: Environment) -> Resolution {
        let all = bindings(of: name, in: body)
        // The bindings are in source order: those before `offset` are a prefix.
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].range.start.offset < offset { low = middle + 1 } else { high = middle }
        }
        // An assignment in a branch that cannot run neither gives a value nor replaces one.
        var candidates = all[..<low].filter {
            !Self.isCompoundOtherThanOr($0) && branchMayRun(at: $0.range.start.offset, in: body, inner)
        }
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
    static func replaces(_ binding: ObjCLocalBinding) -> Bool {
        switch binding.kind {
        case .declaration(let declarator, _): return declarator.initializer != nil
        case .assignment(let operation, _, _): return operation == .assign
        }
    }

    static func isCompoundOtherThanOr(_ binding: ObjCLocalBinding) -> Bool {
        if case .assignment(let operation, _, _) = binding.kind { return operation != .assign && operation != .bitwiseOr }
        return false
    }

    func bindingValue(_ binding: ObjCLocalBinding, name: String, in body: ObjCBody, use: Int, env: Environment) -> Resolution {
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

    /// The values of a cast to `SecAccessControlCreateFlags`, with the app's own `enum` constants
    /// read as their numbers (`(SecAccessControlCreateFlags)policy`, where `policy` is a
    /// `VaultPolicy` whose constants mirror Apple's bits). Elsewhere a constant stays its name: a
    /// wrapper library's options are recognised by how they are spelled
    /// (`UICKeyChainStoreAccessibilityAlways`).
    func readingConstantsAsNumbers(_ resolution: Resolution, at use: ObjCSourceRange, _ env: Environment) -> Resolution {
        var result = Resolution(gaps: resolution.gaps)
        for traced in resolution.values {
            let parts: [Value]
            if case .array(let elements) = traced.value { parts = elements } else { parts = [traced.value] }
            let named = parts.map { part -> Resolution? in
                guard case .symbol(let name) = part else { return nil }
                return numberOfConstant(name, at: use, env)
            }
            guard named.contains(where: { $0 != nil }) else {
                result.add(traced)
                continue
            }
            // Each part as its number (a constant's possible numbers, or the part itself).
            let combined = Resolution.combinations(zip(parts, named).map { part, number in number ?? .value(part) })
            for gap in combined.gaps { result.add(gap) }
            for (values, trace) in combined.values {
                var bits = 0
                let numbers = values.compactMap { value -> Int? in
                    if case .integer(let number) = value { return number }
                    return nil
                }
                if numbers.count == values.count {
                    for number in numbers { bits |= number }
                    result.add(TracedValue(value: .integer(bits), trace: traced.trace + trace))
                } else {
                    result.add(TracedValue(value: values.count == 1 ? values[0] : .array(values), trace: traced.trace + trace))
                }
            }
        }
        return result
    }

    /// The number of an `enum` constant of this file or of a header of the scan; nil for a name
    /// that is no such constant.
    private func numberOfConstant(_ name: String, at use: ObjCSourceRange, _ env: Environment) -> Resolution? {
        if let enumerator = enumerators[name] { return enumeratorValue(enumerator, at: use, env) }
        guard let constants else { return nil }
        Dependencies.record(name)
        guard let definitions = constants.enumerators(named: name, besides: path) else {
            return gap(use, "`\(name)` may be declared in more than \(ObjCScanConstants.maximumDefiningFiles) headers: not followed", kind: .searchLimit)
        }
        let found = definitions.compactMap { definition -> Resolution? in
            guard case .enumerator(let enumerator) = definition.kind else { return nil }
            let other = resolver(for: definition)
            other.steps = steps
            defer { steps = other.steps }
            return other.enumeratorValue(enumerator, at: enumerator.nameRange, env.deeper())
        }
        guard !found.isEmpty else { return nil }
        return found.dropFirst().reduce(found[0]) { $0.merging($1) }
    }

    /// An `enum` constant of this file: its written value, or the previous constant's plus one
    /// (the first is 0), with the constant as a step of the trace.
    func enumeratorValue(_ enumerator: ObjCEnumerator, at use: ObjCSourceRange, _ env: Environment) -> Resolution {
        let key = "enumerator " + enumerator.name
        guard !env.visiting.contains(key) else { return gap(use, "`\(enumerator.name)` refers to itself", kind: .cycle) }
        let inner = env.deeper(key)
        let value: Resolution
        if let written = enumerator.value {
            value = evaluate(written, inner)
        } else if enumerator.hasWrittenValue {
            value = gap(enumerator.nameRange, "the value of `\(enumerator.name)` is not an expression the resolver reads")
        } else if let previous = enumerator.previous.flatMap({ enumerators[$0] }) {
            let before = enumeratorValue(previous, at: use, inner)
            var next = Resolution(gaps: before.gaps)
            for traced in before.values {
                guard case .integer(let number) = traced.value else {
                    for unknown in gap(enumerator.nameRange, "`\(enumerator.name)` follows a constant whose value is not a number").gaps {
                        next.add(unknown)
                    }
                    continue
                }
                next.add(TracedValue(value: .integer(number &+ 1)))
            }
            value = next
        } else {
            value = .value(.integer(0))
        }
        return value.through(step(.variable, "`\(enumerator.name)`", at: enumerator.nameRange))
    }
}
