/// The questions rules and the value resolver ask of a file, answered from the tree: every call
/// with its name and labelled arguments, every local declaration and assignment of a body in
/// order, `#define` and global constants, methods with their selectors and parameters.
///
/// They are computed on demand (a walk each) rather than stored, so the tree stays a plain value
/// and a front end that asks one question pays for one walk.

/// What owns a body: a C function or a method of a container.
public enum ObjCBodyOwner: Sendable, Hashable, CustomStringConvertible {
    case function(name: String)
    case method(container: String, selector: String, isClassMethod: Bool)

    public var description: String {
        switch self {
        case .function(let name): "\(name)()"
        case .method(let container, let selector, let isClassMethod): "\(isClassMethod ? "+" : "-")[\(container) \(selector)]"
        }
    }
}

/// One argument of a call: `forKey:` → label `forKey`; C arguments and variadic ones have none.
public struct ObjCCallArgument: Sendable, Hashable {
    public var label: String?
    public var value: ObjCExpr
    public var range: ObjCSourceRange { value.range }
}

/// A C function call or a message send, in one shape for rules that look for either.
public struct ObjCCallSite: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case function, message
    }

    public var kind: Kind
    /// The function's name (`SecItemAdd`) or the selector (`setObject:forKey:`); empty for a
    /// call through an expression (`blocks[0](x)`).
    public var name: String
    /// The message's receiver; nil for a C call.
    public var receiver: ObjCExpr?
    public var arguments: [ObjCCallArgument]
    /// The whole call expression.
    public var expression: ObjCExpr
    public var owner: ObjCBodyOwner?
    /// True inside a block literal (a completion handler, a reply).
    public var isInsideBlock: Bool

    public var range: ObjCSourceRange { expression.range }

    /// The first argument with this label (`forKey`), for message sends.
    public func argument(labelled label: String) -> ObjCExpr? {
        arguments.first { $0.label == label }?.value
    }
}

/// A local variable's declaration or an assignment, in a body's source order.
public struct ObjCLocalBinding: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case declaration(ObjCDeclarator, storage: [String])
        case assignment(ObjCAssignmentOperator, target: ObjCExpr, value: ObjCExpr)
    }

    public var kind: Kind
    public var range: ObjCSourceRange
    public var isInsideBlock: Bool

    /// The declared name, or the assigned name when the target is a plain name (`error = NULL`);
    /// nil for `self.prop = …`, `obj->ivar = …`, `*out = …`.
    public var name: String? {
        switch kind {
        case .declaration(let declarator, _): declarator.name
        case .assignment(_, let target, _): target.strippingCastsAndParentheses.identifierName
        }
    }

    /// The initializer or the assigned value.
    public var value: ObjCExpr? {
        switch kind {
        case .declaration(let declarator, _): declarator.initializer
        case .assignment(_, _, let value): value
        }
    }
}

/// A function or method that has a body.
public struct ObjCBody: Sendable, Hashable {
    public var owner: ObjCBodyOwner
    /// Parameter names in order (for a method, the names after each selector piece).
    public var parameterNames: [String]
    /// A compound statement.
    public var body: ObjCStmt
    public var range: ObjCSourceRange
    /// The class each parameter is declared as (`Vault` for `(Vault *)vault`), in the order of
    /// `parameterNames`; nil where the type names no class or is omitted.
    public var parameterClasses: [String?] = []
    /// The type each parameter is declared with, in the order of `parameterNames` (`id<GateDelegate>`
    /// names no class, but a protocol); nil where it is omitted.
    public var parameterTypes: [ObjCTypeName?] = []

    /// Every local declaration (one per declarator) and assignment, in source order, including
    /// those in nested statements and blocks.
    public var localBindings: [ObjCLocalBinding] {
        var bindings: [ObjCLocalBinding] = []
        body.walk(ObjCVisitor(
            expression: { expression, context in
                if case .assignment(let operation, let target, let value) = expression.kind {
                    bindings.append(ObjCLocalBinding(
                        kind: .assignment(operation, target: target, value: value), range: expression.range,
                        isInsideBlock: context.blockDepth > 0))
                }
            },
            declarator: { declarator, declaration, context in
                bindings.append(ObjCLocalBinding(
                    kind: .declaration(declarator, storage: declaration.storage), range: declarator.range,
                    isInsideBlock: context.blockDepth > 0))
            }), owner: owner)
        return bindings
    }
}

