import KeychainLintModel
import SwiftSyntax

/// Option sets of a library that mirror Security's bits. A wrapper declares its own option set
/// (`static let userPresence = AuthenticationPolicy(rawValue: 1 << 0)`) and converts it when it
/// creates the access control: `SecAccessControlCreateFlags(rawValue: CFOptionFlags(policy.rawValue))`.
/// The raw value of a value built with `init(rawValue:)` is the integer it was built from; an
/// integer converted to another integer type is the same integer; and Security's flags made from
/// another option set's raw value are the flags those bits denote in Apple's
/// `SecAccessControlCreateFlags` (https://developer.apple.com/documentation/security/secaccesscontrolcreateflags),
/// named, so that a message says `.userPresence` where the library's option reached Security.
/// A raw value with a bit Apple does not document there is not read as flags: it stays unknown.
extension ValueResolver {
    /// Integer types whose initializer from another integer keeps its value.
    static let integerTypes: Set<String> = [
        "Int", "UInt", "Int32", "UInt32", "Int64", "UInt64", "CFOptionFlags", "CFIndex", "OSStatus",
    ]

    /// `CFOptionFlags(x)`, `UInt(x)`: the integers `x` may be; nil when the call is something else
    /// (a type of the scan with that name, a labelled argument).
    func evaluateIntegerConversion(_ call: FunctionCallExprSyntax, name: String, _ env: Environment) -> Resolution? {
        guard Self.integerTypes.contains(name), call.calledExpression.is(DeclReferenceExprSyntax.self),
            call.arguments.count == 1, call.arguments.first?.label == nil, call.trailingClosure == nil,
            !index.declaresPrimaryType(name), let argument = call.arguments.first
        else { return nil }
        let value = evaluate(argument.expression, env)
        guard !value.values.isEmpty, value.values.allSatisfy({ if case .integer = $0.value { return true } else { return false } }) else {
            return nil
        }
        return value
    }

    /// The integers `receiver` was built from, when every value it may be was built with
    /// `init(rawValue:)`; nil otherwise (the member is then read as any other).
    func rawValues(of receiver: Resolution, at member: MemberAccessExprSyntax, _ env: Environment) -> Resolution? {
        guard !receiver.values.isEmpty,
            receiver.values.allSatisfy({ if case .rawValue = $0.value { return true } else { return false } })
        else { return nil }
        return receiver.map(
            { if case .rawValue(let raw, _) = $0 { return .integer(raw) } else { return nil } },
            failure: { gapValue(member, env, "`rawValue` of a value that is not a known option set") })
    }

    /// `SecAccessControlCreateFlags(rawValue: e)` where `e` is another option set's `rawValue`
    /// (through integer conversions): the named flags of each raw value. Nil when the argument is
    /// written otherwise (`SecAccessControlCreateFlags(rawValue: 2)` stays a raw value, as written).
    func evaluateFlagsFromRawValue(
        _ call: FunctionCallExprSyntax, name: String, receiver: ExprSyntax?, _ env: Environment
    ) -> Resolution? {
        let constructed: String? = name == "init" ? receiver.flatMap { self.typeName(of: $0, env) } : name
        guard constructed == "SecAccessControlCreateFlags", !index.declaresPrimaryType("SecAccessControlCreateFlags"),
            call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "rawValue",
            Self.readsRawValue(argument.expression)
        else { return nil }
        return evaluate(argument.expression, env).map(
            { value in
                guard case .integer(let raw) = value, raw >= 0 else { return nil }
                return Self.namedFlags(UInt64(raw))
            },
            failure: {
                gapValue(argument.expression, env, "the raw value is not a known integer made only of SecAccessControlCreateFlags bits")
            })
    }

    /// Whether `expression` is `x.rawValue`, possibly inside integer conversions (`CFOptionFlags(x.rawValue)`).
    private static func readsRawValue(_ expression: ExprSyntax) -> Bool {
        let inner = SyntaxQueries.unwrapTransparent(expression)
        if let member = inner.as(MemberAccessExprSyntax.self) {
            return member.base != nil && member.declName.baseName.text == "rawValue"
        }
        if let call = inner.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.arguments.first?.label == nil,
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), integerTypes.contains(callee.baseName.text),
            let argument = call.arguments.first
        {
            return readsRawValue(argument.expression)
        }
        return false
    }

    /// The flags `bits` sets, each by its current name (`.biometryAny` for the bit `.touchIDAny`
    /// shares), as one member or a set literal (`[]` for none); nil when a bit is not one of Apple's.
    static func namedFlags(_ bits: UInt64) -> Value? {
        var names: [String] = []
        var covered: UInt64 = 0
        for flag in AccessControlFlag.all where bits & flag.bit != 0 && covered & flag.bit == 0 && !flag.name.hasPrefix("touchID") {
            names.append(flag.name)
            covered |= flag.bit
        }
        guard covered == bits else { return nil }
        let members = names.map { Value.member($0, type: nil) }
        return members.count == 1 ? members[0] : .array(members)
    }
}
