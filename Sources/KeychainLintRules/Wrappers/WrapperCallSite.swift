import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax

/// A call in the app that is a call of a modelled wrapper library: the file imports the
/// library's module and the callee is the library's (its type named as the receiver of a static
/// call or an initializer, or an instance of it as the receiver of a method).
struct WrapperCallSite {
    let model: WrapperModel
    let call: WrapperCall
    let syntax: FunctionCallExprSyntax!
    /// For a setter: the assignment's target (`keychain.defaultAccessiblity`) and assigned value.
    var assignment: (target: MemberAccessExprSyntax, value: ExprSyntax)? = nil
    /// The app's own type the call is made on, when the library type is a protocol it adopts
    /// (Locksmith: `account.createInSecureStore()` on the app's `TwitterAccount`).
    var appType: String? = nil

    /// The library call `call` is, if any.
    static func match(_ call: SwiftCall, in context: RuleContext) -> WrapperCallSite? {
        match(call.syntax, in: context)
    }

    /// The call as a reference (nil for a setter, which is an assignment).
    var reference: SwiftCall? { syntax.map(SwiftCall.init) }

    /// The library call `syntax` is, if any.
    static func match(_ syntax: FunctionCallExprSyntax, in context: RuleContext, models: [WrapperModel]? = nil)
        -> WrapperCallSite?
    {
        guard let name = SyntaxQueries.calleeName(of: syntax) else { return nil }
        let seen = models.map { FileImports.seen($0, in: context) } ?? FileImports.seenModels(in: context)
        for (model, onlyAsCopy) in seen {
            // A copy of the library's source calls itself: that is the library's code, not the app's.
            if onlyAsCopy, insideLibraryType(syntax, model) { continue }
            if let call = match(syntax, named: name, model: model, context: context) {
                return WrapperCallSite(model: model, call: call, syntax: syntax)
            }
            if let (call, appType) = matchConformance(syntax, named: name, model: model, context: context) {
                return WrapperCallSite(model: model, call: call, syntax: syntax, appType: appType)
            }
        }
        return nil
    }

    private static func match(_ syntax: FunctionCallExprSyntax, named name: String, model: WrapperModel, context: RuleContext)
        -> WrapperCall?
    {
        let instances = WrapperInstances(model: model, context: context)
        let receiver = SyntaxQueries.receiver(of: syntax).map(SyntaxQueries.unwrapTransparent)
        // `Keychain(…)`, `KeychainAccess.Keychain(…)`.
        if receiver == nil || receiver.flatMap(writtenTypeName) == model.module,
            let type = instances.libraryType(named: name),
            let initializer = model.calls(named: "init", on: type, labels: labels(of: syntax)).first
        {
            return initializer
        }
        // Inside an extension of the library's type, a call on the instance itself
        // (`accessibility(.always)`, `self.accessibility(.always)`): the app's own store method
        // with a fixed setting.
        if receiver == nil || receiver?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
            let enclosing = SyntaxQueries.enclosingTypeName(of: syntax), let type = instances.libraryType(named: enclosing),
            let call = model.calls(named: name, on: type, labels: labels(of: syntax)).first(where: { !$0.isStatic })
        {
            return call
        }
        guard let receiver else { return nil }
        // Every form below calls a method the model lists under this name: a model without one
        // need not work out the receiver's type.
        guard model.calls.contains(where: { $0.name == name }) else { return nil }
        // `Keychain.init(…)`, `Valet.valet(with:accessibility:)`.
        if let written = writtenTypeName(receiver), let type = instances.libraryType(named: written) {
            return model.calls(named: name, on: type, labels: labels(of: syntax)).first { name == "init" || $0.isStatic }
        }
        // `XYZKeychain.setAccessibilityType(…)`: a class method of an Objective-C library's copy
        // under another class name, which a bridging header imports (`FileImports.sees`).
        if let written = writtenTypeName(receiver), FileImports.bridgingHeaderImportsCopy(named: written, of: model, in: context),
            let type = ObjCWrapperCalls.copiedType(written, of: model, constants: context.scan.objectiveCConstants)
        {
            return model.calls(named: name, on: type, labels: labels(of: syntax)).first(where: \.isStatic)
        }
        // A method of an instance: `keychain.accessibility(.always)`, `KeychainWrapper.standard.set(…)`.
        for type in instances.types(of: receiver).sorted() {
            if let call = model.calls(named: name, on: type, labels: labels(of: syntax)).first(where: { !$0.isStatic }) { return call }
        }
        return nil
    }

    /// The argument labels of a call as a model lists them (`_` for an unlabelled argument; a
    /// trailing closure is not an argument label).
    private static func labels(of syntax: FunctionCallExprSyntax) -> [String] {
        syntax.arguments.map { $0.label?.text ?? "_" }
    }

