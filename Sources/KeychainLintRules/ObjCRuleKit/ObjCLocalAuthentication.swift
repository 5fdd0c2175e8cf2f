import KeychainLintRuleKit
import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC

/// What the Objective-C LocalAuthentication rules share: the words of `LAPolicy` in the Swift
/// rules' terms, the reply block of `-[LAContext evaluatePolicy:localizedReason:reply:]`, the
/// nodes above an expression (the Objective-C tree has no parent links), and the Objective-C
/// files of the scan (which give the Swift index no identifiers).
enum ObjCLocalAuthentication {
    static let evaluateSelector = "evaluatePolicy:localizedReason:reply:"

    // MARK: - Policies

    /// A policy as Objective-C writes it (`LAPolicyDeviceOwnerAuthentication`, `2`) in the terms
    /// the Swift rules judge (`.member("deviceOwnerAuthentication", type: "LAPolicy")`,
    /// `.rawValue(2, type: "LAPolicy")`); other values unchanged.
    static func policy(_ value: Value) -> Value {
        switch value {
        case .symbol(let name):
            for prefix in ["kLAPolicy", "LAPolicy"] where name.hasPrefix(prefix) && name.count > prefix.count {
                let rest = name.dropFirst(prefix.count)
                return .member(rest.prefix(1).lowercased() + rest.dropFirst(), type: "LAPolicy")
            }
            return value
        case .integer(let raw):
            return .rawValue(raw, type: "LAPolicy")
        default:
            return value
        }
    }

    // MARK: - Reply blocks

    /// `(success, error)` parameter names of a reply block; nil for a missing or unnamed one.
    static func parameterNames(of block: ObjCBlockLiteral) -> (success: String?, error: String?) {
        let names = block.parameters.map(\.name)
        return (names.first ?? nil, names.count > 1 ? names[1] : nil)
    }

    /// The reply block written at the call (`reply:^(BOOL success, NSError *error) { … }`).
    static func replyBlock(of call: ObjCCallSite) -> ObjCBlockLiteral? {
        guard let reply = call.argument(labelled: "reply")?.strippingCastsAndParentheses,
              case .block(let block) = reply.kind else { return nil }
        return block
    }

    /// `x == nil`, `nil != x`, `!x`, and `x` as a condition (`if (x)`, `x ? a : b`, `x && y`):
    /// how Objective-C asks whether an object is there.
    static func isNilOrTruthTest(_ use: ObjCExpr, ancestors: [ObjCAncestor]) -> Bool {
        let (node, parent) = unwrapped(use, ancestors: ancestors)
        guard let parent else { return false }
        switch parent {
        case .expression(let expression):
            switch expression.kind {
            case .binary(let operation, let left, let right) where operation == .equal || operation == .notEqual:
                return isNil(left.range == node.range ? right : left)
            case .binary(.logicalAnd, _, _), .binary(.logicalOr, _, _), .prefix(.logicalNot, _):
                return true
            case .conditional(let condition, _, _):
                return condition.range == node.range
            default:
                return false
            }
        case .statement(let statement):
            switch statement.kind {
            case .if(let condition, _, _), .while(let condition, _), .doWhile(_, let condition):
                return condition.range == node.range
            default:
                return false
            }
        case .declarator:
            return false
        }
    }

    static func isNil(_ expression: ObjCExpr) -> Bool {
        let stripped = expression.strippingCastsAndParentheses
        if let name = stripped.identifierName { return ["nil", "NULL", "Nil"].contains(name) }
        if case .integerLiteral("0") = stripped.kind { return true }
        return false
    }

    // MARK: - Contexts

    /// `[[LAContext alloc] init]`, `[LAContext new]`.
    static func isNewContext(_ expression: ObjCExpr) -> Bool {
        guard case .message(let message) = expression.strippingCastsAndParentheses.kind else { return false }
        if message.selector == "new" { return message.receiverClassName == "LAContext" }
        guard message.selector == "init", case .message(let inner) = message.receiver.strippingCastsAndParentheses.kind else { return false }
        return inner.selector == "alloc" && inner.receiverClassName == "LAContext"
    }

    /// `nil`, `Nil`, `NULL` or `0`: what releases a context.
    static func isNull(_ expression: ObjCExpr) -> Bool {
        let stripped = expression.strippingCastsAndParentheses
        if let name = stripped.identifierName { return ["nil", "Nil", "NULL"].contains(name) }
        if case .integerLiteral("0") = stripped.kind { return true }
        return false
    }

