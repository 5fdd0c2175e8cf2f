import KeychainLintModel
import SwiftSyntax

// What the Swift front end hands a rule, without its syntax: a call's name, receiver and
// arguments; an expression the rule's context can resolve, ask for dictionaries and report at.
// Rules whose logic is about values (flags, queries, passwords) need nothing more, and so do
// not depend on swift-syntax's shapes; the front end keeps the tree. Rules that read Swift's own
// shapes by nature (how a closure handles a result, how an optional is unwrapped) reach the
// node through `syntax`, which the package's targets see and no one outside does.

/// An expression of a Swift file.
public struct SwiftExpression: Hashable {
    package let syntax: ExprSyntax

    package init(_ syntax: ExprSyntax) {
        self.syntax = syntax
    }

    /// The expression as written, whitespace and comments trimmed.
    public var text: String { syntax.trimmedSource }

    /// The expression as written, shortened to 200 characters: a finding's fingerprint.
    public var snippet: String { SyntaxQueries.shortText(syntax, limit: 200) }
}

/// One argument of a call: its label as written (nil when unlabeled) and its value.
public struct SwiftArgument: Hashable {
    public let label: String?
    public let value: SwiftExpression
}

/// A call of a Swift file (`SecItemAdd(query, nil)`, `keychain.set(value, forKey: key)`).
public struct SwiftCall: Hashable {
    package let syntax: FunctionCallExprSyntax

    package init(_ syntax: FunctionCallExprSyntax) {
        self.syntax = syntax
    }

    /// The base name of what it calls: `f` in `f(x)`, `m` in `a.b.m(x)`, `T` in `T(x)`.
    public var name: String? { SyntaxQueries.calleeName(of: syntax) }

    /// What the method is called on (`a.b` in `a.b.m(x)`); nil for a free call and for `.m(x)`.
    public var receiver: SwiftExpression? { SyntaxQueries.receiver(of: syntax).map(SwiftExpression.init) }

    /// The text of the called expression's base, whitespace removed (`SecureEnclave.P256.Signing`
    /// in `SecureEnclave.P256.Signing.PrivateKey(…)`); nil when it is not a member access.
    public var calleeBaseText: String? {
        syntax.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { $0.trimmedSource.filter { !$0.isWhitespace } }
    }

    /// The parenthesised arguments, in order (trailing closures are not among them).
    public var arguments: [SwiftArgument] {
        syntax.arguments.map { SwiftArgument(label: $0.label?.text, value: SwiftExpression($0.expression)) }
    }

    /// The parenthesised argument at `index`, when the call has that many.
    public func argument(_ index: Int) -> SwiftExpression? {
        SyntaxQueries.argument(index, of: syntax).map { SwiftExpression($0.expression) }
    }

    /// The first argument labeled `label`.
    public func argument(labeled label: String) -> SwiftExpression? {
        SyntaxQueries.argument(labeled: label, of: syntax).map { SwiftExpression($0.expression) }
    }

    /// Argument labels as written (nil for unlabeled), trailing closures counted as unlabeled.
    public var labels: [String?] { SyntaxQueries.labels(of: syntax) }

    /// What it calls, as written (`SecItemCopyMatching` in `SecItemCopyMatching(query, &result)`).
    public var callee: SwiftExpression { SwiftExpression(syntax.calledExpression) }

    /// The call as an expression (to resolve what it returns, or report at it whole).
    public var expression: SwiftExpression { SwiftExpression(ExprSyntax(syntax)) }
}

/// A member access `base.name` (or `.name`) of a Swift file.
public struct SwiftMemberAccess: Hashable {
    package let syntax: MemberAccessExprSyntax

    package init(_ syntax: MemberAccessExprSyntax) {
        self.syntax = syntax
    }

    public var name: String { syntax.declName.baseName.text }
    public var base: SwiftExpression? { syntax.base.map(SwiftExpression.init) }
    public var expression: SwiftExpression { SwiftExpression(ExprSyntax(syntax)) }
}

/// A bare identifier of a Swift file (`kSecAttrAccessibleAlways`).
public struct SwiftIdentifier: Hashable {
    package let syntax: DeclReferenceExprSyntax

    package init(_ syntax: DeclReferenceExprSyntax) {
        self.syntax = syntax
    }

    public var name: String { syntax.baseName.text }
    public var expression: SwiftExpression { SwiftExpression(ExprSyntax(syntax)) }
}

extension SourceFile {
    /// Where an expression of this file is.
    public func valueLocation(of expression: SwiftExpression) -> ValueLocation {
        valueLocation(of: expression.syntax)
    }
}

extension ValueResolver {
    /// The values an expression of `file` can have.
    public func resolve(_ expression: SwiftExpression, in file: SourceFile) -> Resolution {
        resolve(expression.syntax, in: file)
    }

    /// The keychain dictionaries an expression of `file` can be.
    public func queries(_ expression: SwiftExpression, in file: SourceFile) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
        queries(expression.syntax, in: file)
    }
}
