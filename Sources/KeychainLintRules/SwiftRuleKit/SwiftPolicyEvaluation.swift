import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's reading of `LAContext.evaluatePolicy` into the LocalAuthentication
// checks' model (`PolicyEvaluation`, `EvaluatedContext`): what the reply closure (or the awaited
// result) is used for, and which context the call is made on and whether any use of it hands it on.

extension RuleContext {
    public func policyEvaluation(_ call: ProgramCall) -> PolicyEvaluation? {
        guard case .swift(let expression) = call.expression, let syntax = expression.syntax.as(FunctionCallExprSyntax.self)
        else { return nil }
        let reason = SyntaxQueries.argument(1, of: syntax).flatMap { $0.label?.text == "localizedReason" ? $0 : nil }
        let receiver = SyntaxQueries.receiver(of: syntax).map(SyntaxQueries.unwrapTransparent)
        return PolicyEvaluation(
            call: call, policy: SyntaxQueries.argument(0, of: syntax).map { .swift(SwiftExpression($0.expression)) },
            reason: reason.map { .swift(SwiftExpression($0.expression)) },
            outcome: SwiftPolicyEvaluations.outcome(of: syntax, in: self),
            receiverText: receiver.map { SyntaxQueries.shortText($0, limit: 40) } ?? "self",
            passcodePolicySpelling: ".deviceOwnerAuthentication")
    }

    public func evaluatedContext(_ evaluation: PolicyEvaluation) -> EvaluatedContext {
        guard case .swift(let expression) = evaluation.call.expression, let call = expression.syntax.as(FunctionCallExprSyntax.self)
        else { return .unnamed }
        let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent)
        if receiver.map({ SyntaxQueries.isSelf($0) }) ?? true {
            // `evaluatePolicy(…)` on `self` inside `extension LAContext`: the context is whichever
            // one the method is called on, so it is judged at its callers.
            if let method = SwiftPolicyEvaluations.laContextExtensionMethod(containing: call) {
                return .senders(method: method.name.text, SwiftPolicyEvaluations.callers(of: method, in: self))
            }
            return receiver == nil ? .unnamed : .unfollowed
        }
        guard let receiver else { return .unfollowed }
        var undecided: (chosen: String, unfollowed: String)?
        guard let identity = SwiftPolicyEvaluations.identity(of: receiver, in: self, undecided: &undecided) else {
            return undecided.map { .undecided(chosen: $0.chosen, unfollowed: $0.unfollowed) } ?? .unfollowed
        }
        let story = SwiftPolicyEvaluations.story(of: identity, in: self)
        if story.isHandedOn, let store = SwiftPolicyEvaluations.undecidedStore(of: identity, in: self) {
            return .undecided(chosen: store.chosen, unfollowed: store.unfollowed)
        }
        return .receiver(story)
    }

    /// Swift values of `LAPolicy` are in the model's terms already.
    public func localAuthenticationPolicy(_ value: Value) -> Value { value }
}

/// How the Swift front end reads an evaluation and its context.
enum SwiftPolicyEvaluations {
    enum ContextIdentity {
        /// `LAContext().evaluatePolicy(…)`: a context nobody else can see.
        case fresh
        /// A local `let`/`var` initialised with `LAContext()`; its uses are searched in `scope`.
        case local(name: String, binding: PatternBindingSyntax, scope: Syntax)
        /// A stored property of `owner` initialised with (or declared as) an `LAContext`, declared
        /// in the type declaration at `declaredIn` (one of several same-named types in the scan,
        /// such as copies of one class in several app targets).
        case property(name: String, owner: String, declaredIn: TypePlace?)
        /// A local initialised by a helper of the scan that returns a new `LAContext` on some path
        /// (`let context = unlockContext()`); its uses are searched in `scope` like a local's.
        case made(name: String, binding: PatternBindingSyntax, scope: Syntax, factory: String)
        /// A local initialised with a choice of contexts (`injected ?? LAContext()`,
        /// `self.cached ?? makeContext()`), each of which is a new context or a stored property
        /// (`properties`) judged with it; its uses are searched in `scope` like a local's.
        case chosen(name: String, binding: PatternBindingSyntax, scope: Syntax, written: String, properties: [ContextIdentity], allNew: Bool)
        /// A parameter that every call of the function in the app's code fills with a new context
        /// (`LAContext()` passed, or left out where it is the default); its uses are searched in
        /// the function's body (`scope`) like a local's. `function` is the function's name.
        case parameter(name: String, parameter: FunctionParameterSyntax, scope: Syntax, function: String)
        /// A global `let` initialised with `LAContext()` (an app's one shared context); its uses are
        /// searched in the files of the scan that mention it. Swift's alone: an Objective-C global
        /// cannot be initialised with a message.
        case global(name: String, declaration: VariableDeclaration)

        /// In the model's terms.
        var origin: ContextOrigin {
            switch self {
            case .fresh: .fresh(written: "LAContext()")
            case .local(let name, _, _): .local(name: name)
            case .made(let name, _, _, let factory): .made(name: name, factory: factory + "()")
            case .property(let name, _, _): .property(name: name)
            // Every value a new `LAContext()`: the local is as the plain one.
            case .chosen(let name, _, _, _, _, true): .local(name: name)
            case .chosen(let name, _, _, let written, _, false): .chosen(name: name, written: written)
            case .parameter(let name, _, _, let function): .passedNew(name: name, function: function)
            case .global(let name, _): .global(name: name)
            }
        }
    }

    /// What a choice of contexts (`a ?? b`, `c ? a : b`) can be.
    enum Choice {
        /// Each side is a new context (written there, from a helper of the scan, or an optional
        /// parameter that no call of the scan passes) or a stored property of the type.
        case contexts(factories: Bool, properties: [ContextIdentity])
        /// Some side is a new context, and `side` one the front end does not follow.
        case undecided(side: String)
    }

    /// Where a type declaration starts, to tell it from other declarations of the same name.
    struct TypePlace: Hashable {
        let path: String
        let position: AbsolutePosition
    }

    /// The story of a named context: where it comes from and whether it is handed on.
    static func story(of identity: ContextIdentity, in context: RuleContext) -> ContextStory {
        let handedOn = isHandedOn(identity, in: context)
        guard !handedOn else {
            return ContextStory(origin: identity.origin, isHandedOn: true, unjudged: injectedThroughInitializer(identity, in: context))
        }
        let untold = properties(of: identity, in: context).flatMap { property -> [String] in
            guard case .property(let name, let owner, _) = property else { return [] }
            return instanceReads(of: name, owner: owner, in: context).untold(property: name, owner: owner)
        }
        return ContextStory(origin: identity.origin, isHandedOn: false, untold: untold)
    }

