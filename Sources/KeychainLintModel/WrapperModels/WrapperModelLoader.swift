import Yams

/// Reads a wrapper model from YAML text and checks it: every name it uses must be declared (a
/// call's type, the option set an argument takes), every option must map to a real Security
/// constant or flag, and unknown keys are errors. The format (see the built-in models in
/// `BuiltIn/`) is meant to be the one a user model in `.keychain-lint.yml` will use as well:
///
/// ```yaml
/// library: KeychainAccess          # as users know it; named in messages
/// module: KeychainAccess           # what `import` names; the model applies only in such files
/// versions: "3.0.0 – 4.2.2"        # the releases described
/// references:                      # public sources: repository, commit, optional note
///   - {repository: https://github.com/kishikawakatsumi/KeychainAccess, commit: e0c7eeb}
/// types:                           # initializers: Type(…) makes one; sharedInstances: Type.standard
///   - {name: Keychain, initializers: true, sharedInstances: []}
///                                  # conformance: true for a protocol the app's types adopt, whose
///                                  # properties the app implements (Locksmith's `accessible`):
///                                  # properties: {accessibility: {name: accessible, options: …}}
/// options:                         # meaning: accessibility (one kSecAttrAccessible… constant per
///   - name: Accessibility          # spelling) or accessControlFlags (SecAccessControlCreateFlags
///     meaning: accessibility       # names; rawValuesAreSecurityBits: true when raw values are bits)
///     values: {always: kSecAttrAccessibleAlways}
/// calls:                           # effect: configure (initializer, builder, factory), write, search;
///   - type: Keychain               # static: true for Type.factory(…); returns: the type a builder
///     name: accessibility          # or factory gives back, for call chains; name `init` for initializers;
///                                  # setter: true for a property the app assigns (its one argument,
///                                  # position 0, is the assigned value); labels: [a, _, b] for one
///                                  # overload that differs from the name's other overloads
///     effect: configure
///     returns: Keychain
///     arguments:                   # role → label or position (unlabelled, 0-based), and the option set,
///       accessibility: {position: 0, options: Accessibility}   # or `security: true` (Security's own
///                                  # constant or flags), or `whenTrue: [flags]` (a Bool meaning those flags);
///                                  # roles also synchronizable, applicationPassword, publicKey, privateKey
/// defaults: {accessibility: kSecAttrAccessibleAfterFirstUnlock, synchronizable: false}
/// headers: [UICKeyChainStore.h]    # a library with an Objective-C API: the headers whose inclusion
///                                  # makes it visible in an Objective-C file; each call Objective-C
///                                  # can make then names its `selector: "setAccessibility:authenticationPolicy:"`
///                                  # (arguments by position, or by label = the selector piece)
/// ```
public enum WrapperModelLoader {
    public static func load(yaml: String, source: String) throws -> WrapperModel {
        try load(yaml: yaml, source: source, resolver: .default)
    }

