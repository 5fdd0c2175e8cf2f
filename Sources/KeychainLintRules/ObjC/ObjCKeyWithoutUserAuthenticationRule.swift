import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.key_without_user_authentication` — `swift.key_without_user_authentication`'s judgement
/// on Objective-C code: a Secure Enclave or permanent private key whose access control asks
/// nothing of the user.
public struct ObjCKeyWithoutUserAuthenticationRule: ObjCRule {
    public static let calls = ["SecKeyCreateRandomKey", "SecKeyGeneratePair"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function, let argument = call.arguments.first?.value else { return }
        let (queries, gaps) = context.queries(argument)
        for query in queries {
            guard let problem = KeyWithoutUserAuthenticationJudgement.problem(in: query, spelling: .c) else { continue }
            context.report(
                at: call.range, message: problem + context.describeTrace(query.trace),
                confidence: query.trace.isEmpty ? .high : .medium, trace: query.trace)
            return
        }
        context.noteGaps(Resolution(gaps: gaps), asking: "attributes of \(call.name)")
    }

    public static let description = RuleDescription.objectiveC(
        of: KeyWithoutUserAuthenticationRule.description,
        summary:
            "SecKeyCreateRandomKey or SecKeyGeneratePair creates a Secure Enclave or permanent private key whose access control has no user-authentication constraint (only kSecAccessControlPrivateKeyUsage, or 0), or that has no access control at all.",
        whatItDoes: """
            Flags a `SecKeyCreateRandomKey` (or the deprecated `SecKeyGeneratePair`) call in Objective-C whose \
            attributes describe a Secure Enclave key (`kSecAttrTokenID: kSecAttrTokenIDSecureEnclave`) or a \
            permanent key (`kSecAttrIsPermanent: @YES`, at the top level or inside `kSecPrivateKeyAttrs`) when \
            the private key's `kSecAttrAccessControl` (inside `kSecPrivateKeyAttrs`, else at the top level) is \
            created by `SecAccessControlCreateWithFlags` with flags that hold no user-authentication constraint \
            (`kSecAccessControlPrivateKeyUsage` alone, `0`), or when there is no `kSecAttrAccessControl` at \
            all. The attributes (`@{…}`, `dictionaryWithObjectsAndKeys:`, `NSMutableDictionary` built in \
            steps, nested private-key dictionaries) and the access control are followed through bridged \
            casts, locals, branches, constants, `#define`s and the file's C functions and methods.
            """,
        whatToDoInstead: """
            Create the private key's access control with a user-authentication constraint, for a Secure \
            Enclave key `kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet` with \
            `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`, and put it under `kSecPrivateKeyAttrs`. If \
            the key must be usable silently (a device-binding key), document that decision and suppress the \
            finding.
            """,
        remediation:
            "Give the private key an access control with a user-authentication constraint, e.g. kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet, under kSecPrivateKeyAttrs.",
        notes: [
            "Ephemeral keys (neither Secure Enclave nor `kSecAttrIsPermanent` true) are not flagged: they live only in the process.",
            "Only access controls the resolver can follow to a `SecAccessControlCreateWithFlags(…)` call with known flags in the same file are judged (its `&error` argument need not be known); an access control from a parameter, a property or another file, or private-key attributes the resolver cannot follow, produce no finding (precision first).",
            "`kSecAttrIsPermanent` counts as true for `@YES`, `@(YES)`, `YES`, `true` and `kCFBooleanTrue`.",
            "The finding is reported at the call, once per call, for the first attributes dictionary that can reach it; when the attributes come from a helper of the file, the message says how.",
        ],
        examples: examples)

    private static func noAccessControl(_ kind: String) -> String {
        "\(kind) is usable without the user: it has no `kSecAttrAccessControl`, so any code running in the app can use it without Face ID, Touch ID or the passcode"
    }

    private static func noConstraint(_ kind: String, flags: String) -> String {
        "\(kind) is usable without the user: its access control `\(flags)` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode"
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "A Secure Enclave key whose access control is only kSecAccessControlPrivateKeyUsage",
            """
            SecKeyRef makeSigningKey(void) {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenUnlockedThisDeviceOnly, kSecAccessControlPrivateKeyUsage, &error);
                NSDictionary *attributes = @{
                    (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                    (__bridge id)kSecAttrKeySizeInBits: @256,
                    (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                    (__bridge id)kSecPrivateKeyAttrs: @{
                        (__bridge id)kSecAttrIsPermanent: @YES,
                        (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                    },
                };
                return ↓SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, &error);
            }
            """,
            messages: [
                noConstraint("Secure Enclave private key", flags: "kSecAccessControlPrivateKeyUsage") + " (via `attributes` (line 5) → `access` (line 3))",
            ],
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
        .triggeringObjC(
            "A permanent key with no access control, private attributes built in steps; an empty flags value from a #define",
            """
            #define kNoFlags 0
            @implementation KeyMaker
            - (SecKeyRef)makeKey:(NSData *)tag {
                NSMutableDictionary *privateAttributes = [NSMutableDictionary dictionary];
                privateAttributes[(__bridge id)kSecAttrIsPermanent] = @(YES);
                privateAttributes[(__bridge id)kSecAttrApplicationTag] = tag;
                NSDictionary *attributes = [NSDictionary dictionaryWithObjectsAndKeys:
                    (__bridge id)kSecAttrKeyTypeRSA, (__bridge id)kSecAttrKeyType,
                    @2048, (__bridge id)kSecAttrKeySizeInBits,
                    privateAttributes, (__bridge id)kSecPrivateKeyAttrs,
                    nil];
                return ↓SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
            }
            - (SecKeyRef)makeDeviceKey {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kNoFlags, NULL);
                NSDictionary *attributes = @{ (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                                              (__bridge id)kSecAttrIsPermanent: (__bridge id)kCFBooleanTrue,
                                              (__bridge id)kSecAttrAccessControl: (__bridge id)access };
                return ↓SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
            }
            @end
            """,
            messages: [
                noAccessControl("Permanent private key")
                    + " (via `attributes` (line 7) → `privateAttributes` (line 4) → `privateAttributes` set (line 5) → `privateAttributes` set (line 6))",
                noConstraint("Permanent private key", flags: "0") + " (via `attributes` (line 16) → `access` (line 15) → `kNoFlags` (line 1))",
            ],
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
        .triggeringObjC(
            "SecKeyGeneratePair (deprecated) creating a permanent private key with no access control",
            """
            void makePair(void) {
                NSDictionary *parameters = @{
                    (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeEC,
                    (__bridge id)kSecAttrKeySizeInBits: @256,
                    (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES },
                };
                SecKeyRef publicKey = NULL;
                SecKeyRef privateKey = NULL;
                OSStatus status = ↓SecKeyGeneratePair((__bridge CFDictionaryRef)parameters, &publicKey, &privateKey);
            }
            """,
            messages: [noAccessControl("Permanent private key") + " (via `parameters` (line 2))"]),
        .nonTriggeringObjC(
            "The remedy: kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet; an application password",
            """
            SecKeyRef makeKey(BOOL password) {
                SecAccessControlCreateFlags flags = kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet;
                if (password) {
                    flags = kSecAccessControlPrivateKeyUsage | kSecAccessControlApplicationPassword;
                }
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, &error);
                NSDictionary *attributes = @{
                    (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                    (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                    (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES,
                                                        (__bridge id)kSecAttrAccessControl: (__bridge id)access },
                };
                return SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, &error);
            }
            """,
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
        .nonTriggeringObjC(
            "An ephemeral software key, an access control from a parameter, and private attributes the resolver cannot follow",
            """
            void makeKeys(SecAccessControlRef access, NSDictionary *privateAttributes) {
                SecKeyCreateRandomKey((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                                                                  (__bridge id)kSecAttrKeySizeInBits: @256 }, NULL);
                SecKeyCreateRandomKey((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                                                                  (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES,
                                                                      (__bridge id)kSecAttrAccessControl: (__bridge id)access } }, NULL);
                SecKeyCreateRandomKey((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                                                                  (__bridge id)kSecPrivateKeyAttrs: privateAttributes }, NULL);
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
    ]
}
