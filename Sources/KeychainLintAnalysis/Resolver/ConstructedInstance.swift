import KeychainLintModel
import SwiftSyntax

/// A stored property read on an instance whose construction is visible:
/// `let store = Store(flags: .biometryAny); store.flags`, `Store(flags: x).flags`, or an instance
/// a constant holds (`static let shared = Config(access: .always)`, then `Config.shared.access` or
/// `shared.access` inside the type; a global `let`). The initializer that call runs is evaluated
/// with its parameters bound to the call's arguments, a struct's memberwise initializer by the
/// argument of the property's label, so two instances of one type built with different arguments
/// keep their own values (following the property through every caller of the initializer would
/// give each instance all of them: a key pair's public-key and private-key configurations would
/// both reach the private key).
extension ValueResolver {
    /// The values of `instance.name` for the construction `instance` comes from, or nil when the
    /// construction, the initializer or the property's assignments are not plain enough (then the
    /// property is followed as usual, through every assignment and every caller).
    func evaluateConstructedMember(_ name: String, of base: ExprSyntax, at member: MemberAccessExprSyntax, _ env: Environment) -> Resolution? {
        guard let found = constructions(of: base, env, depth: 0), !found.isEmpty else { return nil }
        if let computed = evaluateComputedMember(name, on: found, env) { return computed }
        var result = Resolution()
        for (construction, constructionFile, steps) in found {
            guard let values = evaluateMember(name, of: construction, in: constructionFile, env) else { return nil }
            result = result.merging(steps.reduce(values) { $0.through($1) })
        }
        return result
    }

