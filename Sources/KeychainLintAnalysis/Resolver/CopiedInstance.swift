import KeychainLintModel
import SwiftSyntax

/// A store into a local copy of a struct that is then handed on: the builder ("with") methods of a
/// configuration type copy its options, change one property and build a new instance from the copy
/// (`var copy = options; copy.accessibility = value; return Store(options: copy)`). A struct is a
/// value: the store changes the copy only, so it is a value the property can have on the
/// instances the copy reaches, and on no other. Where the copy goes decides it:
/// - an argument of a construction (`Store(options: copy)`, `Self(copy)`, `.init(copy)`) or a
///   returned value: the store reaches an instance, and the trace names the step;
/// - only read or changed again through its own members (`copy.service`): it reaches no instance
///   the property is read on elsewhere, and gives nothing;
/// - anywhere else (passed to a function, assigned, captured): its fate is not known, and the
///   value is a gap, never a guess.
extension ValueResolver {
    /// What a copy reaches: the steps by which it is handed on (each reaching use), and whether
    /// some use of it cannot be followed.
    struct CopyFate {
        var handedOn: [TraceStep] = []
        var unknownUse: Syntax?
    }

    /// The local `var` that `base` names, when it is a copy of a value of `typeName`, a struct:
    /// initialised from a stored property of that type (`var copy = options`,
    /// `var options = self.options`) or a name declared as one. Nil otherwise: a construction
    /// (`var options = Options()`) or a written type are stores into an instance of the type as
    /// they stand.
    func localCopy(_ base: ExprSyntax, ofStruct typeName: String, _ env: Environment)
        -> (declaration: VariableDeclSyntax, binding: PatternBindingSyntax, list: CodeBlockItemListSyntax, itemIndex: Int)?
    {
        guard let reference = base.as(DeclReferenceExprSyntax.self),
            case .variable(let declaration, let binding, let list, let itemIndex)? = LocalScope.lookup(
                reference.baseName.text, from: Syntax(reference)),
            declaration.bindingSpecifier.tokenKind == .keyword(.var), binding.typeAnnotation == nil,
            let written = binding.initializer?.value,
            copiedType(of: SyntaxQueries.unwrapTransparent(written), env) == typeName,
            index(env).types(named: typeName).contains(where: { !$0.isExtension && $0.node.is(StructDeclSyntax.self) })
        else { return nil }
        return (declaration, binding, list, itemIndex)
    }

    /// The type of the value a copy is initialised from: a stored property of the enclosing type
    /// (`options`, `self.options`) or a name whose type is written.
    private func copiedType(of value: ExprSyntax, _ env: Environment) -> String? {
        if let member = value.as(MemberAccessExprSyntax.self), SyntaxQueries.isSelf(member.base),
            let owner = SyntaxQueries.enclosingTypeName(of: member)
        {
            let properties = index(env).properties(named: member.declName.baseName.text, inType: owner)
            guard properties.count == 1, !properties[0].isStatic else { return nil }
            return properties[0].typeName
        }
        guard value.is(DeclReferenceExprSyntax.self) else { return nil }
        return inferredType(of: value, env)
    }

