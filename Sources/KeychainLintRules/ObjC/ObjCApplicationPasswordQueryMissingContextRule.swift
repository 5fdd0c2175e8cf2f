import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.application_password_query_missing_context` —
/// `swift.application_password_query_missing_context`'s judgement on Objective-C code: an item
/// added with `kSecAccessControlApplicationPassword` read back without the `LAContext` that
/// holds the password.
///
/// The items are those `SecItemAdd` stores in the same Objective-C file, and those the scan's
/// Swift files store (the Swift rule's scan-wide collection); see the notes for why not those of
/// other Objective-C files.
public struct ObjCApplicationPasswordQueryMissingContextRule: ObjCRule {
    public static let calls = ["SecItemCopyMatching"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function, let argument = call.arguments.first?.value else { return }
        let (queries, gaps) = context.queries(argument)
        if queries.isEmpty { context.noteGaps(Resolution(gaps: gaps), asking: "query passed to SecItemCopyMatching") }
        let reads = queries.filter {
            ApplicationPasswordQueryMissingContextJudgement.needsPassword($0) && ApplicationPasswordQueryMissingContextJudgement.isConsistent($0.trace)
        }
        guard !reads.isEmpty else { return }
        let items = ObjCStoredQueries.applicationPasswordItems(in: context)
            + ApplicationPasswordQueryMissingContextRule.protectedItems(context.scan)
        guard !items.isEmpty else { return }
        for query in reads {
            guard let item = items.first(where: { ApplicationPasswordQueryMissingContextJudgement.read(query, matches: $0) }) else { continue }
            context.report(
                at: argument.range,
                message: ApplicationPasswordQueryMissingContextJudgement.message(item, from: context.path, spelling: .c)
                    + ObjCStoredQueries.localTrace(query.trace, in: context),
                confidence: query.trace.isEmpty ? .high : .medium, trace: query.trace)
            return
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: ApplicationPasswordQueryMissingContextRule.description,
        summary:
            "SecItemCopyMatching reads an item that the app adds with a kSecAccessControlApplicationPassword access control, without kSecUseAuthenticationContext: the read blocks for a long time or fails.",
        whatItDoes: """
            Collects the items that `SecItemAdd` stores with a `kSecAttrAccessControl` created by \
            `SecAccessControlCreateWithFlags` with `kSecAccessControlApplicationPassword` among its flags, \
            identified by their literal `kSecAttrService`/`kSecAttrServer`/`kSecAttrAccount` strings (`@"…"`, \
            `CFSTR("…")`, `static NSString * const` constants and `#define`s of the file, and constants another \
            Objective-C file of the scan defines at file scope): those added in the \
            same Objective-C file, and those the scan's Swift files add. Then flags a `SecItemCopyMatching` \
            whose query selects such an item — every identity attribute it names is the same literal, and the \
            classes do not differ —, returns its data (`kSecReturnData` set to `@YES`, `@(YES)` or \
            `kCFBooleanTrue`) and has no `kSecUseAuthenticationContext`. Queries may be `@{…}` literals, \
            `dictionaryWithObjectsAndKeys:` or `NSMutableDictionary`s built in steps, through bridged casts, \
            locals and branches.
            """,
        whatToDoInstead: """
            Create an `LAContext`, call `[context setCredential:passwordData type:LACredentialTypeApplicationPassword]` \
            with the password the user entered (or derived from it), and pass the context as \
            `kSecUseAuthenticationContext` (with the item's `kSecAttrAccessControl`, as Kolin Stürt's article \
            does) in every query that reads the item. Check that both objects exist before reading, and handle \
            errSecAuthFailed (-25293) for a wrong password.
            """,
        remediation:
            "Pass the LAContext holding the application password as kSecUseAuthenticationContext in every query that reads the item.",
        notes: [
            "Which adds count: those of the same Objective-C file, and those of the scan's Swift files (the Swift rule's scan-wide collection, which leaves out test code). Items another Objective-C file adds are not matched: the Objective-C resolver reads one file, so an item's service and account match across Objective-C files only when both files spell them as literals (a shared constant lives in a header or another file it does not read), and a per-file answer keeps the result cache exact (a file's findings depend on its own text and the Swift files' fact, never on another Objective-C file). In practice an application-password item is added and read by the same class, as in Kolin Stürt's article.",
            "Only reads that return the item's data are reported: listing attributes and deleting need no password, and a read with `kSecUseAuthenticationUI: kSecUseAuthenticationUISkip` (or `…Fail`) leaves protected items out instead of blocking.",
            "A read whose identity attributes are not literals the resolver knows (a parameter, a property) is not reported (precision first). When several queries can reach the read (branches), the first one that selects a protected item without a context is reported, at the query argument.",
            "The LAContext's credential is not checked here; a hard-coded password is reported by objc.hardcoded_application_password.",
        ],
        examples: examples)

    private static func message(_ identity: String, addedAt place: String, trace: String = "") -> String {
        "SecItemCopyMatching reads the item of \(identity), which is added with `kSecAccessControlApplicationPassword` access control "
            + "(\(place)), without `kSecUseAuthenticationContext`: without the LAContext holding the application password the read blocks for a long time or fails"
            + trace
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "The application-password flow: the item is stored with its LAContext, the read leaves it out",
            """
            #import <LocalAuthentication/LocalAuthentication.h>
            #import <Security/Security.h>

            @implementation NotesVault

            - (void)storeNote:(NSData *)note password:(NSData *)password
            {
                LAContext *context = [[LAContext alloc] init];
                [context setCredential:password type:LACredentialTypeApplicationPassword];
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlApplicationPassword, &error);
                if (access == NULL) {
                    return;
                }
                NSDictionary *item = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrService: @"notesService",
                    (__bridge id)kSecAttrAccount: @"notesAccount",
                    (__bridge id)kSecValueData: note,
                    (__bridge id)kSecAttrAccessControl: (__bridge_transfer id)access,
                    (__bridge id)kSecUseAuthenticationContext: context
                };
                OSStatus status = SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                if (status != errSecSuccess) {
                    NSLog(@"The note was not stored: %d", (int)status);
                }
            }

            - (NSData *)loadNote
            {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrService: @"notesService",
                    (__bridge id)kSecAttrAccount: @"notesAccount",
                    (__bridge id)kSecReturnData: @(YES),
                    (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitOne
                };
                CFDataRef data = NULL;
                OSStatus status = SecItemCopyMatching(↓(__bridge CFDictionaryRef)query, (CFTypeRef *)&data);
                return status == errSecSuccess ? (__bridge_transfer NSData *)data : nil;
            }

            @end
            """,
            messages: [
                message("service \"notesService\", account \"notesAccount\"", addedAt: "line 21", trace: " (via `query` (line 32))"),
            ]),
        .triggeringObjC(
            "A service constant, the add built in steps, and a read whose context is set only in a branch",
            """
            static NSString * const kVaultService = @"vault";

            void addSecret(NSData *secret, LAContext *context) {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | kSecAccessControlApplicationPassword, NULL);
                NSMutableDictionary *query = [NSMutableDictionary dictionary];
                [query setObject:(__bridge id)kSecClassGenericPassword forKey:(__bridge id)kSecClass];
                [query setObject:kVaultService forKey:(__bridge id)kSecAttrService];
                [query setObject:secret forKey:(__bridge id)kSecValueData];
                [query setObject:(__bridge id)access forKey:(__bridge id)kSecAttrAccessControl];
                query[(__bridge id)kSecUseAuthenticationContext] = context;
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }

            NSData *readSecret(LAContext *context) {
                NSMutableDictionary *query = [NSMutableDictionary dictionaryWithObjectsAndKeys:
                    (__bridge id)kSecClassGenericPassword, (__bridge id)kSecClass,
                    kVaultService, (__bridge id)kSecAttrService,
                    (__bridge id)kCFBooleanTrue, (__bridge id)kSecReturnData,
                    nil];
                if (context != nil) {
                    query[(__bridge id)kSecUseAuthenticationContext] = context;
                }
                CFTypeRef result = NULL;
                SecItemCopyMatching(↓(__bridge CFDictionaryRef)query, &result);
                return (__bridge_transfer NSData *)result;
            }
            """,
            messages: [message("service \"vault\"", addedAt: "line 10", trace: " (via `query` (line 16) → `kVaultService` (line 1))")],
            alsoTriggers: ["objc.unchecked_access_control_creation", "objc.unchecked_keychain_status"]),
        .triggering(
            "Added by the app's Swift code, read by its Objective-C code",
            files: [
                "PinStore.swift": """
                    import LocalAuthentication

                    func storePin(secret: Data, context: LAContext) -> Bool {
                        guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                           .applicationPassword, nil) else { return false }
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                    kSecAttrAccount as String: "pin-protected",
                                                    kSecValueData as String: secret,
                                                    kSecAttrAccessControl as String: access,
                                                    kSecUseAuthenticationContext as String: context]
                        return SecItemAdd(query as CFDictionary, nil) == errSecSuccess
                    }
                    """,
                "LegacyReader.m": """
                    NSData *legacyPin(void) {
                        CFTypeRef result = NULL;
                        SecItemCopyMatching(↓(__bridge CFDictionaryRef)@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                                         (__bridge id)kSecAttrAccount: @"pin-protected",
                                                                         (__bridge id)kSecReturnData: @YES }, &result);
                        return (__bridge_transfer NSData *)result;
                    }
                    """,
            ],
            messages: [message("account \"pin-protected\"", addedAt: "PinStore.swift:9")],
            alsoTriggers: ["objc.unchecked_keychain_status", "swift.unchecked_access_control_creation"]),
        .nonTriggeringObjC(
            "The remedy: the read passes the context and the access control",
            """
            @implementation NotesVault
            - (void)storeNote:(NSData *)note context:(LAContext *)context {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlApplicationPassword, NULL);
                NSDictionary *item = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                        (__bridge id)kSecAttrService: @"notesService",
                                        (__bridge id)kSecValueData: note,
                                        (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                                        (__bridge id)kSecUseAuthenticationContext: context };
                SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrService: @"notesService",
                                         (__bridge id)kSecReturnData: @YES,
                                         (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                                         (__bridge id)kSecUseAuthenticationContext: context };
                CFTypeRef result = NULL;
                SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
            }
            @end
            """,
            alsoTriggers: ["objc.unchecked_access_control_creation", "objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "Reads that need no password or leave protected items out, another item, and an item protected by biometry",
            """
            void notes(NSData *note, NSString *account) {
                SecAccessControlRef password = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlApplicationPassword, NULL);
                SecItemAdd((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"notesService",
                                                       (__bridge id)kSecAttrAccessControl: (__bridge id)password,
                                                       (__bridge id)kSecValueData: note }, NULL);
                SecAccessControlRef biometry = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, NULL);
                SecItemAdd((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"photosService",
                                                       (__bridge id)kSecAttrAccessControl: (__bridge id)biometry,
                                                       (__bridge id)kSecValueData: note }, NULL);
                CFTypeRef result = NULL;
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"notesService",
                                                                (__bridge id)kSecReturnAttributes: @YES }, &result);
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"notesService",
                                                                (__bridge id)kSecReturnData: @YES,
                                                                (__bridge id)kSecUseAuthenticationUI: (__bridge id)kSecUseAuthenticationUISkip }, &result);
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"photosService",
                                                                (__bridge id)kSecReturnData: @YES }, &result);
                SecItemCopyMatching((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"notesService",
                                                                (__bridge id)kSecAttrAccount: account,
                                                                (__bridge id)kSecReturnData: @YES }, &result);
                SecItemDelete((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"notesService" });
            }
            """,
            alsoTriggers: ["objc.unchecked_access_control_creation", "objc.unchecked_keychain_status"]),
    ]
}
