import KeychainLintCore
import KeychainLintObjC
import KeychainLintModel
import KeychainLintRuleKit

/// One check, written once for every language keychain-lint reads: its rule in each language
/// (`swift.weak_biometric_acl`, `objc.weak_biometric_acl`: the description, documentation and
/// examples of each), the calls it judges, and one implementation that judges a call whatever
/// the language. The registry lists a check's rules as `SwiftRuleOf<Check>` and `ObjCRuleOf<Check>`;
/// configuration, `explain`, the reporters and the example tests see two rules as before.
public protocol Check: Sendable {
    /// The Swift rule (`swift.` id).
    static var swiftRule: RuleDescription { get }
    /// The Objective-C rule (`objc.` id): `RuleDescription.objectiveC(of: swiftRule, …)`.
    static var objectiveCRule: RuleDescription { get }
    /// The calls `check(_:in:)` is handed, in every language.
    static var calls: [CheckedCall] { get }
    /// The properties and identifiers `check(property:in:)` and `check(identifier:in:)` are
    /// handed, in every language.
    static var names: [CheckedName] { get }
    /// What the Swift front end hands the check besides `calls`: calls of wrapper libraries,
    /// member accesses, identifiers (judged by `checkSwift`).
    static var swiftInterests: [RuleInterest] { get }
    /// `swiftInterests` with the calls of wrapper models the configuration declares.
    static func swiftInterests(models: [WrapperModel]) -> [RuleInterest]
    /// Common interest words that need a companion to let a file through the prefilter.
    static var prefilterCompanions: [String: PrefilterCompanions] { get }
    /// `options` are the effective options (defaults merged with the configuration); the same
    /// in every language.
    init(options: [String: ConfigValue])
    /// Judges one call of `calls`.
    func check(_ call: ProgramCall, in context: some CheckContext)
    /// Judges one read or setting of a property of `names`.
    func check(property: ProgramMemberAccess, in context: some CheckContext)
    /// Judges one use of an identifier of `names`.
    func check(identifier: ProgramIdentifier, in context: some CheckContext)
    /// Judges what the Swift front end hands over besides `calls` (`swiftInterests`): the
    /// check's part that is about Swift code only, such as a Swift wrapper library's options.
    func checkSwift(_ input: RuleInput, in context: RuleContext)
    /// The roles of wrapper library arguments the check judges in every language
    /// (`check(wrapper:in:)`): the Objective-C front end hands it the messages and property
    /// settings of modelled libraries with an Objective-C API that carry one of them.
    static var wrapperRoles: Set<WrapperArgumentRole> { get }
    /// Judges one setting a modelled wrapper library's call makes (`ProgramWrapperSetting`).
    func check(wrapper setting: ProgramWrapperSetting, in context: some CheckContext)
}

extension Check {
    public static var names: [CheckedName] { [] }
    public func check(property: ProgramMemberAccess, in context: some CheckContext) {}
    public func check(identifier: ProgramIdentifier, in context: some CheckContext) {}
    public static var swiftInterests: [RuleInterest] { [] }
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] { swiftInterests }
    public static var prefilterCompanions: [String: PrefilterCompanions] { [:] }
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {}
    public static var wrapperRoles: Set<WrapperArgumentRole> { [] }
    public func check(wrapper setting: ProgramWrapperSetting, in context: some CheckContext) {}

    /// The call of `calls` that `call` is, if any.
    static func isChecked(_ call: ProgramCall) -> Bool {
        calls.contains { $0.matches(call) }
    }

    /// The properties of `names`.
    static var properties: [String] {
        names.compactMap { if case .property(let name) = $0 { name } else { nil } }
    }

    /// The identifiers of `names`.
    static var identifiers: [String] {
        names.compactMap { if case .identifier(let name) = $0 { name } else { nil } }
    }

    /// What the Swift front end is asked to hand over for `names`.
    static var nameInterests: [RuleInterest] {
        names.map { name in
            switch name {
            case .property(let name): .memberAccess(name)
            case .identifier(let name): .identifier(name)
            }
        }
    }
}

/// A check's Swift rule: the Swift front end hands it calls of the check's `calls` and its
/// `swiftInterests`.
public struct SwiftRuleOf<Checked: Check>: SwiftRule {
    let check: Checked

    public init(options: [String: ConfigValue]) {
        check = Checked(options: options)
    }

    public static var description: RuleDescription { Checked.swiftRule }

    public static var interests: [RuleInterest] {
        Checked.calls.map { .call($0.name(in: .swift)) } + Checked.nameInterests + Checked.swiftInterests
    }

