import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

// The Objective-C front end's side of `ProgramNames.swift`: the spellings of a property access
// (`base.name`, `base.name = value`, and the accessor messages `[base name]`,
// `[base setName:value]` that the dot syntax stands for), and its answers about names: what the
// file declares itself, and where an expression stands.

extension ProgramMemberAccess {
    /// The accessor messages of `property`: its getter and its setter selectors.
    static func accessorSelectors(_ property: String) -> [String] {
        [property, setterSelector(property)]
    }

    /// `setName:` for `name`, as the compiler derives it.
    static func setterSelector(_ property: String) -> String {
        "set" + property.prefix(1).uppercased() + property.dropFirst() + ":"
    }

    /// `base.name` or, as the target of a plain assignment, `base.name = value`. `base->name`
    /// reaches an instance variable or a struct's field, never a property, and is not one.
    init?(_ expression: ObjCExpr, assigned: ObjCExpr?) {
        guard case .member(let base, let name, false) = expression.kind else { return nil }
        let setting = assigned.map { value in
            Setting(
                value: .objectiveC(value),
                whole: .objectiveC(ObjCExpr(.assignment(.assign, target: expression, value: value), range: expression.range.extended(to: value.range))))
        }
        self.init(name: name, base: .objectiveC(base), expression: .objectiveC(expression), setting: setting, language: .objectiveC)
    }

    /// `[base name]` or `[base setName:value]` for a property of `properties`.
    init?(accessor site: ObjCCallSite, properties: [String]) {
        guard site.kind == .message, let receiver = site.receiver else { return nil }
        if properties.contains(site.name), site.arguments.isEmpty {
            self.init(name: site.name, base: .objectiveC(receiver), expression: .objectiveC(site.expression), setting: nil, language: .objectiveC)
        } else if let property = properties.first(where: { Self.setterSelector($0) == site.name }), site.arguments.count == 1 {
            self.init(
                name: property, base: .objectiveC(receiver), expression: .objectiveC(site.expression),
                setting: Setting(value: .objectiveC(site.arguments[0].value), whole: .objectiveC(site.expression)),
                language: .objectiveC)
        } else {
            return nil
        }
    }
}

extension ObjCRuleContext {
    /// A (non-`extern`) global variable or a macro of the file, or a parameter of the body around
    /// the identifier or a local in scope there, of that name. An `extern` declaration declares
    /// the SDK's name again; it is not the file's own.
    public func declaresOwn(_ identifier: ProgramIdentifier) -> Bool {
        guard case .objectiveC(let expression) = identifier.expression else { return true }
        let name = identifier.name
        let own = memo(FileQuestion.ownGlobals) {
            Set(tree.globalVariables.filter { !$0.isExtern }.map(\.name) + tree.macros.map(\.name))
        }
        if own.contains(name) { return true }
        let offset = expression.range.start.offset
        guard let body = resolver.body(containing: offset) else { return false }
        if body.parameterNames.contains(name) { return true }
        return ObjCBodyFacts.of(body, in: self).locals.localScope(of: name, at: offset) != nil
    }

    /// A message to `self` or `super` names the class's own property (declared in its header,
    /// which this file need not hold); otherwise a property or method of that name declared in
    /// the file.
    public func declaresOwnProperty(_ access: ProgramMemberAccess) -> Bool {
        if case .objectiveC(let base)? = access.base, let name = base.strippingCastsAndParentheses.identifierName,
           ["self", "super"].contains(name) {
            return true
        }
        return memo(FileQuestion.declaresProperty(access.name)) {
            tree.containers.contains { container in
                container.properties.contains { $0.names.contains(access.name) } || container.methods.contains { $0.selector == access.name }
            }
        }
    }

    public func isVisibly(_ expression: ProgramExpression, anInstanceOf className: String) -> Bool {
        guard case .objectiveC(let expression) = expression else { return false }
        return ObjCInstances.isVisibly(expression, anInstanceOf: className, in: self)
    }

    public func olderSystemsBranches(around expression: ProgramExpression) -> [Availability.OlderSystemsBranch] {
        guard case .objectiveC(let expression) = expression else { return [] }
        return ObjCAvailabilityBranches.olderSystemsBranches(at: expression.range.start.offset, in: self)
    }

    private enum FileQuestion: Hashable {
        case ownGlobals
        case declaresProperty(String)
    }

    public func role(of expression: ProgramExpression) -> ExpressionRole? {
        guard case .objectiveC(let expression) = expression else { return nil }
        let offset = expression.range.start.offset
        let ancestors: [ObjCAncestor]
        if let body = resolver.body(containing: offset) {
            guard let found = ObjCLocalAuthentication.ancestors(of: expression.range, in: body.body) else { return nil }
            ancestors = found
        } else if let initializer = tree.globalVariables.compactMap(\.declarator.initializer).first(where: {
            $0.range.start.offset <= offset && offset < $0.range.end.offset
        }) {
            ancestors = ObjCLocalAuthentication.ancestors(of: expression.range, in: ObjCStmt(.expression(initializer), range: initializer.range)) ?? []
        } else {
            ancestors = []
        }
        guard case .expression(let parent)? = ObjCLocalAuthentication.unwrapped(expression, ancestors: ancestors).parent else { return .other }
        switch parent.kind {
        case .binary(let operation, _, _) where Self.comparisonOperators.contains(operation.rawValue):
            return .comparisonOperand
        case .call(let call) where Self.minimumFunctions.contains(call.calleeName ?? ""):
            return .minimumArgument
        default:
            return .other
        }
    }

    /// A step of the trace names a `#define` of this file, at its line.
    public func passesThroughMacro(_ trace: [TraceStep]) -> Bool {
        trace.contains { step in
            tree.macros.contains { "`\($0.name)`" == step.text && $0.nameRange.start.line == step.line }
        }
    }

    static let comparisonOperators: Set<String> = ["<", "<=", ">", ">=", "==", "!="]
    /// `MIN(…)` (Foundation's macro) and C's `fmin`: the smaller value.
    static let minimumFunctions: Set<String> = ["MIN", "fmin", "fminf", "fminl"]
}
