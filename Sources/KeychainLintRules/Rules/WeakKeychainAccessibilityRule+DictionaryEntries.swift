import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

/// swift.weak_keychain_accessibility's check of a `kSecAttrAccessible` key no Keychain call of the
/// scan is seen receiving. Swift-only by nature: it reads the shapes Swift code builds a
/// dictionary with (a literal bound to a local, `query[key] = value`, `updateValue(_:forKey:)`)
/// and the calls that local is handed to, to tell a stored item from a search filter; the value
/// itself is judged like any other.
extension WeakKeychainAccessibilityRule {
    func checkEntry(_ identifier: SwiftIdentifier, in context: RuleContext) {
        let reference = identifier.syntax
        guard reference.baseName.text == "kSecAttrAccessible", let (keyExpression, valueExpression) = Self.entry(around: reference) else {
            return
        }
        let location = context.file.valueLocation(of: keyExpression)
        let key = QueryJudgement.key(location)
        let scan = context.scan
        // Whether a Keychain call of the scan receives the dictionary is known once every file is
        // walked: what the key's dictionary and value are is read now, judged then.
        // A search filter: the dictionary goes, in this function, only to code that
        // reads, deletes or migrates matching items (`migrateObjects(matching: query)`).
        if let search = Self.searchUse(ofDictionaryHolding: keyExpression) {
            let place = context.file.location(of: search)
            let note = ScanDiagnostic(
                kind: .unresolved, file: context.file.path, position: SourcePosition(line: place.line, column: place.column),
                message: "\(context.rule.id): the dictionary with kSecAttrAccessible (line \(location.line)) is passed to `\(SyntaxQueries.shortText(search.calledExpression, limit: 40))`, which searches: a filter, not a store")
            context.afterWalk { judged in
                guard !Self.isConnected(key, scan) else { return }
                judged.note(note)
            }
            return
        }
        let resolution = context.resolve(valueExpression)
        let (valueLocation, snippet) = (context.file.valueLocation(of: valueExpression), SyntaxQueries.shortText(valueExpression, limit: 200))
        context.afterWalk { judged in
            guard !Self.isConnected(key, scan) else { return }
            guard let weak = resolution.values.first(where: { WeakKeychainAccessibilityJudgement.weakSpelling($0.value) != nil }),
                let spelling = WeakKeychainAccessibilityJudgement.weakSpelling(weak.value)
            else {
                judged.noteGaps(resolution, asking: "value of kSecAttrAccessible")
                return
            }
            judged.report(
                at: valueLocation, message: Self.entryMessage(spelling) + judged.describeTrace(weak.trace),
                confidence: .medium, trace: weak.trace, snippet: snippet)
        }
    }

    /// Callee words that mean the dictionary selects items (the first word of a camel-case name).
    static let searchVerbs: Set<String> = ["migrate", "delete", "remove", "copy", "find", "search", "exists", "contains", "load", "read", "fetch"]
    /// Callee words that mean the dictionary may be stored.
    static let storeVerbs: Set<String> = ["add", "set", "save", "store", "update", "insert", "write", "create", "put", "make"]

