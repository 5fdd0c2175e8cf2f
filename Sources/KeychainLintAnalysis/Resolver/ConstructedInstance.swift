import KeychainLintModel
import SwiftSyntax

/// A stored property read on an instance whose construction is visible:
/// `let store = Store(flags: .biometryAny); store.flags`, or `Store(flags: x).flags`. The
/// initializer that call runs is evaluated with its parameters bound to the call's arguments, so
/// two instances of one type built with different arguments keep their own values (following the
/// property through every caller of the initializer would give each instance all of them).
extension ValueResolver {
    /// The values of `instance.name` for the construction `instance` comes from, or nil when the
    /// construction, the initializer or the property's assignments are not plain enough (then the
    /// property is followed as usual, through every assignment and every caller).
    func evaluateConstructedMember(_ name: String, of base: ExprSyntax, at member: MemberAccessExprSyntax, _ env: Environment) -> Resolution? {
        guard let construction = construction(of: base),
            let typeName = typeNameOfConstruction(construction), index.declaresPrimaryType(typeName)
        else { return nil }
        let properties = index(env).properties(named: name, inType: typeName)
        guard properties.count == 1, let property = properties.first, !property.isStatic,
            property.binding.accessorBlock == nil
        else { return nil }
        // The initializers of the type that this call can run.
        let labels = SyntaxQueries.labels(of: construction)
        var candidates: [(initializer: InitializerDeclSyntax, file: SourceFile, matched: [Int?])] = []
        var otherAssignments: [(InfixOperatorExprSyntax, SourceFile)] = []
        // Only the declarations in files that mention the property: an initializer elsewhere
        // (an extension's) either assigns it, and so mentions it, or delegates to one that does.
        // Reading every extension of a widely extended type would parse many files per question.
        let declarations = index(env).types(named: typeName, mentioning: name)
        for type in declarations {
            for member in Self.memberList(of: type.node) {
                guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                    let matched = Self.matchArguments(labels, initializer.signature.parameterClause.parameters)
                else { continue }
                candidates.append((initializer, type.file, matched))
            }
        }
        guard candidates.count == 1, let (initializer, file, matched) = candidates.first, let body = initializer.body else { return nil }
        let collector = AssignmentCollector(name: name)
        collector.walk(body)
        // Another initializer it delegates to (`self.init(…)`) may set the property too.
        guard !collector.assignments.isEmpty, !Self.delegates(body) else { return nil }
        for type in declarations {
            let all = AssignmentCollector(name: name)
            all.walk(type.node)
            for assignment in all.assignments where Self.enclosingInitializer(of: Syntax(assignment)) == nil {
                otherAssignments.append((assignment, type.file))
            }
        }

        let initializerKey = NodeKey(file: file, node: initializer)
        guard !env.active.contains(initializerKey) else { return nil }
        var inner = env.entering(initializerKey, file: file)
        inner.bindings = [:]
        inner.selfValue = nil
        let arguments = SyntaxQueries.argumentExpressions(of: construction)
        for (parameter, argumentIndex) in zip(initializer.signature.parameterClause.parameters, matched) {
            let parameterName = (parameter.secondName ?? parameter.firstName).text
            let key = ParameterKey(function: initializerKey, name: parameterName)
            if let argumentIndex, argumentIndex < arguments.count {
                let argument = arguments[argumentIndex]
                inner.bindings[key] = ParameterBinding { [env] in
                    self.evaluate(argument, env)
                        .through(self.step(.argument, "argument `\(parameterName)` of the call", at: construction, in: env.file))
                }
            } else if let defaultValue = parameter.defaultValue {
                var defaultEnv = inner
                defaultEnv.bindings = [:]
                inner.bindings[key] = ParameterBinding { [defaultEnv] in
                    self.evaluate(defaultValue.value, defaultEnv)
                        .through(self.step(.parameterDefault, "default of `\(parameterName)`", at: defaultValue.value, in: file))
                }
            }
        }
        var result = Resolution()
        for assignment in collector.assignments {
            result = result.merging(
                evaluate(assignment.rightOperand, inner).through(step(.assignment, "assigned", at: assignment, in: file)))
        }
        // Methods may assign it later; their values stay possible.
        for (assignment, assignmentFile) in otherAssignments {
            var other = env.entering(initializerKey, file: assignmentFile)
            other.bindings = [:]
            other.selfValue = nil
            result = result.merging(
                evaluate(assignment.rightOperand, other).through(step(.assignment, "assigned", at: assignment, in: assignmentFile)))
        }
        if result.isEmpty { return nil }
        return result.through(step(.property, "`\(typeName).\(name)`", at: property.binding.pattern, in: property.file))
    }

    /// `T(…)` itself, or the constructor call a local `let` was initialised with.
    private func construction(of base: ExprSyntax) -> FunctionCallExprSyntax? {
        if let call = base.as(FunctionCallExprSyntax.self) { return call }
        guard let reference = base.as(DeclReferenceExprSyntax.self),
            case .variable(let declaration, let binding, _, _)? = LocalScope.lookup(reference.baseName.text, from: Syntax(reference)),
            declaration.bindingSpecifier.tokenKind == .keyword(.let),
            let value = binding.initializer?.value
        else { return nil }
        return SyntaxQueries.unwrapTransparent(value).as(FunctionCallExprSyntax.self)
    }

    /// `Store` for `Store(…)` and `Store.init(…)`.
    private func typeNameOfConstruction(_ call: FunctionCallExprSyntax) -> String? {
        let callee = SyntaxQueries.unwrapTransparent(call.calledExpression)
        if let reference = callee.as(DeclReferenceExprSyntax.self), SyntaxQueries.looksLikeTypeName(reference.baseName.text) {
            return reference.baseName.text
        }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let base = member.base?.as(DeclReferenceExprSyntax.self), SyntaxQueries.looksLikeTypeName(base.baseName.text)
        {
            return base.baseName.text
        }
        return nil
    }

    static func enclosingInitializer(of node: Syntax) -> InitializerDeclSyntax? {
        var current = node.parent
        while let candidate = current {
            if let initializer = candidate.as(InitializerDeclSyntax.self) { return initializer }
            if candidate.is(MemberBlockSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }

    static func memberList(of node: Syntax) -> MemberBlockItemListSyntax {
        if let decl = node.as(ClassDeclSyntax.self) { return decl.memberBlock.members }
        if let decl = node.as(StructDeclSyntax.self) { return decl.memberBlock.members }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.memberBlock.members }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.memberBlock.members }
        if let decl = node.as(ExtensionDeclSyntax.self) { return decl.memberBlock.members }
        return []
    }

    /// Whether an initializer body calls `self.init(…)`: it runs another initializer of this type
    /// first, which may set the property too (`super.init` cannot set this type's properties).
    private static func delegates(_ body: CodeBlockSyntax) -> Bool {
        body.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .keyword(.`init`) && token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
                && token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self)
        }
    }
}
