import KeychainLintModel
import SwiftSyntax

/// Constructions that do not name their type in the callee: `Self(…)`, `Type.init(…)`, and
/// `.init(…)`, whose type Swift takes from the context (`let access: KeyAccess = .init(…)`,
/// `static let preset: Self = .init(…)`, a parameter's default, a returned value, an argument of
/// an initializer or function whose parameter type is written).
///
/// An instance built so is an instance of its type like one built with `KeyAccess(…)`: the
/// values its initializer receives belong to it, and a method of the type may run on it. Missing
/// it would lose what it passes to the initializer's parameters, and would let the other
/// constructions of the type pass for all of its instances. Where the context does not write
/// the type (an argument of a method called on an instance, an assignment), the resolver does
/// not infer it: such a call is not counted as any type's construction, and where it may build
/// an instance of a type whose instances are asked for, the instance is unknown and the gap
/// says so.
extension ValueResolver {
    /// The type a construction call builds, as written: `T` for `T(…)`, `T.init(…)` and, where
    /// the context writes `T`, `.init(…)`; the enclosing type for `Self(…)` and `Self.init(…)`;
    /// `T` for a qualified name, `Outer.T(…)` or `Module.T(…)` (nested types are indexed under
    /// their own name). Nil otherwise (a call that constructs nothing, or whose type the context
    /// does not write).
    func typeNameOfConstruction(_ call: FunctionCallExprSyntax) -> String? {
        let callee = SyntaxQueries.unwrapTransparent(call.calledExpression)
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "Self" { return concreteSelfType(at: Syntax(call)) }
            return SyntaxQueries.looksLikeTypeName(name) ? name : nil
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return nil }
        // `KeyPairKit.AccessControl(…)`: an instance of the nested type, as `AccessControl(…)`
        // written inside `KeyPairKit` is. Missing it would give that instance the values of
        // every other construction of the type.
        if member.declName.baseName.text != "init" {
            guard member.base != nil else { return nil }
            return writtenTypeName(of: callee, at: Syntax(call))
        }
        guard let base = member.base else { return contextualType(of: Syntax(call)) }
        return writtenTypeName(of: SyntaxQueries.unwrapTransparent(base), at: Syntax(call))
    }

    /// Whether `call` is `.init(…)` with no type written in its callee.
    static func isImplicitInit(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = SyntaxQueries.unwrapTransparent(call.calledExpression).as(MemberAccessExprSyntax.self) else { return false }
        return member.base == nil && member.declName.baseName.text == "init"
    }

    /// The constructions of `typeName` whose callee does not name it (`Self(…)`, `T.init(…)`,
    /// `.init(…)` in a typed context), and the `.init(…)` calls whose type the context does not
    /// write, in the files that mention the type (where its name is written, in the call's
    /// context or around it). Computed once per type for the whole scan.
    func unnamedConstructions(ofType typeName: String) -> (decided: [CallSite], undecided: [CallSite]) {
        unnamedConstructionSites.value(for: typeName) {
            var decided: [CallSite] = []
            var undecided: [CallSite] = []
            // Only calls an initializer of the type accepts can build it: the others are not
            // typed (which may look up the declarations of the types around them).
            let accepts = acceptedLabels(ofType: typeName)
            for site in index.unnamedConstructionCalls(inFilesMentioning: typeName) where accepts(site.labels) {
                let call = site.call
                if let built = typeNameOfConstruction(call) {
                    if built == typeName { decided.append(site) }
                } else if Self.isImplicitInit(call) {
                    undecided.append(site)
                }
            }
            return (decided, undecided)
        }
    }

    /// The constructions of `typeName` the asking file can see, in file then call order: the calls
    /// that name the type, and the `.init(…)` and `Self(…)` whose context writes it. Nil when there
    /// are more than `maximumCallSites`.
    func visibleConstructions(ofType typeName: String, _ env: Environment) -> [(file: SourceFile, call: FunctionCallExprSyntax)]? {
        let scoped = index(env)
        let unnamed = unnamedConstructions(ofType: typeName).decided.filter { scoped.mayCall(from: $0.fileIndex) }
        var found: [(file: SourceFile, call: FunctionCallExprSyntax)] = []
        for site in scoped.callSites(named: typeName) + unnamed {
            let (file, call) = site.resolved
            guard typeNameOfConstruction(call) == typeName else { continue }
            found.append((file, call))
            guard found.count <= Self.maximumCallSites else { return nil }
        }
        return found
    }

    /// Whether a call with `labels` can run an initializer of `typeName`: one declared in the
    /// scan, or, when it declares none, the memberwise initializer of its stored properties.
    func acceptedLabels(ofType typeName: String) -> ([String?]) -> Bool {
        let initializers = index.methods(named: "init", inType: typeName).map(\.shapes)
        if !initializers.isEmpty {
            return { labels in initializers.contains { Self.matchArguments(labels, $0) != nil } }
        }
        return { [index] labels in
            labels.allSatisfy { label in
                label.map { !index.properties(named: $0, inType: typeName).filter { !$0.isStatic }.isEmpty } ?? false
            }
        }
    }

    /// The first `.init(…)` among `undecided` visible from the asking file whose labels `accepts`,
    /// said as a reason: what it builds is not known. `use` says what the instance would reach
    /// (`that \`make()\` may run on`, `whose initializer this is`).
    func undecidedConstructionReason(
        _ undecided: [CallSite], typeName: String, use: String, _ env: Environment, accepts: ([String?]) -> Bool = { _ in true }
    ) -> String? {
        let index = index(env)
        for site in undecided where index.mayCall(from: site.fileIndex) {
            guard accepts(site.labels) else { continue }
            let (file, call) = site.resolved
            let place = "\(Self.fileName(file.path)):\(file.line(of: call))"
            return "`.init(…)` at \(place) may build an instance of `\(typeName)` \(use), but its context does not write the type: "
                + "the values of that instance are not known"
        }
        return nil
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The type of an implicit member at `node` (`.init(…)`, `.standard`), where its context writes
    /// it: the annotation of the binding it initialises, the type of the parameter it is the
    /// default of, the result type of the function, subscript or computed property it is returned
    /// from, or the written type of the parameter it is passed to (`contextualParameterType`).
    /// Nil elsewhere.
    func contextualType(of node: Syntax) -> String? {
        var current = node
        // What does not change the type: parentheses, `try`, `await`.
        while let parent = current.parent {
            if parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
                current = parent
            } else if parent.is(LabeledExprSyntax.self), let list = parent.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                let tuple = list.parent?.as(TupleExprSyntax.self), parent.as(LabeledExprSyntax.self)?.label == nil
            {
                current = Syntax(tuple)
            } else {
                break
            }
        }
        guard let parent = current.parent else { return nil }
        if let clause = parent.as(InitializerClauseSyntax.self) {
            if let binding = clause.parent?.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.flatMap { writtenTypeName(of: $0.type, at: node) }
            }
            if let parameter = clause.parent?.as(FunctionParameterSyntax.self) {
                return writtenTypeName(of: parameter.type, at: node)
            }
            return nil
        }
        if parent.is(ReturnStmtSyntax.self) { return resultType(around: parent, at: node) }
        // The one expression of a body: returned implicitly.
        if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
            let holder = list.parent, holder.is(CodeBlockSyntax.self) || holder.is(AccessorBlockSyntax.self)
        {
            return resultType(around: Syntax(list), at: node)
        }
        if let argument = parent.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self)
        {
            return contextualParameterType(of: argument, in: call, at: node)
        }
        return nil
    }

    /// The result type of the function, subscript or computed property whose body holds `node`;
    /// nil inside a closure or an initializer, whose result is not written there.
    private func resultType(around node: Syntax, at origin: Syntax) -> String? {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(ClosureExprSyntax.self) || ancestor.is(InitializerDeclSyntax.self) { return nil }
            if let function = ancestor.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.flatMap { writtenTypeName(of: $0.type, at: origin) }
            }
            if let subscriptDecl = ancestor.as(SubscriptDeclSyntax.self) {
                return writtenTypeName(of: subscriptDecl.returnClause.type, at: origin)
            }
            if let binding = ancestor.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.flatMap { writtenTypeName(of: $0.type, at: origin) }
            }
            if ancestor.is(MemberBlockSyntax.self) || ancestor.is(SourceFileSyntax.self) { return nil }
            current = ancestor.parent
        }
        return nil
    }

    /// The written type of the parameter `argument` is passed to: of the one initializer of a
    /// type of the scan whose labels fit the call (or, for a struct without an initializer of its
    /// own, the stored property of the argument's label), or of the one function of the scan of
    /// the callee's name whose labels fit, when the call has no receiver or its receiver is
    /// `self` or a type. Nil when that is not one declaration.
    private func contextualParameterType(of argument: LabeledExprSyntax, in call: FunctionCallExprSyntax, at origin: Syntax) -> String? {
        guard let position = call.arguments.firstIndex(where: { $0.id == argument.id }) else { return nil }
        let argumentIndex = call.arguments.distance(from: call.arguments.startIndex, to: position)
        let labels = SyntaxQueries.labels(of: call)
        var candidates: [FunctionDeclaration]
        if let builtType = typeNameOfConstruction(call) {
            guard index.declaresPrimaryType(builtType) else { return nil }
            candidates = index.methods(named: "init", inType: builtType)
            if candidates.isEmpty {
                // The memberwise initializer: the label names the stored property.
                guard let label = argument.label?.text, index.types(named: builtType).contains(where: { $0.node.is(StructDeclSyntax.self) })
                else { return nil }
                let properties = index.properties(named: label, inType: builtType).filter { !$0.isStatic }
                guard properties.count == 1, let type = properties[0].binding.typeAnnotation?.type else { return nil }
                return writtenTypeName(of: type, at: Syntax(properties[0].binding))
            }
        } else {
            guard let name = SyntaxQueries.calleeName(of: call), name != "init", !SyntaxQueries.looksLikeTypeName(name) else { return nil }
            let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent)
            if let receiver, !SyntaxQueries.isSelf(receiver),
                !(receiver.as(DeclReferenceExprSyntax.self).map { SyntaxQueries.looksLikeTypeName($0.baseName.text) } ?? false)
            {
                return nil
            }
            candidates = index.functions(named: name)
        }
        let fitting = candidates.filter { Self.matchArguments(labels, $0.shapes) != nil }
        guard fitting.count == 1, let declaration = fitting.first, let matched = Self.matchArguments(labels, declaration.shapes),
            let parameterIndex = matched.firstIndex(of: argumentIndex)
        else { return nil }
        let parameters = declaration.parameters
        let parameter = parameters[parameters.index(parameters.startIndex, offsetBy: parameterIndex)]
        return writtenTypeName(of: parameter.type, at: Syntax(parameter))
    }

    /// `T` for a written type `T`, `T?`, `T!`, `Outer.T` (a nested type is indexed under its own
    /// name) or `T<…>`; the enclosing type for `Self`.
    private func writtenTypeName(of type: TypeSyntax, at node: Syntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return writtenTypeName(of: optional.wrappedType, at: node) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return writtenTypeName(of: unwrapped.wrappedType, at: node) }
        if let attributed = type.as(AttributedTypeSyntax.self) { return writtenTypeName(of: attributed.baseType, at: node) }
        let name: String
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            name = identifier.name.text
        } else if let member = type.as(MemberTypeSyntax.self) {
            name = member.name.text
        } else {
            return nil
        }
        if name == "Self" { return concreteSelfType(at: node) }
        return SyntaxQueries.looksLikeTypeName(name) ? name : nil
    }

    /// `T` for a type written as an expression (`T`, `Outer.T`, `Self`).
    private func writtenTypeName(of expression: ExprSyntax, at node: Syntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "Self" { return concreteSelfType(at: node) }
            return SyntaxQueries.looksLikeTypeName(name) ? name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            writtenTypeName(of: SyntaxQueries.unwrapTransparent(base), at: node) != nil
        {
            let name = member.declName.baseName.text
            return SyntaxQueries.looksLikeTypeName(name) ? name : nil
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return writtenTypeName(of: specialized.expression, at: node)
        }
        return nil
    }

    /// The type `Self` names where `node` is written: the enclosing type or extended type, unless
    /// that is a protocol (whose `Self` is whichever type conforms).
    private func concreteSelfType(at node: Syntax) -> String? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(ProtocolDeclSyntax.self) { return nil }
            if candidate.is(ClassDeclSyntax.self) || candidate.is(StructDeclSyntax.self) || candidate.is(EnumDeclSyntax.self)
                || candidate.is(ActorDeclSyntax.self) || candidate.is(ExtensionDeclSyntax.self)
            {
                break
            }
            current = candidate.parent
        }
        guard let typeName = SyntaxQueries.enclosingTypeName(of: node) else { return nil }
        let simple = typeName.split(separator: ".").last.map(String.init) ?? typeName
        if index.types(named: simple).contains(where: \.isProtocol) { return nil }
        return simple
    }
}