    /// For a key written into a dictionary held by a local (`query[kSecAttrAccessible] = …`,
    /// `let query = [kSecAttrAccessible: …]`) or written as a call's argument, the call that
    /// searches with it, when every call of the enclosing function that receives the dictionary
    /// searches: its argument label is `matching`, or its name starts with a search verb
    /// (`migrateObjects`, `removeAllObjects`, `copy`). Nil when any receiver may store it, or the
    /// dictionary leaves the function another way (returned, stored in a property).
    static func searchUse(ofDictionaryHolding key: ExprSyntax) -> FunctionCallExprSyntax? {
        var uses: [ExprSyntax] = []
        var scope: Syntax?
        if let holder = holderName(ofDictionaryHolding: key) {
            guard let binding = LocalVariable.binding(of: holder.name, at: holder.node),
                let body = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self)
            else { return nil }
            scope = Syntax(body)
            for reference in DictionaryUseFinder.references(to: holder.name, in: body) {
                guard case .variable(let found) = SyntaxQueries.binding(of: holder.name, at: reference), found.id == binding.id else { continue }
                uses.append(ExprSyntax(reference))
            }
        } else if let literal = key.parent?.parent?.parent?.as(DictionaryExprSyntax.self) {
            uses = [ExprSyntax(literal)]
            scope = Syntax(literal)
        }
        guard scope != nil, !uses.isEmpty else { return nil }
        var search: FunctionCallExprSyntax?
        for use in uses {
            var node = Syntax(use)
            while let parent = node.parent, parent.is(AsExprSyntax.self) || parent.is(TupleExprSyntax.self) { node = parent }
            guard let parent = node.parent else { return nil }
            // `query[key] = v`, `query.updateValue(…)`, `query[key]` reads and member reads stay local.
            if parent.is(SubscriptCallExprSyntax.self) || parent.is(MemberAccessExprSyntax.self) { continue }
            if let infix = parent.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == node.id { continue }
            if parent.is(InitializerClauseSyntax.self) { continue }
            guard let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                let name = SyntaxQueries.calleeName(of: call)
            else { return nil }
            let verb = String(name.prefix { !$0.isUppercase })
            if storeVerbs.contains(verb) { return nil }
            guard argument.label?.text == "matching" || searchVerbs.contains(verb) else { return nil }
            search = search ?? call
        }
        return search
    }

    /// The local a key is written into: `name[key] = …`, `name.updateValue(…, forKey: key)`, or the
    /// dictionary literal of `let name = [key: …]`.
    private static func holderName(ofDictionaryHolding key: ExprSyntax) -> (name: String, node: Syntax)? {
        var node = Syntax(key)
        while let parent = node.parent {
            if let subscriptCall = parent.as(SubscriptCallExprSyntax.self),
                let base = subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self)
            {
                return (base.baseName.text, Syntax(base))
            }
            if let call = parent.as(FunctionCallExprSyntax.self),
                let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)
            {
                return (base.baseName.text, Syntax(base))
            }
            if let literal = parent.as(DictionaryExprSyntax.self) {
                var outer = Syntax(literal)
                while let up = outer.parent, up.is(AsExprSyntax.self) || up.is(TupleExprSyntax.self) { outer = up }
                guard let binding = outer.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
                    let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
                else { return nil }
                return (pattern.identifier.text, Syntax(pattern))
            }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(MemberBlockItemSyntax.self) { return nil }
            node = parent
        }
        return nil
    }

    /// For a `kSecAttrAccessible` reference that is (in any spelling) a key being set — a dictionary
    /// literal entry, `dict[key] = value`, `updateValue(_:forKey:)`, `setObject(_:forKey:)`,
    /// `setValue(_:forKey:)` — the key expression and the value expression.
    static func entry(around reference: DeclReferenceExprSyntax) -> (key: ExprSyntax, value: ExprSyntax)? {
        var key = ExprSyntax(reference)
        while let parent = key.parent {
            if let cast = parent.as(AsExprSyntax.self), cast.expression.id == key.id {
                key = ExprSyntax(cast)
            } else if let element = parent.as(LabeledExprSyntax.self), let list = element.parent?.as(LabeledExprListSyntax.self),
                list.count == 1, let owner = list.parent
            {
                if let tuple = owner.as(TupleExprSyntax.self), element.label == nil {
                    key = ExprSyntax(tuple)
                } else if let call = owner.as(FunctionCallExprSyntax.self), ["String", "NSString"].contains(SyntaxQueries.calleeName(of: call) ?? ""),
                    call.trailingClosure == nil
                {
                    key = ExprSyntax(call)
                } else {
                    break
                }
            } else {
                break
            }
        }
        guard let parent = key.parent else { return nil }
        if let element = parent.as(DictionaryElementSyntax.self), element.key.id == key.id {
            return (key, element.value)
        }
        if let argument = parent.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self) {
            if let subscriptCall = list.parent?.as(SubscriptCallExprSyntax.self), list.count == 1,
                let assignment = subscriptCall.parent?.as(InfixOperatorExprSyntax.self),
                assignment.operator.is(AssignmentExprSyntax.self), assignment.leftOperand.id == subscriptCall.id
            {
                return (key, assignment.rightOperand)
            }
            if argument.label?.text == "forKey", let call = list.parent?.as(FunctionCallExprSyntax.self),
                let method = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                ["updateValue", "setObject", "setValue"].contains(method), list.count == 2, let value = list.first
            {
                return (key, value.expression)
            }
        }
        return nil
    }
}

/// The local `let`/`var` a name is bound to at a place (its declaration's pattern included).
private enum LocalVariable {
    static func binding(of name: String, at node: Syntax) -> PatternBindingSyntax? {
        if let pattern = node.as(IdentifierPatternSyntax.self) { return pattern.parent?.as(PatternBindingSyntax.self) }
        if case .variable(let binding) = SyntaxQueries.binding(of: name, at: node) { return binding }
        return nil
    }
}

/// References to one name in a subtree.
private final class DictionaryUseFinder: SyntaxVisitor {
    let name: String
    var found: [DeclReferenceExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    static func references(to name: String, in node: some SyntaxProtocol) -> [DeclReferenceExprSyntax] {
        let finder = DictionaryUseFinder(name: name)
        finder.walk(node)
        return finder.found
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == name, !(node.parent?.as(MemberAccessExprSyntax.self).map { $0.declName.id == node.id } ?? false) {
            found.append(node)
        }
        return .visitChildren
    }
}
