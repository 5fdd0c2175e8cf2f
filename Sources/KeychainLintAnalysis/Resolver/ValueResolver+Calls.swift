import KeychainLintModel
import Foundation
import SwiftSyntax

// Calls: declared functions and their returns, parameters from callers, and per-call-site evaluation.
extension ValueResolver {
    /// Views of a `String` that keep its content (`"secret".utf8`).
    public static let stringViews: Set<String> = ["utf8", "utf16", "unicodeScalars", "utf8CString"]

    private static let setAlgebra: Set<String> = ["union", "intersection", "subtracting", "symmetricDifference"]

    func evaluateCall(_ call: FunctionCallExprSyntax, _ env: Environment) -> Resolution {
        let callee = SyntaxQueries.unwrapTransparent(call.calledExpression)
        if let closure = callee.as(ClosureExprSyntax.self) {
            return evaluateBody(closure.statements, env)
        }
        // `[String: Any]()`, `NSMutableDictionary()`, `NSDictionary(dictionary: d)` (KeychainQuery.swift).
        if let constructed = evaluateDictionaryConstruction(call, callee: callee, env) { return constructed }
        // `SecAccessControlCreateFlags()`, `SecAccessControlCreateFlags([.a, .b])` (OptionSetConstruction.swift).
        if let constructed = evaluateOptionSetConstruction(call, callee: callee, env) { return constructed }
        guard let name = SyntaxQueries.calleeName(of: callee) else {
            return gap(call, env, "cannot follow the call `\(SyntaxQueries.shortText(call, limit: 40))`")
        }
        let labels = SyntaxQueries.labels(of: call)
        let member = callee.as(MemberAccessExprSyntax.self)
        let receiverExpression = member?.base.map { SyntaxQueries.unwrapTransparent($0) }

        // `CFOptionFlags(policy.rawValue)`: an integer converted to another integer type (OptionSetRawValues.swift).
        if let converted = evaluateIntegerConversion(call, name: name, env) { return converted }
        // `SecAccessControlCreateFlags(rawValue: CFOptionFlags(policy.rawValue))` (OptionSetRawValues.swift).
        if let flags = evaluateFlagsFromRawValue(call, name: name, receiver: receiverExpression, env) { return flags }
        // `.init(rawValue: 2)`, `T(rawValue: 2)`, `T.init(rawValue: 2)`.
        if labels == ["rawValue"], let argument = call.arguments.first {
            let typeText: String? =
                name == "init" ? receiverExpression.flatMap { typeName(of: $0, env) } : (SyntaxQueries.looksLikeTypeName(name) ? name : nil)
            if name == "init" || typeText != nil {
                let raw = evaluate(argument.expression, env)
                return raw.map(
                    { if case .integer(let number) = $0 { return .rawValue(number, type: typeText) } else { return nil } },
                    failure: { ResolutionGap(file: env.file.path, line: env.file.line(of: argument), column: 1, reason: "rawValue is not a known integer") })
            }
        }
        // `a.merging(b) { … }` on dictionaries (the new value wins, as `{ $1 }` says).
        if let receiverExpression, name == "merging", !call.arguments.isEmpty {
            let left = evaluate(receiverExpression, env)
            let right = evaluate(call.arguments.first!.expression, env)
            return combine([left, right], failure: gapValue(call, env, "`merging` of values that are not known dictionaries")) {
                DictionaryAlgebra.merging($0[0], $0[1])
            }
        }
        // Set algebra on option sets and arrays.
        if let receiverExpression, Self.setAlgebra.contains(name), call.arguments.count == 1 {
            let left = evaluate(receiverExpression, env)
            let right = evaluate(call.arguments.first!.expression, env)
            let failure = gapValue(call, env, "`\(name)` of values that are not known option sets")
            return combine([left, right], failure: failure) { values in SetAlgebra.apply(name, values[0], values[1]) }
        }
        // Functions declared in the scan.
        if let function = declaredFunction(named: name, labels: labels, receiver: receiverExpression, at: call, env) {
            return evaluateFunction(function, call: call, receiver: receiverExpression, env)
        }
        if SyntaxQueries.looksLikeTypeName(name) && index(env).isDeclaredType(name) {
            // Constructing a type of the scan: keep the arguments, the instance itself is not modelled.
            return callValue(name: name, receiver: nil, call: call, env)
        }
        let receiver = receiverExpression.map { expression -> Resolution in
            if let type = typeName(of: expression, env) { return .value(.symbol(type)) }
            return evaluateOrOpaque(expression, env)
        }
        // A library type's construction: only the arguments a check reads are followed.
        let argumentsRead = SyntaxQueries.looksLikeTypeName(name) ? constructionArgumentsRead[name] : nil
        return callValue(name: name, receiver: receiver, call: call, argumentsRead: argumentsRead, env)
    }

