import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.broad_query_without_ui_skip` — `swift.broad_query_without_ui_skip`'s judgement on
/// Objective-C code: a read of the data of every matching item, without
/// `kSecUseAuthenticationUISkip`, in code that stores protected items.
public struct ObjCBroadQueryWithoutUISkipRule: ObjCRule {
    public static let calls = ["SecItemCopyMatching"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function, let argument = call.arguments.first?.value else { return }
        let (queries, gaps) = context.queries(argument)
        if queries.isEmpty { context.noteGaps(Resolution(gaps: gaps), asking: "query passed to SecItemCopyMatching") }
        for query in queries {
            guard let limit = BroadQueryWithoutUISkipJudgement.broadLimit(query), BroadQueryWithoutUISkipJudgement.returnsData(query),
                  !BroadQueryWithoutUISkipRule.mayAvoidPrompt(query, scan: context.scan),
                  !(query.contains("kSecUseAuthenticationContext") && Self.fileMayAvoidPrompt(context))
            else { continue }
            // Only when protected items are stored: by this file, else by the scan's Swift code.
            guard let protected = ObjCStoredQueries.firstProtectedStore(in: context) ?? BroadQueryWithoutUISkipRule.protectedItem(context.scan)
            else { return }
            let limitPlace = query.entry("kSecMatchLimit")?.location.map { " (" + QueryJudgement.place($0, from: context.path) + ")" } ?? ""
            let message = BroadQueryWithoutUISkipJudgement.message(
                limit: limit + limitPlace, protectedAt: QueryJudgement.place(protected, from: context.path))
                + ObjCStoredQueries.localTrace(query.trace, in: context)
            context.report(at: call.range, message: message, confidence: query.trace.isEmpty ? .high : .medium, trace: query.trace)
            return
        }
    }

    /// Whether this file tells a context not to interact or evaluates a policy (the Swift rule asks
    /// the same of the scan's Swift files): then a query's `kSecUseAuthenticationContext` may not
    /// prompt. The context's value is not followed.
    static func fileMayAvoidPrompt(_ context: ObjCRuleContext) -> Bool {
        context.tree.tokens.contains { token in
            token.kind == .identifier
                && ["interactionNotAllowed", "setInteractionNotAllowed", "evaluatePolicy"].contains(token.text)
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: BroadQueryWithoutUISkipRule.description,
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
        ],
        examples: examples)

    private static let adder = """
        void saveProtected(NSData *token, SecAccessControlRef access) {
            NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                     (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                                     (__bridge id)kSecValueData: token };
            SecItemAdd((__bridge CFDictionaryRef)query, NULL);
        }
        """

    private static func message(limit: String, protectedAt place: String, trace: String = "") -> String {
        BroadQueryWithoutUISkipJudgement.message(limit: limit, protectedAt: place) + trace
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "Every item's data without kSecUseAuthenticationUISkip, in a file that adds protected items",
            """
            \(adder)
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
            messages: [message(limit: "`kSecMatchLimitAll` (line 10)", protectedAt: "line 3", trace: " (via `query` (line 8))")],
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
                message(
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
            messages: [message(limit: "`kSecMatchLimitAll` (line 5)", protectedAt: "Store.swift:3", trace: " (via `query` (line 4) → `context` (line 2))")],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "The fix: kSecUseAuthenticationUISkip, written in the literal or set in a step",
            """
            \(adder)
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
            \(adder)
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
    ]
}
