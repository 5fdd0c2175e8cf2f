import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

// The Objective-C front end's reading of `-[LAContext evaluatePolicy:localizedReason:reply:]`
// into the LocalAuthentication checks' model (`PolicyEvaluation`, `EvaluatedContext`): what the
// reply block does with the BOOL and the error, and which context the message is sent to and
// whether any use of it hands it on.

extension ObjCRuleContext {
    public func policyEvaluation(_ call: ProgramCall) -> PolicyEvaluation? {
        guard let site = ObjCPolicyEvaluations.site(of: call, in: self), site.kind == .message, let receiver = site.receiver
        else { return nil }
        let outcome: PolicyOutcome = site.argument(labelled: "reply").map { ObjCPolicyEvaluations.outcome(of: $0, at: site, in: resolver) } ?? .unread
        return PolicyEvaluation(
            call: call, policy: call.argument(0), reason: call.argument(labeled: "localizedReason"), outcome: outcome,
            receiverText: ObjCValueResolver.shortText(resolver.text(receiver.strippingCastsAndParentheses.range)),
            passcodePolicySpelling: "LAPolicyDeviceOwnerAuthentication")
    }

    public func evaluatedContext(_ evaluation: PolicyEvaluation) -> EvaluatedContext {
        guard let site = ObjCPolicyEvaluations.site(of: evaluation.call, in: self), let receiver = site.receiver else { return .unnamed }
        let stripped = receiver.strippingCastsAndParentheses
        if ["self", "super"].contains(stripped.identifierName) {
            // `[self evaluatePolicy:…]` in a category of LAContext: the context is whichever one
            // the method is sent to, so it is judged at the senders.
            guard case .method("LAContext", let selector, false)? = site.owner else { return .unfollowed }
            return .senders(method: selector, ObjCPolicyEvaluations.senders(of: selector, in: self))
        }
        var undecided: (chosen: String, unfollowed: String)?
        guard let identity = ObjCPolicyEvaluations.identity(of: stripped, at: site, in: resolver, scan: scan, undecided: &undecided) else {
            return undecided.map { .undecided(chosen: $0.chosen, unfollowed: $0.unfollowed) } ?? .unfollowed
        }
        let story = ObjCPolicyEvaluations.story(of: identity, in: resolver, scan: scan)
        if story.isHandedOn, let store = ObjCPolicyEvaluations.undecidedStore(of: identity, in: resolver, scan: scan) {
            return .undecided(chosen: store.chosen, unfollowed: store.unfollowed)
        }
        return .receiver(story)
    }

    /// Objective-C writes a policy as a constant or a number; in the model's terms it is
    /// `LAPolicy`'s member (see `ObjCLocalAuthentication.policy`).
    public func localAuthenticationPolicy(_ value: Value) -> Value {
        ObjCLocalAuthentication.policy(value)
    }
}

/// How the Objective-C front end reads an evaluation and its context.
enum ObjCPolicyEvaluations {
    private struct SitesKey: Hashable {}

    /// The call site of the file behind a call handed over (its owner, its arguments as parsed).
    static func site(of call: ProgramCall, in context: ObjCRuleContext) -> ObjCCallSite? {
        guard case .objectiveC(let expression) = call.expression else { return nil }
        let sites = context.memo(SitesKey()) {
            Dictionary(context.resolver.tree.calls(named: ObjCLocalAuthentication.evaluateSelector).map { ($0.range, $0) }) { first, _ in first }
        }
        return sites[expression.range]
    }

    /// The story of a named context: where it comes from and whether it is handed on.
    static func story(of identity: ContextIdentity, in file: ObjCValueResolver, scan: ScanContext) -> ContextStory {
        guard !isHandedOn(identity, in: file, scan: scan) else { return ContextStory(origin: identity.origin, isHandedOn: true) }
        let untold = properties(of: identity, in: file, scan: scan).flatMap { property -> [String] in
            guard case .property(let name?, _, let owner) = property else { return [] }
            return instanceReads(ofProperty: name, owner: owner, scan: scan).untold(property: name, owner: owner)
        }
        return ContextStory(origin: identity.origin, isHandedOn: false, untold: untold)
    }

    /// The properties whose uses are judged with the context: the property itself, those a
    /// choice may be, and those of `self` a local is kept in.
    static func properties(of identity: ContextIdentity, in file: ObjCValueResolver, scan: ScanContext) -> [ContextIdentity] {
        switch identity {
        case .fresh:
            return []
        case .property:
            return [identity]
        case .chosen(_, _, _, _, _, let properties, _):
            return properties
        case .local(let name, let body, let declared), .made(let name, let body, let declared, _):
            return storedProperties(of: name, in: body, after: declared, file: file, scan: scan)
        case .parameter(let name, let body, _):
            return storedProperties(of: name, in: body, after: body.range.start.offset, file: file, scan: scan)
        }
    }

    /// The properties of `self` a local or parameter is kept in, after `declared`.
    private static func storedProperties(of name: String, in body: ObjCBody, after declared: Int, file: ObjCValueResolver, scan: ScanContext)
        -> [ContextIdentity]
    {
        guard case .method(let owner, _, false) = body.owner else { return [] }
        var stored: Set<String> = []
        ObjCLocalAuthentication.forEachExpression(in: body.body) { use, ancestors in
            guard use.identifierName == name, use.range.start.offset > declared,
                let property = propertyStored(use, ancestors: ancestors)
            else { return }
            stored.insert(property)
        }
        let facts = classFacts(owner, from: file, scan: scan)
        return stored.sorted().compactMap { property in facts.properties[property].map { .property(property: property, ivar: $0, owner: owner) } }
    }

