import KeychainLintModel
import Foundation
import SwiftSyntax

// Declarations: variables, properties and their assignments, bodies, and which `switch` cases may run.
extension ValueResolver {
    func resolveVariables(_ declarations: [VariableDeclaration], _ env: Environment) -> Resolution {
        var result = Resolution()
        for declaration in declarations {
            result = result.merging(resolveVariable(declaration, env))
        }
        return result
    }

    func resolveVariable(_ declaration: VariableDeclaration, _ env: Environment) -> Resolution {
        let key = declaration.key
        guard !env.active.contains(key) else {
            return gap(declaration.binding, env.withFile(declaration.file), "`\(declaration.name)` \(Self.cycleReason)", kind: .cycle)
        }
        let outOfSteps = { self.gap(declaration.binding, env.withFile(declaration.file), self.budgetReason, kind: .stepBudget) }
        guard env.isContextFree else {
            let traced = computeVariable(declaration, key: key, env)
            return traced.gaps.contains(where: { $0.kind == .stepBudget }) ? outOfSteps() : traced
        }
        // A result cut short by a cycle, the depth limit or the step budget depends on where the
        // question came from; caching it would make answers depend on the order files are
        // scanned in.
        return answer(
            for: key, in: \.declarationCache, keepingUnless: Self.isContextDependent, env, outOfSteps: outOfSteps
        ) { computeVariable(declaration, key: key, env) }
    }

    private func computeVariable(_ declaration: VariableDeclaration, key: NodeKey, _ env: Environment) -> Resolution {
        let file = declaration.file
        let binding = declaration.binding
        var inner = env.entering(key, file: file)
        // A member's own code sees `self` only through an explicit receiver value.
        if declaration.enclosingType == nil {
            inner.selfValue = nil
            inner.selfInstances = nil
        }
        var result = Resolution()
        if let initializer = binding.initializer {
            result = evaluate(initializer.value, inner)
        }
        if let accessors = binding.accessorBlock {
            switch accessors.accessors {
            case .getter(let statements):
                result = result.merging(evaluateBody(statements, inner))
            case .accessors(let list):
                if let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                    let body = getter.body
                {
                    result = result.merging(evaluateBody(body.statements, inner))
                }
            }
        }
        if binding.accessorBlock == nil, !declaration.isConstant || binding.initializer == nil,
            let owner = declaration.enclosingType
        {
            result = result.merging(assignments(to: declaration.name, inType: owner, inner))
        }
        if result.isEmpty, binding.initializer == nil, let protocolName = declaration.enclosingType,
            let requirement = declaration.declaration.parent?.parent?.parent?.parent?.as(ProtocolDeclSyntax.self)
        {
            result = conformancesValues(of: declaration.name, requiredBy: protocolName, requirement, at: binding, inner)
        }
        if result.isEmpty {
            result = gap(binding, inner, "`\(declaration.name)` has no value the resolver can see")
        }
        let qualified = declaration.enclosingType.map { "\($0).\(declaration.name)" } ?? declaration.name
        let traced = result.through(step(.property, "`\(qualified)`", at: binding.pattern, in: file))
        return traced
    }

    /// A property a protocol requires, read through a value of the protocol's type
    /// (`template.parameters`, `template` a `SignerTemplate`): what the same property holds in
    /// each type of the scan that declares the conformance (in its declaration or an extension).
    /// Code outside the scan may conform to a protocol other modules can see, unless only the
    /// scan's apps link its framework: its values are then not all known, and a gap says so.
    /// Empty when no type of the scan conforms.
    private func conformancesValues(
        of name: String, requiredBy protocolName: String, _ requirement: ProtocolDeclSyntax, at binding: PatternBindingSyntax,
        _ env: Environment
    ) -> Resolution {
        let scoped = index(env)
        let files = scoped.files(mentioning: protocolName)
        guard scoped.extraParses(files) <= Self.maximumDeclaringFiles else {
            return gap(binding, env, "types conforming to `\(protocolName)` may be in more than \(Self.maximumDeclaringFiles) files: not followed")
        }
        var conformers: Set<String> = []
        for file in files {
            for declarations in index.declarations(in: file).types.values {
                for type in declarations where !type.isProtocol && Self.declaresConformance(of: type.node, to: protocolName) {
                    conformers.insert(type.name)
                }
            }
        }
        var result = Resolution()
        for conformer in conformers.sorted() {
            let properties = scoped.properties(named: name, inType: conformer).filter { !$0.isStatic }
            guard !properties.isEmpty else {
                result = result.merging(gap(binding, env, "`\(conformer)` conforms to `\(protocolName)` with a `\(name)` the resolver cannot see"))
                continue
            }
            result = result.merging(resolveVariables(properties, env))
        }
        if !result.isEmpty, SyntaxQueries.isCallableFromOtherModules(Syntax(requirement)), !isClosedToOtherCode(env) {
            result = result.merging(gap(binding, env, "types outside the scan may conform to public `\(protocolName)`"))
        }
        return result
    }