    /// A computed property read on instances whose constructions are known
    /// (`config.privateKeyAccess.accessControl`): its getter runs on those instances, as a method
    /// called on them does. Nil when `name` is not one computed property of their one type.
    private func evaluateComputedMember(_ name: String, on instances: [InstanceSource], _ env: Environment) -> Resolution? {
        let types = Set(instances.map { typeNameOfConstruction($0.call) })
        guard types.count == 1, let typeName = types.first ?? nil, index.declaresPrimaryType(typeName) else { return nil }
        let properties = index(env).properties(named: name, inType: typeName)
        guard properties.count == 1, let property = properties.first, !property.isStatic, property.binding.initializer == nil,
            let accessors = property.binding.accessorBlock
        else { return nil }
        switch accessors.accessors {
        case .getter:
            break
        case .accessors(let list):
            // `willSet`/`didSet` alone observe a stored property.
            guard list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) else { return nil }
        }
        var inner = env
        inner.selfValue = nil
        inner.selfInstances = instances
        return resolveVariable(property, inner)
    }

    /// `instance.name` for one construction `instance` comes from.
    func evaluateMember(
        _ name: String, of construction: FunctionCallExprSyntax, in constructionFile: SourceFile, _ env: Environment
    ) -> Resolution? {
        guard let typeName = typeNameOfConstruction(construction), index.declaresPrimaryType(typeName) else { return nil }
        // A construction whose arguments read the instance's own state (`KeyAccess(protection:
        // protection, …)` in a method of the type) is not followed into itself again.
        let constructionKey = NodeKey(file: constructionFile, node: construction)
        guard !env.active.contains(constructionKey) else { return nil }
        var env = env
        env.active.insert(constructionKey)
        let properties = index(env).properties(named: name, inType: typeName)
        guard properties.count == 1, let property = properties.first, !property.isStatic,
            property.binding.accessorBlock == nil
        else { return nil }
        // The call's arguments are read where the call is written.
        var argumentEnv = env
        if constructionFile.path != env.file.path {
            argumentEnv = env.entering(NodeKey(file: constructionFile, node: construction), file: constructionFile).outsideTheFollowedCall()
        }
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
        if candidates.isEmpty {
            return evaluateMemberwise(
                name, property: property, typeName: typeName, construction: construction, declarations: declarations,
                argumentEnv: argumentEnv, env)
        }
        guard candidates.count == 1, let (initializer, file, matched) = candidates.first, let body = initializer.body else { return nil }
        let stores = file.ownPropertyStores(named: name, inside: body)
        // Another initializer it delegates to (`self.init(…)`) may set the property too.
        guard !stores.isEmpty, !Self.delegates(body) else { return nil }
        for type in declarations {
            let (typeFile, typeNode) = type.reference.resolved
            for assignment in typeFile.ownPropertyStores(named: name, inside: typeNode)
            where Self.enclosingInitializer(of: Syntax(assignment)) == nil {
                otherAssignments.append((assignment, typeFile))
            }
        }

        let initializerKey = NodeKey(file: file, node: initializer)
        guard !env.active.contains(initializerKey) else { return nil }
        var inner = env.entering(initializerKey, file: file).outsideTheFollowedCall()
        let arguments = SyntaxQueries.argumentExpressions(of: construction)
        for (parameter, argumentIndex) in zip(initializer.signature.parameterClause.parameters, matched) {
            let parameterName = (parameter.secondName ?? parameter.firstName).text
            let key = ParameterKey(function: initializerKey, name: parameterName)
            if let argumentIndex, argumentIndex < arguments.count {
                let argument = arguments[argumentIndex]
                inner.bindings[key] = ParameterBinding { [argumentEnv] in
                    self.evaluate(argument, argumentEnv)
                        .through(self.step(.argument, "argument `\(parameterName)` of the call", at: construction, in: argumentEnv.file))
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
        for assignment in stores {
            // A store in a branch the call's arguments rule out (`switch fallback { case
            // .devicePasscode: policy = … }` built with another case) is not this instance's.
            guard branchSteps(from: Syntax(assignment), upTo: Syntax(body.statements), inner) != nil else { continue }
            result = result.merging(
                evaluate(assignment.rightOperand, inner).through(step(.assignment, "assigned", at: assignment, in: file)))
        }
        // Methods may assign it later; their values stay possible.
        for (assignment, assignmentFile) in otherAssignments {
            let other = env.entering(initializerKey, file: assignmentFile).outsideTheFollowedCall()
            result = result.merging(
                evaluate(assignment.rightOperand, other).through(step(.assignment, "assigned", at: assignment, in: assignmentFile)))
        }
        if result.isEmpty { return nil }
        return result.through(step(.property, "`\(typeName).\(name)`", at: property.binding.pattern, in: property.file))
    }

    /// A struct without an initializer of its own is built by its memberwise initializer: the
    /// property is the argument with its label, or its default value when the call leaves it out.
    /// Nil when the type is not such a struct or the call's labels are not its stored properties.
    private func evaluateMemberwise(
        _ name: String, property: VariableDeclaration, typeName: String, construction: FunctionCallExprSyntax,
        declarations: [TypeDeclaration], argumentEnv: Environment, _ env: Environment
    ) -> Resolution? {
        guard let primary = declarations.first(where: { !$0.isExtension }), let structDecl = primary.node.as(StructDeclSyntax.self)
        else { return nil }
        var stored: Set<String> = []
        for member in structDecl.memberBlock.members {
            // An initializer of the struct's own declaration replaces the memberwise one.
            if member.decl.is(InitializerDeclSyntax.self) { return nil }
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            else { continue }
            for binding in variable.bindings where binding.accessorBlock == nil {
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) { stored.insert(identifier.identifier.text) }
            }
        }
        let labels = SyntaxQueries.labels(of: construction)
        guard stored.contains(name), labels.allSatisfy({ $0.map(stored.contains) ?? false }) else { return nil }
        let propertyStep = step(.property, "`\(typeName).\(name)`", at: property.binding.pattern, in: property.file)
        let arguments = SyntaxQueries.argumentExpressions(of: construction)
        if let position = labels.firstIndex(of: name), position < arguments.count {
            return evaluate(arguments[position], argumentEnv)
                .through(step(.argument, "argument `\(name)` of the call", at: construction, in: argumentEnv.file))
                .through(propertyStep)
        }
        // Left out: a `var` with a default value (a `let` with one cannot be passed at all).
        guard let defaultValue = property.binding.initializer?.value else { return nil }
        let key = NodeKey(file: property.file, node: property.binding)
        guard !env.active.contains(key) else { return nil }
        let inner = env.entering(key, file: property.file).outsideTheFollowedCall()
        return evaluate(defaultValue, inner)
            .through(step(.parameterDefault, "default of `\(name)`", at: defaultValue, in: property.file))
            .through(propertyStep)
    }

    /// Constructions a value passed around may come from, at most this many hops apart (a local
    /// holding a parameter holding a preset): a bound far beyond what configuration code does.
    static let maximumConstructionHops = 4

    /// The constructions `base` can come from, each with the file its call is written in and the
    /// steps between (outermost last): those `construction(of:)` finds, a local `let` initialised
    /// from another such value (`let options = Presets.legacy`), and a parameter no call being
    /// followed binds, from what each caller in the scan passes (or its default). Nil when any of
    /// them is not such a value: the property is then followed as usual.
    func constructions(of base: ExprSyntax, _ env: Environment, depth: Int) -> [InstanceSource]?
    {
        let base = SyntaxQueries.unwrapTransparent(base)
        if let found = construction(of: base, env) { return [(found.0, found.1, [])] }
        guard depth < Self.maximumConstructionHops else { return nil }
        // `config.privateKey`: the value a construction of `config` gives its property, when that
        // is a construction too (`KeyPairConfig(privateKey: KeyAttributes(…), …)`).
        if let member = base.as(MemberAccessExprSyntax.self), let inner = member.base,
            typeName(of: SyntaxQueries.unwrapTransparent(inner), env) == nil
        {
            let property = member.declName.baseName.text
            // `pair.privateKey`, `pair.1`: an element of a tuple literal the base holds, when
            // that element is a construction (`let pair = (publicKey: KeySettings(…), privateKey:
            // KeySettings(…))`): each element is its own instance.
            let selector: TupleSelector = Int(property).map { .position($0) } ?? .label(property)
            if let element = tupleLiteralElement(selector, of: inner, env, depth: depth + 1) {
                return constructions(of: element.expression, element.env, depth: depth + 1)?.map { ($0.call, $0.file, $0.steps + element.steps) }
            }
            if let outers = constructions(of: inner, env, depth: depth + 1),
                let found = constructions(ofProperty: property, on: outers, env, depth: depth)
            {
                return found
            }
            // `KeyRole.privateKey.settings`: a computed property of an enum read on known cases.
            if let found = constructionsOfCaseProperty(property, on: inner, env, depth: depth) { return found }
            // The instance `inner` is not known, or its construction gives the property no
            // argument (`let privateKey = KeySettings(…)`, the property's own initial value), but
            // its type is: the property holds what the type's initializers give it on any
            // instance (InstanceSelf.swift).
            guard let owner = storedPropertyOwnerType(of: SyntaxQueries.unwrapTransparent(inner), env) else { return nil }
            return constructionsOnEveryInstance(ofProperty: property, inType: owner, env, depth: depth)
        }
        guard let reference = base.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        // `self`, and a stored property read on it, inside a method a followed call runs on a
        // known receiver (InstanceSelf.swift). (Not from the method's callers: that search is
        // made only for a property a check reads, not for every chain that passes through self.)
        if name == "self" { return env.selfInstances }
        switch LocalScope.lookup(name, from: Syntax(reference)) {
        case nil:
            guard let typeName = SyntaxQueries.enclosingTypeName(of: reference),
                !index(env).properties(named: name, inType: typeName).isEmpty
            else { return nil }
            guard let instances = env.selfInstances else {
                return constructionsOnEveryInstance(ofProperty: name, inType: typeName, env, depth: depth)
            }
            return constructions(ofProperty: name, on: instances, env, depth: depth)
        case .variable(let declaration, let binding, _, _)?:
            guard declaration.bindingSpecifier.tokenKind == .keyword(.let), let value = binding.initializer?.value,
                let inner = constructions(of: value, env, depth: depth + 1)
            else { return nil }
            let local = step(.variable, "`\(name)`", at: binding.pattern, in: env.file)
            return inner.map { ($0.0, $0.1, $0.2 + [local]) }
        case .parameter(let parameter, let function)?:
            let key = ParameterKey(function: NodeKey(file: env.file, node: function), name: name)
            guard env.bindings[key] == nil, let (parameters, sites) = compatibleCallSites(of: function, env),
                let position = parameters.firstIndex(where: { $0.id == parameter.id }), sites.count <= Self.maximumCallSites
            else { return nil }
            let parameterIndex = parameters.distance(from: parameters.startIndex, to: position)
            var result: [(FunctionCallExprSyntax, SourceFile, [TraceStep])] = []
            var usesDefault = sites.isEmpty
            for (site, matched) in sites {
                guard let argumentIndex = matched[parameterIndex] else {
                    usesDefault = true
                    continue
                }
                let (siteFile, call) = site.resolved
                let arguments = SyntaxQueries.argumentExpressions(of: call)
                guard argumentIndex < arguments.count,
                    let inner = constructions(of: arguments[argumentIndex], env.withFile(siteFile), depth: depth + 1)
                else { return nil }
                let passed = step(.argument, "argument `\(name)` of the call", at: call, in: siteFile)
                result += inner.map { ($0.0, $0.1, $0.2 + [passed]) }
            }
            if usesDefault {
                guard let defaultValue = parameter.defaultValue?.value,
                    let inner = constructions(of: defaultValue, env, depth: depth + 1)
                else { return nil }
                let fallback = step(.parameterDefault, "default of `\(name)`", at: defaultValue, in: env.file)
                result += inner.map { ($0.0, $0.1, $0.2 + [fallback]) }
            }
            return result
        default:
            return nil
        }
    }

    /// `KeyRole.privateKey.settings`: a computed property of an enum of the scan, read on a
    /// receiver the resolver knows to be some of its cases, whose getter is one `switch self`
    /// that returns a construction for each of them. Each case's construction is its own
    /// instance, so the private key's settings are not the public key's. Nil when the receiver
    /// is not only cases of one enum, the getter is anything else, a case pattern binds or has a
    /// `where` clause, or a case's branch is not one returned construction.
    private func constructionsOfCaseProperty(_ property: String, on base: ExprSyntax, _ env: Environment, depth: Int)
        -> [InstanceSource]?
    {
        guard depth < Self.maximumConstructionHops else { return nil }
        let receiver = evaluate(SyntaxQueries.unwrapTransparent(base), env)
        guard receiver.gaps.isEmpty, !receiver.values.isEmpty else { return nil }
        var enumType: String?
        var cases: [String] = []
        for traced in receiver.values {
            guard case .member(let name, let type?) = traced.value, enumType == nil || enumType == type else { return nil }
            enumType = type
            if !cases.contains(name) { cases.append(name) }
        }
        guard let enumType, index(env).types(named: enumType).contains(where: { $0.enumCases.isSuperset(of: cases) }) else { return nil }
        let properties = index(env).properties(named: property, inType: enumType)
        guard properties.count == 1, let declaration = properties.first, !declaration.isStatic, declaration.binding.initializer == nil,
            let accessors = declaration.binding.accessorBlock
        else { return nil }
        let statements: CodeBlockItemListSyntax
        switch accessors.accessors {
        case .getter(let items):
            statements = items
        case .accessors(let list):
            guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let body = getter.body else { return nil }
            statements = body.statements
        }
        guard statements.count == 1, let only = statements.first else { return nil }
        let item = Syntax(only.item)
        let written = item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ReturnStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
        guard let switchExpression = written?.as(SwitchExprSyntax.self), SyntaxQueries.isSelf(switchExpression.subject) else { return nil }
        // Each case's branch, by the case names its labels list; `default` for the others.
        var branches: [String: SwitchCaseSyntax] = [:]
        var fallback: SwitchCaseSyntax?
        for element in switchExpression.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { return nil }
            switch switchCase.label {
            case .default:
                fallback = switchCase
            case .case(let label):
                for caseItem in label.caseItems {
                    guard caseItem.whereClause == nil,
                        let pattern = caseItem.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self)
                    else { return nil }
                    branches[pattern.declName.baseName.text] = switchCase
                }
            }
        }
        let getterEnv = env.withFile(declaration.file).outsideTheFollowedCall()
        let propertyStep = step(.property, "`\(enumType).\(property)`", at: declaration.binding.pattern, in: declaration.file)
        var result: [InstanceSource] = []
        for name in cases {
            guard let branch = branches[name] ?? fallback, branch.statements.count == 1, let statement = branch.statements.first else { return nil }
            let branchItem = Syntax(statement.item)
            guard let returned = branchItem.as(ReturnStmtSyntax.self)?.expression ?? branchItem.as(ExpressionStmtSyntax.self)?.expression
                ?? branchItem.as(ExprSyntax.self),
                let found = constructions(of: returned, getterEnv, depth: depth + 1)
            else { return nil }
            let caseStep = step(.branch, "case .\(name)", at: branch.label, in: declaration.file)
            result += found.map { ($0.call, $0.file, $0.steps + [caseStep, propertyStep]) }
        }
        return result
    }

    /// The element `selector` picks of the tuple literal `base` holds: the literal itself, a
    /// local `let` initialised with one, or a stored property of the enclosing type (`pair`,
    /// `self.pair`) that holds one on every instance (a `let`, or a `var` no code of the scan
    /// assigns), with the environment of the file it is written in and the steps to it. Nil for
    /// anything else (a tuple a function returns is read by `tupleElement`, as values).
    private func tupleLiteralElement(_ selector: TupleSelector, of base: ExprSyntax, _ env: Environment, depth: Int)
        -> (expression: ExprSyntax, env: Environment, steps: [TraceStep])?
    {
        guard depth < Self.maximumConstructionHops else { return nil }
        let base = SyntaxQueries.unwrapTransparent(base)
        if let tuple = base.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            let elements = Array(tuple.elements)
            let picked: LabeledExprSyntax? =
                switch selector {
                case .position(let position): position < elements.count ? elements[position] : nil
                case .label(let label): elements.first { $0.label?.text == label }
                }
            return picked.map { ($0.expression, env, []) }
        }
        let name: String
        let reference: Syntax
        if let member = base.as(MemberAccessExprSyntax.self), SyntaxQueries.isSelf(member.base) {
            name = member.declName.baseName.text
            reference = Syntax(member)
        } else if let plain = base.as(DeclReferenceExprSyntax.self) {
            name = plain.baseName.text
            reference = Syntax(plain)
            if case .variable(let declaration, let binding, _, _)? = LocalScope.lookup(name, from: reference) {
                guard declaration.bindingSpecifier.tokenKind == .keyword(.let), let value = binding.initializer?.value,
                    let element = tupleLiteralElement(selector, of: value, env, depth: depth + 1)
                else { return nil }
                return (element.expression, element.env, element.steps + [step(.variable, "`\(name)`", at: binding.pattern, in: env.file)])
            }
            guard LocalScope.lookup(name, from: reference) == nil else { return nil }
        } else {
            return nil
        }
        guard let typeName = SyntaxQueries.enclosingTypeName(of: reference) else { return nil }
        let properties = index(env).properties(named: name, inType: typeName)
        guard properties.count == 1, let declaration = properties.first, !declaration.isStatic, declaration.binding.accessorBlock == nil,
            let value = declaration.binding.initializer?.value,
            declaration.isConstant || assignments(to: name, inType: typeName, env).isEmpty
        else { return nil }
        let declarationEnv = env.withFile(declaration.file).outsideTheFollowedCall()
        guard let element = tupleLiteralElement(selector, of: value, declarationEnv, depth: depth + 1) else { return nil }
        let propertyStep = step(.property, "`\(typeName).\(name)`", at: declaration.binding.pattern, in: declaration.file)
        return (element.expression, element.env, element.steps + [propertyStep])
    }

    /// The constructions of `property` on each of `instances`: the argument each instance's
    /// construction stores in it, when that is a construction too. Nil when one is not.
    private func constructions(ofProperty property: String, on instances: [InstanceSource], _ env: Environment, depth: Int)
        -> [InstanceSource]?
    {
        var result: [InstanceSource] = []
        for (call, file, steps) in instances {
            guard let argument = argument(settingProperty: property, of: call, in: file, env) else { return nil }
            var argumentEnv = env.withFile(argument.file)
            if argument.isDefault { argumentEnv.bindings = [:] }
            guard let found = constructions(of: argument.expression, argumentEnv, depth: depth + 1) else { return nil }
            let passed =
                argument.isDefault
                ? step(.parameterDefault, "default of `\(property)`", at: argument.expression, in: argument.file)
                : step(.argument, "argument `\(property)` of the call", at: call, in: file)
            result += found.map { ($0.call, $0.file, $0.steps + [passed] + steps) }
        }
        return result
    }

    /// The constructions a stored `let` of `typeName` holds on any instance of the type, for a
    /// read whose instance is not known (`configuration.privateKeyAccess` where `configuration`
    /// comes from callers outside the scan): what the property's initial value is, or what the
    /// type's initializers assign to it, a construction or a parameter (from each caller in the
    /// scan, or its default). What the type's other properties hold (a key pair's public-key
    /// settings beside its private-key ones) is not among them. Nil when the property is not such
    /// a `let` (a `var` may be set from anywhere) or one assignment is not a construction.
    private func constructionsOnEveryInstance(ofProperty property: String, inType typeName: String, _ env: Environment, depth: Int)
        -> [InstanceSource]?
    {
        guard depth < Self.maximumConstructionHops, index.declaresPrimaryType(typeName) else { return nil }
        let properties = index(env).properties(named: property, inType: typeName)
        guard properties.count == 1, let declaration = properties.first, !declaration.isStatic,
            declaration.binding.accessorBlock == nil
        else { return nil }
        // A `var` with an initial value that no code of the scan assigns (in the type's bodies or
        // through an instance, `ValueResolver+Declarations`) holds that value on every instance,
        // as a `let` does; one that is assigned somewhere may hold another instance.
        if !declaration.isConstant {
            guard declaration.binding.initializer != nil, assignments(to: property, inType: typeName, env).isEmpty else { return nil }
        }
        let propertyStep = step(.property, "`\(typeName).\(property)`", at: declaration.binding.pattern, in: declaration.file)
        let declarationEnv = env.withFile(declaration.file).outsideTheFollowedCall()
        // A `let` with an initial value is never assigned again (nor, here, such a `var`).
        if let value = declaration.binding.initializer?.value {
            return constructions(of: value, declarationEnv, depth: depth + 1)?.map { ($0.call, $0.file, $0.steps + [propertyStep]) }
        }
        // Calls that run an initializer but do not name the type are not among its callers: a
        // subclass's `super.init(…)`, another initializer's `self.init(…)`. Their arguments would
        // be missed, so such types keep every value, as before.
        let declarations = index(env).types(named: typeName, mentioning: property)
        guard declarations.allSatisfy({ Self.cannotBeSubclassed($0) }),
            !declarations.contains(where: { type in
                Self.memberList(of: type.node).contains { member in
                    member.decl.as(InitializerDeclSyntax.self)?.body.map(Self.delegates) ?? false
                }
            })
        else { return nil }
        var result: [InstanceSource] = []
        for type in declarations {
            let (typeFile, typeNode) = type.reference.resolved
            var typeEnv = declarationEnv.withFile(typeFile)
            typeEnv.bindings = [:]
            for assignment in typeFile.ownPropertyStores(named: property, inside: typeNode) {
                guard Self.enclosingInitializer(of: Syntax(assignment)) != nil,
                    let found = constructions(of: assignment.rightOperand, typeEnv, depth: depth + 1)
                else { return nil }
                let assigned = step(.assignment, "assigned", at: assignment, in: typeFile)
                result += found.map { ($0.call, $0.file, $0.steps + [assigned, propertyStep]) }
            }
        }
        if result.isEmpty, let memberwise = memberwiseConstructions(ofProperty: property, inType: typeName, declarations, env, depth: depth) {
            return memberwise.map { ($0.call, $0.file, $0.steps + [propertyStep]) }
        }
        return result.isEmpty ? nil : result
    }

    /// For a struct built by its memberwise initializer (its declaration has no initializer of
    /// its own), the constructions its `let` property holds on any instance: the argument of the
    /// property's label in each construction of the type the asking file can see
    /// (`KeyPairSettings(publicKey: …, privateKey: …)`, and `.init(…)` where the context writes the
    /// type), when each is a construction too. Nil when one is not, when a `.init(…)` whose
    /// context does not write its type may build one more instance, or when there are more
    /// constructions than `maximumCallSites`.
    private func memberwiseConstructions(
        ofProperty property: String, inType typeName: String, _ declarations: [TypeDeclaration], _ env: Environment, depth: Int
    ) -> [InstanceSource]? {
        guard let primary = declarations.first(where: { !$0.isExtension }), let structDecl = primary.node.as(StructDeclSyntax.self),
            !structDecl.memberBlock.members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) })
        else { return nil }
        guard unnamedConstructions(ofType: typeName).undecided.isEmpty,
            let built = visibleConstructions(ofType: typeName, env)
        else { return nil }
        var result: [InstanceSource] = []
        for (siteFile, call) in built {
            guard let argument = argument(settingProperty: property, of: call, in: siteFile, env) else { return nil }
            let argumentEnv = env.withFile(argument.file).outsideTheFollowedCall()
            guard let found = constructions(of: argument.expression, argumentEnv, depth: depth + 1) else { return nil }
            let passed = step(.argument, "argument `\(property)` of the call", at: call, in: siteFile)
            result += found.map { ($0.call, $0.file, $0.steps + [passed]) }
        }
        return result.isEmpty ? nil : result
    }

    /// Whether no subclass can run this declaration's initializers through `super.init`: a
    /// struct, an enum, an actor or a `final` class (an extension's type is judged by its own
    /// declaration, which the caller checks too).
    static func cannotBeSubclassed(_ type: TypeDeclaration) -> Bool {
        if type.isExtension { return true }
        if let classDecl = type.node.as(ClassDeclSyntax.self) {
            return classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        }
        return type.node.is(StructDeclSyntax.self) || type.node.is(EnumDeclSyntax.self) || type.node.is(ActorDeclSyntax.self)
    }

    /// The type whose stored property `expression` reads a member of: the enclosing type for
    /// `self`, the declared or constructed type of a name, and for `a.b` the declared type of
    /// property `b` of `a`'s type. Nil when it is not written.
    private func storedPropertyOwnerType(of expression: ExprSyntax, _ env: Environment) -> String? {
        if SyntaxQueries.isSelf(expression) { return SyntaxQueries.enclosingTypeName(of: expression) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            typeName(of: SyntaxQueries.unwrapTransparent(base), env) == nil
        {
            guard let owner = storedPropertyOwnerType(of: SyntaxQueries.unwrapTransparent(base), env) else { return nil }
            let properties = index(env).properties(named: member.declName.baseName.text, inType: owner)
            guard properties.count == 1, let property = properties.first, !property.isStatic else { return nil }
            return property.typeName
        }
        return inferredType(of: expression, env)
    }

    /// The argument of `construction` that its type stores in `property`: the one labelled with
    /// the property's name for a struct built by its memberwise initializer, or, for the one
    /// initializer the call can run, the argument of the parameter it assigns to the property
    /// (`self.property = parameter`) when that is its only assignment there, or the parameter's
    /// default when the call leaves it out. Nil otherwise.
    private func argument(
        settingProperty property: String, of construction: FunctionCallExprSyntax, in file: SourceFile, _ env: Environment
    ) -> (expression: ExprSyntax, file: SourceFile, isDefault: Bool)? {
        guard let typeName = typeNameOfConstruction(construction), index.declaresPrimaryType(typeName) else { return nil }
        let labels = SyntaxQueries.labels(of: construction)
        let arguments = SyntaxQueries.argumentExpressions(of: construction)
        let declarations = index(env.withFile(file)).types(named: typeName, mentioning: property)
        var initializers: [(InitializerDeclSyntax, [Int?], SourceFile)] = []
        for type in declarations {
            for member in Self.memberList(of: type.node) {
                guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { continue }
                if let matched = Self.matchArguments(labels, initializer.signature.parameterClause.parameters) {
                    initializers.append((initializer, matched, type.file))
                } else {
                    // An initializer the call cannot run still rules out the memberwise one.
                    initializers.append((initializer, [], type.file))
                }
            }
        }
        if initializers.isEmpty {
            // The memberwise initializer of a struct: the argument labelled with the property.
            guard declarations.contains(where: { $0.node.is(StructDeclSyntax.self) }),
                let position = labels.firstIndex(of: property), position < arguments.count
            else { return nil }
            return (arguments[position], file, false)
        }
        let runnable = initializers.filter { !$0.1.isEmpty || $0.0.signature.parameterClause.parameters.isEmpty }
        guard runnable.count == 1, let (initializer, matched, initializerFile) = runnable.first, let body = initializer.body else { return nil }
        let stores = initializerFile.ownPropertyStores(named: property, inside: body)
        guard stores.count == 1, let assigned = stores.first?.rightOperand.as(DeclReferenceExprSyntax.self),
            let position = initializer.signature.parameterClause.parameters.firstIndex(where: {
                ($0.secondName ?? $0.firstName).text == assigned.baseName.text
            })
        else { return nil }
        let parameterIndex = initializer.signature.parameterClause.parameters.distance(
            from: initializer.signature.parameterClause.parameters.startIndex, to: position)
        guard parameterIndex < matched.count else { return nil }
        guard let argumentIndex = matched[parameterIndex] else {
            return initializer.signature.parameterClause.parameters[position].defaultValue.map { ($0.value, initializerFile, true) }
        }
        guard argumentIndex < arguments.count else { return nil }
        return (arguments[argumentIndex], file, false)
    }

    /// `T(…)` itself, the constructor call a local `let` was initialised with, or the one a
    /// constant holds: a `let` of the enclosing type (`shared` inside `Config`), of a named type
    /// (`Config.shared`), or a global `let`. With the file the call is written in.
    private func construction(of base: ExprSyntax, _ env: Environment) -> (FunctionCallExprSyntax, SourceFile)? {
        if let call = base.as(FunctionCallExprSyntax.self) {
            // `KeyAccess.strict()`: a factory returning one construction (`static func strict()
            // -> Self { .init(…) }`).
            if call.arguments.isEmpty, call.trailingClosure == nil,
                let member = SyntaxQueries.unwrapTransparent(call.calledExpression).as(MemberAccessExprSyntax.self),
                member.declName.baseName.text != "init", let typeName = presetType(of: member, at: Syntax(call), env),
                let found = factoryConstruction(member.declName.baseName.text, inType: typeName, isFunction: true, env)
            {
                return found
            }
            return (call, env.file)
        }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let local = LocalScope.lookup(name, from: Syntax(reference)) {
                guard case .variable(let declaration, let binding, _, _) = local,
                    declaration.bindingSpecifier.tokenKind == .keyword(.let),
                    let value = binding.initializer?.value,
                    let call = SyntaxQueries.unwrapTransparent(value).as(FunctionCallExprSyntax.self)
                else { return nil }
                return (call, env.file)
            }
            if let typeName = SyntaxQueries.enclosingTypeName(of: reference),
                let found = constantConstruction(index(env).properties(named: name, inType: typeName))
            {
                return found
            }
            guard let globals = index(env).variables(named: name, limit: Self.maximumDeclaringFiles) else { return nil }
            return constantConstruction(globals.filter { $0.enclosingType == nil })
        }
        if let member = base.as(MemberAccessExprSyntax.self), let typeName = presetType(of: member, at: Syntax(member), env) {
            let name = member.declName.baseName.text
            return constantConstruction(index(env).properties(named: name, inType: typeName).filter(\.isStatic))
                ?? factoryConstruction(name, inType: typeName, isFunction: false, env)
        }
        return nil
    }

    /// The type whose static member `member` reads: the type written before the dot
    /// (`Settings.standard`), or, for an implicit member (`.standard`, `.strict()`), the type its
    /// context writes (a parameter's default, a typed binding, a returned value: see
    /// `contextualType(of:)`). A preset read so is the same instance as one read with its type
    /// written; missing it would give the instance every value its type's constructions hold.
    private func presetType(of member: MemberAccessExprSyntax, at node: Syntax, _ env: Environment) -> String? {
        guard let typeBase = member.base else {
            guard member.declName.baseName.text != "init" else { return nil }
            return contextualType(of: node)
        }
        return typeName(of: SyntaxQueries.unwrapTransparent(typeBase), env)
    }

    /// The construction a static factory of `typeName` returns, when its body is that one
    /// construction: a function without parameters (`static func strict() -> Self { .init(…) }`)
    /// or a computed property (`static var legacy: Self { .init(…) }`). Each use of the factory
    /// builds an instance with the same arguments.
    private func factoryConstruction(_ name: String, inType typeName: String, isFunction: Bool, _ env: Environment)
        -> (FunctionCallExprSyntax, SourceFile)?
    {
        let body: CodeBlockItemListSyntax
        let file: SourceFile
        if isFunction {
            let functions = index(env).methods(named: name, inType: typeName).filter { $0.isStatic }
            guard functions.count == 1, let function = functions.first, function.shapes.isEmpty,
                let statements = function.body?.statements
            else { return nil }
            (body, file) = (statements, function.file)
        } else {
            let properties = index(env).properties(named: name, inType: typeName).filter(\.isStatic)
            guard properties.count == 1, let property = properties.first, property.binding.initializer == nil else { return nil }
            switch property.binding.accessorBlock?.accessors {
            case .getter(let statements)?:
                (body, file) = (statements, property.file)
            case .accessors(let list)?:
                guard list.count == 1, let getter = list.first, getter.accessorSpecifier.tokenKind == .keyword(.get),
                    let statements = getter.body?.statements
                else { return nil }
                (body, file) = (statements, property.file)
            case nil:
                return nil
            }
        }
        guard body.count == 1, let item = body.first?.item else { return nil }
        let returned: ExprSyntax?
        if let statement = item.as(ReturnStmtSyntax.self) {
            returned = statement.expression
        } else {
            returned = item.as(ExprSyntax.self)
        }
        guard let returned, let call = SyntaxQueries.unwrapTransparent(returned).as(FunctionCallExprSyntax.self),
            typeNameOfConstruction(call) != nil
        else { return nil }
        return (call, file)
    }

    /// The construction call of the one constant among `declarations` (`let x = T(…)`, no accessor).
    private func constantConstruction(_ declarations: [VariableDeclaration]) -> (FunctionCallExprSyntax, SourceFile)? {
        guard declarations.count == 1, let declaration = declarations.first, declaration.isConstant,
            declaration.binding.accessorBlock == nil, let value = declaration.binding.initializer?.value,
            let call = SyntaxQueries.unwrapTransparent(value).as(FunctionCallExprSyntax.self)
        else { return nil }
        return (call, declaration.file)
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
    static func delegates(_ body: CodeBlockSyntax) -> Bool {
        body.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .keyword(.`init`) && token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
                && token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self)
        }
    }
}
