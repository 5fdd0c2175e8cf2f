import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// What the Objective-C front end answers about the Keychain stores of a file: where it first
/// stores a protected item, the application-password items it adds, and whether it may avoid a prompt.
///
/// The Objective-C resolver answers within one file, so these answers are per file: the
/// findings of a file then depend only on its own text (and on the scan-wide facts of the Swift
/// files, which the result cache tracks), never on another Objective-C file it cannot see.
enum ObjCStoredQueries {
    /// Where this file first stores an item or key with `kSecAttrAccessControl` (by call name in
    /// `BroadQueryWithoutUISkipJudgement.storingCalls` order, then position), or nil.
    static func firstProtectedStore(in context: ObjCRuleContext, matching searched: String?) -> ValueLocation? {
        let calls = context.tree.calls
        for name in BroadQueryWithoutUISkipJudgement.storingCalls {
            for call in calls where call.name == name && call.kind == .function {
                // SecItemAdd's dictionary is the whole item (its `kSecClass`); a key's class is known.
                for (dictionary, _, _) in KeychainDictionaries.stored(by: ProgramCall(call), in: context, noting: false) {
                    let itemClass = BroadQueryWithoutUISkipJudgement.storedClass(dictionary, storedBy: name)
                    guard BroadQueryWithoutUISkipJudgement.mayMatch(searched: searched, stored: itemClass) else { continue }
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
}
