import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
// Swift-only by nature, so it reads the syntax tree: what the reply closure or the awaited result gates (control flow of Swift closures and `async` calls).
import SwiftSyntax

/// `swift.boolean_only_local_authentication` — OWASP MASTG-TEST-0266.
public struct BooleanOnlyLocalAuthenticationRule: SwiftRule {
    public static let interests: [RuleInterest] = [.call("evaluatePolicy")]

    public init(options: [String: ConfigValue]) {}

    /// The `LAContext` an `evaluatePolicy` call is made on, as far as the rule can name it.
    enum ContextIdentity {
        /// `LAContext().evaluatePolicy(…)`: a context nobody else can see.
        case fresh
        /// A local `let`/`var` initialised with `LAContext()`; its uses are searched in `scope`.
        case local(name: String, binding: PatternBindingSyntax, scope: Syntax)
        /// A stored property of `owner` initialised with (or declared as) an `LAContext`, declared
        /// in the type declaration at `declaredIn` (one of several same-named types in the scan,
        /// such as copies of one class in several app targets).
        case property(name: String, owner: String, declaredIn: TypePlace?)
        /// A local initialised by a helper of the scan that returns a new `LAContext` on some path
        /// (`let context = unlockContext()`); its uses are searched in `scope` like a local's.
        case made(name: String, binding: PatternBindingSyntax, scope: Syntax, factory: String)

        var description: String {
            switch self {
            case .fresh: "the new `LAContext()`"
            case .local(let name, _, _): "`\(name)`"
            case .property(let name, _, _): "the property `\(name)`"
            case .made(let name, _, _, let factory): "`\(name)` (a new `LAContext` from `\(factory)()`)"
            }
        }
    }

    /// Where a type declaration starts, to tell it from other declarations of the same name.
    struct TypePlace: Hashable {
        let path: String
        let position: AbsolutePosition
    }