    /// What a reply block does with its parameters (read into the model of its code).
    static func use(of block: ObjCBlockLiteral, in file: ObjCValueResolver) -> ReplyUse {
        let (success, error) = ObjCLocalAuthentication.parameterNames(of: block)
        return ReplyOutcomeReading.use(of: ObjCBodies(resolver: file).statements(block.body), success: success, error: error)
    }

    enum ContextIdentity {
        /// `[[LAContext alloc] init]` or `[LAContext new]` as the receiver: nobody else can see it.
        case fresh(text: String)
        /// A local initialised with a new context (declared at `declared`); its uses are searched
        /// in `body` after the declaration.
        case local(name: String, body: ObjCBody, declared: Int)
        /// A local initialised by a method or function of the file that returns a new context on
        /// some path (`LAContext *context = [self unlockContext];`).
        case made(name: String, body: ObjCBody, declared: Int, factory: String)
        /// A property (or only an instance variable, `property` nil) of `owner`, backed by `ivar`.
        case property(property: String?, ivar: String, owner: String)
        /// A local initialised with a choice of contexts (`self.context ?: [[LAContext alloc] init]`,
        /// `_cached ? _cached : [self unlockContext]`), each a new context or a property of the class
        /// (`properties`, judged with it), whose initializer is at `choice`.
        case chosen(name: String, body: ObjCBody, declared: Int, written: String, choice: ObjCSourceRange, properties: [ContextIdentity], allNew: Bool)
        /// A parameter of the method `body` that every message of the app's code sending
        /// `selector` fills with a new context; its uses are searched in `body` like a local's.
        case parameter(name: String, body: ObjCBody, selector: String)

        /// In the model's terms.
        var origin: ContextOrigin {
            switch self {
            case .fresh(let text): .fresh(written: text)
            case .local(let name, _, _): .local(name: name)
            case .made(let name, _, _, let factory): .made(name: name, factory: factory)
            case .property(let property?, _, _): .property(name: property)
            case .property(nil, let ivar, _): .instanceVariable(name: ivar)
            // Every value a new context: the local is as one initialised with it.
            case .chosen(let name, _, _, _, _, _, true): .local(name: name)
            case .chosen(let name, _, _, let written, _, _, false): .chosen(name: name, written: written)
            case .parameter(let name, _, let selector): .passedNew(name: name, function: selector)
            }
        }
    }

    // MARK: - What does the reply do with the outcome?

    /// The reply block written at the call, or a local block variable, is read; a block parameter
    /// of the enclosing function or method (`reply:completion`) hands the BOOL to the caller.
    static func outcome(of reply: ObjCExpr, at call: ObjCCallSite, in file: ObjCValueResolver) -> PolicyOutcome {
        let reply = reply.strippingCastsAndParentheses
        switch reply.kind {
        case .block(let block):
            return .reply(use(of: block, in: file))
        case .identifier(let name):
            guard let body = file.body(containing: call.range.start.offset) else { return .unread }
            if let declaration = lastDeclaration(of: name, in: body, before: call.range.start.offset) {
                guard let initializer = declaration.initializer?.strippingCastsAndParentheses,
                      case .block(let block) = initializer.kind else { return .unread }
                return .reply(use(of: block, in: file))
            }
            return body.parameterNames.contains(name) && isBlockParameter(name, of: body.owner, in: file.tree) ? .forwardedToCaller : .unread
        default:
            return .unread
        }
    }

    /// The last declaration of the local `name` in `body` before `offset`.
    static func lastDeclaration(of name: String, in body: ObjCBody, before offset: Int) -> ObjCDeclarator? {
        body.localBindings.last { binding in
            guard binding.range.start.offset < offset, case .declaration(let declarator, _) = binding.kind else { return false }
            return declarator.name == name
        }.flatMap { binding in
            if case .declaration(let declarator, _) = binding.kind { return declarator }
            return nil
        }
    }

    /// A parameter whose type is a block, written out or through a `typedef` of the file.
    static func isBlockParameter(_ name: String, of owner: ObjCBodyOwner, in tree: ObjCSyntaxTree) -> Bool {
        var typedefs: Set<String> = []
        for item in tree.items {
            guard case .declaration(let declaration) = item.kind, declaration.isTypedef else { continue }
            for declarator in declaration.declarators where declarator.type.isBlock { typedefs.insert(declarator.name) }
        }
        func isBlock(_ type: ObjCTypeName?) -> Bool {
            guard let type else { return false }
            return type.isBlock || type.baseName.map(typedefs.contains) ?? false
        }
        switch owner {
        case .function(let function):
            return isBlock(tree.functions.first { $0.name == function }?.parameters.first { $0.name == name }?.type)
        case .method(let container, let selector, let isClassMethod):
            let method = tree.implementations(of: selector, in: container, isClassMethod: isClassMethod).first
            return isBlock(method?.parameters.first { $0.name == name }?.type)
        }
    }

    // MARK: - Which context?

    static func identity(of receiver: ObjCExpr, at call: ObjCCallSite, in file: ObjCValueResolver, scan: ScanContext) -> ContextIdentity? {
        var undecided: (chosen: String, unfollowed: String)?
        return identity(of: receiver, at: call, in: file, scan: scan, undecided: &undecided)
    }

