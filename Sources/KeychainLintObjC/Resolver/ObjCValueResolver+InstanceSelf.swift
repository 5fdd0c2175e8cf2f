import KeychainLintModel

// `self` inside an instance method as the instances the method is sent to. Instance state an
// initializer stores from its parameters (`_flags = flags` in `initWithFlags:`) holds, on each
// instance, what that instance's construction passed (`[[Vault alloc] initWithFlags:…]`);
// following it through every construction of the class instead would give a method sent only to
// a key pair's private-key configuration the public key's values too.
//
// The instances are known in two ways:
// - a message being followed names its receiver (`[vault make]`, `vault` a local, a property or
//   an instance variable holding `[[Vault alloc] initWithFlags:…]`, `[Vault new]` or a class
//   factory returning one, or a parameter every call of which passes one, when every call is in
//   the file: a `static` function, or a method no header mentions): inside `make`, `self` is what the receiver is constructed from
//   (`Environment.selfInstances`), whether the class is implemented in this file or another;
// - a method judged on its own is sent to the receivers of the messages of its selector in its
//   file, when every one of them has a receiver whose construction is known. Objective-C has no
//   access control, so this holds only for a method no header of the scan mentions: with
//   automatic reference counting a message needs a declaration the sending file can see, so
//   such a method is sent only from its own file. A method a header declares may be sent by any
//   file that includes it, by Swift code through a bridging header, or by a library's users
//   outside the scan; its instance state keeps every value, as before. So does a method whose
//   selector the file names with `@selector(…)` or as a string (it may be performed on any
//   instance).
// Per instance, only storage that the class's initializers alone write in the method's file (and
// nothing writes in the construction's file) is followed: a later `vault.flags = …` or a setter
// changes what an instance holds in an order not followed. When the instances are not known, or
// a construction's initializer is not in the method's file, instance state is followed as before.
// Two arguments a check judges together are resolved per instance (`ObjCValueResolver+Joint`).
extension ObjCValueResolver {
    /// One construction an instance may come from: the initializer sent to a new object of
    /// `className`, with its arguments, in the file (`resolver`) and context they are written in,
    /// and the steps from it to the instance (outermost last).
    struct InstanceSource {
        /// Unowned: a file's resolver keeps the answers that hold its own instances.
        unowned let resolver: ObjCValueResolver
        let className: String
        let initializer: String
        let arguments: [ObjCExpr]
        let range: ObjCSourceRange
        let env: Environment
        let steps: [TraceStep]

        /// Which construction this is, for answers kept per bound instance.
        var identity: String { "\(resolver.path):\(range.start.offset)" }
    }

    /// Receivers, locals and instance state followed back to constructions at most this deep.
    static let maximumConstructionDepth = 6

    /// Constructions `self` in instance method `body` of `className` can be at `use`, or nil when
    /// they are not known.
    func selfInstances(in body: ObjCBody, of className: String, _ env: Environment) -> [InstanceSource]? {
        if let known = env.selfInstances {
            return known.allSatisfy { $0.className == className } ? known : nil
        }
        return instancesFromSenders(of: body, className)
    }

