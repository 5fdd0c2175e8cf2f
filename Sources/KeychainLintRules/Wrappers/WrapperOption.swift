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

    /// Reads a resolved value as a member of `optionSet`. A member of another type
    /// (`RefreshPolicy.always`), an unknown case or a value that is not an option gives nil.
    static func read(_ value: Value, as optionSet: WrapperOptionSet, of model: WrapperModel) -> WrapperOption? {
        switch optionSet.meaning {
        case .accessibility:
            guard let name = caseName(value, optionSet, model), let constant = optionSet.values[name]?.first else { return nil }
            return WrapperOption(spelling: "." + name, accessibility: constant, flags: nil)
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
                spelled.append("." + name)
            }
            guard !spelled.isEmpty, let flags = AccessControlFlagSet.interpret(.array(securityMembers)) else { return nil }
            let spelling = spelled.count == 1 && !isArray(value) ? spelled[0] : "[" + spelled.joined(separator: ", ") + "]"
            return WrapperOption(spelling: spelling, accessibility: nil, flags: flags)
        }
    }

    /// `.always`, `Accessibility.always`, `KeychainAccess.Accessibility.always` → "always".
    private static func caseName(_ value: Value, _ optionSet: WrapperOptionSet, _ model: WrapperModel) -> String? {
        guard case .member(let name, let type) = value, type == nil || names(optionSet, model).contains(type!),
            optionSet.values[name] != nil
        else { return nil }
        return name
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