    public static func interests(models: [WrapperModel]) -> [RuleInterest] {
        Checked.calls.map { .call($0.name(in: .swift)) } + Checked.nameInterests + Checked.swiftInterests(models: models)
    }

    /// The check's own, and those of wrapper libraries' common words (`WrapperInterests.commonWordCompanions`).
    public static var prefilterCompanions: [String: PrefilterCompanions] {
        Checked.prefilterCompanions.merging(WrapperInterests.commonWordCompanions) { own, _ in own }
    }

    public func check(_ input: RuleInput, in context: RuleContext) {
        switch input {
        case .call(let swiftCall):
            if let call = ProgramCall(swiftCall), Checked.isChecked(call) { return check.check(call, in: context) }
        case .memberAccess(let member) where Checked.properties.contains(member.name):
            if let access = ProgramMemberAccess(member) { return check.check(property: access, in: context) }
        case .identifier(let identifier) where Checked.identifiers.contains(identifier.name):
            return check.check(identifier: ProgramIdentifier(identifier), in: context)
        default:
            break
        }
        check.checkSwift(input, in: context)
    }
}

/// A check's Objective-C rule: the Objective-C front end hands it calls of the check's `calls`.
public struct ObjCRuleOf<Checked: Check>: ObjCRule {
    let check: Checked

    public init(options: [String: ConfigValue]) {
        check = Checked(options: options)
    }

    public static var description: RuleDescription { Checked.objectiveCRule }

    /// The checked calls, and the accessor messages of the checked properties (`[base name]`,
    /// `[base setName:value]`), which are handed over as property accesses.
    public static var calls: [String] {
        Checked.calls.map { $0.name(in: .objectiveC) } + Checked.properties.flatMap(ProgramMemberAccess.accessorSelectors)
    }

    public static var members: [String] { Checked.properties }

    /// With the messages and property settings of wrapper libraries (built-in and declared in the
    /// configuration) that carry an argument of the check's `wrapperRoles`.
    public static func calls(models: [WrapperModel]) -> [String] {
        calls + ObjCWrapperCalls.selectors(for: Checked.wrapperRoles, models: models).filter { !calls.contains($0) }
    }

    public static func members(models: [WrapperModel]) -> [String] {
        members + ObjCWrapperCalls.setters(for: Checked.wrapperRoles, models: models).filter { !members.contains($0) }
    }

    public static func interests(models: [WrapperModel]) -> [RuleInterest] {
        let base = interests
        let added = calls(models: models).map { RuleInterest.call(String($0.split(separator: ":").first ?? Substring($0))) }
            + members(models: models).map { RuleInterest.memberAccess($0) }
        var result = base
        for interest in added where !result.contains(interest) { result.append(interest) }
        return result
    }
    public static var identifiers: [String] { Checked.identifiers }

    /// The check's own, and those of wrapper libraries' common words (`WrapperInterests.commonWordCompanions`).
    public static var prefilterCompanions: [String: PrefilterCompanions] {
        Checked.prefilterCompanions.merging(WrapperInterests.commonWordCompanions) { own, _ in own }
    }

    public func check(_ site: ObjCCallSite, in context: ObjCRuleContext) {
        let call = ProgramCall(site)
        if Checked.isChecked(call) { return check.check(call, in: context) }
        if let access = ProgramMemberAccess(accessor: site, properties: Checked.properties) {
            return check.check(property: access, in: context)
        }
        for role in Checked.wrapperRoles.sorted(by: { $0.rawValue < $1.rawValue }) {
            if let setting = context.wrapperSetting(of: call, role: role) { check.check(wrapper: setting, in: context) }
        }
    }

    public func check(member expression: ObjCExpr, assigned: ObjCExpr?, in context: ObjCRuleContext) {
        guard let access = ProgramMemberAccess(expression, assigned: assigned) else { return }
        if Checked.properties.contains(access.name) { return check.check(property: access, in: context) }
        guard access.setting != nil else { return }
        for role in Checked.wrapperRoles.sorted(by: { $0.rawValue < $1.rawValue }) {
            if let setting = context.wrapperSetting(of: access, role: role) { check.check(wrapper: setting, in: context) }
        }
    }

    public func check(identifier expression: ObjCExpr, in context: ObjCRuleContext) {
        guard let name = expression.identifierName, Checked.identifiers.contains(name) else { return }
        check.check(identifier: ProgramIdentifier(name: name, expression: .objectiveC(expression), language: .objectiveC), in: context)
    }
}
