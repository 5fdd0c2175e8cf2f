/// Expression nodes of the Objective-C syntax tree.
///
/// Value types with an indirect enum for the shape: a tree is immutable once parsed, safe to
/// share across threads, and a rule or the value resolver switches over a closed set of cases
/// (the compiler says when a case is missed). Every node carries its source range so findings
/// point at the exact argument or flag. Operators are enums, not strings, for the same reason.
public struct ObjCExpr: Sendable, Hashable {
    public var kind: Kind
    public var range: ObjCSourceRange

    public init(_ kind: Kind, range: ObjCSourceRange) {
        self.kind = kind
        self.range = range
    }

    public indirect enum Kind: Sendable, Hashable {
        /// A name: a variable, constant, function, class, `self`, `super`, `_ivar`, `nil`, `YES`.
        case identifier(String)
        /// Spelling as written (`0x10`, `42u`).
        case integerLiteral(String)
        case floatingLiteral(String)
        /// Spelling as written, quotes included (`'a'`).
        case characterLiteral(String)
        /// One or more adjacent `"…"` / `@"…"` literals, concatenated.
        case stringLiteral(ObjCStringLiteral)
        /// `@42`, `@-1`, `@3.5`: the spelling after `@`.
        case objcNumber(String)
        /// `@YES`, `@NO`, `@true`, `@false`.
        case objcBool(Bool)
        /// `@(expr)`.
        case boxed(ObjCExpr)
        /// `@{ key: value, … }`.
        case dictionary([ObjCDictionaryEntry])
        /// `@[ a, b ]`.
        case array([ObjCExpr])
        /// `@selector(setCredential:type:)`: the selector.
        case selector(String)
        /// `@protocol(Name)`.
        case protocolReference(String)
        /// `@encode(type)`, `@available(iOS 11, *)`, and other `@` expressions not modelled: the
        /// keyword without `@` and the tokens in the parentheses as written.
        case atExpression(keyword: String, text: String)
        /// A C function call `f(a, b)`.
        case call(ObjCFunctionCall)
        /// A message send `[receiver selector:argument …]`.
        case message(ObjCMessageSend)
        /// A block literal `^(BOOL success, NSError *error) { … }`.
        case block(ObjCBlockLiteral)
        /// `(type)operand`, including bridged casts.
        case cast(ObjCCast)
        /// `sizeof(type)`, `alignof(type)`, `__typeof__(type)`, or a type where an expression was
        /// expected.
        case typeOperand(keyword: String, type: ObjCTypeName)
        case prefix(ObjCPrefixOperator, ObjCExpr)
        case postfix(ObjCPostfixOperator, ObjCExpr)
        case binary(ObjCBinaryOperator, ObjCExpr, ObjCExpr)
        case assignment(ObjCAssignmentOperator, target: ObjCExpr, value: ObjCExpr)
        /// `condition ? then : else`; `then` is nil for GNU `a ?: b`.
        case conditional(ObjCExpr, then: ObjCExpr?, else: ObjCExpr)
        /// `base.name` or `base->name`.
        case member(ObjCExpr, name: String, isArrow: Bool)
        case `subscript`(ObjCExpr, index: ObjCExpr)
        case parenthesized(ObjCExpr)
        /// `a, b` (the comma operator).
        case comma([ObjCExpr])
        /// `{ a, b }` in an initializer; `.name = value` designators keep only the value.
        case initializerList([ObjCExpr])
        /// Tokens the parser could not read as an expression (a diagnostic says why).
        case error
    }

    /// The name of an identifier expression.
    public var identifierName: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    /// The expression with parentheses and casts (bridged or not) removed: what a rule means by
    /// "the value" of `(__bridge id)kSecClass` or `((CFDictionaryRef)query)`.
    public var strippingCastsAndParentheses: ObjCExpr {
        var current = self
        while true {
            switch current.kind {
            case .parenthesized(let inner): current = inner
            case .cast(let cast): current = cast.operand
            default: return current
            }
        }
    }
}

/// Adjacent string literals after concatenation (`@"a" "b"` is `ab`).
public struct ObjCStringLiteral: Sendable, Hashable {
    /// The decoded, concatenated value.
    public var value: String
    /// True if any piece is an `@"…"` literal (an `NSString`), false for a C string.
    public var isObjC: Bool
    /// The ranges of the pieces, in order.
    public var pieceRanges: [ObjCSourceRange]
}

public struct ObjCDictionaryEntry: Sendable, Hashable {
    public var key: ObjCExpr
    public var value: ObjCExpr
    public var range: ObjCSourceRange
}

public struct ObjCFunctionCall: Sendable, Hashable {
    public var callee: ObjCExpr
    public var arguments: [ObjCExpr]