    /// A stored property taken as handed on only because an initializer sets it from its own
    /// parameter (`init(context: LAContext = LAContext()) { self.context = context }`), where the
    /// scan never constructs the type or a construction passes a context: which context the
    /// property holds is decided by code the rule does not see or follow, so it is not judged and
    /// `--verbose` says so. Nil when other uses hand the property on.
    static func injectedThroughInitializer(_ identity: ContextIdentity, in context: RuleContext) -> String? {
        guard case .property(let name, let owner, _) = identity else { return nil }
        var parameters: [FunctionParameterSyntax] = []
        let handedOnOtherwise = isHandedOn(identity, in: context) { target in
            guard let parameter = initializerParameter(settingProperty: target) else { return false }
            parameters.append(parameter)
            return true
        }
        guard !handedOnOtherwise, let parameter = parameters.first else { return nil }
        let label = parameter.firstName.text
        var words = "the property `\(name)`, set from the parameter `\(label)` of an initializer of `\(owner)`"
        if let defaultValue = parameter.defaultValue, isNewContext(defaultValue.value) {
            words += " (default `\(SyntaxQueries.shortText(defaultValue.value, limit: 40))`)"
        }
        if context.scan.index.callSites(named: owner).isEmpty {
            words += ", and the scan never constructs `\(owner)`: its users may pass a context they hand to a Keychain query"
        } else {
            words += ", and the rule does not follow the context the constructions of `\(owner)` in the scan pass for it"
        }
        return words
    }

    /// The parameter of an initializer that an assignment to `target` stores (`self.context = context`).
    static func initializerParameter(settingProperty target: ExprSyntax) -> FunctionParameterSyntax? {
        guard let infix = target.parent?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
            infix.leftOperand.id == target.id,
            let value = SyntaxQueries.unwrapTransparent(infix.rightOperand).as(DeclReferenceExprSyntax.self),
            case .parameter(let parameter) = SyntaxQueries.binding(of: value.baseName.text, at: value),
            parameter.parent?.parent?.parent?.parent?.is(InitializerDeclSyntax.self) == true
        else { return nil }
        return parameter
    }

    /// The stored properties whose uses are judged with the context: the property itself, the
    /// properties a local is kept in, and those a choice may be.
    static func properties(of identity: ContextIdentity, in context: RuleContext) -> [ContextIdentity] {
        func stored(_ name: String, _ binding: PatternBindingSyntax, _ scope: Syntax) -> [ContextIdentity] {
            (propertyStores(ofLocal: name, binding: binding, scope: scope, asking: context) ?? []).compactMap {
                propertyIdentity($0.name, at: $0.node, in: context)
            }
        }
        switch identity {
        case .fresh: return []
        case .property: return [identity]
        case .local(let name, let binding, let scope), .made(let name, let binding, let scope, _): return stored(name, binding, scope)
        case .chosen(let name, let binding, let scope, _, let properties, _): return properties + stored(name, binding, scope)
        case .parameter(let name, let parameter, let scope, _):
            return (propertyStores(ofParameter: name, parameter, scope: scope, asking: context) ?? []).compactMap {
                propertyIdentity($0.name, at: $0.node, in: context)
            }
        case .global: return []
        }
    }

