import KeychainLintModel
import SwiftSyntax

// Branches that cannot run. A value assigned or returned in a branch is a possible value only when
// the branch can run: `if strict { return a } else { return b }` called as `f(strict: true)` can
// only return `a`, and a `switch` over a parameter that every caller passes `.whenUnlocked` runs
// only that case. What decides it is the same knowledge the resolver has of the tested name.

extension ValueResolver {
    /// The values of a name a branch tests, when all of them are known: `self` when a member is
    /// evaluated on a known enum case; a parameter bound by the call being evaluated; or a
    /// parameter read with no call being evaluated, from what the scan's callers pass, when no
    /// code outside the scan can call the function (it is not `public` or `open`, or it is in a
    /// framework that only the scan's apps link, `ModuleScope.isClosedToOtherCode`: the scan is
    /// then taken as the whole program, as it is when a parameter's value comes from its
    /// callers). Nil when anything is unknown: a gap, no caller, a value of another kind.
    func knownSubject(_ expression: ExprSyntax, _ env: Environment) -> Resolution? {
        let subject = SyntaxQueries.unwrapTransparent(expression)
        // `self.protection`: the stored property, as the bare name below.
        if let member = subject.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
            let base = member.base.map(SyntaxQueries.unwrapTransparent)?.as(DeclReferenceExprSyntax.self), base.baseName.text == "self",
            let settable = Self.enclosingTypeStores(member.declName.baseName.text, at: Syntax(member)),
            !settable || isClosedToOtherCode(env)
        {
            return completelyKnown(evaluate(subject, env), subject, env)
        }
        guard let reference = subject.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return nil }
        let name = reference.baseName.text
        var known: Resolution?
        let local = LocalScope.lookup(name, from: Syntax(reference))
        if name == "self" {
            known = env.selfValue
        } else if case .parameter(_, let function)? = local {
            if let bound = env.bindings[ParameterKey(function: NodeKey(file: env.file, node: function), name: name)] {
                known = bound.resolution
            } else if !SyntaxQueries.isCallableFromOtherModules(function) || isClosedToOtherCode(env) {
                known = evaluate(ExprSyntax(reference), env)
            }
        } else if local == nil, let settable = Self.enclosingTypeStores(name, at: Syntax(reference)), !settable || isClosedToOtherCode(env) {
            // A stored property of the type the branch is in: what the resolver knows it holds
            // (its initial value and every assignment the scan makes). A wrapper's `switch
            // protection` over a property only its initializer sets then runs only that case. One
            // that code of other modules may set (`public var`) holds what a library's users
            // choose, which the scan does not show: not decided, unless only the scan's apps link it.
            known = evaluate(ExprSyntax(reference), env)
        }
        return completelyKnown(known, subject, env)
    }

    /// `known` narrowed to the cases of a clause over the same name, when it has values and no gap.
    private func completelyKnown(_ known: Resolution?, _ subject: ExprSyntax, _ env: Environment) -> Resolution? {
        // Inside a clause over the same name, only the cases it matches (SubjectNarrowing.swift).
        guard let known = known.map({ narrowed($0, by: caseNarrowing(of: subject, at: Syntax(subject), in: env.file), env) }),
            known.gaps.isEmpty, !known.values.isEmpty
        else { return nil }
        return known
    }

    /// Whether code of other modules may set the stored property `name` that the class, struct
    /// or actor declaration `node` is written in declares among its own members (a `var` or
    /// `let` without accessors): true for a `public` or `open` `var` whose setter is not narrowed
    /// (`public private(set) var`); nil when the type declares no such stored property.
    static func enclosingTypeStores(_ name: String, at node: Syntax) -> Bool? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(ClassDeclSyntax.self) || candidate.is(StructDeclSyntax.self) || candidate.is(ActorDeclSyntax.self) {
                for member in memberList(of: candidate) {
                    guard let variable = member.decl.as(VariableDeclSyntax.self),
                        !variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
                        variable.bindings.contains(where: { binding in
                            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name && binding.accessorBlock == nil
                        })
                    else { continue }
                    guard variable.bindingSpecifier.text == "var" else { return false }
                    let narrowedSetter = variable.modifiers.contains { $0.detail?.detail.text == "set" && $0.name.text != "public" && $0.name.text != "open" }
                    return !narrowedSetter && SyntaxQueries.isCallableFromOtherModules(Syntax(variable))
                }
                return nil
            }
            if candidate.is(EnumDeclSyntax.self) || candidate.is(ExtensionDeclSyntax.self) || candidate.is(ProtocolDeclSyntax.self) {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// Whether only the scan's code can call the code of the file being evaluated, though it may
    /// be `public` (`ModuleScope.isClosedToOtherCode`).
    func isClosedToOtherCode(_ env: Environment) -> Bool {
        index.scope?.isClosedToOtherCode(env.file.id) ?? false
    }

    /// The Bool values a branch condition can have, when all are known: a single condition that
    /// is a known name (`strict`), its negation (`!strict`), a test of a known name for `nil`
    /// (`access == nil`, `access != nil`), or an optional binding of one (`if let access`,
    /// `if let flags = access`), taken when the value is not `nil`. Nil otherwise: a condition
    /// list, another comparison.
    func knownConditionValues(_ conditions: ConditionElementListSyntax, _ env: Environment) -> Set<Bool>? {
        guard conditions.count == 1, let only = conditions.first else { return nil }
        switch only.condition {
        case .expression(let expression):
            return knownBoolValues(expression, env)
        case .optionalBinding(let binding):
            let isNil = binding.initializer.map { knownNilness($0.value, env) } ?? knownNilness(ofShorthandBinding: binding, env)
            return isNil.map { Set($0.map { !$0 }) }
        default:
            return nil
        }
    }

    func knownBoolValues(_ expression: ExprSyntax, _ env: Environment) -> Set<Bool>? {
        let inner = SyntaxQueries.unwrapTransparent(expression)
        if let prefix = inner.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return knownBoolValues(prefix.expression, env).map { Set($0.map { !$0 }) }
        }
        if let infix = inner.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!="
        {
            let left = SyntaxQueries.unwrapTransparent(infix.leftOperand)
            let right = SyntaxQueries.unwrapTransparent(infix.rightOperand)
            let tested = right.is(NilLiteralExprSyntax.self) ? left : left.is(NilLiteralExprSyntax.self) ? right : nil
            guard let tested, let isNil = knownNilness(tested, env) else { return nil }
            return op == "==" ? isNil : Set(isNil.map { !$0 })
        }
        guard let known = knownSubject(inner, env) else { return nil }
        var values = Set<Bool>()
        for traced in known.values {
            guard case .bool(let flag) = traced.value else { return nil }
            values.insert(flag)
        }
        return values
    }

    /// Whether a name tested for `nil` is `nil`, for each value it can have, when every value is
    /// known and evidently `nil` or evidently not: a known subject as above, or a `let` local or a
    /// case's associated value, which keep the value they were bound to. A parameter that every
    /// caller passes `.biometryCurrentSet` is never `nil`, so the branch for `nil` cannot run. Nil
    /// when a value is unknown, or is a call's result, which may be `nil`.
    /// A stored property of a `public` type is not decided this way outside an app's closed
    /// framework: code of other modules builds instances too, and an optional its initializer
    /// takes (`init(password: String? = nil)`) is then often `nil`, whatever the scan's callers pass.
    func knownNilness(_ expression: ExprSyntax, _ env: Environment) -> Set<Bool>? {
        guard let subject = Self.nilTestedName(expression) else { return nil }
        if Self.isStoredPropertyOfPublicType(subject), !isClosedToOtherCode(env) { return nil }
        // A parameter no call being evaluated binds: what the callers pass, read from its text.
        if let reference = subject.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            case .parameter(let parameter, let function)? = LocalScope.lookup(reference.baseName.text, from: Syntax(reference)),
            env.bindings[ParameterKey(function: NodeKey(file: env.file, node: function), name: reference.baseName.text)] == nil
        {
            return evidentNilnessFromCallers(parameter, function: function, env)
        }
        if let known = knownSubject(subject, env) { return Self.nilness(of: known) }
        guard let reference = subject.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            let local = LocalScope.lookup(reference.baseName.text, from: Syntax(reference)), Self.keepsItsBoundValue(local)
        else { return nil }
        return completelyKnown(evaluate(subject, env), subject, env).flatMap(Self.nilness(of:))
    }

    /// The name whose value decides a test for nil of `expression`: through parentheses, `try`,
    /// `try!`, `await`, `as` and `as!`. Nil through what may give nil of its own: `as?` (a cast
    /// that fails), `try?` (a call that throws), optional chaining.
    private static func nilTestedName(_ expression: ExprSyntax) -> ExprSyntax? {
        var current = expression
        while true {
            if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first?.label == nil,
                let inner = tuple.elements.first?.expression
            {
                current = inner
            } else if let cast = current.as(AsExprSyntax.self) {
                if cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark { return nil }
                current = cast.expression
            } else if let tryExpr = current.as(TryExprSyntax.self) {
                if tryExpr.questionOrExclamationMark?.tokenKind == .postfixQuestionMark { return nil }
                current = tryExpr.expression
            } else if let awaitExpr = current.as(AwaitExprSyntax.self) {
                current = awaitExpr.expression
            } else if current.is(OptionalChainingExprSyntax.self) {
                return nil
            } else {
                return current
            }
        }
    }

    /// `self.name` or a bare `name` that is a stored property of the enclosing type, when that
    /// type is `public` or `open`.
    private static func isStoredPropertyOfPublicType(_ subject: ExprSyntax) -> Bool {
        let name: String
        if let member = subject.as(MemberAccessExprSyntax.self),
            member.base.map(SyntaxQueries.unwrapTransparent)?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            name = member.declName.baseName.text
        } else if let reference = subject.as(DeclReferenceExprSyntax.self), LocalScope.lookup(reference.baseName.text, from: Syntax(reference)) == nil {
            name = reference.baseName.text
        } else {
            return false
        }
        guard enclosingTypeStores(name, at: Syntax(subject)) != nil else { return false }
        var current = subject.parent
        while let candidate = current {
            if candidate.is(ClassDeclSyntax.self) || candidate.is(StructDeclSyntax.self) || candidate.is(ActorDeclSyntax.self) {
                return SyntaxQueries.isCallableFromOtherModules(candidate)
            }
            current = candidate.parent
        }
        return false
    }

    /// `if let access` (no `= value`): whether the outer `access` it binds is `nil`, as
    /// `knownNilness` tells for `access` written there.
    private func knownNilness(ofShorthandBinding binding: OptionalBindingConditionSyntax, _ env: Environment) -> Set<Bool>? {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let outer = LocalScope.lookup(name, from: Syntax(binding))
        else { return nil }
        let known: Resolution
        if case .parameter(let parameter, let function) = outer {
            guard let bound = env.bindings[ParameterKey(function: NodeKey(file: env.file, node: function), name: name)] else {
                return evidentNilnessFromCallers(parameter, function: function, env)
            }
            known = bound.resolution
        } else if Self.keepsItsBoundValue(outer) {
            known = evaluateLocal(name, outer, use: Syntax(binding), env)
        } else {
            return nil
        }
        guard known.gaps.isEmpty, !known.values.isEmpty else { return nil }
        return Self.nilness(of: known)
    }

    /// Whether each argument the scan's callers pass for `parameter` is `nil`, read from the
    /// argument's text alone (`nil`; a literal; `.member` or `Type.member`), or from the default
    /// a call leaves it to, when no code outside the scan can call the function. Nil when one is
    /// anything else (a variable, a call), or there is no caller. Reading the text, not following
    /// each argument's value through its own callers, keeps the many `if let` tests over
    /// parameters of the code that builds queries cheap.
    private func evidentNilnessFromCallers(_ parameter: FunctionParameterSyntax, function: Syntax, _ env: Environment) -> Set<Bool>? {
        guard !SyntaxQueries.isCallableFromOtherModules(function) || isClosedToOtherCode(env),
            let (parameters, sites) = compatibleCallSites(of: function, env), !sites.isEmpty,
            let position = parameters.firstIndex(where: { $0.id == parameter.id })
        else { return nil }
        let parameterIndex = parameters.distance(from: parameters.startIndex, to: position)
        var result = Set<Bool>()
        for (site, matched) in sites {
            let argument: ExprSyntax
            if parameterIndex < matched.count, let argumentIndex = matched[parameterIndex] {
                let arguments = SyntaxQueries.argumentExpressions(of: site.resolved.call)
                guard argumentIndex < arguments.count else { return nil }
                argument = arguments[argumentIndex]
            } else if let defaultValue = parameter.defaultValue {
                argument = defaultValue.value
            } else {
                return nil
            }
            guard let isNil = Self.evidentNilness(argument) else { return nil }
            result.insert(isNil)
        }
        return result
    }

    /// `nil` → true; a literal, `.member` or `Type.member` (not `.none`) → false; else nil.
    static func evidentNilness(_ expression: ExprSyntax) -> Bool? {
        var current = expression
        while let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first?.label == nil,
            let inner = tuple.elements.first?.expression
        {
            current = inner
        }
        if current.is(NilLiteralExprSyntax.self) { return true }
        if current.is(StringLiteralExprSyntax.self) || current.is(IntegerLiteralExprSyntax.self) || current.is(FloatLiteralExprSyntax.self)
            || current.is(BooleanLiteralExprSyntax.self) || current.is(ArrayExprSyntax.self) || current.is(DictionaryExprSyntax.self)
        {
            return false
        }
        guard let member = current.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return nil }
        let name = member.declName.baseName.text
        if name == "none" || name == "some" { return nil }
        guard let base = member.base else { return false }
        guard let typeName = base.as(DeclReferenceExprSyntax.self)?.baseName.text, SyntaxQueries.looksLikeTypeName(typeName) else { return nil }
        return false
    }

    /// A local whose value is the one it was bound to wherever it is read: a `let` or a case's
    /// associated value.
    private static func keepsItsBoundValue(_ local: LocalBinding) -> Bool {
        switch local {
        case .variable(let declaration, _, _, _): declaration.bindingSpecifier.tokenKind == .keyword(.let)
        case .casePayload: true
        default: false
        }
    }

    /// For each value, whether it is `nil`; nil when one is neither evidently `nil` nor evidently
    /// a value (a call's result, an unknown part, `.none`).
    private static func nilness(of known: Resolution) -> Set<Bool>? {
        var result = Set<Bool>()
        for traced in known.values {
            switch traced.value {
            case .null: result.insert(true)
            case .member(let name, _) where name == "none" || name == "some": return nil
            case .member, .symbol, .string, .integer, .bool, .array, .rawValue, .dictionary: result.insert(false)
            case .call, .opaque, .tuple: return nil
            }
        }
        return result.isEmpty ? nil : result
    }

    /// Whether the branch of an `if` taken when its condition is `outcome` can run.
    func ifBranchMayRun(_ conditions: ConditionElementListSyntax, when outcome: Bool, _ env: Environment) -> Bool {
        knownConditionValues(conditions, env)?.contains(outcome) ?? true
    }

    /// Whether the branch of a ternary taken when its condition is `outcome` can run.
    func ternaryBranchMayRun(_ ternary: TernaryExprSyntax, when outcome: Bool, _ env: Environment) -> Bool {
        knownBoolValues(ternary.condition, env)?.contains(outcome) ?? true
    }
}
