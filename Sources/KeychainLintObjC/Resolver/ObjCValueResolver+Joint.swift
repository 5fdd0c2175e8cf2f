import KeychainLintModel

// Several expressions of one call resolved together, per instance `self` can be (as the Swift
// resolver's `resolveJointly`). A check that judges two arguments of one call together (the
// protection and the flags of `SecAccessControlCreateWithFlags`) must judge the pairs that occur:
// inside an instance method of a settings class that several instances share (a key pair's
// public-key and private-key access), each argument resolved on its own holds the instance state
// of every instance, and pairing them pairs one instance's protection with another's flags.
//
// The instances of the method are the receivers of its messages (`instancesFromSenders`), or,
// when those are not known (a method a header declares may be sent from anywhere), every
// construction of its class in the scan: this file's (`[[C alloc] init…]`, `[C new]`), and the
// other Objective-C files' constructions through an initializer a header declares (found as the
// callers of an instance method are, `instanceMethodSends`), when every message of the scan
// that runs one of the class's initializers is such a construction. Instance state is followed
// per construction only where the class's initializers alone store it (`instanceValues`);
// elsewhere every instance's values stay possible, as before.
//
// An instance built outside the scan holds what its builder passed: when a header declares an
// initializer with parameters, one more case holds a gap for each expression, so that nothing is
// judged about such instances and `--verbose` says why.
//
// Nil, and each expression is resolved on its own, when the expressions are not in one instance
// method, when its instances are not known, or when the instances' values do not cover every
// value the expression has on its own (then the cases would miss a pair that occurs).
extension ObjCValueResolver {
    public func resolveJointly(_ expressions: [ObjCExpr]) -> [[Resolution]]? {
        guard expressions.count > 1, let body = body(containing: expressions[0].range.start.offset),
            expressions.allSatisfy({ self.body(containing: $0.range.start.offset)?.range == body.range })
        else { return nil }
        let plain = expressions.map { resolve($0) }
        // Beside an expression with one value (or none), each value of the others pairs the same
        // way on every instance.
        guard plain.filter({ $0.values.count > 1 }).count > 1 else { return nil }
        if let cases = perPath(expressions, plain: plain, in: body) { return cases }
        guard case .method(let container, let selector, false) = body.owner, !selector.hasPrefix("init") else { return nil }
        return perInstance(expressions, plain: plain, in: body, of: Self.className(container))
    }