    /// Whether a type declaration or extension lists `protocolName` among the types it inherits.
    private static func declaresConformance(of node: Syntax, to protocolName: String) -> Bool {
        let clause: InheritanceClauseSyntax?
        if let decl = node.as(ClassDeclSyntax.self) {
            clause = decl.inheritanceClause
        } else if let decl = node.as(StructDeclSyntax.self) {
            clause = decl.inheritanceClause
        } else if let decl = node.as(EnumDeclSyntax.self) {
            clause = decl.inheritanceClause
        } else if let decl = node.as(ActorDeclSyntax.self) {
            clause = decl.inheritanceClause
        } else if let decl = node.as(ExtensionDeclSyntax.self) {
            clause = decl.inheritanceClause
        } else {
            clause = nil
        }
        return clause?.inheritedTypes.contains { inherited in
            let text = inherited.type.trimmedDescription
            return text == protocolName || text.hasSuffix("." + protocolName)
        } ?? false
    }

    /// Values assigned to a stored property anywhere in its type's bodies (`self.x = …`, `x = …`),
    /// and through an instance of the type anywhere in the scan (`vault.x = …`, where `vault` is
    /// known to be one: `storesThroughInstances`).
    func assignments(to name: String, inType typeName: String, _ env: Environment) -> Resolution {
        var result = Resolution()
        for type in index(env).types(named: typeName, mentioning: name) {
            let (file, node) = type.reference.resolved
            for assignment in file.ownPropertyStores(named: name, inside: node) {
                var inner = env
                inner.file = file
                let value = evaluate(assignment.rightOperand, inner)
                result = result.merging(
                    value.through(step(.assignment, "assigned", at: assignment, in: file)))
            }
        }
        return result.merging(storesThroughInstances(to: name, inType: typeName, env))
    }

    /// `vault.flags = …` in code of any type or file, where `vault` is declared or built as an
    /// instance of `typeName` (a parameter or local of that type, a property of that type, a
    /// construction): instances are not told apart here, as a property's own assignments are not.
    /// A store into a local copy of a struct counts where the copy is handed on to a construction
    /// or returned (a builder method: `var copy = options; copy.flags = …; return Store(copy)`).
    /// Only files that mention both the property and the type are read; beyond the bound on
    /// declaring files, the search stops with a gap.
    private func storesThroughInstances(to name: String, inType typeName: String, _ env: Environment) -> Resolution {
        let scope = index(env)
        let typeFiles = Set(scope.files(mentioning: typeName))
        let files = scope.files(mentioning: name).filter(typeFiles.contains)
        guard scope.extraParses(files) <= Self.maximumDeclaringFiles else {
            return gap(
                env.file.tree, env, "stores into `\(typeName).\(name)` through instances may be in more than \(Self.maximumDeclaringFiles) files: not followed",
                kind: .searchLimit)
        }
        var result = Resolution()
        for fileIndex in files {
            let file = index.file(at: fileIndex)
            for assignment in file.assignments(named: name) where MemberStore.storesAnotherInstance(assignment, named: name) {
                guard let member = assignment.leftOperand.as(MemberAccessExprSyntax.self), let base = member.base else { continue }
                let receiver = SyntaxQueries.unwrapTransparent(base)
                var handedOn: [TraceStep] = [step(.assignment, "assigned", at: assignment, in: file)]
                var isCopy = false
                if inferredType(of: receiver, env.withFile(file)) != typeName {
                    // A local copy of a struct (`var copy = options; copy.accessibility = …`) is a
                    // store only where the copy is handed on (CopiedInstance.swift).
                    guard let copy = localCopy(receiver, ofStruct: typeName, env.withFile(file)),
                        let copyName = copy.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                    else { continue }
                    let fate = fate(
                        ofCopy: copyName, ofType: typeName, binding: copy.binding, list: copy.list, itemIndex: copy.itemIndex, in: file,
                        env.withFile(file))
                    if let unknownUse = fate.unknownUse {
                        result = result.merging(
                            gap(unknownUse, env.withFile(file),
                                "the copy of `\(typeName)` whose `\(name)` is set here is handed on where the resolver cannot follow it"))
                    }
                    guard let first = fate.handedOn.first else { continue }
                    handedOn.append(first)
                    isCopy = true
                }
                var inner = env
                inner.file = file
                inner.bindings = [:]
                inner.selfValue = nil
                inner.selfInstances = nil
                let value = isCopy ? valueStored(inCopy: assignment.rightOperand, inner) : evaluate(assignment.rightOperand, inner)
                result = result.merging(handedOn.reduce(value) { $0.through($1) })
            }
        }
        return result
    }

