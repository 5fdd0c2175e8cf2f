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
    /// Judges what the Swift front end hands over besides `calls` (`swiftInterests`): the
    /// check's part that is about Swift code only, such as a Swift wrapper library's options.
    func checkSwift(_ input: RuleInput, in context: RuleContext)
}

extension Check {
    public static var swiftInterests: [RuleInterest] { [] }
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] { swiftInterests }
    public static var prefilterCompanions: [String: PrefilterCompanions] { [:] }
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {}

    /// The call of `calls` that `call` is, if any.
    static func isChecked(_ call: ProgramCall) -> Bool {
        calls.contains { $0.matches(call) }
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
        Checked.calls.map { .call($0.name(in: .swift)) } + Checked.swiftInterests
    }

    public static func interests(models: [WrapperModel]) -> [RuleInterest] {
        Checked.calls.map { .call($0.name(in: .swift)) } + Checked.swiftInterests(models: models)
    }

    public static var prefilterCompanions: [String: PrefilterCompanions] { Checked.prefilterCompanions }

    public func check(_ input: RuleInput, in context: RuleContext) {
        if case .call(let swiftCall) = input, let call = ProgramCall(swiftCall), Checked.isChecked(call) {
            check.check(call, in: context)
        } else {
            check.checkSwift(input, in: context)
        }
    }
}

/// A check's Objective-C rule: the Objective-C front end hands it calls of the check's `calls`.
public struct ObjCRuleOf<Checked: Check>: ObjCRule {
    let check: Checked

    public init(options: [String: ConfigValue]) {
        check = Checked(options: options)
    }

    public static var description: RuleDescription { Checked.objectiveCRule }

    public static var calls: [String] { Checked.calls.map { $0.name(in: .objectiveC) } }

    public static var prefilterCompanions: [String: PrefilterCompanions] { Checked.prefilterCompanions }

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        let call = ProgramCall(call)
        guard Checked.isChecked(call) else { return }
        check.check(call, in: context)
    }
}