    /// The method of an `extension LAContext` whose body holds `node` (not inside a closure's own function).
    static func laContextExtensionMethod(containing node: some SyntaxProtocol) -> FunctionDeclSyntax? {
        var current = node.parent
        var method: FunctionDeclSyntax?
        while let candidate = current {
            if method == nil, let function = candidate.as(FunctionDeclSyntax.self) { method = function }
            if let extensionDecl = candidate.as(ExtensionDeclSyntax.self) {
                return TypeNames.baseName(of: extensionDecl.extendedType) == "LAContext" ? method : nil
            }
            if candidate.is(ClassDeclSyntax.self) || candidate.is(StructDeclSyntax.self) || candidate.is(EnumDeclSyntax.self)
                || candidate.is(ActorDeclSyntax.self)
            {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// The callers of an `LAContext` extension method whose context is named
    /// (`let context = LAContext(); context.unlock { … }`), among the first
    /// `EvaluatedContext.maximumSenders` calls of its name with a receiver. None when no caller is
    /// in the scan (a library: the context is its user's).
    static func callers(of method: FunctionDeclSyntax, in context: RuleContext) -> [ContextSender] {
        let parameters = method.signature.parameterClause.parameters.map { $0.firstName.text == "_" ? nil : $0.firstName.text }
        var named: [ContextSender] = []
        for site in context.scan.index.callSites(named: method.name.text).prefix(EvaluatedContext.maximumSenders) where site.hasReceiver {
            let (file, call) = site.resolved
            let labels = SyntaxQueries.labels(of: call)
            guard labels.count == parameters.count,
                zip(labels, parameters).enumerated().allSatisfy({ index, pair in
                    pair.0 == pair.1 || (pair.0 == nil && index == labels.count - 1 && call.trailingClosure != nil)
                }),
                let receiver = SyntaxQueries.receiver(of: call),
                let identity = identity(of: receiver, in: context)
            else { continue }
            let place = file.path == context.file.path ? "line \(file.line(of: call))" : "\(file.fileName):\(file.line(of: call))"
            let story = story(of: identity, in: context)
            named.append(ContextSender(story: story, place: place))
            // The first caller never handed on is the one judged: the later ones are not read.
            if !story.isHandedOn { return named }
        }
        return named
    }

    // MARK: - What is the outcome used for?

    /// Closure form: what the reply closure (or the reply given by reference) does with its
    /// parameters. Async form: whether the awaited result (true, or a thrown error) is used.
    static func outcome(of call: FunctionCallExprSyntax, in context: RuleContext) -> PolicyOutcome {
        let replyExpression: ExprSyntax?
        if let trailing = call.trailingClosure {
            replyExpression = ExprSyntax(trailing)
        } else if let reply = SyntaxQueries.argument(labeled: "reply", of: call) {
            replyExpression = reply.expression
        } else {
            replyExpression = nil
        }
        guard let replyExpression else {
            return .awaited(used: isAwaitedAndUsed(call))
        }
        guard let closure = replyExpression.as(ClosureExprSyntax.self) else {
            return referencedReply(SyntaxQueries.unwrapTransparent(replyExpression), in: context)
        }
        let (success, error) = parameterNames(of: closure)
        return .reply(use(success: success, error: error, in: Syntax(closure.statements), file: context.file))
    }

    /// A reply passed by reference: a completion handler the enclosing function received
    /// (`reply: completion` hands the Bool to the caller, who acts on it), a local closure
    /// (`let handler = { success, _ in … }`), or a method of the same type (`reply: handleResult`).
    static func referencedReply(_ expression: ExprSyntax, in context: RuleContext) -> PolicyOutcome {
        if let member = expression.as(MemberAccessExprSyntax.self), SyntaxQueries.isSelf(member.base) {
            return methodReply(member.declName.baseName.text, at: member, in: context)
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return .unread }
        let name = reference.baseName.text
        switch SyntaxQueries.binding(of: name, at: reference) {
        case .parameter(let parameter):
            // Only a function-typed parameter: the Bool goes to the caller's code.
            return SyntaxQueries.isFunctionType(parameter.type, in: context.scan.index) ? .forwardedToCaller : .unread
        case .variable(let binding):
            guard let closure = binding.initializer.map({ SyntaxQueries.unwrapTransparent($0.value) })?.as(ClosureExprSyntax.self) else { return .unread }
            let (success, error) = parameterNames(of: closure)
            return .reply(use(success: success, error: error, in: Syntax(closure.statements), file: context.file))
        case .notLocal:
            return methodReply(name, at: reference, in: context)
        case .optionalBinding, .opaque:
            return .unread
        }
    }

    /// `reply: handleResult` naming a method of the enclosing type with two parameters.
    static func methodReply(_ name: String, at node: some SyntaxProtocol, in context: RuleContext) -> PolicyOutcome {
        let owner = SyntaxQueries.enclosingTypeName(of: node)
        let methods = context.scan.index.functions(named: name).filter { $0.enclosingType == owner && $0.shapes.count == 2 }
        guard methods.count == 1, let body = methods[0].body else { return .unread }
        let names = methods[0].parameters.map { ($0.secondName ?? $0.firstName).text }.map { $0 == "_" ? nil : $0 }
        return .reply(use(success: names[0], error: names[1], in: Syntax(body), file: methods[0].file))
    }

    /// What a reply closure's statements, or the body of a method given as the reply, do with
    /// its parameters (read into the model of its code).
    static func use(success: String?, error: String?, in body: Syntax, file: SourceFile) -> ReplyUse {
        ReplyOutcomeReading.use(of: SwiftBodies(file: file).statements(of: body), success: success, error: error)
    }

    /// `(success, error)` parameter names of a reply closure; nil for `_`. `$0`/`$1` without a signature.
    static func parameterNames(of closure: ClosureExprSyntax) -> (String?, String?) {
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let shorthand)?:
            names = shorthand.map { $0.name.text }
        case .parameterClause(let clause)?:
            names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil:
            names = ["$0", "$1"]
        }
        func name(_ index: Int) -> String? {
            guard index < names.count, names[index] != "_" else { return nil }
            return names[index]
        }
        return (name(0), name(1))
    }

    /// `try await context.evaluatePolicy(…)`, unless its outcome is thrown away with `try?` and `_ =`
    /// or a bare statement.
    static func isAwaitedAndUsed(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        var awaited = false
        var optionalTry = false
        while let parent = node.parent {
            if parent.is(AwaitExprSyntax.self) {
                awaited = true
            } else if let tryExpr = parent.as(TryExprSyntax.self) {
                optionalTry = tryExpr.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
            } else if !parent.is(TupleExprSyntax.self) && !parent.is(LabeledExprSyntax.self) && !parent.is(UnsafeExprSyntax.self)
                && !parent.is(LabeledExprListSyntax.self)
            {
                break
            }
            node = parent
        }
        guard awaited else { return false }
        guard optionalTry else { return true }
        let parent = node.parent
        if let assignment = parent?.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
            assignment.leftOperand.is(DiscardAssignmentExprSyntax.self)
        {
            return false
        }
        return !(parent?.is(CodeBlockItemSyntax.self) ?? false)
    }

    // MARK: - Which context?

    static func identity(of receiver: ExprSyntax, in context: RuleContext) -> ContextIdentity? {
        var undecided: (chosen: String, unfollowed: String)?
        return identity(of: receiver, in: context, undecided: &undecided)
    }

    /// The context's identity; nil when it comes from code not followed, with `undecided` set
    /// when it is a choice of contexts one of which is not followed.
    static func identity(
        of receiver: ExprSyntax, in context: RuleContext, undecided: inout (chosen: String, unfollowed: String)?
    ) -> ContextIdentity? {
        let receiver = SyntaxQueries.unwrapTransparent(receiver)
        if let call = receiver.as(FunctionCallExprSyntax.self) {
            return isNewContext(ExprSyntax(call)) ? .fresh : nil
        }
        if let member = receiver.as(MemberAccessExprSyntax.self),
            SyntaxQueries.isSelf(member.base)
        {
            return propertyIdentity(member.declName.baseName.text, at: member, in: context)
        }
        guard let reference = receiver.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        switch SyntaxQueries.binding(of: name, at: reference) {
        case .variable(let binding):
            guard let initializer = binding.initializer,
                let scope = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self)
            else { return nil }
            if isNewContext(initializer.value) { return .local(name: name, binding: binding, scope: Syntax(scope)) }
            if let factory = contextFactory(initializer.value, in: context) {
                return .made(name: name, binding: binding, scope: Syntax(scope), factory: factory)
            }
            switch choice(initializer.value, in: context) {
            case .contexts(let factories, let properties)?:
                return .chosen(
                    name: name, binding: binding, scope: Syntax(scope), written: SyntaxQueries.shortText(initializer.value, limit: 40),
                    properties: properties, allNew: !factories && properties.isEmpty)
            case .undecided(let side)?:
                undecided = (SyntaxQueries.shortText(initializer.value, limit: 40), side)
                return nil
            case nil:
                return nil
            }
        case .notLocal:
            return propertyIdentity(name, at: reference, in: context) ?? globalIdentity(name, at: reference, in: context)
        case .parameter(let parameter):
            // A parameter's context belongs to the caller, who may read the Keychain with it,
            // unless every caller makes a new one for the call.
            guard let function = parameter.parent?.parent?.parent?.parent?.as(FunctionDeclSyntax.self), let body = function.body,
                isNewAtEveryCall(parameter, of: function, in: context)
            else { return nil }
            return .parameter(name: name, parameter: parameter, scope: Syntax(body.statements), function: function.name.text)
        case .optionalBinding, .opaque:
            return nil
        }
    }

    /// A global `let` the name refers to (no property of the enclosing type has the name), the
    /// only one of that name the asking file's module can see, initialised with `LAContext()`.
    static func globalIdentity(_ name: String, at node: some SyntaxProtocol, in context: RuleContext) -> ContextIdentity? {
        if let owner = SyntaxQueries.enclosingTypeName(of: node), !context.scan.index.properties(named: name, inType: owner).isEmpty {
            return nil
        }
        let scoped = ScopedIndex(index: context.scan.index, asking: context.file.id)
        guard let found = scoped.variables(named: name, limit: InstanceContextReads.maximumFiles)?.filter({ $0.enclosingType == nil }),
            found.count == 1, let global = found.first, global.isConstant, !global.isStatic,
            SyntaxQueries.enclosingTypeName(of: global.binding) == nil, global.binding.parent?.parent?.parent?.parent?.parent?.is(SourceFileSyntax.self) == true,
            let initializer = global.binding.initializer, isNewContext(initializer.value)
        else { return nil }
        return .global(name: name, declaration: global)
    }

