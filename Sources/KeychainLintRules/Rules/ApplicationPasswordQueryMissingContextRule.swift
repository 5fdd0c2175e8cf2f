import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `application_password_query_missing_context` — an application-password item read without the
/// LAContext that holds the password (Kolin Stürt, "Keychain Entropy on iOS 9"), in Swift and
/// Objective-C.
public struct ApplicationPasswordQueryMissingContextRule: Check {
    public static let calls: [CheckedCall] = [.function("SecItemCopyMatching")]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        guard let argument = call.argument(0) else { return }
        let (queries, gaps) = context.queries(argument)
        if queries.isEmpty { context.noteGaps(Resolution(gaps: gaps), asking: "query passed to SecItemCopyMatching") }
        let reads = queries.filter {
            ApplicationPasswordQueryMissingContextJudgement.needsPassword($0) && ApplicationPasswordQueryMissingContextJudgement.isConsistent($0.trace)
        }
        guard !reads.isEmpty else { return }
        let own = context.ownApplicationPasswordItems()
        let localTraces = reads.map { KeychainDictionaries.localTrace($0.trace, in: context) }
        let (location, snippet) = (context.location(of: argument), context.snippet(of: argument))
        let spelling = context.spelling
        let scan = context.scan
        // The items the app adds are known once every file is walked.
        context.afterWalk { judged in
            let items = own + ScanWideCalls.of(scan).applicationPasswordItems
            for (query, localTrace) in zip(reads, localTraces) {
                guard let item = items.first(where: { ApplicationPasswordQueryMissingContextJudgement.read(query, matches: $0) })
                else { continue }
                judged.report(
                    at: location,
                    message: ApplicationPasswordQueryMissingContextJudgement.message(item, from: judged.path, spelling: spelling)
                        + localTrace,
                    confidence: query.trace.isEmpty ? .high : .medium,
                    trace: query.trace, snippet: snippet)
                return
            }
        }
    }

    /// One `SecItemAdd` call's share of `protectedItems` (gathered by `ScanWideCalls`).
    static func protectedItems(addedBy call: SwiftCall, in file: SourceFile, scan: ScanContext)
        -> [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem]
    {
        guard let argument = call.argument(0) else { return [] }
        return ApplicationPasswordQueryMissingContextJudgement.protectedItems(
            in: scan.resolver.queries(argument, in: file).queries, callLocation: file.valueLocation(of: call.expression))
    }

    public static let swiftRule = RuleDescription(
        id: "swift.application_password_query_missing_context",
        name: "Application-password item read without its context",
        severity: .medium,
        confidence: .high,
        resource: "Authentication",
        tags: [],
        summary:
            "SecItemCopyMatching reads an item that the app adds with .applicationPassword access control, without kSecUseAuthenticationContext: the read blocks for a long time or fails.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Collects, once per scan, the items that `SecItemAdd` stores with a `kSecAttrAccessControl` \
                created by `SecAccessControlCreateWithFlags` with `.applicationPassword` among its flags, \
                identified by their literal `kSecAttrService`/`kSecAttrServer`/`kSecAttrAccount` strings \
                (followed through variables, constants and helpers in any file). Then flags a \
                `SecItemCopyMatching` whose query selects such an item — every identity attribute it names is \
                the same literal —, returns its data, and has no `kSecUseAuthenticationContext`.
                """,
            whyItMatters: """
                An application-password item can only be decrypted with the password the app supplies through \
                `LAContext.setCredential(_:type: .applicationPassword)`, handed to Keychain services in the \
                query's `kSecUseAuthenticationContext`. Omitting it makes SecItemCopyMatching block \
                for a long time (sometimes with "BSMachError: invalid capability"); the read then fails and the \
                app behaves as if the secret were gone (Kolin Stürt, "Keychain Entropy on iOS 9").
                """,
            whatToDoInstead: """
                Create an `LAContext`, call `setCredential(passwordData, type: .applicationPassword)` with the \
                password the user entered (or derived from it), and pass the context as \
                `kSecUseAuthenticationContext` (with the item's `kSecAttrAccessControl`, as Kolin Stürt's article does) in \
                every query that reads the item. Check that both objects exist before reading, and handle \
                errSecAuthFailed (-25293) for a wrong password.
                """,
            fixSafety: "Not automatic: the app has to obtain the password from the user before reading.",
            notes: [
                "No standards tags are set: the rule reports a functional failure (a read that blocks, then fails), not a weakness that CWE or MASWE catalogues.",
                "Items are matched by literal service, server and account strings (and class, when both name one); a read whose identity attributes are not literals, or not equal, is not reported (precision first).",
                "Only reads (SecItemCopyMatching) that return the item's data (`kSecReturnData: true`) are reported: listing attributes and deleting an application-password item need no password, and a read with `kSecUseAuthenticationUI: kSecUseAuthenticationUISkip` (or `…Fail`) leaves protected items out instead of blocking.",
                "When the add (or the read) builds its dictionary from a helper's parameters, only combinations that come from one call of the helper are used: service, account and access control passed by different calls do not describe one item.",
                "When several queries can reach the read (branches, callers), the first one that selects a protected item without a context is reported, at the query argument.",
                "The LAContext's credential is not checked here; a hard-coded password is reported by swift.hardcoded_application_password.",
            ],
            references: [
                "Kolin Stürt, Keychain Entropy on iOS 9 — https://kolinsturt.github.io/lessons/2015/11/04/keychain-entropy",
                "Apple: SecAccessControlCreateFlags.applicationPassword — https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/applicationpassword",
                "Apple: LAContext.setCredential(_:type:) — https://developer.apple.com/documentation/localauthentication/lacontext/setcredential(_:type:)",
                "Apple: kSecUseAuthenticationContext — https://developer.apple.com/documentation/security/ksecuseauthenticationcontext",
            ]),
        remediation:
            "Pass the LAContext holding the application password as kSecUseAuthenticationContext in every query that reads the item.",
        examples: examples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
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
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension ApplicationPasswordQueryMissingContextRule {
    private static func message(_ identity: String, addedAt place: String, trace: String = "") -> String {
        "SecItemCopyMatching reads the item of \(identity), which is added with `kSecAccessControlApplicationPassword` access control "
            + "(\(place)), without `kSecUseAuthenticationContext`: without the LAContext holding the application password the read blocks for a long time or fails"
            + trace
    }

    static let objectiveCExamples: [RuleExample] = [
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


// MARK: - Examples (they run as tests and appear in `explain`)

extension ApplicationPasswordQueryMissingContextRule {
    private static let store = """
        func store(secret: Data, context: LAContext) throws {
            var error: Unmanaged<CFError>?
            guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .applicationPassword, &error) else {
                throw error!.takeRetainedValue() as Error
            }
            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                        kSecAttrService as String: "testService",
                                        kSecAttrAccount as String: "testAccount",
                                        kSecValueData as String: secret,
                                        kSecAttrAccessControl as String: access,
                                        kSecUseAuthenticationContext as String: context]
            print(SecItemAdd(query as CFDictionary, nil))
        }
        """

    private static let readMessage =
        "SecItemCopyMatching reads the item of service \"testService\", account \"testAccount\", which is added with `.applicationPassword` access control "

    static let examples: [RuleExample] = [
        .triggering(
            "The article's read in Swift: the query omits kSecUseAuthenticationContext",
            """
            \(store)
            func load() -> Data? {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrService as String: "testService",
                                            kSecAttrAccount as String: "testAccount",
                                            kSecReturnData as String: true]
                var result: CFTypeRef?
                guard SecItemCopyMatching(↓query as CFDictionary, &result) == errSecSuccess else { return nil }
                return result as? Data
            }
            """,
            messages: [
                readMessage + "(line 10), without `kSecUseAuthenticationContext`: without the LAContext holding the application password the read blocks for a long time or fails (via `query` (line 15))"
            ]),
        .triggering(
            "Service and account from constants in another file, the qualified flag; the read names only the service",
            files: [
                "Constants.swift": """
                    enum Vault {
                        static let service = "vault"
                        static let account = "master"
                    }
                    """,
                "Store.swift": """
                    func save(secret: Data) {
                        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, SecAccessControlCreateFlags.applicationPassword, nil)
                        var query = [String: Any]()
                        query[kSecClass as String] = kSecClassGenericPassword
                        query[kSecAttrService as String] = Vault.service
                        query[kSecAttrAccount as String] = Vault.account
                        query[kSecAttrAccessControl as String] = access as Any
                        print(SecItemAdd(query as CFDictionary, nil))
                    }
                    func readAll() {
                        var result: CFTypeRef?
                        print(SecItemCopyMatching(↓[kSecClass: kSecClassGenericPassword, kSecAttrService: Vault.service, kSecReturnData: true] as CFDictionary, &result))
                    }
                    """,
            ],
            messages: [
                "SecItemCopyMatching reads the item of service \"vault\", account \"master\", which is added with `.applicationPassword` access control (line 7), without `kSecUseAuthenticationContext`: without the LAContext holding the application password the read blocks for a long time or fails"
            ],
            alsoTriggers: ["swift.unchecked_access_control_creation"]),
        .triggering(
            "A read helper in a branch: only the branch without the context is reported",
            """
            \(store)
            func load(context: LAContext?) {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrAccount as String: "testAccount", kSecReturnData as String: true]
                if let context {
                    query[kSecUseAuthenticationContext as String] = context
                }
                var result: CFTypeRef?
                print(SecItemCopyMatching(↓query as CFDictionary, &result))
            }
            """,
            messages: [
                readMessage + "(line 10), without `kSecUseAuthenticationContext`: without the LAContext holding the application password the read blocks for a long time or fails (via `query` (line 15))"
            ]),
        .triggering(
            "The flag in an array, a force-unwrapped access control, and a read through a helper",
            files: [
                "Add.swift": """
                    func add(secret: Data) {
                        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                     [.applicationPassword], nil)!
                        let query: NSDictionary = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "pin-protected",
                                                   kSecValueData: secret, kSecAttrAccessControl: access]
                        print(SecItemAdd(query, nil))
                    }
                    """,
                "Read.swift": """
                    func readQuery() -> [String: Any] {
                        [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "pin-protected", kSecReturnData as String: true]
                    }
                    func read() {
                        var result: CFTypeRef?
                        print(SecItemCopyMatching(↓readQuery() as CFDictionary, &result))
                    }
                    """,
            ],
            messages: [
                "SecItemCopyMatching reads the item of account \"pin-protected\", which is added with `.applicationPassword` access control (Add.swift:5), without `kSecUseAuthenticationContext`: without the LAContext holding the application password the read blocks for a long time or fails"
            ],
            alsoTriggers: ["swift.unchecked_access_control_creation"]),
        .triggering(
            "A helper adds several items: only the one its caller protects with .applicationPassword counts",
            """
            func add(service: String, access: SecAccessControl?, data: Data) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrService as String: service,
                                            kSecAttrAccessControl as String: access as Any,
                                            kSecValueData as String: data]
                print(SecItemAdd(query as CFDictionary, nil))
            }
            func saveAll(password: Data, code: Data) {
                var error: Unmanaged<CFError>?
                add(service: "logins", access: SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error), data: password)
                add(service: "backup", access: SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .applicationPassword, &error), data: code)
            }
            func readAll() {
                var result: CFTypeRef?
                print(SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "logins", kSecReturnData: true] as CFDictionary, &result))
                print(SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrService: "backup",
                                           kSecReturnAttributes: true] as CFDictionary, &result))
                print(SecItemCopyMatching(↓[kSecClass: kSecClassGenericPassword, kSecAttrService: "backup", kSecReturnData: true] as CFDictionary, &result))
            }
            """,
            messages: [
                "SecItemCopyMatching reads the item of service \"backup\", which is added with `.applicationPassword` access control (line 4), without `kSecUseAuthenticationContext`: without the LAContext holding the application password the read blocks for a long time or fails"
            ]),
        .nonTriggering(
            "The article's remedy: the read passes the context (and the access control)",
            """
            \(store)
            func load(context: LAContext, access: SecAccessControl) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrService as String: "testService",
                                            kSecAttrAccount as String: "testAccount",
                                            kSecReturnData as String: true,
                                            kSecAttrAccessControl as String: access,
                                            kSecUseAuthenticationContext as String: context]
                var result: CFTypeRef?
                print(SecItemCopyMatching(query as CFDictionary, &result))
            }
            """),
        .nonTriggering(
            "A read of another item, and a read whose account is not a literal",
            """
            \(store)
            func load(account: String) {
                var result: CFTypeRef?
                let other: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "otherService",
                                            kSecReturnData as String: true]
                print(SecItemCopyMatching(other as CFDictionary, &result))
                let unknown: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
                                              kSecReturnData as String: true]
                print(SecItemCopyMatching(unknown as CFDictionary, &result))
            }
            """),
        .nonTriggering(
            "The item is added with biometry, not an application password",
            """
            func store(secret: Data) {
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "testAccount",
                                            kSecAttrAccessControl as String: access as Any, kSecValueData as String: secret]
                print(SecItemAdd(query as CFDictionary, nil))
                var result: CFTypeRef?
                print(SecItemCopyMatching([kSecClass: kSecClassGenericPassword, kSecAttrAccount: "testAccount"] as CFDictionary, &result))
            }
            """,
            alsoTriggers: ["swift.unchecked_access_control_creation"]),
        .nonTriggering(
            "A delete needs no password; an internet password of the same account is another item",
            """
            \(store)
            func forget() {
                print(SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: "testService"] as CFDictionary))
                var result: CFTypeRef?
                print(SecItemCopyMatching([kSecClass: kSecClassInternetPassword, kSecAttrAccount: "testAccount"] as CFDictionary, &result))
            }
            """),
    ]
}