    /// The context's identity; nil when it comes from code not followed, with `undecided` set
    /// when it is a choice of contexts one of which is not followed.
    static func identity(
        of receiver: ObjCExpr, at call: ObjCCallSite, in file: ObjCValueResolver, scan: ScanContext,
        undecided: inout (chosen: String, unfollowed: String)?
    ) -> ContextIdentity? {
        if ObjCLocalAuthentication.isNewContext(receiver) {
            return .fresh(text: ObjCValueResolver.shortText(file.text(receiver.range)))
        }
        let offset = call.range.start.offset
        let body = file.body(containing: offset)
        let owner: String? = if case .method(let container, _, false)? = call.owner { container } else { nil }
        switch receiver.kind {
        case .identifier(let name):
            if let body {
                // A parameter of a block around the call belongs to whoever calls the block.
                let around = ObjCLocalAuthentication.ancestors(of: call.range, in: body.body) ?? []
                for case .expression(let expression) in around {
                    if case .block(let block) = expression.kind, block.parameters.contains(where: { $0.name == name }) { return nil }
                }
                if let declaration = lastDeclaration(of: name, in: body, before: offset) {
                    guard let initializer = declaration.initializer else { return nil }
                    if ObjCLocalAuthentication.isNewContext(initializer) {
                        return .local(name: name, body: body, declared: declaration.range.start.offset)
                    }
                    if let factory = contextFactory(initializer, owner: call.owner, in: file) {
                        return .made(name: name, body: body, declared: declaration.range.start.offset, factory: factory)
                    }
                    let written = ObjCValueResolver.shortText(file.text(initializer.range))
                    switch choice(initializer, owner: call.owner, in: file, scan: scan, locals: (body, offset)) {
                    case .contexts(let factories, let properties)?:
                        return .chosen(
                            name: name, body: body, declared: declaration.range.start.offset, written: written,
                            choice: initializer.range, properties: properties, allNew: !factories && properties.isEmpty)
                    case .undecided(let side)?:
                        undecided = (written, side)
                        return nil
                    case nil:
                        return nil
                    }
                }
                // A parameter's context belongs to the caller, who may read the Keychain with it,
                // unless every sender makes a new one for the message.
                if let position = body.parameterNames.firstIndex(of: name) {
                    guard case .method(_, let selector, _) = body.owner,
                        !body.localBindings.contains(where: { $0.name == name }),
                        isNewAtEverySend(selector, parameter: position, in: file, scan: scan)
                    else { return nil }
                    return .parameter(name: name, body: body, selector: selector)
                }
            }
            guard let owner else { return nil }
            return propertyIdentity(ivar: name, owner: owner, in: file, scan: scan)
        case .member(let base, let name, let isArrow):
            guard let owner, base.strippingCastsAndParentheses.identifierName == "self" else { return nil }
            return isArrow
                ? propertyIdentity(ivar: name, owner: owner, in: file, scan: scan)
                : propertyIdentity(property: name, owner: owner, in: file, scan: scan)
        case .message(let message):
            guard let owner, message.receiver.strippingCastsAndParentheses.identifierName == "self",
                  message.pieces.count == 1, message.pieces[0].argument == nil else { return nil }
            return propertyIdentity(property: message.selector, owner: owner, in: file, scan: scan)
        default:
            return nil
        }
    }

    /// What the scan's Objective-C code says about a class: its properties with their instance
    /// variables, its other instance variables, and its implementations (this file's first).
    struct ClassFacts {
        var properties: [String: String] = [:]
        var instanceVariables: Set<String> = []
        var implementations: [(file: ObjCValueResolver, container: ObjCContainer)] = []
    }

    private struct ClassFactsKey: Hashable {
        let owner: String
    }

    /// Asked for the same class by the context's identity and by whether it is handed on: the
    /// class's other files are parsed once per asking file.
    static func classFacts(_ owner: String, from file: ObjCValueResolver, scan: ScanContext) -> ClassFacts {
        file.remember(ClassFactsKey(owner: owner)) { gatherClassFacts(owner, from: file, scan: scan) }
    }

    private static func gatherClassFacts(_ owner: String, from file: ObjCValueResolver, scan: ScanContext) -> ClassFacts {
        var facts = ClassFacts()
        // Only files that declare or implement the class (a header, a category) are parsed.
        let others = ObjCLocalAuthentication.objectiveCFiles(in: scan, mentioning: [owner], besides: file.path)
            .filter { index in
                let text = scan.index.text(at: index)
                return ByteSearch.contains(text, "@interface \(owner)") || ByteSearch.contains(text, "@implementation \(owner)")
            }
            .map { ObjCLocalAuthentication.parsed($0, in: scan) }
        for resolver in [file] + others {
            for container in resolver.tree.containers where container.name == owner {
                var synthesized: [String: String] = [:]
                for entry in container.synthesized where !entry.isDynamic {
                    synthesized[entry.property] = entry.instanceVariable ?? entry.property
                }
                for property in container.properties {
                    for name in property.names where facts.properties[name] == nil { facts.properties[name] = "_" + name }
                }
                for (property, ivar) in synthesized { facts.properties[property] = ivar }
                for declaration in container.instanceVariables {
                    for declarator in declaration.declarators { facts.instanceVariables.insert(declarator.name) }
                }
                switch container.kind {
                case .implementation, .categoryImplementation: facts.implementations.append((resolver, container))
                default: break
                }
            }
        }
        return facts
    }

    static func propertyIdentity(property name: String, owner: String, in file: ObjCValueResolver, scan: ScanContext) -> ContextIdentity? {
        let facts = classFacts(owner, from: file, scan: scan)
        guard let ivar = facts.properties[name], getterKeepsIvar(name, ivar: ivar, facts: facts) else { return nil }
        return .property(property: name, ivar: ivar, owner: owner)
    }

    static func propertyIdentity(ivar: String, owner: String, in file: ObjCValueResolver, scan: ScanContext) -> ContextIdentity? {
        let facts = classFacts(owner, from: file, scan: scan)
        if let property = facts.properties.first(where: { $0.value == ivar })?.key {
            guard getterKeepsIvar(property, ivar: ivar, facts: facts) else { return nil }
            return .property(property: property, ivar: ivar, owner: owner)
        }
        guard facts.instanceVariables.contains(ivar) else { return nil }
        return .property(property: nil, ivar: ivar, owner: owner)
    }

