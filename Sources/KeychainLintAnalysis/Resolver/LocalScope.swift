import KeychainLintModel
import Foundation
import SwiftSyntax

/// What a bare identifier refers to inside a function or top-level code.
enum LocalBinding {
    /// `let`/`var` declared in `list` at `itemIndex`.
    case variable(VariableDeclSyntax, PatternBindingSyntax, list: CodeBlockItemListSyntax, itemIndex: Int)
    /// One name of a tuple pattern of a `let`/`var` (`var (attributes, error) = f()`).
    case tupleElement(TuplePatternElement)
    case parameter(FunctionParameterSyntax, function: Syntax)
    /// `if let x = e`, `guard let x = e`, `if let x`.
    case optionalBinding(OptionalBindingConditionSyntax)
    /// An associated value bound by a `switch` case (`case let .valet(accessibility):`).
    case casePayload(CasePayload)
    /// Declared in clauses of an `#if` (`#if DEBUG let flags = … #else let flags = … #endif`):
    /// each clause's value is possible.
    case conditional(ConditionalDeclaration)
    /// A binding whose value the resolver does not follow (closure or loop variable, pattern, …).
    case opaque(String)
}

/// A local declared inside the clauses of an `#if` in a statement list.
/// (A class: it holds `LocalBinding`s, which hold it.)
final class ConditionalDeclaration {
    /// Each clause that declares the name: its condition as written (`#if DEBUG`, `#else`) and
    /// the declaration there.
    let clauses: [(condition: String, binding: LocalBinding)]
    /// The list holding the `#if`, and the `#if`'s index in it (the flow to a use after
    /// `#endif` continues from there).
    let list: CodeBlockItemListSyntax
    let itemIndex: Int

    init(clauses: [(condition: String, binding: LocalBinding)], list: CodeBlockItemListSyntax, itemIndex: Int) {
        self.clauses = clauses
        self.list = list
        self.itemIndex = itemIndex
    }
}

/// Lexical lookup of local names, walking outwards from a use. Stops at type bodies: members
/// are resolved through the project index instead.
enum LocalScope {
    static func lookup(_ name: String, from node: Syntax) -> LocalBinding? {
        var child = node
        var current = node.parent
        while let parent = current {
            if let list = parent.as(CodeBlockItemListSyntax.self),
                let found = lookupInList(name, list: list, before: child)
            {
                return found
            }
            if let ifExpr = parent.as(IfExprSyntax.self), child.id == ifExpr.body.id,
                let found = lookupInConditions(name, ifExpr.conditions)
            {
                return found
            }
            if let whileStmt = parent.as(WhileStmtSyntax.self), child.id == whileStmt.body.id,
                let found = lookupInConditions(name, whileStmt.conditions)
            {
                return found
            }
            if let forStmt = parent.as(ForStmtSyntax.self), child.id == forStmt.body.id,
                patternBinds(forStmt.pattern, name)
            {
                return .opaque("`\(name)` is a loop variable")
            }
            if let closure = parent.as(ClosureExprSyntax.self), closureBinds(closure, name) {
                return .opaque("`\(name)` is a closure parameter")
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), caseBinds(switchCase, name) {
                if let payload = CasePayload(binding: name, in: switchCase) { return .casePayload(payload) }
                return .opaque("`\(name)` is bound by a `case` pattern")
            }
            if let catchClause = parent.as(CatchClauseSyntax.self), child.id == catchClause.body.id {
                if name == "error" && catchClause.catchItems.isEmpty { return .opaque("`error` of a catch clause") }
                if catchClause.catchItems.contains(where: { $0.pattern.map { patternBinds($0, name) } ?? false }) {
                    return .opaque("`\(name)` is bound by a catch pattern")
                }
            }
            if let function = parent.as(FunctionDeclSyntax.self) {
                if let parameter = parameter(named: name, in: function.signature.parameterClause.parameters) {
                    return .parameter(parameter, function: Syntax(function))
                }
            }
            if let initializer = parent.as(InitializerDeclSyntax.self) {
                if let parameter = parameter(named: name, in: initializer.signature.parameterClause.parameters) {
                    return .parameter(parameter, function: Syntax(initializer))
                }
            }
            if let subscriptDecl = parent.as(SubscriptDeclSyntax.self),
                parameter(named: name, in: subscriptDecl.parameterClause.parameters) != nil
            {
                return .opaque("`\(name)` is a subscript parameter")
            }
            if parent.is(AccessorDeclSyntax.self), ["newValue", "oldValue"].contains(name) {
                return .opaque("`\(name)` is an accessor parameter")
            }
            if parent.is(MemberBlockSyntax.self) {
                return nil
            }
            child = parent
            current = parent.parent
        }
        return nil
    }

