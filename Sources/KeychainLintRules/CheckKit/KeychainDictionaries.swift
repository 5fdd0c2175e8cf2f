import KeychainLintModel
import KeychainLintRuleKit

/// The dictionaries of the Keychain calls of any language, in the words messages use for them.
enum KeychainDictionaries {
    /// One dictionary argument of a Keychain call.
    struct Argument {
        var expression: ProgramExpression
        /// "the query passed to SecItemAdd", "the attributes passed to SecItemUpdate".
        var role: String
        /// True when Security stores what the dictionary says (add, update's attributes, key creation),
        /// false when it only searches (copy, delete, update's query).
        var stores: Bool
    }

    /// The Keychain calls whose dictionaries `arguments(of:)` knows.
    static let calls = ["SecItemAdd", "SecItemUpdate", "SecItemCopyMatching", "SecItemDelete", "SecKeyCreateRandomKey"]

    /// The dictionary arguments of `SecItemAdd`, `SecItemUpdate` (both), `SecItemCopyMatching`,
    /// `SecItemDelete` and `SecKeyCreateRandomKey`.
    static func arguments(of call: ProgramCall) -> [Argument] {
        guard call.kind == .function else { return [] }
        let name = call.name
        switch name {
        case "SecItemAdd", "SecItemCopyMatching", "SecItemDelete":
            guard let first = call.argument(0) else { return [] }
            return [Argument(expression: first, role: "the query passed to \(name)", stores: name == "SecItemAdd")]
        case "SecItemUpdate":
            var result: [Argument] = []
            if let query = call.argument(0) {
                result.append(Argument(expression: query, role: "the query passed to SecItemUpdate", stores: false))
            }
            if let attributes = call.argument(1) {
                result.append(Argument(expression: attributes, role: "the attributes passed to SecItemUpdate", stores: true))
            }
            return result
        case "SecKeyCreateRandomKey":
            guard let first = call.argument(0) else { return [] }
            return [Argument(expression: first, role: "the attributes passed to SecKeyCreateRandomKey", stores: true)]
        default:
            return []
        }
    }

    /// Every dictionary Security applies for the arguments of `call` that it stores, over their
    /// possible values (`effectiveDictionaries`), each with the words for it. Where no dictionary
    /// is known, where resolution stopped is noted (unless `noting` is false).
    static func stored(by call: ProgramCall, in context: some CheckContext, noting: Bool = true)
        -> [(query: KeychainQuery, role: String, argument: ProgramExpression)]
    {
        var result: [(query: KeychainQuery, role: String, argument: ProgramExpression)] = []
        for argument in arguments(of: call) where argument.stores {
            let (queries, gaps) = context.queries(argument.expression)
            if queries.isEmpty, noting { context.noteGaps(Resolution(gaps: gaps), asking: "dictionary in \(argument.role)") }
            for query in queries {
                for (dictionary, role) in effectiveDictionaries(query, role: argument.role, callName: call.name) {
                    result.append((dictionary, role, argument.expression))
                }
            }
        }
        return result
    }

    /// The dictionaries Security applies for one resolved argument: the query itself, and for
    /// `SecKeyCreateRandomKey` the attributes of each key of the pair (top level with
    /// `kSecPrivateKeyAttrs`/`kSecPublicKeyAttrs` over it), each with the words for it.
    static func effectiveDictionaries(_ query: KeychainQuery, role: String, callName: String) -> [(query: KeychainQuery, role: String)] {
        guard callName == "SecKeyCreateRandomKey" else { return [(query, role)] }
        var result: [(KeychainQuery, String)] = []
        if let privateAttributes = query.keyAttributes("kSecPrivateKeyAttrs") {
            result.append((privateAttributes, "the private key attributes of SecKeyCreateRandomKey"))
        }
        if let publicAttributes = query.keyAttributes("kSecPublicKeyAttrs") {
            result.append((publicAttributes, "the public key attributes of SecKeyCreateRandomKey"))
        }
        if result.isEmpty { result.append((query, role)) }
        return result
    }

    /// " (via …)" when the dictionary's path stays in the calling body (locals, branches, steps):
    /// a dictionary from a helper may reach several calls, and its finding (at the helper's
    /// entry) keeps one message for all of them.
    static func localTrace(_ trace: [TraceStep], in context: some CheckContext) -> String {
        QueryJudgement.isLocal(trace) ? context.describeTrace(trace) : ""
    }
}
