import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

// The Objective-C front end's answer to `CheckContext.nullableResultHandling(of:…)`: what the
// code does with a pointer result that may be `NULL`, directly or through the local it is
// stored in: tests (`if (access)`, `!access`, `access == NULL`), dictionary insertions (where
// `NULL` raises or leaves the entry out), and what the code that runs when it is `NULL` writes.

extension ObjCRuleContext {
    public func nullableResultHandling(
        of call: ProgramCall, errorArgument: Int, entryKey: String, fallbackKey: String
    ) -> NullableResultHandling {
        guard case .objectiveC(let expression) = call.expression, case .call(let function) = expression.kind,
              let body = resolver.body(containing: expression.range.start.offset)
        else { return NullableResultHandling() }
        let reader = ObjCNullableResults(entryKey: entryKey, fallbackKey: fallbackKey)
        return reader.handling(of: expression, function, named: call.name, errorArgument: errorArgument, body: body, in: self)
    }

    public func isNullLiteral(_ expression: ProgramExpression) -> Bool {
        guard case .objectiveC(let expression) = expression else { return false }
        return ObjCBodyFacts.isNull(expression)
    }
}

/// How Objective-C code treats a result that may be `NULL`.
struct ObjCNullableResults {
    /// The dictionary key the result belongs under.
    let entryKey: String
    /// The key whose write, in code that runs when the result is `NULL`, means falling back to an
    /// item without the result's protection.
    let fallbackKey: String

    /// Helpers followed to their callers one inside another: a bound far beyond real code.
    static let maximumReturnDepth = 3
    /// Calls of one helper whose handling is looked at.
    static let maximumCallers = 24

    /// How deep in helpers returning the result this reader is (0: at the call itself).
    var returnDepth = 0

    /// What the code does with the result.
    struct Handling {
        var checked = false
        /// Code that runs when the result is `NULL`, with the facts of its body.
        var failureBranches: [(branch: ObjCStmt, facts: ObjCBodyFacts)] = []
        /// Inserted where `NULL` raises (the Swift rule's force-unwrap: a crash).
        var forced: (text: String, place: String?)?
        /// Put under `kSecAttrAccessControl` where `NULL` leaves the entry out.
        var inQuery: (text: String, place: String?)?
    }

    /// The local holding the result.
    struct Variable {
        let name: String
        let scope: ObjCBodyFacts.Span
        /// The declarator or the assignment that stores the result.
        let store: ObjCBodyFacts.Span
    }

    func handling(
        of expression: ObjCExpr, _ function: ObjCFunctionCall, named name: String, errorArgument: Int, body: ObjCBody,
        in context: ObjCRuleContext
    ) -> NullableResultHandling {
        let errorName = function.arguments.count > errorArgument ? Self.errorVariable(function.arguments[errorArgument]) : nil
        let handling = uses(ofResultAt: expression.range, text: "\(name)(…)", errorName: errorName, body: body, in: context)
        let failsOpen = handling.failureBranches.lazy.compactMap { failOpenWrite(in: $0.branch, facts: $0.facts, context: context) }.first
        return NullableResultHandling(
            checked: handling.checked, crashingUse: handling.forced, uncheckedEntry: handling.inQuery, fallbackWrittenAt: failsOpen)
    }

