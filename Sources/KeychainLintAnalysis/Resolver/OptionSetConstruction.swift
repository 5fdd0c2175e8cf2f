import KeychainLintModel
import SwiftSyntax

/// Option sets of the SDK built with an initializer instead of a literal:
/// `var flags = SecAccessControlCreateFlags()` then `flags.insert(SecAccessControlCreateFlags.or)`
/// (okta-storage-swift builds its flags this way). An empty initializer is the empty set, so the
/// mutations that follow have a set to work on instead of an unknown call.
extension ValueResolver {
    /// SDK option-set types whose initializers the resolver reads as set literals. Only types the
    /// scan does not declare itself: a type of the scan may give `init()` any meaning.
    static let sdkOptionSetTypes: Set<String> = ["SecAccessControlCreateFlags"]

    /// `T()`, `T([a, b])`, `T(arrayLiteral: a, b)` and their `T.init(…)` spellings for an SDK
    /// option set `T`; nil when the call is something else.
    func evaluateOptionSetConstruction(
        _ call: FunctionCallExprSyntax, callee: ExprSyntax, _ env: Environment
    ) -> Resolution? {
        guard let typeName = optionSetTypeName(constructedBy: callee), Self.sdkOptionSetTypes.contains(typeName),
            !index.declaresPrimaryType(typeName), call.trailingClosure == nil
        else { return nil }
        let arguments = Array(call.arguments)
        if arguments.isEmpty { return .value(.array([])) }
        if arguments.count == 1, arguments[0].label == nil {
            // `T([.a, .b])` or `T(other)`: the same set, as an array.
            return evaluate(arguments[0].expression, env).map(
                { value in
                    let elements = value.setElements
                    return elements.allSatisfy(SetAlgebra.isElement) ? .array(elements) : nil
                },
                failure: { gapValue(call, env, "`\(typeName)(…)` of a value that is not a known option set") })
        }
        if arguments.first?.label?.text == "arrayLiteral", arguments.dropFirst().allSatisfy({ $0.label == nil }) {
            return combine(arguments.map { evaluate($0.expression, env) }) { .array($0) }
        }
        return nil
    }

    /// `T` for `T(…)` and `T.init(…)`.
    private func optionSetTypeName(constructedBy callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        {
            return base.baseName.text
        }
        return nil
    }
}
