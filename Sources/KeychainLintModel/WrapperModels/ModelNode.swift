import Yams

/// A YAML node with the key path that reached it, so every error names where it is. Unknown keys
/// are errors too: a misspelt key in a model (later, a user's) must not be silently ignored.
struct ModelNode {
    let node: Node
    let path: String
    let source: String

    func error(_ message: String) -> WrapperModelError {
        WrapperModelError(source: source, path: path, message: message)
    }

    private func child(_ node: Node, _ component: String) -> ModelNode {
        let joined = component.hasPrefix("[") || path.isEmpty ? path + component : path + "." + component
        return ModelNode(node: node, path: joined, source: source)
    }

    private static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "the value '\(scalar.string)'"
        case .sequence: "a list"
        case .mapping: "a mapping"
        case .alias: "an alias"
        }
    }

    /// The entries of a mapping, after checking that every key is one of `allowed` and that the
    /// `required` ones are there.
    func mapping(allowed: [String], required: [String] = []) throws -> [String: ModelNode] {
        guard case .mapping(let mapping) = node else { throw error("expected a mapping, got \(Self.describe(node))") }
        var result: [String: ModelNode] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw error("keys must be plain names") }
            guard allowed.contains(name) else {
                throw child(value, name).error("unknown key '\(name)' (expected one of: \(allowed.joined(separator: ", ")))")
            }
            result[name] = child(value, name)
        }
        for name in required where result[name] == nil {
            throw error("missing key '\(name)'")
        }
        return result
    }

    /// The entries of a mapping whose keys are names the model chooses (option spellings), in order.
    func namedEntries() throws -> [(name: String, node: ModelNode)] {
        guard case .mapping(let mapping) = node else { throw error("expected a mapping, got \(Self.describe(node))") }
        return try mapping.map { key, value in
            guard let name = key.scalar?.string, !name.isEmpty else { throw error("keys must be plain names") }
            return (name, child(value, name))
        }
    }

    func list() throws -> [ModelNode] {
        guard case .sequence(let sequence) = node else { throw error("expected a list, got \(Self.describe(node))") }
        return sequence.enumerated().map { child($0.element, "[\($0.offset)]") }
    }

    func string() throws -> String {
        guard case .scalar(let scalar) = node, !scalar.string.isEmpty else {
            throw error("expected a non-empty string, got \(Self.describe(node))")
        }
        return scalar.string
    }

    func bool() throws -> Bool {
        guard case .scalar(let scalar) = node else { throw error("expected true or false, got \(Self.describe(node))") }
        switch scalar.string {
        case "true": return true
        case "false": return false
        default: throw error("expected true or false, got '\(scalar.string)'")
        }
    }

    func integer() throws -> Int {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string), value >= 0 else {
            throw error("expected a non-negative integer, got \(Self.describe(node))")
        }
        return value
    }

    /// One string or a list of strings (`biometryAny` or `[biometryAny, or, devicePasscode]`).
    func strings() throws -> [String] {
        if case .sequence = node {
            let items = try list().map { try $0.string() }
            guard !items.isEmpty else { throw error("expected at least one name") }
            return items
        }
        return [try string()]
    }
}
