import KeychainLintCore
import KeychainLintRuleKit

/// Every rule keychain-lint knows, in the order `rules` lists them. Rules are grouped by area;
/// each group lives beside its rules and lists the checks whose Swift rules (`SwiftRuleOf`) or
/// Objective-C rules (`ObjCRuleOf`) it holds.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = registered.map(\.type)

    /// Each rule with its language's protocol, known from how it was listed rather than found by
    /// a dynamic cast: the first cast of a type to a protocol scans every conformance record of
    /// the binary.
    static let registered: [RegisteredRule] = {
        let swiftChecks: [any Check.Type] =
            [WeakBiometricACLRule.self] + RuleGroups.accessControl + RuleGroups.queries + RuleGroups.authentication + RuleGroups.project
        return swiftChecks.map { RegisteredRule.swiftRule(of: $0) }
            + [RegisteredRule(swift: InvalidSuppressionRule.self)]
            + RuleGroups.objectiveC.map { RegisteredRule.objectiveCRule(of: $0) }
    }()

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    /// The ids a configuration, a suppression or a rule filter may name: every rule's id and
    /// every check's language-neutral id (`weak_biometric_acl`).
    public static let ruleIds: Set<String> = Set(all.map { $0.description.id } + all.map { $0.description.checkId })

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// `type` as a Swift rule, or nil when it is another language's (a dynamic cast only for a
    /// type the registry does not list).
    public static func swiftRule(_ type: any Rule.Type) -> (any SwiftRule.Type)? {
        if let known = registered(type) { return known.swift }
        return type as? any SwiftRule.Type
    }

    /// `type` as an Objective-C rule, or nil when it is another language's.
    public static func objectiveCRule(_ type: any Rule.Type) -> (any ObjCRule.Type)? {
        if let known = registered(type) { return known.objectiveC }
        return type as? any ObjCRule.Type
    }

    /// A search of the few dozen rules rather than a dictionary keyed by `ObjectIdentifier`: the
    /// first dictionary of a key type makes the runtime look up the key's conformance to
    /// `Hashable`, a scan of every conformance record.
    private static func registered(_ type: any Rule.Type) -> RegisteredRule? {
        let identifier = ObjectIdentifier(type)
        return registered.first { ObjectIdentifier($0.type) == identifier }
    }
}

/// Namespace for the rule groups (each declared in its own file under Rules/).
public enum RuleGroups {}

/// A registered rule type and its language's rule protocol.
struct RegisteredRule {
    let type: any Rule.Type
    let swift: (any SwiftRule.Type)?
    let objectiveC: (any ObjCRule.Type)?

    init(swift: any SwiftRule.Type) {
        type = swift
        self.swift = swift
        objectiveC = nil
    }

    init(objectiveC: any ObjCRule.Type) {
        type = objectiveC
        swift = nil
        self.objectiveC = objectiveC
    }

    // The adapters are made in generic bodies that are never specialized: such a body is handed
    // the check's conformance and instantiates `SwiftRuleOf<Checked>` from it. Specialized for a
    // check, the body would name the adapter by its mangled name, which the runtime resolves by
    // looking up `Checked: Check` in every conformance record of the binary, once per check (a
    // tenth of the start of a process).

    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    static func swiftRule<Checked: Check>(of check: Checked.Type) -> RegisteredRule {
        RegisteredRule(swift: SwiftRuleOf<Checked>.self)
    }

    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    static func objectiveCRule<Checked: Check>(of check: Checked.Type) -> RegisteredRule {
        RegisteredRule(objectiveC: ObjCRuleOf<Checked>.self)
    }
}