    /// One use of a context: false when it is the receiver of a message (`[context evaluatePolicy:…]`,
    /// `[context setLocalizedFallbackTitle:…]`), the base of a member access (`context.biometryType`),
    /// a nil or truth test, a statement of its own, or the target of an assignment of a new
    /// context or of `nil`; true for anything else (a dictionary value, an argument, a `return`, the value of
    /// an assignment or declaration): the context may then reach a Keychain query.
    static func handsOn(_ use: ObjCExpr, ancestors: [ObjCAncestor]) -> Bool {
        let (node, parent) = unwrapped(use, ancestors: ancestors)
        guard let parent else { return true }
        switch parent {
        case .expression(let expression):
            switch expression.kind {
            case .message(let message):
                return message.receiver.range != node.range
            case .member(let base, _, _):
                return base.range != node.range
            case .assignment(.assign, let target, let value) where target.range == node.range:
                // A new context replaces it; `nil` releases it and gives it to nobody.
                return !isNewContext(value) && !isNull(value)
            case .conditional(let condition, let then, let otherwise)
            where then?.range == node.range || otherwise.range == node.range || (then == nil && condition.range == node.range):
                // `context ?: other`, `c ? context : other`: the context is the choice's value, and
                // goes wherever the choice goes.
                guard let index = ancestors.lastIndex(where: { if case .expression(let e) = $0 { e.range == expression.range } else { false } })
                else { return true }
                return handsOn(expression, ancestors: Array(ancestors[..<index]))
            default:
                return !isNilOrTruthTest(use, ancestors: ancestors)
            }
        case .statement(let statement):
            if case .expression(let alone) = statement.kind, alone.range == node.range { return false }
            return !isNilOrTruthTest(use, ancestors: ancestors)
        case .declarator:
            return true
        }
    }

    /// The expression with the parentheses and casts around it, and the node above them.
    static func unwrapped(_ use: ObjCExpr, ancestors: [ObjCAncestor]) -> (node: ObjCExpr, parent: ObjCAncestor?) {
        var node = use
        var index = ancestors.count - 1
        while index >= 0, case .expression(let parent) = ancestors[index] {
            switch parent.kind {
            case .parenthesized, .cast:
                node = parent
                index -= 1
                continue
            default:
                break
            }
            break
        }
        return (node, index >= 0 ? ancestors[index] : nil)
    }

    // MARK: - The nodes above an expression

    /// Calls `visit` with every expression under `statement` (block bodies included) and the nodes
    /// above it, outermost first.
    static func forEachExpression(in statement: ObjCStmt, _ visit: (ObjCExpr, [ObjCAncestor]) -> Void) {
        var ancestors: [ObjCAncestor] = []
        walk(statement, &ancestors, visit)
    }

    /// The nodes above the expression with `range` in `statement` (outermost first), nil when it
    /// is not there.
    static func ancestors(of range: ObjCSourceRange, in statement: ObjCStmt) -> [ObjCAncestor]? {
        var found: [ObjCAncestor]?
        forEachExpression(in: statement) { expression, ancestors in
            if found == nil, expression.range == range { found = ancestors }
        }
        return found
    }

    private static func walk(_ statement: ObjCStmt, _ ancestors: inout [ObjCAncestor], _ visit: (ObjCExpr, [ObjCAncestor]) -> Void) {
        ancestors.append(.statement(statement))
        defer { ancestors.removeLast() }
        switch statement.kind {
        case .expression(let expression): walk(expression, &ancestors, visit)
        case .declaration(let declaration): walk(declaration, &ancestors, visit)
        case .compound(let statements): for child in statements { walk(child, &ancestors, visit) }
        case .if(let condition, let thenBranch, let elseBranch):
            walk(condition, &ancestors, visit)
            walk(thenBranch, &ancestors, visit)
            if let elseBranch { walk(elseBranch, &ancestors, visit) }
        case .while(let condition, let body):
            walk(condition, &ancestors, visit)
            walk(body, &ancestors, visit)
        case .doWhile(let body, let condition):
            walk(body, &ancestors, visit)
            walk(condition, &ancestors, visit)
        case .for(let initializer, let condition, let increment, let body):
            if let initializer { walk(initializer, &ancestors, visit) }
            if let condition { walk(condition, &ancestors, visit) }
            if let increment { walk(increment, &ancestors, visit) }
            walk(body, &ancestors, visit)
        case .forIn(let element, let collection, let body):
            walk(element, &ancestors, visit)
            walk(collection, &ancestors, visit)
            walk(body, &ancestors, visit)
        case .switch(let subject, let body):
            walk(subject, &ancestors, visit)
            walk(body, &ancestors, visit)
        case .caseLabel(let value): walk(value, &ancestors, visit)
        case .return(let value), .throw(let value):
            if let value { walk(value, &ancestors, visit) }
        case .try(let body, let catches, let finally):
            walk(body, &ancestors, visit)
            for clause in catches { walk(clause.body, &ancestors, visit) }
            if let finally { walk(finally, &ancestors, visit) }
        case .synchronized(let lock, let body):
            walk(lock, &ancestors, visit)
            walk(body, &ancestors, visit)
        case .autoreleasepool(let body): walk(body, &ancestors, visit)
        case .defaultLabel, .label, .break, .continue, .goto, .empty, .unparsed:
            break
        }
    }

