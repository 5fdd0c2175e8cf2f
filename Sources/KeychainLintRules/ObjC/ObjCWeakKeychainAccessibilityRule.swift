import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.weak_keychain_accessibility` — `swift.weak_keychain_accessibility`'s judgement on
/// Objective-C code: `kSecAttrAccessibleAlways…` in what is stored, and as the protection of an
/// access control.
public struct ObjCWeakKeychainAccessibilityRule: ObjCRule {
    public static let calls = ["SecItemAdd", "SecItemUpdate", "SecKeyCreateRandomKey", "SecAccessControlCreateWithFlags"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function else { return }
        switch call.name {
        case "SecAccessControlCreateWithFlags":
            guard call.arguments.count > 1 else { return }
            checkProtection(call.arguments[1].value, in: context)
        case "SecItemAdd":
            guard let first = call.arguments.first else { return }
            checkStored(first.value, role: "the query passed to SecItemAdd", keyAttributes: false, in: context)
        case "SecItemUpdate":
            guard call.arguments.count > 1 else { return }
            checkStored(call.arguments[1].value, role: "the attributes passed to SecItemUpdate", keyAttributes: false, in: context)
        case "SecKeyCreateRandomKey":
            guard let first = call.arguments.first else { return }
            checkStored(first.value, role: "the attributes passed to SecKeyCreateRandomKey", keyAttributes: true, in: context)
        default:
            return
        }
    }

    private func checkProtection(_ protection: ObjCExpr, in context: ObjCRuleContext) {
        let resolution = context.resolve(protection)
        guard let weak = resolution.values.first(where: { WeakKeychainAccessibilityJudgement.weakSpelling($0.value) != nil }),
              let spelling = WeakKeychainAccessibilityJudgement.weakSpelling(weak.value)
        else {
            context.noteGaps(resolution, asking: "protection of SecAccessControlCreateWithFlags")
            return
        }
        context.report(
            at: protection.range, message: WeakKeychainAccessibilityJudgement.protectionMessage(spelling) + context.describeTrace(weak.trace),
            confidence: weak.trace.isEmpty ? .high : .medium, trace: weak.trace)
    }

    /// Each dictionary the argument can be (and, for a key, its private and public key
    /// attributes), judged at its `kSecAttrAccessible` entry.
    private func checkStored(_ argument: ObjCExpr, role: String, keyAttributes: Bool, in context: ObjCRuleContext) {
        let (queries, gaps) = context.queries(argument)
        if queries.isEmpty { context.noteGaps(Resolution(gaps: gaps), asking: "dictionary in \(role)") }
        var reported: Set<String> = []
        for query in queries {
            var dictionaries = [(query, role, WeakKeychainAccessibilityJudgement.isPublicKey(query))]
            if keyAttributes {
                for (nestedKey, nestedRole) in [
                    ("kSecPrivateKeyAttrs", "the private key attributes of SecKeyCreateRandomKey"),
                    ("kSecPublicKeyAttrs", "the public key attributes of SecKeyCreateRandomKey"),
                ] {
                    if let nested = query.nested(nestedKey) { dictionaries.append((nested, nestedRole, nestedKey == "kSecPublicKeyAttrs")) }
                }
            }
            for (dictionary, dictionaryRole, publicKey) in dictionaries {
                guard let entry = dictionary.entry("kSecAttrAccessible"),
                      let spelling = WeakKeychainAccessibilityJudgement.weakSpelling(entry.value) else { continue }
                let message = WeakKeychainAccessibilityJudgement.queryMessage(spelling, role: dictionaryRole)
                    + (publicKey ? WeakKeychainAccessibilityJudgement.publicKeyNote : "")
                    // A helper's dictionary may reach several calls: its finding (at the entry)
                    // keeps one message for all of them, so only a path within one body is told,
                    // or one through a call's argument (the weak value is the caller's).
                    + (QueryJudgement.isLocal(dictionary.trace) || dictionary.trace.contains { $0.kind == .argument }
                        ? context.describeTrace(dictionary.trace) : "")
                let confidence: Confidence = dictionary.trace.isEmpty ? .high : .medium
                let severity: Severity? = publicKey ? .low : nil
                if let location = entry.valueLocation ?? entry.location {
                    guard reported.insert("\(location.file):\(location.line):\(location.column)").inserted else { continue }
                    context.report(
                        at: location, message: message, confidence: confidence, severity: severity, trace: dictionary.trace,
                        snippet: "kSecAttrAccessible: \(spelling)")
                } else if reported.insert("call|" + message).inserted {
                    context.report(at: argument.range, message: message, confidence: confidence, severity: severity, trace: dictionary.trace)
                }
            }
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: WeakKeychainAccessibilityRule.description,
        summary:
            "A keychain item or key is stored with kSecAttrAccessibleAlways or kSecAttrAccessibleAlwaysThisDeviceOnly (deprecated), or such a constant is the protection of SecAccessControlCreateWithFlags: the item is readable while the device is locked.",
        whatItDoes: """
            Flags `kSecAttrAccessible: kSecAttrAccessibleAlways…` in Objective-C dictionaries that reach \
            `SecItemAdd`, the attributes of `SecItemUpdate` or `SecKeyCreateRandomKey` (and its private and \
            public key attributes): `@{…}` literals, `dictionaryWithObjectsAndKeys:`, and \
            `NSMutableDictionary`s built in steps (`setObject:forKey:`, subscripts, `CFDictionaryAddValue`), \
            through bridged casts, locals, constants (the file's, or another Objective-C file's at file \
            scope, such as an `extern` constant defined in another `.m`), helpers of the same file, and \
            properties the file stores through `self` or an instance of the class. Also flags the \
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
        ],
        examples: examples)

    static let examples: [RuleExample] = [
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
    ]
}
