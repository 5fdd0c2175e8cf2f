import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
// Swift-only by nature, so it reads the syntax tree: `.touchIDAny`, `.touchIDCurrentSet` and `.watch` are implicit members of the `SecAccessControlCreateFlags` option set, a shape Objective-C does not have (it writes the C constants, which `check(identifier:in:)` judges in both languages); whether an implicit member stands where flags are expected is a question about Swift's type context.
import SwiftSyntax

extension DeprecatedKeychainAPIRule {
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        guard case .memberAccess(let access) = input, let deprecation = Self.flagMembers[access.name] else { return }
        checkFlag(access.syntax, deprecation, in: context)
    }

    private func checkFlag(_ member: MemberAccessExprSyntax, _ deprecation: Deprecation, in context: RuleContext) {
        guard member.declName.argumentNames == nil else { return }
        let name = member.declName.baseName.text
        if let base = member.base {
            // Only `SecAccessControlCreateFlags.touchIDAny`; `AuthMode.watch` is another type's member.
            guard base.trimmedSource == "SecAccessControlCreateFlags" else { return }
            report(name, at: .swift(SwiftExpression(ExprSyntax(member))), message: deprecation.message, in: context)
            return
        }
        if FlagsContext.contains(member, context: context) {
            report(name, at: .swift(SwiftExpression(ExprSyntax(member))), message: deprecation.message, in: context)
            return
        }
        guard deprecation.isDistinctive, !Self.scanDeclaresMember(name, context: context),
            !Self.libraryOffersOnly(name, not: deprecation.replacement, in: context)
        else {
            return
        }
        report(name, at: .swift(SwiftExpression(ExprSyntax(member))), message: deprecation.message, confidence: .medium, in: context)
    }

    /// Whether a wrapper library the file uses has an option named `name` but none named
    /// `replacement` (UICKeyChainStore's `AuthenticationPolicy.touchIDCurrentSet`): outside a
    /// flags context the member is most likely that library's, and the advice to write the
    /// current name cannot be followed there.
    static func libraryOffersOnly(_ name: String, not replacement: String, in context: RuleContext) -> Bool {
        context.scan.wrapperModels.contains { model in
            model.options.contains { $0.values[name] != nil && $0.values[replacement] == nil } && FileImports.sees(model, in: context)
        }
    }

    /// Whether the scan declares an enum case or a property named `name` (an app's own `.touchIDAny`).
    static func scanDeclaresMember(_ name: String, context: RuleContext) -> Bool {
        context.scan.fact(ScanFact<Bool>("swift.deprecated_keychain_api.declares.\(name)")) {
            let index = context.scan.index
            if !index.variables(named: name).isEmpty { return true }
            // An enum case is declared after `case`, which the text index records: only files
            // where the name follows `case` are parsed (not every file that mentions `.touchIDAny`).
            for fileIndex in index.files(declaring: name, as: .value) {
                let finder = EnumCaseFinder(name: name)
                finder.walk(index.file(at: fileIndex).tree)
                if finder.found { return true }
            }
            return false
        }
    }
}

/// Whether an implicit member stands where a `SecAccessControlCreateFlags` value is expected.
enum FlagsContext {
    static let flagsType = "SecAccessControlCreateFlags"
    /// Flag names no common type shares (not `.or`, `.and`, `.watch`, `.userPresence`).
    static let distinctiveFlags: Set<String> = [
        "biometryAny", "biometryCurrentSet", "touchIDAny", "touchIDCurrentSet", "devicePasscode",
        "privateKeyUsage", "applicationPassword", "companion",
    ]
    static let setAlgebra: Set<String> = [
        "union", "intersection", "subtracting", "symmetricDifference", "insert", "remove", "update", "contains",
        "formUnion", "formIntersection", "subtract", "formSymmetricDifference", "isSuperset", "isSubset",
        "isStrictSuperset", "isStrictSubset", "isDisjoint",
    ]

    static func contains(_ member: MemberAccessExprSyntax, context: RuleContext) -> Bool {
        var slot = ExprSyntax(member)
        // Inside an array literal: the literal is the value; a distinctive sibling settles it.
        if let element = slot.parent?.as(ArrayElementSyntax.self),
            let array = element.parent?.parent?.as(ArrayExprSyntax.self)
        {
            let siblings = array.elements.compactMap { $0.expression.as(MemberAccessExprSyntax.self) }
            if siblings.contains(where: { sibling in
                let name = sibling.declName.baseName.text
                if sibling.base?.trimmedSource == flagsType { return true }
                return sibling.base == nil && distinctiveFlags.contains(name)
                    && !DeprecatedKeychainAPIRule.scanDeclaresMember(name, context: context)
            }) {
                return true
            }
            slot = ExprSyntax(array)
        }
        return isFlagsSlot(slot, context: context, depth: 0)
    }