    /// A getter the class writes itself returns only its instance variable or a new context (a
    /// lazy getter); one that returns something else makes the property someone else's context.
    static func getterKeepsIvar(_ property: String, ivar: String, facts: ClassFacts) -> Bool {
        for (_, container) in facts.implementations {
            for method in container.methods where method.selector == property && !method.isClassMethod {
                guard let body = method.body else { continue }
                var keeps = true
                body.walk(ObjCVisitor(statement: { statement, walk in
                    guard walk.blockDepth == 0, case .return(let value) = statement.kind else { return }
                    guard let value else { keeps = false; return }
                    if ObjCLocalAuthentication.isNewContext(value) || isInstanceVariable(value, named: ivar) { return }
                    keeps = false
                }), owner: nil)
                if !keeps { return false }
            }
        }
        return true
    }

    static func isInstanceVariable(_ expression: ObjCExpr, named ivar: String) -> Bool {
        let stripped = expression.strippingCastsAndParentheses
        if stripped.identifierName == ivar { return true }
        if case .member(_, ivar, true) = stripped.kind { return true }
        return false
    }

    /// `[self unlockContext]`, `unlockContext()`: a call without arguments of a method of the
    /// same class (or a function) of this file that returns a new context on at least one path,
    /// `[[LAContext alloc] init]` or a local initialised with it that the helper only configures.
    /// On that path the context is the caller's alone, whatever the helper returns on others.
    /// Returns the call as written.
    static func contextFactory(_ expression: ObjCExpr, owner: ObjCBodyOwner?, in file: ObjCValueResolver) -> String? {
        let call = expression.strippingCastsAndParentheses
        let factory: ObjCBody?
        switch call.kind {
        case .message(let message):
            guard message.pieces.count == 1, message.pieces[0].argument == nil,
                  case .method(let container, _, let isClassMethod)? = owner else { return nil }
            let receiver = message.receiver.strippingCastsAndParentheses.identifierName
            let classMessage = receiver == container || receiver == "self" && isClassMethod
            guard receiver == "self" || classMessage else { return nil }
            let candidates = file.tree.bodies.filter {
                $0.owner == .method(container: container, selector: message.selector, isClassMethod: classMessage)
            }
            factory = candidates.count == 1 ? candidates[0] : nil
        case .call(let function):
            guard function.arguments.isEmpty, let name = function.calleeName else { return nil }
            factory = file.tree.bodies.first { $0.owner == .function(name: name) }
        default:
            return nil
        }
        guard let factory else { return nil }
        var returned: [ObjCExpr] = []
        factory.body.walk(ObjCVisitor(statement: { statement, walk in
            if walk.blockDepth == 0, case .return(let value?) = statement.kind { returned.append(value) }
        }), owner: factory.owner)
        let text = ObjCValueResolver.shortText(file.text(call.range))
        for value in returned {
            if ObjCLocalAuthentication.isNewContext(value) { return text }
            guard let name = value.strippingCastsAndParentheses.identifierName,
                  let declaration = lastDeclaration(of: name, in: factory, before: value.range.start.offset),
                  let initializer = declaration.initializer, ObjCLocalAuthentication.isNewContext(initializer)
            else { continue }
            var handedOn = false
            ObjCLocalAuthentication.forEachExpression(in: factory.body) { use, ancestors in
                guard !handedOn, use.identifierName == name, use.range.start.offset > declaration.range.start.offset,
                      use.range != value.strippingCastsAndParentheses.range else { return }
                handedOn = ObjCLocalAuthentication.handsOn(use, ancestors: ancestors)
            }
            if !handedOn { return text }
        }
        return nil
    }

    /// What a choice of contexts can be.
    enum Choice {
        /// Each side is a new context (written there, or from a helper of the file) or a property
        /// of the class.
        case contexts(factories: Bool, properties: [ContextIdentity])
        /// Some side is a new context, and `side` (as written) one the front end does not follow.
        case undecided(side: String)
    }

    /// The contexts `a ?: b` or `c ? a : b` can be: each side a new context
    /// (`[[LAContext alloc] init]`, `[LAContext new]`, a helper of the file that makes one), a
    /// property or instance variable of the class (`self.context`, `[self context]`, `_context`),
    /// `nil`, or a choice itself. Nil when the expression is no choice or no side is a new context.
    /// `locals`: the body the choice is written in and where, whose parameters and locals are no
    /// instance variables.
    static func choice(
        _ expression: ObjCExpr, owner: ObjCBodyOwner?, in file: ObjCValueResolver, scan: ScanContext, locals: (body: ObjCBody, at: Int)? = nil
    ) -> Choice? {
        guard case .conditional = expression.strippingCastsAndParentheses.kind else { return nil }
        let container: String? = if case .method(let container, _, false)? = owner { container } else { nil }
        var factories = false
        var fresh = false
        var properties: [ContextIdentity] = []
        var unfollowed: String?
        func side(_ expression: ObjCExpr) {
            let value = expression.strippingCastsAndParentheses
            if case .conditional(let condition, let then, let otherwise) = value.kind {
                side(then ?? condition)
                side(otherwise)
                return
            }
            if ObjCLocalAuthentication.isNull(value) { return }
            if ObjCLocalAuthentication.isNewContext(value) {
                fresh = true
                return
            }
            if contextFactory(value, owner: owner, in: file) != nil {
                factories = true
                return
            }
            if let name = value.identifierName, let locals,
               locals.body.parameterNames.contains(name) || lastDeclaration(of: name, in: locals.body, before: locals.at) != nil
            {
                if unfollowed == nil { unfollowed = name }
                return
            }
            if let container, let property = propertySide(value, owner: container, in: file, scan: scan) {
                properties.append(property)
                return
            }
            if unfollowed == nil { unfollowed = ObjCValueResolver.shortText(file.text(value.range)) }
        }
        side(expression)
        guard fresh || factories else { return nil }
        if let unfollowed { return .undecided(side: unfollowed) }
        return .contexts(factories: factories, properties: properties)
    }

