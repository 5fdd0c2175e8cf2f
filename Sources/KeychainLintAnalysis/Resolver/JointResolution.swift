import KeychainLintModel
import SwiftSyntax

/// Several expressions of one call resolved together, per instance of `self`.
///
/// A check that judges two arguments of one call together (the protection and the flags of
/// `SecAccessControlCreateWithFlags`) must judge the pairs that occur. Inside a method of a
/// settings type that several instances share (a key pair's public-key and private-key access),
/// each argument resolved on its own holds the values of every instance, and pairing them pairs
/// one instance's protection with another's flags: a pair no instance has. Here each expression
/// is resolved once per instance `self` can be, so each case holds one instance's values.
///
/// The instances of a method are:
/// - the receivers of its calls in the scan, when no other module can call it and every call
///   has a receiver whose construction is known (InstanceSelf.swift);
/// - otherwise every construction of its type the scan makes (its presets, defaults and the
///   calls of its initializers), when those are all the instances the scan's code can hold: the
///   type cannot be subclassed, no initializer delegates to another, and every stored property
///   is a `let` or a `var` only the type's own code may set (`private`, `private(set)`). A
///   method other modules can call runs on these too: on the library's own presets and on the
///   instances the scan's code builds.
///
/// An instance built outside the scan holds what its builder chose: when an initializer other
/// modules can call takes parameters (a struct's memberwise initializer never can: it is at
/// most `internal`), one more case holds a gap for each expression, so that nothing is judged
/// about such instances and `--verbose` says why.
///
/// Nil, and each expression is resolved on its own as before, when the expressions are not in
/// one instance method, when its instances are not known, or when the instances' values do not
/// cover every value the expression has on its own (a construction not found, a value set
/// elsewhere): the cases would then miss a pair that occurs.
extension ValueResolver {
    public func resolveJointly(_ expressions: [ExprSyntax], in file: SourceFile) -> [[Resolution]]? {
        guard expressions.count > 1 else { return nil }
        let method = Self.enclosingInstanceMethod(of: Syntax(expressions[0]))
        let inOneMethod = method.map { method in expressions.allSatisfy { Self.enclosingInstanceMethod(of: Syntax($0))?.id == method.id } } ?? false
        let locals = LocalPaths.locals(expressions)
        guard inOneMethod || locals != nil else { return nil }
        let plain = expressions.map { resolve($0, in: file) }
        // Only values that could be paired wrongly are worth the work: beside an expression with
        // one value (or none), each value of the others pairs the same way on every instance.
        guard plain.filter({ $0.values.count > 1 }).count > 1 else { return nil }
        if let locals, let cases = LocalPaths.cases(locals, plain: plain, in: file, resolver: self) { return cases }
        guard inOneMethod, let method else { return nil }
        return perInstance(expressions, plain: plain, of: method, in: file)
    }

    /// The dictionaries `expression` can be (its resolution on its own is `plain`), one
    /// resolution per instance of `self` (and a gap for each instance whose values are not
    /// known): a query built in a method of a settings type from two of its properties
    /// (`kSecAttrAccessible: accessibility, kSecAttrSynchronizable: synchronizable`) holds one
    /// instance's accessibility with the same instance's synchronizable, never another's. Nil, as
    /// for `resolveJointly`, when the instances are not known or do not cover every entry the
    /// dictionaries have on their own, and when no two entries vary between the dictionaries
    /// (then no dictionary pairs values of two instances).
    public func resolvePerInstance(dictionary expression: ExprSyntax, plain: Resolution, in file: SourceFile) -> [Resolution]? {
        guard plain.values.count > 1, Self.entriesVarying(plain.values.map(\.value)) > 1,
            let method = Self.enclosingInstanceMethod(of: Syntax(expression))
        else { return nil }
        return perInstance([expression], plain: [plain], of: method, in: file)?.map { $0[0] }
    }

    /// How many keys have more than one value across `dictionaries`.
    private static func entriesVarying(_ dictionaries: [Value]) -> Int {
        var valuesByKey: [Value: Set<Value>] = [:]
        for case .dictionary(let entries) in dictionaries {
            for entry in entries { valuesByKey[entry.key, default: []].insert(entry.value) }
        }
        return valuesByKey.values.filter { $0.count > 1 }.count
    }

