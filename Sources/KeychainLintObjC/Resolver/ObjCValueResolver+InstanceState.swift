import KeychainLintModel

// Instance state: a property read through `self` (`self.accessibility`, `self->_key`) or an
// instance variable (`_accessibility`), followed to every value the class's methods in this file
// store in it: `self.x = …`, `_x = …`, `self->_x = …` and `[self setX:…]`. A property and its
// synthesized `_x` are one storage. The order methods run in is not known, so every stored value
// is a possible value (as for a Swift property assigned in several places); a value handed in
// through a parameter is a gap, like any parameter whose callers are not followed.
extension ObjCValueResolver {
    /// One store into instance state: where it is and the value stored.
    struct InstanceWrite {
        let range: ObjCSourceRange
        let value: ObjCExpr?
        /// How it is written, for the path (`self.accessibility`, `_accessibility`, `setAccessibility:`).
        let written: String
    }

    /// The storage a name of instance state means: `accessibility` for `self.accessibility`,
    /// `_accessibility` and `setAccessibility:`.
    static func storageName(_ name: String) -> String {
        name.hasPrefix("_") ? String(name.dropFirst()) : name
    }

    /// The class a container is of: `Store` for `Store`, `Store (Keychain)` and `Store ()`.
    static func className(_ container: String) -> String {
        String(container.prefix { $0 != " " && $0 != "(" })
    }

    /// The values of instance state `name` of the class whose method `body` (the one `use` is
    /// in) is; nil when the use is not in a method or no method of the class in this file stores
    /// into it (then the name is not known to be instance state).
    func instanceState(_ name: String, at use: ObjCExpr, in body: ObjCBody?, _ env: Environment) -> Resolution? {
        guard let body, case .method(let container, _, _) = body.owner else { return nil }
        let className = Self.className(container)
        let storage = Self.storageName(name)
        guard let writes = instanceWrites()[className]?[storage], !writes.isEmpty else { return nil }
        let key = "instance \(className).\(storage)"
        guard !env.visiting.contains(key) else { return gap(use.range, "`\(name)` depends on itself", kind: .cycle) }
        return remembered(key) {
            var result = Resolution()
            let inner = env.deeper(key)
            for write in writes {
                guard let value = write.value else {
                    result = result.merging(gap(write.range, "`\(write.written)` is changed by a compound assignment, which is not followed"))
                    continue
                }
                result = result.merging(evaluate(value, inner).through(step(.assignment, "`\(write.written)`", at: write.range)))
            }
            return result
        }
    }

    /// Every store into instance state in the file's methods, by class and storage name.
    func instanceWrites() -> [String: [String: [InstanceWrite]]] {
        if let known = instanceWritesCache { return known }
        var table: [String: [String: [InstanceWrite]]] = [:]
        for body in bodies {
            guard case .method(let container, _, _) = body.owner else { continue }
            let className = Self.className(container)
            let locals = Set(bindings(in: body).compactMap { binding -> String? in
                if case .declaration = binding.kind { return binding.name }
                return nil
            }).union(body.parameterNames)
            func add(_ name: String, _ write: InstanceWrite) {
                table[className, default: [:]][Self.storageName(name), default: []].append(write)
            }
            for binding in bindings(in: body) {
                guard case .assignment(let operation, let target, let value) = binding.kind else { continue }
                let stored = operation == .assign ? value : nil
                switch target.strippingCastsAndParentheses.kind {
                case .identifier(let name) where !locals.contains(name) && globals[name] == nil && name != "self":
                    add(name, InstanceWrite(range: binding.range, value: stored, written: name))
                case .member(let base, let name, let isArrow) where base.strippingCastsAndParentheses.identifierName == "self":
                    add(name, InstanceWrite(range: binding.range, value: stored, written: "self\(isArrow ? "->" : ".")\(name)"))
                default:
                    continue
                }
            }
            body.body.walk(ObjCVisitor(expression: { expression, _ in
                guard case .message(let message) = expression.kind, message.receiver.strippingCastsAndParentheses.identifierName == "self",
                    message.pieces.count == 1, let argument = message.pieces[0].argument
                else { return }
                let label = message.pieces[0].label
                guard label.count > 3, label.hasPrefix("set"), let first = label.dropFirst(3).first, first.isUppercase else { return }
                let property = first.lowercased() + label.dropFirst(4)
                add(property, InstanceWrite(range: expression.range, value: argument, written: "\(label):"))
            }), owner: body.owner)
        }
        instanceWritesCache = table
        return table
    }
}
