import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `weak_keychain_accessibility` — Keychain items readable while the device is locked (OWASP
/// MASWE-0006; mobsfscan `ios_keychain_weak_accessibility_value`), in Swift and Objective-C.
public struct WeakKeychainAccessibilityRule: Check {
    static let allCalls = ["SecItemAdd", "SecItemUpdate", "SecItemCopyMatching", "SecItemDelete", "SecKeyCreateRandomKey"]
    static let createFunction = AccessControlJudgement.createFunction

    public static let calls: [CheckedCall] = ["SecItemAdd", "SecItemUpdate", "SecKeyCreateRandomKey", createFunction].map(CheckedCall.function)
    public static let swiftInterests: [RuleInterest] = [.identifier("kSecAttrAccessible")] + wrapperInterests + VendoredWrappers.interests()
    public static let prefilterCompanions: [String: PrefilterCompanions] = VendoredWrappers.prefilterCompanions()

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        // A copy of a wrapper library stores what the app's calls of it ask for; those calls are
        // judged at the app's option (the library's model), so its internal mapping is not
        // reported a second time.
        guard !context.isInLibraryCopy(call) else { return }
        if call.name == Self.createFunction {
            checkProtection(call, in: context)
        } else {
            checkQueries(call, in: context)
        }
    }

    /// Swift's own parts: wrapper libraries' accessibility options, and `kSecAttrAccessible`
    /// entries of dictionaries that no Keychain call of the scan is seen receiving (found through
    /// the scan-wide index of Swift calls, and judged from the dictionary literal's syntax).
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        switch input {
        case .identifier(let reference):
            checkEntry(reference, in: context)
        case .call, .memberAccess:
            if let setting = WrapperSetting.of(input, role: .accessibility, in: context) { checkWrapper(setting.program, in: context) }
        default:
            return
        }
    }

    // MARK: SecAccessControlCreateWithFlags(_, protection, _, _)

    private func checkProtection(_ call: ProgramCall, in context: some CheckContext) {
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

    /// Each dictionary a storing argument can be (and, for a key, its private and public key
    /// attributes), judged at its `kSecAttrAccessible` entry, once per place.
    private func checkQueries(_ call: ProgramCall, in context: some CheckContext) {
        var reported: Set<String> = []
        for argument in KeychainDictionaries.arguments(of: call) where argument.stores {
            let (queries, gaps) = context.queries(argument.expression)
            if queries.isEmpty { context.noteGaps(Resolution(gaps: gaps), asking: "dictionary in \(argument.role)") }
            // A `kSecAttrAccessible` entry whose value is not known is judged by nobody: where
            // resolution stopped is said under `--verbose`, as for an unknown argument.
            if queries.contains(where: { query in
                if case .opaque? = query.entry("kSecAttrAccessible")?.value { return true }
                return false
            }) {
                context.noteGaps(Resolution(gaps: gaps), asking: "kSecAttrAccessible in \(argument.role)")
            }
            for query in queries {
                var dictionaries = [(query, argument.role, WeakKeychainAccessibilityJudgement.isPublicKey(query))]
                if call.name == "SecKeyCreateRandomKey" {
                    for (nestedKey, nestedRole) in [
                        ("kSecPrivateKeyAttrs", "the private key attributes of SecKeyCreateRandomKey"),
                        ("kSecPublicKeyAttrs", "the public key attributes of SecKeyCreateRandomKey"),
                    ] {
                        if let nested = query.nested(nestedKey) { dictionaries.append((nested, nestedRole, nestedKey == "kSecPublicKeyAttrs")) }
                    }
                }
                for (dictionary, role, publicKey) in dictionaries {
                    guard let entry = dictionary.entry("kSecAttrAccessible"), let spelling = WeakKeychainAccessibilityJudgement.weakSpelling(entry.value) else { continue }
                    let message = WeakKeychainAccessibilityJudgement.queryMessage(spelling, role: role) + (publicKey ? WeakKeychainAccessibilityJudgement.publicKeyNote : "")
                        // A helper's dictionary may reach several calls: its finding (at the entry)
                        // keeps one message for all of them, so only a path within one body is told,
                        // or one through a call's argument (the weak value is the caller's).
                        + (QueryJudgement.isLocal(dictionary.trace) || dictionary.trace.contains { $0.kind == .argument || $0.kind == .libraryOption }
                            ? context.describeTrace(dictionary.trace) : "")
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

    /// Whether `key` (where a `kSecAttrAccessible` key was written) is one of a dictionary that reaches
    /// a SecItem or SecKeyCreateRandomKey call: those are judged at the call (or are search criteria), not here.
    static func isConnected(_ key: String, _ scan: ScanContext) -> Bool {
        ScanWideCalls.of(scan).connectedAccessibleKeys.contains(key)
    }

    static func entryMessage(_ spelling: String) -> String {
        "\(spelling) as `kSecAttrAccessible` makes Keychain items built from this dictionary \(WeakKeychainAccessibilityJudgement.why); no Keychain call in the scan was seen receiving it"
    }

    public static let swiftRule = RuleDescription(
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
                "A weak value in a branch no caller takes is not reported: a helper's `switch` over an option parameter, or its `if strict` branch, counts only with the options and flags the scan's calls pass (every branch stays possible for a `public` function, whose callers may be in another module). Of two overloads a call's labels fit (`store(_: String, …)` and `store(_: Data, …)`), the call runs the one whose parameter type its argument evidently has (a string literal, a construction such as `Data(…)`, a name declared with its type); when that is not evident, the call counts for both.",
                "Settings kept per instance stay apart: when one settings type serves several items (a key pair's public-key and private-key settings) and the accessibility is read from the instance a property names (`policies.privateKey.accessibility`, or a method or computed property called on it), only that instance's value reaches the query: the construction the code names, or, when the instance comes from outside (a library's public type whose users pass the settings in), what the type's initializers put in that property: the arguments of its calls in the scan, or the parameter's default. A weak default or preset a library offers for that item is reported, with its path; another item's value is not lent to it. Where the `protection` argument is read inside a method other modules can call, judged on its own, every instance the scan builds is possible (its users may call it on any of them), so a weak default or preset the library offers for any instance is reported there, with its path (a struct built by its memberwise initializer, which is at most internal, is built only by the library's own code, so its presets are those instances). An instance that code outside the scan builds through a public initializer taking the accessibility holds what that code chooses: it is not known, and `--verbose` says so. An instance counts however its construction is written: `KeyAccess(…)`, `KeyAccess.init(…)`, `Self(…)`, a static factory that returns one construction, and `.init(…)` where the code around it writes the type (a typed constant or variable, a parameter's default, the result type of a function or computed property, an argument of an initializer or function whose parameter type is written); a `.init(…)` whose type is not written there (an argument of a method called on an instance, a value assigned to a property or variable) is not followed: the instance it may build is not known, and `--verbose` says so. Code outside the scan that builds the settings is not seen, and a `var` property, which any code may set, keeps the values of every instance.",
                "Settings changed through builder methods count: a method that copies a settings struct, sets the accessibility on the copy and builds a new instance from it or returns it (`var copy = options; copy.accessibility = value; return Store(options: copy)`) gives the property that value, so a weak value passed to the builder is reported where the accessibility reaches the query, with the builder call in its path. A copy that is only read stays where it is and is not reported; a copy handed to other code, which the analysis does not follow, is not judged, and `--verbose` says so. In a library, a builder other modules can call takes what its users pass: when its parameter is the library's own public enum of accessibility options, any of its cases may be passed, so a weak case the library offers (`.always`) is reported, with its path, as weak presets and defaults a library offers are; when the parameter is the Security constant itself (or another type the library does not enumerate), what users pass is not known: nothing is judged, and `--verbose` says so.",
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

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "A keychain item or key is stored with kSecAttrAccessibleAlways or kSecAttrAccessibleAlwaysThisDeviceOnly (deprecated), or such a constant is the protection of SecAccessControlCreateWithFlags: the item is readable while the device is locked.",
        whatItDoes: """
            Flags `kSecAttrAccessible: kSecAttrAccessibleAlways…` in Objective-C dictionaries that reach \
            `SecItemAdd`, the attributes of `SecItemUpdate` or `SecKeyCreateRandomKey` (and its private and \
            public key attributes): `@{…}` literals, `dictionaryWithObjectsAndKeys:`, and \
            `NSMutableDictionary`s built in steps (`setObject:forKey:`, subscripts, `CFDictionaryAddValue`), \
            through bridged casts, locals, constants (the file's, or another Objective-C file's at file \
            scope, such as an `extern` constant defined in another `.m`), helpers of the same file, C \
            functions of other files and methods of classes other files implement, and \
            properties the file stores through `self` or an instance of the class (a property the class's \
            own code never sets: the stores other files make on an instance they build, `v.protection = …`, \
            or on the shared instance, `[[Vault sharedVault] setProtection:…]`). Also flags the \
            `protection` argument of `SecAccessControlCreateWithFlags` when it can be such a constant. The \
            finding is placed on the entry that sets the value.
            """,
        whatToDoInstead: """
            Use `kSecAttrAccessibleWhenUnlockedThisDeviceOnly` (or `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` \
            if the item must be read in the background).
            """,
        remediation:
            "Use kSecAttrAccessibleWhenUnlockedThisDeviceOnly (or AfterFirstUnlockThisDeviceOnly if the item must be read in the background).",
        notes: [
            "A lookup table (`@{ @\"Always\": (__bridge id)kSecAttrAccessibleAlways, … }[option]`) whose key the resolver cannot know may give any of its values: a weak one among them is reported, with the table's entry in the message.",
            "A weak value in a branch no call takes is not reported: a `switch` over a parameter, or an `if (strict)`, counts only with the values the call being followed passes, or else those the calls of the method or function pass (as for any parameter: the file's own, and other files' calls of a C function that is not static, of a class method, or of an instance method a header declares).",
            ProgramWrapperSetting.objectiveCRecognitionNote,
            "SAMKeychain's `+setAccessibilityType:` sets one accessibility for every later save of the process (add and update, of `SAMKeychain` and `SAMKeychainQuery` alike): an Always constant there (or its raw string, `(__bridge CFTypeRef)@\"dk\"`) is reported once, at that call, not at each save in other files. `SAMKeychainQuery.synchronizationMode` is not judged: the accessibility a synchronized item would conflict with is that process-wide setting, made elsewhere. UICKeyChainStore's `accessibility` property (dot syntax or `setAccessibility:`) and the first argument of `setAccessibility:authenticationPolicy:` are reported when Always.",
            "A copy of an Objective-C library bundled under another class name (a prefixed copy of SAMKeychain, `XYZKeychain`, which an SDK keeps so as not to clash with the app's own) is recognised by its declarations' shape: a header of the scan declares the class with the library's configuring call as written (`+setAccessibilityType:`) and each of its other calls as a method of the same kind named as Swift imports it (`+setPassword:forService:account:`, `+passwordForService:account:`, `+allAccounts`); class methods sent to it by name are then judged as the library's, and the message names the library. A class with only some of them is the app's own; the copy's own source (the files that declare or implement the class) is not reported, and nor is its query, whose accessibility is the setting made elsewhere. Instances of such a copy (`[[XYZKeychainQuery alloc] init]`) are not recognised.",
        ],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension WeakKeychainAccessibilityRule {
    static let objectiveCExamples: [RuleExample] = [
        .triggering(
            "A property the class's own code never sets, set by other code on the instances it uses: a local it builds, and the shared instance",
            files: [
                "Vault.h": """
                    @interface Vault : NSObject
                    @property (nonatomic, assign) CFStringRef protection;
                    + (instancetype)sharedVault;
                    - (OSStatus)save:(NSData *)secret;
                    @end
                    """,
                "Vault.m": """
                    #import "Vault.h"
                    @implementation Vault
                    - (OSStatus)save:(NSData *)secret {
                        NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                (__bridge id)kSecAttrAccessible: ↓(__bridge id)self.protection,
                                                (__bridge id)kSecValueData: secret};
                        return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    }
                    @end
                    """,
                "Setup.m": """
                    #import "Vault.h"
                    void SetUpVaults(NSData *token) {
                        Vault *widget = [[Vault alloc] init];
                        widget.protection = kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                        [widget save:token];
                        [[Vault sharedVault] setProtection:kSecAttrAccessibleAlways];
                    }
                    """,
            ],
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 4) → `[[Vault sharedVault] setProtection:]` (Setup.m:6))"
            ]),
        .nonTriggering(
            "The same property where the other code sets strong values only",
            files: [
                "Vault.h": """
                    @interface Vault : NSObject
                    @property (nonatomic, assign) CFStringRef protection;
                    + (instancetype)sharedVault;
                    - (OSStatus)save:(NSData *)secret;
                    @end
                    """,
                "Vault.m": """
                    #import "Vault.h"
                    @implementation Vault
                    - (OSStatus)save:(NSData *)secret {
                        NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                (__bridge id)kSecAttrAccessible: (__bridge id)self.protection,
                                                (__bridge id)kSecValueData: secret};
                        return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    }
                    @end
                    """,
                "Setup.m": """
                    #import "Vault.h"
                    void SetUpVaults(NSData *token) {
                        Vault *widget = [[Vault alloc] init];
                        widget.protection = kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                        [widget save:token];
                        [[Vault sharedVault] setProtection:kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly];
                    }
                    """,
            ]),
        .triggeringObjC(
            "A method maps its option to Always, and a call of the file passes that option",
            """
            typedef NS_ENUM(NSInteger, Protection) { ProtectionAlways, ProtectionWhenUnlocked };
            @implementation SecretStore
            - (void)setSecret:(NSData *)secret protection:(Protection)protection {
                CFStringRef accessible = kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                switch (protection) {
                    case ProtectionAlways: accessible = kSecAttrAccessibleAlways; break;
                    case ProtectionWhenUnlocked: break;
                }
                NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                        (__bridge id)kSecValueData: secret,
                                        (__bridge id)kSecAttrAccessible: ↓(__bridge id)accessible};
                NSLog(@"%d", (int)SecItemAdd((__bridge CFDictionaryRef)query, NULL));
            }
            - (void)saveWidgetToken:(NSData *)token {
                [self setSecret:token protection:ProtectionAlways];
            }
            @end
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 9) → assigned (line 6))"
            ]),
        .nonTriggeringObjC(
            "A branch no call takes: the Always case and the lenient branch are never chosen",
            """
            typedef NS_ENUM(NSInteger, Protection) { ProtectionAlways, ProtectionWhenUnlocked };
            @implementation SecretStore
            - (void)setSecret:(NSData *)secret protection:(Protection)protection {
                CFStringRef accessible = kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                switch (protection) {
                    case ProtectionAlways: accessible = kSecAttrAccessibleAlways; break;
                    case ProtectionWhenUnlocked: break;
                }
                NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                        (__bridge id)kSecValueData: secret,
                                        (__bridge id)kSecAttrAccessible: (__bridge id)accessible};
                NSLog(@"%d", (int)SecItemAdd((__bridge CFDictionaryRef)query, NULL));
            }
            - (CFStringRef)accessibilityStrict:(BOOL)strict {
                if (strict) { return kSecAttrAccessibleWhenUnlockedThisDeviceOnly; }
                else { return kSecAttrAccessibleAlways; }
            }
            - (void)saveSession:(NSData *)token {
                [self setSecret:token protection:ProtectionWhenUnlocked];
                NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                        (__bridge id)kSecValueData: token,
                                        (__bridge id)kSecAttrAccessible: (__bridge id)[self accessibilityStrict:YES]};
                NSLog(@"%d", (int)SecItemAdd((__bridge CFDictionaryRef)query, NULL));
            }
            @end
            """),
        .triggeringObjC(
            "SAMKeychain's process-wide setting and UICKeyChainStore's accessibility, in dot syntax, as a setter message and with a policy",
            """
            #import <SAMKeychain/SAMKeychain.h>
            #import "UICKeyChainStore.h"

            void configureKeychain(UICKeyChainStore *shared) {
                [SAMKeychain setAccessibilityType:↓kSecAttrAccessibleAlways];
                UICKeyChainStore *store = [UICKeyChainStore keyChainStoreWithService:@"com.example.bank"];
                store.accessibility = ↓UICKeyChainStoreAccessibilityAlwaysThisDeviceOnly;
                [shared setAccessibility:↓UICKeyChainStoreAccessibilityAlways];
                [store setAccessibility:↓UICKeyChainStoreAccessibilityAlways authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
            }
            """,
            messages: [
                wrapperMessage("`setAccessibilityType:kSecAttrAccessibleAlways` (SAMKeychain)", constant: "kSecAttrAccessibleAlways"),
                wrapperMessage("`accessibility = UICKeyChainStoreAccessibilityAlwaysThisDeviceOnly` (UICKeyChainStore)", constant: "kSecAttrAccessibleAlwaysThisDeviceOnly"),
                wrapperMessage("`accessibility = UICKeyChainStoreAccessibilityAlways` (UICKeyChainStore)", constant: "kSecAttrAccessibleAlways"),
                wrapperMessage("`setAccessibility:UICKeyChainStoreAccessibilityAlways` (UICKeyChainStore)", constant: "kSecAttrAccessibleAlways"),
            ],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggering(
            "A copy of SAMKeychain bundled under a prefixed class name: its header declares the library's class methods, and the app's setup sends the process-wide setting to it",
            files: [
                "Vendor/ACMEKeychain.h": """
                    @interface ACMEKeychain : NSObject
                    + (NSString *)passwordForService:(NSString *)service account:(NSString *)account;
                    + (NSData *)passwordDataForService:(NSString *)service account:(NSString *)account;
                    + (BOOL)deletePasswordForService:(NSString *)service account:(NSString *)account;
                    + (BOOL)setPassword:(NSString *)password forService:(NSString *)service account:(NSString *)account;
                    + (BOOL)setPasswordData:(NSData *)password forService:(NSString *)service account:(NSString *)account;
                    + (NSArray *)allAccounts;
                    + (NSArray *)accountsForService:(NSString *)service;
                    + (CFTypeRef)accessibilityType;
                    + (void)setAccessibilityType:(CFTypeRef)accessibilityType;
                    @end
                    """,
                "Session.m": """
                    #import "ACMEKeychain.h"
                    void RememberLogin(NSString *email, NSString *password) {
                        [ACMEKeychain setAccessibilityType:↓kSecAttrAccessibleAlways];
                        [ACMEKeychain setPassword:password forService:@"com.example.chat" account:email];
                    }
                    """,
            ],
            messages: [wrapperMessage("`setAccessibilityType:kSecAttrAccessibleAlways` (SAMKeychain)", constant: "kSecAttrAccessibleAlways")]),
        .nonTriggering(
            "Look-alikes of a copy: an app class with the library's setter and only some of its other methods, and a strong setting sent to a copy",
            files: [
                "Vendor/ACMEKeychain.h": """
                    @interface ACMEKeychain : NSObject
                    + (NSString *)passwordForService:(NSString *)service account:(NSString *)account;
                    + (NSData *)passwordDataForService:(NSString *)service account:(NSString *)account;
                    + (BOOL)deletePasswordForService:(NSString *)service account:(NSString *)account;
                    + (BOOL)setPassword:(NSString *)password forService:(NSString *)service account:(NSString *)account;
                    + (BOOL)setPasswordData:(NSData *)password forService:(NSString *)service account:(NSString *)account;
                    + (NSArray *)allAccounts;
                    + (NSArray *)accountsForService:(NSString *)service;
                    + (void)setAccessibilityType:(CFTypeRef)accessibilityType;
                    @end
                    """,
                "TokenShelf.h": """
                    @interface TokenShelf : NSObject
                    + (BOOL)setPassword:(NSString *)password forService:(NSString *)service account:(NSString *)account;
                    + (void)setAccessibilityType:(CFTypeRef)accessibilityType;
                    @end
                    """,
                "Session.m": """
                    #import "ACMEKeychain.h"
                    #import "TokenShelf.h"
                    void RememberLogin(NSString *email, NSString *password) {
                        [ACMEKeychain setAccessibilityType:kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly];
                        [TokenShelf setAccessibilityType:kSecAttrAccessibleAlways];
                        [ACMEKeychain setPassword:password forService:@"com.example.chat" account:email];
                    }
                    """,
            ]),
        .nonTriggeringObjC(
            "Look-alikes: an app class with the same selectors, a file without the library's header, reads, and the library's own source",
            """
            #import "UICKeyChainStore.h"

            @interface LegacySettings : NSObject
            @property (nonatomic) NSInteger accessibility;
            + (void)setAccessibilityType:(CFTypeRef)type;
            @end

            void configure(LegacySettings *settings, UICKeyChainStore *store) {
                settings.accessibility = 3;
                [LegacySettings setAccessibilityType:kSecAttrAccessibleAlways];
                [SAMKeychain setAccessibilityType:kSecAttrAccessibleAlways];
                store.accessibility = UICKeyChainStoreAccessibilityAfterFirstUnlockThisDeviceOnly;
                NSString *token = [store stringForKey:@"token"];
            }
            """),
        .nonTriggeringObjC(
            "The library's own source (it implements the class): not an app calling the library",
            """
            #import "UICKeyChainStore.h"

            @implementation UICKeyChainStore
            + (UICKeyChainStore *)legacyStore {
                UICKeyChainStore *store = [[UICKeyChainStore alloc] init];
                store.accessibility = UICKeyChainStoreAccessibilityAlways;
                return store;
            }
            @end
            """),
        .triggeringObjC(
            "A literal query, and a mutable dictionary built in steps",
            """
            void save(NSData *secret) {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessible: ↓(__bridge id)kSecAttrAccessibleAlways,
                    (__bridge id)kSecValueData: secret,
                };
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);

                NSMutableDictionary *attributes = [NSMutableDictionary dictionary];
                [attributes setObject:(__bridge id)kSecClassGenericPassword forKey:(__bridge id)kSecClass];
                [attributes setObject:↓(__bridge id)kSecAttrAccessibleAlwaysThisDeviceOnly forKey:(__bridge id)kSecAttrAccessible];
                SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);
            }
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 2))",
                "`kSecAttrAccessibleAlwaysThisDeviceOnly` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `attributes` (line 9) → `attributes` set (line 10) → `attributes` set (line 11))",
            ],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .triggeringObjC(
            "A query built in steps whose access-control branch has more possible values than are kept (every protection by every flag an option may choose), and whose other branch sets the accessibility",
            """
            typedef NS_ENUM(NSInteger, Retention) { RetentionSession, RetentionDevice, RetentionBackground, RetentionForever };
            typedef NS_ENUM(NSInteger, Gate) { GateFinger, GateFingerAndPasscode, GateFingerAndPassword, GatePassword, GateFingerAndBoth, GateWatchOrFinger, GatePasscodeAndPassword, GateAll };
            static CFStringRef Protection(Retention retention) {
                switch (retention) {
                    case RetentionSession: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                    case RetentionDevice: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                    case RetentionBackground: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                    default: return kSecAttrAccessibleAlways;
                }
            }
            static CFStringRef DeviceProtection(Retention retention) {
                switch (retention) {
                    case RetentionSession: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                    case RetentionDevice: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                    case RetentionBackground: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                    default: return kSecAttrAccessibleAlwaysThisDeviceOnly;
                }
            }
            static SecAccessControlCreateFlags Flags(Gate gate) {
                switch (gate) {
                    case GateFinger: return kSecAccessControlBiometryCurrentSet;
                    case GateFingerAndPasscode: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlDevicePasscode;
                    case GateFingerAndPassword: return kSecAccessControlBiometryCurrentSet | kSecAccessControlApplicationPassword;
                    case GatePassword: return kSecAccessControlApplicationPassword;
                    case GateFingerAndBoth: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlApplicationPassword;
                    case GateWatchOrFinger: return kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | kSecAccessControlCompanion;
                    case GatePasscodeAndPassword: return kSecAccessControlDevicePasscode | kSecAccessControlAnd | kSecAccessControlApplicationPassword;
                    default: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlDevicePasscode | kSecAccessControlApplicationPassword;
                }
            }
            OSStatus Keep(NSData *blob, Retention retention, Gate gate, BOOL guarded, NSString *label, NSString *group) {
                NSMutableDictionary *item = [NSMutableDictionary dictionary];
                item[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                item[(__bridge id)kSecValueData] = blob;
                if (label) { item[(__bridge id)kSecAttrLabel] = label; }
                if (group) { item[(__bridge id)kSecAttrAccessGroup] = group; }
                if (guarded) {
                    CFErrorRef error = NULL;
                    SecAccessControlRef control = SecAccessControlCreateWithFlags(NULL, ↓DeviceProtection(retention), Flags(gate), &error);
                    if (control == NULL) { CFRelease(error); return errSecParam; }
                    item[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)control;
                } else {
                    item[(__bridge id)kSecAttrAccessible] = ↓(__bridge id)Protection(retention);
                }
                return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
            }
            """,
            messages: [
                "`kSecAttrAccessibleAlwaysThisDeviceOnly` as the protection of SecAccessControlCreateWithFlags makes the item readable while the device is locked (deprecated since iOS 12), whatever the access control flags (via `DeviceProtection()` (line 11))",
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `item` (line 32) → `item` set (line 33) → `item` set (line 34) → `item` set (line 43))",
            ],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .nonTriggeringObjC(
            "The same query where neither branch can be given a weak accessibility",
            """
            typedef NS_ENUM(NSInteger, Retention) { RetentionSession, RetentionDevice, RetentionBackground, RetentionForever };
            typedef NS_ENUM(NSInteger, Gate) { GateFinger, GateFingerAndPasscode, GateFingerAndPassword, GatePassword, GateFingerAndBoth, GateWatchOrFinger, GatePasscodeAndPassword, GateAll };
            static CFStringRef Protection(Retention retention) {
                switch (retention) {
                    case RetentionSession: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                    case RetentionDevice: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                    case RetentionBackground: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                    default: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                }
            }
            static CFStringRef DeviceProtection(Retention retention) {
                switch (retention) {
                    case RetentionSession: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                    case RetentionDevice: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                    case RetentionBackground: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                    default: return kSecAttrAccessibleWhenUnlocked;
                }
            }
            static SecAccessControlCreateFlags Flags(Gate gate) {
                switch (gate) {
                    case GateFinger: return kSecAccessControlBiometryCurrentSet;
                    case GateFingerAndPasscode: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlDevicePasscode;
                    case GateFingerAndPassword: return kSecAccessControlBiometryCurrentSet | kSecAccessControlApplicationPassword;
                    case GatePassword: return kSecAccessControlApplicationPassword;
                    case GateFingerAndBoth: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlApplicationPassword;
                    case GateWatchOrFinger: return kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | kSecAccessControlCompanion;
                    case GatePasscodeAndPassword: return kSecAccessControlDevicePasscode | kSecAccessControlAnd | kSecAccessControlApplicationPassword;
                    default: return kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlDevicePasscode | kSecAccessControlApplicationPassword;
                }
            }
            OSStatus Keep(NSData *blob, Retention retention, Gate gate, BOOL guarded, NSString *label, NSString *group) {
                NSMutableDictionary *item = [NSMutableDictionary dictionary];
                item[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                item[(__bridge id)kSecValueData] = blob;
                if (label) { item[(__bridge id)kSecAttrLabel] = label; }
                if (group) { item[(__bridge id)kSecAttrAccessGroup] = group; }
                if (guarded) {
                    CFErrorRef error = NULL;
                    SecAccessControlRef control = SecAccessControlCreateWithFlags(NULL, DeviceProtection(retention), Flags(gate), &error);
                    if (control == NULL) { CFRelease(error); return errSecParam; }
                    item[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)control;
                } else {
                    item[(__bridge id)kSecAttrAccessible] = (__bridge id)Protection(retention);
                }
                return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
            }
            """,
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "A lookup table of options as the protection of an access control",
            """
            CFStringRef accessible(NSString *option) {
                NSDictionary *table = @{
                    @"WhenUnlocked": (__bridge NSString *)kSecAttrAccessibleWhenUnlocked,
                    @"Always": (__bridge NSString *)kSecAttrAccessibleAlways,
                };
                NSString *value = table[option];
                if (value) {
                    return (__bridge CFStringRef)value;
                }
                return kSecAttrAccessibleAfterFirstUnlock;
            }
            void protect(NSString *option) {
                SecAccessControlCreateWithFlags(NULL, ↓accessible(option), kSecAccessControlBiometryCurrentSet, NULL);
            }
            """,
            messages: [
                "`kSecAttrAccessibleAlways` as the protection of SecAccessControlCreateWithFlags makes the item readable while the device is locked (deprecated since iOS 12), whatever the access control flags (via `accessible()` (line 1) → `value` (line 6) → `table` (line 2) → `table[\"Always\"]` (line 4))",
            ],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "A helper method's dictionary, given the weak constant by its caller",
            """
            @implementation Store
            + (NSDictionary *)attributesWithAccessibility:(CFStringRef)accessibility {
                return @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                          (__bridge id)kSecAttrAccessible: ↓(__bridge id)accessibility };
            }
            - (void)save {
                NSDictionary *attributes = [Store attributesWithAccessibility:kSecAttrAccessibleAlways];
                OSStatus status = SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);
                if (status != errSecSuccess) { NSLog(@"%d", (int)status); }
            }
            @end
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `attributes` (line 7) → `attributesWithAccessibility:` (line 2) → argument `accessibility` of the call (line 7))",
            ]),
        .triggeringObjC(
            "A property set when the object is made, read by the method that stores",
            """
            @implementation Store
            - (instancetype)init {
                self = [super init];
                self.accessibility = kSecAttrAccessibleAlways;
                return self;
            }
            - (OSStatus)save:(NSData *)secret {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrAccessible: ↓(__bridge id)self.accessibility,
                                         (__bridge id)kSecValueData: secret };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 8) → `self.accessibility` (line 4))",
            ]),
        .triggeringObjC(
            "A property another class sets on an instance it makes",
            """
            @implementation Vault
            - (OSStatus)save:(NSData *)secret {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrAccessible: ↓(__bridge id)self.accessibility,
                                         (__bridge id)kSecValueData: secret };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            @implementation VaultFactory
            + (Vault *)backgroundVault {
                Vault *vault = [[Vault alloc] init];
                vault.accessibility = kSecAttrAccessibleAlways;
                return vault;
            }
            @end
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 3) → `vault.accessibility` (line 12))",
            ]),
        .triggeringObjC(
            "A method reads the protection of the instance it is sent to: the legacy key pair's private key",
            """
            @implementation KeyProtection
            - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                if ((self = [super init])) {
                    _protection = protection;
                    _flags = flags;
                }
                return self;
            }
            - (SecAccessControlRef)accessControl {
                return SecAccessControlCreateWithFlags(NULL, ↓self.protection, self.flags, NULL);
            }
            @end
            @implementation LegacyKeyPair
            - (instancetype)init {
                if ((self = [super init])) {
                    _publicKey = [[KeyProtection alloc] initWithProtection:kSecAttrAccessibleWhenUnlocked flags:0];
                    _privateKey = [[KeyProtection alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly
                                                                      flags:kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet];
                }
                return self;
            }
            - (SecAccessControlRef)signingAccess {
                return [self.privateKey accessControl];
            }
            @end
            """,
            messages: [
                "`kSecAttrAccessibleAlwaysThisDeviceOnly` as the protection of SecAccessControlCreateWithFlags makes the item readable while the device is locked (deprecated since iOS 12), whatever the access control flags (via `accessControl` is sent to the instance (line 23) → `_privateKey` (line 17) → instance built by `[[KeyProtection alloc] initWithProtection:kSecAttrAccessi…` (line 17) → `_protection` (line 4) → argument `protection` of the call (line 17))",
            ],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .nonTriggeringObjC(
            "A method reads the protection of the instance it is sent to: only the private key's, which is strong, reaches it",
            """
            @implementation KeyProtection
            - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                if ((self = [super init])) {
                    _protection = protection;
                    _flags = flags;
                }
                return self;
            }
            - (SecAccessControlRef)accessControl {
                return SecAccessControlCreateWithFlags(NULL, self.protection, self.flags, NULL);
            }
            @end
            @implementation SigningKeyPair
            - (instancetype)init {
                if ((self = [super init])) {
                    _publicKey = [[KeyProtection alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly flags:0];
                    _privateKey = [[KeyProtection alloc] initWithProtection:kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                                                                      flags:kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet];
                }
                return self;
            }
            - (SecAccessControlRef)signingAccess {
                return [self.privateKey accessControl];
            }
            @end
            """),
        .triggering(
            "A property of an instance of a class of another file, given by the instance's initializer",
            files: [
                "KeychainConfig.h": """
                    @interface KeychainConfig : NSObject
                    - (instancetype)initWithProtection:(CFStringRef)protection;
                    @property (nonatomic, readonly) CFStringRef protection;
                    @end
                    """,
                "KeychainConfig.m": """
                    #import "KeychainConfig.h"
                    @implementation KeychainConfig
                    - (instancetype)initWithProtection:(CFStringRef)protection {
                        if ((self = [super init])) {
                            _protection = protection;
                        }
                        return self;
                    }
                    @end
                    """,
                "TokenStore.m": """
                    #import "KeychainConfig.h"
                    OSStatus SaveToken(NSData *token) {
                        KeychainConfig *widget = [[KeychainConfig alloc] initWithProtection:kSecAttrAccessibleAlways];
                        KeychainConfig *session = [[KeychainConfig alloc] initWithProtection:kSecAttrAccessibleWhenUnlockedThisDeviceOnly];
                        NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                 (__bridge id)kSecAttrAccessible: ↓(__bridge id)widget.protection,
                                                 (__bridge id)kSecValueData: token };
                        return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    }
                    """,
            ],
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 5) → `widget` (line 3) → instance built by `[[KeychainConfig alloc] initWithProtection:kSecAttrAccess…` (line 3) → `_protection` (KeychainConfig.m:5) → argument `protection` of the call (line 3))",
            ]),
        .nonTriggering(
            "A property of an instance of a class of another file: the strong instance's, beside a weak one",
            files: [
                "KeychainConfig.h": """
                    @interface KeychainConfig : NSObject
                    - (instancetype)initWithProtection:(CFStringRef)protection;
                    @property (nonatomic, readonly) CFStringRef protection;
                    @end
                    """,
                "KeychainConfig.m": """
                    #import "KeychainConfig.h"
                    @implementation KeychainConfig
                    - (instancetype)initWithProtection:(CFStringRef)protection {
                        if ((self = [super init])) {
                            _protection = protection;
                        }
                        return self;
                    }
                    @end
                    """,
                "TokenStore.m": """
                    #import "KeychainConfig.h"
                    OSStatus SaveToken(NSData *token) {
                        KeychainConfig *widget = [[KeychainConfig alloc] initWithProtection:kSecAttrAccessibleAlways];
                        KeychainConfig *session = [[KeychainConfig alloc] initWithProtection:kSecAttrAccessibleWhenUnlockedThisDeviceOnly];
                        NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                 (__bridge id)kSecAttrAccessible: (__bridge id)session.protection,
                                                 (__bridge id)kSecValueData: token };
                        return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    }
                    """,
            ],),
        .triggering(
            "A constant declared extern in a header and defined in another file",
            files: [
                "Keys.h": """
                    extern CFStringRef const kTokenProtection;
                    """,
                "Keys.m": """
                    #import "Keys.h"
                    CFStringRef const kTokenProtection = kSecAttrAccessibleAlwaysThisDeviceOnly;
                    """,
                "TokenStore.m": """
                    #import "Keys.h"
                    OSStatus SaveToken(NSData *token) {
                        NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                 (__bridge id)kSecAttrAccessible: ↓(__bridge id)kTokenProtection,
                                                 (__bridge id)kSecValueData: token };
                        return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    }
                    """,
            ],
            messages: [
                "`kSecAttrAccessibleAlwaysThisDeviceOnly` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 3) → `kTokenProtection` (Keys.m:2))",
            ]),
        .triggeringObjC(
            "A helper that stores with the accessibility its caller passes",
            """
            @implementation Store
            - (OSStatus)store:(NSData *)secret accessibility:(CFStringRef)accessibility {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrAccessible: ↓(__bridge id)accessibility,
                                         (__bridge id)kSecValueData: secret };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            - (OSStatus)saveToken:(NSData *)token {
                return [self store:token accessibility:kSecAttrAccessibleAlways];
            }
            @end
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 3) → `accessibility` passed by the call (line 9))",
            ]),
        .nonTriggeringObjC(
            "A property only ever given by the caller, and another class's weak property",
            """
            @implementation Legacy
            - (instancetype)init { self = [super init]; _accessibility = kSecAttrAccessibleAlways; return self; }
            @end
            @implementation Store
            - (instancetype)initWithAccessibility:(CFStringRef)accessibility {
                self = [super init];
                _accessibility = accessibility;
                return self;
            }
            - (OSStatus)save:(NSData *)secret {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrAccessible: (__bridge id)self.accessibility,
                                         (__bridge id)kSecValueData: secret };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """),
        .nonTriggeringObjC(
            "A strong accessibility set on an instance, and a weak one set on an object of another class",
            """
            @implementation Vault
            - (OSStatus)save:(NSData *)secret {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrAccessible: (__bridge id)self.accessibility,
                                         (__bridge id)kSecValueData: secret };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            @implementation Setup
            - (void)configure:(Vault *)vault cache:(Cache *)cache {
                vault.accessibility = kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                cache.accessibility = kSecAttrAccessibleAlways;
            }
            @end
            """),
        .nonTriggeringObjC(
            "A strong constant, and a weak one only searched for",
            """
            void save(NSData *secret) {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    (__bridge id)kSecValueData: secret,
                };
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                NSDictionary *search = @{ (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAlways };
                SecItemDelete((__bridge CFDictionaryRef)search);
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .triggeringObjC(
            "A query built in steps from many optional attributes, whose accessibility is the class's own option mapped case by case: the weak case is still among the shapes judged",
            """
            #import <Foundation/Foundation.h>
            #import <Security/Security.h>

            typedef NS_ENUM(NSInteger, LockerProtection) { LockerProtectionUnlocked, LockerProtectionFirstUnlock, LockerProtectionAnyTime };

            @implementation Locker {
                LockerProtection _protection;
                NSString *_label, *_note, *_group, *_summary;
                NSNumber *_creator, *_port;
                SecAccessControlRef _accessControl;
            }
            - (CFStringRef)protectionConstant {
                switch (_protection) {
                    case LockerProtectionUnlocked: return kSecAttrAccessibleWhenUnlocked;
                    case LockerProtectionFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock;
                    case LockerProtectionAnyTime: return kSecAttrAccessibleAlways;
                }
                return kSecAttrAccessibleWhenUnlocked;
            }
            - (NSMutableDictionary *)attributesForData:(NSData *)data {
                NSMutableDictionary *attributes = [NSMutableDictionary dictionary];
                attributes[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                attributes[(__bridge id)kSecValueData] = data;
                if (_label) { attributes[(__bridge id)kSecAttrLabel] = _label; }
                if (_note) { attributes[(__bridge id)kSecAttrComment] = _note; }
                if (_group) { attributes[(__bridge id)kSecAttrAccessGroup] = _group; }
                if (_summary) { attributes[(__bridge id)kSecAttrDescription] = _summary; }
                if (_creator) { attributes[(__bridge id)kSecAttrCreator] = _creator; }
                if (_port) { attributes[(__bridge id)kSecAttrPort] = _port; }
                if (_accessControl) {
                    attributes[(__bridge id)kSecAttrAccessControl] = (__bridge id)_accessControl;
                } else {
                    attributes[(__bridge id)kSecAttrAccessible] = ↓(__bridge id)[self protectionConstant];
                }
                return attributes;
            }
            - (OSStatus)saveData:(NSData *)data {
                return SecItemAdd((__bridge CFDictionaryRef)[self attributesForData:data], NULL);
            }
            @end
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12)"
            ]),
        .nonTriggeringObjC(
            "The same query whose option for any time maps to an accessibility that waits for the first unlock",
            """
            #import <Foundation/Foundation.h>
            #import <Security/Security.h>

            typedef NS_ENUM(NSInteger, LockerProtection) { LockerProtectionUnlocked, LockerProtectionFirstUnlock, LockerProtectionAnyTime };

            @implementation Locker {
                LockerProtection _protection;
                NSString *_label, *_note, *_group, *_summary;
                NSNumber *_creator, *_port;
                SecAccessControlRef _accessControl;
            }
            - (CFStringRef)protectionConstant {
                switch (_protection) {
                    case LockerProtectionUnlocked: return kSecAttrAccessibleWhenUnlocked;
                    case LockerProtectionFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock;
                    case LockerProtectionAnyTime: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                }
                return kSecAttrAccessibleWhenUnlocked;
            }
            - (NSMutableDictionary *)attributesForData:(NSData *)data {
                NSMutableDictionary *attributes = [NSMutableDictionary dictionary];
                attributes[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                attributes[(__bridge id)kSecValueData] = data;
                if (_label) { attributes[(__bridge id)kSecAttrLabel] = _label; }
                if (_note) { attributes[(__bridge id)kSecAttrComment] = _note; }
                if (_group) { attributes[(__bridge id)kSecAttrAccessGroup] = _group; }
                if (_summary) { attributes[(__bridge id)kSecAttrDescription] = _summary; }
                if (_creator) { attributes[(__bridge id)kSecAttrCreator] = _creator; }
                if (_port) { attributes[(__bridge id)kSecAttrPort] = _port; }
                if (_accessControl) {
                    attributes[(__bridge id)kSecAttrAccessControl] = (__bridge id)_accessControl;
                } else {
                    attributes[(__bridge id)kSecAttrAccessible] = (__bridge id)[self protectionConstant];
                }
                return attributes;
            }
            - (OSStatus)saveData:(NSData *)data {
                return SecItemAdd((__bridge CFDictionaryRef)[self attributesForData:data], NULL);
            }
            @end
            """),
        .nonTriggeringObjC(
            "A wrapper maps its own option, held in an instance variable, with a switch; only its initializer sets the option, so the case for any time never runs",
            objectiveCOptionMapping("")),
        .triggeringObjC(
            "The same wrapper when one of its methods switches the option to any time: the mapped constant is reported",
            objectiveCOptionMapping("- (void)keepReadableWhenLocked { _protection = SafeProtectionAnyTime; }", marked: true),
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12)"
            ]),
        .nonTriggering(
            "A framework that only the project's app links: no user outside the scan sets its public option, and the app never does",
            files: objectiveCFrameworkOption(withApp: true)),
        .triggering(
            "The same framework with no app in the scan is a library: its users may choose the option for any time",
            files: objectiveCFrameworkOption(withApp: false),
            messages: ["`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12)"]),
    ]

    /// An Xcode project with the framework SafeKit, whose header declares a public option
    /// property that its implementation maps to an accessibility constant, set to the first-unlock
    /// option by its initializer; `withApp` adds the app Notes that links and embeds it and
    /// stores a note without setting the option.
    private static func objectiveCFrameworkOption(withApp: Bool) -> [String: String] {
        var targets = [MissingFaceIDUsageDescriptionRule.ExampleTarget(name: "SafeKit", productType: "framework", sources: ["SafeKit/Safe.m"], settings: ["SDKROOT": "iphoneos"])]
        var files: [String: String] = [
            "SafeKit/Safe.h": """
                #import <Foundation/Foundation.h>

                typedef NS_ENUM(NSInteger, SafeProtection) { SafeProtectionUnlocked, SafeProtectionFirstUnlock, SafeProtectionAnyTime };

                @interface Safe : NSObject
                @property (nonatomic) SafeProtection protection;
                - (OSStatus)saveData:(NSData *)data;
                @end
                """,
            "SafeKit/Safe.m": """
                #import "Safe.h"
                #import <Security/Security.h>

                @implementation Safe
                - (instancetype)init {
                    self = [super init];
                    if (self) {
                        _protection = SafeProtectionFirstUnlock;
                    }
                    return self;
                }
                - (CFTypeRef)protectionConstant {
                    switch (_protection) {
                        case SafeProtectionUnlocked: return kSecAttrAccessibleWhenUnlocked;
                        case SafeProtectionFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock;
                        case SafeProtectionAnyTime: return kSecAttrAccessibleAlways;
                        default: return kSecAttrAccessibleWhenUnlocked;
                    }
                }
                - (OSStatus)saveData:(NSData *)data {
                    NSDictionary *item = @{
                        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                        (__bridge id)kSecAttrAccessible: \(withApp ? "" : "↓")(__bridge id)[self protectionConstant],
                        (__bridge id)kSecValueData: data,
                    };
                    return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                }
                @end
                """,
        ]
        if withApp {
            targets.insert(.init(name: "Notes", sources: ["Notes/Notes.m"], settings: ["SDKROOT": "iphoneos"], dependencies: ["SafeKit"], links: ["SafeKit"], embeds: ["SafeKit"]), at: 0)
            files["Notes/Notes.m"] = """
                #import "Safe.h"

                void SaveNote(NSData *note) {
                    Safe *safe = [[Safe alloc] init];
                    [safe saveData:note];
                }
                """
        }
        files["Notes.xcodeproj/project.pbxproj"] = MissingFaceIDUsageDescriptionRule.xcodeProject(targets)
        return files
    }

    /// A class that maps its own option `_protection` to an accessibility constant, set to the
    /// first-unlock option by its initializer; `extra` is one more method of the class. With
    /// `marked`, the accessibility entry carries the finding's mark.
    private static func objectiveCOptionMapping(_ extra: String, marked: Bool = false) -> String {
        """
        #import <Foundation/Foundation.h>
        #import <Security/Security.h>

        typedef NS_ENUM(NSInteger, SafeProtection) { SafeProtectionUnlocked, SafeProtectionFirstUnlock, SafeProtectionAnyTime };

        @implementation Safe {
            SafeProtection _protection;
        }
        - (instancetype)init {
            self = [super init];
            if (self) {
                _protection = SafeProtectionFirstUnlock;
            }
            return self;
        }
        \(extra.isEmpty ? "- (void)reset { }" : extra)
        - (CFTypeRef)protectionConstant {
            switch (_protection) {
                case SafeProtectionUnlocked: return kSecAttrAccessibleWhenUnlocked;
                case SafeProtectionFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock;
                case SafeProtectionAnyTime: return kSecAttrAccessibleAlways;
                default: return kSecAttrAccessibleWhenUnlocked;
            }
        }
        - (OSStatus)saveData:(NSData *)data {
            NSDictionary *item = @{
                (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                (__bridge id)kSecAttrAccessible: \(marked ? "↓" : "")(__bridge id)[self protectionConstant],
                (__bridge id)kSecValueData: data,
            };
            return SecItemAdd((__bridge CFDictionaryRef)item, NULL);
        }
        @end
        """
    }
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
            "A helper building the attributes from many optional pieces sets the accessibility after an early return",
            """
            func attributes(label: String?, note: String?, group: String?, summary: String?, maker: String?,
                            port: Int?, background: Bool, data: Data) -> [String: Any] {
                var attributes: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
                if let label { attributes[kSecAttrLabel as String] = label }
                if let note { attributes[kSecAttrComment as String] = note }
                if let group { attributes[kSecAttrAccessGroup as String] = group }
                if let summary { attributes[kSecAttrDescription as String] = summary }
                if let maker { attributes[kSecAttrCreator as String] = maker }
                if let port { attributes[kSecAttrPort as String] = port }
                guard background else { return attributes }
                attributes[kSecAttrAccessible as String] = ↓kSecAttrAccessibleAlways
                return attributes
            }
            func save(data: Data, background: Bool) {
                let query = attributes(label: nil, note: nil, group: nil, summary: nil, maker: nil, port: nil,
                                       background: background, data: data)
                print(SecItemAdd(query as CFDictionary, nil))
            }
            """,
            messages: [WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")]),
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
            "A preset written `.init(…)` with its type in the declaration: its argument reaches the initializer's parameter",
            """
            struct ItemSettings {
                let accessibility: CFString
                init(accessibility: CFString) {
                    self.accessibility = accessibility
                }
                static let standard = ItemSettings(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
                static let legacy: Self = .init(accessibility: kSecAttrAccessibleAlways)
            }

            func save(_ data: Data, settings: ItemSettings) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrAccessible as String: ↓settings.accessibility,
                    kSecValueData as String: data,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 11) → `ItemSettings.accessibility` (line 2) → assigned (line 4) → argument `accessibility` of the call (line 7))"
            ]),
        .triggering(
            "An app's own setting mapped to the accessibility by a dictionary: the entry for the key a caller passes",
            """
            enum ItemProtection {
                case unlocked
                case anyTime
            }

            private let protectionTable: [ItemProtection: CFString] = [
                .unlocked: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                .anyTime: kSecAttrAccessibleAlways,
            ]

            func save(_ data: Data, protection: ItemProtection) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecValueData as String: data,
                    kSecAttrAccessible as String: ↓protectionTable[protection]!,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }

            func saveSession(_ data: Data) -> OSStatus {
                save(data, protection: .anyTime)
            }
            """,
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 12) → `protectionTable[.anyTime]` (line 8) → `protectionTable` (line 6) → argument `protection` of the call (line 21))"
            ]),
        .nonTriggering(
            "The same table, where every caller passes a key whose entry is strong: the weak entry is never looked up",
            """
            enum ItemProtection {
                case unlocked
                case anyTime
            }

            private let protectionTable: [ItemProtection: CFString] = [
                .unlocked: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                .anyTime: kSecAttrAccessibleAlways,
            ]

            func save(_ data: Data, protection: ItemProtection) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecValueData as String: data,
                    kSecAttrAccessible as String: protectionTable[protection]!,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }

            func saveSession(_ data: Data) -> OSStatus {
                save(data, protection: .unlocked)
            }
            """),
        .nonTriggering(
            "Presets written `.init(…)` and `Self(…)` that are all strong; a `.init(…)` given to a method of another type, where its type is not written, may build an instance whose value is not known: it is not judged",
            """
            struct ItemSettings {
                let accessibility: CFString
                init(accessibility: CFString) {
                    self.accessibility = accessibility
                }
                static let standard: ItemSettings = .init(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
                static let background = Self(accessibility: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly)
            }

            final class Vault {
                func use(_ settings: ItemSettings) {}
            }

            func save(_ data: Data, settings: ItemSettings, vault: Vault) -> OSStatus {
                vault.use(.init(accessibility: kSecAttrAccessibleAlways))
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrAccessible as String: settings.accessibility,
                    kSecValueData as String: data,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
        .triggering(
            "A method reads the protection of the instance it is called on: the legacy key pair's private key",
            files: [
                "KeyProtection.swift": """
                    final class KeyProtection {
                        let protection: CFString
                        let flags: SecAccessControlCreateFlags
                        init(protection: CFString, flags: SecAccessControlCreateFlags) {
                            self.protection = protection
                            self.flags = flags
                        }
                        func accessControl() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, ↓protection, flags, nil)
                        }
                    }
                    struct KeyPairConfig {
                        let publicKey: KeyProtection
                        let privateKey: KeyProtection
                    }
                    """,
                "Keys.swift": """
                    let legacyKeys = KeyPairConfig(
                        publicKey: KeyProtection(protection: kSecAttrAccessibleWhenUnlocked, flags: []),
                        privateKey: KeyProtection(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [.privateKeyUsage, .biometryCurrentSet]))
                    func makeSigningAccess() -> SecAccessControl? {
                        legacyKeys.privateKey.accessControl()
                    }
                    """,
            ],
            messages: [
                WeakKeychainAccessibilityJudgement.protectionMessage("`kSecAttrAccessibleAlwaysThisDeviceOnly`")
                    + " (via instance `accessControl()` is called on (Keys.swift:5) → argument `privateKey` of the call (Keys.swift:1) → `KeyProtection.protection` (line 2) → assigned (line 5) → argument `protection` of the call (Keys.swift:3))"
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .triggering(
            "An app's own store maps its option through an enum property: the path names the caller that passes the weak case",
            files: [
                "TokenStore.swift": """
                    enum StoreAccessibility {
                        case whenUnlocked, always
                        var attribute: CFString {
                            switch self {
                            case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
                            case .always: return kSecAttrAccessibleAlways
                            }
                        }
                    }
                    final class TokenStore {
                        func save(_ data: Data, accessibility: StoreAccessibility) -> Bool {
                            let query: [String: Any] = [
                                kSecClass as String: kSecClassGenericPassword,
                                kSecValueData as String: data,
                                kSecAttrAccessible as String: ↓accessibility.attribute,
                            ]
                            return SecItemAdd(query as CFDictionary, nil) == errSecSuccess
                        }
                    }
                    """,
                "App.swift": """
                    func persist(token: Data, widgetToken: Data) {
                        let store = TokenStore()
                        _ = store.save(token, accessibility: .whenUnlocked)
                        _ = store.save(widgetToken, accessibility: .always)
                    }
                    """,
            ],
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 12) → `StoreAccessibility.attribute` (line 3) → case .always (line 6) → argument `accessibility` of the call (App.swift:4))"
            ]),
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
            messages: [WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the private key attributes of SecKeyCreateRandomKey") + " (via `attributes` (line 2))"],
            alsoTriggers: ["swift.key_without_user_authentication"]),
        .triggering(
            "An app's own helper maps its option to Always, and a caller passes that option",
            files: [
                "Store.swift": """
                    enum Protection { case always, whenUnlocked }
                    final class SecretStore {
                        func set(_ secret: Data, account: String, protection: Protection) {
                            var accessible: CFString
                            switch protection {
                            case .always: accessible = kSecAttrAccessibleAlways
                            case .whenUnlocked: accessible = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                            }
                            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                        kSecAttrAccount as String: account,
                                                        kSecValueData as String: secret,
                                                        kSecAttrAccessible as String: ↓accessible]
                            print(SecItemAdd(query as CFDictionary, nil))
                        }
                    }
                    """,
                "Sync.swift": """
                    func saveWidgetToken(_ token: Data, store: SecretStore) {
                        store.set(token, account: "widget", protection: .always)
                    }
                    """,
            ],
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 9) → `accessible` (line 4) → case .always (line 6) → assigned (line 6))"
            ]),
        .nonTriggering(
            "A method reads the protection of the instance it is called on: only the private key's, which is strong, reaches it",
            files: [
                "KeyProtection.swift": """
                    final class KeyProtection {
                        let protection: CFString
                        let flags: SecAccessControlCreateFlags
                        init(protection: CFString, flags: SecAccessControlCreateFlags) {
                            self.protection = protection
                            self.flags = flags
                        }
                        func accessControl() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, protection, flags, nil)
                        }
                    }
                    struct KeyPairConfig {
                        let publicKey: KeyProtection
                        let privateKey: KeyProtection
                    }
                    """,
                "Keys.swift": """
                    let signingKeys = KeyPairConfig(
                        publicKey: KeyProtection(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
                        privateKey: KeyProtection(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage, .biometryCurrentSet]))
                    func makeSigningAccess() -> SecAccessControl? {
                        signingKeys.privateKey.accessControl()
                    }
                    """,
            ]),
        .triggering(
            "A library's public key-pair policies: the private key's own default is weak, reported with the path from the library's initializer",
            files: [
                "Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(
                        name: "VaultKit",
                        products: [.library(name: "VaultKit", targets: ["VaultKit"])],
                        targets: [.target(name: "VaultKit")])
                    """,
                "Sources/VaultKit/Policies.swift": """
                    public struct ItemPolicy {
                        public let accessibility: CFString
                        public init(accessibility: CFString) {
                            self.accessibility = accessibility
                        }
                    }
                    public struct KeyPairPolicies {
                        public let publicKey: ItemPolicy
                        public let privateKey: ItemPolicy
                        public init(
                            publicKey: ItemPolicy = ItemPolicy(accessibility: kSecAttrAccessibleWhenUnlocked),
                            privateKey: ItemPolicy = ItemPolicy(accessibility: kSecAttrAccessibleAlwaysThisDeviceOnly)
                        ) {
                            self.publicKey = publicKey
                            self.privateKey = privateKey
                        }
                    }
                    """,
                "Sources/VaultKit/KeyVault.swift": """
                    public final class KeyVault {
                        public let policies: KeyPairPolicies
                        public init(policies: KeyPairPolicies) {
                            self.policies = policies
                        }
                        public func store(privateKey: SecKey, tag: Data) -> OSStatus {
                            let query: [String: Any] = [
                                kSecClass as String: kSecClassKey,
                                kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,
                                kSecAttrApplicationTag as String: tag,
                                kSecAttrAccessible as String: ↓policies.privateKey.accessibility,
                                kSecValueRef as String: privateKey,
                            ]
                            return SecItemAdd(query as CFDictionary, nil)
                        }
                    }
                    """,
            ],
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlwaysThisDeviceOnly`", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 7) → `KeyPairPolicies.privateKey` (Policies.swift:9) → assigned (Policies.swift:15) → default of `privateKey` (Policies.swift:12) → `ItemPolicy.accessibility` (Policies.swift:2) → assigned (Policies.swift:4) → argument `accessibility` of the call (Policies.swift:12))"
            ]),
        .nonTriggering(
            "A library's public key-pair policies: the public key's Always default does not reach the query that stores the private key",
            files: [
                "Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(
                        name: "VaultKit",
                        products: [.library(name: "VaultKit", targets: ["VaultKit"])],
                        targets: [.target(name: "VaultKit")])
                    """,
                "Sources/VaultKit/Policies.swift": """
                    public struct ItemPolicy {
                        public let accessibility: CFString
                        public init(accessibility: CFString) {
                            self.accessibility = accessibility
                        }
                    }
                    public struct KeyPairPolicies {
                        public let publicKey: ItemPolicy
                        public let privateKey: ItemPolicy
                        public init(
                            publicKey: ItemPolicy = ItemPolicy(accessibility: kSecAttrAccessibleAlways),
                            privateKey: ItemPolicy = ItemPolicy(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly)
                        ) {
                            self.publicKey = publicKey
                            self.privateKey = privateKey
                        }
                    }
                    """,
                "Sources/VaultKit/KeyVault.swift": """
                    public final class KeyVault {
                        public let policies: KeyPairPolicies
                        public init(policies: KeyPairPolicies) {
                            self.policies = policies
                        }
                        public func store(privateKey: SecKey, tag: Data) -> OSStatus {
                            let query: [String: Any] = [
                                kSecClass as String: kSecClassKey,
                                kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,
                                kSecAttrApplicationTag as String: tag,
                                kSecAttrAccessible as String: policies.privateKey.accessibility,
                                kSecValueRef as String: privateKey,
                            ]
                            return SecItemAdd(query as CFDictionary, nil)
                        }
                    }
                    """,
            ]),
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
        .triggering(
            "A configuration value built once and handed to the store by its callers",
            files: [
                "Options.swift": """
                    struct StoreOptions {
                        var accessibility: CFString
                        var synchronizable: Bool
                    }
                    enum Presets {
                        static let session = StoreOptions(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, synchronizable: false)
                        static let widget = StoreOptions(accessibility: kSecAttrAccessibleAlwaysThisDeviceOnly, synchronizable: false)
                    }
                    """,
                "Store.swift": """
                    func save(_ secret: Data, options: StoreOptions) {
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: secret,
                                                    kSecAttrAccessible as String: ↓options.accessibility]
                        print(SecItemAdd(query as CFDictionary, nil))
                    }
                    func saveAll(session: Data, widget: Data) {
                        save(session, options: Presets.session)
                        let shared = Presets.widget
                        save(widget, options: shared)
                    }
                    """,
            ],
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlwaysThisDeviceOnly`", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 2) → argument `options` of the call (line 9) → `shared` (line 8) → `StoreOptions.accessibility` (Options.swift:2) → argument `accessibility` of the call (Options.swift:7))"
            ]),
        .triggering(
            "A convenience overload passes its parameter on to the overload that stores: a caller asks for the background branch",
            """
            final class TokenVault {
                func store(_ token: String, key: String, background: Bool = false) {
                    store(Data(token.utf8), key: key, background: background)
                }
                func store(_ data: Data, key: String, background: Bool = false) {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: key, kSecValueData as String: data,
                                                kSecAttrAccessible as String: ↓background ? kSecAttrAccessibleAlways : kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                    print(SecItemAdd(query as CFDictionary, nil))
                }
            }
            func saveWidgetToken(_ token: String) { TokenVault().store(token, key: "widget", background: true) }
            """,
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 6) → if `background` (line 7))"
            ]),
        .nonTriggering(
            "The same overloads where no caller asks for the background branch: `store(Data(…), …)` runs the `Data` overload, so the `String` one is not its own caller",
            """
            final class TokenVault {
                func store(_ token: String, key: String, background: Bool = false) {
                    store(Data(token.utf8), key: key, background: background)
                }
                func store(_ data: Data, key: String, background: Bool = false) {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: key, kSecValueData as String: data,
                                                kSecAttrAccessible as String: background ? kSecAttrAccessibleAlways : kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                    print(SecItemAdd(query as CFDictionary, nil))
                }
            }
            func saveLogin(_ token: String) { TokenVault().store(token, key: "login") }
            """),
        .nonTriggering(
            "A branch no caller takes: the helper's Always case and its lenient branch are never chosen",
            """
            enum Protection { case always, whenUnlocked }
            final class SecretStore {
                func set(_ secret: Data, account: String, protection: Protection) {
                    var accessible: CFString
                    switch protection {
                    case .always: accessible = kSecAttrAccessibleAlways
                    case .whenUnlocked: accessible = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    }
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
                                                kSecValueData as String: secret, kSecAttrAccessible as String: accessible]
                    print(SecItemAdd(query as CFDictionary, nil))
                }
                func accessibility(strict: Bool) -> CFString {
                    strict ? kSecAttrAccessibleWhenUnlockedThisDeviceOnly : kSecAttrAccessibleAlways
                }
                func saveSession(_ token: Data) {
                    set(token, account: "session", protection: .whenUnlocked)
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token,
                                                kSecAttrAccessible as String: accessibility(strict: true)]
                    print(SecItemAdd(query as CFDictionary, nil))
                }
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
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlwaysThisDeviceOnly`", role: "the public key attributes of SecKeyCreateRandomKey")
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
        .triggering(
            "A query returned beside an error as a tuple, bound by a tuple pattern before it is stored",
            """
            enum StoreError: Error { case noAccount }

            func makeItem(account: String?, token: Data) -> ([String: Any], Error?) {
                guard let account else { return ([:], StoreError.noAccount) }
                var item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
                item[kSecAttrAccessible as String] = ↓kSecAttrAccessibleAlways
                item[kSecValueData as String] = token
                return (item, nil)
            }

            func save(token: Data) throws {
                var (item, error) = makeItem(account: "session", token: token)
                if let error { throw error }
                print(SecItemAdd(item as CFDictionary, nil))
            }
            """,
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")
            ]),
        .nonTriggering(
            "Tuples: the stored element's accessibility is strong; the weak constant is the other element, which no Keychain call receives",
            """
            func makeItem(token: Data) -> (item: [String: Any], legacyProtection: CFString) {
                let item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token,
                                           kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                return (item, kSecAttrAccessibleAlways)
            }

            func save(token: Data) {
                let (item, _) = makeItem(token: token)
                print(SecItemAdd(item as CFDictionary, nil))
                print(SecItemAdd(makeItem(token: token).item as CFDictionary, nil))
                print(SecItemAdd(makeItem(token: token).0 as CFDictionary, nil))
            }
            """),
        .triggering(
            "A builder method that copies the options, sets the accessibility on the copy and builds a new store from it",
            """
            struct StoreOptions {
                var service = "app"
                var accessibility: CFString = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            }

            final class TokenStore {
                private let options: StoreOptions
                init(options: StoreOptions = StoreOptions()) { self.options = options }

                func withAccessibility(_ accessibility: CFString) -> TokenStore {
                    var copy = options
                    copy.accessibility = accessibility
                    return TokenStore(options: copy)
                }

                func save(_ token: Data) -> OSStatus {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: options.service,
                                                kSecAttrAccessible as String: ↓options.accessibility, kSecValueData as String: token]
                    return SecItemAdd(query as CFDictionary, nil)
                }
            }

            func saveWidgetToken(_ token: Data) -> OSStatus {
                TokenStore().withAccessibility(kSecAttrAccessibleAlways).save(token)
            }
            """,
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 17) → `StoreOptions.accessibility` (line 3) → copy given to `TokenStore(…)` (line 13)"
                    + " → assigned (line 12) → argument `accessibility` of the call (line 24))"
            ]),
        .nonTriggering(
            "Builder methods whose callers pass strong values; a weak value set on a copy that is only logged never reaches a store",
            """
            struct StoreOptions {
                var service = "app"
                var accessibility: CFString = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            }

            final class TokenStore {
                private let options: StoreOptions
                init(options: StoreOptions = StoreOptions()) { self.options = options }

                func withAccessibility(_ accessibility: CFString) -> TokenStore {
                    var copy = options
                    copy.accessibility = accessibility
                    return TokenStore(options: copy)
                }

                func describeLegacy() -> String {
                    var legacy = options
                    legacy.accessibility = kSecAttrAccessibleAlways
                    return String(describing: legacy)
                }

                func save(_ token: Data) -> OSStatus {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: options.service,
                                                kSecAttrAccessible as String: options.accessibility, kSecValueData as String: token]
                    return SecItemAdd(query as CFDictionary, nil)
                }
            }

            func saveSessionToken(_ token: Data) -> OSStatus {
                TokenStore().withAccessibility(kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly).save(token)
            }
            """),
        .triggering(
            "A library whose public builder takes its own public accessibility enum: users may pass its `.always` case",
            """
            public enum Protection {
                case whenUnlocked
                case always

                var accessible: CFString {
                    switch self {
                    case .whenUnlocked:
                        return kSecAttrAccessibleWhenUnlocked
                    case .always:
                        return kSecAttrAccessibleAlways
                    }
                }
            }

            struct VaultOptions {
                var protection: Protection = .whenUnlocked
            }

            public final class Vault {
                private let options: VaultOptions
                public convenience init() { self.init(VaultOptions()) }
                fileprivate init(_ options: VaultOptions) { self.options = options }

                public func protection(_ protection: Protection) -> Vault {
                    var options = self.options
                    options.protection = protection
                    return Vault(options)
                }

                public func set(_ data: Data) -> OSStatus {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                kSecAttrAccessible as String: ↓options.protection.accessible, kSecValueData as String: data]
                    return SecItemAdd(query as CFDictionary, nil)
                }
            }
            """,
            messages: [
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 31) → `Protection.accessible` (line 5) → case .always (line 9) → `VaultOptions.protection` (line 16)"
                    + " → copy given to `Vault(…)` (line 27) → assigned (line 26) → `.always`, which callers of public `protection(_:)` may pass (line 3))"
            ]),
        .nonTriggering(
            "A library whose public builder takes the Security constant itself: what its users pass is not known, so nothing is judged (`--verbose` says so)",
            """
            struct VaultOptions {
                var accessible: CFString = kSecAttrAccessibleWhenUnlocked
            }

            public final class Vault {
                private let options: VaultOptions
                public convenience init() { self.init(VaultOptions()) }
                fileprivate init(_ options: VaultOptions) { self.options = options }

                public func accessible(_ accessible: CFString) -> Vault {
                    var options = self.options
                    options.accessible = accessible
                    return Vault(options)
                }

                public func set(_ data: Data) -> OSStatus {
                    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                kSecAttrAccessible as String: options.accessible, kSecValueData as String: data]
                    return SecItemAdd(query as CFDictionary, nil)
                }
            }
            """),
        .triggering(
            "A query whose access-control branch has more possible values than are kept (every protection by every flag a parameter may choose), and whose other branch sets the accessibility",
            """
            import Security

            enum Retention { case session, device, background, forever }
            enum Gate { case finger, fingerAndPasscode, fingerAndPassword, password, fingerAndBoth, watchOrFinger, passcodeAndPassword, all }

            func protection(_ retention: Retention) -> CFString {
                switch retention {
                case .session: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                case .device: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                case .background: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                case .forever: return kSecAttrAccessibleAlways
                }
            }
            func deviceProtection(_ retention: Retention) -> CFString {
                switch retention {
                case .session: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                case .device: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                case .background: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                case .forever: return kSecAttrAccessibleAlwaysThisDeviceOnly
                }
            }
            func flags(_ gate: Gate) -> SecAccessControlCreateFlags {
                switch gate {
                case .finger: return .biometryCurrentSet
                case .fingerAndPasscode: return [.biometryCurrentSet, .and, .devicePasscode]
                case .fingerAndPassword: return [.biometryCurrentSet, .applicationPassword]
                case .password: return .applicationPassword
                case .fingerAndBoth: return [.biometryCurrentSet, .and, .applicationPassword]
                case .watchOrFinger: return [.biometryCurrentSet, .or, .companion]
                case .passcodeAndPassword: return [.devicePasscode, .and, .applicationPassword]
                case .all: return [.biometryCurrentSet, .and, .devicePasscode, .applicationPassword]
                }
            }
            func keep(_ blob: Data, retention: Retention, gate: Gate, guarded: Bool, label: String?, group: String?) -> OSStatus {
                var item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: blob]
                if let label { item[kSecAttrLabel as String] = label }
                if let group { item[kSecAttrAccessGroup as String] = group }
                if guarded {
                    var error: Unmanaged<CFError>?
                    guard let control = SecAccessControlCreateWithFlags(nil, ↓deviceProtection(retention), flags(gate), &error) else { return errSecParam }
                    item[kSecAttrAccessControl as String] = control
                } else {
                    item[kSecAttrAccessible as String] = ↓protection(retention)
                }
                return SecItemAdd(item as CFDictionary, nil)
            }
            """,
            messages: [
                "`kSecAttrAccessibleAlwaysThisDeviceOnly` as the protection of SecAccessControlCreateWithFlags makes the item readable while the device is locked (deprecated since iOS 12), whatever the access control flags (via `deviceProtection()` (line 14) → case .forever (line 19))",
                WeakKeychainAccessibilityJudgement.queryMessage("`kSecAttrAccessibleAlways`", role: "the query passed to SecItemAdd"),
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .nonTriggering(
            "The same query where neither branch can be given a weak accessibility",
            """
            import Security

            enum Retention { case session, device, background, forever }
            enum Gate { case finger, fingerAndPasscode, fingerAndPassword, password, fingerAndBoth, watchOrFinger, passcodeAndPassword, all }

            func protection(_ retention: Retention) -> CFString {
                switch retention {
                case .session: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                case .device: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                case .background: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                case .forever: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                }
            }
            func deviceProtection(_ retention: Retention) -> CFString {
                switch retention {
                case .session: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                case .device: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                case .background: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                case .forever: return kSecAttrAccessibleWhenUnlocked
                }
            }
            func flags(_ gate: Gate) -> SecAccessControlCreateFlags {
                switch gate {
                case .finger: return .biometryCurrentSet
                case .fingerAndPasscode: return [.biometryCurrentSet, .and, .devicePasscode]
                case .fingerAndPassword: return [.biometryCurrentSet, .applicationPassword]
                case .password: return .applicationPassword
                case .fingerAndBoth: return [.biometryCurrentSet, .and, .applicationPassword]
                case .watchOrFinger: return [.biometryCurrentSet, .or, .companion]
                case .passcodeAndPassword: return [.devicePasscode, .and, .applicationPassword]
                case .all: return [.biometryCurrentSet, .and, .devicePasscode, .applicationPassword]
                }
            }
            func keep(_ blob: Data, retention: Retention, gate: Gate, guarded: Bool, label: String?, group: String?) -> OSStatus {
                var item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: blob]
                if let label { item[kSecAttrLabel as String] = label }
                if let group { item[kSecAttrAccessGroup as String] = group }
                if guarded {
                    var error: Unmanaged<CFError>?
                    guard let control = SecAccessControlCreateWithFlags(nil, deviceProtection(retention), flags(gate), &error) else { return errSecParam }
                    item[kSecAttrAccessControl as String] = control
                } else {
                    item[kSecAttrAccessible as String] = protection(retention)
                }
                return SecItemAdd(item as CFDictionary, nil)
            }
            """,
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .nonTriggering(
            "A wrapper maps its own option, kept in a private stored property, with a switch; only the initial value sets it, so the case for any time never runs",
            swiftOptionMapping("")),
        .triggering(
            "The same wrapper when one of its methods switches the option to any time: the mapped constant is reported",
            swiftOptionMapping("func keepReadableWhenLocked() { protection = .anyTime }", marked: true),
            messages: [
                "`kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12)"
            ]),
    ]

    /// A type that maps its own option `protection` to an accessibility constant; the property
    /// starts at the first-unlock option and `extra` is one more member. With `marked`, the
    /// accessibility entry carries the finding's mark.
    private static func swiftOptionMapping(_ extra: String, marked: Bool = false) -> String {
        """
        import Security

        enum SafeProtection {
            case unlocked, firstUnlock, anyTime
        }

        final class Safe {
            private var protection = SafeProtection.firstUnlock
            \(extra.isEmpty ? "func reset() {}" : extra)
            private var protectionConstant: CFString {
                switch protection {
                case .unlocked: return kSecAttrAccessibleWhenUnlocked
                case .firstUnlock: return kSecAttrAccessibleAfterFirstUnlock
                case .anyTime: return kSecAttrAccessibleAlways
                }
            }
            func save(_ data: Data) -> OSStatus {
                let item: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrAccessible as String: \(marked ? "↓" : "")protectionConstant,
                    kSecValueData as String: data,
                ]
                return SecItemAdd(item as CFDictionary, nil)
            }
        }
        """
    }
}