    private func callValue(
        name: String, receiver: Resolution?, call: FunctionCallExprSyntax, argumentsRead: Set<String>? = nil, _ env: Environment
    ) -> Resolution {
        var parts = call.arguments.map { argument -> Resolution in
            if let argumentsRead, !argumentsRead.contains(argument.label?.text ?? "_"), !SyntaxQueries.isPlainLiteral(argument.expression) {
                return .value(.opaque(SyntaxQueries.shortText(argument.expression, limit: 40)))
            }
            return evaluateOrOpaque(argument.expression, env)
        }
        let labels = call.arguments.map { $0.label?.text }
        if let receiver { parts.insert(receiver, at: 0) }
        return combine(parts) { values in
            var values = values
            let receiverValue = receiver != nil ? values.removeFirst() : nil
            let arguments = zip(labels, values).map { Argument(label: $0.0, value: $0.1) }
            return .call(CallValue(name: name, receiver: receiverValue, arguments: arguments))
        }
    }

    private func declaredFunction(
        named name: String, labels: [String?], receiver: ExprSyntax?, at call: FunctionCallExprSyntax, _ env: Environment
    ) -> FunctionDeclaration? {
        let index = index(env)
        func matching(_ functions: [FunctionDeclaration]) -> [FunctionDeclaration] { functions.filter { Self.labelsMatch(labels, $0) } }
        // A method of a known type is looked up among that type's declarations first: every
        // function of a common name (`save`, declared in hundreds of types) would otherwise be
        // tested at each call. Only when the type has none do the others count.
        func methods(inType type: String) -> [FunctionDeclaration] { name == "init" ? [] : matching(index.methods(named: name, inType: type)) }
        var candidates: [FunctionDeclaration]
        if let receiver, let type = typeName(of: receiver, env) {
            candidates = methods(inType: type)
        } else if receiver == nil || SyntaxQueries.isSelf(receiver) {
            let own = enclosingTypeName(of: call, in: env.file)
            let inOwnType = own.map(methods(inType:)) ?? []
            if !inOwnType.isEmpty {
                candidates = inOwnType
            } else {
                candidates = matching(index.functions(named: name))
                if receiver == nil || own == nil {
                    let free = candidates.filter { $0.enclosingType == nil }
                    if receiver == nil || !free.isEmpty { candidates = free }
                }
            }
        } else if let receiver, let type = inferredType(of: receiver, env), case let typed = methods(inType: type), !typed.isEmpty {
            candidates = typed
        } else {
            candidates = matching(index.functions(named: name))
        }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// Whether a call's labels fit a declaration's parameters, allowing defaulted parameters to be omitted.
    static func labelsMatch(_ labels: [String?], _ function: FunctionDeclaration) -> Bool {
        matchArguments(labels, function.shapes) != nil
    }

    static func matchArguments(_ labels: [String?], _ parameters: FunctionParameterListSyntax) -> [Int?]? {
        matchArguments(labels, parameters.map(ParameterShape.init))
    }

    /// For each parameter, the index of the argument passed for it (nil: the default is used).
    static func matchArguments(_ labels: [String?], _ parameters: [ParameterShape]) -> [Int?]? {
        var result: [Int?] = []
        var argumentIndex = 0
        for parameter in parameters {
            let label = parameter.label
            if argumentIndex < labels.count, labels[argumentIndex] == label {
                result.append(argumentIndex)
                argumentIndex += 1
                if parameter.isVariadic {
                    while argumentIndex < labels.count, labels[argumentIndex] == nil { argumentIndex += 1 }
                }
            } else if parameter.hasDefault || parameter.isVariadic {
                result.append(nil)
            } else {
                return nil
            }
        }
        return argumentIndex == labels.count ? result : nil
    }

    private func evaluateFunction(
        _ function: FunctionDeclaration, call: FunctionCallExprSyntax, receiver: ExprSyntax?, _ env: Environment
    ) -> Resolution {
        let key = function.key
        guard !env.active.contains(key) else {
            return gap(call, env, "`\(function.name)` \(Self.cycleReason)", kind: .cycle)
        }
        guard function.hasBody else {
            return gap(call, env, "`\(function.name)` has no body the resolver can follow")
        }
        let labels = SyntaxQueries.labels(of: call)
        guard let matched = Self.matchArguments(labels, function.shapes) else {
            return gap(call, env, "arguments do not match `\(function.name)`")
        }
        let functionFile = function.file
        let (functionNode, parameters, functionBody) = function.syntax
        guard let body = functionBody else {
            return gap(call, env, "`\(function.name)` has no body the resolver can follow")
        }
        var inner = env.entering(key, file: functionFile)
        let arguments = SyntaxQueries.argumentExpressions(of: call)
        for (parameter, argumentIndex) in zip(parameters, matched) {
            let name = (parameter.secondName ?? parameter.firstName).text
            let parameterKey = ParameterKey(function: key, name: name)
            if let argumentIndex, argumentIndex < arguments.count {
                let argument = arguments[argumentIndex]
                inner.bindings[parameterKey] = ParameterBinding { [env] in self.evaluate(argument, env) }
            } else if let defaultValue = parameter.defaultValue {
                var defaultEnv = inner
                defaultEnv.bindings = [:]
                inner.bindings[parameterKey] = ParameterBinding { [defaultEnv] in
                    self.evaluate(defaultValue.value, defaultEnv)
                        .through(self.step(.parameterDefault, "default of `\(name)`", at: defaultValue.value, in: functionFile))
                }
            }
        }
        if let receiver {
            let receiverValue = evaluate(receiver, env)
            if receiverValue.values.contains(where: { enumCase(of: $0.value, env) != nil }) {
                inner.selfValue = receiverValue
                inner.selfInstances = nil
            } else {
                inner.selfValue = nil
                // The instance the method runs on, when its construction is known (InstanceSelf.swift).
                let instances = constructions(of: receiver, env, depth: 0)
                inner.selfInstances = instances?.isEmpty == false ? instances : nil
            }
        } else if function.enclosingType == nil {
            inner.selfValue = nil
            inner.selfInstances = nil
        }
        // A declared tuple result names the elements of the tuples it returns (TupleValues.swift).
        let result = labellingTuples(
            evaluateBody(body.statements, inner), by: functionNode.as(FunctionDeclSyntax.self)?.signature.returnClause?.type)
        if result.isEmpty { return gap(call, env, "`\(function.name)` returns nothing the resolver can see") }
        let qualified = function.enclosingType.map { "\($0).\(function.name)" } ?? function.name
        return result.through(step(.function, "`\(qualified)()`", at: functionNode, in: functionFile))
    }

    /// A parameter read inside its function, with no call being evaluated: the values its callers
    /// pass (each call site in the scan), and its default when a caller omits it or none is found.
    /// The call sites of a function (or initializer) in the scan that can reach it, each with the
    /// argument index passed for every parameter (nil: the default is used).
    func compatibleCallSites(of function: Syntax, _ env: Environment)
        -> (parameters: FunctionParameterListSyntax, sites: [(site: CallSite, matched: [Int?])])?
    {
        guard let parameters = Self.parameters(of: function) else { return nil }
        // The answer depends on the function alone; many parameters of one function, and many
        // questions about each, ask for it. (The cache keeps call sites by position, no syntax.)
        let sites = callers.value(for: NodeKey(file: env.file, node: function)) {
            computeCompatibleCallSites(of: function, parameters: parameters, env)
        }
        return sites.map { (parameters, $0) }
    }

    /// The calls in the scan that can reach `function` (a function or initializer declared in
    /// `file`), as the resolver matches them when it follows a parameter to its callers; nil when
    /// they are not followed (a common name called from more files than the bound).
    public func callSites(reaching function: Syntax, in file: SourceFile) -> [(file: SourceFile, call: FunctionCallExprSyntax)]? {
        let env = Environment(file: file, budget: StepBudget(limit: stepsPerQuestion))
        guard let (_, sites) = compatibleCallSites(of: function, env) else { return nil }
        return sites.map { $0.site.resolved }
    }

    static func parameters(of function: Syntax) -> FunctionParameterListSyntax? {
        SyntaxQueries.signature(of: function)?.parameters
    }

    private func computeCompatibleCallSites(of function: Syntax, parameters: FunctionParameterListSyntax, _ env: Environment)
        -> [(site: CallSite, matched: [Int?])]?
    {
        guard let calleeName = Self.calleeName(of: function) else { return nil }
        // An initializer's callers name its type and have no owner to check.
        let ownerType = function.is(InitializerDeclSyntax.self) ? nil : SyntaxQueries.enclosingTypeName(of: function)
        // A `private` helper is called from its own file only, however common its name.
        let fileOnly = SyntaxQueries.isCallableOnlyInItsFile(function)
        // A common method name (`save`, `add`) called from many files: following every call would
        // be slow and mostly about other methods of that name.
        guard fileOnly || !exceedsCallerSearch(calleeName, env) else { return nil }
        let all: [CallSite]
        let positions: [Int]
        if let files = fewCallerFiles(of: calleeName, fileOnly: fileOnly, env) {
            all = index.callSites(named: calleeName, inFiles: files)
            positions = reachingPositions(
                among: all, named: calleeName, ownerType: ownerType, isMethodOrFunction: function.is(FunctionDeclSyntax.self))
        } else {
            all = index.callSites(named: calleeName)
            // `save(flags:)` (or `self.save(flags:)`) inside another type that declares its own `save`
            // calls that one, not this function; `backup.save(…)` on another type's instance calls
            // that type's method (`CallSiteBindings.swift`).
            var candidates = index(env).callSitePositions(named: calleeName, in: all)
            if fileOnly { candidates = (candidates ?? Array(all.indices)).filter { all[$0].fileIndex == env.file.id } }
            positions = reachingPositions(
                ofCallsNamed: calleeName, sites: all, among: candidates, ownerType: ownerType,
                isMethodOrFunction: function.is(FunctionDeclSyntax.self))
        }
        var sites: [(site: CallSite, matched: [Int?])] = []
        let overloads = otherOverloads(of: function, named: calleeName, ownerType: ownerType, env)
        for position in positions {
            let site = all[position]
            guard let matched = Self.matchArguments(site.labels, parameters) else { continue }
            if !overloads.isEmpty, runsAnotherOverload(site, matched: matched, parameters: parameters, overloads: overloads, env) { continue }
            sites.append((site, matched))
        }
        // An initializer also runs for the constructions that do not name its type in their
        // callee (`.init(…)` where the context writes the type, `Self(…)`, `T.init(…)`).
        if function.is(InitializerDeclSyntax.self) {
            let scoped = index(env)
            for site in unnamedConstructions(ofType: calleeName).decided
            where scoped.mayCall(from: site.fileIndex) && (!fileOnly || site.fileIndex == env.file.id) {
                guard let matched = Self.matchArguments(site.labels, parameters) else { continue }
                sites.append((site, matched))
            }
        }
        return sites
    }

    /// The other functions of `function`'s name declared where it is (the methods of its type, or
    /// the free functions of the scan), with their parameters: the overloads a call of the name
    /// may run instead. Empty for an initializer, whose overloads are told apart by labels.
    private func otherOverloads(of function: Syntax, named name: String, ownerType: String?, _ env: Environment)
        -> [(shapes: [ParameterShape], parameters: FunctionParameterListSyntax)]
    {
        guard function.is(FunctionDeclSyntax.self) else { return [] }
        let own = NodeKey(file: env.file, node: function)
        let declared = ownerType.map { index(env).methods(named: name, inType: $0) } ?? index(env).functions(named: name).filter { $0.enclosingType == nil }
        guard declared.count > 1 else { return [] }
        return declared.filter { $0.key != own }.map { ($0.shapes, $0.parameters) }
    }

    /// Whether a call whose labels fit `parameters` runs another overload of the name instead:
    /// an argument's evident type (a string literal, a construction `Data(…)`, a name declared
    /// with its type) is not the type this function declares for it, and is the type another
    /// overload whose labels the call fits declares there. `store(Data(token.utf8), key: key)`
    /// inside `store(_ token: String, key:)` calls `store(_ data: Data, key:)`; counting it as a
    /// call of the `String` overload too would make that function a caller of itself, and the
    /// cycle would hide what its real callers pass. Any doubt keeps the call.
    private func runsAnotherOverload(
        _ site: CallSite, matched: [Int?], parameters: FunctionParameterListSyntax,
        overloads: [(shapes: [ParameterShape], parameters: FunctionParameterListSyntax)], _ env: Environment
    ) -> Bool {
        let fitting = overloads.compactMap { overload in Self.matchArguments(site.labels, overload.shapes).map { (overload.parameters, $0) } }
        guard !fitting.isEmpty else { return false }
        let (siteFile, call) = site.resolved
        let arguments = SyntaxQueries.argumentExpressions(of: call)
        let siteEnv = env.withFile(siteFile)
        for (parameterIndex, argumentIndex) in matched.enumerated() {
            guard let argumentIndex, argumentIndex < arguments.count else { continue }
            let ownType = TypeNames.baseName(of: parameters[parameters.index(parameters.startIndex, offsetBy: parameterIndex)].type)
            guard let evident = evidentType(of: arguments[argumentIndex], siteEnv), evident != ownType else { continue }
            for (otherParameters, otherMatched) in fitting {
                guard let otherIndex = otherMatched.firstIndex(of: argumentIndex) else { continue }
                let otherType = TypeNames.baseName(of: otherParameters[otherParameters.index(otherParameters.startIndex, offsetBy: otherIndex)].type)
                if otherType == evident { return true }
            }
        }
        return false
    }

    /// The type an argument evidently has without resolving its value: `String` for a string
    /// literal, else the declared or constructed type `inferredType(of:)` reads. Nil when unsure.
    private func evidentType(of expression: ExprSyntax, _ env: Environment) -> String? {
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        return inferredType(of: expression, env)
    }

    /// The name its callers spell: a function's name, an initializer's type.
    static func calleeName(of function: Syntax) -> String? {
        if let decl = function.as(FunctionDeclSyntax.self) { return decl.name.text }
        if function.is(InitializerDeclSyntax.self) { return SyntaxQueries.enclosingTypeName(of: function) }
        return nil
    }

    /// The files whose calls of `name` may reach a function of the asking file, when the
    /// scan-wide search of its calls has not been made and searching only them saves work: they
    /// are few beside the files that mention the name, or the scan-wide search would parse
    /// several files (beyond those parsed anyway) that cannot call the function. Searching only
    /// them gives the same calls (`reachingPositions(among:…)`). Nil: search the scan
    /// (`callSites(named:)`), whose answer later questions about the name share.
    private func fewCallerFiles(of name: String, fileOnly: Bool, _ env: Environment) -> [Int]? {
        guard !index.hasSearchedCallSites(named: name) else { return nil }
        let scoped = index(env)
        var files = scoped.callerFiles(mentioning: name)
        if fileOnly { files = files.filter { $0 == env.file.id } }
        let mentioning = index.files(mentioning: name)
        if files.count * 8 <= mentioning.count { return files }
        return scoped.extraParses(mentioning) >= scoped.extraParses(files) + Self.parsesWorthNarrowing ? files : nil
    }

    /// Files a narrowed caller search must save from parsing to be preferred to the scan-wide one.
    static let parsesWorthNarrowing = 8

    /// Whether more files than `maximumCallerFiles` (beyond those parsed anyway) may call a
    /// function named `name` declared in the asking file.
    private func exceedsCallerSearch(_ name: String, _ env: Environment) -> Bool {
        index(env).extraParses(index(env).callerFiles(mentioning: name)) > Self.maximumCallerFiles
    }

    /// A parameter read inside its function, with no call being evaluated: the values its callers
    /// pass (each call site in the scan), and its default when a caller omits it or none is found.
    func evaluateParameterFromCallers(
        _ parameter: FunctionParameterSyntax, function: Syntax, use: Syntax, _ env: Environment
    ) -> Resolution {
        // The answer depends on the parameter and the use alone (callers are evaluated with no
        // bindings and no `self`), except where a cycle or the depth limit cut it short.
        let key = UseKey(use: NodeKey(file: env.file, node: use), depth: env.depth)
        return answer(for: key, in: \.callerArgumentCache, at: use, env) {
            computeParameterFromCallers(parameter, function: function, use: use, env)
        }
    }

    private func computeParameterFromCallers(
        _ parameter: FunctionParameterSyntax, function: Syntax, use: Syntax, _ env: Environment
    ) -> Resolution {
        let name = (parameter.secondName ?? parameter.firstName).text
        let functionKey = NodeKey(file: env.file, node: function)
        guard !env.active.contains(functionKey) else {
            return gap(use, env, "`\(name)` \(Self.cycleReason)", kind: .cycle)
        }
        guard let (parameters, sites) = compatibleCallSites(of: function, env),
            let position = parameters.firstIndex(where: { $0.id == parameter.id })
        else {
            if let callee = Self.calleeName(of: function), !SyntaxQueries.isCallableOnlyInItsFile(function),
                exceedsCallerSearch(callee, env)
            {
                return gap(
                    use, env, "`\(name)`: more than \(Self.maximumCallerFiles) files may call `\(callee)`, so its callers are not followed",
                    kind: .searchLimit)
            }
            return gap(use, env, "`\(name)` is a parameter the resolver cannot trace to callers")
        }
        env.parameterUses?.record(functionKey, name)
        let parameterIndex = parameters.distance(from: parameters.startIndex, to: position)
        var result = Resolution()
        var usesDefault = false
        var inner = env.entering(functionKey, file: env.file)
        inner.bindings = [:]
        inner.selfValue = nil
        inner.selfInstances = nil
        for (number, (site, matched)) in sites.enumerated() {
            guard number < Self.maximumCallSites else {
                result = result.merging(gap(use, env, "more than \(Self.maximumCallSites) calls pass `\(name)`", kind: .searchLimit))
                break
            }
            if let argumentIndex = matched[parameterIndex] {
                let (siteFile, call) = site.resolved
                var siteEnv = inner
                siteEnv.file = siteFile
                // Indexes count trailing closures too (`save { }`), as the labels they matched.
                let arguments = SyntaxQueries.argumentExpressions(of: call)
                guard argumentIndex < arguments.count else { continue }
                let argument = arguments[argumentIndex]
                result = result.merging(
                    evaluate(argument, siteEnv)
                        .through(step(.argument, "argument `\(name)` of the call", at: call, in: siteFile)))
            } else {
                usesDefault = true
            }
        }
        // A `.init(…)` whose context does not write its type may run this initializer too.
        if function.is(InitializerDeclSyntax.self), let typeName = Self.calleeName(of: function),
            let reason = undecidedConstructionReason(
                unnamedConstructions(ofType: typeName).undecided, typeName: typeName, use: "through this initializer", env,
                accepts: { Self.matchArguments($0, parameters) != nil })
        {
            result = result.merging(gap(use, env, reason))
        }
        if usesDefault || sites.isEmpty, let defaultValue = parameter.defaultValue {
            result = result.merging(
                evaluate(defaultValue.value, inner)
                    .through(step(.parameterDefault, "default of `\(name)`", at: defaultValue.value, in: env.file)))
        }
        if result.isEmpty {
            return gap(use, env, "parameter `\(name)` has no default and no caller in the scan")
        }
        return result
    }

    /// When an expression inside a function depends on two or more of its parameters, resolving
    /// each parameter from all callers separately would pair one call's `service` with another
    /// call's `access`. Instead, evaluate the expression once per call site with all parameters
    /// bound from that call (context-sensitive at the first level).
    func evaluatePerCallSite(_ expression: ExprSyntax, function: Syntax, _ env: Environment) -> Resolution? {
        guard let (parameters, sites) = compatibleCallSites(of: function, env), !sites.isEmpty else { return nil }
        let functionKey = NodeKey(file: env.file, node: function)
        var result = Resolution()
        for (number, (site, matched)) in sites.enumerated() {
            guard number < Self.maximumCallSites else {
                result = result.merging(gap(expression, env, "more than \(Self.maximumCallSites) calls reach this function", kind: .searchLimit))
                break
            }
            let (siteFile, call) = site.resolved
            var callerEnv = env.entering(functionKey, file: siteFile)
            callerEnv.bindings = [:]
            callerEnv.selfValue = nil
            callerEnv.selfInstances = nil
            var bound = env
            let arguments = SyntaxQueries.argumentExpressions(of: call)
            for (parameter, argumentIndex) in zip(parameters, matched) {
                let name = (parameter.secondName ?? parameter.firstName).text
                let key = ParameterKey(function: functionKey, name: name)
                if let argumentIndex, argumentIndex < arguments.count {
                    let argument = arguments[argumentIndex]
                    bound.bindings[key] = ParameterBinding { [callerEnv] in
                        self.evaluate(argument, callerEnv)
                            .through(self.step(.argument, "argument `\(name)` of the call", at: call, in: siteFile))
                    }
                } else if let defaultValue = parameter.defaultValue {
                    var defaultEnv = callerEnv
                    defaultEnv.file = env.file
                    let file = env.file
                    bound.bindings[key] = ParameterBinding { [defaultEnv] in
                        self.evaluate(defaultValue.value, defaultEnv)
                            .through(self.step(.parameterDefault, "default of `\(name)`", at: defaultValue.value, in: file))
                    }
                }
            }
            result = result.merging(evaluate(expression, bound))
        }
        return result
    }
}
