import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.weak_keychain_accessibility` — Keychain items readable while the device is locked (OWASP
/// MASWE-0006; mobsfscan `ios_keychain_weak_accessibility_value`).
public struct WeakKeychainAccessibilityRule: SwiftRule {
    static let storingCalls: Set<String> = ["SecItemAdd", "SecItemUpdate", "SecKeyCreateRandomKey"]
    static let allCalls = ["SecItemAdd", "SecItemUpdate", "SecItemCopyMatching", "SecItemDelete", "SecKeyCreateRandomKey"]
    static let createFunction = "SecAccessControlCreateWithFlags"

    public static let interests: [RuleInterest] = [
        .call("SecItemAdd"), .call("SecItemUpdate"), .call("SecKeyCreateRandomKey"), .call(createFunction),
        .identifier("kSecAttrAccessible"),
    ] + wrapperInterests

    public init(options: [String: ConfigValue]) {}

    public func check(_ input: RuleInput, in context: RuleContext) {
        switch input {
        case .identifier(let reference):
            checkEntry(reference, in: context)
        case .call:
            if let (call, _) = QueryRuleSupport.freeCall(input, named: [Self.createFunction]) {
                checkProtection(call, in: context)
            } else if let (call, name) = QueryRuleSupport.freeCall(input, named: Self.storingCalls) {
                checkQueries(call, name: name, in: context)
            } else if let setting = WrapperSetting.of(input, role: .accessibility, in: context) {
                checkWrapper(setting, in: context)
            }
        case .memberAccess:
            if let setting = WrapperSetting.of(input, role: .accessibility, in: context) { checkWrapper(setting, in: context) }
        default:
            return
        }
    }

    // MARK: SecAccessControlCreateWithFlags(_, protection, _, _)

    private func checkProtection(_ call: SwiftCall, in context: RuleContext) {
        guard let argument = call.argument(1) else { return }
        let resolution = context.resolve(argument)
        guard let weak = resolution.values.first(where: { WeakKeychainAccessibilityJudgement.weakSpelling($0.value) != nil }),
            let spelling = WeakKeychainAccessibilityJudgement.weakSpelling(weak.value)
        else {
            context.noteGaps(resolution, asking: "protection of SecAccessControlCreateWithFlags")
            return
        }
        context.report(
            at: argument,
            message: WeakKeychainAccessibilityJudgement.protectionMessage(spelling) + context.describeTrace(weak.trace),
            confidence: weak.trace.isEmpty ? .high : .medium,
            trace: weak.trace)
    }

    // MARK: Queries that reach SecItemAdd, SecItemUpdate's attributes, SecKeyCreateRandomKey

    private func checkQueries(_ call: SwiftCall, name: String, in context: RuleContext) {
        var reported: Set<String> = []
        for argument in QueryRuleSupport.dictionaryArguments(of: call, name: name) where argument.stores {
            let (queries, gaps) = context.queries(argument.expression)
            if queries.isEmpty { context.noteGaps(Resolution(gaps: gaps), asking: "dictionary passed to \(name)") }
            for query in queries {
                var dictionaries = [(query, argument.role, WeakKeychainAccessibilityJudgement.isPublicKey(query))]
                if name == "SecKeyCreateRandomKey" {
                    for nestedKey in ["kSecPrivateKeyAttrs", "kSecPublicKeyAttrs"] {
                        if let nested = query.nested(nestedKey) {
                            dictionaries.append((nested, argument.role, nestedKey == "kSecPublicKeyAttrs"))
                        }
                    }
                }
                for (dictionary, role, publicKey) in dictionaries {
                    guard let entry = dictionary.entry("kSecAttrAccessible"), let spelling = WeakKeychainAccessibilityJudgement.weakSpelling(entry.value) else { continue }
                    let message = WeakKeychainAccessibilityJudgement.queryMessage(spelling, role: role) + (publicKey ? WeakKeychainAccessibilityJudgement.publicKeyNote : "")
                        + QueryRuleSupport.localTrace(dictionary.trace, in: context)
                    let confidence: Confidence = dictionary.trace.isEmpty ? .high : .medium
                    // A public key is no secret: the deprecated constant is still reported.
                    let severity: Severity? = publicKey ? .low : nil
                    if let location = entry.valueLocation ?? entry.location {
                        guard reported.insert(QueryJudgement.key(location)).inserted else { continue }
                        context.report(at: location, message: message, confidence: confidence, severity: severity, trace: dictionary.trace,
                                       snippet: "kSecAttrAccessible: \(spelling)")
                    } else if reported.insert("call|" + message).inserted {
                        context.report(at: argument.expression, message: message, confidence: confidence, severity: severity,
                                       trace: dictionary.trace)
                    }
                }
            }
        }
    }

    // MARK: kSecAttrAccessible → Always pairs no Keychain call in the scan is seen receiving

    /// Where `kSecAttrAccessible` keys of dictionaries that reach any SecItem or SecKeyCreateRandomKey
    /// call were written: those are judged at the call (or are search criteria), not here.
    func connectedKeys(_ scan: ScanContext) -> Set<String> {
        ScanWideCalls.of(scan).connectedAccessibleKeys
    }

    /// One call's share of `connectedKeys` (gathered for the whole scan by `ScanWideCalls`).
    static func connectedKeys(of call: SwiftCall, named name: String, in file: SourceFile, scan: ScanContext) -> [String] {
        guard allCalls.contains(name) else { return [] }
        var keys: [String] = []
        for argument in QueryRuleSupport.dictionaryArguments(of: call, name: name) {
            for query in scan.resolver.queries(argument.expression, in: file).queries {
                let nested = ["kSecPrivateKeyAttrs", "kSecPublicKeyAttrs"].compactMap { query.nested($0) }
                for dictionary in [query] + nested {
                    if let location = dictionary.entry("kSecAttrAccessible")?.location {
                        keys.append(QueryJudgement.key(location))
                    }
                }
            }
        }
        return keys
    }

    static func entryMessage(_ spelling: String) -> String {
        "\(spelling) as `kSecAttrAccessible` makes Keychain items built from this dictionary \(WeakKeychainAccessibilityJudgement.why); no Keychain call in the scan was seen receiving it"
    }

    public static let description = RuleDescription(
        id: "swift.weak_keychain_accessibility",
        name: "Item readable while the device is locked",
        severity: .high,
        confidence: .high,
        resource: "Data Storage",
        tags: ["CWE:311", "CWE:312", "MASWE:0006"],
        aliases: [
            RuleAlias(tool: "mobsfscan", id: "ios_keychain_weak_accessibility_value"),
        ],
        summary:
            "kSecAttrAccessibleAlways or kSecAttrAccessibleAlwaysThisDeviceOnly (raw \"dk\"/\"dku\") is the accessibility of a stored Keychain item or the protection of an access control: the item can be read while the device is locked.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags `kSecAttrAccessibleAlways` and `kSecAttrAccessibleAlwaysThisDeviceOnly`, or their raw \
                strings `"dk"`/`"dku"`, (1) as the value of `kSecAttrAccessible` in a dictionary that reaches \
                `SecItemAdd`, the attributes of `SecItemUpdate`, or `SecKeyCreateRandomKey` (top level and \
                `kSecPrivateKeyAttrs`/`kSecPublicKeyAttrs`); (2) as the `protection` argument of \
                `SecAccessControlCreateWithFlags`; (3) as the value set for an explicit `kSecAttrAccessible` \
                key (dictionary literal entry, `dict[kSecAttrAccessible] = …`, `updateValue`/`setObject`/`setValue` \
                `forKey:`) in a dictionary that no Keychain call of the scan is seen receiving — wrapper \
                libraries build attribute dictionaries that their callers pass on. Values are followed through \
                variables, branches, properties, helpers and enum mappings in any file; keys may be written in \
                any spelling. Reports are placed on the value set for `kSecAttrAccessible` (or the `protection` argument).
                """,
            whyItMatters: """
                Items with an `Always` accessibility are decrypted with a class key that is available even \
                while the device is locked, so anyone (or any malware, or a forensic tool) with the device — \
                locked — can read them; `kSecAttrAccessibleAlways` additionally migrates to other devices \
                through backups. Apple deprecated both in iOS 12. Secrets belong in a class that needs the \
                device unlocked.
                """,
            whatToDoInstead: """
                Use `kSecAttrAccessibleWhenUnlockedThisDeviceOnly` (or \
                `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly` for secrets protected by biometry, as \
                Apple's sample "Accessing Keychain Items with Face ID or Touch ID" does). \
                Only if the item must be read in the background while the device is locked (e.g. a push or \
                background-fetch handler), use `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`, which still \
                protects it until the first unlock after boot. Existing items keep their class: migrate them \
                with `SecItemUpdate` setting the new `kSecAttrAccessible`.
                """,
            fixSafety: """
                Not automatic: a stricter class makes the item unreadable in code that runs while the device \
                is locked (background tasks, extensions), which must be checked before changing it.
                """,
            notes: [
                "A public key (the `kSecPublicKeyAttrs` of a key pair, or an added item with `kSecAttrKeyClass: kSecAttrKeyClassPublic`) is no secret: Always on it is reported at low severity, for the deprecated constant.",
                "`AfterFirstUnlock*` values are not reported (mobsfscan's regex reports them: a known false positive); they are what Apple recommends for background access.",
                "Only an explicit `kSecAttrAccessible` → Always pair or an Always value that reaches a `protection` argument is reported; a bare mention of the constant — an `==` comparison, a `case` label of a read-only mapping (a `switch` naming accessibility values), a log line — is not.",
                "Reads and deletes (`SecItemCopyMatching`, `SecItemDelete`, the search query of `SecItemUpdate`) are not reported: there an Always value only selects items, it does not store one. A dictionary that reaches such a call is not reported as unconnected either, nor one that its function only hands to code that searches (an argument labelled `matching:`, or a function whose name starts with migrate, delete, remove, copy, find, search, exists, contains, load, read or fetch), as wrapper libraries do to migrate legacy Always items; one that is also handed to a function that may store it (add, set, save, store, update, …) is reported.",
                "Dictionaries no Keychain call of the scan is seen receiving are reported with medium confidence, because what the caller does with them is not visible; those that reach a call are reported once, at the key, for the call.",
                "When a wrapper maps its own enum to accessibility constants (`case .always: return kSecAttrAccessibleAlways`) and the case is not known where the query is built, every constant the mapping can return is considered, so scanning such a library reports the query that can carry `.always`; the message names the branch.",
                "The `protection` argument is also checked by swift.invalid_access_control_flags for values that are not accessibility constants at all; the Always values are only reported here.",
                wrapperNote,
            ],
            references: [
                "Apple: Restricting keychain item accessibility — https://developer.apple.com/documentation/security/restricting-keychain-item-accessibility",
                "Apple: kSecAttrAccessibleAlways (deprecated) — https://developer.apple.com/documentation/security/ksecattraccessiblealways",
                "Apple Platform Security: Keychain data protection classes",
                "CWE-311: Missing Encryption of Sensitive Data — https://cwe.mitre.org/data/definitions/311.html",
                "CWE-312: Cleartext Storage of Sensitive Information — https://cwe.mitre.org/data/definitions/312.html",
                "OWASP MASWE-0006: Sensitive Data Stored Unencrypted in Private Storage Locations",
            ]),
        remediation:
            "Use kSecAttrAccessibleWhenUnlockedThisDeviceOnly (or AfterFirstUnlockThisDeviceOnly if the item must be read in the background).",
        examples: examples + wrapperExamples)
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension WeakKeychainAccessibilityRule {
    static let examples: [RuleExample] = [
        .triggering(
            "kSecAttrAccessibleAlways in a query passed to SecItemAdd",
            """
            func save(token: Data) throws {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecValueData as String: token,
                                            kSecAttrAccessible as String: ↓kSecAttrAccessibleAlways]
                let status = SecItemAdd(query as CFDictionary, nil)
                guard status == errSecSuccess else { throw KeychainError(status: status) }
            }
            """,
            messages: [WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd") + " (via `query` (line 2))"]),
        .triggering(
            "The raw string \"dku\" under the raw key \"pdmn\", and in SecItemUpdate's attributes",
            """
            func save(query: [String: Any], token: Data) {
                var attributes: [String: Any] = ["class": "genp", "v_Data": token]
                attributes["pdmn"] = ↓token.isEmpty ? "ak" : "dku"
                let status = SecItemAdd(attributes as CFDictionary, nil)
                print(status)
                let update: [String: Any] = [kSecAttrAccessible as String: ↓"dk"]
                print(SecItemUpdate(query as CFDictionary, update as CFDictionary))
            }
            """,
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`\"dku\"` (kSecAttrAccessibleAlwaysThisDeviceOnly)", role: "the query passed to SecItemAdd")
                    + " (via `attributes` (line 2) → else of `token.isEmpty` (line 3))",
                WeakKeychainAccessibilityJudgement.queryMessage("`\"dk\"` (kSecAttrAccessibleAlways)", role: "the attributes passed to SecItemUpdate") + " (via `update` (line 6))",
            ]),
        .triggering(
            "The protection argument of SecAccessControlCreateWithFlags, through a constant in another file",
            files: [
                "Config.swift": """
                    enum KeychainConfig {
                        static let protection = kSecAttrAccessibleAlwaysThisDeviceOnly
                    }
                    """,
                "Vault.swift": """
                    func makeAccess() -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, ↓KeychainConfig.protection, .biometryCurrentSet, nil)
                    }
                    """,
            ],
            messages: [
                WeakKeychainAccessibilityJudgement.protectionMessage("`kSecAttrAccessibleAlwaysThisDeviceOnly`") + " (via `KeychainConfig.protection` (Config.swift:2))"
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .triggering(
            "A helper in another file returns the query; an enum maps its legacy case to the Always constant",
            files: [
                "Accessibility.swift": """
                    enum Accessibility {
                        case unlocked, legacy
                        var value: CFString {
                            switch self {
                            case .unlocked: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                            case .legacy: return kSecAttrAccessibleAlways
                            }
                        }
                    }
                    func tokenQuery(level: Accessibility) -> [String: Any] {
                        [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: ↓level.value]
                    }
                    """,
                "Store.swift": """
                    func store() {
                        let status = SecItemAdd(tokenQuery(level: .legacy) as CFDictionary, nil)
                        print(status)
                    }
                    """,
            ],
            messages: [WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")]),
        .triggering(
            "A wrapper builds the attributes its callers pass on: no SecItem call in the scan receives them",
            """
            struct LegacyKeychainOptions {
                func attributes() -> [String: Any] {
                    var attributes: [String: Any] = [:]
                    attributes[String(kSecAttrAccessible)] = ↓kSecAttrAccessibleAlwaysThisDeviceOnly
                    return attributes
                }
            }
            """,
            messages: [entryMessage("`kSecAttrAccessibleAlwaysThisDeviceOnly`")]),
        .triggering(
            "A dictionary that is searched with and then saved is a store",
            """
            func resave(_ data: Data) {
                var item: [String: Any] = [kSecAttrAccessible as String: ↓"dk", kSecValueData as String: data]
                if exists(matching: item) { return }
                save(item)
            }
            """,
            messages: [entryMessage("`\"dk\"` (kSecAttrAccessibleAlways)")]),
        .triggering(
            "SecKeyCreateRandomKey with Always in the private key attributes",
            """
            func makeKey() -> SecKey? {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true,
                                                    kSecAttrAccessible as String: ↓kSecAttrAccessibleAlways],
                ]
                var error: Unmanaged<CFError>?
                guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else { return nil }
                return key
            }
            """,
            messages: [WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the attributes passed to SecKeyCreateRandomKey") + " (via `attributes` (line 2))"],
            alsoTriggers: ["swift.key_without_user_authentication"]),
        .nonTriggering(
            "AfterFirstUnlock values are not weak (mobsfscan's known false positive)",
            """
            func save(token: Data) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                                            kSecValueData as String: token]
                print(SecItemAdd(query as CFDictionary, nil))
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlock, [], nil)
                let attributes: [String: Any] = [kSecAttrAccessible as String: "cku"]
            }
            """),
        .nonTriggering(
            "Comparisons and a read-only switch mapping accessibility values to names",
            """
            func describe(_ accessible: CFString) -> String {
                if accessible == kSecAttrAccessibleAlways { return "always (deprecated)" }
                switch accessible as String {
                case kSecAttrAccessibleAlways as String: return "Always"
                case String(kSecAttrAccessibleAlwaysThisDeviceOnly): return "Always, this device only"
                default: return "other"
                }
            }
            func audit(item: [String: Any]) -> Bool {
                (item[kSecAttrAccessible as String] as? String) == (kSecAttrAccessibleAlways as String)
            }
            """),
        .nonTriggering(
            "A read or delete that selects Always items to migrate them is not a store",
            """
            func migrate() {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrAccessible as String: kSecAttrAccessibleAlways]
                let attributes: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                let status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
                if status == errSecItemNotFound { print(SecItemDelete(query as CFDictionary)) }
            }
            """),
        .nonTriggering(
            "A migration query that finds legacy Always items through a wrapper: a search filter, not a store",
            """
            final class Vault {
                func migrateObjectsFromAlwaysAccessibleVault(removeOnCompletion: Bool) throws {
                    var keychainQuery = baseKeychainQuery
                    keychainQuery[kSecAttrAccessible as String] = "dk" // kSecAttrAccessibleAlways
                    keychainQuery[kSecAttrService as String] = legacyService
                    try migrateObjects(matching: keychainQuery, removeOnCompletion: removeOnCompletion)
                }
                func removeLegacyItems() {
                    let legacy: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleAlwaysThisDeviceOnly]
                    removeAllObjects(legacy)
                }
            }
            """),
        .nonTriggering(
            "The strong case of an enum mapping, and values the resolver cannot know",
            """
            enum Accessibility {
                case unlocked, legacy
                var value: CFString {
                    switch self {
                    case .unlocked: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    case .legacy: return kSecAttrAccessibleAlways
                    }
                }
            }
            func store(policy: RemotePolicy) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrAccessible as String: Accessibility.unlocked.value]
                print(SecItemAdd(query as CFDictionary, nil))
                let other: [String: Any] = [kSecAttrAccessible as String: policy.accessibility]
                print(SecItemAdd(other as CFDictionary, nil))
            }
            """),
        .triggering(
            "Always on a public key, in a key pair's public attributes and in an added public key: low severity",
            """
            func makeKeys(publicKey: SecKey) {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecPublicKeyAttrs as String: [kSecAttrIsPermanent as String: true,
                                                   kSecAttrAccessible as String: ↓kSecAttrAccessibleAlwaysThisDeviceOnly],
                ]
                var error: Unmanaged<CFError>?
                guard SecKeyCreateRandomKey(attributes as CFDictionary, &error) != nil else { return }
                let item: [String: Any] = [kSecClass as String: kSecClassKey,
                                           kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
                                           kSecValueRef as String: publicKey,
                                           kSecAttrAccessible as String: ↓kSecAttrAccessibleAlways]
                print(SecItemAdd(item as CFDictionary, nil))
            }
            """,
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlwaysThisDeviceOnly`", role: "the attributes passed to SecKeyCreateRandomKey")
                    + WeakKeychainAccessibilityJudgement.publicKeyNote + " (via `attributes` (line 2))",
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd") + WeakKeychainAccessibilityJudgement.publicKeyNote + " (via `item` (line 9))",
            ]),
        .triggering(
            "keychain-swift's KeychainSwiftConstants used as the keys of the app's own query",
            """
            import KeychainSwift

            func save(token: Data) {
                let query: [String: Any] = [
                    KeychainSwiftConstants.klass: kSecClassGenericPassword,
                    KeychainSwiftConstants.valueData: token,
                    KeychainSwiftConstants.accessible: ↓kSecAttrAccessibleAlways,
                ]
                print(SecItemAdd(query as CFDictionary, nil))
            }
            """,
            messages: [WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd") + " (via `query` (line 4))"]),
    ]
}
