import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC

/// A rule of the Objective-C front end. It is a `Rule` like any other to the registry, the
/// configuration, `explain`, the reporters and the example tests; the engine hands it the
/// Objective-C calls it names instead of Swift syntax.
///
/// Its judgement is the Swift rule's (the same `AccessControlFlagSet`, `KeychainQuery`, the same
/// static judging functions), given values the Objective-C resolver computed, and worded with C
/// spellings (`kSecAccessControlBiometryAny`).
public protocol ObjCRule: Rule {
    /// The calls the rule is handed: C functions by name (`SecAccessControlCreateWithFlags`),
    /// message sends by selector (`setCredential:type:`).
    static var calls: [String] { get }
    func check(_ call: ObjCCallSite, in context: ObjCRuleContext)
}

extension ObjCRule {
    public static var language: SourceLanguage { .objectiveC }

    /// The prefilter's words: a function's name, a selector's first piece (the text a file
    /// with the call must contain).
    public static var interests: [SyntaxInterest] {
        calls.map { .call(String($0.split(separator: ":").first ?? Substring($0))) }
    }

    /// Swift syntax is never handed to an Objective-C rule.
    public func check(_ input: RuleInput, in context: RuleContext) {}
}
