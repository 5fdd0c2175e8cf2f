import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `broad_query_without_ui_skip` — kSecUseAuthenticationUISkip (Apple's "Accessing Keychain Items
/// with Face ID or Touch ID"); only reads that return data. In Swift and Objective-C.
public struct BroadQueryWithoutUISkipRule: Check {
    public static let calls: [CheckedCall] = [.function("SecItemCopyMatching")]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        guard let argument = call.argument(0) else { return }
        let (queries, gaps) = context.queries(argument)
        if queries.isEmpty { context.noteGaps(Resolution(gaps: gaps), asking: "query passed to SecItemCopyMatching") }
        for query in queries {
            guard let limit = BroadQueryWithoutUISkipJudgement.broadLimit(query), BroadQueryWithoutUISkipJudgement.returnsData(query),
                !Self.mayAvoidPrompt(query, in: context)
            else { continue }
            let limitPlace = query.entry("kSecMatchLimit")?.location.map { " (" + QueryJudgement.place($0, from: context.path) + ")" } ?? ""
            let localTrace = KeychainDictionaries.localTrace(query.trace, in: context)
            let at = call.callee ?? call.expression
            let (location, snippet) = (context.location(of: at), context.snippet(of: at))
            // Only protected items the read can return: of its class, when both classes are known.
            let searched = BroadQueryWithoutUISkipJudgement.searchedClass(query)
            let own = context.ownFirstProtectedStore(matching: searched)
            let scan = context.scan
            // Only when the app stores items protected by access control: known once every file is walked.
            context.afterWalk { judged in
                let calls = ScanWideCalls.of(scan)
                guard let protected = own ?? calls.firstProtectedItem(matching: searched) else {
                    // Silent, but not without saying why when a store the scan makes could not be
                    // read: it may add the protected items this read would prompt for.
                    if let unresolved = calls.firstUnresolvedStore {
                        let gap = ResolutionGap(
                            file: location.file, line: location.line, column: location.column,
                            reason: "whether the app adds items protected by access control is not known: the dictionary stored at "
                                + QueryJudgement.place(unresolved, from: judged.path) + " is not followed")
                        judged.noteGaps(Resolution(gaps: [gap]), asking: "a broad read")
                    }
                    return
                }
                let message = BroadQueryWithoutUISkipJudgement.message(
                    limit: limit + limitPlace, protectedAt: QueryJudgement.place(protected, from: judged.path))
                    + localTrace
                judged.report(
                    at: location, message: message, confidence: query.trace.isEmpty ? .high : .medium, trace: query.trace,
                    snippet: snippet)
            }
            return
        }
    }

    /// Whether the query may not prompt: UI skipped or failed, the deprecated no-UI flag, an
    /// unknown value for either, or an authentication context that may disallow interaction or be
    /// pre-evaluated.
    static func mayAvoidPrompt(_ query: KeychainQuery, in context: some CheckContext) -> Bool {
        if BroadQueryWithoutUISkipJudgement.uiMayBeSkipped(query) { return true }
        return query.contains("kSecUseAuthenticationContext") && context.authenticationContextMayAvoidPrompt()
    }

    static let contextMayAvoidPrompt = ScanFact<Bool>("swift.broad_query_without_ui_skip.contextMayAvoidPrompt")

    /// Whether the scan's Swift code mentions `interactionNotAllowed` or `evaluatePolicy` (computed once per scan).
    static func scanMayAvoidPrompt(_ scan: ScanContext) -> Bool {
        scan.fact(Self.contextMayAvoidPrompt) {
            !scan.index.files(mentioning: "interactionNotAllowed").isEmpty
                || !scan.index.files(mentioning: "evaluatePolicy").isEmpty
        }
    }


    public static let swiftRule = RuleDescription(
        id: "swift.broad_query_without_ui_skip",
        name: "Broad Keychain query may prompt for unrelated items",
        severity: .low,
        confidence: .high,
        resource: "Authentication",
        tags: [],
        summary:
            "SecItemCopyMatching returns the data of all matching items without kSecUseAuthenticationUISkip in an app that stores items with access control: the user is asked to authenticate for items the app did not want.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags a `SecItemCopyMatching` whose query has `kSecMatchLimit: kSecMatchLimitAll` (or a numeric \
                limit above 1) and `kSecReturnData: true`, and no `kSecUseAuthenticationUI: \
                kSecUseAuthenticationUISkip` and no authentication context that could keep the system from \
                prompting — when the same scan adds items or keys with `kSecAttrAccessControl` (SecItemAdd, \
                SecItemUpdate's attributes, SecKeyCreateRandomKey). The finding is placed on the call; the \
                message says where the limit was set and points to one place where protected items are added.
                """,
            whyItMatters: """
                A broad search can match items protected by access control that the app did not mean to read; \
                Keychain services then asks the user to authenticate (Face ID, Touch ID, passcode) for each of \
                them (Apple's sample "Accessing Keychain Items with Face ID or Touch ID"). Users learn to approve prompts they did not expect, and a cancelled \
                prompt can fail the whole search.
                """,
            whatToDoInstead: """
                Add `kSecUseAuthenticationUI: kSecUseAuthenticationUISkip` to broad searches so protected items \
                are silently skipped, or pass an `LAContext` with `interactionNotAllowed = true` as \
                `kSecUseAuthenticationContext`; read protected items one at a time with a specific query and a \
                `localizedReason`.
                """,
            fixSafety: """
                Adding `kSecUseAuthenticationUISkip` changes results: protected items are no longer returned by \
                this query. Read them with their own query if they are needed.
                """,
            notes: [
                "This is a usability-and-consent rule: no CWE or MASWE entry describes it, so none is tagged.",
                "Only reads that return data (`kSecReturnData: true`) are reported. Item attributes and references are encrypted with a metadata key the application processor keeps, and only the secret value needs the Secure Enclave round trip that access control gates (Apple Platform Security, \"Keychain data protection\"), so a broad read of attributes or references does not prompt.",
                "Each call is reported once, for the first possible query that is broad and may prompt.",
                "A numeric `kSecMatchLimit` above 1 is as broad as `kSecMatchLimitAll` for this purpose and is reported too.",
                "`kSecUseAuthenticationUIFail` and the deprecated `kSecUseNoAuthenticationUI: true` also keep the system from prompting, so they are accepted here (swift.deprecated_keychain_api reports them).",
                "The value of an `LAContext` is not followed: a query with `kSecUseAuthenticationContext` is accepted when the scan sets `interactionNotAllowed` or calls `evaluatePolicy` anywhere (a pre-evaluated context does not prompt again); it is reported only when the scan does neither.",
                "\"Adds items with kSecAttrAccessControl\" is a scan-wide fact, computed once from every SecItemAdd/SecItemUpdate/SecKeyCreateRandomKey of the scan outside test code; a library that only reads, or whose only protected items are added by its tests, is not reported. When no store is known to add such an item but the dictionary of one could not be followed (built by code the resolver does not follow, such as a tuple a helper returns), the read is not reported either, and `--verbose` names that store at the read.",
                "Only protected items the read can return count: a search matches items of its own `kSecClass`, so a password search is not reported because of a key that SecKeyCreateRandomKey creates with access control (or a password added with another class). When the read's class or a store's class is not known (SecItemUpdate's attributes do not name one), the store counts.",
                "Unknown values (a limit, a UI setting or a return flag the resolver cannot follow) produce no finding.",
            ],
            references: [
                "Apple: kSecUseAuthenticationUISkip — https://developer.apple.com/documentation/security/ksecuseauthenticationuiskip",
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "Apple Platform Security guide: Keychain data protection",
                "Apple: LAContext.interactionNotAllowed — https://developer.apple.com/documentation/localauthentication/lacontext/interactionnotallowed",
            ]),
        remediation:
            "Add kSecUseAuthenticationUI: kSecUseAuthenticationUISkip (or a context with interactionNotAllowed = true) to broad searches.",
        examples: examples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "SecItemCopyMatching returns the data of all matching items without kSecUseAuthenticationUISkip in code that stores items with access control: the user is asked to authenticate for items the app did not want.",
        whatItDoes: """
            Flags a `SecItemCopyMatching` in Objective-C whose query has `kSecMatchLimit: kSecMatchLimitAll` \
            (or a number above 1, `@5`) and `kSecReturnData` set to `@YES`, `@(YES)` or `kCFBooleanTrue`, and \
            no `kSecUseAuthenticationUI: kSecUseAuthenticationUISkip` (or `…Fail`) and no authentication \
            context that could keep the system from prompting — when the same file adds items or keys with \
            `kSecAttrAccessControl` (`SecItemAdd`, the attributes of `SecItemUpdate`, \
            `SecKeyCreateRandomKey`), or the scan's Swift code does. Queries may be `@{…}` literals, \
            `dictionaryWithObjectsAndKeys:` or `NSMutableDictionary`s built in steps, through bridged casts, \
            locals and branches. The finding is placed on the call; the message says where the limit was set \
            and points to one place where protected items are added.
            """,
        whatToDoInstead: """
            Add `(__bridge id)kSecUseAuthenticationUI: (__bridge id)kSecUseAuthenticationUISkip` to broad \
            searches so protected items are silently skipped, or pass an `LAContext` with \
            `interactionNotAllowed = YES` as `kSecUseAuthenticationContext`; read protected items one at a \
            time with a specific query and a `localizedReason`.
            """,
        remediation:
            "Add kSecUseAuthenticationUI: kSecUseAuthenticationUISkip (or a context with interactionNotAllowed = YES) to broad searches.",
        notes: [
            "Which stores count: those of the same Objective-C file (the first `SecItemAdd`, then `SecItemUpdate`, then `SecKeyCreateRandomKey` whose stored dictionary holds `kSecAttrAccessControl`), else those of the scan's Swift files (the Swift rule's scan-wide fact, which leaves out test code). Protected items another Objective-C file adds are not seen: the Objective-C resolver reads one file, and a per-file answer keeps the result cache exact. A broad read in a file that stores nothing protected is therefore not reported, even when another Objective-C file of the app does.",
            "Only reads that return data (`kSecReturnData` true) are reported: attributes and references are not protected by the item's access control, so a broad read of them does not prompt (react-native-keychain's `getAllServices` reads attributes only).",
            "A query with `kSecUseAuthenticationContext` is accepted when its file mentions `interactionNotAllowed`, `setInteractionNotAllowed:` or `evaluatePolicy:…`, or the scan's Swift code does (a context told not to interact, or already evaluated, does not prompt again).",
            "`kSecUseAuthenticationUIFail` and the deprecated `kSecUseNoAuthenticationUI` also keep the system from prompting and are accepted. Unknown values (a limit, a UI setting or a return flag the resolver cannot follow) produce no finding.",
            "Only protected items the read can return count: a search matches items of its own `kSecClass`, so a password search is not reported because of a key that SecKeyCreateRandomKey creates with access control (or a password added with another class). When the read's class or a store's class is not known (SecItemUpdate's attributes do not name one), the store counts.",
        ],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension BroadQueryWithoutUISkipRule {
    private static let objcAdder = """
        void saveProtected(NSData *token, SecAccessControlRef access) {
            NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                     (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                                     (__bridge id)kSecValueData: token };
            SecItemAdd((__bridge CFDictionaryRef)query, NULL);
        }
        """

    private static func objcMessage(limit: String, protectedAt place: String, trace: String = "") -> String {
        BroadQueryWithoutUISkipJudgement.message(limit: limit, protectedAt: place) + trace
    }

    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "The protected item is added by a method building its attributes from many optional pieces, after an early return without access control",
            """
            @implementation ItemStore
            - (NSMutableDictionary *)attributesWithData:(NSData *)data access:(SecAccessControlRef)access {
                NSMutableDictionary *attributes = [NSMutableDictionary dictionary];
                attributes[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                attributes[(__bridge id)kSecValueData] = data;
                if (_label) { attributes[(__bridge id)kSecAttrLabel] = _label; }
                if (_note) { attributes[(__bridge id)kSecAttrComment] = _note; }
                if (_group) { attributes[(__bridge id)kSecAttrAccessGroup] = _group; }
                if (_summary) { attributes[(__bridge id)kSecAttrDescription] = _summary; }
                if (_maker) { attributes[(__bridge id)kSecAttrCreator] = _maker; }
                if (_port) { attributes[(__bridge id)kSecAttrPort] = _port; }
                if (!access) { return attributes; }
                attributes[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                return attributes;
            }
            - (void)saveData:(NSData *)data access:(SecAccessControlRef)access {
                NSMutableDictionary *attributes = [self attributesWithData:data access:access];
                OSStatus status = SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);
                NSLog(@"%d", (int)status);
            }
            - (NSArray *)everything {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                                         (__bridge id)kSecReturnData: @YES };
                CFTypeRef items = NULL;
                OSStatus status = ↓SecItemCopyMatching((__bridge CFDictionaryRef)query, &items);
                return status == errSecSuccess ? (__bridge_transfer NSArray *)items : @[];
            }
            @end
            """,
            messages: [objcMessage(limit: "`kSecMatchLimitAll` (line 23)", protectedAt: "line 13", trace: " (via `query` (line 22))")]),
        .triggeringObjC(
            "Every item's data without kSecUseAuthenticationUISkip, in a file that adds protected items",
            """
            \(objcAdder)
            NSArray *allTokens(void) {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                    (__bridge id)kSecReturnData: @YES,
                    (__bridge id)kSecReturnAttributes: @YES,
                };
                CFTypeRef items = NULL;
                OSStatus status = ↓SecItemCopyMatching((__bridge CFDictionaryRef)query, &items);
                return status == errSecSuccess ? (__bridge_transfer NSArray *)items : @[];
            }
            """,
            messages: [objcMessage(limit: "`kSecMatchLimitAll` (line 10)", protectedAt: "line 3", trace: " (via `query` (line 8))")],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .triggeringObjC(
            "A numeric limit and kSecUseAuthenticationUIAllow set in steps; the protected key is created in the same file",
            """
            @implementation TokenList
            - (void)makeKey:(SecAccessControlRef)access {
                NSDictionary *attributes = [NSDictionary dictionaryWithObjectsAndKeys:
                    (__bridge id)kSecAttrKeyTypeECSECPrimeRandom, (__bridge id)kSecAttrKeyType,
                    @{ (__bridge id)kSecAttrIsPermanent: @YES, (__bridge id)kSecAttrAccessControl: (__bridge id)access },
                        (__bridge id)kSecPrivateKeyAttrs,
                    nil];
                SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
            }
            - (void)loadSome {
                NSMutableDictionary *query = [NSMutableDictionary dictionary];
                query[(__bridge id)kSecClass] = (__bridge id)kSecClassKey;
                query[(__bridge id)kSecReturnData] = (__bridge id)kCFBooleanTrue;
                [query setObject:@5 forKey:(__bridge id)kSecMatchLimit];
                query[(__bridge id)kSecUseAuthenticationUI] = (__bridge id)kSecUseAuthenticationUIAllow;
                CFTypeRef result = NULL;
                ↓SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
            }
            @end
            """,
            messages: [
                objcMessage(
                    limit: "`kSecMatchLimit: 5` (line 14)", protectedAt: "line 5",
                    trace: " (via `query` (line 11) → `query` set (line 12) → `query` set (line 13) → `query` set (line 14) → `query` set (line 15))"),
            ],
            alsoTriggers: ["objc.deprecated_keychain_api", "objc.unchecked_keychain_status"]),
        .triggering(
            "Protected items added by the app's Swift code; a context that is never told not to interact",
            files: [
                "Store.swift": """
                    func saveProtected(token: Data, access: SecAccessControl) {
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                    kSecAttrAccessControl as String: access,
                                                    kSecValueData as String: token]
                        print(SecItemAdd(query as CFDictionary, nil))
                    }
                    """,
                "Export.m": """
                    void exportAll(void) {
                        LAContext *context = [[LAContext alloc] init];
                        context.localizedReason = @"Export your passwords";
                        NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                 (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                                                 (__bridge id)kSecReturnData: @(YES),
                                                 (__bridge id)kSecUseAuthenticationContext: context };
                        CFTypeRef result = NULL;
                        ↓SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
                    }
                    """,
            ],
            messages: [objcMessage(limit: "`kSecMatchLimitAll` (line 5)", protectedAt: "Store.swift:3", trace: " (via `query` (line 4) → `context` (line 2))")],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "The fix: kSecUseAuthenticationUISkip, written in the literal or set in a step",
            """
            \(objcAdder)
            void loadAll(void) {
                CFTypeRef items = NULL;
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                                (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                                                                (__bridge id)kSecReturnData: @YES,
                                                                (__bridge id)kSecUseAuthenticationUI: (__bridge id)kSecUseAuthenticationUISkip }, &items);
                NSMutableDictionary *query = [NSMutableDictionary dictionaryWithObjectsAndKeys:
                    (__bridge id)kCFBooleanTrue, (__bridge id)kSecReturnData,
                    (__bridge id)kSecMatchLimitAll, (__bridge id)kSecMatchLimit,
                    nil];
                [query setObject:(__bridge id)kSecUseAuthenticationUISkip forKey:(__bridge id)kSecUseAuthenticationUI];
                SecItemCopyMatching((__bridge CFDictionaryRef)query, &items);
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "A context with interactionNotAllowed; attributes only; one item at a time",
            """
            \(objcAdder)
            void loadAll(void) {
                LAContext *context = [[LAContext alloc] init];
                context.interactionNotAllowed = YES;
                CFTypeRef items = NULL;
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                                                                (__bridge id)kSecReturnData: @YES,
                                                                (__bridge id)kSecUseAuthenticationContext: context }, &items);
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                                                                (__bridge id)kSecReturnAttributes: @YES }, &items);
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrAccount: @"me",
                                                                (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitOne,
                                                                (__bridge id)kSecReturnData: @YES }, &items);
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "No protected item is stored",
            """
            void listAll(void) {
                SecItemAdd((__bridge CFDictionaryRef)@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                       (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlocked }, NULL);
                CFTypeRef items = NULL;
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                                                                (__bridge id)kSecReturnData: @YES }, &items);
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "A broad read of passwords in a file whose only item with access control is a Secure Enclave key: a password search never returns a key",
            """
            #import <Security/Security.h>

            SecKeyRef MakeSigningKey(void) {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(
                    NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet, NULL);
                if (access == NULL) { return NULL; }
                NSDictionary *attributes = @{
                    (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                    (__bridge id)kSecAttrKeySizeInBits: @256,
                    (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                    (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES,
                                                         (__bridge id)kSecAttrAccessControl: (__bridge id)access },
                };
                return SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
            }
            CFTypeRef AllPasswords(void) {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                                         (__bridge id)kSecReturnData: @YES };
                CFTypeRef items = NULL;
                return SecItemCopyMatching((__bridge CFDictionaryRef)query, &items) == errSecSuccess ? items : NULL;
            }
            """,
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
        .triggeringObjC(
            "The same file when it also adds a password with access control: the read is reported, naming that password's store",
            """
            #import <Security/Security.h>

            SecKeyRef MakeSigningKey(void) {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(
                    NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet, NULL);
                if (access == NULL) { return NULL; }
                NSDictionary *attributes = @{
                    (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                    (__bridge id)kSecAttrKeySizeInBits: @256,
                    (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                    (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES,
                                                         (__bridge id)kSecAttrAccessControl: (__bridge id)access },
                };
                return SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
            }
            CFTypeRef AllPasswords(void) {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitAll,
                                         (__bridge id)kSecReturnData: @YES };
                CFTypeRef items = NULL;
                return ↓SecItemCopyMatching((__bridge CFDictionaryRef)query, &items) == errSecSuccess ? items : NULL;
            }
            OSStatus SavePIN(NSData *pin, SecAccessControlRef access) {
                NSDictionary *item = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                        (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                                        (__bridge id)kSecValueData: pin };
                return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
            }
            """,
            messages: [objcMessage(limit: "`kSecMatchLimitAll` (line 19)", protectedAt: "line 26", trace: " (via `query` (line 18))")],
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
    ]
}


