import KeychainLintObjC

/// What one function or method body does with values, gathered in one walk: where each value
/// ends up (a statement of its own, a local's initializer, an assignment, a dictionary entry),
/// which expressions are tested (`if (access)`, `!access`, `access == NULL`), where each name is
/// read, and the statements that scope locals. `objc.unchecked_keychain_status` and
/// `objc.unchecked_access_control_creation` ask it what happens to a call's result, as the Swift
/// rules ask the syntax tree for a call's parent.
///
/// Kept per body in the rule context (`ObjCBodyFacts.of`), so a body with many calls is walked
/// once, not once per call.
final class ObjCBodyFacts {
    /// An expression's place in the file, as a key.
    struct Span: Hashable {
        let start: Int
        let end: Int

        init(_ range: ObjCSourceRange) {
            start = range.start.offset
            end = range.end.offset
        }

        func contains(_ offset: Int) -> Bool { start <= offset && offset < end }
    }

    /// Where a value (keyed by its span without parentheses, casts and `CFBridgingRelease`) goes.
    enum Slot {
        /// An expression statement of its own (`SecItemDelete(q);`, `(void)SecItemAdd(q, NULL);`).
        case statement
        /// The initializer of a local (`OSStatus status = …`).
        case initializer(name: String, declarator: ObjCSourceRange)
        /// The value of a plain assignment; `isStatement` when the assignment is a statement of its own.
        case assigned(target: ObjCExpr, assignment: ObjCExpr, isStatement: Bool)
    }

    /// A value stored in a dictionary under `key`.
    struct Insertion {
        let key: ObjCExpr
        /// The value as written (`(__bridge id)access`).
        let value: ObjCExpr
        /// A `NULL` value raises (or crashes): an `@{…}` literal, `setObject:forKey:`,
        /// `CFDictionaryAddValue`/`SetValue`/`ReplaceValue`. Otherwise the entry is left out: a
        /// subscript assignment, `setValue:forKey:` and `setObject:forKeyedSubscript:` remove the
        /// key, a `nil` ends the list of `dictionaryWithObjectsAndKeys:`.
        let raises: Bool
    }

    struct IfStatement {
        let condition: ObjCExpr
        let then: ObjCStmt
        let otherwise: ObjCStmt?
        let range: ObjCSourceRange
    }

    let body: ObjCBody
    /// The file's tree, for its `#if` branches.
    let tree: ObjCSyntaxTree
    private(set) var slots: [Span: Slot] = [:]
    private(set) var insertions: [Span: Insertion] = [:]
    /// Values the body returns (`return access;`), not those returned by a block inside it.
    private(set) var returned: Set<Span> = []
    /// The keys of every insertion, by position.
    private var insertionKeys: [ObjCExpr] = []
    /// Expressions used as a truth value: conditions, operands of `!`, `&&`, `||`, and the side of
    /// `==`/`!=` compared with `NULL`/`nil`/`0`.
    private(set) var tested: Set<Span> = []
    /// Every identifier expression, by name.
    private(set) var identifiers: [String: [Span]] = [:]
    /// Identifiers that are written, not read: the target of `name = …`, and `(void)name;`.
    private(set) var notReads: Set<Int> = []
    /// Local declarations by name: where, and the statement that scopes them.
    private(set) var declarations: [String: [(offset: Int, scope: Span)]] = [:]
    private(set) var loops: [Span] = []
    /// Block literals: code kept to run later.
    private(set) var blocks: [Span] = []
    private(set) var ifs: [IfStatement] = []
    /// The statements of every compound statement, in order.
    private(set) var sequences: [[ObjCStmt]] = []
    /// Every statement of a compound statement: (its start, end, sequence, position), sorted by
    /// start, a statement before those nested in it.
    private var elements: [(start: Int, end: Int, sequence: Int, position: Int)] = []
    private var declaratorScopes: [Int: Span] = [:]
    /// The `if` statements (indices into `ifs`) whose condition names each identifier.
    private(set) var ifsByConditionName: [String: [Int]] = [:]
    /// `if (@available(…))` / `if (__builtin_available(…))` statements.
    private(set) var availabilityChecks: [IfStatement] = []
    /// The scopes open at the walk's position, outermost first (the walk is in source order).
    private var openScopes: [Span] = []