    /// `resolver` decides the tags of plain scalars (bool, int, null…). A model reads every value
    /// as its text, so tags change nothing but which duplicated keys Yams reports; the default
    /// resolver matches each scalar against regular expressions, which cost more than the rest of
    /// loading the built-in models at every start.
    static func load(yaml: String, source: String, resolver: Resolver) throws -> WrapperModel {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml, resolver)
        } catch {
            throw WrapperModelError(source: source, path: "", message: "invalid YAML: \(error)")
        }
        guard let root else { throw WrapperModelError(source: source, path: "", message: "the model is empty") }
        return try read(ModelNode(node: root, path: "", source: source))
    }

    /// Reads a model declared under a key of a configuration file, given as its own YAML text:
    /// errors name `source` and the key path from `path` on.
    public static func load(yaml: String, source: String, path: String) throws -> WrapperModel {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw WrapperModelError(source: source, path: path, message: "invalid YAML: \(error)")
        }
        guard let root else { throw WrapperModelError(source: source, path: path, message: "the model is empty") }
        return try load(node: root, source: source, path: path)
    }

    /// Reads a model that is one node of a larger YAML document (a list of models under a key of
    /// a configuration file): errors name `source` and the key path from `path` on
    /// (`models[0].calls[2].arguments.accessibility.options: …`).
    public static func load(node: Node, source: String, path: String) throws -> WrapperModel {
        try read(ModelNode(node: node, path: path, source: source))
    }

    private static func read(_ root: ModelNode) throws -> WrapperModel {
        let top = try root.mapping(
            allowed: ["library", "module", "versions", "references", "types", "options", "calls", "defaults", "headers"],
            required: ["library", "module", "versions", "references", "types", "calls"])
        let references = try top["references"]!.list().map(readReference)
        if references.isEmpty { throw top["references"]!.error("name at least one public source") }

        var options: [WrapperOptionSet] = []
        for node in try top["options"]?.list() ?? [] {
            let optionSet = try readOptionSet(node)
            if options.contains(where: { $0.name == optionSet.name }) {
                throw node.error("option set '\(optionSet.name)' is declared twice")
            }
            options.append(optionSet)
        }

        var types: [WrapperType] = []
        for node in try top["types"]!.list() {
            let type = try readType(node, options: options)
            if types.contains(where: { $0.name == type.name }) { throw node.error("type '\(type.name)' is declared twice") }
            types.append(type)
        }
        if types.isEmpty { throw top["types"]!.error("declare at least one type") }

        var calls: [WrapperCall] = []
        for node in try top["calls"]!.list() {
            let call = try readCall(node, types: types, options: options)
            // One entry per name, plus one per overload listed with its labels.
            if calls.contains(where: { $0.type == call.type && $0.name == call.name && $0.labels == call.labels }) {
                throw node.error("'\(call.type).\(call.name)' is described twice")
            }
            calls.append(call)
        }

        var model = WrapperModel(
            library: try top["library"]!.string(), module: try top["module"]!.string(), versions: try top["versions"]!.string(),
            references: references, types: types, options: options, calls: calls,
            defaults: try top["defaults"].map(readDefaults) ?? WrapperDefaults(accessibility: nil, synchronizable: nil))
        if let headersNode = top["headers"] {
            model.headers = try headersNode.strings()
            for header in model.headers where !header.hasSuffix(".h") || header.contains("/") {
                throw headersNode.error("'\(header)' is not a header file name (`Name.h`, without a folder)")
            }
        }
        if let call = calls.first(where: { $0.selector != nil }), model.headers.isEmpty {
            throw top["calls"]!.error("'\(call.type).\(call.name)' names a selector: list the library's Objective-C headers under 'headers'")
        }
        return model
    }

    private static func readReference(_ node: ModelNode) throws -> WrapperReference {
        let keys = try node.mapping(allowed: ["repository", "commit", "note"], required: ["repository", "commit"])
        return WrapperReference(
            repository: try keys["repository"]!.string(), commit: try keys["commit"]!.string(), note: try keys["note"]?.string())
    }

    private static func readType(_ node: ModelNode, options: [WrapperOptionSet]) throws -> WrapperType {
        let keys = try node.mapping(
            allowed: ["name", "initializers", "sharedInstances", "conformance", "properties"], required: ["name"])
        let conformance = try keys["conformance"]?.bool() ?? false
        var properties: [WrapperProperty] = []
        if let propertiesNode = keys["properties"] {
            guard conformance else {
                throw propertiesNode.error("only a type with 'conformance: true' (a protocol the app's types adopt) has properties")
            }
            for (roleName, propertyNode) in try propertiesNode.namedEntries() {
                guard let role = WrapperArgumentRole(rawValue: roleName), role == .accessibility || role == .accessControlFlags else {
                    throw propertyNode.error("unknown property role '\(roleName)' (expected one of: accessibility, accessControlFlags)")
                }
                let property = try propertyNode.mapping(allowed: ["name", "options"], required: ["name", "options"])
                let optionsName = try property["options"]!.string()
                guard let optionSet = options.first(where: { $0.name == optionsName }) else {
                    throw property["options"]!.error("unknown option set '\(optionsName)'")
                }
                let expected: WrapperOptionMeaning = role == .accessibility ? .accessibility : .accessControlFlags
                if optionSet.meaning != expected {
                    throw property["options"]!.error("option set '\(optionsName)' means \(optionSet.meaning.rawValue), not \(expected.rawValue)")
                }
                properties.append(WrapperProperty(role: role, name: try property["name"]!.string(), options: optionsName))
            }
        }
        return WrapperType(
            name: try keys["name"]!.string(), initializers: try keys["initializers"]?.bool() ?? false,
            sharedInstances: try keys["sharedInstances"]?.list().map { try $0.string() } ?? [], conformance: conformance,
            properties: properties)
    }

    private static func readOptionSet(_ node: ModelNode) throws -> WrapperOptionSet {
        let keys = try node.mapping(allowed: ["name", "meaning", "values", "rawValuesAreSecurityBits"], required: ["name", "meaning", "values"])
        let meaningText = try keys["meaning"]!.string()
        guard let meaning = WrapperOptionMeaning(rawValue: meaningText) else {
            throw keys["meaning"]!.error(
                "unknown meaning '\(meaningText)' (expected one of: \(WrapperOptionMeaning.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var values: [String: [String]] = [:]
        for (spelling, valueNode) in try keys["values"]!.namedEntries() {
            let names = try valueNode.strings()
            switch meaning {
            case .accessibility:
                guard names.count == 1, SecItemKeys.accessibilityConstants.contains(names[0]) else {
                    throw valueNode.error("'\(names.joined(separator: ", "))' is not a kSecAttrAccessible… constant")
                }
            case .accessControlFlags:
                for name in names where AccessControlFlag.named(name) == nil || name.hasPrefix("kSec") {
                    throw valueNode.error("'\(name)' is not a SecAccessControlCreateFlags name")
                }
            }
            values[spelling] = names
        }
        if values.isEmpty { throw keys["values"]!.error("list at least one value") }
        let rawBits = try keys["rawValuesAreSecurityBits"]?.bool() ?? false
        if rawBits, meaning != .accessControlFlags {
            throw keys["rawValuesAreSecurityBits"]!.error("only an accessControlFlags option set can have Security's raw values")
        }
        return WrapperOptionSet(name: try keys["name"]!.string(), meaning: meaning, values: values, rawValuesAreSecurityBits: rawBits)
    }

    private static func readCall(_ node: ModelNode, types: [WrapperType], options: [WrapperOptionSet]) throws -> WrapperCall {
        let keys = try node.mapping(
            allowed: ["type", "name", "static", "setter", "labels", "selector", "effect", "returns", "arguments"],
            required: ["type", "name", "effect"])
        let typeName = try keys["type"]!.string()
        guard types.contains(where: { $0.name == typeName }) else {
            throw keys["type"]!.error("unknown type '\(typeName)' (declare it under types)")
        }
        let effectText = try keys["effect"]!.string()
        guard let effect = WrapperCallEffect(rawValue: effectText) else {
            throw keys["effect"]!.error(
                "unknown effect '\(effectText)' (expected one of: \(WrapperCallEffect.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let returns = try keys["returns"]?.string()
        if let returns, !types.contains(where: { $0.name == returns }) {
            throw keys["returns"]!.error("unknown type '\(returns)' (declare it under types)")
        }
        var arguments: [WrapperArgument] = []
        for (roleName, argumentNode) in try keys["arguments"]?.namedEntries() ?? [] {
            guard let role = WrapperArgumentRole(rawValue: roleName) else {
                throw argumentNode.error(
                    "unknown role '\(roleName)' (expected one of: \(WrapperArgumentRole.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            arguments.append(try readArgument(argumentNode, role: role, options: options))
        }
        var call = WrapperCall(
            type: typeName, name: try keys["name"]!.string(), isStatic: try keys["static"]?.bool() ?? false, effect: effect,
            returns: returns, arguments: arguments)
        call.isSetter = try keys["setter"]?.bool() ?? false
        call.labels = try keys["labels"]?.strings()
        call.selector = try keys["selector"]?.string()
        if let selector = call.selector, let node = keys["selector"] {
            try checkSelector(selector, of: call, node: node)
        }
        if call.isSetter {
            guard !call.isStatic, call.name != "init", returns == nil else {
                throw keys["setter"]!.error("a setter is an instance property the app assigns: no 'static', 'returns' or init")
            }
            guard arguments.count == 1, arguments[0].place == .position(0) else {
                throw node.error("a setter has exactly one argument, at position 0: the assigned value")
            }
        }
        return call
    }

    /// A selector is `name` or `piece:piece:`: every argument it places by position is one of its
    /// arguments, every one it places by label is one of its pieces. A setter has none.
    private static func checkSelector(_ selector: String, of call: WrapperCall, node: ModelNode) throws {
        if call.isSetter { throw node.error("a setter needs no selector: its property name is the name (`x.name = …`, `[x setName:…]`)") }
        let pieces = selector.split(separator: ":", omittingEmptySubsequences: false).dropLast(selector.hasSuffix(":") ? 1 : 0)
        let wellFormed = !selector.isEmpty && pieces.allSatisfy { piece in
            !piece.isEmpty && piece.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        } && (selector.hasSuffix(":") || !selector.contains(":"))
        guard wellFormed else { throw node.error("'\(selector)' is not an Objective-C selector (`name` or `piece:piece:`)") }
        let count = selector.filter { $0 == ":" }.count
        for argument in call.arguments {
            switch argument.place {
            case .position(let index) where index >= count:
                throw node.error("'\(selector)' takes \(count) argument\(count == 1 ? "" : "s"): no argument at position \(index)")
            case .label(let label) where !pieces.contains(Substring(label)):
                throw node.error("'\(selector)' has no piece '\(label)' (an argument placed by label is the one after that piece)")
            default:
                break
            }
        }
    }

    private static func readArgument(_ node: ModelNode, role: WrapperArgumentRole, options: [WrapperOptionSet]) throws -> WrapperArgument {
        let keys = try node.mapping(allowed: ["label", "position", "options", "security", "whenTrue"])
        let place: WrapperArgumentPlace
        switch (keys["label"], keys["position"]) {
        case (let label?, nil): place = .label(try label.string())
        case (nil, let position?): place = .position(try position.integer())
        default: throw node.error("give exactly one of 'label' and 'position'")
        }
        let optionsName = try keys["options"]?.string()
        let security = try keys["security"]?.bool() ?? false
        let whenTrue = try keys["whenTrue"]?.strings()
        switch role {
        case .synchronizable, .applicationPassword, .publicKey, .privateKey:
            let what = role == .synchronizable ? "a Bool" : role == .applicationPassword ? "a String" : "a library instance"
            for key in ["options", "security", "whenTrue"] where keys[key] != nil {
                throw keys[key]!.error("\(role == .applicationPassword ? "an" : "a") \(role.rawValue) argument is \(what) and takes no '\(key)'")
            }
        case .accessibility, .accessControlFlags:
            let given = [optionsName != nil, keys["security"] != nil, whenTrue != nil].filter { $0 }.count
            guard given == 1 else {
                throw node.error(
                    given == 0
                        ? "missing key 'options' (the option set this argument takes), 'security: true' (Security's own values) or 'whenTrue' (a Bool meaning fixed flags)"
                        : "give only one of 'options', 'security' and 'whenTrue'")
            }
            if keys["security"] != nil, !security {
                throw keys["security"]!.error("'security' can only be true (leave it out otherwise)")
            }
            if let whenTrue {
                guard role == .accessControlFlags else {
                    throw keys["whenTrue"]!.error("only an accessControlFlags argument can be a Bool meaning fixed flags")
                }
                if whenTrue.isEmpty { throw keys["whenTrue"]!.error("list at least one flag") }
                for name in whenTrue where AccessControlFlag.named(name) == nil || name.hasPrefix("kSec") {
                    throw keys["whenTrue"]!.error("'\(name)' is not a SecAccessControlCreateFlags name")
                }
            }
            if let optionsName {
                guard let optionSet = options.first(where: { $0.name == optionsName }) else {
                    throw keys["options"]!.error("unknown option set '\(optionsName)'")
                }
                let expected: WrapperOptionMeaning = role == .accessibility ? .accessibility : .accessControlFlags
                if optionSet.meaning != expected {
                    throw keys["options"]!.error("option set '\(optionsName)' means \(optionSet.meaning.rawValue), not \(expected.rawValue)")
                }
            }
        }
        return WrapperArgument(role: role, place: place, options: optionsName, security: security, whenTrue: whenTrue)
    }

    private static func readDefaults(_ node: ModelNode) throws -> WrapperDefaults {
        let keys = try node.mapping(allowed: ["accessibility", "synchronizable"])
        let accessibility = try keys["accessibility"]?.string()
        if let accessibility, !SecItemKeys.accessibilityConstants.contains(accessibility) {
            throw keys["accessibility"]!.error("'\(accessibility)' is not a kSecAttrAccessible… constant")
        }
        return WrapperDefaults(accessibility: accessibility, synchronizable: try keys["synchronizable"]?.bool())
    }
}