    private static func isFlagsSlot(_ expression: ExprSyntax, context: RuleContext, depth: Int) -> Bool {
        guard depth < 8, let parent = expression.parent else { return false }
        // `cond ? .watch : .biometryCurrentSet`, `(…)`.
        if let ternary = parent.as(TernaryExprSyntax.self), ternary.condition.id != expression.id {
            return isFlagsSlot(ExprSyntax(ternary), context: context, depth: depth + 1)
        }
        if let element = parent.as(LabeledExprSyntax.self), let list = element.parent?.as(LabeledExprListSyntax.self) {
            if let tuple = list.parent?.as(TupleExprSyntax.self), list.count == 1 {
                return isFlagsSlot(ExprSyntax(tuple), context: context, depth: depth + 1)
            }
            if let call = list.parent?.as(FunctionCallExprSyntax.self) {
                let index = list.firstIndex { $0.id == element.id } ?? list.startIndex
                let position = list.distance(from: list.startIndex, to: index)
                return isFlagsArgument(call, position: position, label: element.label?.text, context: context)
            }
            return false
        }
        // `let flags: SecAccessControlCreateFlags = .watch`, a parameter default.
        if let initializer = parent.as(InitializerClauseSyntax.self) {
            if let binding = initializer.parent?.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.map { TypeNames.baseName(of: $0.type) == flagsType } ?? false
            }
            if let parameter = initializer.parent?.as(FunctionParameterSyntax.self) {
                return TypeNames.baseName(of: parameter.type) == flagsType
            }
            return false
        }
        // `flags = .watch`.
        if let assignment = parent.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
            assignment.rightOperand.id == expression.id
        {
            return isFlagsValue(assignment.leftOperand, context: context)
        }
        // `return .touchIDAny` or the single expression of a body, in a function or property of flags type.
        if parent.is(ReturnStmtSyntax.self) || parent.is(CodeBlockItemSyntax.self) {
            return returnsFlags(from: parent)
        }
        return false
    }

    /// The flags argument of `SecAccessControlCreateWithFlags`, `SecAccessControlCreateFlags(…)`,
    /// set algebra on a known flags value, or a parameter of flags type of a function of the scan.
    private static func isFlagsArgument(_ call: FunctionCallExprSyntax, position: Int, label: String?, context: RuleContext) -> Bool {
        guard let name = SyntaxQueries.calleeName(of: call) else { return false }
        let receiver = SyntaxQueries.receiver(of: call)
        if name == "SecAccessControlCreateWithFlags", receiver == nil { return position == 2 }
        if name == flagsType { return true }
        if setAlgebra.contains(name), let receiver { return isFlagsValue(receiver, context: context) }
        // A parameter of flags type spells the type: only files mentioning it can declare one.
        for function in context.scan.index.functions(named: name, mentioning: flagsType) {
            let parameters = Array(function.parameters)
            let parameter: FunctionParameterSyntax?
            if let label {
                parameter = parameters.first { $0.firstName.text == label }
            } else {
                let unlabeled = parameters.filter { $0.firstName.tokenKind == .wildcard }
                parameter = position < parameters.count && parameters[position].firstName.tokenKind == .wildcard
                    ? parameters[position] : unlabeled.count == 1 ? unlabeled[0] : nil
            }
            if let parameter, TypeNames.baseName(of: parameter.type) == flagsType { return true }
        }
        return false
    }

    /// An expression known to be a flags value: declared with the type, or resolving to flags that
    /// include a distinctive one.
    static func isFlagsValue(_ expression: ExprSyntax, context: RuleContext) -> Bool {
        let expression = SyntaxQueries.unwrapTransparent(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            switch SyntaxQueries.binding(of: reference.baseName.text, at: reference) {
            case .variable(let binding):
                if let type = binding.typeAnnotation?.type { return TypeNames.baseName(of: type) == flagsType }
            case .parameter(let parameter):
                return TypeNames.baseName(of: parameter.type) == flagsType
            case .notLocal:
                if let owner = SyntaxQueries.enclosingTypeName(of: reference),
                    context.scan.index.properties(named: reference.baseName.text, inType: owner)
                        .contains(where: { $0.typeName == flagsType })
                {
                    return true
                }
            case .optionalBinding, .opaque:
                break
            }
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedSource == flagsType {
            return true
        }
        let resolution = context.resolve(expression)
        guard !resolution.values.isEmpty else { return false }
        return resolution.values.allSatisfy { traced in
            guard let flags = AccessControlFlagSet.interpret(traced.value) else { return false }
            return flags.spelled.contains { distinctiveFlags.contains($0.name) }
        }
    }

    /// Whether the body a `return` (or a single-expression body) belongs to returns flags.
    private static func returnsFlags(from node: Syntax) -> Bool {
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.map { TypeNames.baseName(of: $0.type) == flagsType } ?? false
            }
            if let binding = candidate.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.map { TypeNames.baseName(of: $0.type) == flagsType } ?? false
            }
            if candidate.is(ClosureExprSyntax.self) || candidate.is(MemberBlockSyntax.self)
                || candidate.is(InitializerDeclSyntax.self) || candidate.is(SourceFileSyntax.self)
            {
                return false
            }
            current = candidate.parent
        }
        return false
    }
}

/// Finds `case name` in an enum.
private final class EnumCaseFinder: SyntaxVisitor {
    let name: String
    var found = false

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == name { found = true }
        return .skipChildren
    }
}