// MARK: - Examples (they run as tests and appear in `explain`)

extension BroadQueryWithoutUISkipRule {
    private static let allMatches = "`kSecMatchLimitAll`"

    private static let adder = """
        func saveProtected(token: Data, access: SecAccessControl) {
            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                        kSecAttrAccessControl as String: access,
                                        kSecValueData as String: token]
            print(SecItemAdd(query as CFDictionary, nil))
        }
        """

    static let examples: [RuleExample] = [
        .triggering(
            "A \"query all\" that returns data without kSecUseAuthenticationUISkip, in an app that adds protected items",
            files: [
                "Store.swift": adder,
                "List.swift": """
                    func queryAll() {
                        let query: [CFString: Any] = [
                            kSecClass: kSecClassGenericPassword,
                            kSecMatchLimit: kSecMatchLimitAll,
                            kSecReturnData: true,
                            kSecReturnAttributes: true,
                        ]
                        var items: CFTypeRef?
                        let status = ↓SecItemCopyMatching(query as CFDictionary, &items)
                        print(status)
                    }
                    """,
            ],
            messages: [BroadQueryWithoutUISkipJudgement.message(limit: allMatches + " (line 4)", protectedAt: "Store.swift:3") + " (via `query` (line 2))"]),
        .triggering(
            "Data returned only in the configurations an `#if` compiles (an iOS app is one of them)",
            files: [
                "Store.swift": adder,
                "List.swift": """
                    func queryAll() -> CFTypeRef? {
                        var query = [String: Any]()
                        query[kSecClass as String] = kSecClassGenericPassword
                        query[kSecMatchLimit as String] = kSecMatchLimitAll
                        #if os(iOS) || os(tvOS)
                        query[kSecReturnData as String] = kCFBooleanTrue
                        #endif
                        var items: CFTypeRef?
                        let status = ↓SecItemCopyMatching(query as CFDictionary, &items)
                        return status == errSecSuccess ? items : nil
                    }
                    """,
            ],
            messages: [
                BroadQueryWithoutUISkipJudgement.message(limit: allMatches + " (line 4)", protectedAt: "Store.swift:3")
                    + " (via `query` (line 2) → #if os(iOS) || os(tvOS) (line 5))"
            ]),
        .triggering(
            "Raw strings, a numeric limit, and kSecUseAuthenticationUIAllow",
            """
            \(adder)
            func loadSome() {
                var query: [String: Any] = ["class": "genp", "r_Data": kCFBooleanTrue as Any]
                query["m_Limit"] = 5
                query[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUIAllow
                var result: CFTypeRef?
                print(↓SecItemCopyMatching(query as CFDictionary, &result))
            }
            """,
            messages: [BroadQueryWithoutUISkipJudgement.message(limit: "`kSecMatchLimit: 5` (line 9)", protectedAt: "line 3") + " (via `query` (line 8))"],
            alsoTriggers: ["swift.deprecated_keychain_api"]),
        .triggering(
            "The query comes from a helper in another file; protected keys are created elsewhere",
            files: [
                "Keys.swift": """
                    func makeKey(access: SecAccessControl) -> SecKey? {
                        let attributes: [String: Any] = [
                            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                            kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true,
                                                            kSecAttrAccessControl as String: access],
                        ]
                        return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                    }
                    """,
                "Queries.swift": """
                    enum Queries {
                        static var everything: [String: Any] {
                            [kSecClass as String: kSecClassKey, kSecMatchLimit as String: kSecMatchLimitAll,
                             kSecReturnData as String: true]
                        }
                    }
                    """,
                "Sync.swift": """
                    func export() {
                        var result: CFTypeRef?
                        if ↓SecItemCopyMatching(Queries.everything as CFDictionary, &result) == errSecSuccess { print("ok") }
                    }
                    """,
            ],
            messages: [BroadQueryWithoutUISkipJudgement.message(limit: allMatches + " (Queries.swift:3)", protectedAt: "Keys.swift:5")]),
        .triggering(
            "A context that is never told not to interact, in a scan that never evaluates a policy",
            """
            \(adder)
            func loadAll() {
                let context = LAContext()
                context.localizedReason = "Unlock your tokens"
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecMatchLimit as String: kSecMatchLimitAll,
                                            kSecReturnData as String: true,
                                            kSecUseAuthenticationContext as String: context]
                var result: CFTypeRef?
                print(↓SecItemCopyMatching(query as CFDictionary, &result))
            }
            """,
            messages: [BroadQueryWithoutUISkipJudgement.message(limit: allMatches + " (line 11)", protectedAt: "line 3") + " (via `query` (line 10))"]),
        .triggering(
            "The protected item is added by a helper building its attributes from many optional pieces, after an early return without access control",
            files: [
                "Item.swift": """
                    struct Item {
                        var label: String?
                        var note: String?
                        var group: String?
                        var summary: String?
                        var maker: String?
                        var port: Int?
                        var flags: SecAccessControlCreateFlags?
                    }
                    func attributes(of item: Item, data: Data) -> ([String: Any], Error?) {
                        var attributes: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
                        if let label = item.label { attributes[kSecAttrLabel as String] = label }
                        if let note = item.note { attributes[kSecAttrComment as String] = note }
                        if let group = item.group { attributes[kSecAttrAccessGroup as String] = group }
                        if let summary = item.summary { attributes[kSecAttrDescription as String] = summary }
                        if let maker = item.maker { attributes[kSecAttrCreator as String] = maker }
                        if let port = item.port { attributes[kSecAttrPort as String] = port }
                        guard let flags = item.flags else { return (attributes, nil) }
                        var error: Unmanaged<CFError>?
                        guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, &error) else {
                            return (attributes, error?.takeRetainedValue())
                        }
                        attributes[kSecAttrAccessControl as String] = access
                        return (attributes, nil)
                    }
                    func save(_ item: Item, data: Data) {
                        let (attributes, _) = attributes(of: item, data: data)
                        print(SecItemAdd(attributes as CFDictionary, nil))
                    }
                    """,
                "List.swift": """
                    func everything() {
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                    kSecMatchLimit as String: kSecMatchLimitAll,
                                                    kSecReturnData as String: true]
                        var items: CFTypeRef?
                        print(↓SecItemCopyMatching(query as CFDictionary, &items))
                    }
                    """,
            ],
            messages: [
                BroadQueryWithoutUISkipJudgement.message(limit: allMatches + " (line 3)", protectedAt: "Item.swift:23")
                    + " (via `query` (line 2))"
            ]),
        .nonTriggering(
            "The fix: kSecUseAuthenticationUISkip",
            """
            \(adder)
            func queryAll() {
                let query: [CFString: Any] = [kSecClass: kSecClassGenericPassword, kSecMatchLimit: kSecMatchLimitAll,
                                              kSecUseAuthenticationUI: kSecUseAuthenticationUISkip, kSecReturnData: true]
                var items: CFTypeRef?
                print(SecItemCopyMatching(query as CFDictionary, &items))
            }
            """),
        .nonTriggering(
            "A context with interactionNotAllowed = true",
            """
            \(adder)
            func queryAll() {
                let context = LAContext()
                context.interactionNotAllowed = true
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecMatchLimit as String: kSecMatchLimitAll,
                                            kSecReturnData as String: true,
                                            kSecUseAuthenticationContext as String: context]
                var items: CFTypeRef?
                print(SecItemCopyMatching(query as CFDictionary, &items))
            }
            """),
        .nonTriggering(
            "The app never adds items with access control",
            """
            func queryAll() {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecMatchLimit as String: kSecMatchLimitAll,
                                            kSecReturnData as String: true]
                var items: CFTypeRef?
                print(SecItemCopyMatching(query as CFDictionary, &items))
            }
            """),
        .nonTriggering(
            "Broad reads of attributes or references only: no secret is decrypted, so nothing prompts",
            """
            \(adder)
            func listAccounts() {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecMatchLimit as String: kSecMatchLimitAll,
                                            kSecReturnAttributes as String: true]
                var items: CFTypeRef?
                print(SecItemCopyMatching(query as CFDictionary, &items))
            }
            func countKeys() {
                let query: [String: Any] = [kSecClass as String: kSecClassKey, kSecMatchLimit as String: kSecMatchLimitAll,
                                            kSecReturnRef as String: true, kSecReturnData as String: false]
                var keys: CFTypeRef?
                print(SecItemCopyMatching(query as CFDictionary, &keys))
            }
            """),
        .nonTriggering(
            "Only test code adds items with access control: the app's own items need no authentication",
            files: [
                "Tests/StoreTests/StubStore.swift": adder,
                "Sources/Store/List.swift": """
                    func queryAll() {
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                    kSecMatchLimit as String: kSecMatchLimitAll,
                                                    kSecReturnData as String: true]
                        var items: CFTypeRef?
                        print(SecItemCopyMatching(query as CFDictionary, &items))
                    }
                    """,
            ]),
        .nonTriggering(
            "One item at a time",
            """
            \(adder)
            func load() {
                let one: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "me",
                                          kSecMatchLimit as String: kSecMatchLimitOne, kSecReturnData as String: true]
                var item: CFTypeRef?
                print(SecItemCopyMatching(one as CFDictionary, &item))
            }
            """),
        .nonTriggering(
            "A broad read of passwords in an app whose only item with access control is a Secure Enclave key: a password search never returns a key",
            """
            import Security

            func makeSigningKey() -> SecKey? {
                guard let access = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.privateKeyUsage, .biometryCurrentSet], nil)
                else { return nil }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                ]
                return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            func allPasswords() -> CFTypeRef? {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecMatchLimit as String: kSecMatchLimitAll,
                                            kSecReturnData as String: true]
                var items: CFTypeRef?
                return SecItemCopyMatching(query as CFDictionary, &items) == errSecSuccess ? items : nil
            }
            """,
            alsoTriggers: ["swift.unchecked_access_control_creation"]),
        .triggering(
            "The same app when it also adds a password with access control: the read is reported, naming that password's store",
            """
            import Security

            func makeSigningKey() -> SecKey? {
                guard let access = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.privateKeyUsage, .biometryCurrentSet], nil)
                else { return nil }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                ]
                return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            }
            func allPasswords() -> CFTypeRef? {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecMatchLimit as String: kSecMatchLimitAll,
                                            kSecReturnData as String: true]
                var items: CFTypeRef?
                return ↓SecItemCopyMatching(query as CFDictionary, &items) == errSecSuccess ? items : nil
            }
            func savePIN(_ pin: Data, access: SecAccessControl) -> OSStatus {
                let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                           kSecAttrAccessControl as String: access,
                                           kSecValueData as String: pin]
                return SecItemAdd(item as CFDictionary, nil)
            }
            """,
            messages: [BroadQueryWithoutUISkipJudgement.message(limit: allMatches + " (line 17)", protectedAt: "line 24") + " (via `query` (line 16))"],
            alsoTriggers: ["swift.unchecked_access_control_creation"]),
    ]
}
