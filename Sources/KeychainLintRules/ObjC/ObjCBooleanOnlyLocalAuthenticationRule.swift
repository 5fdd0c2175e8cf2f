import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.boolean_only_local_authentication` — `swift.boolean_only_local_authentication`'s
/// judgement on Objective-C code: `-[LAContext evaluatePolicy:localizedReason:reply:]` whose reply
/// decides what runs next, on a context that is never handed on.
public struct ObjCBooleanOnlyLocalAuthenticationRule: ObjCRule {
    public static let calls = [ObjCLocalAuthentication.evaluateSelector]

    public init(options: [String: ConfigValue]) {}

    /// The `LAContext` a call is sent to, as far as the rule can name it.
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

        var description: String {
            switch self {
            case .fresh(let text): "the new `\(text)`"
            case .local(let name, _, _): "`\(name)`"
            case .made(let name, _, _, let factory): "`\(name)` (a new `LAContext` from `\(factory)`)"
            case .property(let property?, _, _): "the property `\(property)`"
            case .property(nil, let ivar, _): "the instance variable `\(ivar)`"
            }
        }

        var confidence: Confidence {
            switch self {
            case .fresh, .local: .high
            case .made, .property: .medium
            }
        }
    }

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .message, call.name == ObjCLocalAuthentication.evaluateSelector, let receiver = call.receiver,
              let reply = call.argument(labelled: "reply"), Self.replyGates(reply, at: call, in: context.resolver)
        else { return }
        let stripped = receiver.strippingCastsAndParentheses
        let described: String
        let confidence: Confidence
        if ["self", "super"].contains(stripped.identifierName) {
            // `[self evaluatePolicy:…]` in a category of LAContext: the context is whichever one
            // the method is sent to, so it is judged at the senders.
            guard case .method("LAContext", let selector, false)? = call.owner,
                  let caller = Self.callerContext(of: selector, in: context)
            else {
                noteUnfollowed(call, receiver: stripped, in: context)
                return
            }
            described = caller.description
            confidence = caller.identity.confidence
        } else {
            guard let identity = Self.identity(of: stripped, at: call, in: context.resolver, scan: context.scan) else {
                noteUnfollowed(call, receiver: stripped, in: context)
                return
            }
            guard !Self.isHandedOn(identity, in: context.resolver, scan: context.scan) else { return }
            described = identity.description
            confidence = identity.confidence
        }
        var passcodePolicy: String?
        if let policy = call.arguments.first?.value,
           context.resolve(policy).values.contains(where: { BooleanOnlyLocalAuthenticationJudgement.isPasscodePolicy(ObjCLocalAuthentication.policy($0.value)) }) {
            passcodePolicy = "LAPolicyDeviceOwnerAuthentication"
        }
        context.report(
            at: call.range,
            message: BooleanOnlyLocalAuthenticationJudgement.message(
                call: ObjCLocalAuthentication.evaluateSelector, context: described, passcodePolicy: passcodePolicy),
            confidence: confidence)
    }

    private func noteUnfollowed(_ call: ObjCCallSite, receiver: ObjCExpr, in context: ObjCRuleContext) {
        let location = context.resolver.location(call.range)
        context.note(
            ScanDiagnostic(
                kind: .unresolved, file: context.path, position: SourcePosition(line: location.line, column: location.column),
                message: "\(context.rule.id): the LAContext of evaluatePolicy:localizedReason:reply: comes from code the rule does not follow (`\(ObjCValueResolver.shortText(context.resolver.text(receiver.range)))`)"))
    }

    // MARK: - Does the result gate something?

    /// The reply block written at the call; a local block variable; or a block parameter of the
    /// enclosing function or method (`reply:completion` hands the BOOL to the caller, who acts on it).
    static func replyGates(_ reply: ObjCExpr, at call: ObjCCallSite, in file: ObjCValueResolver) -> Bool {
        let reply = reply.strippingCastsAndParentheses
        switch reply.kind {
        case .block(let block):
            return ObjCLocalAuthentication.blockGates(block)
        case .identifier(let name):
            guard let body = file.body(containing: call.range.start.offset) else { return false }
            if let declaration = lastDeclaration(of: name, in: body, before: call.range.start.offset) {
                guard let initializer = declaration.initializer?.strippingCastsAndParentheses,
                      case .block(let block) = initializer.kind else { return false }
                return ObjCLocalAuthentication.blockGates(block)
            }
            return body.parameterNames.contains(name) && isBlockParameter(name, of: body.owner, in: file.tree)
        default:
            return false
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
            let method = tree.methods.first {
                $0.containerName == container && $0.method.selector == selector && $0.method.isClassMethod == isClassMethod && $0.method.body != nil
            }
            return isBlock(method?.method.parameters.first { $0.name == name }?.type)
        }
    }

    // MARK: - Which context?

    static func identity(of receiver: ObjCExpr, at call: ObjCCallSite, in file: ObjCValueResolver, scan: ScanContext) -> ContextIdentity? {
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
                    return nil
                }
                // A parameter's context belongs to the caller, who may read the Keychain with it.
                if body.parameterNames.contains(name) { return nil }
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

    // MARK: - Is the context handed on?

    /// Whether any use of the context may give it to other code (see `ObjCLocalAuthentication.handsOn`).
    static func isHandedOn(_ identity: ContextIdentity, in file: ObjCValueResolver, scan: ScanContext) -> Bool {
        switch identity {
        case .fresh:
            return false
        case .local(let name, let body, let declared), .made(let name, let body, let declared, _):
            var handedOn = false
            ObjCLocalAuthentication.forEachExpression(in: body.body) { use, ancestors in
                guard !handedOn, use.identifierName == name, use.range.start.offset > declared else { return }
                handedOn = ObjCLocalAuthentication.handsOn(use, ancestors: ancestors)
            }
            return handedOn
        case .property(let property, let ivar, let owner):
            return isPropertyHandedOn(property, ivar: ivar, owner: owner, facts: classFacts(owner, from: file, scan: scan))
        }
    }

    /// Every use of the property in the class's implementations, in this file and the scan's other
    /// Objective-C files: `x.name`, `[x name]`, `[x setName:…]`, `_ivar`, `x->_ivar`. Any receiver
    /// counts (`weakSelf.context` is the property too), so that no alias hides a use.
    static func isPropertyHandedOn(_ property: String?, ivar: String, owner: String, facts: ClassFacts) -> Bool {
        let setter = property.map { "set" + $0.prefix(1).uppercased() + $0.dropFirst() + ":" }
        for (_, container) in facts.implementations {
            for method in container.methods {
                guard let body = method.body else { continue }
                let isGetter = method.selector == property && !method.isClassMethod
                let parameters = Set(method.parameters.map(\.name))
                var handedOn = false
                ObjCLocalAuthentication.forEachExpression(in: body) { use, ancestors in
                    guard !handedOn else { return }
                    switch use.kind {
                    case .member(_, let name, let isArrow) where isArrow ? name == ivar : name == property:
                        handedOn = ObjCLocalAuthentication.handsOn(use, ancestors: ancestors)
                    case .message(let message) where property != nil && message.selector == property:
                        handedOn = ObjCLocalAuthentication.handsOn(use, ancestors: ancestors)
                    case .message(let message) where setter != nil && message.selector == setter:
                        handedOn = !(message.pieces.first?.argument.map(ObjCLocalAuthentication.isNewContext) ?? false)
                    case .identifier(ivar) where !parameters.contains(ivar):
                        // The lazy getter returns its own instance variable: its callers are the
                        // uses judged here.
                        if isGetter, case .statement(let statement)? = ObjCLocalAuthentication.unwrapped(use, ancestors: ancestors).parent,
                           case .return = statement.kind { return }
                        handedOn = ObjCLocalAuthentication.handsOn(use, ancestors: ancestors)
                    default:
                        return
                    }
                }
                if handedOn { return true }
            }
        }
        return false
    }

    // MARK: - A category of LAContext

    /// Senders of a category method looked at, as many as the Swift rule looks at for an extension.
    static let maximumSenders = BooleanOnlyLocalAuthenticationRule.maximumCallersOfExtension

    /// The first sender of an `LAContext` category method (in this file or the scan's other
    /// Objective-C files) whose context the rule can name and that is never handed on, with words
    /// for the message. Nil when no code of the scan sends it (a library: the context is its user's).
    static func callerContext(of selector: String, in context: ObjCRuleContext) -> (identity: ContextIdentity, description: String)? {
        let firstPiece = String(selector.split(separator: ":").first ?? Substring(selector))
        let others = ObjCLocalAuthentication.objectiveCFiles(in: context.scan, mentioning: [firstPiece], besides: context.path)
        var senders = 0
        for file in [context.resolver] + others.map({ ObjCLocalAuthentication.parsed($0, in: context.scan) }) {
            for site in file.tree.calls(named: selector) where site.kind == .message {
                guard let receiver = site.receiver?.strippingCastsAndParentheses, !["self", "super"].contains(receiver.identifierName)
                else { continue }
                senders += 1
                if senders > maximumSenders { return nil }
                guard let identity = identity(of: receiver, at: site, in: file, scan: context.scan),
                      !isHandedOn(identity, in: file, scan: context.scan) else { continue }
                let place = ObjCLocalAuthentication.place(site.range.start.line, in: file.path, from: context.path)
                return (identity, "\(identity.description) (the LAContext `\(selector)` is called on, \(place))")
            }
        }
        return nil
    }

    public static let description = RuleDescription.objectiveC(
        of: BooleanOnlyLocalAuthenticationRule.description,
        summary:
            "-[LAContext evaluatePolicy:localizedReason:reply:]'s result decides what the app does, but the same LAContext never reaches a Keychain query or key operation, so the authentication is event-bound and can be bypassed by flipping a BOOL.",
        whatItDoes: """
            Flags `[context evaluatePolicy:… localizedReason:… reply:…]` in Objective-C when the reply \
            gates an action and the `LAContext` it ran on is never handed on. The reply gates an action \
            when its block reads its `success` parameter (in a condition, an assignment, or passed to a \
            completion block) or tests its `error` against nil (`error == nil`, `!error`, `if (error)`); \
            a reply given as a local block variable is read the same way, and a block parameter of the \
            enclosing method (`reply:completion`) hands the BOOL to the caller, who acts on it. The \
            context is handed on when it is used anywhere other than as the receiver of its own \
            messages and properties (`[context setLocalizedFallbackTitle:…]`, `context.biometryType`): \
            as the value of `kSecUseAuthenticationContext` in a dictionary (`@{…}`, `setObject:forKey:`, \
            a subscript, `CFDictionarySetValue`), as an argument, returned, or stored elsewhere. When the \
            policy is `LAPolicyDeviceOwnerAuthentication`, the message also says that it accepts the \
            device passcode.
            """,
        whatToDoInstead: """
            Store the secret with `SecAccessControlCreateWithFlags(…, kSecAccessControlBiometryCurrentSet, …)` \
            and read it with a query that carries the context: \
            `(__bridge id)kSecUseAuthenticationContext: context` (after `evaluatePolicy:…` to \
            pre-authenticate, or let `SecItemCopyMatching` prompt by itself). For keys, use a Secure \
            Enclave key whose access control requires biometry, and sign a server challenge with it. Use \
            `canEvaluatePolicy:error:` only to learn whether biometry is available.
            """,
        remediation:
            "Bind the authentication to a Keychain item or Secure Enclave key protected with kSecAccessControlBiometryCurrentSet and pass the LAContext with kSecUseAuthenticationContext, instead of trusting evaluatePolicy's BOOL.",
        notes: [
            "\"Same context\": for a local initialised with `[[LAContext alloc] init]` or `[LAContext new]`, every use of it after its declaration in the method or function (blocks inside it included) is checked; for a property or instance variable of the class (`self.context`, `[self context]`, `_context`, `self->_context`), every use in the class's `@implementation`s and categories in all the scan's Objective-C files, whatever the receiver (`weakSelf.context` counts, so no alias hides a use); for `[[LAContext alloc] init]` as the receiver itself the context cannot be used again, so it is never handed on.",
            "Objective-C properties have no initial value: a property is judged whatever its declared type, unless the class writes a getter that returns something other than its instance variable or a new context (a lazy getter `if (!_context) _context = [[LAContext alloc] init]; return _context;` keeps it the class's own). Assigning it anything but a new context (`self.context = context` from a parameter, `[self setContext:shared]`) counts as handing it on: someone else has it too.",
            "A context that is a parameter (of the method or of a block around the call), a global, or comes from another object (`manager.context`) is not judged: its owner may pass it to a Keychain query elsewhere. `--verbose` says so. A context from a method of the same class (or a function of the file) without arguments is judged when that helper returns a new context on some path.",
            "`[self evaluatePolicy:…]` in a category of LAContext runs on whatever context the method is sent to: it is judged at the senders in the scan's Objective-C files (the first whose context is named and never handed on is reported, at the `evaluatePolicy:` message); with no sender in the scan, nothing is reported. Subclasses of LAContext are not followed.",
            "Reading `success` only as an argument of a logging call (`NSLog`, `os_log…`, `printf`) or of a format method (`stringWithFormat:`) decides nothing and does not count, as `success` inside a Swift string does not. Objective-C tests an object against nil by its truth value, so `!error` and `if (error)` count as nil tests, like `error == nil`.",
            "Only Objective-C code is followed: a context handed to Swift code, or a category sent from Swift, is not seen.",
            "Confidence is high for a local or new context, medium for a property or a helper's context (other code may still reach it).",
        ],
        examples: examples)

    private static func message(_ context: String, passcode: Bool = false) -> String {
        BooleanOnlyLocalAuthenticationJudgement.message(
            call: ObjCLocalAuthentication.evaluateSelector, context: context,
            passcodePolicy: passcode ? "LAPolicyDeviceOwnerAuthentication" : nil)
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "A login gated by the reply's success flag",
            """
            @implementation LoginViewController
            - (void)authenticateWithBiometrics {
                LAContext *context = [[LAContext alloc] init];
                context.localizedFallbackTitle = @"Use PIN";
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics
                        localizedReason:@"Log in to InsecureBank"
                                  reply:^(BOOL success, NSError *error) {
                    dispatch_async(dispatch_get_main_queue(), ^{
                        if (success) {
                            [self showAccount];
                        } else {
                            [self showPINPad];
                        }
                    });
                }];
            }
            @end
            """,
            messages: [message("`context`")]),
        .triggeringObjC(
            "A new context with the passcode policy through a local, the BOOL forwarded to a completion block",
            """
            void authenticate(void (^completion)(BOOL)) {
                LAPolicy policy = LAPolicyDeviceOwnerAuthentication;
                ↓[[LAContext new] evaluatePolicy:policy localizedReason:@"Confirm the transfer" reply:^(BOOL ok, NSError *error) {
                    completion(ok);
                }];
            }
            """,
            messages: [message("the new `[LAContext new]`", passcode: true)]),
        .triggeringObjC(
            "A property with a lazy getter; the reply tests the error and reads the Keychain without the context",
            """
            @interface LockScreen ()
            @property (nonatomic, strong) LAContext *authContext;
            @end
            @implementation LockScreen
            - (LAContext *)authContext {
                if (!_authContext) {
                    _authContext = [[LAContext alloc] init];
                }
                return _authContext;
            }
            - (void)unlock {
                ↓[self.authContext evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                           reply:^(BOOL success, NSError *error) {
                    if (error != nil) {
                        return;
                    }
                    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                             (__bridge id)kSecReturnData: @YES };
                    SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                }];
            }
            - (void)configure {
                self.authContext.localizedCancelTitle = @"Not now";
                if (self.authContext.biometryType == LABiometryTypeFaceID) {
                    [self showFaceIDIcon];
                }
            }
            @end
            """,
            messages: [message("the property `authContext`")],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .triggeringObjC(
            "Replies by reference (a typedef'd completion parameter, a local block) and a context made by a helper",
            """
            typedef void (^UnlockCompletion)(BOOL success, NSError *error);
            @implementation Gate
            - (void)authenticate:(UnlockCompletion)completion {
                LAContext *context = [self unlockContext];
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm" reply:completion];
            }
            - (void)confirm {
                LAContext *context = [LAContext new];
                void (^handler)(BOOL, NSError *) = ^(BOOL granted, NSError *error) {
                    if (granted) {
                        [self openVault];
                    }
                };
                ↓[context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm" reply:handler];
            }
            - (LAContext *)unlockContext {
                LAContext *context = [[LAContext alloc] init];
                context.localizedFallbackTitle = @"Enter PIN";
                return context;
            }
            @end
            """,
            messages: [message("`context` (a new `LAContext` from `[self unlockContext]`)"), message("`context`")]),
        .triggering(
            "[self evaluatePolicy:…] in a category of LAContext: judged at the sender's context",
            files: [
                "LAContext+Unlock.m": """
                    @implementation LAContext (Unlock)
                    - (void)unlockWithReason:(NSString *)reason completion:(void (^)(BOOL))completion {
                        ↓[self evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:reason
                                       reply:^(BOOL success, NSError *error) {
                            completion(success);
                        }];
                    }
                    @end
                    """,
                "LockScreen.m": """
                    @implementation LockScreen
                    - (void)show {
                        LAContext *context = [[LAContext alloc] init];
                        [context unlockWithReason:@"Unlock" completion:^(BOOL ok) {
                            if (ok) {
                                [self openVault];
                            }
                        }];
                    }
                    @end
                    """,
            ],
            messages: [message("`context` (the LAContext `unlockWithReason:completion:` is called on, LockScreen.m:4)")]),
        .nonTriggeringObjC(
            "Pre-authentication: the evaluated context goes into the query (a literal, a mutable dictionary, a helper)",
            """
            @implementation TokenReader
            - (void)readToken {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Read your token"
                                  reply:^(BOOL success, NSError *error) {
                    if (!success) {
                        return;
                    }
                    NSDictionary *query = @{
                        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                        (__bridge id)kSecAttrAccount: @"token",
                        (__bridge id)kSecReturnData: @YES,
                        (__bridge id)kSecUseAuthenticationContext: context,
                    };
                    CFTypeRef item = NULL;
                    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &item);
                }];
            }
            - (void)readSession {
                LAContext *context = [LAContext new];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Read" reply:^(BOOL success, NSError *error) {
                    if (success) {
                        NSMutableDictionary *query = [self baseQuery];
                        query[(__bridge id)kSecUseAuthenticationContext] = context;
                        SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                    }
                }];
            }
            - (void)readKey {
                LAContext *context = [LAContext new];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign" reply:^(BOOL success, NSError *error) {
                    if (success) {
                        [self signChallengeWithContext:context];
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "A property context that another method of the class puts into a query",
            """
            @implementation Vault {
                LAContext *_context;
            }
            - (instancetype)init {
                if ((self = [super init])) {
                    _context = [[LAContext alloc] init];
                }
                return self;
            }
            - (void)unlock {
                [_context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Unlock" reply:^(BOOL success, NSError *error) {
                    if (success) {
                        [self loadSecrets];
                    }
                }];
            }
            - (void)loadSecrets {
                NSMutableDictionary *query = [self.baseQuery mutableCopy];
                [query setObject:_context forKey:(__bridge id)kSecUseAuthenticationContext];
                SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "A context from the caller or a block parameter, a reply that only logs, and canEvaluatePolicy",
            """
            void authenticate(LAContext *context) {
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Sign in"
                                  reply:^(BOOL success, NSError *error) {
                    if (success) {
                        proceed();
                    }
                }];
            }
            void withContext(void (^body)(LAContext *)) {}
            void warmUp(void) {
                withContext(^(LAContext *given) {
                    [given evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in" reply:^(BOOL success, NSError *error) {
                        if (success) {
                            proceed();
                        }
                    }];
                });
                LAContext *other = [[LAContext alloc] init];
                [other evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in" reply:^(BOOL success, NSError *error) {
                    NSLog(@"authentication finished: %d %@", success, error);
                }];
                NSError *availabilityError = nil;
                if ([[LAContext new] canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:&availabilityError]) {
                    showBiometricButton();
                }
            }
            """),
        .nonTriggering(
            "A category of LAContext whose senders read the Keychain with the context, or that no code sends",
            files: [
                "LAContext+Unlock.m": """
                    @implementation LAContext (Unlock)
                    - (void)unlockWithReason:(NSString *)reason completion:(void (^)(BOOL))completion {
                        [self evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:reason
                                       reply:^(BOOL success, NSError *error) {
                            completion(success);
                        }];
                    }
                    - (void)confirmWithReason:(NSString *)reason completion:(void (^)(BOOL))completion {
                        [self evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:reason reply:^(BOOL success, NSError *error) {
                            completion(success);
                        }];
                    }
                    @end
                    """,
                "TokenReader.m": """
                    @implementation TokenReader
                    - (void)read {
                        LAContext *context = [[LAContext alloc] init];
                        [context unlockWithReason:@"Read your token" completion:^(BOOL ok) {
                            if (!ok) {
                                return;
                            }
                            NSDictionary *query = @{ (__bridge id)kSecReturnData: @YES,
                                                     (__bridge id)kSecUseAuthenticationContext: context };
                            SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
                        }];
                    }
                    @end
                    """,
            ],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
    ]
}
