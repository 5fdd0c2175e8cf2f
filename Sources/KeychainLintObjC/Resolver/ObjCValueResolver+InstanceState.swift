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
        // Stores another file makes on an instance it builds (`Vault *v = [[Vault alloc] init];
        // v.protection = …;` in the app's setup code): the property may hold those values too.
        let elsewhere = writes.isEmpty ? instanceWritesElsewhere(className, storage) : []
        // A public property no code of the scan sets from outside the class: its users may set any
        // constant of the library's own enum (`ObjCValueResolver+LibraryOptions`).
        let offered = elsewhere.isEmpty ? optionsOffered(toProperty: storage, ofClass: className, writes: writes, at: use) : nil
        guard !writes.isEmpty || !elsewhere.isEmpty else { return offered }
        let key = "instance \(className).\(storage)"
        guard !env.visiting.contains(key) else { return gap(use.range, "`\(name)` depends on itself", kind: .cycle) }
        // On the instances the method runs on, when they are known (`ObjCValueResolver+InstanceSelf`).
        if !writes.isEmpty, case .method(_, let selector, false) = body.owner, !selector.hasPrefix("init"),
            let sources = selfInstances(in: body, of: className, env),
            let perInstance = instanceValues(storage, of: className, on: sources, env.deeper(key))
        {
            return offered.map { perInstance.merging($0) } ?? perInstance
        }
        let stored = remembered(key) {
            var result = Resolution()
            var inner = env.deeper(key)
            inner.selfInstances = nil
            inner.selfCases = [:]
            for (resolver, write) in writes.map({ (self, $0) }) + elsewhere {
                guard let value = write.value else {
                    result = result.merging(
                        resolver.gap(write.range, "`\(write.written)` is changed by a compound assignment, which is not followed"))
                    continue
                }
                // One question, one budget: another file's steps count as this one's.
                resolver.steps = steps
                if resolver !== self { inner.visiting.insert("file " + path) }
                result = result.merging(resolver.evaluate(value, inner).through(resolver.step(.assignment, "`\(write.written)`", at: write.range)))
                steps = resolver.steps
            }
            return result
        }
        return offered.map { stored.merging($0) } ?? stored
    }

    /// The stores into `storage` of `className` that the scan's other Objective-C files make
    /// through an instance they declare of the class, in the files that send a message to the
    /// class by name (those that build one). Empty when the scan's files are not known or more
    /// files than followed do so.
    func instanceWritesElsewhere(_ className: String, _ storage: String) -> [(ObjCValueResolver, InstanceWrite)] {
        guard let constants else { return [] }
        Dependencies.record(className)
        guard let files = constants.filesSending(to: className, besides: path) else { return [] }
        var found: [(ObjCValueResolver, InstanceWrite)] = []
        for file in files {
            let other = resolver(for: file)
            for write in other.instanceWrites()[className]?[storage] ?? [] { found.append((other, write)) }
        }
        return found
    }

    /// The class of a shared instance read through its class: `[Vault sharedVault]` or
    /// `Vault.shared` (a class method or class property without arguments, sent to a class by
    /// name, as singletons are spelled), taken to be an instance of that class. Nil otherwise.
    static func sharedInstanceClass(_ expression: ObjCExpr) -> String? {
        let stripped = expression.strippingCastsAndParentheses
        switch stripped.kind {
        case .message(let message):
            guard message.pieces.count == 1, message.pieces[0].argument == nil, let className = message.receiverClassName,
                !["alloc", "new", "class"].contains(message.selector)
            else { return nil }
            return className
        case .member(let base, _, false):
            guard let name = base.strippingCastsAndParentheses.identifierName, name.first?.isUppercase == true else { return nil }
            return name
        default:
            return nil
        }
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
                    let separator = isArrow ? "->" : "."
                    guard let baseName = base.strippingCastsAndParentheses.identifierName else {
                        // `Vault.shared.protection = …`, `[Vault sharedVault].protection = …`.
                        if let className = Self.sharedInstanceClass(base) {
                            add(className, name, InstanceWrite(range: binding.range, value: stored, written: "\(Self.shortText(text(base.range)))\(separator)\(name)"))
                        }
                        continue
                    }
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
                guard case .message(let message) = expression.kind, message.pieces.count == 1, let argument = message.pieces[0].argument
                else { return }
                let receiverExpression = message.receiver.strippingCastsAndParentheses
                let receiver = receiverExpression.identifierName ?? Self.shortText(self.text(receiverExpression.range))
                let classes: Set<String>
                if receiver == "self", let ownClass {
                    classes = [ownClass]
                } else if receiverExpression.identifierName != nil {
                    classes = instances[receiver] ?? []
                } else {
                    // `[[Vault sharedVault] setProtection:…]`.
                    classes = Self.sharedInstanceClass(receiverExpression).map { [$0] } ?? []
                }
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
