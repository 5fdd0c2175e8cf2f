import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

/// Whether an Objective-C expression is visibly an instance of a class, from what the file
/// writes: how it was made, or how the local, parameter or property holding it is declared.
enum ObjCInstances {
    /// `[C new]`, `[[C alloc] init…]`, or a local, parameter or `self.property` declared `C *`,
    /// for the class `className` (`C`).
    static func isVisibly(_ expression: ObjCExpr, anInstanceOf className: String, in context: ObjCRuleContext) -> Bool {
        let expression = expression.strippingCastsAndParentheses
        switch expression.kind {
        case .message(let message):
            if message.receiverClassName == className { return ["new", "alloc"].contains(message.selector) }
            if case .message(let inner) = message.receiver.strippingCastsAndParentheses.kind, message.selector.hasPrefix("init") {
                return inner.receiverClassName == className && inner.selector == "alloc"
            }
            return false
        case .identifier(let name):
            let offset = expression.range.start.offset
            guard let body = context.resolver.body(containing: offset) else { return false }
            var declared: ObjCLocalBinding?
            for binding in body.bindings(of: name, before: offset) {
                if case .declaration = binding.kind { declared = binding }
            }
            if let declared, case .declaration(let declarator, _) = declared.kind {
                return declarator.type.baseName == className || declarator.initializer.map { isVisibly($0, anInstanceOf: className, in: context) } == true
            }
            return parameterType(named: name, of: body, in: context.tree)?.baseName == className
        case .member(let base, let name, false):
            guard base.identifierName == "self", let body = context.resolver.body(containing: expression.range.start.offset),
                  case .method(let container, _, _) = body.owner
            else { return false }
            return context.tree.properties(ofClass: container).contains { property in
                property.names.contains(name) && property.declaration.declarators.contains { $0.type.baseName == className }
            }
        default:
            return false
        }
    }

    private static func parameterType(named name: String, of body: ObjCBody, in tree: ObjCSyntaxTree) -> ObjCTypeName? {
        switch body.owner {
        case .function(let function):
            return tree.functions.first { $0.name == function }?.parameters.first { $0.name == name }?.type
        case .method(let container, let selector, let isClassMethod):
            let method = tree.implementations(of: selector, in: container, isClassMethod: isClassMethod).first
            return method?.parameters.first { $0.name == name }?.type
        }
    }
}
