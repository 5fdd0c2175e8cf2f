import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax

/// What one wrapper call sets for one role (its accessibility, its access-control flags): the
/// argument as written, and every value it can have read through the library's model, each with
/// the path it took. Only calls that configure an instance or write are settings: a search's
/// argument only selects items (a read's `withAccessibility: .always` stores nothing), and so
/// does a configuration used at once only by a search.
struct WrapperSetting {
    let site: WrapperCallSite
    let argument: WrapperArgument
    /// The argument as written at the call: findings are reported here.
    let expression: SwiftExpression
    let values: [(option: WrapperOption, trace: [TraceStep])]
    /// The resolution, for `--verbose` when no value could be read.
    let resolution: Resolution
    /// `TwitterAccount.accessible` when the setting is a property the app's type implements for
    /// the library (Locksmith); the call is then where it is written.
    var property: String? = nil
    /// The call makes a public key's access control (`WrapperCallSite.configuresPublicKey`).
    var configuresPublicKey = false

    /// The setting of `role` made by the call `input` is, when it is a modelled library call.
    static func of(_ input: RuleInput, role: WrapperArgumentRole, in context: RuleContext) -> WrapperSetting? {
        let matched: WrapperCallSite?
        switch input {
        case .call(let call): matched = WrapperCallSite.match(call, in: context)
        case .memberAccess(let member): matched = WrapperCallSite.matchSetter(member.syntax, in: context)
        default: matched = nil
        }
        guard let site = matched else { return nil }
        return of(site, role: role, in: context)
    }

    /// The setting of `role` made at `site`, unless the call only searches.
    static func of(_ site: WrapperCallSite, role: WrapperArgumentRole, in context: RuleContext) -> WrapperSetting? {
        guard site.call.effect != .search, !site.onlyConfiguresASearch else { return nil }
        if let (argument, expression) = site.argument(for: role) {
            return of(site, argument: argument, expression: expression, in: context)
        }
        return ofProperty(site, role: role, in: context)
    }

    /// The values of the property the app's type implements for `role` (Locksmith's `accessible`),
    /// at a write on that type: the stored value, or what the getter returns, in whichever file of
    /// the module declares it. Not implemented: the library's default.
    private static func ofProperty(_ site: WrapperCallSite, role: WrapperArgumentRole, in context: RuleContext) -> WrapperSetting? {
        guard let appType = site.appType, let property = site.model.type(named: site.call.type)?.property(for: role) else { return nil }
        let argument = WrapperArgument(role: role, place: .label(property.name), options: property.options)
        let index = ScopedIndex(index: context.scan.index, asking: context.file.id)
        var resolution = Resolution()
        var values: [(WrapperOption, [TraceStep])] = []
        // The app type's own implementation; without one, a default the app gives in an
        // unconstrained extension of the library's protocol (`extension CreateableSecureStorable
        // { var accessible: … { .always } }`) is the one Swift uses.
        // Through the app's own protocols that refine the library's (`protocol BackgroundSecret:
        // CreateableSecureStorable` with `extension BackgroundSecret { var accessible: … }`), the
        // nearest protocol's default is the one Swift uses.
        var owner = appType
        var declarations = index.properties(named: property.name, inType: appType).filter { !$0.isStatic }
        let refined = WrapperCallSite.protocolsBetween(appType, site.call.type, model: site.model, index: index) ?? []
        for protocolName in refined + [site.call.type] where declarations.isEmpty {
            owner = protocolName
            declarations = index.properties(named: property.name, inType: protocolName).filter { declaration in
                !declaration.isStatic && Self.inUnconstrainedExtension(declaration.binding)
            }
        }
        for declaration in declarations {
            let location = declaration.file.location(of: declaration.binding.pattern)
            let step = TraceStep(
                kind: .property, text: "`\(owner).\(property.name)`", file: declaration.file.path, line: location.line,
                column: location.column)
            for expression in valueExpressions(of: declaration.binding) {
                let resolved = context.scan.resolver.resolve(expression, in: declaration.file)
                resolution = resolution.merging(resolved)
                for traced in resolved.values {
                    guard let option = WrapperOption.read(traced.value, for: argument, of: site.model) else { continue }
                    values.append((option, [step] + traced.trace))
                }
            }
        }
        return WrapperSetting(
            site: site, argument: argument, expression: SwiftExpression(ExprSyntax(site.syntax)), values: values, resolution: resolution,
            property: "\(appType).\(property.name)", configuresPublicKey: site.configuresPublicKey(in: context))
    }

    /// Whether a property is declared in an extension with no `where` clause (a constrained one
    /// may not apply to the app's type).
    private static func inUnconstrainedExtension(_ binding: PatternBindingSyntax) -> Bool {
        var current = binding.parent
        while let node = current {
            if let extensionDecl = node.as(ExtensionDeclSyntax.self) { return extensionDecl.genericWhereClause == nil }
            current = node.parent
        }
        return false
    }