    /// `self.context`, `[self context]`, `_context`, `self->_context`: a property or instance
    /// variable of the class (a name the caller has found to be no local or parameter).
    private static func propertySide(_ value: ObjCExpr, owner: String, in file: ObjCValueResolver, scan: ScanContext) -> ContextIdentity? {
        switch value.kind {
        case .identifier(let name):
            return propertyIdentity(ivar: name, owner: owner, in: file, scan: scan)
        case .member(let base, let name, let isArrow):
            guard base.strippingCastsAndParentheses.identifierName == "self" else { return nil }
            return isArrow
                ? propertyIdentity(ivar: name, owner: owner, in: file, scan: scan)
                : propertyIdentity(property: name, owner: owner, in: file, scan: scan)
        case .message(let message):
            guard message.receiver.strippingCastsAndParentheses.identifierName == "self", message.pieces.count == 1,
                  message.pieces[0].argument == nil else { return nil }
            return propertyIdentity(property: message.selector, owner: owner, in: file, scan: scan)
        default:
            return nil
        }
    }

    // MARK: - Is the context handed on?

    /// Whether any use of the context may give it to other code (see `ObjCLocalAuthentication.handsOn`).
    static func isHandedOn(_ identity: ContextIdentity, in file: ObjCValueResolver, scan: ScanContext) -> Bool {
        switch identity {
        case .fresh:
            return false
        case .chosen(let name, let body, let declared, _, let choice, let properties, _):
            // The local's uses as a local's, and each property it may be, where reading the
            // property in the choice that makes this local is not handing it on.
            if isLocalHandedOn(name, body: body, declared: declared, in: file, scan: scan, besides: choice) { return true }
            for property in properties {
                guard case .property(let property, let ivar, let owner) = property else { return true }
                if isPropertyHandedOn(
                    property, ivar: ivar, owner: owner, facts: classFacts(owner, from: file, scan: scan), scan: scan,
                    ignoringStoresOf: (name, body.range), besides: (file.path, choice))
                {
                    return true
                }
            }
            return false
        case .local(let name, let body, let declared), .made(let name, let body, let declared, _):
            return isLocalHandedOn(name, body: body, declared: declared, in: file, scan: scan)
        case .parameter(let name, let body, _):
            return isLocalHandedOn(name, body: body, declared: body.range.start.offset, in: file, scan: scan)
        case .property(let property, let ivar, let owner):
            return isPropertyHandedOn(property, ivar: ivar, owner: owner, facts: classFacts(owner, from: file, scan: scan), scan: scan)
        }
    }

    /// A local's uses after its declaration; a property of `self` it is stored into is judged by
    /// the property's own uses (`besides`: the choice that initialised the local, whose reads of
    /// the property are not uses).
    private static func isLocalHandedOn(
        _ name: String, body: ObjCBody, declared: Int, in file: ObjCValueResolver, scan: ScanContext, besides choice: ObjCSourceRange? = nil
    ) -> Bool {
        var handedOn = false
        var storedInto: Set<String> = []
        ObjCLocalAuthentication.forEachExpression(in: body.body) { use, ancestors in
            guard !handedOn, use.identifierName == name, use.range.start.offset > declared,
                  ObjCLocalAuthentication.handsOn(use, ancestors: ancestors),
                  !isOnlyAsked(use, ancestors: ancestors, by: body.owner, in: file.tree) else { return }
            // Kept in a property of `self` (`self.context = context`, `[self setContext:context]`):
            // the property's own uses decide, where storing this local does not count.
            if let property = propertyStored(use, ancestors: ancestors) { storedInto.insert(property) } else { handedOn = true }
        }
        if handedOn { return true }
        guard !storedInto.isEmpty else { return false }
        guard case .method(let owner, _, false) = body.owner else { return true }
        let facts = classFacts(owner, from: file, scan: scan)
        for property in storedInto.sorted() {
            guard let ivar = facts.properties[property],
                  !isPropertyHandedOn(
                    property, ivar: ivar, owner: owner, facts: facts, scan: scan, ignoringStoresOf: (name, body.range),
                    besides: choice.map { (file.path, $0) })
            else { return true }
        }
        return false
    }