    public func check(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let reference) = input, case let call = reference.syntax,
            SyntaxQueries.calleeName(of: call) == "evaluatePolicy",
            SyntaxQueries.argument(1, of: call)?.label?.text == "localizedReason",
            Self.resultGatesAnAction(call, in: context)
        else { return }
        let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent)
        let identity: ContextIdentity
        var described: String
        if receiver.map({ $0.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" }) ?? true {
            // `evaluatePolicy(…)` on `self` inside `extension LAContext`: the context is whichever
            // one the method is called on, so it is judged at its callers.
            guard let method = Self.laContextExtensionMethod(containing: call),
                let caller = Self.callerContext(of: method, in: context)
            else {
                if receiver != nil || Self.laContextExtensionMethod(containing: call) != nil {
                    noteUnfollowed(call, receiver: receiver.map { SyntaxQueries.shortText($0, limit: 40) } ?? "self", in: context)
                }
                return
            }
            identity = caller.identity
            described = caller.description
        } else {
            guard let receiver, let found = Self.identity(of: receiver, in: context) else {
                noteUnfollowed(call, receiver: receiver.map { SyntaxQueries.shortText($0, limit: 40) } ?? "", in: context)
                return
            }
            guard !Self.isHandedOn(found, in: context) else { return }
            identity = found
            described = found.description
        }

        var passcodePolicy: String?
        if let policy = SyntaxQueries.argument(0, of: call) {
            let resolution = context.resolve(policy.expression)
            if resolution.values.contains(where: { BooleanOnlyLocalAuthenticationJudgement.isPasscodePolicy($0.value) }) {
                passcodePolicy = ".deviceOwnerAuthentication"
            }
        }
        let message = BooleanOnlyLocalAuthenticationJudgement.message(context: described, passcodePolicy: passcodePolicy)
        let confidence: Confidence
        switch identity {
        case .property, .made: confidence = .medium
        case .fresh, .local: confidence = .high
        }
        context.report(at: call, message: message, confidence: confidence)
    }

    private func noteUnfollowed(_ call: FunctionCallExprSyntax, receiver: String, in context: RuleContext) {
        let location = context.file.location(of: call)
        context.note(
            ScanDiagnostic(
                kind: .unresolved, file: context.file.path,
                position: SourcePosition(line: location.line, column: location.column),
                message: "\(context.rule.id): the LAContext of evaluatePolicy comes from code the rule does not follow (`\(receiver)`)"))
    }

    /// The method of an `extension LAContext` whose body holds `node` (not inside a closure's own function).
    static func laContextExtensionMethod(containing node: some SyntaxProtocol) -> FunctionDeclSyntax? {
        var current = node.parent
        var method: FunctionDeclSyntax?
        while let candidate = current {
            if method == nil, let function = candidate.as(FunctionDeclSyntax.self) { method = function }
            if let extensionDecl = candidate.as(ExtensionDeclSyntax.self) {
                return TypeNames.baseName(of: extensionDecl.extendedType) == "LAContext" ? method : nil
            }
            if candidate.is(ClassDeclSyntax.self) || candidate.is(StructDeclSyntax.self) || candidate.is(EnumDeclSyntax.self)
                || candidate.is(ActorDeclSyntax.self)
            {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// Callers of an `LAContext` extension method looked at, as many as the resolver follows for a
    /// parameter (`ValueResolver.maximumCallSites`).
    static let maximumCallersOfExtension = ValueResolver.maximumCallSites

    /// The first caller of an `LAContext` extension method whose context the rule can name and
    /// that is never handed on (`let context = LAContext(); context.unlock { … }`), with words for
    /// the message. Nil when no caller is in the scan (a library: the context is its user's) or
    /// every caller's context is unknown or handed on.
    static func callerContext(of method: FunctionDeclSyntax, in context: RuleContext) -> (identity: ContextIdentity, description: String)? {
        let parameters = method.signature.parameterClause.parameters.map { $0.firstName.text == "_" ? nil : $0.firstName.text }
        for site in context.scan.index.callSites(named: method.name.text).prefix(Self.maximumCallersOfExtension) where site.hasReceiver {
            let (file, call) = site.resolved
            let labels = SyntaxQueries.labels(of: call)
            guard labels.count == parameters.count,
                zip(labels, parameters).enumerated().allSatisfy({ index, pair in
                    pair.0 == pair.1 || (pair.0 == nil && index == labels.count - 1 && call.trailingClosure != nil)
                }),
                let receiver = SyntaxQueries.receiver(of: call),
                let identity = identity(of: receiver, in: context), !isHandedOn(identity, in: context)
            else { continue }
            let place = file.path == context.file.path ? "line \(file.line(of: call))" : "\(file.fileName):\(file.line(of: call))"
            return (identity, "\(identity.description) (the LAContext `\(method.name.text)` is called on, \(place))")
        }
        return nil
    }

    // MARK: - Does the result gate something?

    /// Closure form: the reply closure reads `success` (or compares `error` with nil). Async form:
    /// the awaited result (true, or a thrown error) decides whether the following code runs.
    static func resultGatesAnAction(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        let replyExpression: ExprSyntax?
        if let trailing = call.trailingClosure {
            replyExpression = ExprSyntax(trailing)
        } else if let reply = SyntaxQueries.argument(labeled: "reply", of: call) {
            replyExpression = reply.expression
        } else {
            replyExpression = nil
        }
        guard let replyExpression else {
            return isAwaitedAndUsed(call)
        }
        guard let closure = replyExpression.as(ClosureExprSyntax.self) else {
            return referencedReplyGates(SyntaxQueries.unwrapTransparent(replyExpression), in: context)
        }
        let (success, error) = parameterNames(of: closure)
        return replyGates(success: success, error: error, uses: ReferenceCollector.references(in: closure))
    }

    /// A reply passed by reference: a completion handler the enclosing function received
    /// (`reply: completion` hands the Bool to the caller, who acts on it), a local closure
    /// (`let handler = { success, _ in … }`), or a method of the same type (`reply: handleResult`)
    /// whose body reads its first (or compares its second) parameter.
    static func referencedReplyGates(_ expression: ExprSyntax, in context: RuleContext) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return methodReplyGates(member.declName.baseName.text, at: member, in: context)
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return false }
        let name = reference.baseName.text
        switch SyntaxQueries.binding(of: name, at: reference) {
        case .parameter(let parameter):
            // Only a function-typed parameter: the Bool goes to the caller's code.
            var type = parameter.type
            while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
            if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
            if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { type = only.type }
            return type.is(FunctionTypeSyntax.self)
        case .variable(let binding):
            guard let closure = binding.initializer.map({ SyntaxQueries.unwrapTransparent($0.value) })?.as(ClosureExprSyntax.self) else { return false }
            let (success, error) = parameterNames(of: closure)
            return replyGates(success: success, error: error, uses: ReferenceCollector.references(in: closure))
        case .notLocal:
            return methodReplyGates(name, at: reference, in: context)
        case .optionalBinding, .opaque:
            return false
        }
    }

    /// `reply: handleResult` naming a method of the enclosing type with two parameters.
    static func methodReplyGates(_ name: String, at node: some SyntaxProtocol, in context: RuleContext) -> Bool {
        let owner = SyntaxQueries.enclosingTypeName(of: node)
        let methods = context.scan.index.functions(named: name).filter { $0.enclosingType == owner && $0.shapes.count == 2 }
        guard methods.count == 1, let body = methods[0].body else { return false }
        let names = methods[0].parameters.map { ($0.secondName ?? $0.firstName).text }.map { $0 == "_" ? nil : $0 }
        return replyGates(success: names[0], error: names[1], uses: ReferenceCollector.references(in: body))
    }

    /// Whether a reply body reads `success` (outside a string) or compares `error` with nil.
    static func replyGates(success: String?, error: String?, uses: [DeclReferenceExprSyntax]) -> Bool {
        if let success, uses.contains(where: { $0.baseName.text == success && !isInsideStringLiteral($0) }) {
            return true
        }
        if let error {
            return uses.contains { reference in
                guard reference.baseName.text == error,
                    let infix = reference.parent?.as(InfixOperatorExprSyntax.self),
                    let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!="
                else { return false }
                let other = infix.leftOperand.id == reference.id ? infix.rightOperand : infix.leftOperand
                return other.is(NilLiteralExprSyntax.self)
            }
        }
        return false
    }

    /// `(success, error)` parameter names of a reply closure; nil for `_`. `$0`/`$1` without a signature.
    static func parameterNames(of closure: ClosureExprSyntax) -> (String?, String?) {
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let shorthand)?:
            names = shorthand.map { $0.name.text }
        case .parameterClause(let clause)?:
            names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil:
            names = ["$0", "$1"]
        }
        func name(_ index: Int) -> String? {
            guard index < names.count, names[index] != "_" else { return nil }
            return names[index]
        }
        return (name(0), name(1))
    }

    /// `try await context.evaluatePolicy(…)`, unless its outcome is thrown away with `try?` and `_ =`
    /// or a bare statement.
    static func isAwaitedAndUsed(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        var awaited = false
        var optionalTry = false
        while let parent = node.parent {
            if parent.is(AwaitExprSyntax.self) {
                awaited = true
            } else if let tryExpr = parent.as(TryExprSyntax.self) {
                optionalTry = tryExpr.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
            } else if !parent.is(TupleExprSyntax.self) && !parent.is(LabeledExprSyntax.self) && !parent.is(UnsafeExprSyntax.self)
                && !parent.is(LabeledExprListSyntax.self)
            {
                break
            }
            node = parent
        }
        guard awaited else { return false }
        guard optionalTry else { return true }
        let parent = node.parent
        if let assignment = parent?.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
            assignment.leftOperand.is(DiscardAssignmentExprSyntax.self)
        {
            return false
        }
        return !(parent?.is(CodeBlockItemSyntax.self) ?? false)
    }

    static func isInsideStringLiteral(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let candidate = current {
            if candidate.is(StringLiteralExprSyntax.self) { return true }
            if candidate.is(CodeBlockItemSyntax.self) { return false }
            current = candidate.parent
        }
        return false
    }

    // MARK: - Which context?

    static func identity(of receiver: ExprSyntax, in context: RuleContext) -> ContextIdentity? {
        let receiver = SyntaxQueries.unwrapTransparent(receiver)
        if let call = receiver.as(FunctionCallExprSyntax.self) {
            return isNewContext(ExprSyntax(call)) ? .fresh : nil
        }
        if let member = receiver.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return propertyIdentity(member.declName.baseName.text, at: member, in: context)
        }
        guard let reference = receiver.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        switch SyntaxQueries.binding(of: name, at: reference) {
        case .variable(let binding):
            guard let initializer = binding.initializer,
                let scope = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self)
            else { return nil }
            if isNewContext(initializer.value) { return .local(name: name, binding: binding, scope: Syntax(scope)) }
            if let factory = contextFactory(initializer.value, in: context) {
                return .made(name: name, binding: binding, scope: Syntax(scope), factory: factory)
            }
            return nil
        case .notLocal:
            return propertyIdentity(name, at: reference, in: context)
        case .parameter, .optionalBinding, .opaque:
            // A parameter's context belongs to the caller, who may read the Keychain with it.
            return nil
        }
    }

    static func propertyIdentity(_ name: String, at node: some SyntaxProtocol, in context: RuleContext) -> ContextIdentity? {
        guard let owner = SyntaxQueries.enclosingTypeName(of: node) else { return nil }
        let index = context.scan.index
        var properties = index.properties(named: name, inType: owner).filter { !$0.isStatic }
        // Several types of the scan share the name (copies of a class in several targets): the
        // property is the one of the type declaration the call is written in, or else of the same
        // file, so that what else is in the scan does not decide.
        if properties.count > 1 {
            let path = context.file.path
            let sameFile = properties.filter { $0.file.path == path }
            if let declaration = enclosingPrimaryTypeDeclaration(of: Syntax(node)) {
                let own = sameFile.filter { $0.binding.position >= declaration.position && $0.binding.endPosition <= declaration.endPosition }
                properties = own.isEmpty ? sameFile : own
            } else {
                properties = sameFile
            }
        }
        guard properties.count == 1, let property = properties.first else { return nil }
        if let initializer = property.binding.initializer {
            guard isNewContext(initializer.value) else { return nil }
        } else if property.typeName != "LAContext" || property.binding.accessorBlock != nil {
            return nil
        }
        let binding = property.binding
        let declaredIn = index.types(named: owner).first {
            !$0.isExtension && $0.file.path == property.file.path && $0.node.position <= binding.position
                && binding.endPosition <= $0.node.endPosition
        }
        return .property(
            name: name, owner: owner, declaredIn: declaredIn.map { TypePlace(path: $0.file.path, position: $0.node.position) })
    }

    /// The class, struct, enum or actor declaration (not an extension) whose body holds `node`.
    static func enclosingPrimaryTypeDeclaration(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(ExtensionDeclSyntax.self) || candidate.is(ProtocolDeclSyntax.self) { return nil }
            if candidate.is(ClassDeclSyntax.self) || candidate.is(StructDeclSyntax.self) || candidate.is(EnumDeclSyntax.self)
                || candidate.is(ActorDeclSyntax.self)
            {
                return candidate
            }
            current = candidate.parent
        }
        return nil
    }

    /// `unlockContext()`: a call, without arguments, of a function of the scan (of this type, or
    /// global) that returns a new `LAContext` on at least one path: `LAContext()`, or a local
    /// initialised with it that the helper only configures. On that path the context is the
    /// caller's alone, whatever the helper returns on others (an injected test context). Returns
    /// the helper's name.
    static func contextFactory(_ expression: ExprSyntax, in context: RuleContext) -> String? {
        guard let call = SyntaxQueries.unwrapTransparent(expression).as(FunctionCallExprSyntax.self),
            SyntaxQueries.labels(of: call).isEmpty, let name = SyntaxQueries.calleeName(of: call)
        else { return nil }
        let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent)
        guard receiver == nil || receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { return nil }
        let owner = SyntaxQueries.enclosingTypeName(of: call)
        let functions = context.scan.index.functions(named: name).filter { $0.shapes.isEmpty && $0.enclosingType == owner }
        guard functions.count == 1, let body = functions[0].body else { return nil }
        for returned in SyntaxQueries.returnedExpressions(of: body) {
            let value = SyntaxQueries.unwrapTransparent(returned)
            if isNewContext(value) { return name }
            guard let reference = value.as(DeclReferenceExprSyntax.self),
                case .variable(let binding) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
                let initializer = binding.initializer, isNewContext(initializer.value),
                let scope = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self)
            else { continue }
            let others = ReferenceCollector.references(in: scope).filter {
                $0.baseName.text == reference.baseName.text && $0.id != reference.id
            }
            let handedOn = others.contains { other in
                guard case .variable(let found) = SyntaxQueries.binding(of: other.baseName.text, at: other), found.id == binding.id
                else { return false }
                return handsOn(ExprSyntax(other))
            }
            if !handedOn { return name }
        }
        return nil
    }

    /// `LAContext()`, `LAContext.init()`.
    static func isNewContext(_ expression: ExprSyntax) -> Bool {
        guard let call = SyntaxQueries.unwrapTransparent(expression).as(FunctionCallExprSyntax.self) else { return false }
        let callee = SyntaxQueries.unwrapTransparent(call.calledExpression)
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "LAContext" }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            return member.base?.trimmedDescription == "LAContext"
        }
        return false
    }

    // MARK: - Is the context handed on?

    /// Whether any use of the context, other than reading or setting its own members, may give it to
    /// other code: a dictionary value (`kSecUseAuthenticationContext: context`), an argument
    /// (`SecKey…`, a helper that builds a query), a return value, a store into another variable,
    /// or a re-assignment from something other than `LAContext()`.
    static func isHandedOn(_ identity: ContextIdentity, in context: RuleContext) -> Bool {
        switch identity {
        case .fresh:
            return false
        case .local(let name, let binding, let scope), .made(let name, let binding, let scope, _):
            for reference in ReferenceCollector.references(in: scope) where reference.baseName.text == name {
                guard case .variable(let found) = SyntaxQueries.binding(of: name, at: reference), found.id == binding.id
                else { continue }
                if handsOn(ExprSyntax(reference)) { return true }
            }
            return false
        case .property(let name, let owner, let declaredIn):
            // Its own declaration and every extension; another type's declaration of the same name
            // is someone else's property.
            for type in context.scan.index.types(named: owner)
            where type.isExtension || declaredIn.map({ $0 == TypePlace(path: type.file.path, position: type.node.position) }) ?? true {
                for reference in ReferenceCollector.references(in: type.node) where reference.baseName.text == name {
                    if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                        // `self.name` is the property; `other.name` is someone else's.
                        guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { continue }
                        if handsOn(ExprSyntax(member)) { return true }
                        continue
                    }
                    guard case .notLocal = SyntaxQueries.binding(of: name, at: reference) else { continue }
                    if handsOn(ExprSyntax(reference)) { return true }
                }
            }
            return false
        }
    }

    /// One use of the context: true unless it is the base of a member access (`context.x`,
    /// `context.evaluatePolicy(…)`), a nil comparison, or a re-assignment with a new `LAContext()`.
    static func handsOn(_ use: ExprSyntax) -> Bool {
        var node = Syntax(use)
        while let parent = node.parent,
            parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
        {
            node = parent
        }
        guard let parent = node.parent else { return true }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id { return false }
        // `type(of: context)` asks for the class and gives the context to nobody.
        if let argument = parent.as(LabeledExprSyntax.self), argument.label?.text == "of",
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "type"
        {
            return false
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self) {
            if infix.operator.is(AssignmentExprSyntax.self), infix.leftOperand.id == node.id {
                return !isNewContext(infix.rightOperand)
            }
            if let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" || op == "===" || op == "!==" {
                let other = infix.leftOperand.id == node.id ? infix.rightOperand : infix.leftOperand
                if other.is(NilLiteralExprSyntax.self) { return false }
            }
        }
        return true
    }

    public static let description = RuleDescription(
        id: "swift.boolean_only_local_authentication",
        name: "Authentication result is only a Bool",
        severity: .medium,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:287", "CWE:603", "MASWE:0044"],
        aliases: [
            RuleAlias(tool: "mobsfscan", id: "ios_biometric_bool"), RuleAlias(tool: "MASTG", id: "MASTG-TEST-0266"),
        ],
        summary:
            "LAContext.evaluatePolicy's result decides what the app does, but the same LAContext never reaches a Keychain query or key operation, so the authentication is event-bound and can be bypassed by flipping a Bool.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags `evaluatePolicy(_:localizedReason:reply:)` and `try await evaluatePolicy(_:localizedReason:)` \
                when the result gates an action and the `LAContext` it ran on is never handed on. The result \
                gates an action when the reply closure reads its `success` parameter (in a condition, an \
                assignment, or passed to a completion handler) or compares its `error` with `nil`; in the \
                async form the awaited result, or the error it throws, always decides what runs next. The \
                context is handed on when it is used anywhere other than as the receiver of its own members: \
                as the value of `kSecUseAuthenticationContext` in a query, as an argument (a key operation, a \
                helper that builds a query), returned, or stored elsewhere. When the policy is \
                `.deviceOwnerAuthentication`, the message also says that it accepts the device passcode.
                """,
            whyItMatters: """
                `evaluatePolicy` only hands the app a Bool. On a jailbroken device, or with a repackaged app, \
                Frida or objection flip that Bool (or make the async call return true) and the app unlocks \
                without a face, finger or passcode: the authentication is "event-bound". OWASP MASTG-TEST-0266 \
                and MASWE-0044 require it to be "result-bound": the secret the user is meant to unlock is kept \
                in the Keychain (or in the Secure Enclave) behind an access control, so that only a real \
                authentication makes the system release it.
                """,
            whatToDoInstead: """
                Store the secret (session token, key) with `SecAccessControlCreateWithFlags(…, .biometryCurrentSet, …)` \
                and read it with a query that carries the context: `kSecUseAuthenticationContext: context` \
                (after `evaluatePolicy` to pre-authenticate, or let `SecItemCopyMatching` prompt by itself). \
                For keys, use a Secure Enclave key whose access control requires biometry, and sign a server \
                challenge with it. Use `canEvaluatePolicy` only to learn whether biometry is available.
                """,
            fixSafety: """
                No automatic fix: binding the authentication to a Keychain item changes how the secret is \
                stored and read, and existing items have to be migrated.
                """,
            notes: [
                "\"Same context\": for a local `let`/`var` initialised with `LAContext()`, every use of that variable in its enclosing block (the function body, including closures inside it) is checked; for a stored property initialised with `LAContext()` (or declared as `LAContext` without an initial value), every `self.name`/`name` use in the type's declaration and all its extensions across the scan's files; for `LAContext().evaluatePolicy(…)` the context cannot be used again, so it is never handed on.",
                "Any use of the context other than reading or setting its own members (`context.localizedReason = …`, `context.biometryType`) counts as handing it on, and the rule stays silent: passing it to a helper such as `store.readToken(context: context)` is assumed to reach a Keychain query, without following the helper (precision first).",
                "A context that is a parameter of the enclosing function, is re-bound with `if let`/`guard let`, or comes from another object (`manager.context`) is not judged: its owner may pass it to a Keychain query elsewhere. `--verbose` says so. A context from a helper of the same type (or a global function) without arguments is judged when the helper returns a new `LAContext` on some path (`LAContext()`, or a local it only configures): on that path the context is the caller's alone.",
                "When several types of the scan share a name (copies of a class in several targets), a property is looked up in the type declaration that holds the call, so other targets' code neither hides nor changes the finding.",
                "A reply given by reference counts when it is a function-typed parameter of the enclosing function (`reply: completion` hands the Bool to the caller), a local closure, or a method of the same type whose body reads its first parameter or compares its second with nil; other references are not followed. A reply closure that ignores both parameters gates nothing and is not reported; a `success` that only appears inside a string (logging) does not count.",
                "`evaluatePolicy` on `self` inside `extension LAContext` runs on whatever context the method is called on: it is judged at the method's callers in the scan (the first whose context is named and never handed on is reported, at the `evaluatePolicy` call); with no caller in the scan (a library), the context is its user's and nothing is reported.",
                "The async form is always treated as gating (it throws when authentication fails), unless the outcome is discarded with `_ = try? await …`.",
                "`canEvaluatePolicy` is an availability check (MASTG-DEMO-0024) and is never reported.",
                "Confidence is high for a local or new context, medium for a property (other types may still reach it).",
            ],
            references: [
                "OWASP MASTG-TEST-0266: References to APIs for Event-Bound Biometric Authentication",
                "OWASP MASWE-0044: Biometric Authentication Can Be Bypassed",
                "CWE-287: Improper Authentication — https://cwe.mitre.org/data/definitions/287.html",
                "CWE-603: Use of Client-Side Authentication — https://cwe.mitre.org/data/definitions/603.html",
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "Apple: kSecUseAuthenticationContext — https://developer.apple.com/documentation/security/ksecuseauthenticationcontext",
            ]),
        remediation:
            "Bind the authentication to a Keychain item or Secure Enclave key protected with .biometryCurrentSet and pass the LAContext with kSecUseAuthenticationContext, instead of trusting evaluatePolicy's Bool.",
        examples: examples)
}

/// Every `DeclReferenceExpr` under a node.
private final class ReferenceCollector: SyntaxVisitor {
    var references: [DeclReferenceExprSyntax] = []

    static func references(in node: some SyntaxProtocol) -> [DeclReferenceExprSyntax] {
        let collector = ReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.references
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        references.append(node)
        return .visitChildren
    }
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension BooleanOnlyLocalAuthenticationRule {
    private static func message(_ context: String, passcode: Bool = false) -> String {
        BooleanOnlyLocalAuthenticationJudgement.message(context: context, passcodePolicy: passcode ? ".deviceOwnerAuthentication" : nil)
    }

    static let examples: [RuleExample] = [
        .triggering(
            "A login gated by the reply's success flag",
            """
            private func authenticateWithBiometrics() {
                let context = LAContext()
                context.localizedFallbackTitle = "Use PIN"
                ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics,
                                       localizedReason: "Log in to InsecureBank") { success, _ in
                    DispatchQueue.main.async {
                        if success {
                            self.showAccount()
                        } else {
                            self.showPINPad()
                        }
                    }
                }
            }
            """,
            messages: [message("`context`")]),
        .triggering(
            "The async form with the passcode fallback policy",
            """
            func unlock() async throws {
                let context = LAContext()
                let ok = try await ↓context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock your vault")
                guard ok else { return }
                isUnlocked = true
            }
            """,
            messages: [message("`context`", passcode: true)]),
        .triggering(
            "A new context, the Bool forwarded to a completion handler",
            """
            func authenticate(completion: @escaping (Bool) -> Void) {
                ↓LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm the transfer") { success, _ in
                    completion(success)
                }
            }
            """,
            messages: [message("the new `LAContext()`")]),
        .triggering(
            "A property context, in a type spread over two files; the query that follows does not carry it",
            files: [
                "LockScreen.swift": """
                    final class LockScreen {
                        private let authContext = LAContext()
                        func unlock() {
                            ↓authContext.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock",
                                                       reply: { (success: Bool, error: Error?) in
                                guard error == nil else { return }
                                var item: CFTypeRef?
                                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                            kSecAttrAccount as String: "session", kSecReturnData as String: true]
                                SecItemCopyMatching(query as CFDictionary, &item)
                            })
                        }
                    }
                    """,
                "LockScreen+Appearance.swift": """
                    extension LockScreen {
                        func configure() {
                            authContext.localizedCancelTitle = "Not now"
                            if self.authContext.biometryType == .faceID { showFaceIDIcon() }
                        }
                    }
                    """,
            ],
            messages: [message("the property `authContext`")],
            alsoTriggers: ["swift.unchecked_keychain_status"]),
        .triggering(
            "Inside an if-expression condition, with a type-qualified policy",
            """
            func confirm() async -> Bool {
                let context = LAContext()
                context.touchIDAuthenticationAllowableReuseDuration = 0
                if (try? await ↓context.evaluatePolicy(LAPolicy.deviceOwnerAuthentication, localizedReason: "Confirm")) == true {
                    return true
                }
                return false
            }
            """,
            messages: [message("`context`", passcode: true)]),
        .triggering(
            "Copies of one class in two app targets: each is judged by its own property",
            files: [
                "App/AppLockHandler.swift": """
                    public class AppLockHandler {
                        private let context = LAContext()
                        public func showAppLockPrompt() async throws {
                            let ok = try await ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                            if !ok { throw CancelledError() }
                        }
                    }
                    """,
                "Widget/AppLockHandler.swift": """
                    public class AppLockHandler {
                        private let context = LAContext()
                        public func readSecret() async throws -> Data? {
                            guard try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") else { return nil }
                            var item: CFTypeRef?
                            let query: [String: Any] = [kSecReturnData as String: true, kSecUseAuthenticationContext as String: context]
                            guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
                            return item as? Data
                        }
                    }
                    """,
            ],
            messages: [message("the property `context`")]),
        .triggering(
            "A context made by a helper that returns a new LAContext (or, in tests, an injected one)",
            """
            final class AppLockService {
                private let context: LAContext
                init(context: LAContext = .init()) { self.context = context }
                func unlockWithBiometrics() async -> Bool {
                    do {
                        let context = unlockContext()
                        guard try await ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") else {
                            return false
                        }
                        completeUnlock()
                        return true
                    } catch {
                        return false
                    }
                }
                private func unlockContext() -> LAContext {
                    guard type(of: context) == LAContext.self else { return context }
                    let context = LAContext()
                    context.localizedFallbackTitle = "Enter PIN"
                    return context
                }
            }
            """,
            messages: [message("`context` (a new `LAContext` from `unlockContext()`)")]),
        .nonTriggering(
            "A helper that returns a context it also hands to someone else, or an existing context only",
            """
            final class AppLockService {
                private let shared: LAContext
                init(shared: LAContext) { self.shared = shared }
                func unlock() async throws -> Bool {
                    let context = registeredContext()
                    return try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                }
                func verify() async throws -> Bool {
                    let context = sharedContext()
                    return try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Verify")
                }
                private func registeredContext() -> LAContext {
                    let context = LAContext()
                    registry.keep(context)
                    return context
                }
                private func sharedContext() -> LAContext { shared }
            }
            """),
        .triggering(
            "A reply passed by reference: the enclosing function's completion handler, or a method that reads the Bool",
            """
            final class Gate {
                func authenticate(completion: @escaping (Bool, Error?) -> Void) {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: completion)
                }
                func confirm() {
                    let context = LAContext()
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: handleResult)
                }
                private func handleResult(_ success: Bool, _ error: Error?) {
                    if success { openVault() }
                }
            }
            """,
            messages: [message("`context`"), message("`context`")]),
        .triggering(
            "evaluatePolicy on implicit self in an LAContext extension: judged at the caller's context",
            files: [
                "LAContext+Unlock.swift": """
                    extension LAContext {
                        func unlock(reason: String, completion: @escaping (Bool) -> Void) {
                            ↓evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { success, _ in
                                completion(success)
                            }
                        }
                    }
                    """,
                "LockScreen.swift": """
                    final class LockScreen {
                        func show() {
                            let context = LAContext()
                            context.unlock(reason: "Unlock") { ok in
                                if ok { self.openVault() }
                            }
                        }
                    }
                    """,
            ],
            messages: [message("`context` (the LAContext `unlock` is called on, LockScreen.swift:4)")]),
        .nonTriggering(
            "An LAContext extension whose callers read the Keychain with the context, or that no code of the scan calls",
            files: [
                "LAContext+Unlock.swift": """
                    extension LAContext {
                        func unlock(reason: String, completion: @escaping (Bool) -> Void) {
                            evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { success, _ in
                                completion(success)
                            }
                        }
                        func confirm(reason: String, completion: @escaping (Bool) -> Void) {
                            self.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: reason) { success, _ in completion(success) }
                        }
                    }
                    """,
                "TokenReader.swift": """
                    final class TokenReader {
                        func read() {
                            let context = LAContext()
                            context.unlock(reason: "Read your token") { ok in
                                guard ok else { return }
                                var item: CFTypeRef?
                                let query: [String: Any] = [kSecReturnData as String: true, kSecUseAuthenticationContext as String: context]
                                if SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess { self.show(item) }
                            }
                        }
                    }
                    """,
            ]),
        .nonTriggering(
            "A reply by reference that ignores the result, and a non-closure value that is not a parameter",
            """
            final class Gate {
                func confirm() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: logResult)
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm", reply: Handlers.shared.reply)
                }
                private func logResult(_ success: Bool, _ error: Error?) {
                    print("done")
                }
            }
            """),
        .nonTriggering(
            "canEvaluatePolicy only checks availability",
            """
            private func configureBiometricButton() {
                var error: NSError?
                guard availabilityContext.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else {
                    biometricButton.isHidden = true
                    return
                }
                if availabilityContext.biometryType == .faceID { biometricButton.setTitle("Log in with Face ID", for: .normal) }
            }
            """),
        .nonTriggering(
            "Pre-authentication: the evaluated context is passed to SecItemCopyMatching",
            """
            func readToken() {
                let context = LAContext()
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Read your token") { success, _ in
                    guard success else { return }
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "token",
                        kSecReturnData as String: true,
                        kSecUseAuthenticationContext as String: context,
                    ]
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                }
            }
            """,
            alsoTriggers: ["swift.unchecked_keychain_status"]),
        .nonTriggering(
            "The async form, then the context goes to a helper that builds the query (in another file)",
            files: [
                "Login.swift": """
                    func login(store: SessionTokenStore) async throws -> String {
                        let context = LAContext()
                        guard try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") else {
                            throw LoginError.cancelled
                        }
                        return try store.sessionToken(context: context)
                    }
                    """,
                "SessionTokenStore.swift": """
                    final class SessionTokenStore {
                        func sessionToken(context: LAContext) throws -> String {
                            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                        kSecUseAuthenticationContext as String: context]
                            return try read(query)
                        }
                    }
                    """,
            ]),
        .nonTriggering(
            "A property context that another method of the type puts into a query",
            """
            final class Vault {
                private var context = LAContext()
                func unlock() {
                    context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { success, _ in
                        if success { self.loadSecrets() }
                    }
                }
                private func loadSecrets() {
                    var query = baseQuery
                    query[kSecUseAuthenticationContext as String] = self.context
                    SecItemCopyMatching(query as CFDictionary, nil)
                }
            }
            """,
            alsoTriggers: ["swift.unchecked_keychain_status"]),
        .nonTriggering(
            "A context from the caller, a reply given as a function, and a reply that ignores the result",
            """
            func authenticate(with context: LAContext) {
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { success, _ in
                    if success { proceed() }
                }
            }
            func warmUp() {
                let context = LAContext()
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in", reply: handleReply)
                let other = LAContext()
                other.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { _, error in
                    log("authentication finished: \\(String(describing: error))")
                }
            }
            """),
    ]
}
