import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's reading of an `evaluatePolicy` outcome handed on to other code
// (`HandedOutcome`): the reply calls a completion handler the enclosing function received, or is
// that handler, and the function's callers in the scan test what they are given.

extension RuleContext {
    public func handedOutcome(_ evaluation: PolicyEvaluation) -> HandedOutcome? {
        guard case .swift(let expression) = evaluation.call.expression, let call = expression.syntax.as(FunctionCallExprSyntax.self)
        else { return nil }
        return memo(HandedOutcomeKey(position: call.position)) { SwiftHandedOutcomes.handedOutcome(of: call, in: self) }
    }
}

private struct HandedOutcomeKey: Hashable {
    let position: AbsolutePosition
}

/// How the Swift front end follows a handed-on outcome to its callers' gates.
enum SwiftHandedOutcomes {
    /// What the hand-off passes at each argument position of the handler.
    struct Handoff {
        let node: Syntax
        /// The handler parameter; nil when the outcome is the enclosing function's result or
        /// an argument of `method`.
        let parameter: FunctionParameterSyntax?
        /// A call of a function of the scan that receives the outcome as an argument (a delegate
        /// method, a method of the same type): its declarations' bodies decide.
        var method: FunctionCallExprSyntax? = nil
        /// A stored property the outcome is assigned to (`self.isUnlocked = success`), with the
        /// type whose code writes it: its reads in that type's declarations decide.
        var property: (name: String, owner: String)? = nil
        /// `self.onResult?(success)`: the call of a property of the type the call is in (`owner`),
        /// which may be a stored closure (`var onResult: ((Bool) -> Void)?`); the closures the scan
        /// assigns to it decide. When the type declares no such property, `method` is followed.
        var storedClosure: (name: String, owner: String)? = nil
        /// The file that holds `node`, where a method hand-off's receiver is read.
        var file: SourceFile? = nil
        let function: FunctionDeclSyntax?
        /// The outcome leaves `function` as the error the awaited call throws (`try await` in an
        /// `async throws` function, not caught there): its callers' `try` decides what runs next,
        /// unless they test a result it returns.
        var throwsFailure = false
        /// The argument positions that carry the success flag, and those that carry the error.
        var successArguments: [Int]
        var errorArguments: [Int]
        var carries: HandedValue
    }

    /// Of several hand-offs in one reply, the first whose receivers test the outcome; else the
    /// first to a caller (a handler or the result); else the first.
    static func handedOutcome(of call: FunctionCallExprSyntax, in context: RuleContext) -> HandedOutcome? {
        let search = ReceiverSearch()
        guard
            let (handoff, receivers) = search.chosen(among: handoffs(of: call, in: context), toCallers: handsToCallers, receivers: { handoff in
                receivers(of: handoff, depth: 0, search: search, in: context)
            })
        else { return nil }
        let place = SourcePlace(location: context.file.valueLocation(of: handoff.node), snippet: SyntaxQueries.shortText(handoff.node, limit: 60))
        let words =
            if let property = handoff.property { "the readers of the property `\(property.name)`" }
            else if let stored = storedClosure(of: handoff, in: context) { "the closures assigned to `\(stored.name)`" }
            else if handoff.method != nil { "`\(spelled(handoff))`" }
            else { "the callers of `\(spelled(handoff))`" }
        let ignored = handsToCallers(handoff) && handoff.parameter == nil ? ignoredOutcomes(of: handoff, evaluating: call, in: context) : []
        return HandedOutcome(
            handoff: place, carries: handoff.carries, receiverWords: words, receivers: receivers, ignoredBy: ignored, unfollowed: search.unfollowed)
    }

    // MARK: - Callers that throw the outcome away

    /// How many functions that hand the outcome on again (`try await gate.authenticate()` as all
    /// that `unlock()` does) are followed to their callers.
    static let maximumRehandings = 2

    /// The callers of a function that returns the awaited outcome or throws its failure, and does
    /// nothing else with it, that throw it away and then act (`try? await auth.unlock()`, then
    /// `showSecrets()`). A function that acts itself after the evaluation (`isUnlocked = true`)
    /// keeps its own gate: its callers owe it nothing.
    static func ignoredOutcomes(of handoff: Handoff, evaluating call: FunctionCallExprSyntax, in context: RuleContext) -> [IgnoredOutcome] {
        // Nothing after the evaluation (`let ok = …; if ok { isUnlocked = true }; return ok` acts
        // itself) nor after the hand-off.
        guard let function = handoff.function, isOnlyGate(function, holding: Syntax(call), in: context.file), isOnlyGate(function, holding: handoff.node, in: context.file)
        else { return [] }
        return ignoredOutcomes(ofCallsTo: function, through: [], steps: [], in: context)
    }

    private static func ignoredOutcomes(
        ofCallsTo function: FunctionDeclSyntax, through: [String], steps: [TraceStep], in context: RuleContext
    ) -> [IgnoredOutcome] {
        let parameters = Array(function.signature.parameterClause.parameters)
        var found: [IgnoredOutcome] = []
        for site in context.scan.index.callSites(named: function.name.text).prefix(EvaluatedContext.maximumSenders) {
            let (file, call) = site.resolved
            // A test that calls the gate and ignores its failure is no path of the app.
            guard !context.scan.projectModel.isTestCode(file.path), fits(call, parameters),
                let awaited = SwiftOutcomeTests.awaited(call)
            else { continue }
            let written = awaited.abbreviated(call)
            // `(try? await auth.check()) ?? true`: the failure made nil, and nil made true.
            if awaited.isOptionalTry, let infix = awaited.value.parent?.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == awaited.value.id,
                let op = SwiftOutcomeTests.nilPassingOperator(infix)
            {
                let location = file.location(of: infix)
                found.append(IgnoredOutcome(
                    call: "(\(written)) \(op)", action: nil, through: through,
                    steps: steps + [TraceStep(
                        kind: .branch, text: "taken for success: `(\(written)) \(op)`", file: file.path, line: location.line,
                        column: location.column)]))
                continue
            }
            if awaited.tryExpr == nil || awaited.isOptionalTry {
                // Thrown away: the value (and, with `try?`, the failure) decides nothing.
                guard let (statement, discard) = SwiftOutcomeTests.discardingStatement(awaited.value),
                    let action = SwiftOutcomeTests.firstAction(after: statement, in: file)
                else { continue }
                let location = file.location(of: statement)
                found.append(IgnoredOutcome(
                    call: discard + written, action: action.text, through: through,
                    steps: steps + [TraceStep(
                        kind: .branch, text: "ignored: `\(discard + written)`, then `\(action.text)` runs", file: file.path,
                        line: location.line, column: location.column)]))
                continue
            }
            // `try await gate.authenticate()` as all that another function does, which throws the
            // failure on or returns the outcome: its callers decide.
            guard awaited.tryExpr?.questionOrExclamationMark == nil, through.count < maximumRehandings,
                let outer = enclosingFunction(of: Syntax(call)), outer.id != function.id,
                thrownOutcome(of: call, by: outer) != nil || isReturned(Syntax(call), by: outer),
                isOnlyGate(outer, holding: Syntax(call), in: file)
            else { continue }
            let location = file.location(of: awaited.value)
            found += ignoredOutcomes(
                ofCallsTo: outer, through: through + [spelled(outer)],
                steps: steps + [TraceStep(
                    kind: .function, text: "handed on again: `\(written)` in `\(spelled(outer))`", file: file.path, line: location.line,
                    column: location.column)],
                in: context)
        }
        return found
    }