    /// Values a body returns: `return` statements outside nested closures and functions, or the
    /// single expression of an implicit-return body.
    func evaluateBody(_ statements: CodeBlockItemListSyntax, _ env: Environment) -> Resolution {
        if statements.count == 1, let only = statements.first {
            if let expression = only.item.as(ExprSyntax.self) { return evaluate(expression, env) }
            if let statement = only.item.as(ExpressionStmtSyntax.self) { return evaluate(statement.expression, env) }
        }
        let collector = ReturnCollector(viewMode: .sourceAccurate)
        collector.walk(statements)
        var result = Resolution()
        for returnStmt in collector.returns {
            guard let value = returnStmt.expression else { continue }
            guard let branches = branchSteps(from: Syntax(returnStmt), upTo: Syntax(statements), env) else { continue }
            var traced = evaluate(value, env)
            for branch in branches.reversed() { traced = traced.through(branch) }
            result = result.merging(traced)
        }
        return result
    }

    /// Steps for the `if`/`switch` branches between a node and its enclosing body; nil when what
    /// is known of a tested name shows a branch cannot run (`BranchFeasibility`).
    func branchSteps(from node: Syntax, upTo stop: Syntax, _ env: Environment) -> [TraceStep]? {
        var steps: [TraceStep] = []
        var child = node
        var current = node.parent
        while let parent = current {
            if let item = child.as(CodeBlockItemSyntax.self), let list = parent.as(CodeBlockItemListSyntax.self),
                endsEveryPathBefore(item, in: list, env)
            {
                return nil
            }
            if parent.id == stop.id { break }
            if let switchCase = parent.as(SwitchCaseSyntax.self),
                let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
            {
                guard caseMayRun(switchCase, of: switchExpr, env) else { return nil }
                steps.append(step(.branch, Self.caseText(switchCase), at: switchCase, in: env.file))
            }
            // A `guard`'s `else` runs only when its condition fails.
            if let guardStmt = parent.as(GuardStmtSyntax.self), child.id == guardStmt.body.id,
                !ifBranchMayRun(guardStmt.conditions, when: false, env)
            {
                return nil
            }
            if let ifExpr = parent.as(IfExprSyntax.self) {
                let condition = SyntaxQueries.shortText(ifExpr.conditions, limit: 40)
                if child.id == ifExpr.body.id {
                    guard ifBranchMayRun(ifExpr.conditions, when: true, env) else { return nil }
                    steps.append(step(.branch, "if `\(condition)`", at: ifExpr, in: env.file))
                } else if ifExpr.elseBody.map({ $0.id == child.id }) ?? false {
                    guard ifBranchMayRun(ifExpr.conditions, when: false, env) else { return nil }
                    steps.append(step(.branch, "else of `\(condition)`", at: child, in: env.file))
                }
            }
            child = parent
            current = parent.parent
        }
        return steps.reversed()
    }

    /// Whether a statement before `item` in `list` always leaves the body, given what is known of
    /// the names its condition tests: an `if` without `else` whose block ends in `return` or
    /// `throw` and whose condition always holds (`if extra != nil { return … }` when every caller
    /// passes a value), or a `guard` whose condition never holds. What follows it cannot run.
    private func endsEveryPathBefore(_ item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax, _ env: Environment) -> Bool {
        for earlier in list {
            if earlier.id == item.id { return false }
            let statement: Syntax
            switch earlier.item {
            case .stmt(let stmt): statement = stmt.as(ExpressionStmtSyntax.self).map { Syntax($0.expression) } ?? Syntax(stmt)
            case .expr(let expr): statement = Syntax(expr)
            case .decl: continue
            }
            if let guardStmt = statement.as(GuardStmtSyntax.self) {
                if knownConditionValues(guardStmt.conditions, env) == [false] { return true }
            } else if let ifExpr = statement.as(IfExprSyntax.self), ifExpr.elseBody == nil,
                let last = ifExpr.body.statements.last?.item.as(StmtSyntax.self),
                last.is(ReturnStmtSyntax.self) || last.is(ThrowStmtSyntax.self),
                knownConditionValues(ifExpr.conditions, env) == [true]
            {
                return true
            }
        }
        return false
    }