extension ObjCBody {
    /// The declarations of and assignments to `name` that start before `offset`, in order: the
    /// steps a resolver replays to know a local's value at a call.
    public func bindings(of name: String, before offset: Int) -> [ObjCLocalBinding] {
        localBindings.filter { $0.name == name && $0.range.start.offset < offset }
    }
}

/// A method with the container it belongs to.
public struct ObjCMethodReference: Sendable, Hashable {
    public var container: ObjCContainer.Kind
    public var containerName: String
    public var method: ObjCMethod
}

/// A variable declared at file scope (or inside a container, outside methods).
public struct ObjCGlobalVariable: Sendable, Hashable {
    public var declarator: ObjCDeclarator
    public var storage: [String]

    public var name: String { declarator.name }
    public var isStatic: Bool { storage.contains("static") }
    public var isExtern: Bool { storage.contains("extern") }
    /// `const` on the variable or its pointee (`NSString * const`, `const CFStringRef`).
    public var isConst: Bool { declarator.type.isConst }
}

extension ObjCSyntaxTree {
    /// Every C function call and message send, in source order of their start (an outer call
    /// before the calls nested in its receiver or arguments).
    public var calls: [ObjCCallSite] {
        var calls: [ObjCCallSite] = []
        walk(ObjCVisitor(expression: { expression, context in
            if let call = ObjCSyntaxTree.callSite(expression, context) { calls.append(call) }
        }))
        return calls.sorted { $0.range.start.offset < $1.range.start.offset }
    }

    /// The call an expression is, if it is one (for a walk that dispatches calls as it meets them).
    public static func callSite(_ expression: ObjCExpr, _ context: ObjCWalkContext) -> ObjCCallSite? {
        switch expression.kind {
        case .call(let call):
            return ObjCCallSite(
                kind: .function, name: call.calleeName ?? "", receiver: nil,
                arguments: call.arguments.map { ObjCCallArgument(label: nil, value: $0) }, expression: expression,
                owner: context.owner, isInsideBlock: context.blockDepth > 0)
        case .message(let message):
            var arguments = message.pieces.compactMap { piece in
                piece.argument.map { ObjCCallArgument(label: piece.label, value: $0) }
            }
            arguments += message.variadicArguments.map { ObjCCallArgument(label: nil, value: $0) }
            return ObjCCallSite(
                kind: .message, name: message.selector, receiver: message.receiver, arguments: arguments,
                expression: expression, owner: context.owner, isInsideBlock: context.blockDepth > 0)
        default:
            return nil
        }
    }

    /// Calls to the function or selector `name` (`SecItemAdd`, `setObject:forKey:`).
    public func calls(named name: String) -> [ObjCCallSite] {
        calls.filter { $0.name == name }
    }

    /// Every container, including those after a missing `@end`.
    public var containers: [ObjCContainer] {
        items.compactMap {
            if case .container(let container) = $0.kind { return container }
            return nil
        }
    }

    /// File-scope items and the items nested in containers.
    var allItems: [ObjCTopLevelItem] {
        items.flatMap { item -> [ObjCTopLevelItem] in
            if case .container(let container) = item.kind { return [item] + container.nested }
            return [item]
        }
    }

    public var functions: [ObjCFunctionDefinition] {
        allItems.compactMap {
            if case .function(let function) = $0.kind { return function }
            return nil
        }
    }

    public var methods: [ObjCMethodReference] {
        containers.flatMap { container in
            container.methods.map { ObjCMethodReference(container: container.kind, containerName: container.name, method: $0) }
        }
    }

    /// The methods of `container` (its class, categories and extensions in this file) with the
    /// selector, written with a body: the implementations a message to it may run.
    public func implementations(of selector: String, in container: String, isClassMethod: Bool) -> [ObjCMethod] {
        methods.compactMap { reference in
            reference.containerName == container && reference.method.selector == selector
                && reference.method.isClassMethod == isClassMethod && reference.method.body != nil ? reference.method : nil
        }
    }

    /// The C functions the file defines that other files can call (not `static`).
    public var exportedFunctionNames: Set<String> {
        Set(functions.filter { !$0.storage.contains("static") }.map(\.name))
    }