    /// The constructions of the receivers of every message of `body`'s selector in this file (nil
    /// when there is none, when the method may be sent from elsewhere, or when one message has a
    /// receiver of unknown construction or of another class).
    func instancesFromSenders(of body: ObjCBody, _ className: String) -> [InstanceSource]? {
        guard case .method(_, let selector, false) = body.owner, !path.hasSuffix(".h") else { return nil }
        // A sender's receiver that leads back to this question (through a factory's arguments) is
        // not known: the answer is not kept half made.
        let key = SendersKey(body: body.range.start.offset)
        guard !sendersInProgress.contains(key.body) else { return nil }
        sendersInProgress.insert(key.body)
        defer { sendersInProgress.remove(key.body) }
        return remember(key) { () -> [InstanceSource]? in
            if let constants {
                // A header that starts to mention the selector changes the answer.
                Dependencies.record(Self.firstLabel(of: selector))
                if constants.headersMention(Self.firstLabel(of: selector)) { return nil }
            }
            var sites: [(message: ObjCMessageSend, range: ObjCSourceRange)] = []
            var named = false
            tree.walk(ObjCVisitor(expression: { expression, _ in
                switch expression.kind {
                case .message(let message) where message.selector == selector:
                    sites.append((message, expression.range))
                case .selector(let name) where name == selector:
                    named = true
                case .stringLiteral(let literal) where literal.value == selector:
                    named = true
                default:
                    break
                }
            }))
            guard !named, !sites.isEmpty, sites.count <= Self.maximumCallers else { return nil }
            var result: [InstanceSource] = []
            for site in sites {
                let receiver = site.message.receiver
                guard let found = constructions(of: receiver, Environment(), depth: 0), !found.isEmpty,
                    found.allSatisfy({ $0.className == className })
                else { return nil }
                let sent = step(.argument, "`\(selector)` is sent to the instance", at: site.range)
                result += found.map { $0.adding(sent) }
            }
            return result
        }
    }

    struct SendersKey: Hashable { let body: Int }

    static func firstLabel(of selector: String) -> String {
        String(selector.prefix { $0 != ":" })
    }

    /// The constructions `expression` (in this file, evaluated in `env`) is an instance from: a
    /// construction itself, a class factory of this file returning one, a local every binding of
    /// which is one, or instance state (`self.vault`, `_vault`) every store of which in this file
    /// is one. Nil when any of them is something else.
    func constructions(of expression: ObjCExpr, _ env: Environment, depth: Int) -> [InstanceSource]? {
        guard depth < Self.maximumConstructionDepth else { return nil }
        let stripped = expression.strippingCastsAndParentheses
        let enclosing = body(containing: stripped.range.start.offset)
        switch stripped.kind {
        case .message(let message):
            guard message.variadicArguments.isEmpty else { return nil }
            let arguments = message.pieces.compactMap(\.argument)
            // `[C new]`: `alloc` then `init`.
            if message.selector == "new", let className = allocatedClass(message.receiver, in: enclosing) {
                return [source(className, "init", [], at: stripped, env)]
            }
            // `[[C alloc] initWith…]`.
            if message.selector.hasPrefix("init"), case .message(let allocation) = message.receiver.strippingCastsAndParentheses.kind,
                allocation.selector == "alloc", let className = allocatedClass(allocation.receiver, in: enclosing)
            {
                return [source(className, message.selector, arguments, at: stripped, env)]
            }
            // A class factory of this file: the constructions it returns, with the call's arguments.
            guard let className = receiverClassName(message), let factory = bodies.first(where: {
                if case .method(let container, message.selector, true) = $0.owner { return Self.className(container) == className }
                return false
            }), factory.parameterNames.count == arguments.count
            else { return nil }
            var inner = env.deeper()
            inner.arguments = boundArguments(arguments, to: factory, env)
            inner.argumentsBody = factory.range.start.offset
            nextArgumentsScope += 1
            inner.argumentsScope = nextArgumentsScope
            inner.selfInstances = nil
            var returned: [ObjCExpr] = []
            factory.body.walk(ObjCVisitor(statement: { statement, context in
                if context.blockDepth == 0, case .return(.some(let value)) = statement.kind { returned.append(value) }
            }), owner: factory.owner)
            guard !returned.isEmpty else { return nil }
            var result: [InstanceSource] = []
            let made = step(.function, "`\(className) \(message.selector)`", at: stripped.range)
            for value in returned {
                guard let found = constructions(of: value, inner, depth: depth + 1) else { return nil }
                result += found.map { $0.adding(made) }
            }
            return result
        case .identifier(let name):
            guard let enclosing else { return nil }
            let bound = bindings(of: name, in: enclosing)
            if let index = enclosing.parameterNames.firstIndex(of: name) {
                // A parameter never assigned: what every call of the function or method passes.
                guard bound.isEmpty else { return nil }
                return passedConstructions(index, of: enclosing, depth: depth)
            }
            if bound.isEmpty && name != "self" {
                // Instance state of the method's class (`_vault`).
                guard case .method(let container, _, _) = enclosing.owner else { return nil }
                return storedConstructions(Self.className(container), Self.storageName(name), depth: depth)
            }
            guard !bound.isEmpty, !bound.contains(where: \.isInsideBlock) else { return nil }
            // Every binding of the local, wherever it lies: one of them is the instance.
            var result: [InstanceSource] = []
            for binding in bound {
                let value: ObjCExpr
                switch binding.kind {
                case .declaration(let declarator, _):
                    // `Vault *vault;` holds nil until assigned: no instance.
                    guard let initializer = declarator.initializer else { continue }
                    value = initializer
                case .assignment(let operation, _, let assigned):
                    guard operation == .assign else { return nil }
                    value = assigned
                }
                guard let found = constructions(of: value, env, depth: depth + 1) else { return nil }
                result += found.map { $0.adding(step(.variable, "`\(name)`", at: binding.range)) }
            }
            return result.isEmpty ? nil : result
        case .member(let base, let name, _) where base.strippingCastsAndParentheses.identifierName == "self":
            guard let enclosing, case .method(let container, _, _) = enclosing.owner else { return nil }
            return storedConstructions(Self.className(container), Self.storageName(name), depth: depth)
        case .member(let base, let name, _):
            // `spec.privateSpec`: on each instance `spec` is built from, the construction its
            // initializer stores in the property (`_privateSpec = privateSpec`, the argument the
            // construction passes), so that a key pair's private-key settings are not its
            // public-key ones.
            guard let outers = constructions(of: base, env, depth: depth + 1) else { return nil }
            var result: [InstanceSource] = []
            for outer in outers {
                guard let found = storedArgumentConstructions(Self.storageName(name), on: outer, depth: depth) else { return nil }
                result += found
            }
            return result.isEmpty ? nil : result
        default:
            return nil
        }
    }