    /// Locals of one body given together (`SecAccessControlCreateWithFlags(NULL, protection,
    /// flags, NULL)`), each assigned in the arms of the same `switch` or `if`: one case per
    /// combination of assignments that can be the last ones to run before the call on one pass,
    /// so that a case's protection is never paired with another case's flags. A combination
    /// cannot occur when its assignments lie in different alternatives of one statement, or when
    /// an assignment of one local runs whenever another's does, after the first local's and before
    /// the call (it replaces it on that pass).
    ///
    /// Nil (each expression resolved on its own, or per instance) when an expression is not a
    /// local of the body, when a local is built up (`flags |= …`) or assigned in a loop or a
    /// block, when there are more combinations than `maximumPathCases`, when fewer than two
    /// combinations remain, or when the cases do not hold every value an expression has on its own.
    private func perPath(_ expressions: [ObjCExpr], plain: [Resolution], in body: ObjCBody) -> [[Resolution]]? {
        let names = expressions.compactMap { $0.strippingCastsAndParentheses.identifierName }
        guard names.count == expressions.count, Set(names).count == names.count else { return nil }
        let use = expressions.map(\.range.start.offset).min() ?? 0
        let usePath = branchPath(use, in: body)
        guard !usePath.kinds.contains(.repeated) else { return nil }
        var reaching: [[(binding: ObjCLocalBinding, path: BranchPath)]] = []
        var replacing: [[(offset: Int, path: BranchPath)]] = []
        for name in names {
            let all = bindings(of: name, in: body).filter { $0.range.start.offset < use }
            guard all.contains(where: { if case .declaration = $0.kind { true } else { false } }),
                all.allSatisfy({ Self.replaces($0) || $0.isDeclarationWithoutValue })
            else { return nil }
            let paths = all.map { (binding: $0, path: branchPath($0.range.start.offset, in: body)) }
            guard !paths.contains(where: { $0.binding.isInsideBlock || $0.path.kinds.contains(.repeated) }) else { return nil }
            let replaces = paths.filter { Self.replaces($0.binding) }
            // An assignment reaches the call unless a later one that runs whenever the call does replaces it.
            let found = replaces.filter { candidate in
                !candidate.path.excludes(usePath)
                    && !replaces.contains { $0.binding.range.start.offset > candidate.binding.range.start.offset && $0.path.isPrefix(of: usePath) }
            }
            guard !found.isEmpty else { return nil }
            reaching.append(found)
            replacing.append(replaces.map { (offset: $0.binding.range.start.offset, path: $0.path) })
        }
        guard reaching.reduce(1, { $0 * $1.count }) <= Self.maximumPathCases else { return nil }
        var combinations: [[Int]] = [[]]
        for options in reaching {
            combinations = combinations.flatMap { prefix in options.indices.map { prefix + [$0] } }
        }
        let feasible = combinations.filter { choice in
            for (one, first) in choice.enumerated() {
                let chosen = reaching[one][first]
                for (other, second) in choice.enumerated() where other != one {
                    let partner = reaching[other][second]
                    if chosen.path.excludes(partner.path) { return false }
                    // Another assignment of the first local, after it and before the call, that
                    // runs whenever the partner's does.
                    if replacing[one].contains(where: {
                        $0.offset > chosen.binding.range.start.offset && $0.offset < use && $0.path.isPrefix(of: partner.path)
                    }) {
                        return false
                    }
                }
            }
            return true
        }
        guard feasible.count > 1 else { return nil }
        var cases: [[Resolution]] = []
        for choice in feasible {
            let resolutions = choice.enumerated().map { position, index -> Resolution in
                fileSteps += steps
                steps = 0
                scopedMemo.removeAll(keepingCapacity: true)
                return bindingValue(reaching[position][index].binding, name: names[position], in: body, use: use, env: Environment())
            }
            guard fileSteps <= Self.maximumStepsPerFile,
                !resolutions.contains(where: { $0.gaps.contains { [.stepBudget, .depthLimit, .nestingLimit].contains($0.kind) } })
            else { return nil }
            cases.append(resolutions)
        }
        for (position, resolution) in plain.enumerated() {
            let perPath = Set(cases.flatMap { $0[position].values.map(\.value) })
            guard resolution.values.allSatisfy({ perPath.contains($0.value) }) else { return nil }
        }
        return cases
    }

    /// The most combinations of assignments `perPath` resolves.
    static let maximumPathCases = 32

    /// The dictionaries `expression` can be (its resolution on its own is `plain`), one
    /// resolution per instance of `self`, as the Swift resolver's `resolvePerInstance`: a query
    /// an instance method builds from two pieces of instance state holds one instance's values.
    /// Nil when no two entries vary between the dictionaries, or as for `resolveJointly`.
    public func resolvePerInstance(dictionary expression: ObjCExpr, plain: Resolution) -> [Resolution]? {
        guard plain.values.count > 1, Self.entriesVarying(plain.values.map(\.value)) > 1,
            let body = body(containing: expression.range.start.offset),
            case .method(let container, let selector, false) = body.owner, !selector.hasPrefix("init")
        else { return nil }
        return perInstance([expression], plain: [plain], in: body, of: Self.className(container))?.map { $0[0] }
    }

    /// How many keys have more than one value across `dictionaries`.
    private static func entriesVarying(_ dictionaries: [Value]) -> Int {
        var valuesByKey: [Value: Set<Value>] = [:]
        for case .dictionary(let entries) in dictionaries {
            for entry in entries { valuesByKey[entry.key, default: []].insert(entry.value) }
        }
        return valuesByKey.values.filter { $0.count > 1 }.count
    }

    /// What must come from some instance: the value, or each entry of a dictionary.
    private static func parts(of value: Value) -> [Value] {
        guard case .dictionary(let entries) = value else { return [value] }
        return entries.map { .dictionary([DictionaryEntry(key: $0.key, value: $0.value)]) }
    }

