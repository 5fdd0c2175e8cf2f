import KeychainLintModel

/// Writes the built-in wrapper models as Swift values (`GeneratedBuiltInModels.swift`): each
/// value spelled with its type's initializer, dictionaries in key order, so the same models
/// always give the same text.
enum WrapperModelSwiftSource {
    static func file(_ models: [WrapperModel]) -> String {
        var lines = [
            "// Generated from the YAML models in BuiltIn/ (WrapperModelCatalog.builtInSources): do not edit.",
            "// After changing a model: KEYCHAIN_LINT_REGENERATE_MODELS=1 swift test --filter WrapperModelTests",
            "",
            "extension WrapperModelCatalog {",
            "    static let generatedBuiltIn: [WrapperModel] = [",
        ]
        for model in models { lines.append(indent(self.model(model), by: 8) + ",") }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    private static func model(_ model: WrapperModel) -> String {
        precondition(!model.isDeclaredInConfiguration, "a built-in model is not declared in a configuration")
        return call("WrapperModel", [
            ("library", string(model.library)),
            ("module", string(model.module)),
            ("versions", string(model.versions)),
            ("references", list(model.references.map(reference))),
            ("types", list(model.types.map(type))),
            ("options", list(model.options.map(optionSet))),
            ("calls", list(model.calls.map(call))),
            ("defaults", call("WrapperDefaults", [
                ("accessibility", optional(model.defaults.accessibility, string)),
                ("synchronizable", optional(model.defaults.synchronizable) { "\($0)" }),
            ])),
            ("headers", strings(model.headers)),
        ])
    }

    private static func reference(_ reference: WrapperReference) -> String {
        call("WrapperReference", [
            ("repository", string(reference.repository)), ("commit", string(reference.commit)),
            ("note", optional(reference.note, string)),
        ])
    }

    private static func type(_ type: WrapperType) -> String {
        call("WrapperType", [
            ("name", string(type.name)), ("initializers", "\(type.initializers)"), ("sharedInstances", strings(type.sharedInstances)),
            ("conformance", "\(type.conformance)"),
            ("properties", list(type.properties.map { property in
                call("WrapperProperty", [
                    ("role", "." + property.role.rawValue), ("name", string(property.name)), ("options", string(property.options)),
                ])
            })),
        ])
    }

    private static func optionSet(_ options: WrapperOptionSet) -> String {
        let values = options.values.keys.sorted().map { "\(string($0)): \(strings(options.values[$0]!))" }
        return call("WrapperOptionSet", [
            ("name", string(options.name)), ("meaning", "." + options.meaning.rawValue),
            ("values", values.isEmpty ? "[:]" : list(values)),
            ("rawValuesAreSecurityBits", "\(options.rawValuesAreSecurityBits)"),
        ])
    }

    private static func call(_ call: WrapperCall) -> String {
        self.call("WrapperCall", [
            ("type", string(call.type)), ("name", string(call.name)), ("isStatic", "\(call.isStatic)"), ("isSetter", "\(call.isSetter)"),
            ("labels", optional(call.labels, strings)), ("selector", optional(call.selector, string)),
            ("effect", "." + call.effect.rawValue), ("returns", optional(call.returns, string)),
            ("arguments", list(call.arguments.map(argument))),
        ])
    }

    private static func argument(_ argument: WrapperArgument) -> String {
        let place = switch argument.place {
        case .label(let label): ".label(\(string(label)))"
        case .position(let position): ".position(\(position))"
        }
        return call("WrapperArgument", [
            ("role", "." + argument.role.rawValue), ("place", place), ("options", optional(argument.options, string)),
            ("security", "\(argument.security)"), ("whenTrue", optional(argument.whenTrue, strings)),
        ])
    }

    // MARK: - Spelling

    /// `Name(label: value, …)`, one argument a line when any is long.
    private static func call(_ name: String, _ arguments: [(label: String, value: String)]) -> String {
        let parts = arguments.map { "\($0.label): \($0.value)" }
        let flat = "\(name)(\(parts.joined(separator: ", ")))"
        if flat.count <= 100 && !flat.contains("\n") { return flat }
        return "\(name)(\n" + parts.map { indent($0, by: 4) }.joined(separator: ",\n") + "\n)"
    }

    private static func list(_ items: [String]) -> String {
        if items.isEmpty { return "[]" }
        let flat = "[\(items.joined(separator: ", "))]"
        if flat.count <= 100 && !flat.contains("\n") { return flat }
        return "[\n" + items.map { indent($0, by: 4) + "," }.joined(separator: "\n") + "\n]"
    }

    private static func strings(_ items: [String]) -> String { list(items.map(string)) }

    private static func optional<T>(_ value: T?, _ spell: (T) -> String) -> String {
        value.map(spell) ?? "nil"
    }

    private static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func indent(_ text: String, by spaces: Int) -> String {
        let padding = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { padding + $0 }.joined(separator: "\n")
    }
}