    /// What `body` does with the result of the call or message at `range`; `errorName` is the
    /// creation's error out-parameter (none at a helper's callers).
    func uses(ofResultAt range: ObjCSourceRange, text: String, errorName: String?, body: ObjCBody, in context: ObjCRuleContext) -> Handling {
        let facts = ObjCBodyFacts.of(body, in: context)
        let callSpan = ObjCBodyFacts.Span(range)
        var handling = Handling()
        let place = returnDepth == 0 ? nil : "line \(range.start.line)"

        var variable: Variable?
        if let insertion = facts.insertions[callSpan] {
            // Written straight into a dictionary: nothing can check it.
            classify(insertion, text: text, place: place, in: context, into: &handling)
        } else if facts.returned.contains(callSpan) {
            followReturn(from: body, in: context, into: &handling)
        } else {
            switch facts.slots[callSpan] {
            case .initializer(let name, let declarator):
                if let scope = facts.scope(ofDeclarator: declarator) {
                    variable = Variable(name: name, scope: scope, store: ObjCBodyFacts.Span(declarator))
                }
            case .assigned(let target, let assignment, _):
                // A local only: an instance variable or property is used by other methods.
                if let name = target.strippingCastsAndParentheses.identifierName,
                   let scope = facts.localScope(of: name, at: assignment.range.start.offset) {
                    variable = Variable(name: name, scope: scope, store: ObjCBodyFacts.Span(assignment.range))
                    // `if ((access = SecAccessControlCreateWithFlags(…)))`.
                    if facts.tested.contains(ObjCBodyFacts.Span(assignment.range)) { handling.checked = true }
                }
            case .statement, nil:
                break
            }
        }
        if let variable {
            analyzeUses(of: variable, facts: facts, in: context, into: &handling)
            if let errorName, Self.errorCheckedBeforeUse(of: variable, error: errorName, facts: facts) {
                handling.checked = true
            }
        }
        // `if (error) { … }` runs exactly when the call failed: Security sets the error whenever
        // it returns NULL.
        if let errorName {
            for statement in facts.ifs(mentioning: errorName) where statement.range.start.offset >= range.end.offset {
                guard let polarity = Self.nullPolarity(statement.condition, matches: { $0.identifierName == errorName }) else { continue }
                if let branch = polarity == .nullWhenTrue ? statement.otherwise : statement.then {
                    handling.failureBranches.append((branch, facts))
                }
            }
        }
        return handling
    }

    /// A helper returns the result (`- (SecAccessControlRef)makeAccess { return SecAccessControlCreateWithFlags(…); }`):
    /// what the file's calls of it do with the result is what the code does with it. Each call is
    /// judged on its own: the result counts as checked only when every call checks it, and the
    /// first that does not gives the use reported. With no call in the file, the result is the
    /// callers' responsibility, and nothing is recorded.
    func followReturn(from body: ObjCBody, in context: ObjCRuleContext, into handling: inout Handling) {
        guard returnDepth < Self.maximumReturnDepth else { return }
        let sites = context.resolver.callRanges(of: body)
        guard !sites.isEmpty else { return }
        var inner = self
        inner.returnDepth = returnDepth + 1
        var everyCallChecks = true
        for site in sites.prefix(Self.maximumCallers) {
            guard let siteBody = context.resolver.body(containing: site.start.offset) else { continue }
            let text = ObjCValueResolver.shortText(context.resolver.text(site))
            let found = inner.uses(ofResultAt: site, text: text, errorName: nil, body: siteBody, in: context)
            handling.failureBranches += found.failureBranches
            guard !found.checked else { continue }
            everyCallChecks = false
            if handling.forced == nil { handling.forced = found.forced }
            if handling.inQuery == nil { handling.inQuery = found.inQuery }
        }
        if everyCallChecks { handling.checked = true }
    }

    /// Each use of the local after the store: a test (`if (access)`, `!access`, `access == NULL`)
    /// checks it and may give a failure branch; a dictionary insertion uses it unchecked.
    func analyzeUses(of variable: Variable, facts: ObjCBodyFacts, in context: ObjCRuleContext, into handling: inout Handling) {
        for use in facts.uses(of: variable.name, after: variable.store.end, in: variable.scope) where !facts.notReads.contains(use.start) {
            if facts.tested.contains(use) { handling.checked = true }
            if facts.returned.contains(use) { followReturn(from: facts.body, in: context, into: &handling) }
            if let insertion = facts.insertions[use] {
                classify(insertion, text: ObjCValueResolver.shortText(context.resolver.text(insertion.value.range)),
                         place: "line \(insertion.value.range.start.line)", in: context, into: &handling)
            }
        }
        for statement in facts.ifs(mentioning: variable.name) where variable.scope.contains(statement.range.start.offset) {
            // After the store, or `if ((access = SecAccessControlCreateWithFlags(…)))` itself.
            guard statement.range.start.offset >= variable.store.end
                || ObjCBodyFacts.Span(statement.condition.range).contains(variable.store.start) else { continue }
            let polarity = Self.nullPolarity(statement.condition) { expression in
                expression.identifierName == variable.name || ObjCBodyFacts.Span(expression.range) == variable.store
            }
            guard let polarity else { continue }
            handling.checked = true
            if let branch = polarity == .nullWhenTrue ? statement.then : statement.otherwise {
                handling.failureBranches.append((branch, facts))
            }
        }
    }