    /// `expressions`, written in instance method `body` of `className`, resolved once per instance.
    private func perInstance(_ expressions: [ObjCExpr], plain: [Resolution], in body: ObjCBody, of className: String) -> [[Resolution]]? {
        guard let (instances, outside) = jointInstances(of: body, className), !instances.isEmpty else { return nil }
        var cases: [[Resolution]] = []
        for instance in instances {
            var env = Environment()
            env.selfInstances = [instance]
            let resolutions = expressions.map { expression -> Resolution in
                // One question per expression and instance, as `resolve` asks it; its locals are
                // kept for this instance only.
                fileSteps += steps
                steps = 0
                scopedMemo.removeAll(keepingCapacity: true)
                nextArgumentsScope += 1
                var scoped = env
                scoped.argumentsScope = nextArgumentsScope
                return evaluate(expression, scoped)
            }
            guard fileSteps <= Self.maximumStepsPerFile,
                !resolutions.contains(where: { $0.gaps.contains { [.stepBudget, .depthLimit, .nestingLimit].contains($0.kind) } })
            else { return nil }
            cases.append(resolutions)
        }
        // Every value an expression has on its own must come from some instance.
        for (position, resolution) in plain.enumerated() {
            let perInstance = Set(cases.flatMap { $0[position].values.flatMap { Self.parts(of: $0.value) } })
            guard resolution.values.allSatisfy({ Self.parts(of: $0.value).allSatisfy(perInstance.contains) }) else { return nil }
        }
        if let outside {
            cases.append(expressions.map { gap($0.range, outside) })
        }
        return cases
    }

    /// The instances an instance method of `className` runs on when judged on its own, and why
    /// instances built outside the scan are not known (nil when none can be built there).
    private func jointInstances(of body: ObjCBody, _ className: String) -> (instances: [InstanceSource], outside: String?)? {
        if let senders = instancesFromSenders(of: body, className) { return (senders, nil) }
        var made: [ObjCExpr] = []
        tree.walk(ObjCVisitor(expression: { expression, _ in
            guard case .message(let message) = expression.kind else { return }
            let enclosing = self.body(containing: expression.range.start.offset)
            if message.selector == "new", self.allocatedClass(message.receiver, in: enclosing) == className {
                made.append(expression)
            } else if message.selector.hasPrefix("init"), case .message(let allocation) = message.receiver.strippingCastsAndParentheses.kind,
                allocation.selector == "alloc", self.allocatedClass(allocation.receiver, in: enclosing) == className
            {
                made.append(expression)
            }
        }))
        guard made.count <= Self.maximumCallers else { return nil }
        var instances: [InstanceSource] = []
        var outside: String?
        var initializers: [String: Int] = [:]
        for expression in made {
            guard let found = constructions(of: expression, Environment(), depth: 0), found.count == 1, let source = found.first
            else { return nil }
            instances.append(source)
            initializers[source.initializer, default: 0] += 1
        }
        // The class's initializers this file implements: each construction of the scan runs one.
        // This file's constructions, and those of the other files that send a header-declared
        // one (`[[KeyAccess alloc] initWith…]` in another .m), are every instance the scan builds
        // only when no other message of the scan (`[super init…]`, `[self init…]`, a message to
        // an object not built as an instance of the class) runs them.
        let definitions = bodies.filter {
            if case .method(let owner, let selector, false) = $0.owner { return Self.className(owner) == className && selector.hasPrefix("init") }
            return false
        }
        for (initializer, _) in initializers where !definitions.contains(where: {
            if case .method(_, initializer, false) = $0.owner { return true }
            return false
        }) {
            return nil
        }
        for definition in definitions {
            guard case .method(_, let initializer, false) = definition.owner else { continue }
            let count = initializers[initializer] ?? 0
            let sites = allCallSites(of: definition)
            guard count > 0 || !sites.elsewhere.isEmpty else { continue }
            guard !sites.beyondBound, sites.own.count == count else { return nil }
            for site in sites.elsewhere {
                let other = resolver(for: site.file)
                guard let found = other.constructions(of: site.expression, Environment(), depth: 0), found.count == 1,
                    let source = found.first, source.className == className, source.initializer == initializer
                else { return nil }
                instances.append(source)
            }
            guard instances.count <= Self.maximumCallers else { return nil }
            if !definition.parameterNames.isEmpty, let constants {
                Dependencies.record(Self.firstLabel(of: initializer))
                if constants.headersMention(Self.firstLabel(of: initializer)) {
                    outside = outside
                        ?? "a header declares `\(initializer)`: on an instance of `\(className)` built outside the scan its caller chooses the values, which are not known"
                }
            }
        }
        guard !instances.isEmpty else { return nil }
        return (instances, outside)
    }
}

extension ObjCLocalBinding {
    /// `CFStringRef protection;`: a declaration that gives the local no value yet.
    fileprivate var isDeclarationWithoutValue: Bool {
        if case .declaration(let declarator, _) = kind { return declarator.initializer == nil }
        return false
    }
}
