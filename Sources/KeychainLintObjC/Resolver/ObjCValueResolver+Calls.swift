import KeychainLintModel

// Calls: dictionary constructors, copies, the file's own methods and C functions (their
// `return`s), and the call values rules recognise (`[@"1234" dataUsingEncoding:…]`).
extension ObjCValueResolver {
    static let emptyDictionaryMakers: Set<String> = ["dictionary", "new", "init", "dictionaryWithCapacity:", "initWithCapacity:"]
    static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]

    func messageSend(_ message: ObjCMessageSend, at expression: ObjCExpr, _ env: Environment) -> Resolution {
        let selector = message.selector
        let arguments = message.pieces.compactMap(\.argument) + message.variadicArguments
        if let className = message.receiverClassName, Self.dictionaryClasses.contains(className) {
            switch selector {
            case "dictionaryWithObjectsAndKeys:":
                // value, key, value, key, …, nil
                var pairs: [(key: ObjCExpr, value: ObjCExpr, range: ObjCSourceRange)] = []
                var index = 0
                while index + 1 < arguments.count {
                    pairs.append((arguments[index + 1], arguments[index], arguments[index].range.extended(to: arguments[index + 1].range)))
                    index += 2
                }
                return dictionary(pairs, env)
            case "dictionaryWithDictionary:":
                return evaluate(arguments[0], env.deeper())
            case _ where Self.emptyDictionaryMakers.contains(selector):
                return .value(.dictionary([]))
            default:
                break
            }
        }
        // `[[NSMutableDictionary alloc] init]`, `[d mutableCopy]`.
        if Self.emptyDictionaryMakers.contains(selector), case .message(let inner) = message.receiver.strippingCastsAndParentheses.kind,
           inner.selector == "alloc", let className = inner.receiverClassName, Self.dictionaryClasses.contains(className) {
            return .value(.dictionary([]))
        }
        if ["mutableCopy", "copy"].contains(selector) || selector == "initWithDictionary:" {
            return evaluate(selector == "initWithDictionary:" ? arguments[0] : message.receiver, env.deeper())
        }
        // A method of this file sent to `self` or to its class: the values it returns.
        let pieceArguments = message.pieces.compactMap(\.argument)
        let className = receiverClassName(message)
        if isSentToSelfOrItsClass(message) || className != nil, let candidates = methods[selector], candidates.count == 1,
           candidates[0].parameterNames.count == pieceArguments.count, message.variadicArguments.isEmpty {
            // Sent to `self` inside a case of a `switch` over its state: the method runs on that
            // case (`+SubjectNarrowing`).
            var sent = env
            if isSentToSelfOrItsClass(message), let body = body(containing: expression.range.start.offset) {
                sent.selfCases = selfStateNarrowings(at: expression.range.start.offset, in: body, env)
            } else {
                sent.selfCases = [:]
            }
            return returns(
                of: candidates[0], called: "`\(selector)`", at: expression,
                arguments: boundArguments(pieceArguments, to: candidates[0], env), sent)
        }
        // `[self flags]` with no method `flags` in the file: the synthesized getter of instance state.
        if message.receiver.strippingCastsAndParentheses.identifierName == "self", message.pieces.count == 1,
            message.pieces[0].argument == nil, methods[selector] == nil,
            let state = instanceState(selector, at: expression, in: body(containing: expression.range.start.offset), env)
        {
            return narrowedAsSubject(state, expression, env)
        }
        // A method of the sending class that another file implements (a category in
        // `Vault+Defaults.m`), sent to `self` or to its class: its returns, as for a method of this
        // file. (Like the method of this file, the class's own implementation is taken; a
        // subclass overriding it is not looked for.)
        if isSentToSelfOrItsClass(message), methods[selector] == nil, let constants, message.variadicArguments.isEmpty,
            let owner = body(containing: expression.range.start.offset)?.owner, case .method(let container, _, _) = owner
        {
            let className = Self.className(container)
            Dependencies.record(className)
            if let definitions = constants.bodyDefinitions(method: selector, ofClass: className, besides: path), !definitions.isEmpty,
                let elsewhere = returnsDefinedElsewhere(
                    definitions, called: "`\(className) \(selector)`", at: expression, arguments: pieceArguments, env)
            {
                return elsewhere
            }
        }
        // A method of this file sent to an instance whose construction is known: its returns on
        // that instance (`ObjCValueResolver+InstanceSelf`).
        if !isSentToSelfOrItsClass(message), className == nil, let onInstance = instanceMessage(message, at: expression, env) {
            return onInstance
        }
        // A method of a class another file of the scan implements, sent to the class by name.
        if let className, methods[selector] == nil || !implementsClass(className), let constants, message.variadicArguments.isEmpty {
            Dependencies.record(className)
            if let definitions = constants.bodyDefinitions(method: selector, ofClass: className, besides: path),
                let elsewhere = returnsDefinedElsewhere(
                    definitions, called: "`\(className) \(selector)`", at: expression, arguments: pieceArguments, env)
            {
                return elsewhere
            }
        }
        // Something else: a call value the rules may recognise (`[@"1234" dataUsingEncoding:…]`).
        var parts = [evaluate(message.receiver, env.deeper())]
        parts += message.pieces.compactMap(\.argument).map { evaluate($0, env.deeper()) }
        let combined = Resolution.combinations(parts)
        var result = Resolution(gaps: [])
        let labels = message.pieces.compactMap { $0.argument == nil ? nil : $0.label }
        let name = message.pieces.first?.label ?? selector
        for (values, trace) in combined.values {
            let receiver = className.map { Value.symbol($0) } ?? values[0]
            let callArguments = zip(labels.dropFirst(0), values.dropFirst()).enumerated().map { position, pair in
                // The first piece names the method; its argument is unlabelled, as in Swift.
                Argument(label: position == 0 ? nil : pair.0, value: pair.1)
            }
            result.add(TracedValue(value: .call(CallValue(name: name, receiver: receiver, arguments: callArguments)), trace: trace))
        }
        if combined.values.isEmpty { for gap in combined.gaps { result.add(gap) } }
        return result
    }

    func functionCall(_ call: ObjCFunctionCall, at expression: ObjCExpr, _ env: Environment) -> Resolution {
        guard let name = call.calleeName else { return gap(expression.range, "a call through an expression is not followed") }
        if name == "CFSTR", let argument = call.arguments.first { return evaluate(argument, env.deeper()) }
        if ["sizeof", "alignof", "_Alignof"].contains(name) {
            // `sizeof(kBytes)`: a size, not the content (which would put `kBytes` in the path twice).
            return .value(.opaque(Self.shortText(text(expression.range))))
        }
        if let body = functions[name] {
            let passed = body.parameterNames.count == call.arguments.count ? boundArguments(call.arguments, to: body, env) : [:]
            return returns(of: body, called: "`\(name)()`", at: expression, arguments: passed, env)
        }
        // Defined in another file of the scan (declared here by a prototype or a header).
        if let constants {
            Dependencies.record(name)
            if let definitions = constants.bodyDefinitions(function: name, besides: path),
                let elsewhere = returnsDefinedElsewhere(definitions, called: "`\(name)()`", at: expression, arguments: call.arguments, env)
            {
                return elsewhere
            }
        }
        // An argument the resolver cannot follow (`&error`, a parameter) stands as opaque, so
        // that the call is still known (`SecAccessControlCreateWithFlags(…, flags, &error)` as
        // the value of `kSecAttrAccessControl`, with its protection and flags).
        let combined = Resolution.combinations(call.arguments.map { part($0, env) })
        var result = Resolution()
        for (values, trace) in combined.values {
            result.add(TracedValue(value: .call(CallValue(name: name, receiver: nil, arguments: values.map { Argument(label: nil, value: $0) })), trace: trace))
        }
        if combined.values.isEmpty { result = Resolution(gaps: combined.gaps) }
        return result
    }

    /// The values a function or method of this file returns, each through its `return`.
    func returns(
        of body: ObjCBody, called name: String, at call: ObjCExpr, arguments: [String: Resolution] = [:], _ env: Environment
    ) -> Resolution {
        let key = "body \(body.range.start.offset)"
        guard !env.visiting.contains(key) else { return gap(call.range, "\(name) calls itself", kind: .cycle) }
        var inner = env.deeper(key)
        inner.arguments = arguments
        inner.argumentsBody = arguments.isEmpty ? nil : body.range.start.offset
        // `self` is the same instance only in an instance method sent to `self` or to a bound receiver.
        if case .method(_, _, false) = body.owner {} else { inner.selfInstances = nil }
        guard !arguments.isEmpty || inner.selfInstances != nil || !inner.selfCases.isEmpty else {
            // Without arguments, the body's answer is the same for every call and is kept.
            inner.argumentsScope = 0
            return remembered(key) { returnValues(of: body, called: name, at: call, inner) }
        }
        // A call's own arguments make its answer: kept for calls passing the same values (every
        // rule asks about the same call), and its locals are kept while it is evaluated.
        let bound = BoundCall(body: body.range.start.offset, arguments: arguments, instances: inner.instancesKey, cases: inner.casesKey)
        if let known = boundCalls[bound] { return known }
        nextArgumentsScope += 1
        inner.argumentsScope = nextArgumentsScope
        let answer = returnValues(of: body, called: name, at: call, inner)
        if !answer.gaps.contains(where: { [.cycle, .depthLimit, .stepBudget].contains($0.kind) }) { boundCalls[bound] = answer }
        return answer
    }

    /// The values a call passes to each parameter of `body`, each through its argument (evaluated
    /// where the call is).
    func boundArguments(_ expressions: [ObjCExpr], to body: ObjCBody, _ env: Environment) -> [String: Resolution] {
        var bound: [String: Resolution] = [:]
        for (parameter, expression) in zip(body.parameterNames, expressions) {
            bound[parameter] = evaluate(expression, env.deeper())
                .through(step(.argument, "argument `\(parameter)` of the call", at: expression.range))
        }
        return bound
    }

    func returnValues(of body: ObjCBody, called name: String, at call: ObjCExpr, _ inner: Environment) -> Resolution {
        var result = Resolution()
        body.body.walk(ObjCVisitor(statement: { statement, context in
            guard context.blockDepth == 0, case .return(.some(let value)) = statement.kind,
                self.branchMayRun(at: statement.range.start.offset, in: body, inner)
            else { return }
            result = result.merging(self.evaluate(value, inner))
        }), owner: body.owner)
        if result.isEmpty { return gap(call.range, "\(name) returns no value the resolver can follow") }
        return result.through(step(.function, name, at: body.range))
    }

    /// The class a message is sent to by name (`[NSData dataWithBytes:…]`), by the convention
    /// that class names start with an upper-case letter; nil when the name is a value of the code
    /// (`[ServicePassword dataUsingEncoding:…]` on a constant, a local or a parameter).
    func receiverClassName(_ message: ObjCMessageSend) -> String? {
        guard let name = message.receiverClassName else { return nil }
        if globals[name] != nil || macros[name] != nil { return nil }
        if let body = body(containing: message.receiver.range.start.offset),
            body.parameterNames.contains(name) || !bindings(of: name, in: body).isEmpty
        {
            return nil
        }
        if let constants {
            Dependencies.record(name)
            if let elsewhere = constants.definitions(of: name, besides: path), !elsewhere.isEmpty { return nil }
        }
        return name
    }

    /// Whether this file implements class `name` (`@implementation Name`).
    func implementsClass(_ name: String) -> Bool {
        bodies.contains { body in
            if case .method(let container, _, _) = body.owner { return container == name }
            return false
        }
    }

    /// `[self …]`, `[[self class] …]` and `[self.class …]`: a method of the class the sending
    /// method is in (an instance method through `self`, a class method through its class).
    func isSentToSelfOrItsClass(_ message: ObjCMessageSend) -> Bool {
        let receiver = message.receiver.strippingCastsAndParentheses
        if receiver.identifierName == "self" { return true }
        switch receiver.kind {
        case .message(let inner):
            return inner.selector == "class" && inner.receiver.strippingCastsAndParentheses.identifierName == "self"
        case .member(let base, "class", false):
            return base.strippingCastsAndParentheses.identifierName == "self"
        default:
            return false
        }
    }
}