    /// This file's implementation of the initializer `selector` of `className`.
    func initializerBody(_ selector: String, ofClass className: String) -> ObjCBody? {
        bodies.first {
            if case .method(let container, selector, false) = $0.owner { return Self.className(container) == className }
            return false
        }
    }

    /// The constructions an instance's initializer stores in `storage`: the initializer of
    /// `outer`'s class (in this file or the one file of the scan that implements it) assigns the
    /// storage once, from one of its parameters, and the construction's argument for that
    /// parameter is a construction. Nil otherwise (another method may set it, or the value is
    /// something else).
    private func storedArgumentConstructions(_ storage: String, on outer: InstanceSource, depth: Int) -> [InstanceSource]? {
        let className = outer.className
        let implementer: ObjCValueResolver
        if implementsClass(className) {
            implementer = self
        } else {
            guard let constants else { return nil }
            Dependencies.record(className)
            guard let definitions = constants.bodyDefinitions(method: outer.initializer, ofClass: className, besides: path),
                definitions.count == 1
            else { return nil }
            implementer = resolver(for: definitions[0].asDefinition)
        }
        guard let writes = implementer.instanceWrites()[className]?[storage], writes.count == 1, let write = writes.first,
            let initializer = implementer.initializerBody(outer.initializer, ofClass: className),
            initializer.body.range.start.offset <= write.range.start.offset, write.range.end.offset <= initializer.body.range.end.offset,
            let parameter = write.value?.strippingCastsAndParentheses.identifierName,
            let index = initializer.parameterNames.firstIndex(of: parameter), index < outer.arguments.count,
            initializer.parameterNames.count == outer.arguments.count
        else { return nil }
        let argument = outer.arguments[index]
        guard let found = outer.resolver.constructions(of: argument, outer.env, depth: depth + 1) else { return nil }
        let stored = implementer.step(.assignment, "`\(write.written)`", at: write.range)
        let passed = outer.resolver.step(.argument, "`\(parameter)` of the initializer", at: argument.range)
        return found.map { $0.adding(passed).adding(stored) }.map { source in
            outer.steps.reduce(source) { $0.adding($1) }
        }
    }