    static func of(_ body: ObjCBody, in context: ObjCRuleContext) -> ObjCBodyFacts {
        context.memo(Key(body: body.range.start.offset)) { ObjCBodyFacts(body, tree: context.tree) }
    }

    private struct Key: Hashable {
        let body: Int
    }

    init(_ body: ObjCBody, tree: ObjCSyntaxTree) {
        self.body = body
        self.tree = tree
        body.body.walk(ObjCVisitor(
            expression: { [self] expression, _ in visit(expression) },
            statement: { [self] statement, context in
                if context.blockDepth == 0, case .return(.some(let value)) = statement.kind { returned.insert(Span(Self.value(value).range)) }
                visit(statement)
            },
            declarator: { [self] declarator, _, _ in
                let scope = innermostScope(containing: declarator.range.start.offset)
                declarations[declarator.name, default: []].append((declarator.range.start.offset, scope))
                declaratorScopes[declarator.range.start.offset] = scope
                if let initializer = declarator.initializer {
                    slots[Span(Self.value(initializer).range)] = .initializer(name: declarator.name, declarator: declarator.range)
                }
            }), owner: body.owner)
        elements.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
        insertionKeys = insertions.values.map(\.key).sorted { $0.range.start.offset < $1.range.start.offset }
    }

    /// The keys written into dictionaries within `range`, in source order.
    func insertionKeys(in range: ObjCSourceRange) -> ArraySlice<ObjCExpr> {
        var low = 0
        var high = insertionKeys.count
        while low < high {
            let middle = (low + high) / 2
            if insertionKeys[middle].range.start.offset < range.start.offset { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < insertionKeys.count, insertionKeys[end].range.start.offset < range.end.offset { end += 1 }
        return insertionKeys[low..<end]
    }

    /// The value an expression passes on: without parentheses, casts (bridged or not) and
    /// `CFBridgingRelease`/`CFBridgingRetain`.
    static func value(_ expression: ObjCExpr) -> ObjCExpr {
        var current = expression
        for _ in 0..<64 {
            current = current.strippingCastsAndParentheses
            guard case .call(let call) = current.kind, ["CFBridgingRelease", "CFBridgingRetain"].contains(call.calleeName ?? ""),
                  call.arguments.count == 1 else { return current }
            current = call.arguments[0]
        }
        return current
    }

    /// `NULL`, `nil`, `Nil`, `0`.
    static func isNull(_ expression: ObjCExpr) -> Bool {
        let stripped = value(expression)
        if let name = stripped.identifierName { return ["NULL", "nil", "Nil"].contains(name) }
        if case .integerLiteral(let spelling) = stripped.kind { return spelling == "0" }
        return false
    }

    private func visit(_ statement: ObjCStmt) {
        switch statement.kind {
        case .expression(let expression):
            slots[Span(Self.value(expression).range)] = .statement
            if case .assignment(.assign, let target, let assigned) = expression.strippingCastsAndParentheses.kind {
                slots[Span(Self.value(assigned).range)] = .assigned(target: target, assignment: expression.strippingCastsAndParentheses, isStatement: true)
            }
            if case .cast(let cast) = expression.kind, cast.type.spelling == "void", Self.value(cast.operand).identifierName != nil {
                notReads.insert(Self.value(cast.operand).range.start.offset)
            }
        case .compound(let statements):
            open(Span(statement.range))
            for (position, child) in statements.enumerated() {
                elements.append((child.range.start.offset, child.range.end.offset, sequences.count, position))
            }
            sequences.append(statements)
        case .if(let condition, let then, let otherwise):
            markTested(condition)
            let check = IfStatement(condition: condition, then: then, otherwise: otherwise, range: statement.range)
            for name in Set(Self.identifierNames(in: condition)) { ifsByConditionName[name, default: []].append(ifs.count) }
            ifs.append(check)
            switch condition.strippingCastsAndParentheses.kind {
            case .atExpression("available", _): availabilityChecks.append(check)
            case .call(let call) where call.calleeName == "__builtin_available": availabilityChecks.append(check)
            default: break
            }
        case .while(let condition, _), .doWhile(_, let condition):
            markTested(condition)
            loops.append(Span(statement.range))
        case .for(_, let condition, _, _):
            if let condition { markTested(condition) }
            loops.append(Span(statement.range))
            open(Span(statement.range))
        case .forIn:
            loops.append(Span(statement.range))
            open(Span(statement.range))
        default:
            break
        }
    }

    private func visit(_ expression: ObjCExpr) {
        switch expression.kind {
        case .identifier(let name):
            identifiers[name, default: []].append(Span(expression.range))
        case .block:
            blocks.append(Span(expression.range))
        case .assignment(let operation, let target, let assigned):
            if operation == .assign {
                let span = Span(Self.value(assigned).range)
                if slots[span] == nil {
                    slots[span] = .assigned(target: target, assignment: expression, isStatement: false)
                }
                if case .subscript(_, let index) = target.kind {
                    insertions[span] = Insertion(key: index, value: assigned, raises: false)
                }
                if let name = target.strippingCastsAndParentheses.identifierName, !name.isEmpty {
                    notReads.insert(target.strippingCastsAndParentheses.range.start.offset)
                }
            }
        case .conditional(let condition, _, _):
            markTested(condition)
        case .prefix(.logicalNot, let operand):
            markTested(operand)
        case .binary(.logicalAnd, let left, let right), .binary(.logicalOr, let left, let right):
            markTested(left)
            markTested(right)
        case .binary(.equal, let left, let right), .binary(.notEqual, let left, let right):
            if Self.isNull(right) { markTested(left) }
            if Self.isNull(left) { markTested(right) }
        case .dictionary(let entries):
            for entry in entries {
                insertions[Span(Self.value(entry.value).range)] = Insertion(key: entry.key, value: entry.value, raises: true)
            }
        case .message(let message):
            let arguments = message.pieces.compactMap(\.argument) + message.variadicArguments
            switch message.selector {
            case "setObject:forKey:", "setValue:forKey:", "setObject:forKeyedSubscript:":
                guard arguments.count == 2 else { break }
                insertions[Span(Self.value(arguments[0]).range)] = Insertion(
                    key: arguments[1], value: arguments[0], raises: message.selector == "setObject:forKey:")
            case "dictionaryWithObjectsAndKeys:", "initWithObjectsAndKeys:":
                var index = 0
                while index + 1 < arguments.count {
                    insertions[Span(Self.value(arguments[index]).range)] = Insertion(
                        key: arguments[index + 1], value: arguments[index], raises: false)
                    index += 2
                }
            default:
                break
            }
        case .call(let call):
            if ["CFDictionaryAddValue", "CFDictionarySetValue", "CFDictionaryReplaceValue"].contains(call.calleeName ?? ""),
               call.arguments.count == 3 {
                insertions[Span(Self.value(call.arguments[2]).range)] = Insertion(
                    key: call.arguments[1], value: call.arguments[2], raises: true)
            }
        default:
            break
        }
    }

    /// The identifiers an expression names (block literals' bodies aside).
    static func identifierNames(in expression: ObjCExpr, depth: Int = 0) -> [String] {
        guard depth < 256 else { return [] }
        if let name = expression.identifierName { return [name] }
        var names: [String] = []
        expression.forEachChild { names += identifierNames(in: $0, depth: depth + 1) }
        return names
    }

    /// The `if` statements whose condition names `name`.
    func ifs(mentioning name: String) -> [IfStatement] {
        (ifsByConditionName[name] ?? []).map { ifs[$0] }
    }

    private func markTested(_ expression: ObjCExpr) {
        tested.insert(Span(Self.value(expression).range))
    }

    private func open(_ scope: Span) {
        closeScopes(before: scope.start)
        openScopes.append(scope)
    }

    private func closeScopes(before offset: Int) {
        while let last = openScopes.last, !last.contains(offset) { openScopes.removeLast() }
    }

    /// The innermost scope around `offset`; the walk meets scopes and declarations in source
    /// order, so the scopes still open are the ones around it.
    private func innermostScope(containing offset: Int) -> Span {
        closeScopes(before: offset)
        return openScopes.last ?? Span(body.body.range)
    }

    // MARK: - The model

    /// The body's locals in the model's terms, for the one reading of what code does with a value
    /// (`ProgramLocals`).
    private(set) lazy var locals: ProgramLocals = {
        var locals = ProgramLocals()
        func span(_ span: Span) -> ProgramSpan { ProgramSpan(start: span.start, end: span.end) }
        for (key, slot) in slots {
            switch slot {
            case .statement:
                locals.slots[span(key)] = .discarded
            case .initializer(let name, let declarator):
                locals.slots[span(key)] = .stored(name: name, store: ProgramSpan(declarator))
            case .assigned(let target, let assignment, true):
                // Only a name can be a local; a property, `*out` or a subscript is read elsewhere.
                if let name = target.strippingCastsAndParentheses.identifierName {
                    locals.slots[span(key)] = .stored(name: name, store: ProgramSpan(assignment.range))
                }
            case .assigned:
                break
            }
        }
        for (name, declared) in declarations {
            locals.declarations[name] = declared.map { ProgramLocals.Declaration(offset: $0.offset, scope: span($0.scope)) }
        }
        for (name, spans) in identifiers {
            let reads = spans.filter { !notReads.contains($0.start) }.map(\.start)
            if !reads.isEmpty { locals.reads[name] = reads }
        }
        locals.loops = loops.map(span)
        locals.deferredCode = blocks.map(span)
        locals.elements = elements.map {
            ProgramLocals.Element(span: ProgramSpan(start: $0.start, end: $0.end), block: $0.sequence, position: $0.position)
        }
        for (block, statements) in sequences.enumerated() {
            for (position, statement) in statements.enumerated() {
                guard case .expression(let expression) = statement.kind,
                      case .assignment(.assign, let target, _) = expression.strippingCastsAndParentheses.kind,
                      let name = target.strippingCastsAndParentheses.identifierName
                else { continue }
                locals.overwrites[name, default: []].append(
                    ProgramLocals.Overwrite(name: name, statement: ProgramSpan(statement.range), block: block, position: position))
            }
        }
        let tree = tree
        locals.exclusive = { tree.inExclusivePreprocessorBranches($0, $1) }
        return locals
    }()

    // MARK: - Questions

    /// The local `name` visible at `offset`: the scope of its latest declaration before `offset`
    /// whose scope holds `offset`; nil for a parameter, an instance variable or a global.
    func localScope(of name: String, at offset: Int) -> Span? {
        declarations[name]?.last { $0.offset <= offset && $0.scope.contains(offset) }?.scope
    }

    /// The scope of the local declared by `declarator`.
    func scope(ofDeclarator declarator: ObjCSourceRange) -> Span? {
        declaratorScopes[declarator.start.offset]
    }

    /// The uses of local `name` after `offset` within `scope` (writes included: callers filter).
    func uses(of name: String, after offset: Int, in scope: Span) -> [Span] {
        (identifiers[name] ?? []).filter { $0.start >= offset && scope.contains($0.start) }
    }

    /// Whether `range` (a statement, a condition) mentions `name` as an identifier.
    func mentions(_ range: ObjCSourceRange, _ name: String) -> Bool {
        let span = Span(range)
        return (identifiers[name] ?? []).contains { span.contains($0.start) }
    }

    /// The statements after the one that contains `offset` in its compound statement (the
    /// innermost one), in order.
    func statements(after offset: Int) -> [ObjCStmt] {
        // The innermost statement around `offset` is the one with the latest start at or before it
        // that still contains it (a nested statement starts after the one around it).
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0 {
            let element = elements[index]
            if element.start <= offset && offset < element.end {
                let sequence = sequences[element.sequence]
                return Array(sequence[(element.position + 1)...])
            }
            index -= 1
        }
        return []
    }

    /// Whether a statement always leaves the body or crashes on its way (`return`, `@throw`,
    /// `goto`, `abort()`, `exit()`, `[NSException raise:…]`), outside block literals.
    static func leaves(_ statement: ObjCStmt) -> Bool {
        var found = false
        statement.walk(ObjCVisitor(
            expression: { expression, context in
                guard context.blockDepth == 0 else { return }
                switch expression.kind {
                case .call(let call) where ["abort", "exit", "_Exit", "__builtin_trap"].contains(call.calleeName ?? ""):
                    found = true
                case .message(let message) where message.receiverClassName == "NSException" && message.selector.hasPrefix("raise"):
                    found = true
                default:
                    break
                }
            },
            statement: { statement, context in
                guard context.blockDepth == 0 else { return }
                switch statement.kind {
                case .return, .throw, .goto: found = true
                default: break
                }
            }), owner: nil)
        return found
    }
}