    /// Top-level code longer than this is treated as declarations only (its `let`s and `var`s are
    /// globals, found through the project index): walking tens of thousands of top-level items for
    /// every name would make generated files quadratic.
    static let maximumTopLevelItems = 256

    private static func lookupInList(_ name: String, list: CodeBlockItemListSyntax, before child: Syntax)
        -> LocalBinding?
    {
        if list.parent?.is(SourceFileSyntax.self) == true, list.count > maximumTopLevelItems { return nil }
        if list.count > LongListIndex.minimumItems {
            return LongListIndex.of(list).lookup(name, before: child) { index, item in bindingIn(item, index: index, name, list) }
        }
        let items = Array(list)
        guard let position = items.firstIndex(where: { $0.id == child.id }) else { return nil }
        for index in stride(from: position - 1, through: 0, by: -1) {
            if let found = bindingIn(items[index].item, index: index, name, list) { return found }
        }
        return nil
    }

    /// What item `index` of `list` binds `name` to, if it binds it.
    private static func bindingIn(
        _ item: CodeBlockItemSyntax.Item, index: Int, _ name: String, _ list: CodeBlockItemListSyntax
    ) -> LocalBinding? {
        if let decl = item.as(VariableDeclSyntax.self) {
            for binding in decl.bindings {
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
                    identifier.identifier.text == name
                {
                    return .variable(decl, binding, list: list, itemIndex: index)
                }
                if !binding.pattern.is(IdentifierPatternSyntax.self), patternBinds(binding.pattern, name) {
                    guard let (identifier, path) = TuplePatternElement.path(of: name, in: binding.pattern) else {
                        return .opaque("`\(name)` is bound by a pattern the resolver does not follow")
                    }
                    return .tupleElement(
                        TuplePatternElement(
                            declaration: decl, patternBinding: binding, identifier: identifier, path: path, list: list, itemIndex: index))
                }
            }
        }
        if let guardStmt = item.as(GuardStmtSyntax.self), let found = lookupInConditions(name, guardStmt.conditions) {
            return found
        }
        if let ifConfig = item.as(IfConfigDeclSyntax.self) {
            var clauses: [(condition: String, binding: LocalBinding)] = []
            for clause in ifConfig.clauses {
                guard case .statements(let statements)? = clause.elements else { continue }
                let items = Array(statements)
                // The clause's last declaration of the name is the one in scope after `#endif`.
                for position in items.indices.reversed() {
                    if let found = bindingIn(items[position].item, index: position, name, statements) {
                        clauses.append((clauseText(clause), found))
                        break
                    }
                }
            }
            return clauses.isEmpty ? nil : .conditional(ConditionalDeclaration(clauses: clauses, list: list, itemIndex: index))
        }
        return nil
    }

    /// For a long list of statements (a generated function with thousands), the names each item
    /// may bind, so that looking a name up does not walk every earlier statement for every use.
    /// Built once per list; it keeps its list (so the tree, whose identity is part of the key)
    /// alive while it is cached.
    final class LongListIndex: @unchecked Sendable {
        static let minimumItems = 64
        private static let cacheLimit = 64
        private static let lock = NSLock()
        nonisolated(unsafe) private static var cache: [SyntaxIdentifier: LongListIndex] = [:]

        let list: CodeBlockItemListSyntax
        private var itemPositions: [SyntaxIdentifier: Int] = [:]
        private(set) var items: [CodeBlockItemSyntax] = []
        /// Names that items may bind (a superset: exact checks follow), with their item indexes.
        private var binders: [String: [Int]] = [:]
        /// Every identifier each item mentions, with the item indexes (ascending): a statement
        /// that does not mention a local cannot change it (`LocalFlow`).
        private var mentions: [String: [Int]] = [:]

        static func of(_ list: CodeBlockItemListSyntax) -> LongListIndex {
            if let cached = lock.withLock({ cache[list.id] }) { return cached }
            let built = LongListIndex(list)
            lock.withLock {
                if cache.count >= cacheLimit { cache.removeAll() }
                cache[list.id] = built
            }
            return built
        }