    /// The constructions every call of `body` passes as its parameter `index`, when every call is
    /// in this file: a `static` C function, or a method no header of the scan mentions
    /// and whose selector the file does not name (as for the senders of a method judged on its
    /// own), each of its messages counted whatever its receiver.
    private func passedConstructions(_ index: Int, of body: ObjCBody, depth: Int) -> [InstanceSource]? {
        var sites: [(arguments: [ObjCExpr], range: ObjCSourceRange)] = []
        switch body.owner {
        case .function(let name):
            guard !exportedFunctions.contains(name) else { return nil }
            // Every use of the name must be a call's callee: taken as a value (a callback), the
            // function may be called with anything.
            var names = 0
            tree.walk(ObjCVisitor(expression: { expression, _ in
                switch expression.kind {
                case .call(let call) where call.calleeName == name:
                    sites.append((call.arguments, expression.range))
                case .identifier(name):
                    names += 1
                default:
                    break
                }
            }))
            guard names == sites.count else { return nil }
        case .method(_, let selector, let isClassMethod):
            // A class method's senders (`[self accessForSpec:…]` in a class method, `[KeyMaker
            // accessForSpec:…]`) are counted as an instance method's are: every message with the
            // selector, whatever its receiver; and those other files send to the class by name
            // (below), which a header declaring it does not hide, as it hides an instance method's
            // (sent to instances of any class).
            guard !path.hasSuffix(".h") else { return nil }
            if let constants, !isClassMethod {
                Dependencies.record(Self.firstLabel(of: selector))
                if constants.headersMention(Self.firstLabel(of: selector)) { return nil }
            }
            var named = false
            tree.walk(ObjCVisitor(expression: { expression, _ in
                switch expression.kind {
                case .message(let message) where message.selector == selector:
                    sites.append((message.pieces.compactMap(\.argument), expression.range))
                case .selector(let name) where name == selector:
                    named = true
                case .stringLiteral(let literal) where literal.value == selector:
                    named = true
                default:
                    break
                }
            }))
            guard !named else { return nil }
        }
        var elsewhere: [ObjCScanConstants.CallSiteElsewhere] = []
        if case .method(_, _, true) = body.owner {
            guard let others = callSitesElsewhere(of: body) else { return nil }
            elsewhere = others
        }
        guard !sites.isEmpty || !elsewhere.isEmpty, sites.count + elsewhere.count <= Self.maximumCallers else { return nil }
        // Each call with the resolver of the file it is written in.
        let calls = sites.map { (self, $0.arguments) } + elsewhere.map { (resolver(for: $0.file), $0.arguments) }
        var result: [InstanceSource] = []
        let parameter = body.parameterNames[index]
        for (caller, arguments) in calls {
            guard index < arguments.count, arguments.count == body.parameterNames.count,
                let found = caller.constructions(of: arguments[index], Environment(), depth: depth + 1)
            else { return nil }
            result += found.map { $0.adding(caller.step(.argument, "`\(parameter)` passed by the call", at: arguments[index].range)) }
        }
        return result
    }

    /// The constructions every store into `storage` of `className` in this file is.
    private func storedConstructions(_ className: String, _ storage: String, depth: Int) -> [InstanceSource]? {
        guard let writes = instanceWrites()[className]?[storage], !writes.isEmpty else { return nil }
        var result: [InstanceSource] = []
        for write in writes {
            guard let value = write.value, let found = constructions(of: value, Environment(), depth: depth + 1) else { return nil }
            result += found.map { $0.adding(step(.assignment, "`\(write.written)`", at: write.range)) }
        }
        return result
    }