    /// Where the copy named `name`, declared at `itemIndex` of `list`, goes after it is declared.
    func fate(
        ofCopy name: String, ofType copyType: String, binding: PatternBindingSyntax, list: CodeBlockItemListSyntax, itemIndex: Int,
        in file: SourceFile, _ env: Environment
    ) -> CopyFate
    {
        var fate = CopyFate()
        for item in list.dropFirst(itemIndex + 1) {
            for token in item.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                // Another declaration of the name (a closure's parameter, an inner local) shadows it.
                guard case .variable(_, let found, _, _)? = LocalScope.lookup(name, from: Syntax(reference)), found.id == binding.id
                else { continue }
                switch use(of: ExprSyntax(reference), copyType: copyType, env) {
                case .member:
                    continue
                case .handedOn(let node, let text):
                    fate.handedOn.append(step(.argument, text, at: node, in: file))
                case .unknown:
                    if fate.unknownUse == nil { fate.unknownUse = Syntax(reference) }
                }
            }
        }
        return fate
    }

    /// The value a builder stores into its copy. A parameter of a builder other modules can call
    /// holds what code outside the scan passes too: when its type is a public enum the scan
    /// declares (a library's own options, `Accessibility`), that is any of its cases, each with
    /// the case's declaration in the trace, as the presets a library offers are reported
    /// (InstanceSelf.swift); beside them, what the scan's callers pass. Of any other type (a
    /// Security constant passed as it is, a `Bool`) the value a user passes is not known: what
    /// the scan's callers pass, and a gap.
    func valueStored(inCopy value: ExprSyntax, _ env: Environment) -> Resolution {
        let evaluated = evaluate(value, env)
        guard let reference = SyntaxQueries.unwrapTransparent(value).as(DeclReferenceExprSyntax.self),
            case .parameter(let parameter, let function)? = LocalScope.lookup(reference.baseName.text, from: Syntax(reference)),
            function.is(FunctionDeclSyntax.self), SyntaxQueries.isCallableFromOtherModules(function)
        else { return evaluated }
        let typeName = TypeNames.baseName(of: parameter.type)
        let offered = casesOffered(by: typeName, env)
        guard !offered.isEmpty else { return evaluated }
        let functionName = function.as(FunctionDeclSyntax.self).map { declaration in
            declaration.name.text + "(" + declaration.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
        } ?? ""
        var result = Resolution(values: evaluated.values)
        for (name, node, file) in offered {
            result = result.merging(
                .value(.member(name, type: nil), trace: [
                    step(.libraryOption, "`.\(name)`, which callers of public `\(functionName)` may pass", at: node, in: file)
                ]))
        }
        return result
    }

    /// The cases without associated values of `typeName`, when it is a public enum the scan
    /// declares, with where each is declared.
    private func casesOffered(by typeName: String, _ env: Environment) -> [(String, Syntax, SourceFile)] {
        let declarations = index(env).types(named: typeName).filter { !$0.isExtension }
        guard declarations.count == 1, let type = declarations.first,
            let enumDecl = type.node.as(EnumDeclSyntax.self), SyntaxQueries.isCallableFromOtherModules(Syntax(enumDecl))
        else { return [] }
        var cases: [(String, Syntax, SourceFile)] = []
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements where element.parameterClause == nil {
                cases.append((element.name.text, Syntax(element), type.file))
            }
        }
        return cases
    }

    /// Whether a type the scan declares has a stored property whose written type is `valueType`.
    private func holdsStoredProperty(ofType valueType: String, in typeName: String, _ env: Environment) -> Bool {
        index.declaresPrimaryType(typeName) && index(env).types(named: typeName).contains { type in
            Self.memberList(of: type.node).contains { member in
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                    !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
                else { return false }
                return variable.bindings.contains { binding in
                    binding.accessorBlock == nil && binding.typeAnnotation.map { TypeNames.baseName(of: $0.type) == valueType } ?? false
                }
            }
        }
    }

    private enum CopyUse {
        /// `copy.p` read or changed: the copy stays where it is.
        case member
        /// Given to a construction or returned: it reaches an instance.
        case handedOn(Syntax, String)
        case unknown
    }

    private func use(of reference: ExprSyntax, copyType: String, _ env: Environment) -> CopyUse {
        var node = Syntax(reference)
        // `(copy)`, `copy as T` are the copy itself.
        while let parent = node.parent, let expression = parent.as(ExprSyntax.self),
            SyntaxQueries.unwrapTransparent(expression).id == reference.id
        {
            node = parent
        }
        guard let parent = node.parent else { return .unknown }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id { return .member }
        if parent.is(ReturnStmtSyntax.self) { return .handedOn(parent, "copy returned") }
        if let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            argument.parent?.id == call.arguments.id, let typeName = typeNameOfConstruction(call)
        {
            // Only a type that keeps such a value (`String(describing: copy)` builds no instance
            // the property is read on).
            guard typeName == copyType || holdsStoredProperty(ofType: copyType, in: typeName, env) else { return .unknown }
            return .handedOn(Syntax(call), "copy given to `\(typeName)(…)`")
        }
        // The one expression of an implicit-return body.
        if let item = parent.as(CodeBlockItemSyntax.self), let body = item.parent?.as(CodeBlockItemListSyntax.self), body.count == 1,
            body.parent?.is(CodeBlockSyntax.self) ?? false || body.parent?.is(AccessorBlockSyntax.self) ?? false
        {
            return .handedOn(parent, "copy returned")
        }
        return .unknown
    }
}