    /// What must come from some instance for the per-instance cases to hold every value an
    /// expression has on its own: the value itself, or each entry of a dictionary (a dictionary
    /// pairing two instances' entries is exactly what the cases leave out).
    private static func parts(of value: Value) -> [Value] {
        guard case .dictionary(let entries) = value else { return [value] }
        return entries.map { .dictionary([DictionaryEntry(key: $0.key, value: $0.value)]) }
    }

    /// `expressions`, written in `method`, resolved once per instance the method runs on.
    private func perInstance(_ expressions: [ExprSyntax], plain: [Resolution], of method: FunctionDeclSyntax, in file: SourceFile)
        -> [[Resolution]]?
    {
        let budget = StepBudget(limit: stepsPerQuestion)
        var env = Environment(file: file, budget: budget)
        env.questionMemo = QuestionMemo()
        guard let (instances, outsideReason, unknownReason) = jointInstances(of: method, at: Syntax(expressions[0]), env),
            !instances.isEmpty
        else { return nil }
        var cases: [[Resolution]] = []
        for instance in instances {
            var inner = env
            inner.selfInstances = [instance]
            let resolutions = expressions.map { evaluate($0, inner) }
            guard !budget.isExhausted, !resolutions.contains(where: { $0.gaps.contains(where: \.isAnalysisLimit) }) else { return nil }
            cases.append(resolutions)
        }
        // Every value an expression has on its own must come from some instance.
        for (position, resolution) in plain.enumerated() {
            let perInstance = Set(cases.flatMap { $0[position].values.flatMap { Self.parts(of: $0.value) } })
            guard resolution.values.allSatisfy({ Self.parts(of: $0.value).allSatisfy(perInstance.contains) }) else { return nil }
        }
        for reason in [outsideReason, unknownReason].compactMap({ $0 }) {
            cases.append(expressions.map { gap($0, env, reason) })
        }
        return cases
    }

    /// The instances `method` runs on when judged on its own, why instances built outside the
    /// scan are not known (nil when none can be built there), and why one built in the scan is
    /// not (nil when every one is).
    private func jointInstances(of method: FunctionDeclSyntax, at node: Syntax, _ env: Environment)
        -> (instances: [InstanceSource], outside: String?, unknown: String?)?
    {
        if !SyntaxQueries.isCallableFromOtherModules(Syntax(method)), let receivers = selfInstances(at: node, env) {
            return (receivers, nil, nil)
        }
        guard let typeName = SyntaxQueries.enclosingTypeName(of: method) else { return nil }
        return everyConstruction(ofType: typeName, methodName: method.name.text, env)
    }

    /// Each construction of `typeName` in the scan (`T(…)`, `T.init(…)`, `Self(…)`, `.init(…)`
    /// where the context writes the type), when those are all the instances the scan's code can
    /// hold (see the type's comment); with the reason instances built outside the scan are not
    /// known, when an initializer other modules can call takes parameters (`outside`), and the
    /// reason one built in the scan is not known, when a `.init(…)` whose context does not write
    /// its type may build one (`unknown`).
    func everyConstruction(ofType typeName: String, methodName: String, _ env: Environment)
        -> (instances: [InstanceSource], outside: String?, unknown: String?)?
    {
        guard index.declaresPrimaryType(typeName) else { return nil }
        let declarations = index(env).types(named: typeName)
        guard !declarations.isEmpty, declarations.allSatisfy({ Self.cannotBeSubclassed($0) }) else { return nil }
        var outsideInitializer: InitializerDeclSyntax?
        for type in declarations {
            for member in Self.memberList(of: type.node) {
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    if initializer.body.map(Self.delegates) ?? true { return nil }
                    if !initializer.signature.parameterClause.parameters.isEmpty,
                        SyntaxQueries.isCallableFromOtherModules(Syntax(initializer))
                    {
                        outsideInitializer = outsideInitializer ?? initializer
                    }
                }
                if let variable = member.decl.as(VariableDeclSyntax.self), !Self.onlyTheTypeSets(variable) { return nil }
            }
        }
        guard let built = visibleConstructions(ofType: typeName, env) else { return nil }
        let instances: [InstanceSource] = built.map { ($0.call, $0.file, []) }
        let unnamed = unnamedConstructions(ofType: typeName)
        let outside = outsideInitializer.map { initializer in
            let labels = initializer.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            return "`\(methodName)()` may run on an instance of `\(typeName)` built outside the scan with `init(\(labels))`, "
                + "whose caller chooses its values: they are not known"
        }
        // A `.init(…)` whose context does not write the type, with arguments an initializer of the
        // type accepts, may be one more instance.
        let unknown = undecidedConstructionReason(unnamed.undecided, typeName: typeName, use: "that `\(methodName)()` may run on", env)
        return (instances, outside, unknown)
    }

    /// Whether only the type's own code (or its initializers) may set a stored property: a
    /// `let`, a `static` or computed property, or a `private`/`fileprivate` variable or one whose
    /// setter is.
    private static func onlyTheTypeSets(_ variable: VariableDeclSyntax) -> Bool {
        if variable.bindingSpecifier.tokenKind == .keyword(.let) { return true }
        if variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) { return true }
        if variable.bindings.allSatisfy({ Self.isComputed($0) }) { return true }
        return variable.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
    }

    /// A binding with a getter (`willSet`/`didSet` alone observe a stored property).
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case .getter?: true
        case .accessors(let list)?: list.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) }
        case nil: false
        }
    }
}