    /// Whether the outcome handed on at `node` is all `function` gives: the top-level statement
    /// that holds it is no branch, and no action follows it (`return true` aside). In a reply
    /// closure (a continuation resumed with the flag), the reply does nothing but resume.
    static func isOnlyGate(_ function: FunctionDeclSyntax, holding node: Syntax, in file: SourceFile) -> Bool {
        guard let statements = function.body?.statements else { return false }
        let bodies = SwiftBodies(file: file)
        var current = node
        while let parent = current.parent, parent.id != statements.id { current = parent }
        guard let item = current.as(CodeBlockItemSyntax.self), current.parent?.id == statements.id else { return false }
        if item.item.is(IfExprSyntax.self) || item.item.is(SwitchExprSyntax.self) || item.item.is(GuardStmtSyntax.self)
            || item.item.is(DoStmtSyntax.self)
        {
            return false
        }
        for later in statements.drop(while: { $0.id != item.id }).dropFirst()
        where ReplyOutcomeReading.actions(bodies.statements(of: later)).list.contains(where: { !$0.key.hasPrefix("return") }) {
            return false
        }
        // A reply that resumes a continuation: nothing else in it.
        var enclosing = node.parent
        while let candidate = enclosing, candidate.id != item.id {
            if let closure = candidate.as(ClosureExprSyntax.self), let call = closure.parent?.as(FunctionCallExprSyntax.self)
                ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), SyntaxQueries.calleeName(of: call) == "evaluatePolicy"
            {
                return ReplyOutcomeReading.actions(bodies.statements(closure.statements)).list.allSatisfy { $0.callee == "resume" }
            }
            enclosing = candidate.parent
        }
        return true
    }

    /// The outcome goes to the enclosing function's callers (a handler, the result).
    static func handsToCallers(_ handoff: Handoff) -> Bool { handoff.method == nil && handoff.property == nil }

    /// The receiving function as Swift spells it: `authenticate(completion:)`.
    static func spelled(_ handoff: Handoff) -> String {
        if let method = handoff.method {
            let labels = SyntaxQueries.labels(of: method).map { ($0 ?? "_") + ":" }.joined()
            return "\(SyntaxQueries.calleeName(of: method) ?? "")(\(labels))"
        }
        return handoff.function.map(spelled) ?? ""
    }

    /// `name(label:)` as Swift spells the function.
    static func spelled(_ function: FunctionDeclSyntax) -> String {
        let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
        return "\(function.name.text)(\(labels))"
    }

    // MARK: - The hand-off in the reply

    /// The calls in the reply closure that pass the outcome on, in order: of a function-typed
    /// parameter of the enclosing function, of `continuation.resume(returning:)` for a result the
    /// enclosing function returns, of a function of the scan with the outcome as an argument; or
    /// the reply given as the handler (`reply: completion`), or the awaited result returned.
    static func handoffs(of call: FunctionCallExprSyntax, in context: RuleContext) -> [Handoff] {
        handoffs(of: call, in: context.file, index: context.scan.index) { storedClosure(of: $0, in: context) != nil }
    }

    /// The same, with `isStoredClosure` telling whether a call of a property of the type calls a
    /// closure it keeps (a property declared with a function type, in any file of the scan).
    static func handoffs(
        of call: FunctionCallExprSyntax, in file: SourceFile, index: ProjectIndex, isStoredClosure: (Handoff) -> Bool
    ) -> [Handoff] {
        if let closure = SwiftOutcomeTests.replyClosure(of: call) {
            let (success, error) = SwiftPolicyEvaluations.parameterNames(of: closure)
            guard success != nil || error != nil else { return [] }
            let readsSuccess =
                SwiftPolicyEvaluations.use(success: success, error: error, in: Syntax(closure.statements), file: file).readsSuccess
            return handoffs(
                in: Syntax(closure), success: success, error: error, function: enclosingFunction(of: Syntax(closure)), readsSuccess: readsSuccess,
                file: file, index: index, isStoredClosure: isStoredClosure)
        }
        // The awaited form, returned by the enclosing function (`return try await …`, its only
        // statement, `(try? await …) ?? false`, a local holding it that is returned), or thrown
        // out of an `async throws` function: its callers get the outcome.
        if call.trailingClosure == nil, SyntaxQueries.argument(labeled: "reply", of: call) == nil {
            guard let function = enclosingFunction(of: Syntax(call)) else { return [] }
            if let returned = returnedOutcome(of: call, by: function) {
                return [Handoff(node: returned, parameter: nil, function: function, successArguments: [], errorArguments: [], carries: .success)]
            }
            guard let thrown = thrownOutcome(of: call, by: function) else { return [] }
            var handoff = Handoff(node: thrown, parameter: nil, function: function, successArguments: [], errorArguments: [], carries: .success)
            handoff.throwsFailure = true
            return [handoff]
        }
        // `reply: completion`: the caller's closure receives the success flag and the error.
        guard let reply = SyntaxQueries.argument(labeled: "reply", of: call)?.expression,
            let reference = SyntaxQueries.unwrapTransparent(reply).as(DeclReferenceExprSyntax.self),
            let function = enclosingFunction(of: Syntax(call)),
            case .parameter(let parameter) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
            isFunctionTyped(parameter, in: index), belongs(parameter, to: function)
        else { return [] }
        return [Handoff(
            node: Syntax(reply), parameter: parameter, function: function, successArguments: [0], errorArguments: [1], carries: .success)]
    }

    /// The hand-offs in `body` (the reply closure, or code that received the outcome) of the
    /// values named `success` and `error`, as the one reading finds them
    /// (`HandedOutcomeReading.handedArguments`) among the places the body passes values on.
    static func handoffs(
        in body: Syntax, success: String?, error: String?, function: FunctionDeclSyntax?, readsSuccess: Bool, file: SourceFile,
        index: ProjectIndex, isStoredClosure: (Handoff) -> Bool
    ) -> [Handoff] {
        programHandoffs(in: body, function: function, file: file, index: index, isStoredClosure: isStoredClosure).compactMap { model, template in
            guard let handed = HandedOutcomeReading.handedArguments(of: model, success: success, error: error, readsSuccess: readsSuccess)
            else { return nil }
            var handoff = template
            handoff.successArguments = handed.successArguments
            handoff.errorArguments = handed.errorArguments
            handoff.carries = handed.carries
            return handoff
        }
    }

    /// The places in `body` that pass values on, in source order, each with the hand-off it is
    /// when the reading finds it passes the outcome: calls of a function-typed parameter of
    /// `function` or of a stored closure property of the type (handlers),
    /// `continuation.resume(returning: name)` in the continuation `function` returns (its result),
    /// other calls (of functions the scan may declare), and assignments to stored properties.
    static func programHandoffs(
        in body: Syntax, function: FunctionDeclSyntax?, file: SourceFile, index: ProjectIndex, isStoredClosure: (Handoff) -> Bool
    ) -> [(ProgramHandoff, Handoff)] {
        var found: [(position: AbsolutePosition, model: ProgramHandoff, template: Handoff)] = []
        func add(_ node: some SyntaxProtocol, _ target: ProgramHandoff.Target, _ arguments: [Set<String>], _ template: Handoff) {
            let (enclosing, guards) = enclosingTests(around: Syntax(node), upTo: body)
            found.append((
                node.position, ProgramHandoff(target: target, arguments: arguments, enclosingTests: enclosing, earlierGuards: guards), template
            ))
        }
        for call in HandoffCallCollector.calls(in: body) {
            let arguments = SyntaxQueries.argumentExpressions(of: call).map { argument in
                // A closure argument runs later, and is read as part of the code.
                argument.is(ClosureExprSyntax.self) ? [] : Set(ReferenceCollector.references(in: argument).map(\.baseName.text))
            }
            // A call without arguments passes nothing on.
            guard !arguments.isEmpty else { continue }
            func template(parameter: FunctionParameterSyntax? = nil) -> Handoff {
                Handoff(node: Syntax(call), parameter: parameter, function: function, successArguments: [], errorArguments: [], carries: .success)
            }
            // `continuation.resume(returning: success)` in `withCheckedContinuation`, whose
            // result the async function returns: its callers get the Bool.
            if let function, let resumed = resumedName(call, function: function) {
                add(call, .result, [[resumed]], template())
            } else if let function, let parameter = handlerParameter(call, of: function, in: index) {
                add(call, .handler, arguments, template(parameter: parameter))
            } else if let name = SyntaxQueries.calleeName(of: call) {
                var method = template()
                method.method = call
                method.storedClosure = propertyCalled(by: call)
                method.file = file
                // `self.onResult?(ok)`: a closure the type keeps in a property is a handler too.
                add(call, isStoredClosure(method) ? .handler : .call(callee: name), arguments, method)
            }
        }
        // `self.isUnlocked = success`, `lastError = error`: a stored property of the type.
        for assignment in AssignmentCollector.assignments(in: body) {
            guard let target = SwiftPolicyEvaluations.propertyAssigned(from: assignment.rightOperand),
                let owner = SyntaxQueries.enclosingTypeName(of: assignment)
            else { continue }
            var handoff = Handoff(node: Syntax(assignment), parameter: nil, function: function, successArguments: [], errorArguments: [], carries: .success)
            handoff.property = (target.name, owner)
            let value = assignment.rightOperand
            add(assignment, .property, [value.is(ClosureExprSyntax.self) ? [] : Set(ReferenceCollector.references(in: value).map(\.baseName.text))], handoff)
        }
        return found.sorted { $0.position < $1.position }.map { ($0.model, $0.template) }
    }

    /// The parameter a call calls (`completion(…)`, `completion?(…)`), when it is a function-typed
    /// parameter of `function` itself.
    static func handlerParameter(
        _ call: FunctionCallExprSyntax, of function: FunctionDeclSyntax, in index: ProjectIndex
    ) -> FunctionParameterSyntax? {
        var callee = call.calledExpression
        if let optional = callee.as(OptionalChainingExprSyntax.self) { callee = optional.expression }
        guard let reference = callee.as(DeclReferenceExprSyntax.self),
            case .parameter(let parameter) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
            isFunctionTyped(parameter, in: index), belongs(parameter, to: function)
        else { return nil }
        return parameter
    }

    /// The name `continuation.resume(returning: name)` passes, where `continuation` is the
    /// parameter of the closure given to a `with…Continuation` call that `function` returns.
    static func resumedName(_ call: FunctionCallExprSyntax, function: FunctionDeclSyntax) -> String? {
        guard SyntaxQueries.calleeName(of: call) == "resume", let argument = SyntaxQueries.argument(labeled: "returning", of: call),
            let name = SyntaxQueries.unwrapTransparent(argument.expression).as(DeclReferenceExprSyntax.self)?.baseName.text,
            let continuation = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent)?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        var current = call.parent
        while let candidate = current, candidate.id != function.id {
            if let closure = candidate.as(ClosureExprSyntax.self),
                closureParameterNames(closure).first == continuation.baseName.text,
                let bridge = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let bridgeName = SyntaxQueries.calleeName(of: bridge), bridgeName.hasPrefix("with"), bridgeName.hasSuffix("Continuation")
            {
                return isReturned(Syntax(bridge), by: function) ? name : nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// Whether `function` returns the value of `expression`: `return try await expression`, or
    /// `expression` as the only statement of its body.
    static func isReturned(_ expression: Syntax, by function: FunctionDeclSyntax) -> Bool {
        var node = expression
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(UnsafeExprSyntax.self) {
            node = parent
        }
        guard let parent = node.parent else { return false }
        if let returned = parent.as(ReturnStmtSyntax.self) {
            return enclosingFunction(of: Syntax(returned)).map { $0.id == function.id } ?? false
                && !isInsideClosure(Syntax(returned), upTo: function)
        }
        guard let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
            list.parent?.parent?.id == function.id,
            let returnType = function.signature.returnClause?.type.trimmedSource
        else { return false }
        return returnType == "Bool"
    }

    /// Where `function` returns the awaited outcome of `call`, as the hand-off: the `return`
    /// statement (or the expression that is the body's only statement) of `try await call`,
    /// `(try? await call) ?? false` or `(try? await call) == true`, or of a `let` local
    /// initialised with one of those and returned as it is (`let ok = try await …; return ok`).
    /// Returns inside closures and nested functions are another function's.
    static func returnedOutcome(of call: FunctionCallExprSyntax, by function: FunctionDeclSyntax) -> Syntax? {
        guard let value = awaitedValue(of: call), let parent = value.parent else { return nil }
        if let returned = parent.as(ReturnStmtSyntax.self) {
            return returnsFrom(returned, function) ? Syntax(returned) : nil
        }
        if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
            list.parent?.parent?.id == function.id, function.signature.returnClause?.type.trimmedSource == "Bool"
        {
            // `try await call` alone is the call itself; a `??` or `==` around it is the value.
            return value.is(InfixOperatorExprSyntax.self) ? value : Syntax(call)
        }
        // `let ok = try await …`, then `return ok`.
        guard let initializer = parent.as(InitializerClauseSyntax.self), let binding = initializer.parent?.as(PatternBindingSyntax.self),
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let body = function.body
        else { return nil }
        for returned in SyntaxQueries.returnStatements(in: body.statements) {
            guard let expression = returned.expression,
                let reference = SyntaxQueries.unwrapTransparent(expression).as(DeclReferenceExprSyntax.self),
                reference.baseName.text == name,
                case .variable(let found) = SyntaxQueries.binding(of: name, at: reference), found.id == binding.id
            else { continue }
            return Syntax(returned)
        }
        return nil
    }

    /// The expression that carries the awaited Bool: `try await call`, or
    /// `(try? await call) ?? false` / `(try? await call) == true`, where a failure is `false`.
    /// Nil when the call is not awaited, or its `try?` is not turned back into a Bool.
    private static func awaitedValue(of call: FunctionCallExprSyntax) -> Syntax? {
        var node = Syntax(call)
        var awaited = false
        var optionalTry = false
        while let parent = node.parent {
            if parent.is(AwaitExprSyntax.self) {
                awaited = true
            } else if let tryExpr = parent.as(TryExprSyntax.self) {
                if tryExpr.questionOrExclamationMark?.tokenKind == .postfixQuestionMark { optionalTry = true }
            } else if !parent.is(UnsafeExprSyntax.self) && !isParentheses(parent) {
                break
            }
            node = parent
        }
        guard awaited else { return nil }
        guard optionalTry else { return node }
        guard let infix = node.parent?.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == node.id,
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            let literal = SyntaxQueries.unwrapTransparent(infix.rightOperand).as(BooleanLiteralExprSyntax.self),
            (op == "??" && literal.literal.tokenKind == .keyword(.false)) || (op == "==" && literal.literal.tokenKind == .keyword(.true))
        else { return nil }
        var value = Syntax(infix)
        while let parent = value.parent, isParentheses(parent) { value = parent }
        return value
    }

    /// A parenthesised expression's nodes (`( … )` is a one-element tuple).
    private static func isParentheses(_ node: Syntax) -> Bool {
        if let tuple = node.as(TupleExprSyntax.self) { return tuple.elements.count == 1 && tuple.elements.first?.label == nil }
        if let element = node.as(LabeledExprSyntax.self) { return element.label == nil && element.parent?.parent?.is(TupleExprSyntax.self) == true }
        return node.is(LabeledExprListSyntax.self) && node.parent?.is(TupleExprSyntax.self) == true
    }

    private static func returnsFrom(_ returned: ReturnStmtSyntax, _ function: FunctionDeclSyntax) -> Bool {
        enclosingFunction(of: Syntax(returned)).map { $0.id == function.id } ?? false && !isInsideClosure(Syntax(returned), upTo: function)
    }

    /// Where an `async throws` function lets the awaited call's failure out to its callers:
    /// `try await call` (not `try?`, not inside a `do` with a `catch` of `function`, nor inside a
    /// closure). The `try` expression is the hand-off.
    static func thrownOutcome(of call: FunctionCallExprSyntax, by function: FunctionDeclSyntax) -> Syntax? {
        guard function.signature.effectSpecifiers?.asyncSpecifier != nil, function.signature.effectSpecifiers?.throwsClause != nil
        else { return nil }
        var node = Syntax(call)
        var thrown: Syntax?
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(UnsafeExprSyntax.self) {
            if let tryExpr = parent.as(TryExprSyntax.self) {
                guard tryExpr.questionOrExclamationMark == nil else { return nil }
                thrown = parent
            }
            node = parent
        }
        guard let thrown, !staysInside(thrown, function) else { return nil }
        return thrown
    }

    /// Whether a `do` with a `catch`, a closure or a nested function of `function` holds `node`:
    /// an error thrown there does not leave `function` (a closure's is its caller's).
    private static func staysInside(_ node: Syntax, _ function: FunctionDeclSyntax) -> Bool {
        var current = node.parent
        while let candidate = current, candidate.id != function.id {
            if candidate.is(ClosureExprSyntax.self) || candidate.is(FunctionDeclSyntax.self) { return true }
            if let doStmt = candidate.as(DoStmtSyntax.self), !doStmt.catchClauses.isEmpty { return true }
            current = candidate.parent
        }
        return false
    }

    private static func isInsideClosure(_ node: Syntax, upTo function: FunctionDeclSyntax) -> Bool {
        var current = node.parent
        while let candidate = current, candidate.id != function.id {
            if candidate.is(ClosureExprSyntax.self) { return true }
            current = candidate.parent
        }
        return false
    }

    /// `(Bool) -> Void`, `((Bool) -> Void)?`, `@escaping (Error?) -> Void`, or a type alias of one.
    static func isFunctionTyped(_ parameter: FunctionParameterSyntax, in index: ProjectIndex) -> Bool {
        SyntaxQueries.isFunctionType(parameter.type, in: index)
    }

    static func belongs(_ parameter: FunctionParameterSyntax, to function: FunctionDeclSyntax) -> Bool {
        function.signature.parameterClause.parameters.contains { $0.id == parameter.id }
    }

    /// The function declaration whose body holds `node` (closures inside it included).
    static func enclosingFunction(of node: Syntax) -> FunctionDeclSyntax? {
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) { return function }
            if candidate.is(InitializerDeclSyntax.self) || candidate.is(AccessorBlockSyntax.self) || candidate.is(MemberBlockSyntax.self) {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// The names the conditions of the `if` and `guard` statements around `node` (inside `closure`)
    /// read, innermost first (an optional binding's name too), and those the `guard` statements
    /// before it in its block read.
    static func enclosingTests(around node: Syntax, upTo closure: Syntax) -> (enclosing: [Set<String>], guards: [Set<String>]) {
        var current = node.parent
        var enclosing: [Set<String>] = []
        while let candidate = current, candidate.id != closure.id {
            let conditions: ConditionElementListSyntax?
            if let ifExpr = candidate.as(IfExprSyntax.self) {
                conditions = ifExpr.conditions
            } else if let guardStmt = candidate.as(GuardStmtSyntax.self) {
                conditions = guardStmt.conditions
            } else {
                conditions = nil
            }
            if let conditions {
                enclosing.append(
                    Set(ReferenceCollector.references(in: conditions).map(\.baseName.text))
                        .union(conditions.compactMap { $0.condition.as(OptionalBindingConditionSyntax.self)?.pattern.trimmedSource }))
            }
            current = candidate.parent
        }
        var guards: [Set<String>] = []
        if let item = enclosingItem(of: node, upTo: closure), let list = item.parent?.as(CodeBlockItemListSyntax.self) {
            for earlier in list.prefix(while: { $0.id != item.id }) {
                guard let guardStmt = earlier.item.as(GuardStmtSyntax.self) else { continue }
                guards.append(Set(ReferenceCollector.references(in: guardStmt.conditions).map(\.baseName.text)))
            }
        }
        return (enclosing, guards)
    }

    private static func enclosingItem(of node: Syntax, upTo closure: Syntax) -> CodeBlockItemSyntax? {
        var current = node.parent
        while let candidate = current, candidate.id != closure.id {
            if let item = candidate.as(CodeBlockItemSyntax.self) { return item }
            current = candidate.parent
        }
        return nil
    }

    // MARK: - The callers

    /// The callers of the enclosing function in the scan, and the tests of the handed-on values
    /// in the code they pass for the handler (`gate(receiving:…)`). `depth` counts the times the
    /// value has been handed on again on the way here.
    static func receivers(of handoff: Handoff, depth: Int, search: ReceiverSearch, in context: RuleContext) -> OutcomeReceivers {
        if let stored = storedClosure(of: handoff, in: context) {
            return receivers(ofStoredClosure: stored.name, owner: stored.owner, handoff: handoff, depth: depth, search: search, in: context)
        }
        if let method = handoff.method { return receivers(ofMethod: method, handoff: handoff, depth: depth, search: search, in: context) }
        if let property = handoff.property {
            return receivers(ofProperty: property.name, owner: property.owner, handoff: handoff, depth: depth, search: search, in: context)
        }
        guard let function = handoff.function else { return .unseen }
        let parameters = Array(function.signature.parameterClause.parameters)
        let sites = context.scan.index.callSites(named: function.name.text)
        var matched = 0
        var gates: [OutcomeGate] = []
        guard let handler = handoff.parameter else {
            // The function's result: the test around each call, or of the local it is kept in;
            // the failure it throws: the caller's `try`.
            for site in sites.prefix(EvaluatedContext.maximumSenders) {
                let (file, call) = site.resolved
                guard fits(call, parameters) else { continue }
                matched += 1
                // A function that throws the failure and returns a value: a test of the value, or else the `try`.
                let gate =
                    handoff.throwsFailure
                    ? gate(aroundResultOf: call, handoff: handoff, file: file) ?? gate(aroundThrowingCall: call, handoff: handoff, file: file)
                    : gate(aroundResultOf: call, handoff: handoff, file: file)
                if let gate { gates.append(gate) }
            }
            return matched == 0 ? .unseen : .followed(gates)
        }
        guard let position = parameters.firstIndex(where: { $0.id == handler.id }) else { return .unseen }
        for site in sites.prefix(EvaluatedContext.maximumSenders) {
            let (file, call) = site.resolved
            guard let argument = argument(for: position, of: parameters, in: call) else { continue }
            matched += 1
            if let gate = gate(receiving: argument, at: Syntax(call), handoff: handoff, file: file, depth: depth, search: search, in: context) {
                gates.append(gate)
            }
        }
        return matched == 0 ? .unseen : .followed(gates)
    }

    /// The first test of the handed-on values in the code a caller passes for the handler: a
    /// closure written at the call or kept in a local `let`, a method of the caller's type (or a
    /// function of the scan) named by reference (`authenticate(completion: handleResult)`), or the
    /// caller's own function-typed parameter, whose callers then receive the values (a hop).
    /// Anything else (another object's method, a stored closure) is not read.
    static func gate(
        receiving argument: ExprSyntax, at site: Syntax, handoff: Handoff, file: SourceFile, depth: Int,
        search: ReceiverSearch, in context: RuleContext
    ) -> OutcomeGate? {
        let expression = SyntaxQueries.unwrapTransparent(argument)
        if let closure = expression.as(ClosureExprSyntax.self) {
            return gate(inReceiving: closure, handoff: handoff, file: file, depth: depth, search: search, in: context)
        }
        let reference: DeclReferenceExprSyntax
        let binding: NameBinding
        // The type whose method is named: the caller's own, or another object's by its written type.
        var receiverType = SyntaxQueries.enclosingTypeName(of: site)
        if let member = expression.as(MemberAccessExprSyntax.self), SyntaxQueries.isSelf(member.base) {
            reference = member.declName
            binding = .notLocal
        } else if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            // `completion: viewModel.handle`, `completion: self.model.didAuthenticate`: a method of
            // the object the receiver's written type names.
            guard let type = declaredType(of: base, in: file, context: context) else {
                search.gap("the handler `\(SyntaxQueries.shortText(argument, limit: 40))` a caller passes, whose receiver's type is not written")
                return nil
            }
            reference = member.declName
            binding = .notLocal
            receiverType = type
        } else if let named = expression.as(DeclReferenceExprSyntax.self) {
            reference = named
            binding = SyntaxQueries.binding(of: named.baseName.text, at: named)
        } else {
            search.gap("the handler `\(SyntaxQueries.shortText(argument, limit: 40))` a caller passes")
            return nil
        }
        let name = reference.baseName.text
        switch binding {
        case .variable(let variable):
            // `let handler: (Bool) -> Void = { ok in … }`, then `authenticate(completion: handler)`.
            guard let value = variable.initializer?.value,
                let closure = SyntaxQueries.unwrapTransparent(value).as(ClosureExprSyntax.self)
            else { return nil }
            return gate(inReceiving: closure, handoff: handoff, file: file, depth: depth, search: search, in: context)?.farther
        case .parameter(let parameter):
            // `authenticate(completion: completion)`: the caller hands its own handler on.
            guard let outer = enclosingFunction(of: site), isFunctionTyped(parameter, in: context.scan.index), belongs(parameter, to: outer)
            else { return nil }
            let next = Handoff(
                node: Syntax(argument), parameter: parameter, function: outer, successArguments: handoff.successArguments,
                errorArguments: handoff.errorArguments, carries: handoff.carries)
            return hop(next, in: file, depth: depth, search: search, context: context)
        case .notLocal:
            // A method of the caller's type, or a function of the scan, named by reference: its
            // parameters receive the values in the handler's order.
            var declarations = receiverType.map { context.scan.index.methods(named: name, inType: $0) } ?? []
            if declarations.isEmpty, !expression.is(MemberAccessExprSyntax.self) {
                declarations = context.scan.index.functions(named: name).filter { $0.enclosingType == nil }
            }
            for declaration in declarations.prefix(EvaluatedContext.maximumSenders) {
                guard let body = declaration.body, let function = declaration.node.as(FunctionDeclSyntax.self) else { continue }
                let names = Array(declaration.parameters).map { ($0.secondName ?? $0.firstName).text }
                func named(_ index: Int) -> String? { index < names.count && names[index] != "_" ? names[index] : nil }
                let successNames = Set(handoff.successArguments.compactMap(named))
                let errorNames = Set(handoff.errorArguments.compactMap(named))
                if let gate = gate(
                    in: Syntax(body.statements), successNames: successNames, errorNames: errorNames, handoff: handoff,
                    role: "in `\(spelled(function))`, which a caller passes as the handler", file: declaration.file)
                    ?? onward(
                        in: Syntax(body.statements), successNames: successNames, errorNames: errorNames, function: function, handoff: handoff,
                        file: declaration.file, depth: depth, search: search, in: context)
                {
                    return gate.farther
                }
            }
            if declarations.isEmpty { search.gap("the handler `\(SyntaxQueries.shortText(argument, limit: 40))` a caller passes") }
            return nil
        default:
            return nil
        }
    }

    /// The first test in a caller's closure of what the hand-off passes, or, when it tests
    /// nothing, of where it hands the values on again.
    static func gate(
        inReceiving closure: ClosureExprSyntax, handoff: Handoff, role: String? = nil, file: SourceFile, depth: Int, search: ReceiverSearch,
        in context: RuleContext
    ) -> OutcomeGate? {
        let names = closureParameterNames(closure)
        func name(_ index: Int) -> String? { index < names.count && names[index] != "_" ? names[index] : nil }
        let successNames = Set(handoff.successArguments.compactMap(name))
        let errorNames = Set(handoff.errorArguments.compactMap(name))
        return gate(in: Syntax(closure.statements), successNames: successNames, errorNames: errorNames, handoff: handoff, role: role, file: file)
            ?? onward(
                in: Syntax(closure.statements), successNames: successNames, errorNames: errorNames,
                function: enclosingFunction(of: Syntax(closure)), handoff: handoff, file: file, depth: depth, search: search, in: context)
    }

    /// Code that received the values and tests neither hands them on again (`completion(ok)` of
    /// its own handler, `self.finish(ok)`, `self.isUnlocked = ok`): the first test of the code that
    /// receives them next, up to `HandedOutcome.maximumHops` hand-offs away, with the hand-off as a step of its path.
    static func onward(
        in body: Syntax, successNames: Set<String>, errorNames: Set<String>, function: FunctionDeclSyntax?, handoff: Handoff,
        file: SourceFile, depth: Int, search: ReceiverSearch, in context: RuleContext
    ) -> OutcomeGate? {
        guard !successNames.isEmpty || !errorNames.isEmpty else { return nil }
        let again = handoffs(
            in: body, success: successNames.sorted().first, error: errorNames.sorted().first, function: function,
            readsSuccess: handoff.carries == .success, file: file, index: context.scan.index,
            isStoredClosure: { storedClosure(of: $0, in: context) != nil })
        for var next in again {
            next.carries = handoff.carries
            if let gate = hop(next, in: file, depth: depth, search: search, context: context) { return gate }
        }
        return nil
    }

    /// The first test of the code that receives `next`, one hand-off further.
    static func hop(_ next: Handoff, in file: SourceFile, depth: Int, search: ReceiverSearch, context: RuleContext) -> OutcomeGate? {
        search.hop(written: SyntaxQueries.shortText(next.node, limit: 60), at: file.valueLocation(of: next.node), depth: depth) { depth in
            receivers(of: next, depth: depth, search: search, in: context)
        }
    }

    /// The argument `call` passes for the parameter at `position`, when its labels fit the
    /// parameters (defaulted ones may be left out; a trailing closure is the last).
    static func argument(for position: Int, of parameters: [FunctionParameterSyntax], in call: FunctionCallExprSyntax) -> ExprSyntax? {
        let labels = SyntaxQueries.labels(of: call)
        let expressions = SyntaxQueries.argumentExpressions(of: call)
        let trailing = call.trailingClosure != nil ? labels.count - 1 : nil
        var index = 0
        for (parameterIndex, parameter) in parameters.enumerated() {
            let label: String? = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let fits = index < labels.count && (labels[index] == label || (index == trailing && parameterIndex == parameters.count - 1))
            if fits {
                if parameterIndex == position { return expressions[index] }
                index += 1
            } else if parameter.defaultValue == nil {
                return nil
            }
        }
        return nil
    }

    /// The declarations of the scan a method hand-off may call (those whose labels fit, up to
    /// `EvaluatedContext.maximumSenders`), and the tests of the parameters it passes the outcome
    /// to in their bodies. No declaration in the scan: no receiver to follow (an SDK or library
    /// method is no hand-off the rule judges).
    static func receivers(
        ofMethod call: FunctionCallExprSyntax, handoff: Handoff, depth: Int, search: ReceiverSearch, in context: RuleContext
    ) -> OutcomeReceivers {
        guard let name = SyntaxQueries.calleeName(of: call) else { return .followed([]) }
        var gates: [OutcomeGate] = []
        for declaration in declarations(calledBy: call, named: name, handoff: handoff, search: search, in: context) {
            let parameters = Array(declaration.parameters)
            guard let body = declaration.body, fits(call, parameters) else { continue }
            func names(_ arguments: [Int]) -> Set<String> {
                var names: Set<String> = []
                for (position, parameter) in parameters.enumerated() {
                    guard let argument = argument(for: position, of: parameters, in: call),
                        let index = SyntaxQueries.argumentExpressions(of: call).firstIndex(where: { $0.id == argument.id }),
                        arguments.contains(index)
                    else { continue }
                    let name = (parameter.secondName ?? parameter.firstName).text
                    if name != "_" { names.insert(name) }
                }
                return names
            }
            let successNames = names(handoff.successArguments)
            let errorNames = names(handoff.errorArguments)
            if let gate = gate(
                in: Syntax(body.statements), successNames: successNames, errorNames: errorNames,
                handoff: handoff, role: "in `\(declaration.name)(\(parameters.map { $0.firstName.text + ":" }.joined()))`, which receives it",
                file: declaration.file)
                ?? onward(
                    in: Syntax(body.statements), successNames: successNames, errorNames: errorNames,
                    function: declaration.node.as(FunctionDeclSyntax.self), handoff: handoff, file: declaration.file, depth: depth, search: search,
                    in: context)
            {
                gates.append(gate)
            }
        }
        return .followed(gates)
    }

    /// The declarations of the scan a method hand-off may call, among the first
    /// `EvaluatedContext.maximumSenders` of its name: those of the receiver's type when its type
    /// is written (`self`, an implicit `self`, `model` declared `LockModel`) and declares the
    /// method with a body; else every one, since a protocol's or a superclass's method may be any
    /// of them when the type is a protocol of the scan. When they belong to several types and the
    /// receiver's type is not known (or declares no such method and is no protocol of the scan),
    /// which one runs cannot be decided: none is read, and the search says so.
    static func declarations(
        calledBy call: FunctionCallExprSyntax, named name: String, handoff: Handoff, search: ReceiverSearch, in context: RuleContext
    ) -> [FunctionDeclaration] {
        let all = Array(context.scan.index.functions(named: name).prefix(EvaluatedContext.maximumSenders))
        let receiver = SyntaxQueries.receiver(of: call)
        let type: String? =
            if receiver == nil || SyntaxQueries.isSelf(receiver) { SyntaxQueries.enclosingTypeName(of: call) }
            else if let receiver, let file = handoff.file { declaredType(of: receiver, in: file, context: context) }
            else { nil }
        if let type {
            let typed = all.filter { declaration in declaration.hasBody && declaration.enclosingType.map { sameType($0, type) } ?? false }
            if !typed.isEmpty { return typed }
            // A delegate's protocol: any type of the scan that implements the method may be the receiver.
            if context.scan.index.types(named: type).contains(where: \.isProtocol) { return all }
        }
        if Set(all.filter { $0.hasBody && fits(call, Array($0.parameters)) }.compactMap(\.enclosingType)).count > 1 {
            search.gap("`\(SyntaxQueries.shortText(call, limit: 40))`, a method of several types whose receiver's type is not written")
            return []
        }
        return all
    }

    /// Whether the type name `type` names `owner` (`Outer.LockModel` and `LockModel` alike).
    static func sameType(_ type: String, _ owner: String) -> Bool {
        type == owner || type.split(separator: ".").last == owner.split(separator: ".").last
    }

    // MARK: - A closure kept in a stored property

    /// The property a call calls, when it is one of the type the call is in: `self.onResult?(ok)`,
    /// `onResult(ok)` where no local or parameter has the name.
    static func propertyCalled(by call: FunctionCallExprSyntax) -> (name: String, owner: String)? {
        var callee = call.calledExpression
        if let optional = callee.as(OptionalChainingExprSyntax.self) { callee = optional.expression }
        let name: String
        if let member = callee.as(MemberAccessExprSyntax.self), SyntaxQueries.isSelf(member.base) {
            name = member.declName.baseName.text
        } else if let reference = callee.as(DeclReferenceExprSyntax.self), case .notLocal = SyntaxQueries.binding(of: reference.baseName.text, at: reference) {
            name = reference.baseName.text
        } else {
            return nil
        }
        return SyntaxQueries.enclosingTypeName(of: call).map { (name, $0) }
    }

    /// The stored closure a hand-off calls: a property of the type declared with a function type
    /// (`var onResult: ((Bool) -> Void)?`).
    static func storedClosure(of handoff: Handoff, in context: RuleContext) -> (name: String, owner: String)? {
        guard let stored = handoff.storedClosure,
            context.scan.index.properties(named: stored.name, inType: stored.owner).contains(where: { declaration in
                !declaration.isStatic
                    && declaration.binding.typeAnnotation.map { SyntaxQueries.isFunctionType($0.type, in: context.scan.index) } ?? false
            })
        else { return nil }
        return stored
    }

    /// The tests in the closures the scan assigns to a stored closure property (`gate.onResult = {
    /// ok in … }`, `self.onResult = handle`), in the first `HandedOutcome.maximumReadingFiles`
    /// files that mention it and may see the evaluating file: assignments inside the type, and on
    /// an instance of it known by the receiver's written type. An assignment on a receiver whose
    /// type is not written is left out, and said. No assignment in the scan: the type's users
    /// outside it set the closure (a library's API).
    static func receivers(
        ofStoredClosure name: String, owner: String, handoff: Handoff, depth: Int, search: ReceiverSearch, in context: RuleContext
    ) -> OutcomeReceivers {
        var gates: [OutcomeGate] = []
        var assigned = false
        var undecided = false
        let files = ScopedIndex(index: context.scan.index, asking: context.file.id).callerFiles(mentioning: name)
        for (count, fileIndex) in files.enumerated() {
            guard count < HandedOutcome.maximumReadingFiles else {
                search.gap("assignments to `\(name)` in more than \(HandedOutcome.maximumReadingFiles) files")
                break
            }
            let file = context.scan.index.file(at: fileIndex)
            for assignment in file.assignments(named: name) where !assignment.rightOperand.is(NilLiteralExprSyntax.self) {
                let left = assignment.leftOperand
                if let member = left.as(MemberAccessExprSyntax.self), let base = member.base, !SyntaxQueries.isSelf(base) {
                    guard let type = declaredType(of: base, in: file, context: context) else {
                        search.gap("the closure assigned to `\(SyntaxQueries.shortText(left, limit: 40))`, whose receiver's type is not written")
                        undecided = true
                        continue
                    }
                    guard sameType(type, owner) else { continue }
                } else {
                    // `self.onResult = …`, or `onResult = …` where no local has the name, in the type's own code.
                    if let reference = left.as(DeclReferenceExprSyntax.self), case .notLocal = SyntaxQueries.binding(of: name, at: reference) {
                    } else if !left.is(MemberAccessExprSyntax.self) {
                        continue
                    }
                    guard let type = SyntaxQueries.enclosingTypeName(of: assignment), sameType(type, owner) else { continue }
                }
                assigned = true
                if let gate = gate(
                    receiving: assignment.rightOperand, at: Syntax(assignment), handoff: handoff, file: file, depth: depth, search: search,
                    in: context)
                {
                    gates.append(gate)
                }
            }
        }
        return assigned || undecided ? .followed(gates) : .unseen
    }

    /// How a test found by a hand-off's receivers is placed, when its finder does not say.
    static func defaultRole(_ handoff: Handoff) -> String {
        if let stored = handoff.storedClosure, handoff.method != nil, handoff.parameter == nil { return "in the closure assigned to `\(stored.name)`" }
        return "in a caller of `\(spelled(handoff))`"
    }

    /// The reads of a stored property that a condition tests: in its type's declaration and
    /// extensions across the scan (`self.name`, or `name` where no local hides it), else on an
    /// instance of the type elsewhere (`model.isUnlocked` in a view that holds the model).
    static func receivers(
        ofProperty name: String, owner: String, handoff: Handoff, depth: Int, search: ReceiverSearch, in context: RuleContext
    ) -> OutcomeReceivers {
        var gates: [OutcomeGate] = []
        let types = context.scan.index.types(named: owner).prefix(EvaluatedContext.maximumSenders)
        for type in types {
            for reference in ReferenceCollector.references(in: type.node) where reference.baseName.text == name {
                guard let read = ownRead(reference), let condition = condition(around: read) else { continue }
                if handoff.carries == .errorAlone, !runsWithoutError(condition, in: type.file) { continue }
                gates.append(makeGate(
                    condition, handoff: handoff, role: "where the property `\(name)` is read", file: type.file,
                    errorAlone: handoff.carries == .errorAlone))
                break
            }
            if !gates.isEmpty { break }
        }
        // No test of a read: the code that observes the property (`$isUnlocked.sink { … }`,
        // `.onChange(of: isUnlocked) { … }`).
        if gates.isEmpty {
            let projected = "$" + name
            observing: for type in types {
                for reference in ReferenceCollector.references(in: type.node)
                where reference.baseName.text == name || reference.baseName.text == projected {
                    guard let read = ownRead(reference),
                        let (closure, value) = reference.baseName.text == projected ? subscriber(of: read).map({ ($0, 0) }) : changeObserver(of: read),
                        let gate = gate(
                            observing: closure, value: value, handoff: handoff, role: "where `\(reference.baseName.text)` is observed", file: type.file,
                            depth: depth, search: search, in: context)
                    else { continue }
                    gates.append(gate)
                    break observing
                }
            }
        }
        if gates.isEmpty, let gate = gate(readingElsewhere: name, owner: owner, handoff: handoff, depth: depth, search: search, in: context) {
            gates.append(gate)
        }
        return .followed(gates)
    }

    /// A read of the type's own property: `self.name`, or `name` where no local hides it.
    private static func ownRead(_ reference: DeclReferenceExprSyntax) -> Syntax? {
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            return SyntaxQueries.isSelf(member.base) ? Syntax(member) : nil
        }
        guard case .notLocal = SyntaxQueries.binding(of: reference.baseName.text, at: reference) else { return nil }
        return Syntax(reference)
    }

    /// The first test in a closure that observes a property, whose parameter at `value` receives
    /// the property's value (the hand-off's first argument).
    static func gate(
        observing closure: ClosureExprSyntax, value: Int, handoff: Handoff, role: String, file: SourceFile, depth: Int, search: ReceiverSearch,
        in context: RuleContext
    ) -> OutcomeGate? {
        var observed = handoff
        observed.successArguments = handoff.successArguments.isEmpty ? [] : [value]
        observed.errorArguments = handoff.errorArguments.isEmpty ? [] : [value]
        return gate(inReceiving: closure, handoff: observed, role: role, file: file, depth: depth, search: search, in: context)
    }

    /// The first test of `receiver.name` where the receiver is an instance of `owner` by its
    /// written type (`@ObservedObject var model: LockModel`, `let model = LockModel()`, a parameter
    /// `model: LockModel`), in the first `HandedOutcome.maximumReadingFiles` files that mention the name and
    /// may see the type; when none tests it, the first code there that observes it on such an
    /// instance (`model.$isUnlocked.sink { … }`, `.onChange(of: model.isUnlocked) { … }`). A read
    /// whose receiver's type is not written is left out, and said.
    static func gate(
        readingElsewhere name: String, owner: String, handoff: Handoff, depth: Int, search: ReceiverSearch, in context: RuleContext
    ) -> OutcomeGate? {
        // Files that may see the evaluating file, where the property's type is; then those that
        // name only its projected value (`$isUnlocked` is a word of its own).
        let scoped = ScopedIndex(index: context.scan.index, asking: context.file.id)
        let mentioning = scoped.callerFiles(mentioning: name)
        let seen = Set(mentioning)
        let files = mentioning + scoped.callerFiles(mentioning: "$" + name).filter { !seen.contains($0) }
        if files.count > HandedOutcome.maximumReadingFiles {
            search.gap("reads of the property `\(name)` in more than \(HandedOutcome.maximumReadingFiles) files")
        }
        let read = files.prefix(HandedOutcome.maximumReadingFiles).map { context.scan.index.file(at: $0) }
        var undecided: String?
        for file in read {
            for member in MemberReadCollector.reads(of: name, in: file.tree) {
                guard let base = member.base, !SyntaxQueries.isSelf(base), let condition = condition(around: Syntax(member)) else { continue }
                if handoff.carries == .errorAlone, !runsWithoutError(condition, in: file) { continue }
                guard let type = declaredType(of: base, in: file, context: context) else {
                    undecided = undecided ?? SyntaxQueries.shortText(member, limit: 40)
                    continue
                }
                guard type == owner || type.split(separator: ".").last == owner.split(separator: ".").last else { continue }
                return makeGate(
                    condition, handoff: handoff, role: "where the property `\(name)` of `\(owner)` is read", file: file,
                    errorAlone: handoff.carries == .errorAlone
                ).farther
            }
        }
        if let undecided { search.gap("a test of `\(undecided)`, whose receiver's type is not written") }
        // `model.$isUnlocked.sink { … }`, `.onReceive(model.$isUnlocked) { … }`, `.onChange(of: model.isUnlocked) { … }`.
        for file in read {
            let observed =
                MemberReadCollector.reads(of: "$" + name, in: file.tree).compactMap { member in subscriber(of: Syntax(member)).map { (member, $0, 0) } }
                + MemberReadCollector.reads(of: name, in: file.tree).compactMap { member in changeObserver(of: Syntax(member)).map { (member, $0.0, $0.1) } }
            for (member, closure, value) in observed {
                guard let base = member.base, !SyntaxQueries.isSelf(base) else { continue }
                guard let type = declaredType(of: base, in: file, context: context) else {
                    search.gap("an observer of `\(SyntaxQueries.shortText(member, limit: 40))`, whose receiver's type is not written")
                    continue
                }
                guard sameType(type, owner),
                    let gate = gate(
                        observing: closure, value: value, handoff: handoff, role: "where `\(member.declName.baseName.text)` of `\(owner)` is observed",
                        file: file, depth: depth, search: search, in: context)
                else { continue }
                return gate.farther
            }
        }
        return nil
    }

    /// SwiftUI's `.onChange(of: read) { newValue in … }` (or `{ oldValue, newValue in … }`, or its
    /// `perform:`): the closure and the position of the parameter that receives the new value.
    static func changeObserver(of read: Syntax) -> (ClosureExprSyntax, Int)? {
        var current = read
        while let parent = current.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) { current = parent }
        guard let labeled = current.parent?.as(LabeledExprSyntax.self), labeled.label?.text == "of",
            let call = labeled.parent?.parent?.as(FunctionCallExprSyntax.self), SyntaxQueries.calleeName(of: call) == "onChange"
        else { return nil }
        let written = SyntaxQueries.argument(labeled: "perform", of: call).map { SyntaxQueries.unwrapTransparent($0.expression) }
        guard let closure = written?.as(ClosureExprSyntax.self) ?? call.trailingClosure else { return nil }
        return (closure, closureParameterNames(closure).count == 2 && closure.signature != nil ? 1 : 0)
    }

    /// Combine operators that pass on the values they receive unchanged (when, or on which queue,
    /// not what).
    static let valuePreservingOperators: Set<String> = [
        "receive", "subscribe", "removeDuplicates", "dropFirst", "debounce", "throttle", "delay", "share", "eraseToAnyPublisher", "print",
    ]

    /// The closure that receives the values a property's publisher sends, from the projected value
    /// read at `projected` (`$isUnlocked`, `model.$isUnlocked`): `.sink { value in … }` (or its
    /// `receiveValue:`), through operators that pass the values on unchanged (`.receive(on:)`,
    /// `.removeDuplicates()`), or SwiftUI's `.onReceive(model.$isUnlocked) { value in … }`. An
    /// operator that changes the values (`map`, `filter`) ends the search.
    static func subscriber(of projected: Syntax) -> ClosureExprSyntax? {
        var current = projected
        while let parent = current.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
                guard let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id else { return nil }
                let name = member.declName.baseName.text
                if name == "sink" {
                    if let labeled = SyntaxQueries.argument(labeled: "receiveValue", of: call)?.expression {
                        return SyntaxQueries.unwrapTransparent(labeled).as(ClosureExprSyntax.self)
                    }
                    if let additional = call.additionalTrailingClosures.first(where: { $0.label.text == "receiveValue" }) { return additional.closure }
                    return call.trailingClosure
                }
                guard valuePreservingOperators.contains(name) else { return nil }
                current = Syntax(call)
            } else if let labeled = parent.as(LabeledExprSyntax.self), labeled.label == nil,
                let call = labeled.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.first?.id == labeled.id,
                SyntaxQueries.calleeName(of: call) == "onReceive"
            {
                if let perform = SyntaxQueries.argument(labeled: "perform", of: call)?.expression {
                    return SyntaxQueries.unwrapTransparent(perform).as(ClosureExprSyntax.self)
                }
                return call.trailingClosure
            } else if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                current = parent
            } else {
                return nil
            }
        }
        return nil
    }

    /// The written type of a property read's receiver: a local, a parameter, a stored property of
    /// the reading type (`model`, `self.model`, `model?`, `model!`).
    private static func declaredType(of base: ExprSyntax, in file: SourceFile, context: RuleContext) -> String? {
        var base = base
        while true {
            // `(sender as? LockModel)`: the type the cast names.
            if let tuple = base.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first?.label == nil,
                let inner = tuple.elements.first?.expression
            {
                base = inner
            } else if let optional = base.as(OptionalChainingExprSyntax.self) {
                base = optional.expression
            } else if let forced = base.as(ForceUnwrapExprSyntax.self) {
                base = forced.expression
            } else {
                break
            }
        }
        if let cast = base.as(AsExprSyntax.self) { return TypeNames.baseName(of: cast.type) }
        base = SyntaxQueries.unwrapTransparent(base)
        while true {
            if let optional = base.as(OptionalChainingExprSyntax.self) {
                base = SyntaxQueries.unwrapTransparent(optional.expression)
            } else if let forced = base.as(ForceUnwrapExprSyntax.self) {
                base = SyntaxQueries.unwrapTransparent(forced.expression)
            } else {
                break
            }
        }
        if let member = base.as(MemberAccessExprSyntax.self) {
            // `self.model`: the reading type's property, unless a local of that name hides it from its own name.
            guard SyntaxQueries.isSelf(member.base) else {
                // `self.holder.model`, `screen.model`: the property's written type, on its receiver's written type.
                guard let inner = member.base, let owner = declaredType(of: inner, in: file, context: context) else { return nil }
                let properties = context.scan.index.properties(named: member.declName.baseName.text, inType: owner)
                guard properties.count == 1, let property = properties.first else { return nil }
                return property.typeName
                    ?? property.binding.initializer.flatMap { context.resolver.declaredTypeName(of: $0.value, in: property.file) }
            }
            guard case .notLocal = SyntaxQueries.binding(of: member.declName.baseName.text, at: member) else { return nil }
            return context.resolver.declaredTypeName(of: ExprSyntax(member.declName), in: file)
        }
        guard base.is(DeclReferenceExprSyntax.self) else { return nil }
        return context.resolver.declaredTypeName(of: base, in: file)
    }

    /// Whether a call's labels fit the parameters (defaulted ones may be left out).
    static func fits(_ call: FunctionCallExprSyntax, _ parameters: [FunctionParameterSyntax]) -> Bool {
        var labels = SyntaxQueries.labels(of: call)[...]
        for parameter in parameters {
            let label: String? = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            if let first = labels.first, first == label {
                labels = labels.dropFirst()
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return labels.isEmpty
    }

    /// The test of a call's result: the condition that holds the call (`if try await gate.unlock()`,
    /// `guard await authenticate() else`), or the first condition after `let ok = try await …`
    /// that reads the local.
    static func gate(aroundResultOf call: FunctionCallExprSyntax, handoff: Handoff, file: SourceFile) -> OutcomeGate? {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(UnsafeExprSyntax.self) {
            node = parent
        }
        if let condition = condition(around: Syntax(call)) { return makeGate(condition, handoff: handoff, file: file, errorAlone: false) }
        guard let initializer = node.parent?.as(InitializerClauseSyntax.self), let binding = initializer.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let item = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        for later in list.drop(while: { $0.id != item.id }).dropFirst() {
            for reference in ReferenceCollector.references(in: later) where reference.baseName.text == name {
                if let condition = condition(around: Syntax(reference)) { return makeGate(condition, handoff: handoff, file: file, errorAlone: false) }
            }
        }
        return nil
    }

    /// The caller's `try await gate.unlock()` of a function whose failure is thrown: the code
    /// after it runs only when the authentication succeeded. `try?` and `try!` decide nothing
    /// the rule can tell.
    static func gate(aroundThrowingCall call: FunctionCallExprSyntax, handoff: Handoff, file: SourceFile) -> OutcomeGate? {
        var node = Syntax(call)
        var tried: Syntax?
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) || parent.is(UnsafeExprSyntax.self) {
            if let tryExpr = parent.as(TryExprSyntax.self) {
                guard tryExpr.questionOrExclamationMark == nil else { return nil }
                tried = parent
            }
            node = parent
        }
        return tried.map { makeGate($0, handoff: handoff, file: file, errorAlone: false) }
    }

    static func makeGate(
        _ condition: some SyntaxProtocol, handoff: Handoff, role: String? = nil, file: SourceFile, errorAlone: Bool
    ) -> OutcomeGate {
        OutcomeGate(
            deciding: SourcePlace(location: file.valueLocation(of: condition), snippet: SyntaxQueries.shortText(condition, limit: 60)),
            role: role ?? defaultRole(handoff), errorAlone: errorAlone)
    }

    /// The first test in `body` of the names the outcome arrives in (`HandedOutcomeReading`).
    static func gate(
        in body: Syntax, successNames: Set<String>, errorNames: Set<String>, handoff: Handoff, role: String? = nil, file: SourceFile
    ) -> OutcomeGate? {
        let receiving = SwiftBodies(file: file).receivingBody(body)
        guard let test = HandedOutcomeReading.firstTest(in: receiving, successNames: successNames, errorNames: errorNames) else { return nil }
        return OutcomeGate(
            deciding: test.condition, role: role ?? defaultRole(handoff), errorAlone: test.ofErrorAlone || handoff.carries == .errorAlone)
    }

    /// Whether code runs on the side of `condition` where the value it tests is nil
    /// (`HandedOutcomeReading.runsWithoutError`).
    static func runsWithoutError(_ condition: Syntax, in file: SourceFile) -> Bool {
        HandedOutcomeReading.runsWithoutError(SwiftBodies(file: file).conditionRead("", in: condition))
    }

    /// The condition of an `if`, `guard`, `while`, `switch` or `?:` that holds `node`, as written.
    static func condition(around node: Syntax) -> Syntax? { SwiftBodies.condition(around: node) }

    /// Parameter names of a closure, in order (`$0`, `$1`… without a signature).
    static func closureParameterNames(_ closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let shorthand)?: shorthand.map { $0.name.text }
        case .parameterClause(let clause)?: clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: ["$0", "$1", "$2"]
        }
    }
}

