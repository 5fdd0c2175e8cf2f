import KeychainLintModel

// Instance state: a property read through `self` (`self.accessibility`, `self->_key`) or an
// instance variable (`_accessibility`), followed to every value this file stores in it: the
// class's methods through `self` (`self.x = …`, `_x = …`, `self->_x = …`, `[self setX:…]`), and
// any function or method through a local or parameter declared as an instance of the class
// (`Vault *vault`: `vault.x = …`, `vault->_x = …`, `[vault setX:…]`). A property and its
// synthesized `_x` are one storage. The order methods run in is not known, so every stored value
// is a possible value (as for a Swift property assigned in several places); a value handed in
// through a parameter is a gap, like any parameter whose callers are not followed, except that
// state only initializers store is followed per instance when the instances a method runs on are
// known (`ObjCValueResolver+InstanceSelf`).
extension ObjCValueResolver {
    /// One store into instance state: where it is and the value stored.
    struct InstanceWrite {
        let range: ObjCSourceRange
        let value: ObjCExpr?
        /// How it is written, for the path (`self.accessibility`, `_accessibility`, `setAccessibility:`).
        let written: String
        /// Written by the class's own method through `self` or an instance variable, not through
        /// an instance other code holds.
        var isThroughSelf = true
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
        let writes = instanceWrites()[className]?[storage] ?? []
        // A public property no code of the scan sets from outside the class: its users may set any
        // constant of the library's own enum (`ObjCValueResolver+LibraryOptions`).
        let offered = optionsOffered(toProperty: storage, ofClass: className, writes: writes, at: use)
        guard !writes.isEmpty else { return offered }
        let key = "instance \(className).\(storage)"
        guard !env.visiting.contains(key) else { return gap(use.range, "`\(name)` depends on itself", kind: .cycle) }
        // On the instances the method runs on, when they are known (`ObjCValueResolver+InstanceSelf`).
        if case .method(_, let selector, false) = body.owner, !selector.hasPrefix("init"),
            let sources = selfInstances(in: body, of: className, env),
            let perInstance = instanceValues(storage, of: className, on: sources, env.deeper(key))
        {
            return offered.map { perInstance.merging($0) } ?? perInstance
        }
        let stored = remembered(key) {
            var result = Resolution()
            var inner = env.deeper(key)
            inner.selfInstances = nil
            for write in writes {
                guard let value = write.value else {
                    result = result.merging(gap(write.range, "`\(write.written)` is changed by a compound assignment, which is not followed"))
                    continue
                }
                result = result.merging(evaluate(value, inner).through(step(.assignment, "`\(write.written)`", at: write.range)))
            }
            return result
        }
        return offered.map { stored.merging($0) } ?? stored
    }

    /// Every store into instance state in the file's functions and methods, by class and storage
    /// name: through `self` in the class's own methods, and through a local or parameter declared
    /// as an instance of the class anywhere in the file (`Vault *vault = …; vault.accessibility = …`).
    func instanceWrites() -> [String: [String: [InstanceWrite]]] {
        if let known = instanceWritesCache { return known }
        var table: [String: [String: [InstanceWrite]]] = [:]
        for body in bodies {
            var ownClass: String?
            if case .method(let container, _, _) = body.owner { ownClass = Self.className(container) }
            var locals: Set<String> = Set(body.parameterNames)
            // The class each typed local and parameter is an instance of.
            var instances: [String: Set<String>] = [:]
            for (name, className) in zip(body.parameterNames, body.parameterClasses) {
                if let className { instances[name, default: []].insert(className) }
            }
            for binding in bindings(in: body) {
                guard case .declaration(let declarator, _) = binding.kind else { continue }
                locals.insert(declarator.name)
                if let className = ObjCTypeName.className(declarator.type) { instances[declarator.name, default: []].insert(className) }
            }
            func add(_ className: String, _ name: String, _ write: InstanceWrite) {
                table[className, default: [:]][Self.storageName(name), default: []].append(write)
            }
            for binding in bindings(in: body) {
                guard case .assignment(let operation, let target, let value) = binding.kind else { continue }
                let stored = operation == .assign ? value : nil
                switch target.strippingCastsAndParentheses.kind {
                case .identifier(let name) where !locals.contains(name) && globals[name] == nil && name != "self":
                    if let ownClass { add(ownClass, name, InstanceWrite(range: binding.range, value: stored, written: name)) }
                case .member(let base, let name, let isArrow):
                    guard let baseName = base.strippingCastsAndParentheses.identifierName else { continue }
                    let separator = isArrow ? "->" : "."
                    if baseName == "self", let ownClass {
                        add(ownClass, name, InstanceWrite(range: binding.range, value: stored, written: "self\(separator)\(name)"))
                    } else if let classes = instances[baseName] {
                        for className in classes {
                            add(className, name, InstanceWrite(
                                range: binding.range, value: stored, written: "\(baseName)\(separator)\(name)", isThroughSelf: false))
                        }
                    }
                default:
                    continue
                }
            }
            body.body.walk(ObjCVisitor(expression: { expression, _ in
                guard case .message(let message) = expression.kind, let receiver = message.receiver.strippingCastsAndParentheses.identifierName,
                    message.pieces.count == 1, let argument = message.pieces[0].argument
                else { return }
                let classes: Set<String>
                if receiver == "self", let ownClass { classes = [ownClass] } else { classes = instances[receiver] ?? [] }
                guard !classes.isEmpty else { return }
                let label = message.pieces[0].label
                guard label.count > 3, label.hasPrefix("set"), let first = label.dropFirst(3).first, first.isUppercase else { return }
                let property = first.lowercased() + label.dropFirst(4)
                let written = receiver == "self" ? "\(label):" : "[\(receiver) \(label):]"
                for className in classes {
                    add(className, property, InstanceWrite(range: expression.range, value: argument, written: written, isThroughSelf: receiver == "self"))
                }
            }), owner: body.owner)
        }
        instanceWritesCache = table
        return table
    }
}