/// Locals of one body given together (`SecAccessControlCreateWithFlags(nil, protection, flags,
/// nil)`), each assigned in the arms of the same `switch` or `if`: the values each expression
/// has on its own, split into one case per combination of assignments that can be the last ones
/// to run before the use on one pass, so that one arm's protection is never paired with another
/// arm's flags. A combination cannot occur when its assignments lie in different alternatives of
/// one statement, or when an assignment of one local runs whenever another's does, after the
/// first local's and before the use (it replaces it on that pass). Each value keeps the trace it
/// has on its own; it belongs to the assignment its trace passes (`assigned`), or else to the
/// declaration's initial value.
///
/// Nil (each expression resolved on its own, or per instance) when an expression is not a local
/// declared in the same statements, when a local changes other than by `name = …` (`insert`,
/// `+=`, `&name`) or is assigned in a loop or a closure, when there are more combinations than
/// `maximumCases`, when a value's origin cannot be told, or when fewer than two cases remain.
enum LocalPaths {
    static let maximumCases = 32

    struct Local {
        let name: String
        let binding: PatternBindingSyntax
        let use: DeclReferenceExprSyntax
    }

    /// Where a definition lies among the branches between the declaration and it: each arm by
    /// its position, outermost first, with what the arm is.
    struct Path {
        enum Kind: Equatable {
            /// One of a statement's alternatives (`if`/`else`, a `case`, a side of `?:`, an `#if` clause).
            case alternative(of: Int)
            /// Code that may run several times or later (a loop body, a closure).
            case repeated
            /// Neither (`do`, `catch`).
            case other
        }

        var arms: [(position: Int, kind: Kind)] = []

        func isPrefix(of other: Path) -> Bool {
            arms.count <= other.arms.count && zip(arms, other.arms).allSatisfy { $0.position == $1.position }
        }

        /// Code at the two paths never runs in one pass: they part into different alternatives of one statement.
        func excludes(_ other: Path) -> Bool {
            for (mine, theirs) in zip(arms, other.arms) where mine.position != theirs.position {
                if case .alternative(let owner) = mine.kind, theirs.kind == .alternative(of: owner) { return true }
                return false
            }
            return false
        }

        var isRepeated: Bool { arms.contains { $0.kind == .repeated } }

