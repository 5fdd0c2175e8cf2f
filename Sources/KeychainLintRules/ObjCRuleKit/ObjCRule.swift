import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC
import KeychainLintRuleKit

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
    /// Names the rule is handed wherever they appear as an identifier (`kSecAccessControlTouchIDAny`).
    static var identifiers: [String] { get }
    /// Member names the rule is handed as `base.name` / `base->name` expressions
    /// (`context.touchIDAuthenticationAllowableReuseDuration`).
    static var members: [String] { get }
    /// `calls` and `members` with those of wrapper library models (the built-in ones and those the
    /// configuration declares) the rule judges.
    static func calls(models: [WrapperModel]) -> [String]
    static func members(models: [WrapperModel]) -> [String]
    func check(_ call: ObjCCallSite, in context: ObjCRuleContext)
    /// `expression` is an `.identifier` named in `identifiers`.
    func check(identifier expression: ObjCExpr, in context: ObjCRuleContext)
    /// `expression` is a `.member` named in `members`; `assigned` is the value when it is the
    /// target of an assignment (`x.name = value`).
    func check(member expression: ObjCExpr, assigned: ObjCExpr?, in context: ObjCRuleContext)
}

extension ObjCRule {
    public static var language: SourceLanguage { .objectiveC }

    /// The prefilter's words: a function's name, a selector's first piece (the text a file
    /// with the call must contain).
    public static var interests: [RuleInterest] {
        calls.map { .call(String($0.split(separator: ":").first ?? Substring($0))) }
            + identifiers.map { .identifier($0) } + members.map { .memberAccess($0) }
    }

    public static var calls: [String] { [] }
    public static var identifiers: [String] { [] }
    public static var members: [String] { [] }
    public static func calls(models: [WrapperModel]) -> [String] { calls }
    public static func members(models: [WrapperModel]) -> [String] { members }
    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {}
    public func check(identifier expression: ObjCExpr, in context: ObjCRuleContext) {}
    public func check(member expression: ObjCExpr, assigned: ObjCExpr?, in context: ObjCRuleContext) {}
}