    /// The class `[receiver alloc]` or `[receiver new]` makes an instance of: a class by name, or
    /// `self` in a class method (`[[self alloc] init…]` in a factory).
    func allocatedClass(_ receiver: ObjCExpr, in body: ObjCBody?) -> String? {
        let stripped = receiver.strippingCastsAndParentheses
        if stripped.identifierName == "self" {
            guard let body, case .method(let container, _, true) = body.owner else { return nil }
            return Self.className(container)
        }
        guard let name = stripped.identifierName, let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return nil }
        if globals[name] != nil || macros[name] != nil { return nil }
        if let body, body.parameterNames.contains(name) || !bindings(of: name, in: body).isEmpty { return nil }
        return name
    }

    private func source(_ className: String, _ initializer: String, _ arguments: [ObjCExpr], at expression: ObjCExpr, _ env: Environment) -> InstanceSource {
        InstanceSource(
            resolver: self, className: className, initializer: initializer, arguments: arguments, range: expression.range, env: env,
            steps: [step(.function, "instance built by `\(Self.shortText(text(expression.range)))`", at: expression.range)])
    }

    /// Instance state `storage` of `className` on each of `sources`: what the construction's
    /// initializer stores, with the construction's arguments. Nil when a store outside the class's
    /// initializers may change it, or a construction's initializer is not in this file or does
    /// not store it.
    func instanceValues(_ storage: String, of className: String, on sources: [InstanceSource], _ env: Environment) -> Resolution? {
        guard let writes = instanceWrites()[className]?[storage], !writes.isEmpty,
            writes.allSatisfy({ write in
                guard let body = body(containing: write.range.start.offset), case .method(let container, let selector, false) = body.owner
                else { return false }
                return Self.className(container) == className && selector.hasPrefix("init")
            })
        else { return nil }
        var result = Resolution()
        for source in sources {
            guard source.className == className, let initializer = initializerBody(source.initializer, ofClass: className),
                initializer.parameterNames.count == source.arguments.count
            else { return nil }
            if source.resolver !== self, !(source.resolver.instanceWrites()[className]?[storage] ?? []).isEmpty { return nil }
            let own = writes.filter { initializer.body.range.start.offset <= $0.range.start.offset && $0.range.end.offset <= initializer.body.range.end.offset }
            guard !own.isEmpty, own.allSatisfy({ $0.value != nil }) else { return nil }
            // The construction's arguments, evaluated where it is written (one question, one budget).
            // Deeper than both the construction and the question, and aware of what the question
            // is already evaluating: an argument leading back here ends as a cycle, not a loop.
            var argumentsEnv = source.env
            argumentsEnv.depth = max(source.env.depth, env.depth) + 1
            argumentsEnv.visiting.formUnion(env.visiting)
            source.resolver.steps = steps
            let bound = source.resolver.boundArguments(source.arguments, to: initializer, argumentsEnv)
            steps = source.resolver.steps
            var inner = env.deeper()
            inner.arguments = bound
            inner.argumentsBody = initializer.range.start.offset
            nextArgumentsScope += 1
            inner.argumentsScope = nextArgumentsScope
            inner.selfInstances = nil
            var values = Resolution()
            for write in own {
                values = values.merging(evaluate(write.value!, inner).through(step(.assignment, "`\(write.written)`", at: write.range)))
            }
            result = result.merging(source.steps.reduce(values) { $0.through($1) })
        }
        return result
    }

    /// `[receiver selector…]` where the receiver's constructions are known and this file
    /// implements the selector as an instance method of their class: its returns, with `self`
    /// bound to those instances. Nil otherwise.
    func instanceMessage(_ message: ObjCMessageSend, at expression: ObjCExpr, _ env: Environment) -> Resolution? {
        let receiver = message.receiver.strippingCastsAndParentheses
        // Cheap test first: most messages are not to a method of this file, and a file resolved
        // alone has no other.
        let implementedHere = methods[message.selector]?.contains(where: {
            if case .method(_, _, false) = $0.owner { return true }
            return false
        }) ?? false
        guard implementedHere || constants != nil else { return nil }
        guard message.variadicArguments.isEmpty, receiver.identifierName != "self", receiver.identifierName != "super",
            let sources = constructions(of: receiver, env, depth: 0), let className = sources.first?.className,
            sources.allSatisfy({ $0.className == className })
        else { return nil }
        let arguments = message.pieces.compactMap(\.argument)
        let selector = message.selector
        var inner = env
        inner.selfInstances = sources
        if let method = bodies.first(where: {
            if case .method(let container, selector, false) = $0.owner { return Self.className(container) == className }
            return false
        }) {
            guard method.parameterNames.count == arguments.count else { return nil }
            return returns(
                of: method, called: "`\(selector)`", at: expression, arguments: boundArguments(arguments, to: method, env), inner)
        }
        // The class implemented in another file of the scan: the method is followed there, with
        // the arguments of this file's message and `self` bound to this file's instances.
        guard !implementsClass(className), let constants else { return nil }
        Dependencies.record(className)
        guard let definitions = constants.bodyDefinitions(method: selector, ofClass: className, besides: path), !definitions.isEmpty,
            definitions.allSatisfy({ definition in
                guard case .method(_, _, false) = definition.body.owner else { return false }
                return definition.body.parameterNames.count == arguments.count
            })
        else { return nil }
        inner.visiting = env.visiting.union(["file " + path])
        var result = Resolution()
        for definition in definitions {
            let other = resolver(for: definition.asDefinition)
            let passed = boundArguments(arguments, to: definition.body, env)
            // One question, one budget: the other file's steps count as this one's.
            other.steps = steps
            result = result.merging(other.returns(of: definition.body, called: "`\(selector)`", at: expression, arguments: passed, inner))
            steps = other.steps
        }
        return result
    }
}

