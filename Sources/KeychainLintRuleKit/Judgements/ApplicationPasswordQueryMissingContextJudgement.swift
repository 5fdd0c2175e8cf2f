import KeychainLintModel

/// The judgement of `swift.application_password_query_missing_context` and
/// `objc.application_password_query_missing_context`: an application-password item read without the
/// LAContext that holds the password.
public enum ApplicationPasswordQueryMissingContextJudgement {
    /// Attributes that identify an item across an add and a read.
    public static let identityKeys: [(key: String, word: String)] = [
        ("kSecAttrService", "service"), ("kSecAttrServer", "server"), ("kSecAttrAccount", "account"),
    ]

    /// Words an application-password item cannot be made without (`.applicationPassword`,
    /// `kSecAccessControlApplicationPassword`); a wrapper option of that name passes it on.
    public static let applicationPasswordWords = ["applicationPassword", "kSecAccessControlApplicationPassword"]

    /// Whether the identity attributes of queries are judged in this scan: only this check reads
    /// them, and only for items protected with an application password, which a scan whose Swift
    /// files never name one cannot have. Without it the resolver leaves their values unfollowed
    /// (an account passed down through callers across the project costs much and decides nothing).
    /// `isMentioned` says whether some Swift file of the scan holds a word as an identifier.
    public static func identityMatters(isMentioned: (String) -> Bool) -> Bool {
        applicationPasswordWords.contains(where: isMentioned)
    }

    /// An item some SecItemAdd of the scan stores with `.applicationPassword`.
    public struct ProtectedItem: Sendable {
        public var itemClass: Value?
        /// Identity attribute → its literal string.
        public var identity: [String: String]
        /// Where the access control was put into the query.
        public var location: ValueLocation
    }

    /// The finding's message, without the trace; objc.application_password_query_missing_context
    /// passes `.c`, which spells the flag in C.
    public static func message(_ item: ProtectedItem, from file: String, spelling: FlagSpelling = .swift) -> String {
        let identity = identityKeys.compactMap { key, word in item.identity[key].map { "\(word) \"\($0)\"" } }
            .joined(separator: ", ")
        return "SecItemCopyMatching reads the item of \(identity), which is added with `\(spelling.flag("applicationPassword"))` access control "
            + "(\(QueryJudgement.place(item.location, from: file))), without `kSecUseAuthenticationContext`: without the LAContext "
            + "holding the application password the read blocks for a long time or fails"
    }

    /// A read that returns the item's data, without `kSecUseAuthenticationContext`, and without
    /// `kSecUseAuthenticationUI` set to skip or fail (then protected items are left out).
    public static func needsPassword(_ query: KeychainQuery) -> Bool {
        guard !query.contains("kSecUseAuthenticationContext"), QueryJudgement.isTrue(query.value("kSecReturnData")) else { return false }
        if let ui = query.value("kSecUseAuthenticationUI") {
            return SecItemKeys.valueName(ui) == "kSecUseAuthenticationUIAllow"
        }
        return true
    }

    /// Whether the parts of a dictionary built from a helper's parameters come from one call of it:
    /// the resolver follows each parameter to all callers on its own, so a dictionary whose
    /// entries come from two different calls is a combination no call makes.
    public static func isConsistent(_ trace: [TraceStep]) -> Bool {
        Set(trace.filter { $0.kind == .argument }.map { "\($0.file)|\($0.line)|\($0.column)" }).count <= 1
    }

    /// Whether a read query selects the item: every identity attribute the read names is a literal
    /// equal to the item's, at least one is named, and the classes do not differ.
    public static func read(_ query: KeychainQuery, matches item: ProtectedItem) -> Bool {
        if let readClass = query.value("kSecClass"), let itemClass = item.itemClass,
            let a = SecItemKeys.valueName(readClass), let b = SecItemKeys.valueName(itemClass), a != b
        {
            return false
        }
        var matched = false
        for (key, _) in identityKeys {
            guard let value = query.value(key) else { continue }
            guard case .string(let text) = value, item.identity[key] == text else { return false }
            matched = true
        }
        return matched
    }

    /// The items the possible queries of one `SecItemAdd` store with `.applicationPassword`; `callLocation`
    /// places an access control whose entry has no place of its own.
    public static func protectedItems(in queries: [KeychainQuery], callLocation: @autoclosure () -> ValueLocation) -> [ProtectedItem] {
        let applicationPassword = AccessControlFlag.named("applicationPassword")!
        var items: [ProtectedItem] = []
        for query in queries where isConsistent(query.trace) {
            guard let accessControl = query.entry("kSecAttrAccessControl"),
                case .call(let creation) = accessControl.value, creation.name == "SecAccessControlCreateWithFlags",
                creation.arguments.count >= 3,
                let flags = AccessControlFlagSet.interpret(creation.arguments[2].value), flags.contains(applicationPassword)
            else { continue }
            var identity: [String: String] = [:]
            for (key, _) in identityKeys {
                if case .string(let text)? = query.value(key) { identity[key] = text }
            }
            guard !identity.isEmpty else { continue }
            items.append(
                ProtectedItem(
                    itemClass: query.value("kSecClass"), identity: identity,
                    location: accessControl.location ?? callLocation()))
        }
        return items
    }
}
