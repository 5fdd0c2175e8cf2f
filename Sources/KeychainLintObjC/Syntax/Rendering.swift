/// A canonical source rendering of expressions: `kSecAccessControlBiometryAny |
/// kSecAccessControlOr`, `[query setObject:@"x" forKey:(__bridge id)kSecAttrService]`.
///
/// Rules quote values back to the user the way Objective-C spells them, and tests state exact
/// expected trees in a readable form. Spacing is normalised; parentheses written in the source
/// are kept (they are nodes), none are added.
extension ObjCExpr: CustomStringConvertible {
    public var description: String {
        switch kind {
        case .identifier(let name), .integerLiteral(let name), .floatingLiteral(let name), .characterLiteral(let name):
            return name
        case .stringLiteral(let literal):
            return (literal.isObjC ? "@" : "") + "\"" + ObjCExpr.escape(literal.value) + "\""
        case .objcNumber(let spelling): return "@" + spelling
        case .objcBool(let value): return value ? "@YES" : "@NO"
        case .boxed(let inner): return "@(\(inner))"
        case .dictionary(let entries):
            return "@{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .array(let items): return "@[" + items.map(\.description).joined(separator: ", ") + "]"
        case .selector(let selector): return "@selector(\(selector))"
        case .protocolReference(let name): return "@protocol(\(name))"
        case .atExpression(let keyword, let text): return "@\(keyword)(\(text))"
        case .call(let call): return "\(call.callee)(" + call.arguments.map(\.description).joined(separator: ", ") + ")"
        case .message(let message):
            var text = "[\(message.receiver)"
            for piece in message.pieces {
                if let argument = piece.argument {
                    text += " \(piece.label):\(argument)"
                } else {
                    text += " \(piece.label)"
                }
            }
            for argument in message.variadicArguments { text += ", \(argument)" }
            return text + "]"
        case .block(let block):
            let returnType = block.returnType.map { $0.spelling } ?? ""
            let parameters = block.parameters.map { parameter in
                parameter.type.spelling + (parameter.name.map { (parameter.type.spelling.hasSuffix("*") ? "" : " ") + $0 } ?? "")
            }
            return "^\(returnType)(\(parameters.joined(separator: ", "))) {…}"
        case .cast(let cast):
            return "(" + (cast.bridge.map { $0.rawValue + " " } ?? "") + cast.type.spelling + ")\(cast.operand)"
        case .typeOperand(let keyword, let type): return keyword.isEmpty ? type.spelling : "\(keyword)(\(type.spelling))"
        case .prefix(let operation, let operand): return operation.rawValue + operand.description
        case .postfix(let operation, let operand): return operand.description + operation.rawValue
        case .binary(let operation, let left, let right): return "\(left) \(operation.rawValue) \(right)"
        case .assignment(let operation, let target, let value): return "\(target) \(operation.rawValue) \(value)"
        case .conditional(let condition, let thenBranch, let elseBranch):
            return "\(condition) ?" + (thenBranch.map { " \($0) " } ?? "") + ": \(elseBranch)"
        case .member(let base, let name, let isArrow): return "\(base)\(isArrow ? "->" : ".")\(name)"
        case .subscript(let base, let index): return "\(base)[\(index)]"
        case .parenthesized(let inner): return "(\(inner))"
        case .comma(let items): return items.map(\.description).joined(separator: ", ")
        case .initializerList(let items): return "{" + items.map(\.description).joined(separator: ", ") + "}"
        case .error: return "<error>"
        }
    }

    static func escape(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += "\\x" + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
