import KeychainLintModel
import SwiftSyntax

/// Several expressions of one call resolved together, per instance of `self`.
///
/// A check that judges two arguments of one call together (the protection and the flags of
/// `SecAccessControlCreateWithFlags`) must judge the pairs that occur. Inside a method of a
/// settings type that several instances share (a key pair's public-key and private-key access),
/// each argument resolved on its own holds the values of every instance, and pairing them pairs
/// one instance's protection with another's flags: a pair no instance has. Here each expression
/// is resolved once per instance `self` can be, so each case holds one instance's values.
///
/// The instances of a method are:
/// - the receivers of its calls in the scan, when no other module can call it and every call
///   has a receiver whose construction is known (InstanceSelf.swift);
/// - otherwise every construction of its type the scan makes (its presets, defaults and the
///   calls of its initializers), when those are all the instances the scan's code can hold: the
///   type cannot be subclassed, no initializer delegates to another, and every stored property
///   is a `let` or a `var` only the type's own code may set (`private`, `private(set)`). A
///   method other modules can call runs on these too: on the library's own presets and on the
///   instances the scan's code builds.
///
/// An instance built outside the scan holds what its builder chose: when an initializer other
/// modules can call takes parameters (a struct's memberwise initializer never can: it is at
/// most `internal`), one more case holds a gap for each expression, so that nothing is judged
/// about such instances and `--verbose` says why.
///
/// Nil, and each expression is resolved on its own as before, when the expressions are not in
/// one instance method, when its instances are not known, or when the instances' values do not
/// cover every value the expression has on its own (a construction not found, a value set
/// elsewhere): the cases would then miss a pair that occurs.
extension ValueResolver {
    public func resolveJointly(_ expressions: [ExprSyntax], in file: SourceFile) -> [[Resolution]]? {
        guard expressions.count > 1, let method = Self.enclosingInstanceMethod(of: Syntax(expressions[0])),
            expressions.allSatisfy({ Self.enclosingInstanceMethod(of: Syntax($0))?.id == method.id })
        else { return nil }
        let plain = expressions.map { resolve($0, in: file) }
        // Only values that could be paired wrongly are worth the work: beside an expression with
        // one value (or none), each value of the others pairs the same way on every instance.
        guard plain.filter({ $0.values.count > 1 }).count > 1 else { return nil }
        return perInstance(expressions, plain: plain, of: method, in: file)
    }

    /// The dictionaries `expression` can be (its resolution on its own is `plain`), one
    /// resolution per instance of `self` (and a gap for each instance whose values are not
    /// known): a query built in a method of a settings type from two of its properties
    /// (`kSecAttrAccessible: accessibility, kSecAttrSynchronizable: synchronizable`) holds one
    /// instance's accessibility with the same instance's synchronizable, never another's. Nil, as
    /// for `resolveJointly`, when the instances are not known or do not cover every entry the
    /// dictionaries have on their own, and when no two entries vary between the dictionaries
    /// (then no dictionary pairs values of two instances).
    public func resolvePerInstance(dictionary expression: ExprSyntax, plain: Resolution, in file: SourceFile) -> [Resolution]? {
        guard plain.values.count > 1, Self.entriesVarying(plain.values.map(\.value)) > 1,
            let method = Self.enclosingInstanceMethod(of: Syntax(expression))
        else { return nil }
        return perInstance([expression], plain: [plain], of: method, in: file)?.map { $0[0] }
    }

    /// How many keys have more than one value across `dictionaries`.
    private static func entriesVarying(_ dictionaries: [Value]) -> Int {
        var valuesByKey: [Value: Set<Value>] = [:]
        for case .dictionary(let entries) in dictionaries {
            for entry in entries { valuesByKey[entry.key, default: []].insert(entry.value) }
        }
        return valuesByKey.values.filter { $0.count > 1 }.count
    }

    /// What must come from some instance for the per-instance cases to hold every value an
    /// expression has on its own: the value itself, or each entry of a dictionary (a dictionary
    /// pairing two instances' entries is exactly what the cases leave out).
    private static func parts(of value: Value) -> [Value] {
        guard case .dictionary(let entries) = value else { return [value] }
        return entries.map { .dictionary([DictionaryEntry(key: $0.key, value: $0.value)]) }
    }