        /// The path from `top` (the declaration's statements) down to `node`.
        static func to(_ node: Syntax, below top: Syntax) -> Path? {
            var arms: [(Int, Kind)] = []
            var current = node
            while let parent = current.parent {
                if current.id == top.id { return Path(arms: arms.reversed()) }
                if let ifExpr = parent.as(IfExprSyntax.self), current.id != Syntax(ifExpr.conditions).id {
                    arms.append((current.position.utf8Offset, .alternative(of: ifExpr.position.utf8Offset)))
                } else if let switchCase = current.as(SwitchCaseSyntax.self), let switchExpr = parent.parent?.as(SwitchExprSyntax.self) {
                    arms.append((switchCase.position.utf8Offset, .alternative(of: switchExpr.position.utf8Offset)))
                } else if let guardStmt = parent.as(GuardStmtSyntax.self), current.id == Syntax(guardStmt.body).id {
                    arms.append((current.position.utf8Offset, .alternative(of: guardStmt.position.utf8Offset)))
                } else if let ternary = parent.as(TernaryExprSyntax.self), current.id != Syntax(ternary.condition).id {
                    arms.append((current.position.utf8Offset, .alternative(of: ternary.position.utf8Offset)))
                } else if let clause = current.as(IfConfigClauseSyntax.self), let group = parent.parent {
                    arms.append((clause.position.utf8Offset, .alternative(of: group.position.utf8Offset)))
                } else if parent.is(ForStmtSyntax.self) || parent.is(WhileStmtSyntax.self) || parent.is(RepeatStmtSyntax.self)
                    || current.is(ClosureExprSyntax.self)
                {
                    arms.append((current.position.utf8Offset, .repeated))
                } else if parent.is(DoStmtSyntax.self) || current.is(CatchClauseSyntax.self) {
                    arms.append((current.position.utf8Offset, .other))
                } else if current.is(FunctionDeclSyntax.self) || current.is(InitializerDeclSyntax.self) || current.is(AccessorDeclSyntax.self) {
                    return nil
                }
                current = parent
            }
            return nil
        }
    }

    /// A definition of a local: its declaration's initial value (`assignment` nil) or `name = …`.
    struct Definition {
        let assignment: InfixOperatorExprSyntax?
        let position: Int
        let path: Path
        /// Where the resolver's `assigned` step of it points.
        let line: Int
        let column: Int
    }

    /// The expressions as locals declared with a value in the same statements; nil otherwise.
    static func locals(_ expressions: [ExprSyntax]) -> [Local]? {
        var locals: [Local] = []
        for expression in expressions {
            guard let reference = SyntaxQueries.unwrapTransparent(expression).as(DeclReferenceExprSyntax.self),
                case .variable(let binding) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
                binding.pattern.is(IdentifierPatternSyntax.self), binding.initializer != nil
            else { return nil }
            locals.append(Local(name: reference.baseName.text, binding: binding, use: reference))
        }
        guard Set(locals.map(\.name)).count == locals.count,
            let list = statements(of: locals[0].binding),
            locals.allSatisfy({ statements(of: $0.binding)?.id == list.id })
        else { return nil }
        return locals
    }

    private static func statements(of binding: PatternBindingSyntax) -> Syntax? {
        binding.parent?.parent?.parent?.parent.flatMap { $0.is(CodeBlockItemListSyntax.self) ? $0 : nil }
    }

    static func cases(_ locals: [Local], plain: [Resolution], in file: SourceFile, resolver: ValueResolver) -> [[Resolution]]? {
        guard let list = statements(of: locals[0].binding) else { return nil }
        let use = locals.map(\.use.position.utf8Offset).min() ?? 0
        guard let usePath = Path.to(Syntax(locals[0].use), below: list), !usePath.isRepeated else { return nil }
        var reaching: [[Definition]] = []
        var all: [[Definition]] = []
        for local in locals {
            guard let definitions = definitions(of: local, before: use, in: list, file: file) else { return nil }
            let found = definitions.filter { candidate in
                !candidate.path.excludes(usePath)
                    && !definitions.contains { $0.position > candidate.position && $0.path.isPrefix(of: usePath) }
            }
            guard !found.isEmpty else { return nil }
            reaching.append(found)
            all.append(definitions)
        }
        guard reaching.reduce(1, { $0 * $1.count }) <= maximumCases else { return nil }
        // Each value of each expression, by the definition it comes from.
        var origins: [[Int: [TracedValue]]] = []
        for (position, resolution) in plain.enumerated() {
            guard !resolution.gaps.contains(where: \.isAnalysisLimit) else { return nil }
            var byDefinition: [Int: [TracedValue]] = [:]
            for traced in resolution.values {
                guard !traced.trace.contains(where: { $0.kind == .elided }) else { return nil }
                let assigned = all[position].firstIndex { definition in
                    definition.assignment != nil
                        && traced.trace.contains { $0.kind == .assignment && $0.file == file.path && $0.line == definition.line && $0.column == definition.column }
                }
                guard let index = assigned ?? all[position].firstIndex(where: { $0.assignment == nil }) else { return nil }
                byDefinition[all[position][index].position, default: []].append(traced)
            }
            origins.append(byDefinition)
        }
        var combinations: [[Definition]] = [[]]
        for options in reaching {
            combinations = combinations.flatMap { prefix in options.map { prefix + [$0] } }
        }
        var cases: [[Resolution]] = []
        for choice in combinations {
            let feasible = choice.indices.allSatisfy { one in
                choice.indices.allSatisfy { other in
                    guard one != other else { return true }
                    if choice[one].path.excludes(choice[other].path) { return false }
                    // Another definition of the first local, after it and before the use, that
                    // runs whenever the other's does.
                    return !all[one].contains {
                        $0.position > choice[one].position && $0.position < use && $0.path.isPrefix(of: choice[other].path)
                    }
                }
            }
            guard feasible else { continue }
            // A value two definitions share is kept once, with one of their traces: the other
            // definition's is read again from what it assigns.
            let resolutions = choice.indices.map { index in
                origins[index][choice[index].position].map { Resolution(values: $0) }
                    ?? value(of: choice[index], local: locals[index], in: file, resolver: resolver)
            }
            guard !resolutions.contains(where: { $0.values.isEmpty || $0.gaps.contains(where: \.isAnalysisLimit) }) else { return nil }
            cases.append(resolutions)
        }
        guard cases.count > 1 else { return nil }
        for (position, resolution) in plain.enumerated() {
            let covered = Set(cases.flatMap { $0[position].values.map(\.value) })
            guard resolution.values.allSatisfy({ covered.contains($0.value) }) else { return nil }
        }
        return cases
    }

