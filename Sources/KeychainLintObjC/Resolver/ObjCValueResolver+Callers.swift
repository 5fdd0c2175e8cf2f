import KeychainLintModel

// Callers: a parameter of a C function or method of this file has the values the file's calls
// of it pass (`[self storeSecret:data accessibility:kSecAttrAccessibleAlways]` for the
// `accessibility` a `SecItemAdd` inside `storeSecret:accessibility:` uses). A method is matched
// as a call of it is when its result is followed: sent to `self`, to its class (`[self class]`,
// `self.class`) or to a class by name, its
// selector declared by one body of the file. Calls from other files are not seen: what they pass
// stays a gap.
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
        let sites = callers(of: body).filter { index < $0.arguments.count }
        guard !sites.isEmpty else { return nil }
        let key = "callers \(body.range.start.offset) \(name)"
        guard !env.visiting.contains(key) else { return gap(use.range, "`\(name)` is passed on by its own callers", kind: .cycle) }
        var inner = env.deeper(key)
        // The callers' arguments are evaluated where the calls are, with nothing bound.
        inner.arguments = [:]
        inner.argumentsBody = nil
        inner.argumentsScope = 0
        return remembered(key) {
            var result = Resolution()
            for site in sites.prefix(Self.maximumCallers) {
                let argument = site.arguments[index]
                result = result.merging(
                    evaluate(argument, inner).through(step(.argument, "`\(name)` passed by the call", at: argument.range)))
            }
            if sites.count > Self.maximumCallers {
                result = result.merging(gap(
                    use.range, "more than \(Self.maximumCallers) calls pass `\(name)`: only the first are followed", kind: .searchLimit))
            }
            return result
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