/// Every call under a node, in source order.
private final class HandoffCallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    static func calls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let collector = HandoffCallCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.calls
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}

/// Every member access `x.name` under a node, in source order.
private final class MemberReadCollector: SyntaxVisitor {
    let name: String
    var reads: [MemberAccessExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    static func reads(of name: String, in node: some SyntaxProtocol) -> [MemberAccessExprSyntax] {
        let collector = MemberReadCollector(name: name)
        collector.walk(node)
        return collector.reads
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.text == name { reads.append(node) }
        return .visitChildren
    }
}

/// Every `if let` / `guard let` condition under a node.
final class OptionalBindingCollector: SyntaxVisitor {
    var bindings: [OptionalBindingConditionSyntax] = []

    static func bindings(in node: some SyntaxProtocol) -> [OptionalBindingConditionSyntax] {
        let collector = OptionalBindingCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.bindings
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        bindings.append(node)
        return .visitChildren
    }
}

/// Every assignment (`a = b`) under a node, in source order.
private final class AssignmentCollector: SyntaxVisitor {
    var assignments: [InfixOperatorExprSyntax] = []

    static func assignments(in node: some SyntaxProtocol) -> [InfixOperatorExprSyntax] {
        let collector = AssignmentCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.assignments
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self) { assignments.append(node) }
        return .visitChildren
    }
}