    private static func walk(_ declaration: ObjCDeclaration, _ ancestors: inout [ObjCAncestor], _ visit: (ObjCExpr, [ObjCAncestor]) -> Void) {
        for declarator in declaration.declarators {
            guard let initializer = declarator.initializer else { continue }
            ancestors.append(.declarator(declarator))
            walk(initializer, &ancestors, visit)
            ancestors.removeLast()
        }
    }

    private static func walk(_ expression: ObjCExpr, _ ancestors: inout [ObjCAncestor], _ visit: (ObjCExpr, [ObjCAncestor]) -> Void) {
        visit(expression, ancestors)
        ancestors.append(.expression(expression))
        defer { ancestors.removeLast() }
        if case .block(let block) = expression.kind {
            walk(block.body, &ancestors, visit)
            return
        }
        for child in expression.children { walk(child, &ancestors, visit) }
    }

    // MARK: - The Objective-C files of the scan

    static let filesFact = ScanFact<[Int]>("objc.local_authentication.files")

    /// Indices (in the scan's index) of the Objective-C files, in path order.
    static func objectiveCFiles(in scan: ScanContext) -> [Int] {
        scan.fact(filesFact) {
            let index = scan.index
            return (0..<index.fileCount).filter { SourceLanguage(path: index.path(at: $0)) == .objectiveC }
                .sorted { index.path(at: $0) < index.path(at: $1) }
        }
    }

    /// The Objective-C files of the scan whose text holds every one of `words` (a byte search),
    /// other than `path`.
    static func objectiveCFiles(in scan: ScanContext, mentioning words: [String], besides path: String? = nil) -> [Int] {
        for word in words { Dependencies.record(word) }
        return objectiveCFiles(in: scan).filter { file in
            guard scan.index.path(at: file) != path else { return false }
            let text = scan.index.text(at: file)
            return words.allSatisfy { ByteSearch.contains(text, $0) }
        }
    }

    /// A file of the scan, parsed, with its resolver.
    /// `text`: the file's text when the caller has read it already.
    static func parsed(_ file: Int, in scan: ScanContext, text known: String? = nil) -> ObjCValueResolver {
        let text = known ?? scan.index.text(at: file)
        let resolver = ObjCValueResolver(path: scan.index.path(at: file), source: text, tree: ObjCSyntaxTree.parse(text))
        resolver.constants = scan.objectiveCConstants
        return resolver
    }

    /// "line 12" in `path`, "Other.m:12" elsewhere.
    static func place(_ line: Int, in file: String, from path: String) -> String {
        file == path ? "line \(line)" : "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)"
    }
}

/// A node above an expression of the Objective-C tree.
enum ObjCAncestor {
    case expression(ObjCExpr)
    case statement(ObjCStmt)
    /// A declarator whose initializer holds the expression.
    case declarator(ObjCDeclarator)
}

extension ScanContext {
    static let objectiveCConstantsFact = ScanFact<ObjCScanConstants>("objc.file_scope_constants")

    /// The file-scope constants of the scan's Objective-C files, for names a file uses without
    /// defining them (built once; each name a file looks up is recorded as its dependency).
    public var objectiveCConstants: ObjCScanConstants {
        prepareObjectiveCConstants(names: nil)
    }

    /// Builds `objectiveCConstants` before the analysis, with the names each Objective-C file may
    /// define and call (`ObjCScanConstants.names(in:)`, by file index) listed when the scan read
    /// the files: a file that defines or calls none of the names asked for is then never read again.
    @discardableResult
    public func prepareObjectiveCConstants(names: [Int: ObjCScanConstants.FileNames]?) -> ObjCScanConstants {
        fact(Self.objectiveCConstantsFact) {
            let index = self.index
            let files = ObjCLocalAuthentication.objectiveCFiles(in: self)
            let constants = ObjCScanConstants(
                paths: files.map { index.path(at: $0) }, text: { index.text(at: files[$0]) },
                names: names.map { table in files.map { table[$0] ?? ObjCScanConstants.FileNames() } })
            // Swift code of a mixed target may call a method a header declares (the text index
            // holds the Swift files' words only); a package manifest (`Package.swift`, which names
            // the library's targets) calls nothing.
            @Sendable func isCode(_ file: Int) -> Bool {
                let path = index.path(at: file)
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return path.hasSuffix(".swift") && !(name.hasPrefix("Package") && (name == "Package.swift" || name.hasPrefix("Package@swift")))
            }
            constants.swiftFilesMention = { index.files(mentioning: $0).contains(where: isCode) }
            constants.hasSwiftFiles = (0..<index.fileCount).contains(where: isCode)
            if let scope = index.scope {
                constants.closedToOtherCode = Set(files.filter { scope.isClosedToOtherCode($0) }.map { index.path(at: $0) })
            }
            return constants
        }
    }
}