extension ObjCValueResolver {
    /// `vault.flags` (or `vault->_flags`) where `vault`'s constructions are known: instance state
    /// `flags` on those instances, followed in the file implementing the class (this one or
    /// another of the scan). Nil otherwise.
    func instanceState(_ name: String, on base: ObjCExpr, _ env: Environment) -> Resolution? {
        let receiver = base.strippingCastsAndParentheses
        guard receiver.identifierName != "self", receiver.identifierName != "super",
            let sources = constructions(of: receiver, env, depth: 0), let className = sources.first?.className,
            sources.allSatisfy({ $0.className == className })
        else { return nil }
        let storage = Self.storageName(name)
        let key = "instance \(className).\(storage)"
        guard !env.visiting.contains(key) else { return gap(base.range, "`\(name)` depends on itself", kind: .cycle) }
        if implementsClass(className) { return instanceValues(storage, of: className, on: sources, env.deeper(key)) }
        guard let constants else { return nil }
        Dependencies.record(className)
        // The file implementing the class: the one defining the constructions' initializer.
        guard let initializer = sources.first?.initializer,
            let definitions = constants.bodyDefinitions(method: initializer, ofClass: className, besides: path), definitions.count == 1
        else { return nil }
        let other = resolver(for: definitions[0].asDefinition)
        var inner = env.deeper(key)
        inner.visiting.insert("file " + path)
        other.steps = steps
        defer { steps = other.steps }
        return other.instanceValues(storage, of: className, on: sources, inner)
    }
}

extension ObjCValueResolver.InstanceSource {
    func adding(_ step: TraceStep) -> Self {
        Self(resolver: resolver, className: className, initializer: initializer, arguments: arguments, range: range, env: env, steps: steps + [step])
    }
}