    /// Every function and method with a body, in source order.
    public var bodies: [ObjCBody] {
        var bodies = functions.map {
            ObjCBody(
                owner: .function(name: $0.name), parameterNames: $0.parameters.compactMap(\.name), body: $0.body, range: $0.range,
                parameterClasses: $0.parameters.filter { $0.name != nil }.map { ObjCTypeName.className($0.type) },
                parameterTypes: $0.parameters.filter { $0.name != nil }.map(\.type))
        }
        for reference in methods {
            guard let body = reference.method.body else { continue }
            bodies.append(ObjCBody(
                owner: .method(container: reference.containerName, selector: reference.method.selector, isClassMethod: reference.method.isClassMethod),
                parameterNames: reference.method.parameters.map(\.name), body: body, range: reference.method.range,
                parameterClasses: reference.method.parameters.map { $0.type.flatMap(ObjCTypeName.className) },
                parameterTypes: reference.method.parameters.map(\.type)))
        }
        return bodies.sorted { $0.range.start.offset < $1.range.start.offset }
    }

    /// The body of the function `name` or of the method with `selector`.
    public func body(of owner: ObjCBodyOwner) -> ObjCBody? {
        bodies.first { $0.owner == owner }
    }

    /// Variables declared outside any body: `static NSString * const kService = @"x";`,
    /// `extern NSString *const kKey;`. Typedefs and function prototypes are left out.
    public var globalVariables: [ObjCGlobalVariable] {
        allItems.flatMap { item -> [ObjCGlobalVariable] in
            guard case .declaration(let declaration) = item.kind, !declaration.isTypedef else { return [] }
            return declaration.declarators.compactMap { declarator in
                declarator.functionParameters == nil ? ObjCGlobalVariable(declarator: declarator, storage: declaration.storage) : nil
            }
        }
    }

    /// Global variables declared `const` (the usual way to name a service or a key).
    public var globalConstants: [ObjCGlobalVariable] {
        globalVariables.filter(\.isConst)
    }

    /// The last `#define` of `name` (a later one replaces an earlier one).
    public func macro(named name: String) -> ObjCMacroDefinition? {
        macros.last { $0.name == name }
    }

    /// The global variable `name` (the last declaration wins, as a definition follows its
    /// `extern` declaration).
    public func globalVariable(named name: String) -> ObjCGlobalVariable? {
        globalVariables.last { $0.name == name }
    }

    /// The function or method body that contains `offset` (a call's position), if any.
    public func body(containing offset: Int) -> ObjCBody? {
        bodies.first { $0.body.range.start.offset <= offset && offset < $0.body.range.end.offset }
    }

    /// Properties declared for the class `name` in its interface, extensions and categories.
    public func properties(ofClass name: String) -> [ObjCProperty] {
        containers.filter { $0.name == name }.flatMap(\.properties)
    }

    /// `#import` / `#include` header names, in order.
    public var importedHeaders: [String] {
        directives.compactMap(\.headerName)
    }
}

extension ObjCSyntaxTree {
    /// The `#if` groups around `offset`, outermost first: each group by its `#if` line's offset,
    /// with the branch `offset` lies in (the offset of that branch's `#if`, `#elif` or `#else`).
    /// The parser reads every branch, but at most one branch of a group is compiled.
    public func preprocessorBranches(at offset: Int) -> [(group: Int, branch: Int)] {
        var open: [(group: Int, branch: Int)] = []
        for directive in directives {
            guard directive.range.start.offset < offset else { break }
            switch directive.kind {
            case .if, .ifdef, .ifndef:
                open.append((directive.range.start.offset, directive.range.start.offset))
            case .elif, .else:
                if !open.isEmpty { open[open.count - 1].branch = directive.range.start.offset }
            case .endif:
                if !open.isEmpty { open.removeLast() }
            default:
                break
            }
        }
        return open
    }

    /// Whether code at `first` and at `second` lies in different branches of one `#if` group, so
    /// that no build compiles both.
    public func inExclusivePreprocessorBranches(_ first: Int, _ second: Int) -> Bool {
        let a = preprocessorBranches(at: first)
        let b = preprocessorBranches(at: second)
        for (x, y) in zip(a, b) {
            guard x.group == y.group else { return false }
            if x.branch != y.branch { return true }
        }
        return false
    }
}