    /// What a definition gives the local, with the steps the resolver's own reading adds.
    private static func value(of definition: Definition, local: Local, in file: SourceFile, resolver: ValueResolver) -> Resolution {
        let variable = resolver.step(.variable, "`\(local.name)`", at: local.binding.pattern, in: file)
        guard let assignment = definition.assignment else {
            return local.binding.initializer.map { resolver.resolve($0.value, in: file).through(variable) } ?? Resolution()
        }
        return resolver.resolve(assignment.rightOperand, in: file)
            .through(resolver.step(.assignment, "assigned", at: assignment, in: file)).through(variable)
    }

    /// The declaration and the `name = …` assignments of a local before `use`, with their paths;
    /// nil when the local changes in another way before the use or a definition's path is not known.
    private static func definitions(of local: Local, before use: Int, in list: Syntax, file: SourceFile) -> [Definition]? {
        guard let declarationPath = Path.to(Syntax(local.binding), below: list) else { return nil }
        let declared = file.location(of: local.binding.pattern)
        var definitions = [Definition(
            assignment: nil, position: local.binding.position.utf8Offset, path: declarationPath, line: declared.line, column: declared.column)]
        for reference in References.named(local.name, in: list) where reference.position.utf8Offset < use {
            guard case .variable(let binding) = SyntaxQueries.binding(of: local.name, at: reference), binding.id == local.binding.id else { continue }
            if let infix = reference.parent?.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == ExprSyntax(reference).id {
                guard infix.operator.is(AssignmentExprSyntax.self) else {
                    // `name += …`, `name |= …`: built on what it held.
                    if let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op.hasSuffix("="),
                        !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
                    {
                        return nil
                    }
                    continue
                }
                guard let path = Path.to(Syntax(infix), below: list), !path.isRepeated else { return nil }
                let location = file.location(of: infix)
                definitions.append(Definition(
                    assignment: infix, position: infix.position.utf8Offset, path: path, line: location.line, column: location.column))
                continue
            }
            // `&name`, `name.insert(…)`: changed in a way this does not follow.
            if reference.parent?.is(InOutExprSyntax.self) == true { return nil }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == ExprSyntax(reference).id,
                member.parent?.is(FunctionCallExprSyntax.self) == true
            {
                return nil
            }
        }
        return definitions
    }
}

/// Every `DeclReferenceExpr` named `name` under a node.
private final class References: SyntaxVisitor {
    let name: String
    var found: [DeclReferenceExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    static func named(_ name: String, in node: Syntax) -> [DeclReferenceExprSyntax] {
        let visitor = References(name: name)
        visitor.walk(node)
        return visitor.found
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == name { found.append(node) }
        return .visitChildren
    }
}