    /// `expressions`, written in `method`, resolved once per instance the method runs on.
    private func perInstance(_ expressions: [ExprSyntax], plain: [Resolution], of method: FunctionDeclSyntax, in file: SourceFile)
        -> [[Resolution]]?
    {
        let budget = StepBudget(limit: stepsPerQuestion)
        var env = Environment(file: file, budget: budget)
        env.questionMemo = QuestionMemo()
        guard let (instances, outsideReason, unknownReason) = jointInstances(of: method, at: Syntax(expressions[0]), env),
            !instances.isEmpty
        else { return nil }
        var cases: [[Resolution]] = []
        for instance in instances {
            var inner = env
            inner.selfInstances = [instance]
            let resolutions = expressions.map { evaluate($0, inner) }
            guard !budget.isExhausted, !resolutions.contains(where: { $0.gaps.contains(where: \.isAnalysisLimit) }) else { return nil }
            cases.append(resolutions)
        }
        // Every value an expression has on its own must come from some instance.
        for (position, resolution) in plain.enumerated() {
            let perInstance = Set(cases.flatMap { $0[position].values.flatMap { Self.parts(of: $0.value) } })
            guard resolution.values.allSatisfy({ Self.parts(of: $0.value).allSatisfy(perInstance.contains) }) else { return nil }
        }
        for reason in [outsideReason, unknownReason].compactMap({ $0 }) {
            cases.append(expressions.map { gap($0, env, reason) })
        }
        return cases
    }

    /// The instances `method` runs on when judged on its own, why instances built outside the
    /// scan are not known (nil when none can be built there), and why one built in the scan is
    /// not (nil when every one is).
    private func jointInstances(of method: FunctionDeclSyntax, at node: Syntax, _ env: Environment)
        -> (instances: [InstanceSource], outside: String?, unknown: String?)?
    {
        if !SyntaxQueries.isCallableFromOtherModules(Syntax(method)), let receivers = selfInstances(at: node, env) {
            return (receivers, nil, nil)
        }
        guard let typeName = SyntaxQueries.enclosingTypeName(of: method) else { return nil }
        return everyConstruction(ofType: typeName, methodName: method.name.text, env)
    }

    /// Each construction of `typeName` in the scan (`T(…)`, `T.init(…)`, `Self(…)`, `.init(…)`
    /// where the context writes the type), when those are all the instances the scan's code can
    /// hold (see the type's comment); with the reason instances built outside the scan are not
    /// known, when an initializer other modules can call takes parameters (`outside`), and the
    /// reason one built in the scan is not known, when a `.init(…)` whose context does not write
    /// its type may build one (`unknown`).
    func everyConstruction(ofType typeName: String, methodName: String, _ env: Environment)
        -> (instances: [InstanceSource], outside: String?, unknown: String?)?
    {
        guard index.declaresPrimaryType(typeName) else { return nil }
        let declarations = index(env).types(named: typeName)
        guard !declarations.isEmpty, declarations.allSatisfy({ Self.cannotBeSubclassed($0) }) else { return nil }
        var outsideInitializer: InitializerDeclSyntax?
        for type in declarations {
            for member in Self.memberList(of: type.node) {
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    if initializer.body.map(Self.delegates) ?? true { return nil }
                    if !initializer.signature.parameterClause.parameters.isEmpty,
                        SyntaxQueries.isCallableFromOtherModules(Syntax(initializer))
                    {
                        outsideInitializer = outsideInitializer ?? initializer
                    }
                }
                if let variable = member.decl.as(VariableDeclSyntax.self), !Self.onlyTheTypeSets(variable) { return nil }
            }
        }
        guard let built = visibleConstructions(ofType: typeName, env) else { return nil }
        let instances: [InstanceSource] = built.map { ($0.call, $0.file, []) }
        let unnamed = unnamedConstructions(ofType: typeName)
        let outside = outsideInitializer.map { initializer in
            let labels = initializer.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            return "`\(methodName)()` may run on an instance of `\(typeName)` built outside the scan with `init(\(labels))`, "
                + "whose caller chooses its values: they are not known"
        }
        // A `.init(…)` whose context does not write the type, with arguments an initializer of the
        // type accepts, may be one more instance.
        let unknown = undecidedConstructionReason(unnamed.undecided, typeName: typeName, use: "that `\(methodName)()` may run on", env)
        return (instances, outside, unknown)
    }

    /// Whether only the type's own code (or its initializers) may set a stored property: a
    /// `let`, a `static` or computed property, or a `private`/`fileprivate` variable or one whose
    /// setter is.
    private static func onlyTheTypeSets(_ variable: VariableDeclSyntax) -> Bool {
        if variable.bindingSpecifier.tokenKind == .keyword(.let) { return true }
        if variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) { return true }
        if variable.bindings.allSatisfy({ Self.isComputed($0) }) { return true }
        return variable.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
    }

    /// A binding with a getter (`willSet`/`didSet` alone observe a stored property).
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case .getter?: true
        case .accessors(let list)?: list.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) }
        case nil: false
        }
    }
}