    /// Whether a global context is handed on: any use of it, in the files that mention it (the
    /// first `InstanceContextReads.maximumFiles`; more, and it may be), that gives it to other code.
    /// A use inside a type that has a property of the same name is that property.
    static func isGlobalHandedOn(_ name: String, in context: RuleContext) -> Bool {
        let scoped = ScopedIndex(index: context.scan.index, asking: context.file.id)
        let files = scoped.callerFiles(mentioning: name)
        guard files.count <= InstanceContextReads.maximumFiles else { return true }
        for fileIndex in files {
            let file = context.scan.index.file(at: fileIndex)
            for reference in ReferenceCollector.references(in: file.tree) where reference.baseName.text == name {
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
                guard case .notLocal = SyntaxQueries.binding(of: name, at: reference) else { continue }
                if let owner = SyntaxQueries.enclosingTypeName(of: reference), !context.scan.index.properties(named: name, inType: owner).isEmpty {
                    continue
                }
                if handsOn(ExprSyntax(reference)) { return true }
            }
        }
        return false
    }

    /// Whether every call of `function` in the app's code gives `parameter` a new context: it
    /// passes `LAContext()` for it, or leaves it out where it defaults to `LAContext()`. Calls
    /// from test code (which pass stubs) are not the app's paths. A function with no such call
    /// (a library's, whose users may pass their own context) or with more calls than the
    /// resolver follows is not judged.
    static func isNewAtEveryCall(_ parameter: FunctionParameterSyntax, of function: FunctionDeclSyntax, in context: RuleContext) -> Bool {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard let position = parameters.firstIndex(where: { $0.id == parameter.id }) else { return false }
        let defaultIsNew = parameter.defaultValue.map { isNewContext($0.value) } ?? false
        // Calls of other functions of the name are told apart by their labels, read without a parse first.
        let labels = Set(parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text })
        var calls = 0
        for site in context.scan.index.callSites(named: function.name.text) where site.labels.allSatisfy({ $0 == nil || labels.contains($0) }) {
            let (file, call) = site.resolved
            guard !context.scan.projectModel.isTestCode(file.path), let passed = arguments(of: call, for: parameters, in: context.scan.index)
            else { continue }
            calls += 1
            guard calls <= EvaluatedContext.maximumSenders else { return false }
            if let index = passed[position] {
                guard isNewContext(SyntaxQueries.argumentExpressions(of: call)[index]) else { return false }
            } else if !defaultIsNew {
                return false
            }
        }
        return calls > 0
    }

    /// For each parameter, the index (in `SyntaxQueries.argumentExpressions(of:)`) of the argument
    /// a call passes for it, nil where it leaves a defaulted one out; nil when the call's labels do
    /// not fit. A trailing closure fills the first parameter left of a function type.
    static func arguments(
        of call: FunctionCallExprSyntax, for parameters: [FunctionParameterSyntax], in index: ProjectIndex
    ) -> [Int?]? {
        let labels = SyntaxQueries.labels(of: call)
        let trailing = call.trailingClosure == nil ? nil : call.arguments.count
        var result: [Int?] = []
        var position = 0
        for parameter in parameters {
            let label: String? = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            if position < labels.count,
                labels[position] == label || (position == trailing && SyntaxQueries.isFunctionType(parameter.type, in: index))
            {
                result.append(position)
                position += 1
            } else if parameter.defaultValue != nil {
                result.append(nil)
            } else {
                return nil
            }
        }
        return position == labels.count ? result : nil
    }

    static func propertyIdentity(_ name: String, at node: some SyntaxProtocol, in context: RuleContext) -> ContextIdentity? {
        guard let owner = SyntaxQueries.enclosingTypeName(of: node) else { return nil }
        let index = context.scan.index
        var properties = index.properties(named: name, inType: owner).filter { !$0.isStatic }
        // Several types of the scan share the name (copies of a class in several targets): the
        // property is the one of the type declaration the call is written in, or else of the same
        // file, so that what else is in the scan does not decide.
        if properties.count > 1 {
            let path = context.file.path
            let sameFile = properties.filter { $0.file.path == path }
            if let declaration = enclosingPrimaryTypeDeclaration(of: Syntax(node)) {
                let own = sameFile.filter { $0.binding.position >= declaration.position && $0.binding.endPosition <= declaration.endPosition }
                properties = own.isEmpty ? sameFile : own
            } else {
                properties = sameFile
            }
        }
        guard properties.count == 1, let property = properties.first else { return nil }
        if let initializer = property.binding.initializer {
            guard isNewContext(initializer.value) || contextFactory(initializer.value, in: context) != nil
                || isNewContextClosureCall(initializer.value)
            else { return nil }
        } else if property.typeName != "LAContext" || property.binding.accessorBlock != nil {
            return nil
        }
        let binding = property.binding
        let declaredIn = index.types(named: owner).first {
            !$0.isExtension && $0.file.path == property.file.path && $0.node.position <= binding.position
                && binding.endPosition <= $0.node.endPosition
        }
        return .property(
            name: name, owner: owner, declaredIn: declaredIn.map { TypePlace(path: $0.file.path, position: $0.node.position) })
    }

    /// The class, struct, enum or actor declaration (not an extension) whose body holds `node`.
    static func enclosingPrimaryTypeDeclaration(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(ExtensionDeclSyntax.self) || candidate.is(ProtocolDeclSyntax.self) { return nil }
            if candidate.is(ClassDeclSyntax.self) || candidate.is(StructDeclSyntax.self) || candidate.is(EnumDeclSyntax.self)
                || candidate.is(ActorDeclSyntax.self)
            {
                return candidate
            }
            current = candidate.parent
        }
        return nil
    }

    /// `unlockContext()`: a call, without arguments, of a function of the scan (of this type, or
    /// global) that returns a new `LAContext` on at least one path: `LAContext()`, or a local
    /// initialised with it that the helper only configures. On that path the context is the
    /// caller's alone, whatever the helper returns on others (an injected test context). Returns
    /// the helper's name.
    static func contextFactory(_ expression: ExprSyntax, in context: RuleContext) -> String? {
        guard let call = SyntaxQueries.unwrapTransparent(expression).as(FunctionCallExprSyntax.self),
            SyntaxQueries.labels(of: call).isEmpty, let name = SyntaxQueries.calleeName(of: call)
        else { return nil }
        let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent)
        guard receiver == nil || SyntaxQueries.isSelf(receiver) else { return nil }
        let owner = SyntaxQueries.enclosingTypeName(of: call)
        let functions = context.scan.index.functions(named: name).filter { $0.shapes.isEmpty && $0.enclosingType == owner }
        guard functions.count == 1, let body = functions[0].body else { return nil }
        return returnsNewContext(SyntaxQueries.returnedExpressions(of: body)) ? name : nil
    }

    /// Whether one of a body's returned expressions is a new `LAContext`: `LAContext()`, or a
    /// local initialised with it that the body only configures.
    static func returnsNewContext(_ returned: [ExprSyntax]) -> Bool {
        for returned in returned {
            let value = SyntaxQueries.unwrapTransparent(returned)
            if isNewContext(value) { return true }
            guard let reference = value.as(DeclReferenceExprSyntax.self),
                case .variable(let binding) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
                let initializer = binding.initializer, isNewContext(initializer.value),
                let scope = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self)
            else { continue }
            let others = ReferenceCollector.references(in: scope).filter {
                $0.baseName.text == reference.baseName.text && $0.id != reference.id
            }
            let handedOn = others.contains { other in
                guard case .variable(let found) = SyntaxQueries.binding(of: other.baseName.text, at: other), found.id == binding.id
                else { return false }
                return handsOn(ExprSyntax(other))
            }
            if !handedOn { return true }
        }
        return false
    }

    /// `{ let context = LAContext(); context.localizedFallbackTitle = …; return context }()`, the
    /// initial value of a stored (often `lazy`) property: a closure called once, with no
    /// arguments, that returns a new context.
    static func isNewContextClosureCall(_ expression: ExprSyntax) -> Bool {
        guard let call = SyntaxQueries.unwrapTransparent(expression).as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let closure = SyntaxQueries.unwrapTransparent(call.calledExpression).as(ClosureExprSyntax.self),
            closure.signature?.parameterClause == nil
        else { return false }
        var returned: [ExprSyntax] = []
        if closure.statements.count == 1, let only = closure.statements.first?.item.as(ExprSyntax.self) {
            returned = [only]
        } else {
            returned = SyntaxQueries.returnStatements(in: closure.statements).compactMap(\.expression)
        }
        return returnsNewContext(returned)
    }

    /// The contexts a choice can be: `a ?? b` (either side), `c ? a : b`. Each side is a new
    /// context (`LAContext()`, a helper of the scan that makes one, an optional parameter that
    /// defaults to `nil` or `LAContext()` and that no call of the scan passes), a stored property
    /// of the type named as a context, `nil`, or a choice itself. Nil when the expression is no
    /// choice, or none of its sides is a new context.
    static func choice(_ expression: ExprSyntax, in context: RuleContext) -> Choice? {
        var factories = false
        var fresh = false
        var properties: [ContextIdentity] = []
        var unfollowed: String?
        func side(_ expression: ExprSyntax) {
            let value = SyntaxQueries.unwrapTransparent(expression)
            if let infix = value.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
                side(infix.leftOperand)
                side(infix.rightOperand)
                return
            }
            if let ternary = value.as(TernaryExprSyntax.self) {
                side(ternary.thenExpression)
                side(ternary.elseExpression)
                return
            }
            if value.is(NilLiteralExprSyntax.self) { return }
            if isNewContext(value) {
                fresh = true
                return
            }
            if contextFactory(value, in: context) != nil {
                factories = true
                return
            }
            if let reference = value.as(DeclReferenceExprSyntax.self),
                case .parameter(let parameter) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
                isUnpassedDefault(parameter, in: context)
            {
                return
            }
            if let property = propertySide(value, in: context) {
                properties.append(property)
                return
            }
            if unfollowed == nil { unfollowed = SyntaxQueries.shortText(value, limit: 40) }
        }
        let value = SyntaxQueries.unwrapTransparent(expression)
        guard value.is(TernaryExprSyntax.self)
            || value.as(InfixOperatorExprSyntax.self)?.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        else { return nil }
        side(value)
        guard fresh || factories else { return nil }
        if let unfollowed { return .undecided(side: unfollowed) }
        return .contexts(factories: factories, properties: properties)
    }

    /// `self.name` or `name` (no local) naming a stored property of the type that is a context.
    private static func propertySide(_ value: ExprSyntax, in context: RuleContext) -> ContextIdentity? {
        if let member = value.as(MemberAccessExprSyntax.self), SyntaxQueries.isSelf(member.base) {
            return propertyIdentity(member.declName.baseName.text, at: member, in: context)
        }
        if let reference = value.as(DeclReferenceExprSyntax.self), case .notLocal = SyntaxQueries.binding(of: reference.baseName.text, at: reference) {
            return propertyIdentity(reference.baseName.text, at: reference, in: context)
        }
        return nil
    }

    /// An optional parameter that defaults to `nil` or `LAContext()`, of a function or initializer
    /// the scan calls, where no call passes it: it is then always the default. A function or type
    /// the scan never calls (a library's, whose users may pass a context) is not judged, nor a
    /// parameter without a label (which argument a call passes for it is not told by labels alone).
    static func isUnpassedDefault(_ parameter: FunctionParameterSyntax, in context: RuleContext) -> Bool {
        guard let defaultValue = parameter.defaultValue,
            SyntaxQueries.unwrapTransparent(defaultValue.value).is(NilLiteralExprSyntax.self) || isNewContext(defaultValue.value),
            parameter.firstName.tokenKind != .wildcard
        else { return false }
        let label = parameter.firstName.text
        let declaration = parameter.parent?.parent?.parent?.parent
        let calls: [FunctionCallExprSyntax]
        if declaration?.is(InitializerDeclSyntax.self) == true, let owner = SyntaxQueries.enclosingTypeName(of: parameter) {
            calls = context.scan.index.callSites(named: owner).map(\.resolved.call)
        } else if let function = declaration?.as(FunctionDeclSyntax.self) {
            let parameters = Array(function.signature.parameterClause.parameters)
            calls = context.scan.index.callSites(named: function.name.text).map(\.resolved.call)
                .filter { SwiftHandedOutcomes.fits($0, parameters) }
        } else {
            return false
        }
        return !calls.isEmpty && calls.allSatisfy { !SyntaxQueries.labels(of: $0).contains(label) }
    }

    /// `LAContext()`, `LAContext.init()`.
    static func isNewContext(_ expression: ExprSyntax) -> Bool {
        guard let call = SyntaxQueries.unwrapTransparent(expression).as(FunctionCallExprSyntax.self) else { return false }
        let callee = SyntaxQueries.unwrapTransparent(call.calledExpression)
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "LAContext" }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            return member.base?.trimmedSource == "LAContext"
        }
        return false
    }

    // MARK: - Is the context handed on?

    /// Whether any use of the context, other than reading or setting its own members, may give it to
    /// other code: a dictionary value (`kSecUseAuthenticationContext: context`), an argument
    /// (`SecKey…`, a helper that builds a query), a return value, a store into another variable,
    /// or a re-assignment from something other than `LAContext()`.
    /// `besides`: a choice that made the local being judged, whose reads of a property are not
    /// uses of it. `excusing`: a use that hands the property on and that the caller excuses (it
    /// notes the use itself).
    static func isHandedOn(
        _ identity: ContextIdentity, in context: RuleContext, besides choice: Syntax? = nil, excusing: ((ExprSyntax) -> Bool)? = nil
    ) -> Bool {
        switch identity {
        case .fresh:
            return false
        case .local(let name, let binding, let scope), .made(let name, let binding, let scope, _):
            guard let stores = propertyStores(ofLocal: name, binding: binding, scope: scope, asking: context) else { return true }
            // Kept in a stored property of the type (`self.context = context`): the property's own
            // uses decide, where storing this local does not count.
            for store in stores {
                guard let property = propertyIdentity(store.name, at: store.node, in: context) else { return true }
                if isHandedOn(property, in: context) { return true }
            }
            return false
        case .chosen(let name, let binding, let scope, _, let properties, _):
            // The local's uses, and those of each property it may be; reading a property in the
            // choice that makes this local is not handing it on.
            let choice = binding.initializer.map { Syntax($0.value) }
            guard let stores = propertyStores(ofLocal: name, binding: binding, scope: scope, asking: context) else { return true }
            var judged = properties
            for store in stores {
                guard let property = propertyIdentity(store.name, at: store.node, in: context) else { return true }
                judged.append(property)
            }
            return judged.contains { isHandedOn($0, in: context, besides: choice) }
        case .global(let name, _):
            return isGlobalHandedOn(name, in: context)
        case .parameter(let name, let parameter, let scope, _):
            guard let stores = propertyStores(ofParameter: name, parameter, scope: scope, asking: context) else { return true }
            for store in stores {
                guard let property = propertyIdentity(store.name, at: store.node, in: context) else { return true }
                if isHandedOn(property, in: context) { return true }
            }
            return false
        case .property(let name, let owner, let declaredIn):
            // Its own declaration and every extension; another type's declaration of the same name
            // is someone else's property.
            for type in context.scan.index.types(named: owner)
            where type.isExtension || declaredIn.map({ $0 == TypePlace(path: type.file.path, position: type.node.position) }) ?? true {
                for reference in ReferenceCollector.references(in: type.node) where reference.baseName.text == name {
                    if let choice, isInside(Syntax(reference), choice) { continue }
                    if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                        // `self.name` is the property; `other.name` is someone else's.
                        guard SyntaxQueries.isSelf(member.base) else { continue }
                        if handsOn(ExprSyntax(member)), !isSetToNewContext(ExprSyntax(member), owner: owner, in: context),
                            excusing?(ExprSyntax(member)) != true, !isOnlyAsked(ExprSyntax(member), in: context)
                        {
                            return true
                        }
                        continue
                    }
                    guard case .notLocal = SyntaxQueries.binding(of: name, at: reference) else { continue }
                    if handsOn(ExprSyntax(reference)), !isSetToNewContext(ExprSyntax(reference), owner: owner, in: context),
                        excusing?(ExprSyntax(reference)) != true, !isOnlyAsked(ExprSyntax(reference), in: context)
                    {
                        return true
                    }
                }
            }
            // Other code that holds an instance of the type and hands its context on
            // (`kSecUseAuthenticationContext: auth.context`).
            return instanceReads(of: name, owner: owner, in: context).handOn
        }
    }

    // MARK: - Reads on instances of the type

    private struct InstanceReadsKey: Hashable {
        let name: String
        let owner: String
    }

    /// The reads of the stored property `name` of `owner` on an instance other code holds
    /// (`auth.context`, `self.auth.context`, `auth?.context`, `Authenticator.shared.context`), in
    /// the first `InstanceContextReads.maximumFiles` files that mention the property and the type
    /// and may see the evaluating file. `self.name` is the type's own use (or another type's
    /// property), judged with the type's declarations.
    static func instanceReads(of name: String, owner: String, in context: RuleContext) -> InstanceContextReads {
        context.memo(InstanceReadsKey(name: name, owner: owner)) {
            let typeWord = owner.split(separator: ".").last.map(String.init) ?? owner
            let scoped = ScopedIndex(index: context.scan.index, asking: context.file.id)
            let naming = Set(scoped.files(mentioning: typeWord))
            let files = scoped.callerFiles(mentioning: name).filter(naming.contains)
            // A receiver declared as a protocol the type conforms to, or a class it inherits from,
            // may be an instance of the type: which one cannot be told.
            let supertypes = Set(context.scan.index.types(named: owner).flatMap { type in
                (type.node.asProtocol(DeclGroupSyntax.self)?.inheritanceClause?.inheritedTypes ?? []).map { TypeNames.baseName(of: $0.type) }
            })
            var reads: [InstanceContextRead] = []
            for fileIndex in files.prefix(InstanceContextReads.maximumFiles) {
                let file = context.scan.index.file(at: fileIndex)
                for reference in ReferenceCollector.references(in: file.tree) where reference.baseName.text == name {
                    guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
                        let base = member.base, !SyntaxQueries.isSelf(base)
                    else { continue }
                    let receiver: InstanceContextRead.Receiver =
                        switch receiverType(of: base, in: file, context: context) {
                        // `Outer.Authenticator` and `Authenticator` alike.
                        case let type? where type == owner || type.split(separator: ".").last == owner.split(separator: ".").last: .owner
                        case let type? where supertypes.contains(type): .unknown
                        case .some: .other
                        case nil: .unknown
                        }
                    reads.append(
                        InstanceContextRead(
                            receiver: receiver, handsOn: handsOn(ExprSyntax(member)), written: SyntaxQueries.shortText(member, limit: 40),
                            place: "\(file.fileName):\(file.line(of: member))"))
                }
            }
            return InstanceContextReads(reads: reads, filesLeftOut: max(0, files.count - InstanceContextReads.maximumFiles))
        }
    }

    /// The type a receiver is declared or built with, where that is written: a local, a parameter
    /// or a stored property of the reading type (`auth`, `self.auth`, `auth?`, `auth!`), a cast
    /// (`(sender as? Authenticator)`), a property of such a receiver (`self.session.auth`), or a
    /// type's static property (`Authenticator.shared`).
    static func receiverType(of base: ExprSyntax, in file: SourceFile, context: RuleContext) -> String? {
        var base = base
        while true {
            if let tuple = base.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first?.label == nil,
                let inner = tuple.elements.first?.expression
            {
                base = inner
            } else if let optional = base.as(OptionalChainingExprSyntax.self) {
                base = optional.expression
            } else if let forced = base.as(ForceUnwrapExprSyntax.self) {
                base = forced.expression
            } else {
                break
            }
        }
        if let cast = base.as(AsExprSyntax.self) { return TypeNames.baseName(of: cast.type) }
        base = SyntaxQueries.unwrapTransparent(base)
        if let member = base.as(MemberAccessExprSyntax.self) {
            if SyntaxQueries.isSelf(member.base) {
                guard case .notLocal = SyntaxQueries.binding(of: member.declName.baseName.text, at: member) else { return nil }
                return context.resolver.declaredTypeName(of: ExprSyntax(member.declName), in: file)
            }
            if let type = context.resolver.declaredTypeName(of: base, in: file) { return type }
            guard let inner = member.base, let holder = receiverType(of: inner, in: file, context: context) else { return nil }
            let properties = context.scan.index.properties(named: member.declName.baseName.text, inType: holder)
            guard properties.count == 1, let property = properties.first else { return nil }
            return property.typeName
                ?? property.binding.initializer.flatMap { context.resolver.declaredTypeName(of: $0.value, in: property.file) }
        }
        guard base.is(DeclReferenceExprSyntax.self) else { return nil }
        return context.resolver.declaredTypeName(of: base, in: file)
    }

    /// A property whose only uses that hand it on are assignments of a choice one side of which
    /// is not followed (`self.context = context ?? LAContext()` where a construction passes
    /// `context`): the first such choice as written, and that side.
    static func undecidedStore(of identity: ContextIdentity, in context: RuleContext) -> (chosen: String, unfollowed: String)? {
        guard case .property = identity else { return nil }
        var found: (chosen: String, unfollowed: String)?
        let handedOn = isHandedOn(identity, in: context) { use in
            guard let infix = use.parent?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
                infix.leftOperand.id == use.id, case .undecided(let side)? = choice(infix.rightOperand, in: context)
            else { return false }
            if found == nil { found = (SyntaxQueries.shortText(infix.rightOperand, limit: 40), side) }
            return true
        }
        return handedOn ? nil : found
    }

    /// Whether `node` is `ancestor` or under it.
    private static func isInside(_ node: Syntax, _ ancestor: Syntax) -> Bool {
        var current: Syntax? = node
        while let candidate = current {
            if candidate.id == ancestor.id { return true }
            current = candidate.parent
        }
        return false
    }

    /// The property is the target of an assignment of a new context: from an initializer
    /// parameter that defaults to `LAContext()` (below), from a helper of the scan that makes one
    /// (`self.context = makeContext()`), or from a choice whose every side is new
    /// (`self.context = context ?? LAContext()`, where no call passes `context`).
    static func isSetToNewContext(_ target: ExprSyntax, owner: String, in context: RuleContext) -> Bool {
        if isSetFromDefaultedParameter(target, owner: owner, in: context) { return true }
        guard let infix = target.parent?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
            infix.leftOperand.id == target.id
        else { return false }
        if contextFactory(infix.rightOperand, in: context) != nil { return true }
        if case .contexts(_, let properties)? = choice(infix.rightOperand, in: context), properties.isEmpty { return true }
        // A local made by a helper or a choice, kept in the property: the local's own uses are
        // judged with it (`let context = injected ?? LAContext(); self.context = context`).
        guard let reference = SyntaxQueries.unwrapTransparent(infix.rightOperand).as(DeclReferenceExprSyntax.self),
            case .variable(let binding) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
            let initializer = binding.initializer,
            let scope = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        guard contextFactory(initializer.value, in: context) != nil || choice(initializer.value, in: context).map({
            if case .contexts = $0 { true } else { false }
        }) == true
        else { return false }
        return propertyStores(ofLocal: reference.baseName.text, binding: binding, scope: Syntax(scope)) != nil
    }

    /// `self.context = context` in an initializer whose parameter `context` is filled with a new
    /// context by every construction of the type in the app's code: each passes `LAContext()` for
    /// it, or leaves it out where it defaults to `LAContext()`. The property then always holds a
    /// context only this instance sees. Constructions in test code (which pass stubs) are left
    /// aside, as for a function's parameter (`isNewAtEveryCall`). A type the scan never constructs
    /// (a library's) may be given a context by its users.
    static func isSetFromDefaultedParameter(_ target: ExprSyntax, owner: String, in context: RuleContext) -> Bool {
        guard let parameter = initializerParameter(settingProperty: target) else { return false }
        let defaultIsNew = parameter.defaultValue.map { isNewContext($0.value) } ?? false
        // Unlabelled: which argument it is cannot be told from the labels alone.
        guard parameter.firstName.tokenKind != .wildcard else { return false }
        let label = parameter.firstName.text
        var constructions = 0
        for site in context.scan.index.callSites(named: owner) {
            let (file, call) = site.resolved
            guard !context.scan.projectModel.isTestCode(file.path) else { continue }
            constructions += 1
            guard constructions <= EvaluatedContext.maximumSenders else { return false }
            if let argument = call.arguments.first(where: { $0.label?.text == label }) {
                guard isNewContext(argument.expression) else { return false }
            } else if !defaultIsNew {
                return false
            }
        }
        return constructions > 0
    }

    /// The properties a local context is stored into (`self.context = context`, `context` written
    /// for the property), or nil when another use hands it on.
    static func propertyStores(ofLocal name: String, binding: PatternBindingSyntax, scope: Syntax, asking context: RuleContext? = nil)
        -> [(name: String, node: Syntax)]?
    {
        var stores: [(name: String, node: Syntax)] = []
        for reference in ReferenceCollector.references(in: scope) where reference.baseName.text == name {
            // `self.context` names a member, not this local.
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
            guard case .variable(let found) = SyntaxQueries.binding(of: name, at: reference), found.id == binding.id
            else { continue }
            guard handsOn(ExprSyntax(reference)) else { continue }
            if let context, isOnlyAsked(ExprSyntax(reference), in: context) { continue }
            guard let target = propertyAssigned(from: ExprSyntax(reference)) else { return nil }
            stores.append(target)
        }
        return stores
    }

    /// As `propertyStores(ofLocal:binding:scope:)`, for a parameter of the function whose body is `scope`.
    static func propertyStores(
        ofParameter name: String, _ parameter: FunctionParameterSyntax, scope: Syntax, asking context: RuleContext? = nil
    ) -> [(name: String, node: Syntax)]? {
        var stores: [(name: String, node: Syntax)] = []
        for reference in ReferenceCollector.references(in: scope) where reference.baseName.text == name {
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
            guard case .parameter(let found) = SyntaxQueries.binding(of: name, at: reference), found.id == parameter.id else { continue }
            guard handsOn(ExprSyntax(reference)) else { continue }
            if let context, isOnlyAsked(ExprSyntax(reference), in: context) { continue }
            guard let target = propertyAssigned(from: ExprSyntax(reference)) else { return nil }
            stores.append(target)
        }
        return stores
    }

    /// The property `value` is assigned to, when it is the whole right side of `self.name = value`
    /// or of `name = value` where `name` is no local.
    static func propertyAssigned(from value: ExprSyntax) -> (name: String, node: Syntax)? {
        guard let infix = value.parent?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
            infix.rightOperand.id == value.id
        else { return nil }
        let target = SyntaxQueries.unwrapTransparent(infix.leftOperand)
        if let member = target.as(MemberAccessExprSyntax.self),
            SyntaxQueries.isSelf(member.base)
        {
            return (member.declName.baseName.text, Syntax(member))
        }
        if let reference = target.as(DeclReferenceExprSyntax.self),
            case .notLocal = SyntaxQueries.binding(of: reference.baseName.text, at: reference)
        {
            return (reference.baseName.text, Syntax(reference))
        }
        return nil
    }

    /// A local initialised with `LAContext()` whose uses only keep it in properties: storing it
    /// into a property gives the property a context nobody else holds.
    static func isLocalNewContext(_ expression: ExprSyntax) -> Bool {
        guard let reference = SyntaxQueries.unwrapTransparent(expression).as(DeclReferenceExprSyntax.self),
            case .variable(let binding) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
            let initializer = binding.initializer, isNewContext(initializer.value),
            let scope = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        return propertyStores(ofLocal: reference.baseName.text, binding: binding, scope: Syntax(scope)) != nil
    }

    /// How many calls deep `isOnlyAsked` follows a context given from one helper to the next.
    static let maximumAskingDepth = 3

    /// `biometryAvailable(context)`, `self.configure(context)`: a use that is an argument of a
    /// function of the scan that only asks the context it receives. The callee is a method of the
    /// calling type (called on `self` or without a receiver) or a global function, and exactly one
    /// declaration with a body fits the call's labels; every use of the parameter there reads or
    /// sets the context's members or compares it with nil (as `handsOn` says), or gives it to
    /// another such function, up to `maximumAskingDepth` calls deep, and there is such a use. The context then goes to
    /// nobody: an availability check, a helper that sets its titles. Another receiver, several
    /// fitting declarations or none (an SDK or library function) is a hand-off, as before.
    static func isOnlyAsked(_ use: ExprSyntax, in context: RuleContext, depth: Int = 1) -> Bool {
        var node = Syntax(use)
        while let parent = node.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
            node = parent
        }
        guard depth <= maximumAskingDepth, let argument = node.parent?.as(LabeledExprSyntax.self), argument.expression.id == node.id,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let name = SyntaxQueries.calleeName(of: call)
        else { return false }
        let receiver = SyntaxQueries.receiver(of: call)
        guard receiver == nil || SyntaxQueries.isSelf(receiver) else { return false }
        let index = context.scan.index
        var candidates = SyntaxQueries.enclosingTypeName(of: call).map { index.methods(named: name, inType: $0) } ?? []
        if candidates.isEmpty, receiver == nil { candidates = index.functions(named: name).filter { $0.enclosingType == nil } }
        let fitting = candidates.filter { $0.hasBody && SwiftHandedOutcomes.fits(call, Array($0.parameters)) }
        guard fitting.count == 1, let declaration = fitting.first else { return false }
        // A subclass's override may run instead, and do anything with the context.
        let overridden = index.functions(named: name).contains { other in
            other.key != declaration.key && other.node.as(FunctionDeclSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.override) } == true
                && SwiftHandedOutcomes.fits(call, Array(other.parameters))
        }
        guard !overridden else { return false }
        let (_, parameterList, body) = declaration.syntax
        let parameters = Array(parameterList)
        guard let body, let passed = arguments(of: call, for: parameters, in: index),
            let position = SyntaxQueries.argumentExpressions(of: call).firstIndex(where: { $0.id == argument.expression.id }),
            let parameterIndex = passed.firstIndex(where: { $0 == position })
        else { return false }
        let parameter = parameters[parameterIndex]
        let parameterName = (parameter.secondName ?? parameter.firstName).text
        var uses = 0
        for reference in ReferenceCollector.references(in: body) where reference.baseName.text == parameterName {
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
            guard case .parameter(let found) = SyntaxQueries.binding(of: parameterName, at: reference), found.id == parameter.id else { continue }
            if handsOn(ExprSyntax(reference)), !isOnlyAsked(ExprSyntax(reference), in: context, depth: depth + 1) { return false }
            uses += 1
        }
        // A helper that never reads its parameter is a stub or a placeholder (an override may
        // read it): what it does with the context is not known.
        return uses > 0
    }

    /// One use of the context: true unless it is the base of a member access (`context.x`,
    /// `context.evaluatePolicy(…)`), a nil comparison, or a re-assignment with a new `LAContext()`
    /// (written there or kept in a local that goes nowhere else) or with `nil`.
    static func handsOn(_ use: ExprSyntax) -> Bool {
        var node = Syntax(use)
        while let parent = node.parent,
            parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
        {
            node = parent
        }
        guard let parent = node.parent else { return true }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id { return false }
        // `type(of: context)` asks for the class and gives the context to nobody.
        if let argument = parent.as(LabeledExprSyntax.self), argument.label?.text == "of",
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "type"
        {
            return false
        }
        // `context ?? other`, `c ? context : other`: the context is the choice's value, and goes
        // wherever the choice goes.
        if let ternary = parent.as(TernaryExprSyntax.self), ternary.thenExpression.id == node.id || ternary.elseExpression.id == node.id {
            return handsOn(ExprSyntax(ternary))
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self) {
            if infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" { return handsOn(ExprSyntax(infix)) }
            if infix.operator.is(AssignmentExprSyntax.self), infix.leftOperand.id == node.id {
                // A new context replaces it; `nil` releases it and gives it to nobody.
                let value = SyntaxQueries.unwrapTransparent(infix.rightOperand)
                return !isNewContext(infix.rightOperand) && !value.is(NilLiteralExprSyntax.self) && !isLocalNewContext(value)
            }
            if let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" || op == "===" || op == "!==" {
                let other = infix.leftOperand.id == node.id ? infix.rightOperand : infix.leftOperand
                if other.is(NilLiteralExprSyntax.self) { return false }
            }
        }
        return true
    }

}

/// Every `DeclReferenceExpr` under a node.
final class ReferenceCollector: SyntaxVisitor {
    var references: [DeclReferenceExprSyntax] = []

    static func references(in node: some SyntaxProtocol) -> [DeclReferenceExprSyntax] {
        let collector = ReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.references
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        references.append(node)
        return .visitChildren
    }
}

