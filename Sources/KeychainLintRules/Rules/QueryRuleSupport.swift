import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintRuleKit

/// Small questions the query rules share (RuleGroups.queries).
enum QueryRuleSupport {
    /// One dictionary argument of a Keychain call, with the words messages use for it.
    struct DictionaryArgument {
        var expression: SwiftExpression
        /// "the query passed to SecItemAdd", "the attributes passed to SecItemUpdate".
        var role: String
        /// True when Security stores what the dictionary says (add, update's attributes, key creation),
        /// false when it only searches (copy, delete, update's query).
        var stores: Bool
    }

    /// The free call `name(…)` (not a method of the same name) when `name` is in `names`.
    static func freeCall(_ input: RuleInput, named names: Set<String>) -> (call: SwiftCall, name: String)? {
        guard case .call(let call) = input, let name = call.name, names.contains(name), call.receiver == nil
        else { return nil }
        return (call, name)
    }

    /// The dictionary arguments of `SecItemAdd`, `SecItemUpdate` (both), `SecItemCopyMatching`,
    /// `SecItemDelete` and `SecKeyCreateRandomKey`.
    static func dictionaryArguments(of call: SwiftCall, name: String) -> [DictionaryArgument] {
        let arguments = call.arguments
        switch name {
        case "SecItemAdd", "SecItemCopyMatching", "SecItemDelete":
            guard let first = arguments.first else { return [] }
            return [DictionaryArgument(expression: first.value, role: "the query passed to \(name)", stores: name == "SecItemAdd")]
        case "SecItemUpdate":
            var result: [DictionaryArgument] = []
            if arguments.count > 0 {
                result.append(DictionaryArgument(expression: arguments[0].value, role: "the query passed to SecItemUpdate", stores: false))
            }
            if arguments.count > 1 {
                result.append(DictionaryArgument(expression: arguments[1].value, role: "the attributes passed to SecItemUpdate", stores: true))
            }
            return result
        case "SecKeyCreateRandomKey":
            guard let first = arguments.first else { return [] }
            return [DictionaryArgument(expression: first.value, role: "the attributes passed to SecKeyCreateRandomKey", stores: true)]
        default:
            return []
        }
    }

    /// The dictionaries Security applies for one resolved argument: the query itself, and for
    /// `SecKeyCreateRandomKey` the attributes of each key of the pair (top level with
    /// `kSecPrivateKeyAttrs`/`kSecPublicKeyAttrs` over it), each with the words for it.
    static func effectiveDictionaries(_ query: KeychainQuery, of argument: DictionaryArgument, callName: String)
        -> [(query: KeychainQuery, role: String)]
    {
        effectiveDictionaries(query, role: argument.role, callName: callName)
    }

    /// The same for an argument of any front end, given the words for it (the Objective-C rules').
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

    /// The trace for a message when it is local, else nothing.
    static func localTrace(_ trace: [TraceStep], in context: RuleContext) -> String {
        QueryJudgement.isLocal(trace) ? context.describeTrace(trace) : ""
    }
}