    /// `[self biometryAvailable:context]`: a use that is an argument of a message to `self` (or,
    /// in a class method, to its class) whose method this file implements and only asks the
    /// context it receives: every use of the parameter there sends it a message or reads its
    /// members, compares it with nil, or gives it to another such method, up to
    /// `SwiftPolicyEvaluations.maximumAskingDepth` messages deep, and it does read it. The context then goes to nobody;
    /// a method of another file or another receiver is a hand-off, as before.
    static func isOnlyAsked(
        _ use: ObjCExpr, ancestors: [ObjCAncestor], by owner: ObjCBodyOwner, in tree: ObjCSyntaxTree, depth: Int = 1
    ) -> Bool {
        guard depth <= SwiftPolicyEvaluations.maximumAskingDepth, case .method(let container, _, let isClassMethod) = owner else { return false }
        let (node, parent) = ObjCLocalAuthentication.unwrapped(use, ancestors: ancestors)
        guard case .expression(let expression)? = parent, case .message(let message) = expression.kind,
              let position = message.pieces.firstIndex(where: { $0.argument?.range == node.range })
        else { return false }
        let receiver = message.receiver.strippingCastsAndParentheses.identifierName
        guard receiver == "self" || (isClassMethod && receiver == container) else { return false }
        let methods = tree.implementations(of: message.selector, in: container, isClassMethod: isClassMethod)
        guard methods.count == 1, let method = methods.first, let body = method.body, position < method.parameters.count
        else { return false }
        let parameter = method.parameters[position].name
        let calleeOwner = ObjCBodyOwner.method(container: container, selector: method.selector, isClassMethod: isClassMethod)
        var asksOnly = true
        var uses = 0
        ObjCLocalAuthentication.forEachExpression(in: body) { inner, innerAncestors in
            guard asksOnly, inner.identifierName == parameter else { return }
            uses += 1
            guard ObjCLocalAuthentication.handsOn(inner, ancestors: innerAncestors) else { return }
            asksOnly = isOnlyAsked(inner, ancestors: innerAncestors, by: calleeOwner, in: tree, depth: depth + 1)
        }
        // A method that never reads its parameter is a stub (an override may read it).
        return asksOnly && uses > 0
    }

    /// The property of `self` a use is stored into, when it is the whole value of
    /// `self.name = use` or the argument of `[self setName:use]`.
    static func propertyStored(_ use: ObjCExpr, ancestors: [ObjCAncestor]) -> String? {
        let (node, parent) = ObjCLocalAuthentication.unwrapped(use, ancestors: ancestors)
        guard case .expression(let expression)? = parent else { return nil }
        switch expression.kind {
        case .assignment(.assign, let target, let value) where value.range == node.range:
            guard case .member(let base, let name, false) = target.strippingCastsAndParentheses.kind,
                  base.strippingCastsAndParentheses.identifierName == "self" else { return nil }
            return name
        case .message(let message) where message.receiver.strippingCastsAndParentheses.identifierName == "self":
            guard message.pieces.count == 1, message.pieces[0].argument?.range == node.range,
                  message.selector.hasPrefix("set"), message.selector.hasSuffix(":"), message.selector.count > 4 else { return nil }
            let name = message.selector.dropFirst(3).dropLast()
            return name.prefix(1).lowercased() + name.dropFirst()
        default:
            return nil
        }
    }

    /// Every use of the property in the class's implementations, in this file and the scan's other
    /// Objective-C files: `x.name`, `[x name]`, `[x setName:…]`, `_ivar`, `x->_ivar`. Any receiver
    /// counts (`weakSelf.context` is the property too), so that no alias hides a use.
    /// `ignoringStoresOf`: a local (by name, in the body at `range`) whose stores into the property
    /// are not hand-ons (its own uses are judged by the caller). Then the property's reads on an
    /// instance of the class in other code (`instanceReads`).
    static func isPropertyHandedOn(
        _ property: String?, ivar: String, owner: String, facts: ClassFacts, scan: ScanContext,
        ignoringStoresOf stored: (local: String, range: ObjCSourceRange)? = nil, besides choice: (path: String, range: ObjCSourceRange)? = nil,
        excusingStore: ((_ value: ObjCExpr, _ file: ObjCValueResolver, _ owner: ObjCBodyOwner) -> Bool)? = nil
    ) -> Bool {
        func isInChoice(_ use: ObjCExpr, in path: String) -> Bool {
            guard let choice, choice.path == path else { return false }
            return use.range.start.offset >= choice.range.start.offset && use.range.end.offset <= choice.range.end.offset
        }
        func isStoreOfLocal(_ value: ObjCExpr) -> Bool {
            guard let stored, value.strippingCastsAndParentheses.identifierName == stored.local else { return false }
            return value.range.start.offset >= stored.range.start.offset && value.range.end.offset <= stored.range.end.offset
        }
        let setter = property.map { "set" + $0.prefix(1).uppercased() + $0.dropFirst() + ":" }
        for (implementationFile, container) in facts.implementations {
            for method in container.methods {
                guard let body = method.body else { continue }
                let isGetter = method.selector == property && !method.isClassMethod
                let parameters = Set(method.parameters.map(\.name))
                var handedOn = false
                let owner = ObjCBodyOwner.method(container: container.name, selector: method.selector, isClassMethod: method.isClassMethod)
                // A helper of the class that makes a new context (`self.context = [self makeContext]`).
                func isMade(_ value: ObjCExpr) -> Bool {
                    contextFactory(value, owner: owner, in: implementationFile) != nil
                }
                // The value assigned when the use is the assignment's target.
                func assigned(to use: ObjCExpr, ancestors: [ObjCAncestor]) -> ObjCExpr? {
                    guard case .expression(let parent)? = ObjCLocalAuthentication.unwrapped(use, ancestors: ancestors).parent,
                          case .assignment(.assign, let target, let value) = parent.kind, target.range == use.range else { return nil }
                    return value
                }
                // The target of `= the local being judged` or `= a new context from a helper`.
                func isAssignedNewContext(_ use: ObjCExpr, ancestors: [ObjCAncestor]) -> Bool {
                    guard let value = assigned(to: use, ancestors: ancestors) else { return false }
                    return isStoreOfLocal(value) || isMade(value)
                }
                func isExcused(_ value: ObjCExpr?) -> Bool {
                    guard let value, let excusingStore else { return false }
                    return excusingStore(value, implementationFile, owner)
                }
                ObjCLocalAuthentication.forEachExpression(in: body) { use, ancestors in
                    guard !handedOn, !isInChoice(use, in: implementationFile.path) else { return }
                    switch use.kind {
                    case .member(_, let name, let isArrow) where isArrow ? name == ivar : name == property:
                        if isAssignedNewContext(use, ancestors: ancestors) { return }
                        handedOn = ObjCLocalAuthentication.handsOn(use, ancestors: ancestors)
                            && !isExcused(assigned(to: use, ancestors: ancestors))
                            && !isOnlyAsked(use, ancestors: ancestors, by: owner, in: implementationFile.tree)
                    case .message(let message) where property != nil && message.selector == property:
                        handedOn = ObjCLocalAuthentication.handsOn(use, ancestors: ancestors)
                            && !isOnlyAsked(use, ancestors: ancestors, by: owner, in: implementationFile.tree)
                    case .message(let message) where setter != nil && message.selector == setter:
                        handedOn = !(message.pieces.first?.argument.map {
                            ObjCLocalAuthentication.isNewContext($0) || ObjCLocalAuthentication.isNull($0)
                                || isStoreOfLocal($0) || isMade($0) || isExcused($0)
                        } ?? false)
                    case .identifier(ivar) where !parameters.contains(ivar):
                        // The lazy getter returns its own instance variable: its callers are the
                        // uses judged here.
                        if isGetter, case .statement(let statement)? = ObjCLocalAuthentication.unwrapped(use, ancestors: ancestors).parent,
                           case .return = statement.kind { return }
                        if isAssignedNewContext(use, ancestors: ancestors) { return }
                        handedOn = ObjCLocalAuthentication.handsOn(use, ancestors: ancestors)
                            && !isExcused(assigned(to: use, ancestors: ancestors))
                            && !isOnlyAsked(use, ancestors: ancestors, by: owner, in: implementationFile.tree)
                    default:
                        return
                    }
                }
                if handedOn { return true }
            }
        }
        // Other code that holds an instance of the class and hands its context on
        // (`ReadToken(self.authenticator.context)`).
        return property.map { instanceReads(ofProperty: $0, owner: owner, scan: scan).handOn } ?? false
    }

