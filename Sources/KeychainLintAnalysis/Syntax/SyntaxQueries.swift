import KeychainLintModel
import SwiftSyntax

/// Small questions about syntax that the resolver and the rules both ask.
public enum SyntaxQueries {
    /// `(…) -> …`, with attributes (`@escaping`, `@Sendable`), parentheses or an Optional around it.
    public static func isFunctionType(_ type: TypeSyntax) -> Bool {
        functionTypeCore(type).is(FunctionTypeSyntax.self)
    }

    /// `isFunctionType`, or a type alias of a function type that the scan declares (`@escaping
    /// Completion` where `typealias Completion = (Bool, Error?) -> Void`): a handler is written
    /// either way.
    public static func isFunctionType(_ type: TypeSyntax, in index: ProjectIndex) -> Bool {
        let core = functionTypeCore(type)
        if core.is(FunctionTypeSyntax.self) { return true }
        guard let named = core.as(IdentifierTypeSyntax.self), named.genericArgumentClause == nil else { return false }
        return index.isFunctionTypeAlias(named.name.text)
    }

    /// The type inside attributes, an Optional and parentheses.
    private static func functionTypeCore(_ type: TypeSyntax) -> TypeSyntax {
        var type = type
        while true {
            if let attributed = type.as(AttributedTypeSyntax.self) {
                type = attributed.baseType
            } else if let optional = type.as(OptionalTypeSyntax.self) {
                type = optional.wrappedType
            } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                type = unwrapped.wrappedType
            } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                type = only.type
            } else {
                return type
            }
        }
    }

    /// Base name of what a call calls: `f` in `f(x)`, `m` in `a.b.m(x)`, `T` in `T(x)`, `init` in `.init(x)`.
    public static func calleeName(of call: FunctionCallExprSyntax) -> String? {
        calleeName(of: call.calledExpression)
    }

    public static func calleeName(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return calleeName(of: specialized.expression)
        }
        if let unwrap = expression.as(OptionalChainingExprSyntax.self) {
            return calleeName(of: unwrap.expression)
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return calleeName(of: unwrap.expression)
        }
        return nil
    }

    /// The receiver of a method call (`a.b` in `a.b.m(x)`), nil for free calls and `.m(x)`.
    public static func receiver(of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.calledExpression.as(MemberAccessExprSyntax.self)?.base
    }

    /// Argument labels as written (`nil` for unlabeled), trailing closures counted as unlabeled.
    public static func labels(of call: FunctionCallExprSyntax) -> [String?] {
        var result = call.arguments.map { $0.label?.text }
        if call.trailingClosure != nil { result.append(nil) }
        for closure in call.additionalTrailingClosures { result.append(closure.label.text) }
        return result
    }

    /// The argument expressions in the order of `labels(of:)`, trailing closures included, so an
    /// index matched against the labels always has its expression (`save { }` has one argument
    /// and no parenthesised ones).
    public static func argumentExpressions(of call: FunctionCallExprSyntax) -> [ExprSyntax] {
        var result = call.arguments.map(\.expression)
        if let closure = call.trailingClosure { result.append(ExprSyntax(closure)) }
        for closure in call.additionalTrailingClosures { result.append(ExprSyntax(closure.closure)) }
        return result
    }

    /// The argument at `index` when the call has at least that many positional arguments.
    public static func argument(_ index: Int, of call: FunctionCallExprSyntax) -> LabeledExprSyntax? {
        let arguments = Array(call.arguments)
        return index < arguments.count ? arguments[index] : nil
    }

    public static func argument(labeled label: String, of call: FunctionCallExprSyntax) -> LabeledExprSyntax? {
        call.arguments.first { $0.label?.text == label }
    }

    /// Strips what does not change a value: parentheses, casts, `try`, `await`, `unsafe` (Swift 6.2),
    /// `!`, `?`.
    /// Whether `expression` is `self`, also as `self?` or `self!` (a closure's `[weak self]`
    /// capture reads the same instance) or in parentheses.
    public static func isSelf(_ expression: ExprSyntax?) -> Bool {
        guard let expression else { return false }
        return unwrapTransparent(expression).as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    }

    public static func unwrapTransparent(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
            if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1,
                tuple.elements.first?.label == nil, let inner = tuple.elements.first?.expression
            {
                current = inner
            } else if let cast = current.as(AsExprSyntax.self) {
                current = cast.expression
            } else if let tryExpr = current.as(TryExprSyntax.self) {
                current = tryExpr.expression
            } else if let awaitExpr = current.as(AwaitExprSyntax.self) {
                current = awaitExpr.expression
            } else if let unsafeExpr = current.as(UnsafeExprSyntax.self) {
                current = unsafeExpr.expression
            } else if let force = current.as(ForceUnwrapExprSyntax.self) {
                current = force.expression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else {
                return current
            }
        }
    }

    /// Whether `parent` only marks its operand without changing its value or its use: `try`,
    /// `await`, and Swift 6.2's `unsafe` (`unsafe SecItemDelete(q)` is still a bare statement).
    public static func isEffectMarker(_ parent: Syntax) -> Bool {
        parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(UnsafeExprSyntax.self)
    }

    /// Name of the type (or extended type) whose body contains `node`.
    public static func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let candidate = current {
            if let decl = candidate.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = candidate.as(StructDeclSyntax.self) { return decl.name.text }
            if let decl = candidate.as(EnumDeclSyntax.self) { return decl.name.text }
            if let decl = candidate.as(ActorDeclSyntax.self) { return decl.name.text }
            if let decl = candidate.as(ProtocolDeclSyntax.self) { return decl.name.text }
            if let decl = candidate.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedSource }
            current = candidate.parent
        }
        return nil
    }

    /// Whether only code in its own file can call `declaration` (a function or initializer): it,
    /// or a type or extension around it, is `private` or `fileprivate`, or it is declared inside
    /// another function's body. Swift's access rules then keep every caller in the same file.
    public static func isCallableOnlyInItsFile(_ declaration: Syntax) -> Bool {
        var current: Syntax? = declaration
        while let node = current {
            if let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers,
                modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil })
            {
                return true
            }
            // Statements of a body (not the file's own top-level statements).
            if node.is(CodeBlockItemListSyntax.self) { return !(node.parent?.is(SourceFileSyntax.self) ?? true) }
            current = node.parent
        }
        return false
    }

    /// Whether code of another module can call `declaration`: it is `public` or `open`, or has no
    /// access modifier of its own inside a `public extension` (whose members are public). Its
    /// callers are then not all in the scan of a library.
    public static func isCallableFromOtherModules(_ declaration: Syntax) -> Bool {
        let accessWords: Set<String> = ["public", "open", "internal", "package", "fileprivate", "private"]
        let own = declaration.asProtocol(WithModifiersSyntax.self)?.modifiers.filter {
            accessWords.contains($0.name.text) && $0.detail == nil
        } ?? []
        if let word = own.first?.name.text { return word == "public" || word == "open" }
        // Members of an extension take the extension's access level as their default.
        var current = declaration.parent
        while let node = current {
            if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
                return extensionDecl.modifiers.contains { $0.name.text == "public" || $0.name.text == "open" }
            }
            if node.is(CodeBlockItemListSyntax.self) || node.isProtocol(DeclGroupSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    /// The parameters and body of a function or initializer declaration.
    public static func signature(of declaration: Syntax) -> (parameters: FunctionParameterListSyntax, body: CodeBlockSyntax?)? {
        if let function = declaration.as(FunctionDeclSyntax.self) {
            return (function.signature.parameterClause.parameters, function.body)
        }
        if let initializer = declaration.as(InitializerDeclSyntax.self) {
            return (initializer.signature.parameterClause.parameters, initializer.body)
        }
        return nil
    }

    /// Whether `inner` lies within `outer` (same tree).
    public static func contains(_ outer: some SyntaxProtocol, _ inner: some SyntaxProtocol) -> Bool {
        inner.position >= outer.position && inner.endPosition <= outer.endPosition
            && inner.root.id == outer.root.id
    }

    /// Whether an expression is a literal that reads as itself: `nil`, a number, a Boolean, or a
    /// string without interpolation (reading one follows nothing).
    public static func isPlainLiteral(_ expression: ExprSyntax) -> Bool {
        let expression = unwrapTransparent(expression)
        if expression.is(NilLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        guard let string = expression.as(StringLiteralExprSyntax.self) else { return false }
        return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
    }

    /// One-line source text of a node, shortened for messages: its trimmed text with every run of
    /// whitespace collapsed to one space, cut to `limit` characters with an ellipsis.
    ///
    /// Built token by token and stopped once the text is known to be too long: trace steps name
    /// conditions that can hold whole closures, and `trimmedDescription` would copy and rebuild
    /// such a node at every statement a value flows through.
    public static func shortText(_ node: some SyntaxProtocol, limit: Int = 48) -> String {
        var text = ""
        var count = 0
        var pendingSpace = false
        // Stops at `limit + 1` characters: enough to know the ellipsis is needed.
        func append(_ piece: String) -> Bool {
            for character in piece {
                // ASCII first: Unicode property lookups dominated traces through long functions.
                let isWhitespace = character.asciiValue.map { $0 == 32 || (9...13).contains($0) } ?? character.isWhitespace
                if isWhitespace {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    text.append(" ")
                    count += 1
                    pendingSpace = false
                }
                text.append(character)
                count += 1
                if count > limit { return false }
            }
            return true
        }
        // The first token's leading trivia and the last token's trailing trivia are not part of
        // the trimmed text, so a token's trailing trivia is only added once another token follows.
        var trailing: Trivia?
        for token in node.tokens(viewMode: .sourceAccurate) {
            if let previous = trailing {
                guard append(previous.description), append(token.leadingTrivia.description) else { break }
            }
            guard append(token.text) else { break }
            trailing = token.trailingTrivia
        }
        return count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// True when a name looks like a type (`SecAccessControlCreateFlags`, `Self`).
    public static func looksLikeTypeName(_ name: String) -> Bool {
        guard let first = name.first else { return false }
        return first.isUppercase
    }
}

public enum TypeNames {
    /// `SecAccessControlCreateFlags` for `SecAccessControlCreateFlags?`, `Foo.Bar` for `Foo.Bar`.
    public static func baseName(of type: TypeSyntax) -> String {
        if let optional = type.as(OptionalTypeSyntax.self) { return baseName(of: optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return baseName(of: unwrapped.wrappedType)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(of: attributed.baseType) }
        return type.trimmedSource
    }
}

extension SyntaxProtocol {
    /// The node's source text without its first token's leading trivia and its last token's
    /// trailing trivia: what `trimmedDescription` gives, read token by token. swift-syntax builds
    /// `trimmedDescription` from a copy of the node rewritten through key paths, which made type
    /// names (asked for every receiver a wrapper check looks at) a measurable share of a scan.
    public var trimmedSource: String {
        var text = ""
        var trailing: Trivia?
        for token in tokens(viewMode: .sourceAccurate) {
            if let previous = trailing {
                text += previous.description
                text += token.leadingTrivia.description
            }
            text += token.text
            trailing = token.trailingTrivia
        }
        return text
    }
}
