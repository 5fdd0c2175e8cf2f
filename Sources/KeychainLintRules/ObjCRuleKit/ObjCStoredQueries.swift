import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// What the Objective-C query rules ask of a file's Keychain calls: the dictionaries a call
/// stores, in the Swift rules' words for them, and the protected items the file adds.
///
/// The Objective-C resolver answers within one file, so these answers are per file: the
/// findings of a file then depend only on its own text (and on the scan-wide facts of the Swift
/// files, which the result cache tracks), never on another Objective-C file it cannot see.
enum ObjCStoredQueries {
    /// The dictionary argument Security stores, with the words messages use for it: the query of
    /// `SecItemAdd`, the attributes to update of `SecItemUpdate` (its first dictionary only selects
    /// items), the attributes of `SecKeyCreateRandomKey`.
    static func storedArgument(of call: ObjCCallSite) -> (expression: ObjCExpr, role: String)? {
        guard call.kind == .function else { return nil }
        switch call.name {
        case "SecItemAdd", "SecKeyCreateRandomKey":
            guard let first = call.arguments.first else { return nil }
            return (first.value, call.name == "SecItemAdd" ? "the query passed to SecItemAdd" : "the attributes passed to SecKeyCreateRandomKey")
        case "SecItemUpdate":
            guard call.arguments.count > 1 else { return nil }
            return (call.arguments[1].value, "the attributes passed to SecItemUpdate")
        default:
            return nil
        }
    }

    /// Every dictionary Security applies for a storing call, over the possible values of its
    /// argument: the dictionary itself, or for `SecKeyCreateRandomKey` the attributes of each key
    /// of the pair (`QueryRuleSupport.effectiveDictionaries`). Gaps are noted when none is known.
    static func storedDictionaries(of call: ObjCCallSite, in context: ObjCRuleContext, noting: Bool = true)
        -> [(query: KeychainQuery, role: String)]
    {
        guard let (argument, role) = storedArgument(of: call) else { return [] }
        let (queries, gaps) = context.queries(argument)
        if queries.isEmpty, noting { context.noteGaps(Resolution(gaps: gaps), asking: "dictionary in \(role)") }
        return queries.flatMap { QueryRuleSupport.effectiveDictionaries($0, role: role, callName: call.name) }
    }

    /// Where this file first stores an item or key with `kSecAttrAccessControl` (by call name in
    /// `BroadQueryWithoutUISkipJudgement.storingCalls` order, then position), or nil.
    static func firstProtectedStore(in context: ObjCRuleContext) -> ValueLocation? {
        let calls = context.tree.calls
        for name in BroadQueryWithoutUISkipJudgement.storingCalls {
            for call in calls where call.name == name && call.kind == .function {
                for (dictionary, _) in storedDictionaries(of: call, in: context, noting: false) {
                    if let entry = dictionary.entry("kSecAttrAccessControl") {
                        return entry.location ?? context.resolver.location(call.range)
                    }
                }
            }
        }
        return nil
    }

    /// The items this file's `SecItemAdd` calls store with an access control created with
    /// `kSecAccessControlApplicationPassword`, identified by literal service, server or account
    /// strings, through `ApplicationPasswordQueryMissingContextJudgement.protectedItems(in:callLocation:)`
    /// as the Swift rule.
    static func applicationPasswordItems(in context: ObjCRuleContext) -> [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem] {
        var items: [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem] = []
        for call in context.tree.calls where call.name == "SecItemAdd" && call.kind == .function {
            guard let argument = call.arguments.first?.value else { continue }
            items += ApplicationPasswordQueryMissingContextJudgement.protectedItems(
                in: context.queries(argument).queries, callLocation: context.resolver.location(call.range))
        }
        return items
    }

    /// Whether this file tells a context not to interact or evaluates a policy: then a query's
    /// `kSecUseAuthenticationContext` may not prompt. The context's value is not followed.
    static func mayAvoidPrompt(in context: ObjCRuleContext) -> Bool {
        context.tree.tokens.contains { token in
            token.kind == .identifier
                && ["interactionNotAllowed", "setInteractionNotAllowed", "evaluatePolicy"].contains(token.text)
        }
    }

    /// " (via …)" when the dictionary's path stays in the calling body (locals, branches, steps):
    /// a dictionary from a helper of the file may reach several calls, and its finding (at the
    /// helper's entry) keeps one message for all of them.
    static func localTrace(_ trace: [TraceStep], in context: ObjCRuleContext) -> String {
        QueryJudgement.isLocal(trace) ? context.describeTrace(trace) : ""
    }
}