    /// `= .always`, `{ .always }`, `{ return .always }`, `get { … return x … }`.
    private static func valueExpressions(of binding: PatternBindingSyntax) -> [ExprSyntax] {
        var result: [ExprSyntax] = []
        if let initializer = binding.initializer { result.append(initializer.value) }
        var statements: CodeBlockItemListSyntax?
        switch binding.accessorBlock?.accessors {
        case .getter(let body)?: statements = body
        case .accessors(let list)?: statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: break
        }
        guard let statements else { return result }
        if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) { result.append(only) }
        for token in statements.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.return) {
            guard let returned = token.parent?.as(ReturnStmtSyntax.self), let expression = returned.expression,
                !Self.insideClosure(returned, within: statements)
            else { continue }
            result.append(expression)
        }
        return result
    }

    private static func insideClosure(_ node: some SyntaxProtocol, within outer: CodeBlockItemListSyntax) -> Bool {
        var current = node.parent
        while let candidate = current, candidate.id != outer.id {
            if candidate.is(ClosureExprSyntax.self) || candidate.is(FunctionDeclSyntax.self) { return true }
            current = candidate.parent
        }
        return false
    }

    /// The setting `argument` (written as `expression`) makes at `site`.
    static func of(_ site: WrapperCallSite, argument: WrapperArgument, expression: SwiftExpression, in context: RuleContext) -> WrapperSetting {
        let resolution = context.resolve(expression)
        var values: [(WrapperOption, [TraceStep])] = []
        for traced in resolution.values {
            guard let option = WrapperOption.read(traced.value, for: argument, of: site.model) else { continue }
            values.append((option, traced.trace))
        }
        return WrapperSetting(
            site: site, argument: argument, expression: expression, values: values, resolution: resolution,
            configuresPublicKey: site.configuresPublicKey(in: context))
    }

    /// The option as the app writes it at this call, and the library:
    /// "`.accessibility(.always)` (KeychainAccess)", "`accessControl: .userPresence` (Valet)".
    func written(_ option: WrapperOption) -> String {
        if let property { return "`\(property)` is `\(option.spelling)` (\(site.model.library))" }
        if site.call.isSetter { return "`\(site.call.name) = \(option.spelling)` (\(site.model.library))" }
        let call: String
        switch argument.place {
        case .label(let label): call = "\(label): \(option.spelling)"
        case .position:
            let name = site.call.name == "init" ? site.call.type : "." + site.call.name
            call = "\(name)(\(option.spelling))"
        }
        return "`\(call)` (\(site.model.library))"
    }
}

extension WrapperSetting {
    /// The setting in the language-neutral form the checks judge.
    var program: ProgramWrapperSetting {
        ProgramWrapperSetting(
            model: site.model, call: site.call, argument: argument, expression: .swift(expression), values: values,
            resolution: resolution, configuresPublicKey: configuresPublicKey, programCall: site.reference.flatMap(ProgramCall.init),
            written: written)
    }
}

extension WrapperCallSite {
    /// Whether the call makes a public key's access control, other files of the scan asked
    /// through the index.
    func configuresPublicKey(in context: RuleContext) -> Bool {
        let index = ScopedIndex(index: context.scan.index, asking: context.file.id)
        return configuresPublicKey { name in index.files(mentioning: name).contains { $0 != context.file.id } }
    }
}

extension RuleContext {
    public func wrapperSetting(of call: ProgramCall, role: WrapperArgumentRole) -> ProgramWrapperSetting? {
        guard case .swift(let expression) = call.expression, let syntax = expression.syntax.as(FunctionCallExprSyntax.self),
            let site = WrapperCallSite.match(syntax, in: self)
        else { return nil }
        return WrapperSetting.of(site, role: role, in: self)?.program
    }

    public func wrapperSettings(besides setting: ProgramWrapperSetting, role: WrapperArgumentRole) -> [ProgramWrapperSetting] {
        guard case .swift(let expression) = setting.expression, let site = Self.site(holding: expression.syntax, in: self) else { return [] }
        return WrapperChain.sites(around: site, in: self).dropFirst().compactMap { WrapperSetting.of($0, role: role, in: self)?.program }
    }

    /// The library call or property assignment whose argument or assigned value `argument` is.
    private static func site(holding argument: ExprSyntax, in context: RuleContext) -> WrapperCallSite? {
        if let infix = argument.parent?.as(InfixOperatorExprSyntax.self), infix.rightOperand.id == argument.id,
            let member = infix.leftOperand.as(MemberAccessExprSyntax.self)
        {
            return WrapperCallSite.matchSetter(member, in: context)
        }
        guard let call = argument.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self) else { return nil }
        return WrapperCallSite.match(call, in: context)
    }

    public func wrapperSetting(of access: ProgramMemberAccess, role: WrapperArgumentRole) -> ProgramWrapperSetting? {
        guard case .swift(let expression) = access.expression, let member = expression.syntax.as(MemberAccessExprSyntax.self),
            let site = WrapperCallSite.matchSetter(member, in: self)
        else { return nil }
        return WrapperSetting.of(site, role: role, in: self)?.program
    }
}