    func classify(
        _ insertion: ObjCBodyFacts.Insertion, text: String, place: String?, in context: ObjCRuleContext, into handling: inout Handling
    ) {
        if insertion.raises {
            if handling.forced == nil { handling.forced = (text, place) }
        } else if handling.inQuery == nil, Self.keyNames(insertion.key, in: context).contains(entryKey) {
            handling.inQuery = (text, place)
        }
    }

    static func keyNames(_ key: ObjCExpr, in context: ObjCRuleContext) -> Set<String> {
        Set(context.resolve(key).values.compactMap { SecItemKeys.keyName($0.value) })
    }

    /// `error` in `&error` (casts allowed).
    static func errorVariable(_ argument: ObjCExpr) -> String? {
        guard case .prefix(.addressOf, let operand) = argument.strippingCastsAndParentheses.kind else { return nil }
        return operand.strippingCastsAndParentheses.identifierName
    }

    enum NullPolarity {
        /// The condition holds when the value is NULL (`!access`, `access == NULL`).
        case nullWhenTrue
        /// The condition holds when it is not (`access`, `access != nil`).
        case nullWhenFalse
    }

    /// How a whole condition tests the value `matches` recognises, if it does.
    static func nullPolarity(_ condition: ObjCExpr, matches: (ObjCExpr) -> Bool) -> NullPolarity? {
        let condition = ObjCBodyFacts.value(condition)
        if matches(condition) { return .nullWhenFalse }
        switch condition.kind {
        case .prefix(.logicalNot, let operand):
            return nullPolarity(operand, matches: matches).map { $0 == .nullWhenTrue ? .nullWhenFalse : .nullWhenTrue }
        case .binary(let operation, let left, let right) where operation == .equal || operation == .notEqual:
            let tested = ObjCBodyFacts.isNull(right) ? left : ObjCBodyFacts.isNull(left) ? right : nil
            guard let tested, matches(ObjCBodyFacts.value(tested)) else { return nil }
            return operation == .equal ? .nullWhenTrue : .nullWhenFalse
        default:
            return nil
        }
    }

    /// `CFErrorRef error = NULL; access = SecAccessControlCreateWithFlags(…, &error);` followed,
    /// before `access` is used, by `if (error) { … return …; }`: Security sets the error
    /// whenever it returns NULL, so the result is known not to be NULL where it is used.
    static func errorCheckedBeforeUse(of variable: Variable, error: String, facts: ObjCBodyFacts) -> Bool {
        for statement in facts.statements(after: variable.store.start) {
            if case .if(let condition, let then, _) = statement.kind, facts.mentions(condition.range, error),
               !facts.mentions(condition.range, variable.name), ObjCBodyFacts.leaves(then) {
                return true
            }
            // The result is used before any check of the error.
            if facts.mentions(statement.range, variable.name) { return false }
        }
        return false
    }

    /// Where a failure branch writes `fallbackKey` into a dictionary, as "line N".
    func failOpenWrite(in branch: ObjCStmt, facts: ObjCBodyFacts, context: ObjCRuleContext) -> String? {
        facts.insertionKeys(in: branch.range).first { Self.keyNames($0, in: context).contains(fallbackKey) }.map { "line \($0.range.start.line)" }
    }
}