    /// Whether a `switch` case can run given what is known of the subject (`self` bound to a case,
    /// or a parameter bound to a case by the call being evaluated).
    /// Inside a clause over the same subject, or for `self` narrowed by the question, only the
    /// cases the narrowing admits count (SubjectNarrowing.swift).
    func caseMayRun(_ switchCase: SwitchCaseSyntax, of switchExpr: SwitchExprSyntax, _ env: Environment) -> Bool {
        let narrowing = narrowing(ofSubjectOf: switchExpr, env)
        guard var caseNames = knownCaseNames(ofSubjectOf: switchExpr, env) else {
            if let narrowing, !Self.clauseMayRun(switchCase, of: switchExpr, narrowing: narrowing) { return false }
            return !matchesOnlyCasesNeverMade(switchCase, of: switchExpr, env)
        }
        if let narrowing {
            caseNames = caseNames.filter(narrowing.admits)
            if caseNames.isEmpty { return false }
        }
        guard case .case(let label) = switchCase.label else {
            // `default:` runs only for a known case that no plain `case .name:` (without `where`
            // or associated-value patterns) catches first.
            return caseNames.contains { !Self.switchExpr(switchExpr, certainlyCatches: $0) }
        }
        for item in label.caseItems {
            guard let patternName = Self.enumCaseName(of: item.pattern) else { return true }
            if caseNames.contains(patternName) { return true }
        }
        // A later `default:` may still run; this case does not.
        return false
    }

    /// Whether a case of a `switch self` in an enum (whose `self` is not known) matches only cases
    /// that no code of the scan ever makes: `self` can then never be one of them. An app's own
    /// `AccessOptions` mapped case by case onto a library's options has an `.accessibleAlways`
    /// that no caller passes; without this every case's value was a possible value. The scan is
    /// taken as the whole program here, as it is when a parameter's values come from its callers.
    private func matchesOnlyCasesNeverMade(_ switchCase: SwitchCaseSyntax, of switchExpr: SwitchExprSyntax, _ env: Environment) -> Bool {
        guard let subject = SyntaxQueries.unwrapTransparent(switchExpr.subject).as(DeclReferenceExprSyntax.self),
            subject.baseName.text == "self", case .case(let label) = switchCase.label,
            let typeName = enclosingTypeName(of: switchExpr, in: env.file)
        else { return false }
        var names: [String] = []
        for item in label.caseItems {
            guard item.whereClause == nil, let name = Self.enumCaseName(of: item.pattern) else { return false }
            names.append(name)
        }
        guard !names.isEmpty, let allCases = enumCasesMadeOnlyInCode(typeName, names: names) else { return false }
        // Only when the scan makes some case of the enum: one whose cases the scan never makes
        // gets its values from elsewhere (a library's client), and every case stays possible.
        return names.allSatisfy { !enumCaseIsMade(typeName, $0) } && allCases.contains { enumCaseIsMade(typeName, $0) }
    }

    /// The cases of `typeName` when it is an enum of the scan with these cases whose values can only
    /// be made by naming a case: no raw values, no `CaseIterable`, no decoding, and no other
    /// protocol (whose requirements could make cases) on the enum or its extensions.
    private func enumCasesMadeOnlyInCode(_ typeName: String, names: [String]) -> [String]? {
        let declarations = index.types(named: typeName)
        guard let primary = declarations.first(where: { !$0.isExtension }), primary.node.is(EnumDeclSyntax.self),
            declarations.filter({ !$0.isExtension }).count == 1,
            names.allSatisfy(primary.enumCases.contains)
        else { return nil }
        let harmless: Set<String> = ["Equatable", "Hashable", "Sendable"]
        for declaration in declarations {
            let inherited: InheritanceClauseSyntax?
            if let enumDecl = declaration.node.as(EnumDeclSyntax.self) {
                inherited = enumDecl.inheritanceClause
            } else if let extensionDecl = declaration.node.as(ExtensionDeclSyntax.self) {
                inherited = extensionDecl.inheritanceClause
            } else {
                return nil
            }
            for type in inherited?.inheritedTypes ?? [] where !harmless.contains(type.type.trimmedSource) {
                return nil
            }
        }
        return primary.enumCases.sorted()
    }