    /// The called function's name when the callee is a plain name (`SecItemAdd`).
    public var calleeName: String? { callee.strippingCastsAndParentheses.identifierName }
}

/// One `label:argument` piece of a message send; a unary send has one piece without argument.
public struct ObjCSelectorPiece: Sendable, Hashable {
    /// The label (`setObject`, `forKey`); empty for an unnamed piece (`:arg`).
    public var label: String
    public var labelRange: ObjCSourceRange
    /// The argument after `:`, nil for a unary selector.
    public var argument: ObjCExpr?
}

public struct ObjCMessageSend: Sendable, Hashable {
    /// The receiver: an expression, a class name, `self` or `super` (all as `ObjCExpr`).
    public var receiver: ObjCExpr
    public var pieces: [ObjCSelectorPiece]
    /// Arguments after a comma, for variadic methods (`dictionaryWithObjectsAndKeys:a, k, nil`).
    public var variadicArguments: [ObjCExpr]

    /// `setObject:forKey:`, `alloc`.
    public var selector: String {
        if pieces.count == 1, pieces[0].argument == nil { return pieces[0].label }
        return pieces.map { $0.label + ":" }.joined()
    }

    public var isSuperSend: Bool { receiver.identifierName == "super" }

    /// The receiver's class name for a class message (`[NSMutableDictionary dictionary]`), by the
    /// convention that class names start with an upper-case letter and variables do not.
    public var receiverClassName: String? {
        guard let name = receiver.identifierName, let first = name.unicodeScalars.first,
              ("A"..."Z").contains(first) else { return nil }
        return name
    }
}

public struct ObjCBlockLiteral: Sendable, Hashable {
    /// `^BOOL(id x) { … }`: the declared return type, if any.
    public var returnType: ObjCTypeName?
    public var parameters: [ObjCParameter]
    /// A compound statement.
    public var body: ObjCStmt
}

/// The ownership-transfer keyword of a bridged cast.
public enum ObjCBridgeKind: String, Sendable, Hashable {
    case bridge = "__bridge"
    case bridgeTransfer = "__bridge_transfer"
    case bridgeRetained = "__bridge_retained"
}

public struct ObjCCast: Sendable, Hashable {
    /// The target type without the bridge keyword (`id`, `NSString *`, `CFDictionaryRef`).
    public var type: ObjCTypeName
    public var bridge: ObjCBridgeKind?
    public var operand: ObjCExpr
}

public enum ObjCPrefixOperator: String, Sendable, Hashable {
    case plus = "+", minus = "-", logicalNot = "!", bitwiseNot = "~", dereference = "*"
    case addressOf = "&", increment = "++", decrement = "--"
    /// `__extension__`, `__real__` and the like are skipped, not modelled.
}

public enum ObjCPostfixOperator: String, Sendable, Hashable {
    case increment = "++", decrement = "--"
}

/// Binary operators with C's precedence (higher binds tighter).
public enum ObjCBinaryOperator: String, Sendable, Hashable {
    case multiply = "*", divide = "/", remainder = "%"
    case add = "+", subtract = "-"
    case shiftLeft = "<<", shiftRight = ">>"
    case less = "<", greater = ">", lessEqual = "<=", greaterEqual = ">="
    case equal = "==", notEqual = "!="
    case bitwiseAnd = "&", bitwiseXor = "^", bitwiseOr = "|"
    case logicalAnd = "&&", logicalOr = "||"

    public var precedence: Int {
        switch self {
        case .multiply, .divide, .remainder: 10
        case .add, .subtract: 9
        case .shiftLeft, .shiftRight: 8
        case .less, .greater, .lessEqual, .greaterEqual: 7
        case .equal, .notEqual: 6
        case .bitwiseAnd: 5
        case .bitwiseXor: 4
        case .bitwiseOr: 3
        case .logicalAnd: 2
        case .logicalOr: 1
        }
    }

    init?(_ punctuator: ObjCPunctuator) {
        self.init(rawValue: punctuator.rawValue)
    }
}

public enum ObjCAssignmentOperator: String, Sendable, Hashable {
    case assign = "="
    case add = "+=", subtract = "-=", multiply = "*=", divide = "/=", remainder = "%="
    case bitwiseAnd = "&=", bitwiseOr = "|=", bitwiseXor = "^=", shiftLeft = "<<=", shiftRight = ">>="

    /// The operator a compound assignment applies (`|` for `|=`), nil for `=`.
    public var binaryOperator: ObjCBinaryOperator? {
        self == .assign ? nil : ObjCBinaryOperator(rawValue: String(rawValue.dropLast()))
    }
}
