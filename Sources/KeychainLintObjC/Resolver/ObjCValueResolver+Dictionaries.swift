import KeychainLintModel

// Mutable dictionaries built in steps: `setObject:forKey:`, subscripts, `CFDictionaryAddValue`,
// `removeObjectForKey:`, `addEntriesFromDictionary:`, each step on the paths it lies on.
extension ObjCValueResolver {
    struct DictionaryStep {
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
    ///
    /// Up to `Resolution.maximumCandidates` dictionaries are built across the groups, as the Swift
    /// resolver builds its combinations, and the result, whose bound is `maximumValues`, keeps
    /// among them those that show every key and every value of a key that checks read
    /// (`Resolution.add(covering:)`). A query with many optional pieces (a label, an access group,
    /// a prompt, each set or not) has more shapes than the bound, and the shapes with a key set
    /// late (the accessibility after an access-control branch), or with its later values, came
    /// after the bound when the groups stopped at it.
    func applyingDictionarySteps(
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
                guard always || valueCount <= Resolution.maximumCandidates else {
                    result.add(Resolution.valueLimitGap)
                    break
                }
                next.append((always ? group.taken : group.taken + [path], stepped))
            }
            groups = next
        }
        // Without each branch step before with it, as the steps come; beyond the bound, those that
        // show an entry no earlier one shows first (`Resolution.add(covering:)`).
        var candidates: [TracedValue] = []
        for group in groups {
            candidates += group.values.values
            for gap in group.values.gaps { result.add(gap) }
        }
        var kept = Resolution()
        kept.add(covering: candidates)
        return result.merging(kept)
    }

    /// What one step makes of each value (values that are not dictionaries pass unchanged); the
    /// step's own gaps go to `gaps`.
    func stepApplication(
        _ dictionaryStep: DictionaryStep, trace: TraceStep, gaps: inout Resolution, _ env: Environment
    ) -> (Resolution) -> Resolution {
        switch dictionaryStep.kind {
        case .set(let keyExpression, let valueExpression):
            let parts = Resolution.tracedCombinations([part(keyExpression, env), part(valueExpression, env)])
            for gap in parts.gaps { gaps.add(gap) }
            let entryLocation = location(dictionaryStep.range)
            let valueLocation = location(valueExpression.range)
            return { current in
                var next = Resolution()
                for traced in current.values {
                    guard case .dictionary(let entries) = traced.value else { next.add(traced); continue }
                    for values in parts.values {
                        var updated = entries.filter { !SecItemKeys.sameKey($0.key, values[0].value) }
                        updated.append(DictionaryEntry(
                            key: values[0].value, value: values[1].value, location: entryLocation, valueLocation: valueLocation,
                            libraryOption: TraceStep.libraryOption(in: values[1].trace)))
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

    static func verb(_ kind: DictionaryStep.Kind) -> String {
        switch kind {
        case .set: "set"
        case .remove: "removed from"
        case .merge: "merged"
        }
    }

    func dictionarySteps(in body: ObjCBody) -> [DictionaryStep] {
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
}