    // MARK: - Reads on instances of the class

    /// The reads of the property `property` of `owner` on an instance other code holds
    /// (`authenticator.context`, `self.authenticator.context`, `[self.authenticator context]`), in
    /// the first `InstanceContextReads.maximumFiles` Objective-C files that mention the property and
    /// the class. The class's own methods are left out: every use there is the class's own, judged
    /// whatever the receiver.
    static func instanceReads(ofProperty property: String, owner: String, scan: ScanContext) -> InstanceContextReads {
        scan.fact(ScanFact<InstanceContextReads>("objc.local_authentication.instance_reads.\(owner).\(property)")) {
            let files = ObjCLocalAuthentication.objectiveCFiles(in: scan, mentioning: [owner, property])
            let parsed = files.prefix(InstanceContextReads.maximumFiles).map { ObjCLocalAuthentication.parsed($0, in: scan) }
            // A receiver declared as the class's superclass may be an instance of the class
            // (`id<Authenticating>` is no class, so not known either): which one cannot be told.
            let superclasses = Set(parsed.flatMap { file in
                file.tree.containers.filter { className($0.name) == owner }.compactMap(\.superclass)
            })
            var reads: [InstanceContextRead] = []
            for file in parsed {
                for body in file.tree.bodies {
                    if case .method(let container, _, _) = body.owner, className(container) == owner { continue }
                    ObjCLocalAuthentication.forEachExpression(in: body.body) { expression, ancestors in
                        let receiver: ObjCExpr
                        switch expression.kind {
                        case .member(let base, property, false):
                            receiver = base
                        case .message(let message) where message.selector == property:
                            receiver = message.receiver
                        default:
                            return
                        }
                        // `self.context` in another class is that class's property.
                        guard !["self", "super"].contains(receiver.strippingCastsAndParentheses.identifierName) else { return }
                        let kind: InstanceContextRead.Receiver =
                            switch receiverClass(of: receiver, in: body, file: file, scan: scan) {
                            case owner?: .owner
                            case let declared? where superclasses.contains(declared): .unknown
                            case .some: .other
                            case nil: .unknown
                            }
                        reads.append(
                            InstanceContextRead(
                                receiver: kind, handsOn: ObjCLocalAuthentication.handsOn(expression, ancestors: ancestors),
                                written: ObjCValueResolver.shortText(file.text(expression.range)),
                                place: "\(file.path.split(separator: "/").last.map(String.init) ?? file.path):\(expression.range.start.line)"))
                    }
                }
            }
            return InstanceContextReads(reads: reads, filesLeftOut: max(0, files.count - InstanceContextReads.maximumFiles))
        }
    }

    /// `Authenticator` for the container `Authenticator (Unlock)`.
    private static func className(_ container: String) -> String {
        String(container.prefix { $0 != " " && $0 != "(" })
    }

