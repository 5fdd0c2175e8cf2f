import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's side of `ProgramNames.swift`: a member access and whether it is the
// target of an assignment (`base.name = value`, one infix node once folded), and its answers
// about names: what the code declares itself, and where an expression stands.

extension ProgramMemberAccess {
    /// Nil for a reference with argument names (`base.name(x:)`), which names a method.
    init?(_ member: SwiftMemberAccess) {
        let syntax = member.syntax
        guard syntax.declName.argumentNames == nil else { return nil }
        var setting: Setting?
        if let assignment = syntax.parent?.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
            assignment.leftOperand.id == syntax.id
        {
            setting = Setting(
                value: .swift(SwiftExpression(assignment.rightOperand)), whole: .swift(SwiftExpression(ExprSyntax(assignment))))
        }
        self.init(
            name: member.name, base: member.base.map(ProgramExpression.swift), expression: .swift(member.expression),
            setting: setting, language: .swift)
    }
}

extension ProgramIdentifier {
    init(_ identifier: SwiftIdentifier) {
        self.init(name: identifier.name, expression: .swift(identifier.expression), language: .swift)
    }
}

extension RuleContext {
    /// A reference with argument names (`name(x:)`, a function), a local, parameter or binding
    /// of that name around it, or a variable of that name anywhere in the scan.
    public func declaresOwn(_ identifier: ProgramIdentifier) -> Bool {
        guard case .swift(let expression) = identifier.expression, let reference = expression.syntax.as(DeclReferenceExprSyntax.self)
        else { return true }
        guard reference.argumentNames == nil, case .notLocal = SyntaxQueries.binding(of: identifier.name, at: reference) else { return true }
        return !scan.index.variables(named: identifier.name).isEmpty
    }

    public func role(of expression: ProgramExpression) -> ExpressionRole? {
        guard case .swift(let expression) = expression else { return nil }
        if Self.isComparisonOperand(expression.syntax) { return .comparisonOperand }
        if Self.isArgumentOfMin(expression.syntax) { return .minimumArgument }
        return .other
    }

    /// `min(requested, LATouchIDAuthenticationMaximumAllowableReuseDuration)`: an unlabeled
    /// argument of the standard library's `min`.
    static func isArgumentOfMin(_ node: ExprSyntax) -> Bool {
        guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return SyntaxQueries.calleeName(of: call) == "min" && SyntaxQueries.receiver(of: call) == nil
    }

    /// `requested > LATouchIDAuthenticationMaximumAllowableReuseDuration`, through `as`,
    /// parentheses and `unsafe`.
    static func isComparisonOperand(_ node: ExprSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if let infix = parent.as(InfixOperatorExprSyntax.self) {
                guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
                return comparisonOperators.contains(op)
            }
            let transparent =
                parent.is(AsExprSyntax.self) || parent.is(TupleExprSyntax.self) || parent.is(UnsafeExprSyntax.self)
                || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
                || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
            guard transparent else { return false }
            current = parent
        }
        return false
    }

    static let comparisonOperators: Set<String> = ["<", "<=", ">", ">=", "==", "!="]

    /// A variable of that name anywhere in the scan (a wrapper's snapshot of the property).
    public func declaresOwnProperty(_ access: ProgramMemberAccess) -> Bool {
        !scan.index.variables(named: access.name).isEmpty
    }

    public func isVisibly(_ expression: ProgramExpression, anInstanceOf className: String) -> Bool {
        guard case .swift(let expression) = expression else { return false }
        return Self.isVisibly(expression.syntax, anInstanceOf: className, context: self)
    }

    public func olderSystemsBranches(around expression: ProgramExpression) -> [Availability.OlderSystemsBranch] {
        guard case .swift(let expression) = expression else { return [] }
        return Availability.olderSystemsBranches(of: expression.syntax)
    }

    /// `C()`, or a local, parameter or property declared as a `C` (or initialized with `C()`),
    /// for the class `className` (`C`).
    static func isVisibly(_ expression: ExprSyntax, anInstanceOf className: String, context: RuleContext) -> Bool {
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return SyntaxQueries.calleeName(of: call) == className
        }
        var name: String?
        var node = Syntax(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self),
            SyntaxQueries.isSelf(member.base)
        {
            name = member.declName.baseName.text
            node = Syntax(member)
        }
        guard let name else { return false }
        if expression.is(DeclReferenceExprSyntax.self) {
            switch SyntaxQueries.binding(of: name, at: expression) {
            case .variable(let binding):
                if let type = binding.typeAnnotation?.type { return TypeNames.baseName(of: type) == className }
                return binding.initializer.map { isVisibly($0.value, anInstanceOf: className, context: context) } ?? false
            case .parameter(let parameter):
                return TypeNames.baseName(of: parameter.type) == className
            case .optionalBinding, .opaque:
                return false
            case .notLocal:
                break
            }
        }
        guard let owner = SyntaxQueries.enclosingTypeName(of: node) else { return false }
        return context.scan.index.properties(named: name, inType: owner).contains { property in
            property.typeName == className
                || property.binding.initializer.map { isVisibly($0.value, anInstanceOf: className, context: context) } == true
        }
    }
}
