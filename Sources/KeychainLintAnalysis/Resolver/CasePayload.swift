import KeychainLintModel
import SwiftSyntax

/// An associated value bound by one `case` pattern: `case let .valet(accessibility):` or
/// `case .biometric(let flags, _):` in a `switch`, or `if case let .key(tag, access) = spec`
/// (`guard case`, `while case`), binds a name to one payload position of one enum case.
/// Wrapper libraries keep their settings in such cases (`Configuration.valet(Accessibility)`).
struct CasePayload {
    /// The value matched: the `switch` subject, or the right side of the `case … =` condition.
    let subject: ExprSyntax
    /// The `switch` or the condition, for the path and the enclosing type.
    let matcher: Syntax
    let caseName: String
    /// Position of the bound value among the case's associated values, and its label if written.
    let position: Int
    let label: String?

    /// Nil unless exactly one item of the case binds `name`, as a plain identifier at one
    /// position of one enum case pattern (`case .a(let x), .b(let x)` and nested patterns are not followed).
    init?(binding name: String, in switchCase: SwitchCaseSyntax) {
        guard case .case(let label) = switchCase.label, label.caseItems.count == 1, let item = label.caseItems.first,
            let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
        else { return nil }
        self.init(binding: name, pattern: item.pattern, subject: switchExpr.subject, matcher: Syntax(switchExpr))
    }

    /// The same for a `case` condition: `if case let .key(tag, access) = spec`, `guard case .key(_, let access) = spec`.
    init?(binding name: String, in condition: MatchingPatternConditionSyntax) {
        self.init(binding: name, pattern: condition.pattern, subject: condition.initializer.value, matcher: Syntax(condition))
    }

    private init?(binding name: String, pattern: PatternSyntax, subject: ExprSyntax, matcher: Syntax) {
        var pattern = pattern
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        guard let call = pattern.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        for (position, argument) in call.arguments.enumerated() where Self.binds(argument.expression, name) {
            self.subject = subject
            self.matcher = matcher
            self.caseName = member.declName.baseName.text
            self.position = position
            self.label = argument.label?.text
            return
        }
        return nil
    }

    /// `x`, `let x` as one argument of the pattern.
    private static func binds(_ expression: ExprSyntax, _ name: String) -> Bool {
        guard var pattern = expression.as(PatternExprSyntax.self)?.pattern else { return false }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        return pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
    }
}

extension ValueResolver {
    /// The associated value a `case` pattern binds, taken from the values the matched subject can
    /// have: `.valet(.always)` (a case built with arguments, kept as a call value by the resolver)
    /// gives `.always` to `case let .valet(accessibility)`. Subject values of other cases do not
    /// reach this case and are dropped; a subject that is not known is a gap.
    func evaluateCasePayload(_ payload: CasePayload, use: Syntax, _ env: Environment) -> Resolution {
        let subjectExpression = SyntaxQueries.unwrapTransparent(payload.subject)
        let subject: Resolution
        if subjectExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            guard let known = env.selfValue else {
                return gap(use, env, "the payload of `.\(payload.caseName)` comes from `self`, which is not known here")
            }
            subject = known
        } else {
            subject = evaluate(subjectExpression, env)
        }
        var result = Resolution(gaps: subject.gaps)
        for traced in subject.values {
            guard case .call(let call) = traced.value, call.name == payload.caseName else { continue }
            let argument: Argument?
            if let label = payload.label {
                argument = call.arguments.first { $0.label == label }
            } else {
                argument = payload.position < call.arguments.count ? call.arguments[payload.position] : nil
            }
            guard let argument else { continue }
            result.add(TracedValue(value: argument.value, trace: traced.trace))
        }
        if result.isEmpty {
            return gap(use, env, "no known value of the matched subject is `.\(payload.caseName)(…)`")
        }
        return result.through(step(.branch, "case .\(payload.caseName)", at: payload.matcher, in: env.file))
    }
}

extension ValueResolver {
    /// The enum case a value names: `.legacy` or `Level.legacy`, and a case with associated values
    /// (`.valet(.always)`, `Configuration.valet(.always)`), which the resolver keeps as a call of
    /// the case name without a receiver value other than a type name. A call counts only when an
    /// enum of the scan declares that case: `makeConfig().flags` is a function's result, not a case.
    func enumCase(of value: Value, _ env: Environment) -> (name: String, type: String?)? {
        switch value {
        case .member(let name, let type):
            return (name, type)
        case .call(let call):
            guard let first = call.name.first, first.isLowercase else { return nil }
            let type: String?
            switch call.receiver {
            case nil: type = nil
            case .symbol(let name)? where SyntaxQueries.looksLikeTypeName(name): type = name
            default: return nil
            }
            let scope = index(env)
            if let type, scope.isDeclaredType(type) {
                return scope.types(named: type, mentioning: call.name).contains { $0.enumCases.contains(call.name) } ? (call.name, type) : nil
            }
            return enumTypes(declaring: call.name, env).isEmpty ? nil : (call.name, type)
        default:
            return nil
        }
    }
}

extension ValueResolver {
    /// The type of the associated value a `case` pattern binds, as the enum case declares it
    /// (`case iCloud(CloudAccessibility)`), when the subject's enum is known: `self` in the enum's
    /// own code, or a subject whose type is written. A payload whose value is not known (the
    /// subject is a caller's) still has that type, and a member read on it is the type's member.
    func payloadType(_ payload: CasePayload, _ env: Environment) -> String? {
        let subject = SyntaxQueries.unwrapTransparent(payload.subject)
        let enumName: String?
        if subject.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            enumName = enclosingTypeName(of: payload.matcher, in: env.file)
        } else {
            enumName = inferredType(of: subject, env)
        }
        guard let enumName else { return nil }
        for declaration in index(env).types(named: enumName, mentioning: payload.caseName)
        where declaration.enumCases.contains(payload.caseName) {
            guard let enumDecl = declaration.node.as(EnumDeclSyntax.self) else { continue }
            for member in enumDecl.memberBlock.members {
                guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in caseDecl.elements where element.name.text == payload.caseName {
                    guard let parameters = element.parameterClause?.parameters else { return nil }
                    let parameter: EnumCaseParameterSyntax?
                    if let label = payload.label {
                        parameter = parameters.first { $0.firstName?.text == label }
                    } else {
                        parameter = payload.position < parameters.count
                            ? parameters[parameters.index(parameters.startIndex, offsetBy: payload.position)] : nil
                    }
                    return parameter.map { TypeNames.baseName(of: $0.type) }
                }
            }
        }
        return nil
    }
}