    /// The class a receiver is declared with: a local or parameter of `body` (`Authenticator
    /// *authenticator`), a property or instance variable of the class `body` belongs to
    /// (`self.authenticator`, `_authenticator`, `[self authenticator]`), or a property of such a
    /// receiver (`self.session.authenticator`), declared in the reading file or one of the first
    /// four other Objective-C files that name the class and the property. Nil when it is not
    /// written there or is no class (`id`, `id<Authenticating>`).
    static func receiverClass(of receiver: ObjCExpr, in body: ObjCBody, file: ObjCValueResolver, scan: ScanContext) -> String? {
        let receiver = receiver.strippingCastsAndParentheses
        let holder: String
        let member: String
        switch receiver.kind {
        case .identifier(let identifier):
            if let declarator = lastDeclaration(of: identifier, in: body, before: receiver.range.start.offset) {
                // `__weak typeof(self) weakSelf = self;`: the class whose method this is.
                if declarator.initializer?.strippingCastsAndParentheses.identifierName == "self",
                    case .method(let container, _, false) = body.owner
                {
                    return className(container)
                }
                return ObjCTypeName.className(declarator.type)
            }
            if let index = body.parameterNames.firstIndex(of: identifier) {
                return index < body.parameterTypes.count ? body.parameterTypes[index].flatMap(ObjCTypeName.className) : nil
            }
            guard case .method(let container, _, false) = body.owner else { return nil }
            (holder, member) = (className(container), identifier.hasPrefix("_") ? String(identifier.dropFirst()) : identifier)
        case .member(let base, let name, let isArrow):
            let property = isArrow && name.hasPrefix("_") ? String(name.dropFirst()) : name
            if ["self", "super"].contains(base.strippingCastsAndParentheses.identifierName) {
                guard case .method(let container, _, false) = body.owner else { return nil }
                (holder, member) = (className(container), property)
            } else {
                guard let outer = receiverClass(of: base, in: body, file: file, scan: scan) else { return nil }
                (holder, member) = (outer, property)
            }
        case .message(let message) where message.pieces.count == 1 && message.pieces[0].argument == nil:
            if ["self", "super"].contains(message.receiver.strippingCastsAndParentheses.identifierName) {
                guard case .method(let container, _, false) = body.owner else { return nil }
                (holder, member) = (className(container), message.selector)
            } else {
                guard let outer = receiverClass(of: message.receiver, in: body, file: file, scan: scan) else { return nil }
                (holder, member) = (outer, message.selector)
            }
        default:
            return nil
        }
        let files = [file] + ObjCLocalAuthentication.objectiveCFiles(in: scan, mentioning: [holder, member], besides: file.path)
            .prefix(4).map { ObjCLocalAuthentication.parsed($0, in: scan) }
        for candidate in files {
            for container in candidate.tree.containers where className(container.name) == holder {
                for declaration in container.properties.map(\.declaration) + container.instanceVariables {
                    for declarator in declaration.declarators where declarator.name == member || declarator.name == "_" + member {
                        return ObjCTypeName.className(declarator.type)
                    }
                }
            }
        }
        return nil
    }

    /// A property whose only uses that hand it on are stores of a choice one side of which is not
    /// followed (`self.context = injected ?: [[LAContext alloc] init]`): the first such choice as
    /// written, and that side.
    static func undecidedStore(of identity: ContextIdentity, in file: ObjCValueResolver, scan: ScanContext) -> (chosen: String, unfollowed: String)? {
        guard case .property(let property, let ivar, let owner) = identity else { return nil }
        var found: (chosen: String, unfollowed: String)?
        let handedOn = isPropertyHandedOn(property, ivar: ivar, owner: owner, facts: classFacts(owner, from: file, scan: scan), scan: scan) {
            value, store, method in
            guard case .undecided(let side)? = choice(value, owner: method, in: store, scan: scan) else { return false }
            if found == nil { found = (ObjCValueResolver.shortText(store.text(value.range)), side) }
            return true
        }
        return handedOn ? nil : found
    }

    // MARK: - A category of LAContext

    /// The senders of an `LAContext` category method (in this file, then the scan's other
    /// Objective-C files) whose context is named, among the first `EvaluatedContext.maximumSenders`.
    /// None when no code of the scan sends it (a library: the context is its user's).
    /// Whether every message of the app's Objective-C code sending `selector` passes a new
    /// context (`[[LAContext alloc] init]`, `[LAContext new]`) as its argument `parameter`.
    /// Messages from test code (which pass stubs) are not the app's paths. A selector no message
    /// of the scan sends (a library's, whose users may pass their own context), or sent more often
    /// than the resolver follows, is not judged.
    static func isNewAtEverySend(_ selector: String, parameter: Int, in file: ObjCValueResolver, scan: ScanContext) -> Bool {
        let firstPiece = String(selector.split(separator: ":").first ?? Substring(selector))
        let others = ObjCLocalAuthentication.objectiveCFiles(in: scan, mentioning: [firstPiece], besides: file.path)
        var sends = 0
        for sender in [file] + others.map({ ObjCLocalAuthentication.parsed($0, in: scan) }) where !scan.projectModel.isTestCode(sender.path) {
            for site in sender.tree.calls(named: selector) where site.kind == .message {
                sends += 1
                guard sends <= EvaluatedContext.maximumSenders, parameter < site.arguments.count,
                    ObjCLocalAuthentication.isNewContext(site.arguments[parameter].value)
                else { return false }
            }
        }
        return sends > 0
    }

    static func senders(of selector: String, in context: ObjCRuleContext) -> [ContextSender] {
        let firstPiece = String(selector.split(separator: ":").first ?? Substring(selector))
        let others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [firstPiece], besides: context.path)
        var senders = 0
        var named: [ContextSender] = []
        for file in [context.resolver] + others.map({ ObjCLocalAuthentication.parsed($0, in: context.scan) }) {
            for site in file.tree.calls(named: selector) where site.kind == .message {
                guard let receiver = site.receiver?.strippingCastsAndParentheses, !["self", "super"].contains(receiver.identifierName)
                else { continue }
                senders += 1
                if senders > EvaluatedContext.maximumSenders { return named }
                guard let identity = identity(of: receiver, at: site, in: file, scan: context.scan) else { continue }
                let story = story(of: identity, in: file, scan: context.scan)
                named.append(ContextSender(story: story, place: ObjCLocalAuthentication.place(site.range.start.line, in: file.path, from: context.path)))
                // The first sender never handed on is the one judged: the later ones are not read.
                if !story.isHandedOn { return named }
            }
        }
        return named
    }
}