        private init(_ list: CodeBlockItemListSyntax) {
            self.list = list
            for (index, item) in list.enumerated() {
                items.append(item)
                itemPositions[item.id] = index
                // The patterns `bindingIn` looks at, not initializers or guard bodies.
                var patterns: [PatternSyntax] = []
                if let decl = item.item.as(VariableDeclSyntax.self) {
                    patterns = decl.bindings.map(\.pattern)
                } else if let guardStmt = item.item.as(GuardStmtSyntax.self) {
                    for element in guardStmt.conditions {
                        if let binding = element.condition.as(OptionalBindingConditionSyntax.self) {
                            patterns.append(binding.pattern)
                        } else if let matching = element.condition.as(MatchingPatternConditionSyntax.self) {
                            patterns.append(matching.pattern)
                        }
                    }
                }
                var mentioned = Set<String>()
                for token in item.tokens(viewMode: .sourceAccurate) {
                    guard case .identifier(var name) = token.tokenKind else { continue }
                    if name.hasPrefix("`"), name.hasSuffix("`"), name.count > 1 { name = String(name.dropFirst().dropLast()) }
                    if mentioned.insert(name).inserted { mentions[name, default: []].append(index) }
                }
                var seen = Set<String>()
                for pattern in patterns {
                    for token in pattern.tokens(viewMode: .sourceAccurate) {
                        guard case .identifier(let name) = token.tokenKind, seen.insert(name).inserted else { continue }
                        binders[name, default: []].append(index)
                    }
                }
                // `#if` clauses may declare a local in each branch (`bindingIn` reads them): every
                // name the block mentions may be bound there.
                if item.item.is(IfConfigDeclSyntax.self) {
                    for name in mentioned where seen.insert(name).inserted { binders[name, default: []].append(index) }
                }
            }
        }

        /// Indexes of the items in `range` that mention `name`, ascending.
        func items(mentioning name: String, in range: Range<Int>) -> ArraySlice<Int> {
            guard let all = mentions[name] else { return [] }
            return all[firstIndex(in: all, notBelow: range.lowerBound)..<firstIndex(in: all, notBelow: range.upperBound)]
        }

        /// Binary search in an ascending array.
        private func firstIndex(in sorted: [Int], notBelow value: Int) -> Int {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The index of the item that contains `node`, if it is in this list.
        func position(ofItemContaining node: Syntax) -> Int? {
            var current: Syntax? = node
            while let candidate = current {
                if candidate.parent?.id == list.id { return itemPositions[candidate.id] }
                current = candidate.parent
            }
            return nil
        }

        func lookup(
            _ name: String, before child: Syntax, _ check: (Int, CodeBlockItemSyntax.Item) -> LocalBinding?
        ) -> LocalBinding? {
            guard let position = itemPositions[child.id], let candidates = binders[name] else { return nil }
            for index in candidates.reversed() where index < position {
                if let found = check(index, items[index].item) { return found }
            }
            return nil
        }
    }

    private static func lookupInConditions(_ name: String, _ conditions: ConditionElementListSyntax) -> LocalBinding? {
        for element in conditions.reversed() {
            if let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
                identifier.identifier.text == name
            {
                return .optionalBinding(binding)
            }
            if let matching = element.condition.as(MatchingPatternConditionSyntax.self),
                patternBinds(matching.pattern, name)
            {
                if let payload = CasePayload(binding: name, in: matching) { return .casePayload(payload) }
                return .opaque("`\(name)` is bound by a `case` pattern")
            }
        }
        return nil
    }

    private static func parameter(named name: String, in parameters: FunctionParameterListSyntax)
        -> FunctionParameterSyntax?
    {
        parameters.first { ($0.secondName ?? $0.firstName).text == name }
    }

    private static func patternBinds(_ pattern: some SyntaxProtocol, _ name: String) -> Bool {
        pattern.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .identifier(name) && token.parent?.is(IdentifierPatternSyntax.self) == true
        }
    }

    private static func closureBinds(_ closure: ClosureExprSyntax, _ name: String) -> Bool {
        guard let signature = closure.signature else { return name.hasPrefix("$") }
        switch signature.parameterClause {
        case .simpleInput(let shorthand):
            return shorthand.contains { $0.name.text == name }
        case .parameterClause(let clause):
            return clause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
        case nil:
            return name.hasPrefix("$")
        }
    }

    private static func caseBinds(_ switchCase: SwitchCaseSyntax, _ name: String) -> Bool {
        guard case .case(let label) = switchCase.label else { return false }
        return label.caseItems.contains { patternBinds($0.pattern, name) }
    }
}

extension LocalScope {
    /// How a trace names an `#if` clause: its keyword and condition (`#if DEBUG`, `#else`).
    static func clauseText(_ clause: IfConfigClauseSyntax) -> String {
        clause.poundKeyword.text + (clause.condition.map { " " + SyntaxQueries.shortText($0, limit: 40) } ?? "")
    }
}
