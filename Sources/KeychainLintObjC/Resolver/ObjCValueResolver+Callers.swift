import KeychainLintModel

// Callers: a parameter of a C function or method of this file has the values the file's calls
// of it pass (`[self storeSecret:data accessibility:kSecAttrAccessibleAlways]` for the
// `accessibility` a `SecItemAdd` inside `storeSecret:accessibility:` uses). A method is matched
// as a call of it is when its result is followed: sent to `self`, to its class (`[self class]`,
// `self.class`) or to a class by name, its
// selector declared by one body of the file. Calls from other files are followed for a C function
// that is not `static` and for a class method sent to its class by name (`ObjCScanConstants`).
extension ObjCValueResolver {
    /// One call of a function or method of this file: its arguments in parameter order.
    struct CallerSite {
        let arguments: [ObjCExpr]
        let range: ObjCSourceRange
    }

    /// Calls followed per parameter: a helper called from generated code thousands of times must
    /// not make every question about its parameters that long (as the Swift resolver's bound).
    public static let maximumCallers = 24

    /// The values the file's calls pass to parameter `name` of `body`; nil when the file makes no
    /// call of it (the parameter is then a gap, as before).
    func callerValues(_ name: String, of body: ObjCBody, at use: ObjCExpr, _ env: Environment) -> Resolution? {
        guard let index = body.parameterNames.firstIndex(of: name) else { return nil }
        let found = allCallSites(of: body)
        let sites = found.own.filter { index < $0.arguments.count }
        let sitesElsewhere = found.elsewhere.filter { $0.arguments.count == body.parameterNames.count }
        guard !sites.isEmpty || !sitesElsewhere.isEmpty || found.beyondBound else { return nil }
        let key = "callers \(body.range.start.offset) \(name)"
        guard !env.visiting.contains(key) else { return gap(use.range, "`\(name)` is passed on by its own callers", kind: .cycle) }
        var inner = env.deeper(key)
        // The callers' arguments are evaluated where the calls are, with nothing bound.
        inner.arguments = [:]
        inner.argumentsBody = nil
        inner.argumentsScope = 0
        inner.selfInstances = nil
        return remembered(key) {
            var result = Resolution()
            for site in sites.prefix(Self.maximumCallers) {
                let argument = site.arguments[index]
                result = result.merging(
                    evaluate(argument, inner).through(step(.argument, "`\(name)` passed by the call", at: argument.range)))
            }
            for site in sitesElsewhere.prefix(max(0, Self.maximumCallers - sites.count)) {
                let other = resolver(for: site.file)
                let argument = site.arguments[index]
                // One question, one budget: the other file's steps count as this one's.
                other.steps = steps
                result = result.merging(
                    other.evaluate(argument, inner).through(other.step(.argument, "`\(name)` passed by the call", at: argument.range)))
                steps = other.steps
            }
            if sites.count + sitesElsewhere.count > Self.maximumCallers {
                result = result.merging(gap(
                    use.range, "more than \(Self.maximumCallers) calls pass `\(name)`: only the first are followed", kind: .searchLimit))
            }
            if found.beyondBound {
                result = result.merging(gap(
                    use.range, "more than \(ObjCScanConstants.maximumCallingFiles) files may call \(body.owner): their calls are not followed",
                    kind: .searchLimit))
            }
            return result
        }
    }

    /// The calls a parameter of `body` is followed to: in this file, and in other files when they
    /// can call it; `beyondBound` when more files may call it than are followed.
    struct CallSites {
        var own: [CallerSite]
        var elsewhere: [ObjCScanConstants.CallSiteElsewhere]
        var beyondBound: Bool
    }

    func allCallSites(of body: ObjCBody) -> CallSites {
        if let sends = instanceMethodSends(of: body) { return sends }
        let elsewhere = callSitesElsewhere(of: body)
        return CallSites(own: callers(of: body), elsewhere: elsewhere ?? [], beyondBound: elsewhere == nil && mayBeCalledElsewhere(body))
    }

    /// The messages of an instance method's selector, whatever their receiver (an initializer is
    /// sent to a new object, `[[Vault alloc] initWithFlags:…]`, a method to an instance): in this
    /// file, and, when a header of the scan declares it, in the scan's other Objective-C files
    /// (found through their text, as a class method's callers are). A message to an object built
    /// as an instance of another class (`[[Other alloc] initWithFlags:…]`) is not a call of it.
    /// Nil where the calls followed may not be all of them, and the parameter is followed as
    /// before (to the file's messages to `self`): when the file implements the selector for two
    /// classes, names it (`@selector(…)`, a string: it may be performed with anything), or when
    /// Swift code of the scan may call the method through a bridging header.
    func instanceMethodSends(of body: ObjCBody) -> CallSites? {
        guard case .method(let container, let selector, false) = body.owner, !path.hasSuffix(".h"),
            !body.parameterNames.isEmpty, methods[selector]?.count == 1
        else { return nil }
        let className = Self.className(container)
        let table = sendTable()
        guard !table.named.contains(selector) else { return nil }
        let own = (table.sends[selector] ?? []).filter { isCall($0.message, ofClass: className) }.map {
            CallerSite(arguments: $0.message.pieces.compactMap(\.argument), range: $0.range)
        }
        guard let constants else { return CallSites(own: own, elsewhere: [], beyondBound: false) }
        // A header that starts or stops declaring it, or a file that starts sending it, changes the answer.
        Dependencies.record(Self.firstLabel(of: selector))
        guard constants.headersMention(Self.firstLabel(of: selector)) else { return CallSites(own: own, elsewhere: [], beyondBound: false) }
        guard !constants.swiftMayCall(selector, ofClass: className) else { return nil }
        guard let sends = constants.sends(of: selector, besides: path) else { return CallSites(own: own, elsewhere: [], beyondBound: true) }
        let elsewhere = sends.filter { site in
            let other = resolver(for: site.file)
            guard case .message(let message) = site.expression.kind else { return false }
            return other.isCall(message, ofClass: className)
        }
        return CallSites(own: own, elsewhere: elsewhere, beyondBound: false)
    }

