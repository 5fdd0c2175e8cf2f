import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax

/// The library calls that configure the same item as a given one: the other calls of its builder
/// chain (`Keychain(service: s).synchronizable(true).accessibility(.x, authenticationPolicy: .y)`),
/// or, for a property the app assigns, the assignments to the same receiver in the same body
/// (`keychain.defaultAccessiblity = …` beside `keychain.useAccessControl = true`). The call itself
/// comes first. Values kept in variables between the calls are not followed.
enum WrapperChain {
    static func sites(around site: WrapperCallSite, in context: RuleContext) -> [WrapperCallSite] {
        var result = [site]
        if let assignment = site.assignment {
            guard let base = assignment.target.base?.trimmedSource else { return result }
            let others = setterAssignments(on: base, inBlockHolding: Syntax(assignment.target), model: site.model, in: context)
            result += others.filter { $0.assignment.leftOperand.id != assignment.target.id }.map(\.site)
            return result
        }
        guard let syntax = site.syntax else { return result }
        // Inner calls: the receivers of the chain.
        var current = syntax
        while let member = current.calledExpression.as(MemberAccessExprSyntax.self),
            let inner = member.base.map(SyntaxQueries.unwrapTransparent)?.as(FunctionCallExprSyntax.self),
            let other = WrapperCallSite.match(inner, in: context, models: [site.model])
        {
            result.append(other)
            current = inner
        }
        // Outer calls: the chain goes on after this call.
        current = syntax
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
            let outer = member.parent?.as(FunctionCallExprSyntax.self), outer.calledExpression.id == member.id,
            let other = WrapperCallSite.match(outer, in: context, models: [site.model])
        {
            result.append(other)
            current = outer
        }
        return result
    }

    /// The values `role` was given when the instance the chain starts from was built, when that
    /// instance is a variable or property the resolver follows to a chain of the library's calls
    /// (`private let keychain = Keychain(service: s).synchronizable(true)` … `keychain.accessibility(…)`):
    /// each value with the call's spelling and the path to it. Empty when the chain starts at a call.
    static func storedValues(_ role: WrapperArgumentRole, around site: WrapperCallSite, in context: RuleContext)
        -> [(value: Value, argument: WrapperArgument, call: WrapperCall, trace: [TraceStep])]
    {
        guard var innermost = site.syntax else { return [] }
        while let member = innermost.calledExpression.as(MemberAccessExprSyntax.self),
            let inner = member.base.map(SyntaxQueries.unwrapTransparent)?.as(FunctionCallExprSyntax.self)
        {
            innermost = inner
        }
        guard let receiver = SyntaxQueries.receiver(of: innermost).map(SyntaxQueries.unwrapTransparent),
            !receiver.is(FunctionCallExprSyntax.self)
        else { return [] }
        let instances = WrapperInstances(model: site.model, context: context)
        var result: [(Value, WrapperArgument, WrapperCall, [TraceStep])] = []
        for traced in context.resolve(receiver).values {
            guard instances.type(of: traced.value) != nil else { continue }
            var current: Value? = traced.value
            while case .call(let value)? = current {
                defer { current = value.receiver }
                guard let call = site.model.calls.first(where: { $0.name == value.name && $0.effect == .configure }) ?? (
                    instances.libraryType(named: value.name).flatMap { site.model.calls(named: "init", on: $0).first }),
                    let argument = call.argument(for: role)
                else { continue }
                let given: Value?
                switch argument.place {
                case .label(let label): given = value.argument(labeled: label)
                case .position(let index):
                    given = index < value.arguments.count && value.arguments[index].label == nil ? value.arguments[index].value : nil
                }
                if let given { result.append((given, argument, call, traced.trace)) }
            }
        }
        return result
    }

    /// The values assigned to a property the library's model gives `role` (keychain-swift's
    /// `keychain.synchronizable = true`) on the receiver of the call at `site`, by statements
    /// before the call's statement in the same block, the receiver written the same way (a local,
    /// `self.keychain`). Each with the assignment's site and the path of the value. An assignment
    /// in another function, or to an instance reached otherwise, is not followed.
    static func assignedBefore(_ role: WrapperArgumentRole, around site: WrapperCallSite, in context: RuleContext)
        -> [(site: WrapperCallSite, expression: SwiftExpression, value: TracedValue)]
    {
        guard let syntax = site.syntax, let receiver = SyntaxQueries.receiver(of: syntax).map(SyntaxQueries.unwrapTransparent),
            receiver.is(DeclReferenceExprSyntax.self) || receiver.is(MemberAccessExprSyntax.self)
        else { return [] }
        var found: [(WrapperCallSite, SwiftExpression, TracedValue)] = []
        let assignments = setterAssignments(
            on: receiver.trimmedSource, inBlockHolding: Syntax(syntax), model: site.model, onlyBefore: true, in: context)
        for (other, infix) in assignments where other.call.argument(for: role) != nil {
            let expression = SwiftExpression(infix.rightOperand)
            for traced in context.resolve(expression).values { found.append((other, expression, traced)) }
        }
        return found
    }

    /// The statements of the block holding `node` (before the one holding it, with `onlyBefore`)
    /// that assign a property of `model` on `base`, written the same way: each with the setter's
    /// site and the assignment.
    private static func setterAssignments(
        on base: String, inBlockHolding node: Syntax, model: WrapperModel, onlyBefore: Bool = false, in context: RuleContext
    ) -> [(site: WrapperCallSite, assignment: InfixOperatorExprSyntax)] {
        var statement = node
        while let parent = statement.parent, !parent.is(CodeBlockItemListSyntax.self) { statement = parent }
        guard let block = statement.parent?.as(CodeBlockItemListSyntax.self) else { return [] }
        var found: [(WrapperCallSite, InfixOperatorExprSyntax)] = []
        for item in block {
            if onlyBefore, item.id == statement.id { break }
            guard let infix = item.item.as(InfixOperatorExprSyntax.self),
                let member = infix.leftOperand.as(MemberAccessExprSyntax.self), member.base?.trimmedSource == base,
                let other = WrapperCallSite.matchSetter(member, in: context), other.model == model
            else { continue }
            found.append((other, infix))
        }
        return found
    }

    /// The first setting of `role` among the calls around `site` (nil when none sets it).
    static func setting(_ role: WrapperArgumentRole, around site: WrapperCallSite, in context: RuleContext) -> WrapperSetting? {
        for other in sites(around: site, in: context) {
            if let setting = WrapperSetting.of(other, role: role, in: context) { return setting }
        }
        return nil
    }

    /// Whether the synchronizable argument of a call around `site` can be `true`: the argument
    /// as written and the trace of that value.
    static func synchronizable(around site: WrapperCallSite, in context: RuleContext)
        -> (site: WrapperCallSite, expression: SwiftExpression, trace: [TraceStep])?
    {
        for other in sites(around: site, in: context) where other.call.effect != .search && !other.onlyConfiguresASearch {
            guard let (_, expression) = other.argument(for: .synchronizable) else { continue }
            if let traced = context.resolve(expression).values.first(where: { $0.value == .bool(true) }) {
                return (other, expression, traced.trace)
            }
        }
        return nil
    }
}
