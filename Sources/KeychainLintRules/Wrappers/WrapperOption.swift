import KeychainLintAnalysis
import KeychainLintModel

/// A library option value read through its model: how the library spells it and what Security
/// receives for it. The rules judge the Security side with the same logic as for raw calls.
struct WrapperOption: Hashable {
    /// As the library spells it: `.always`, `[.biometryAny, .or, .devicePasscode]`, `.init(rawValue: 2)`.
    let spelling: String
    /// The `kSecAttrAccessible…` constant, for an accessibility option.
    let accessibility: String?
    /// The flags, for an access-control option.
    let flags: AccessControlFlagSet?

    /// Reads a resolved value as what `argument` takes: a member of its option set, Security's own
    /// value, or a Bool meaning fixed flags. Nil when the value is none of these (or `false`).
    static func read(_ value: Value, for argument: WrapperArgument, of model: WrapperModel) -> WrapperOption? {
        if let flagNames = argument.whenTrue {
            guard case .bool(true) = value,
                let flags = AccessControlFlagSet.interpret(.array(flagNames.map { .member($0, type: nil) }))
            else { return nil }
            return WrapperOption(spelling: "true", accessibility: nil, flags: flags)
        }
        if argument.security {
            switch argument.role {
            case .accessibility:
                guard let constant = SecItemKeys.accessibilityName(value) else { return nil }
                if case .string(let raw) = value { return WrapperOption(spelling: "\"\(raw)\"", accessibility: constant, flags: nil) }
                return WrapperOption(spelling: constant, accessibility: constant, flags: nil)
            case .accessControlFlags:
                guard let flags = AccessControlFlagSet.interpret(value) else { return nil }
                return WrapperOption(spelling: flags.swiftDescription, accessibility: nil, flags: flags)
            case .synchronizable, .applicationPassword, .publicKey, .privateKey:
                return nil
            }
        }
        guard let name = argument.options, let optionSet = model.optionSet(named: name) else { return nil }
        return read(value, as: optionSet, of: model)
    }

    /// Reads a resolved value as a member of `optionSet`. A member of another type
    /// (`RefreshPolicy.always`), an unknown case or a value that is not an option gives nil.
    static func read(_ value: Value, as optionSet: WrapperOptionSet, of model: WrapperModel) -> WrapperOption? {
        switch optionSet.meaning {
        case .accessibility:
            guard let name = caseName(value, optionSet, model), let constant = optionSet.values[name]?.first else { return nil }
            return WrapperOption(spelling: spelling(of: name, as: value), accessibility: constant, flags: nil)
        case .accessControlFlags:
            // An option set: one member, an array literal of members, or a raw value.
            var securityMembers: [Value] = []
            var spelled: [String] = []
            for element in value.setElements {
                if case .rawValue(let raw, let type) = element, optionSet.rawValuesAreSecurityBits, raw >= 0,
                    type == nil || names(optionSet, model).contains(type!)
                {
                    securityMembers.append(.rawValue(raw, type: nil))
                    spelled.append(".init(rawValue: \(raw))")
                    continue
                }
                guard let name = caseName(element, optionSet, model), let flags = optionSet.values[name] else { return nil }
                securityMembers += flags.map { .member($0, type: nil) }
                spelled.append(spelling(of: name, as: element))
            }
            guard !spelled.isEmpty, let flags = AccessControlFlagSet.interpret(.array(securityMembers)) else { return nil }
            // Objective-C ORs its constants: `A | B`; Swift writes an array literal.
            let objectiveC = value.setElements.contains { if case .symbol = $0 { true } else { false } }
            let spelling =
                spelled.count == 1 && !isArray(value) || spelled.count == 1 && objectiveC ? spelled[0]
                : objectiveC ? spelled.joined(separator: " | ") : "[" + spelled.joined(separator: ", ") + "]"
            return WrapperOption(spelling: spelling, accessibility: nil, flags: flags)
        }
    }

    /// `.always`, `Accessibility.always`, `KeychainAccess.Accessibility.always` → "always"; in
    /// Objective-C, the enumeration's constant `UICKeyChainStoreAccessibilityAlways` → "always".
    private static func caseName(_ value: Value, _ optionSet: WrapperOptionSet, _ model: WrapperModel) -> String? {
        if case .symbol(let constant) = value, constant.hasPrefix(optionSet.name) {
            return optionSet.values.keys.first { WrapperModel.objectiveCSpelling(of: $0, in: optionSet.name) == constant }
        }
        guard case .member(let name, let type) = value, type == nil || names(optionSet, model).contains(type!),
            optionSet.values[name] != nil
        else { return nil }
        return name
    }

    /// `.always` as Swift writes it, or the Objective-C constant as written.
    private static func spelling(of name: String, as value: Value) -> String {
        if case .symbol(let constant) = value { return constant }
        return "." + name
    }

    /// The ways a program names the option set's type.
    private static func names(_ optionSet: WrapperOptionSet, _ model: WrapperModel) -> [String] {
        [optionSet.name, model.module + "." + optionSet.name]
    }

    private static func isArray(_ value: Value) -> Bool {
        if case .array = value { return true }
        return false
    }
}
