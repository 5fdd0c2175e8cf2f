import KeychainLintObjC
import KeychainLintRuleKit

/// What one function or method body does with values, gathered in one walk: where each value
/// ends up (a statement of its own, a local's initializer, an assignment, a dictionary entry),
/// which expressions are tested (`if (access)`, `!access`, `access == NULL`), where each name is
/// read, and the statements that scope locals; read into the model as `locals`, which the
/// readings of what code does with a call's result (`ResultUse`, `NullableResultHandling`) ask.
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
    /// The source text of a range, for what a message quotes.
    let text: (ObjCSourceRange) -> String
    private(set) var slots: [Span: Slot] = [:]
    private(set) var insertions: [Span: Insertion] = [:]
    /// Values the body returns (`return access;`), not those returned by a block inside it.
    private(set) var returned: Set<Span> = []
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
    /// `if (@available(…))` / `if (__builtin_available(…))` statements.
    private(set) var availabilityChecks: [IfStatement] = []
    /// The scopes open at the walk's position, outermost first (the walk is in source order).
    private var openScopes: [Span] = []

    static func of(_ body: ObjCBody, in context: ObjCRuleContext) -> ObjCBodyFacts {
        let resolver = context.resolver
        return context.memo(Key(body: body.range.start.offset)) { ObjCBodyFacts(body, tree: context.tree, text: resolver.text) }
    }

    private struct Key: Hashable {
        let body: Int
    }

    init(_ body: ObjCBody, tree: ObjCSyntaxTree, text: @escaping (ObjCSourceRange) -> String) {
        self.body = body
        self.tree = tree
        self.text = text
        body.body.walk(ObjCVisitor(
            expression: { [self] expression, _ in visit(expression) },
            statement: { [self] statement, context in
                if context.blockDepth == 0, case .return(.some(let value)) = statement.kind { returned.insert(Span(Self.value(value).range)) }
                visit(statement)
            },
            declarator: { [self] declarator, _, _ in
                let scope = innermostScope(containing: declarator.range.start.offset)
                declarations[declarator.name, default: []].append((declarator.range.start.offset, scope))
                if let initializer = declarator.initializer {
                    slots[Span(Self.value(initializer).range)] = .initializer(name: declarator.name, declarator: declarator.range)
                }
            }), owner: body.owner)
        elements.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
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

    /// `NULL`, `nil`, `Nil`, `0`, and the status constants whose value is 0 (`errSecSuccess`,
    /// `noErr`): an integer constant 0 is a null pointer constant in C, so `error == errSecSuccess`
    /// tests a `CFErrorRef` for `NULL`.
    static func isNull(_ expression: ObjCExpr) -> Bool {
        let stripped = value(expression)
        if let name = stripped.identifierName { return ["NULL", "nil", "Nil", "errSecSuccess", "noErr"].contains(name) }
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
            case .assigned(let target, let assignment, let isStatement):
                // Only a name can be a local; a property, `*out` or a subscript is read elsewhere.
                if let name = target.strippingCastsAndParentheses.identifierName {
                    let store = ProgramSpan(assignment.range)
                    locals.slots[span(key)] = isStatement ? .stored(name: name, store: store) : .storedAndUsed(name: name, store: store)
                }
            }
        }
        for (name, declared) in declarations {
            locals.declarations[name] = declared.map { ProgramLocals.Declaration(offset: $0.offset, scope: span($0.scope)) }
                .sorted { $0.offset < $1.offset }
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
        readNullableUses(into: &locals)
        return locals
    }()

    /// What the body does with values that may be `NULL`: returns, dictionary insertions, tests
    /// (a whole condition of an `if` with the branch each outcome runs), and the names, exits and
    /// keys the reading looks at around them.
    private func readNullableUses(into locals: inout ProgramLocals) {
        func span(_ span: Span) -> ProgramSpan { ProgramSpan(start: span.start, end: span.end) }
        for value in returned {
            locals.nullableUses[span(value)] = ProgramLocals.NullableUse(.returned, written: "", line: 0)
        }
        for (value, insertion) in insertions {
            let kind: ProgramLocals.NullableUse.Kind = insertion.raises ? .crashes(suffix: "") : .entry(key: .objectiveC(insertion.key))
            locals.nullableUses[span(value)] = ProgramLocals.NullableUse(
                kind, written: ObjCValueResolver.shortText(text(insertion.value.range)), line: insertion.value.range.start.line)
        }
        for value in tested {
            locals.nullableUses[span(value)] = ProgramLocals.NullableUse(.tested(whenNil: nil, whenNotNil: nil), written: "", line: 0)
        }
        for statement in ifs {
            let then = ProgramSpan(statement.then.range)
            let otherwise = statement.otherwise.map { ProgramSpan($0.range) }
            if let (value, nullWhenTrue) = Self.wholeTest(statement.condition) {
                let kind: ProgramLocals.NullableUse.Kind = nullWhenTrue
                    ? .tested(whenNil: then, whenNotNil: otherwise) : .tested(whenNil: otherwise, whenNotNil: then)
                locals.nullableUses[ProgramSpan(value.range)] = ProgramLocals.NullableUse(kind, written: "", line: 0)
            }
        }
        for (block, statements) in sequences.enumerated() {
            for (position, statement) in statements.enumerated() {
                guard case .if(let condition, let then, _) = statement.kind, Self.leaves(then) else { continue }
                let element = ProgramLocals.Element(span: ProgramSpan(statement.range), block: block, position: position)
                locals.exits.append(ProgramLocals.Exit(statement: element, condition: ProgramSpan(condition.range)))
            }
        }
        locals.exits.sort { $0.statement.span.start < $1.statement.span.start }
        for (name, spans) in identifiers {
            locals.mentions[name] = spans.map(\.start).sorted()
            let used = spans.filter { locals.nullableUses[span($0)] != nil }.map(\.start).sorted()
            if !used.isEmpty { locals.nullableNames[name] = used }
        }
        locals.keyWrites = insertions.values.map { insertion in
            ProgramLocals.KeyWrite(key: .objectiveC(insertion.key), offset: insertion.key.range.start.offset, line: insertion.key.range.start.line)
        }.sorted { $0.offset < $1.offset }
    }

    /// The value a whole condition tests for `NULL`, through `!` and comparisons with `NULL`,
    /// and whether the condition holds when it is `NULL` (`!access`, `access == NULL`) or when
    /// it is not (`access`, `access != nil`).
    static func wholeTest(_ condition: ObjCExpr) -> (value: ObjCExpr, nullWhenTrue: Bool)? {
        let condition = value(condition)
        switch condition.kind {
        case .prefix(.logicalNot, let operand):
            return wholeTest(operand).map { ($0.value, !$0.nullWhenTrue) }
        case .binary(let operation, let left, let right) where operation == .equal || operation == .notEqual:
            let tested = isNull(right) ? left : isNull(left) ? right : nil
            return tested.map { (value($0), operation == .equal) }
        default:
            return (condition, false)
        }
    }

    // MARK: - Questions

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