    /// Whether a file assigns a property of this name (`keychain.defaultAccessiblity = …`).
    static func assigns(_ setter: String, in file: SourceFile) -> Bool {
        file.tree.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == setter && token.parent?.parent?.as(MemberAccessExprSyntax.self).map {
                $0.parent?.as(InfixOperatorExprSyntax.self)?.operator.is(AssignmentExprSyntax.self) == true
            } == true
        }
    }

    /// The library property `member` is, when it is assigned (`keychain.useAccessControl = true`)
    /// on an instance of the library's type, in a file that imports it.
    static func matchSetter(_ member: MemberAccessExprSyntax, in context: RuleContext) -> WrapperCallSite? {
        guard let infix = member.parent?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
            infix.leftOperand.id == member.id, let base = member.base
        else { return nil }
        let name = member.declName.baseName.text
        for model in context.scan.wrapperModels where FileImports.sees(model, in: context) {
            guard model.calls.contains(where: { $0.isSetter && $0.name == name }) else { continue }
            if FileImports.seesOnlyAsCopy(model, in: context), insideLibraryType(member, model) { continue }
            let instances = WrapperInstances(model: model, context: context)
            for type in instances.types(of: SyntaxQueries.unwrapTransparent(base)).sorted() {
                if let call = model.calls(named: name, on: type).first(where: \.isSetter) {
                    return WrapperCallSite(model: model, call: call, syntax: nil, assignment: (member, infix.rightOperand))
                }
            }
        }
        return nil
    }

    /// A method the library provides to app types that adopt one of its protocols, called on such
    /// a type: `createInSecureStore()` inside it, on `self`, or on a value built by its initializer
    /// or declared of that type, when a declaration or extension of the type (visible from the
    /// file) names the protocol.
    private static func matchConformance(_ syntax: FunctionCallExprSyntax, named name: String, model: WrapperModel, context: RuleContext)
        -> (WrapperCall, String)?
    {
        let candidates = model.calls.filter { call in
            call.name == name && !call.isStatic && model.type(named: call.type)?.conformance == true
        }
        guard !candidates.isEmpty else { return nil }
        let receiver = SyntaxQueries.receiver(of: syntax).map(SyntaxQueries.unwrapTransparent)
        var appTypes: [String] = []
        if receiver == nil || receiver?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            if let enclosing = SyntaxQueries.enclosingTypeName(of: syntax) { appTypes.append(enclosing) }
        } else if let receiver {
            for traced in context.resolve(receiver).values {
                if case .call(let call) = traced.value, call.receiver == nil, SyntaxQueries.looksLikeTypeName(call.name) {
                    appTypes.append(call.name)
                }
            }
            if appTypes.isEmpty, let declared = context.resolver.declaredTypeName(of: receiver, in: context.file) {
                appTypes.append(declared)
            }
        }
        let index = ScopedIndex(index: context.scan.index, asking: context.file.id)
        for appType in appTypes {
            for call in candidates where adopts(appType, call.type, model: model, index: index) { return (call, appType) }
        }
        return nil
    }

    /// A declaration or extension of `appType` lists `protocolName` (or `Module.protocolName`),
    /// or one of the app's own protocols that refines it (`protocol BackgroundSecret:
    /// CreateableSecureStorable`).
    static func adopts(_ appType: String, _ protocolName: String, model: WrapperModel, index: ScopedIndex) -> Bool {
        protocolsBetween(appType, protocolName, model: model, index: index) != nil
    }

    /// The app's own protocols through which `typeName` adopts the library's `protocolName`,
    /// nearest first: empty when a declaration or extension of the type lists it itself, nil
    /// when the type does not adopt it (followed at most `maximumRefinements` protocols deep).
    static func protocolsBetween(_ typeName: String, _ protocolName: String, model: WrapperModel, index: ScopedIndex, depth: Int = 0)
        -> [String]?
    {
        var inherited: [String] = []
        for declaration in index.types(named: typeName) {
            let clause: InheritanceClauseSyntax?
            if let decl = declaration.node.as(StructDeclSyntax.self) { clause = decl.inheritanceClause }
            else if let decl = declaration.node.as(ClassDeclSyntax.self) { clause = decl.inheritanceClause }
            else if let decl = declaration.node.as(EnumDeclSyntax.self) { clause = decl.inheritanceClause }
            else if let decl = declaration.node.as(ExtensionDeclSyntax.self) { clause = decl.inheritanceClause }
            else if let decl = declaration.node.as(ActorDeclSyntax.self) { clause = decl.inheritanceClause }
            else if let decl = declaration.node.as(ProtocolDeclSyntax.self) { clause = decl.inheritanceClause }
            else { clause = nil }
            inherited += clause?.inheritedTypes.map { $0.type.trimmedSource } ?? []
        }
        if inherited.contains(where: { $0 == protocolName || $0 == model.module + "." + protocolName }) { return [] }
        guard depth < maximumRefinements else { return nil }
        for name in inherited where name != typeName
            && index.types(named: name).contains(where: { $0.node.is(ProtocolDeclSyntax.self) })
        {
            if let rest = protocolsBetween(name, protocolName, model: model, index: index, depth: depth + 1) { return [name] + rest }
        }
        return nil
    }

    /// App protocols refining a library protocol, followed this deep: far beyond what apps write.
    static let maximumRefinements = 3

    /// Whether `node` is written inside a declaration or extension of one of the library's types.
    private static func insideLibraryType(_ node: some SyntaxProtocol, _ model: WrapperModel) -> Bool {
        guard let enclosing = SyntaxQueries.enclosingTypeName(of: node) else { return false }
        return model.type(named: enclosing) != nil
    }

    /// `Valet` or `Valet.SecureEnclaveValet` when the receiver is written as a type name.
    private static func writtenTypeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), SyntaxQueries.looksLikeTypeName(reference.baseName.text) {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            SyntaxQueries.looksLikeTypeName(member.declName.baseName.text)
        {
            return base.baseName.text + "." + member.declName.baseName.text
        }
        return nil
    }

    /// A configuration whose result is used at once only by a search of the library, through
    /// more configuration calls if any (`Keychain(service: s).accessibility(.always).remove("k")`):
    /// nothing is stored with it. An instance kept in a variable is judged by its configuration.
    var onlyConfiguresASearch: Bool {
        guard var current = syntax else { return false }
        var entry = call
        while entry.effect == .configure, let returned = entry.returns {
            guard let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
                let next = member.parent?.as(FunctionCallExprSyntax.self), next.calledExpression.id == member.id,
                let nextEntry = model.calls(named: member.declName.baseName.text, on: returned).first(where: { !$0.isStatic })
            else { return false }
            if nextEntry.effect == .search { return true }
            current = next
            entry = nextEntry
        }
        return false
    }

    /// The instance this call makes is given to an argument the model marks as a public key's
    /// (EllipticCurveKeyPair `Config(publicKeyAccessControl:)`), directly or through a name
    /// declared with it whose uses are all such arguments: a local's in its body, a type's
    /// property's (`static let publicKey = AccessControl(…)`, read as `Keys.publicKey`) in its
    /// file, where the property is private to the file or `otherFilesMention` says no other file
    /// names it (a property other files may read could be given to a private key there).
    func configuresPublicKey(otherFilesMention: (String) -> Bool) -> Bool {
        let labels = Set(model.calls.flatMap(\.arguments).filter { $0.role == .publicKey }.compactMap { argument -> String? in
            if case .label(let label) = argument.place { return label }
            return nil
        })
        guard !labels.isEmpty, let syntax else { return false }
        let node = Syntax(syntax)
        if let labelled = node.parent?.as(LabeledExprSyntax.self) {
            return labelled.label.map { labels.contains($0.text) } ?? false
        }
        // `let publicAccess = EllipticCurveKeyPair.AccessControl(…)` … `publicKeyAccessControl: publicAccess`.
        guard let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return false }
        var scope = Syntax(binding)
        while let parent = scope.parent, !parent.is(CodeBlockSyntax.self), !parent.is(MemberBlockItemListSyntax.self),
            !parent.is(MemberBlockSyntax.self), !parent.is(SourceFileSyntax.self)
        {
            scope = parent
        }
        guard var body = scope.parent else { return false }
        if body.is(MemberBlockItemListSyntax.self) || body.is(MemberBlockSyntax.self) {
            let modifiers = binding.parent?.parent?.as(VariableDeclSyntax.self)?.modifiers.map(\.name.text) ?? []
            let privateToFile = modifiers.contains("private") || modifiers.contains("fileprivate")
            guard privateToFile || !otherFilesMention(name) else { return false }
            body = node.root
        }
        var givenToPublicKey = false
        for token in body.tokens(viewMode: .sourceAccurate) where token.text == name && token.id != binding.pattern.firstToken(viewMode: .sourceAccurate)?.id {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var use = Syntax(reference)
            if let member = use.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { use = Syntax(member) }
            guard let labelled = use.parent?.as(LabeledExprSyntax.self), let label = labelled.label, labels.contains(label.text) else {
                return false
            }
            givenToPublicKey = true
        }
        return givenToPublicKey
    }

    /// The argument that carries `role`, as written, when the call has it.
    func argument(for role: WrapperArgumentRole) -> (model: WrapperArgument, expression: SwiftExpression)? {
        guard let argument = call.argument(for: role) else { return nil }
        if let assignment { return (argument, SwiftExpression(assignment.value)) }
        switch argument.place {
        case .label(let label):
            return SyntaxQueries.argument(labeled: label, of: syntax).map { (argument, SwiftExpression($0.expression)) }
        case .position(let index):
            guard let found = SyntaxQueries.argument(index, of: syntax), found.label == nil else { return nil }
            return (argument, SwiftExpression(found.expression))
        }
    }
}
