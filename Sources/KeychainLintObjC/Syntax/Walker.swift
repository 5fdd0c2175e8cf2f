/// Generic traversal of the syntax tree, so that queries and, later, rules and the value
/// resolver do not each re-implement the descent through every node kind.
///
/// The walk is recursive but the tree is never deeper than the parser's nesting limit (plus the
/// few levels a declaration adds), so the stack stays bounded on any input.
public struct ObjCWalkContext: Sendable {
    /// The function or method whose body is being walked; nil at file scope.
    public var owner: ObjCBodyOwner?
    /// Block literals around the node (0 directly in the owner's body).
    public var blockDepth: Int
}

/// Callbacks for `ObjCSyntaxTree.walk`. Each is called before the node's children (pre-order,
/// which is source order for everything but a postfix/binary node's own position).
public struct ObjCVisitor {
    public var expression: ((ObjCExpr, ObjCWalkContext) -> Void)?
    public var statement: ((ObjCStmt, ObjCWalkContext) -> Void)?
    public var declarator: ((ObjCDeclarator, ObjCDeclaration, ObjCWalkContext) -> Void)?

    public init(
        expression: ((ObjCExpr, ObjCWalkContext) -> Void)? = nil,
        statement: ((ObjCStmt, ObjCWalkContext) -> Void)? = nil,
        declarator: ((ObjCDeclarator, ObjCDeclaration, ObjCWalkContext) -> Void)? = nil
    ) {
        self.expression = expression
        self.statement = statement
        self.declarator = declarator
    }
}

extension ObjCExpr {
    /// The direct subexpressions, in source order (a block's body is not an expression: see
    /// `ObjCVisitor`/`walk` for a full descent).
    public var children: [ObjCExpr] {
        var result: [ObjCExpr] = []
        forEachChild { result.append($0) }
        return result
    }

    /// Calls `body` on each direct subexpression in source order, without building an array
    /// (walks visit every node of a file).
    public func forEachChild(_ body: (ObjCExpr) -> Void) {
        switch kind {
        case .identifier, .integerLiteral, .floatingLiteral, .characterLiteral, .stringLiteral, .objcNumber,
             .objcBool, .selector, .protocolReference, .atExpression, .typeOperand, .error, .block:
            return
        case .boxed(let inner), .parenthesized(let inner): body(inner)
        case .dictionary(let entries):
            for entry in entries {
                body(entry.key)
                body(entry.value)
            }
        case .array(let items), .comma(let items), .initializerList(let items): items.forEach(body)
        case .call(let call):
            body(call.callee)
            call.arguments.forEach(body)
        case .message(let message):
            body(message.receiver)
            for piece in message.pieces {
                if let argument = piece.argument { body(argument) }
            }
            message.variadicArguments.forEach(body)
        case .cast(let cast): body(cast.operand)
        case .prefix(_, let operand), .postfix(_, let operand): body(operand)
        case .binary(_, let left, let right):
            body(left)
            body(right)
        case .assignment(_, let target, let value):
            body(target)
            body(value)
        case .conditional(let condition, let thenBranch, let elseBranch):
            body(condition)
            if let thenBranch { body(thenBranch) }
            body(elseBranch)
        case .member(let base, _, _): body(base)
        case .subscript(let base, let index):
            body(base)
            body(index)
        }
    }

    /// True if this expression or any subexpression is `.error`.
    public var containsError: Bool {
        if case .error = kind { return true }
        return children.contains { $0.containsError }
    }
}

extension ObjCSyntaxTree {
    /// Walks every item: declarations, functions, containers (methods, properties), in order.
    public func walk(_ visitor: ObjCVisitor) {
        var walker = Walker(visitor: visitor)
        for item in items { walker.walk(item) }
    }
}

extension ObjCStmt {
    /// Walks this statement with the given owner (a body handed out by `ObjCSyntaxTree.bodies`).
    public func walk(_ visitor: ObjCVisitor, owner: ObjCBodyOwner?) {
        var walker = Walker(visitor: visitor)
        walker.context.owner = owner
        walker.walk(self)
    }
}

struct Walker {
    let visitor: ObjCVisitor
    var context = ObjCWalkContext(owner: nil, blockDepth: 0)

    mutating func walk(_ item: ObjCTopLevelItem) {
        switch item.kind {
        case .declaration(let declaration):
            walk(declaration)
        case .function(let function):
            let saved = context
            context = ObjCWalkContext(owner: .function(name: function.name), blockDepth: 0)
            walk(function.body)
            context = saved
        case .container(let container):
            for declaration in container.instanceVariables { walk(declaration) }
            for property in container.properties { walk(property.declaration) }
            for method in container.methods {
                guard let body = method.body else { continue }
                let saved = context
                context = ObjCWalkContext(
                    owner: .method(container: container.name, selector: method.selector, isClassMethod: method.isClassMethod),
                    blockDepth: 0)
                walk(body)
                context = saved
            }
            for nested in container.nested { walk(nested) }
        case .classForward, .protocolForward, .moduleImport, .unparsed:
            break
        }
    }

    mutating func walk(_ declaration: ObjCDeclaration) {
        for declarator in declaration.declarators {
            visitor.declarator?(declarator, declaration, context)
            if let initializer = declarator.initializer { walk(initializer) }
        }
    }

    mutating func walk(_ statement: ObjCStmt) {
        visitor.statement?(statement, context)
        switch statement.kind {
        case .expression(let expression): walk(expression)
        case .declaration(let declaration): walk(declaration)
        case .compound(let statements): for child in statements { walk(child) }
        case .if(let condition, let thenBranch, let elseBranch):
            walk(condition)
            walk(thenBranch)
            if let elseBranch { walk(elseBranch) }
        case .while(let condition, let body):
            walk(condition)
            walk(body)
        case .doWhile(let body, let condition):
            walk(body)
            walk(condition)
        case .for(let initializer, let condition, let increment, let body):
            if let initializer { walk(initializer) }
            if let condition { walk(condition) }
            if let increment { walk(increment) }
            walk(body)
        case .forIn(let element, let collection, let body):
            walk(element)
            walk(collection)
            walk(body)
        case .switch(let subject, let body):
            walk(subject)
            walk(body)
        case .caseLabel(let value): walk(value)
        case .return(let value), .throw(let value):
            if let value { walk(value) }
        case .try(let body, let catches, let finally):
            walk(body)
            for clause in catches { walk(clause.body) }
            if let finally { walk(finally) }
        case .synchronized(let lock, let body):
            walk(lock)
            walk(body)
        case .autoreleasepool(let body): walk(body)
        case .defaultLabel, .label, .break, .continue, .goto, .empty, .unparsed:
            break
        }
    }

    mutating func walk(_ expression: ObjCExpr) {
        visitor.expression?(expression, context)
        if case .block(let block) = expression.kind {
            context.blockDepth += 1
            walk(block.body)
            context.blockDepth -= 1
            return
        }
        expression.forEachChild { walk($0) }
    }
}