    /// Whether code of the scan names case `caseName` of `typeName` anywhere but in patterns
    /// (`case .name:`, `if case .name = x`) and in the enum's own `switch self` mappings (whose
    /// `.name` values are of the mapping's result type). Comparisons count as making it, and so
    /// does every mention when too many files mention the name to look.
    private func enumCaseIsMade(_ typeName: String, _ caseName: String) -> Bool {
        // The answer depends on every file that mentions the name: recorded on every ask, not
        // only when first computed (the result cache replays these names).
        Dependencies.record(caseName)
        return enumCasesMade.value(for: "\(typeName).\(caseName)") {
            let files = index.files(mentioning: caseName)
            guard files.count <= Self.maximumDeclaringFiles else { return true }
            for fileIndex in files {
                let file = index.file(at: fileIndex)
                for token in file.tree.tokens(viewMode: .sourceAccurate) where token.text == caseName {
                    if Self.tokenMakesCase(token, typeName: typeName) { return true }
                }
            }
            return false
        }
    }

    private static func tokenMakesCase(_ token: TokenSyntax, typeName: String) -> Bool {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else {
            // The case's own declaration, a label, a property of that name: not a use.
            return false
        }
        var node = Syntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            if let base = member.base {
                let spelled = base.trimmedSource
                // `Other.name` is another type's member.
                guard spelled == typeName || spelled == "Self" || typeName.hasSuffix("." + spelled) else { return false }
            }
            node = Syntax(member)
        }
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(SwitchCaseLabelSyntax.self) || ancestor.is(MatchingPatternConditionSyntax.self)
                || ancestor.is(ExpressionPatternSyntax.self)
            {
                return false
            }
            if let switchExpr = ancestor.as(SwitchExprSyntax.self),
                let subject = SyntaxQueries.unwrapTransparent(switchExpr.subject).as(DeclReferenceExprSyntax.self),
                subject.baseName.text == "self", SyntaxQueries.enclosingTypeName(of: switchExpr) == typeName
            {
                // A mapping onto the enum itself (`var next: Self`) does make the case.
                return resultType(around: Syntax(switchExpr)).map { $0 == typeName || $0 == "Self" } ?? true
            }
            current = ancestor.parent
        }
        return true
    }

    /// The declared result type of the function or property a node is in, as spelled; nil when
    /// there is none to read.
    private static func resultType(around node: Syntax) -> String? {
        var current = node.parent
        while let ancestor = current {
            if let function = ancestor.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause?.type.trimmedSource ?? "Void"
            }
            if let binding = ancestor.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation?.type.trimmedSource
            }
            if ancestor.is(ClosureExprSyntax.self) || ancestor.is(SubscriptDeclSyntax.self) { return nil }
            current = ancestor.parent
        }
        return nil
    }

    /// The enum case names the subject of a `switch` can have, when all of them are known
    /// (`knownSubject`).
    private func knownCaseNames(ofSubjectOf switchExpr: SwitchExprSyntax, _ env: Environment) -> [String]? {
        guard let known = knownSubject(switchExpr.subject, env) else { return nil }
        let caseNames: [String] = known.values.compactMap { enumCase(of: $0.value, env)?.name }
        return caseNames.count == known.values.count ? caseNames : nil
    }

    /// Whether an explicit `case .name:` item with no `where` clause and no payload pattern exists.
    static func switchExpr(_ switchExpr: SwitchExprSyntax, certainlyCatches caseName: String) -> Bool {
        for case .switchCase(let switchCase) in switchExpr.cases {
            guard case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems where item.whereClause == nil {
                if let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                    let member = pattern.expression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == caseName
                {
                    return true
                }
            }
        }
        return false
    }

    static func enumCaseName(of pattern: PatternSyntax) -> String? {
        // `case let .valet(x)`: the binding wraps the case pattern.
        let pattern = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
        guard let expressionPattern = pattern.as(ExpressionPatternSyntax.self) else { return nil }
        var expression = expressionPattern.expression
        if let call = expression.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    static func caseText(_ switchCase: SwitchCaseSyntax) -> String {
        switch switchCase.label {
        case .default: "default"
        case .case(let label): "case " + SyntaxQueries.shortText(label.caseItems, limit: 40)
        }
    }
}