    struct SendTable {
        var sends: [String: [(message: ObjCMessageSend, range: ObjCSourceRange)]] = [:]
        var named: Set<String> = []
    }

    /// The messages with arguments (not variadic) the file sends, by selector, and the selectors
    /// it names (`@selector(…)`, a string that is one), gathered with one walk.
    func sendTable() -> SendTable {
        if let known = sendTableCache { return known }
        var table = SendTable()
        tree.walk(ObjCVisitor(expression: { expression, _ in
            switch expression.kind {
            case .message(let message) where message.variadicArguments.isEmpty && message.selector.hasSuffix(":"):
                table.sends[message.selector, default: []].append((message, expression.range))
            case .selector(let name):
                table.named.insert(name)
            case .stringLiteral(let literal) where literal.value.hasSuffix(":"):
                table.named.insert(literal.value)
            default:
                break
            }
        }))
        sendTableCache = table
        return table
    }

    /// Why a parameter of `body` has no caller's value: no call in this file, a selector the file
    /// names, none in the scan's Objective-C files for a method a header declares, or Swift code
    /// that may call it.
    func unfollowedCallsReason(of body: ObjCBody) -> String {
        guard case .method(let container, let selector, false) = body.owner else { return "no call of it in this file" }
        if sendTable().named.contains(selector) { return "the file names its selector: it may be performed with any argument" }
        guard let constants, constants.headersMention(Self.firstLabel(of: selector)) else { return "no call of it in this file" }
        if constants.swiftMayCall(selector, ofClass: Self.className(container)) {
            return "Swift code of the scan may call it (a header declares it): its calls are not followed"
        }
        return "no call of it in the scan's Objective-C files"
    }

    /// Whether `message` (of this file) may be sent to an instance of `className`: not to a new
    /// object of another class.
    func isCall(_ message: ObjCMessageSend, ofClass className: String) -> Bool {
        let receiver = message.receiver.strippingCastsAndParentheses
        guard case .message(let allocation) = receiver.kind, allocation.selector == "alloc" || allocation.selector == "new",
            let allocated = allocatedClass(allocation.receiver, in: body(containing: receiver.range.start.offset))
        else { return true }
        return allocated == className
    }

    /// Whether other files can call `body`: a C function that is not `static`, or a class method
    /// (sent to the class by name).
    func mayBeCalledElsewhere(_ body: ObjCBody) -> Bool {
        switch body.owner {
        case .function(let name):
            return exportedFunctions.contains(name)
        case .method(_, _, let isClassMethod):
            return isClassMethod
        }
    }

    /// The calls of `body` in the scan's other Objective-C files: of a C function that is not
    /// `static`, and of a class method sent to its class by name. Empty when it cannot be called
    /// from elsewhere or the scan's files are not known; nil when more files may call it than are
    /// followed.
    func callSitesElsewhere(of body: ObjCBody) -> [ObjCScanConstants.CallSiteElsewhere]? {
        guard let constants, mayBeCalledElsewhere(body) else { return [] }
        switch body.owner {
        case .function(let name):
            Dependencies.record(name)
            return constants.callSites(function: name, besides: path)
        case .method(let container, let selector, _):
            Dependencies.record(container)
            return constants.callSites(method: selector, ofClass: container, besides: path)
        }
    }

    /// Where the file calls `body` (each call or message expression), as a parameter's values
    /// are followed to them.
    public func callRanges(of body: ObjCBody) -> [ObjCSourceRange] {
        callers(of: body).map(\.range)
    }

    /// The calls of `body` in this file.
    func callers(of body: ObjCBody) -> [CallerSite] {
        let table = callerTable()
        switch body.owner {
        case .function(let name):
            return table[name] ?? []
        case .method(_, let selector, _):
            // Matched by selector, as a send's result is followed: only when one body declares it.
            guard methods[selector]?.count == 1 else { return [] }
            return (table[selector] ?? []).filter { $0.arguments.count == body.parameterNames.count }
        }
    }

    /// Every call of a C function by name and every message sent to `self`, its class or a class by name,
    /// by function name or selector, gathered once for the file.
    func callerTable() -> [String: [CallerSite]] {
        if let known = callerTableCache { return known }
        var table: [String: [CallerSite]] = [:]
        tree.walk(ObjCVisitor(expression: { expression, _ in
            switch expression.kind {
            case .call(let call):
                guard let name = call.calleeName, self.functions[name] != nil else { return }
                table[name, default: []].append(CallerSite(arguments: call.arguments, range: expression.range))
            case .message(let message):
                guard self.isSentToSelfOrItsClass(message) || message.receiverClassName != nil,
                    message.variadicArguments.isEmpty, self.methods[message.selector] != nil
                else { return }
                table[message.selector, default: []].append(
                    CallerSite(arguments: message.pieces.compactMap(\.argument), range: expression.range))
            default:
                return
            }
        }))
        callerTableCache = table
        return table
    }
}
