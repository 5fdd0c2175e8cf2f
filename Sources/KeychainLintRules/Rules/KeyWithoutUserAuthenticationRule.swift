import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `key_without_user_authentication` — a Secure Enclave or permanent private key whose access
/// control asks nothing of the user (OWASP MASWE-0014), in Swift and Objective-C.
public struct KeyWithoutUserAuthenticationRule: Check {
    /// Security calls that create a key pair from an attributes dictionary (`SecKeyGeneratePair` is
    /// deprecated but still creates stored keys).
    public static let calls: [CheckedCall] = [.function("SecKeyCreateRandomKey"), .function("SecKeyGeneratePair")]

    public static let swiftInterests: [RuleInterest] = [.call(CryptoKitEnclaveKey.typeName)] + wrapperInterests

    /// `PrivateKey` names many types (a VPN's or a wallet's own keys, CryptoKit's software keys);
    /// a CryptoKit Secure Enclave key is only recognised written `SecureEnclave.….PrivateKey(…)`,
    /// so a file holding `PrivateKey` can matter only when it also holds `SecureEnclave`.
    public static let prefilterCompanions: [String: PrefilterCompanions] = [
        CryptoKitEnclaveKey.typeName: PrefilterCompanions(inScan: [], inFile: [CryptoKitEnclaveKey.enclaveWord])
    ]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        guard let argument = call.argument(0) else { return }
        let (queries, gaps) = context.queries(argument)
        for query in queries {
            guard let problem = KeyWithoutUserAuthenticationJudgement.problem(in: query, spelling: context.spelling) else { continue }
            context.report(
                at: call.expression, message: problem + context.describeTrace(query.trace),
                confidence: query.trace.isEmpty ? .high : .medium, trace: query.trace)
            return
        }
        context.noteGaps(Resolution(gaps: gaps), asking: "attributes of \(call.name)")
    }

    /// CryptoKit's Secure Enclave keys and Swift wrapper libraries' key options.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        if case .call(let call) = input, let kind = CryptoKitEnclaveKey.kind(of: call, in: context) {
            checkCryptoKitKey(call, kind: kind, in: context)
        } else {
            checkWrapper(input, in: context)
        }
    }

    /// `SecureEnclave.P256.Signing.PrivateKey(…)`: CryptoKit creates the key in the Secure Enclave
    /// with the access control given, or by default one with no flags.
    private func checkCryptoKitKey(_ call: SwiftCall, kind: String, in context: RuleContext) {
        guard let argument = call.argument(labeled: "accessControl") else {
            context.report(at: call.expression, message: Self.cryptoKitDefaultMessage(kind), confidence: .high)
            return
        }
        let resolution = context.resolve(argument)
        for traced in resolution.values {
            guard let flags = AccessControlJudgement.creationFlags(traced.value), !flags.hasUserAuthenticationConstraint,
                flags.rejectedCombination == nil
            else { continue }
            context.report(
                at: call.expression, message: Self.cryptoKitFlagsMessage(kind, flags: KeyWithoutUserAuthenticationJudgement.spelled(flags)) + context.describeTrace(traced.trace),
                confidence: traced.trace.isEmpty ? .high : .medium, trace: traced.trace)
            return
        }
        context.noteGaps(resolution, asking: "access control of \(kind)")
    }

    static func cryptoKitDefaultMessage(_ kind: String) -> String {
        "Secure Enclave private key (`\(kind)`) is usable without the user: created without `accessControl:`, it gets CryptoKit's default (kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, no flags), so any code running in the app can use it without Face ID, Touch ID or the passcode"
    }

    static func cryptoKitFlagsMessage(_ kind: String, flags: String) -> String {
        "Secure Enclave private key (`\(kind)`) is usable without the user: its access control `\(flags)` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode"
    }

    public static let swiftRule = RuleDescription(
        id: "swift.key_without_user_authentication",
        name: "Private key usable without the user",
        severity: .low,
        confidence: .high,
        resource: "Authentication",
        tags: ["MASWE:0014"],
        summary:
            "SecKeyCreateRandomKey, SecKeyGeneratePair or CryptoKit's SecureEnclave key initializers create a Secure Enclave or permanent private key whose access control has no user-authentication constraint (only .privateKeyUsage, or []) or that has no access control at all.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags a `SecKeyCreateRandomKey` call whose attributes describe a Secure Enclave key \
                (`kSecAttrTokenID: kSecAttrTokenIDSecureEnclave`) or a permanent key (`kSecAttrIsPermanent: \
                true`, at the top level or inside `kSecPrivateKeyAttrs`) when the private key's \
                `kSecAttrAccessControl` (inside `kSecPrivateKeyAttrs`, else at the top level) is created by \
                `SecAccessControlCreateWithFlags` with flags that hold no user-authentication constraint \
                (`.privateKeyUsage` alone, `[]`), or when there is no `kSecAttrAccessControl` at all. The \
                attributes and the access control are followed through variables, helpers, branches and \
                other files by the shared resolver. The deprecated `SecKeyGeneratePair` is judged the same \
                way. CryptoKit's `SecureEnclave.P256.Signing.PrivateKey(…)` and \
                `SecureEnclave.P256.KeyAgreement.PrivateKey(…)` (and the ML-KEM and ML-DSA enclave keys) are \
                flagged when created without `accessControl:` (CryptoKit's default access control has no \
                flags) or with an access control whose flags hold no user-authentication constraint; \
                `init(dataRepresentation:)` restores an existing key and is not a creation.
                """,
            whyItMatters: """
                A key kept in the Secure Enclave or the keychain cannot be extracted, but without a \
                user-authentication constraint anyone who can run code in the app (malware with the app's \
                entitlements, a jailbroken device, an instrumented process) can sign or decrypt with it \
                whenever the device is unlocked; a signature then proves possession of the device, not the \
                presence of the user (OWASP MASWE-0014).
                """,
            whatToDoInstead: """
                Create the private key's access control with a user-authentication constraint, for a Secure \
                Enclave key `[.biometryCurrentSet, .privateKeyUsage]` with \
                `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`, and put it under `kSecPrivateKeyAttrs`. If \
                the key must be usable silently (a device-binding key), document that decision and suppress \
                the finding.
                """,
            fixSafety: """
                Adding a constraint makes every use of the key prompt the user; existing keys keep their \
                access control until re-created. Not automatic.
                """,
            notes: [
                "CryptoKit's enclave initializers are recognised only in a file that imports CryptoKit, and when spelled without the `CryptoKit.` prefix only if the app declares no `SecureEnclave` type of its own in scope.",
                "Ephemeral keys (neither Secure Enclave nor `kSecAttrIsPermanent: true`) are not flagged: they live only in the process.",
                "Only access controls the resolver can trace to a `SecAccessControlCreateWithFlags(…)` call with known flags are judged; an access control passed in from unknown code, or private-key attributes the resolver cannot follow, produce no finding (precision first).",
                "Settings kept per instance stay apart: when one settings type serves several keys (a key pair's public-key and private-key access, each an instance with its own protection and flags) and a method or computed property of it creates the access control, the key gets the flags of the instance it is called on: the construction the code names (`config.privateKey.accessControl()`), or, when that instance comes from outside (a library's public type whose users pass the configuration in), what the type's initializers put in that property: the arguments of its calls in the scan, or the parameter's default (for a struct built by its memberwise initializer, the argument of the property's label in each construction in the scan). A weak default or preset a library offers for the private key is reported, with its path; the public key's settings are not lent to the private key. An instance counts however its construction is written: `KeyAccess(…)`, `KeyAccess.init(…)`, `Self(…)`, a static factory that returns one construction, a static preset or factory read as an implicit member (`settings: KeyPairSettings = .standard`), and `.init(…)` where the code around it writes the type (a typed constant or variable, a parameter's default, the result type of a function or computed property, an argument of an initializer or function whose parameter type is written); a `.init(…)` whose type is not written there (an argument of a method called on an instance, a value assigned to a property or variable) is not followed: the instance it may build is not known, and `--verbose` says so. Code outside the scan that builds the configuration is not seen, and a `var` property, which any code may set, keeps the values of every instance.",
                "An optional with a default (`[.privateKeyUsage].union(access ?? [])`) takes the default only where the optional may be nil: a caller that passes nil, a `nil` default, or a value the analysis cannot see. When every caller passes a flag, the default is not a value of the key.",
                "User-authentication constraints are the flags of `constraintNames` (biometry, passcode, user presence, watch/companion, application password); `.privateKeyUsage`, `.or` and `.and` are not.",
                "Severity is low: a silent device key is sometimes intended. The finding is reported at the `SecKeyCreateRandomKey` call, once per call, for the first attributes dictionary that can reach it.",
                wrapperNote,
            ],
            references: [
                "OWASP MASWE-0014: Cryptographic Keys Not Properly Protected at Rest",
                "Apple: Protecting keys with the Secure Enclave — https://developer.apple.com/documentation/security/protecting-keys-with-the-secure-enclave",
                "Apple: SecKeyCreateRandomKey — https://developer.apple.com/documentation/security/seckeycreaterandomkey(_:_:)",
                "Apple: SecureEnclave.P256.Signing.PrivateKey — https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey",
            ]),
        remediation:
            "Give the private key an access control with a user-authentication constraint, e.g. [.biometryCurrentSet, .privateKeyUsage], under kSecPrivateKeyAttrs.",
        examples: examples + wrapperExamples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
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
            "Only access controls the resolver can follow to a `SecAccessControlCreateWithFlags(…)` call with known flags in the same file are judged (its `&error` argument need not be known); an access control from a parameter, a property or another file, or private-key attributes the resolver cannot follow, produce no finding (precision first). Flags an initializer stores from its arguments are followed per instance: a method building the key from `self.flags` is judged with the flags of the instances it is sent to.",
            "`kSecAttrIsPermanent` counts as true for `@YES`, `@(YES)`, `YES`, `true` and `kCFBooleanTrue`.",
            "The finding is reported at the call, once per call, for the first attributes dictionary that can reach it; when the attributes come from a helper of the file, the message says how.",
        ],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension KeyWithoutUserAuthenticationRule {
    private static func objcNoAccessControl(_ kind: String) -> String {
        "\(kind) is usable without the user: it has no `kSecAttrAccessControl`, so any code running in the app can use it without Face ID, Touch ID or the passcode"
    }

    private static func objcNoConstraint(_ kind: String, flags: String) -> String {
        "\(kind) is usable without the user: its access control `\(flags)` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode"
    }

    static let objectiveCExamples: [RuleExample] = [
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
                objcNoConstraint("Secure Enclave private key", flags: "kSecAccessControlPrivateKeyUsage") + " (via `attributes` (line 5) → `access` (line 3))",
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
                objcNoAccessControl("Permanent private key")
                    + " (via `attributes` (line 7) → `privateAttributes` (line 4) → `privateAttributes` set (line 5) → `privateAttributes` set (line 6))",
                objcNoConstraint("Permanent private key", flags: "0") + " (via `attributes` (line 16) → `access` (line 15) → `kNoFlags` (line 1))",
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
            messages: [objcNoAccessControl("Permanent private key") + " (via `parameters` (line 2))"]),
        .triggeringObjC(
            "A method builds the key from the flags of the instance it is sent to: a device-binding key made by a class factory",
            """
            @implementation DeviceKey
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                if ((self = [super init])) {
                    _flags = flags;
                }
                return self;
            }
            - (SecKeyRef)create {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, self.flags, NULL);
                if (access == NULL) { return NULL; }
                NSDictionary *attributes = @{ (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                                              (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                                              (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES,
                                                                                  (__bridge id)kSecAttrAccessControl: (__bridge id)access } };
                return ↓SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
            }
            + (instancetype)bindingKey {
                return [[self alloc] initWithFlags:kSecAccessControlPrivateKeyUsage];
            }
            @end
            void MakeKeys(void) {
                DeviceKey *signing = [[DeviceKey alloc] initWithFlags:kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet];
                DeviceKey *binding = [DeviceKey bindingKey];
                [signing create];
                [binding create];
            }
            """,
            messages: [
                objcNoConstraint("Secure Enclave private key", flags: "kSecAccessControlPrivateKeyUsage")
                    + " (via `attributes` (line 11) → `access` (line 9) → `create` is sent to the instance (line 25) → `binding` (line 23) → `DeviceKey bindingKey` (line 23) → instance built by `[[self alloc] initWithFlags:kSecAccessControlPrivateKeyUs…` (line 18) → `_flags` (line 4) → argument `flags` of the call (line 18))",
            ],
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
        .nonTriggeringObjC(
            "A method builds the key from the flags of the instance it is sent to: only the signing key's, which ask for biometry",
            """
            @implementation DeviceKey
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                if ((self = [super init])) {
                    _flags = flags;
                }
                return self;
            }
            - (SecKeyRef)create {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, self.flags, NULL);
                if (access == NULL) { return NULL; }
                NSDictionary *attributes = @{ (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                                              (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                                              (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES,
                                                                                  (__bridge id)kSecAttrAccessControl: (__bridge id)access } };
                return SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
            }
            + (instancetype)bindingKey {
                return [[self alloc] initWithFlags:kSecAccessControlPrivateKeyUsage];
            }
            @end
            void MakeKeys(void) {
                DeviceKey *signing = [[DeviceKey alloc] initWithFlags:kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet];
                DeviceKey *binding = [DeviceKey bindingKey];
                [signing create];
            }
            """,
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
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
        .nonTriggering(
            "A library's key pair: the public key's flags 0 are not lent to the private key (the configuration its users pass in is not followed: no finding, said under --verbose); the access-control method a header declares, which may run on either key's settings, is judged per instance the file builds, so the public key's protection is not paired with the private key's flags",
            files: [
                "SigningKit.h": """
                    #import <Foundation/Foundation.h>
                    #import <Security/Security.h>

                    @interface SKKeyAccess : NSObject
                    @property (nonatomic, readonly) CFStringRef protection;
                    @property (nonatomic, readonly) SecAccessControlCreateFlags flags;
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags;
                    - (SecAccessControlRef)makeAccessControl;
                    @end

                    @interface SKSigningConfiguration : NSObject
                    @property (nonatomic, readonly) SKKeyAccess *publicKeyAccess;
                    @property (nonatomic, readonly) SKKeyAccess *privateKeyAccess;
                    - (instancetype)initWithPublicKeyAccess:(SKKeyAccess *)publicKeyAccess privateKeyAccess:(SKKeyAccess *)privateKeyAccess;
                    + (instancetype)defaultConfiguration;
                    @end

                    @interface SKSigningKeyStore : NSObject
                    - (instancetype)initWithConfiguration:(SKSigningConfiguration *)configuration;
                    - (SecKeyRef)createKey;
                    @end
                    """,
                "SigningKit.m": """
                    #import "SigningKit.h"

                    @implementation SKKeyAccess
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                        self = [super init];
                        if (self) {
                            _protection = protection;
                            _flags = flags;
                        }
                        return self;
                    }
                    - (SecAccessControlRef)makeAccessControl {
                        return SecAccessControlCreateWithFlags(NULL, _protection, _flags, NULL);
                    }
                    @end

                    @implementation SKSigningConfiguration
                    - (instancetype)initWithPublicKeyAccess:(SKKeyAccess *)publicKeyAccess privateKeyAccess:(SKKeyAccess *)privateKeyAccess {
                        self = [super init];
                        if (self) {
                            _publicKeyAccess = publicKeyAccess;
                            _privateKeyAccess = privateKeyAccess;
                        }
                        return self;
                    }
                    + (instancetype)defaultConfiguration {
                        SKKeyAccess *publicAccess = [[SKKeyAccess alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly flags:0];
                        SKKeyAccess *privateAccess = [[SKKeyAccess alloc] initWithProtection:kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                                                                                       flags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage];
                        return [[SKSigningConfiguration alloc] initWithPublicKeyAccess:publicAccess privateKeyAccess:privateAccess];
                    }
                    @end

                    @implementation SKSigningKeyStore {
                        SKSigningConfiguration *_configuration;
                    }
                    - (instancetype)initWithConfiguration:(SKSigningConfiguration *)configuration {
                        self = [super init];
                        if (self) {
                            _configuration = configuration;
                        }
                        return self;
                    }
                    - (SecKeyRef)createKey {
                        SecAccessControlRef access = [_configuration.privateKeyAccess makeAccessControl];
                        NSDictionary *attributes = @{
                            (id)kSecAttrKeyType: (id)kSecAttrKeyTypeECSECPrimeRandom,
                            (id)kSecAttrKeySizeInBits: @256,
                            (id)kSecAttrTokenID: (id)kSecAttrTokenIDSecureEnclave,
                            (id)kSecPrivateKeyAttrs: @{(id)kSecAttrIsPermanent: @YES, (id)kSecAttrAccessControl: (__bridge id)access},
                        };
                        return SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
                    }
                    @end
                    """,
            ],
            alsoTriggers: ["objc.weak_keychain_accessibility"]),
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
        .triggeringObjC(
            "Private-key attributes copied out of the parameters, given an access control without a user constraint, and stored back",
            objectiveCCopiedAttributes(flags: "kSecAccessControlPrivateKeyUsage", marked: true),
            messages: [
                "Secure Enclave private key is usable without the user: its access control `kSecAccessControlPrivateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `Protected()` (line 4) → `all` (line 5) → argument `parameters` of the call (line 21) → `parameters` (line 16) → `all` set (line 11))"
            ],
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
        .nonTriggeringObjC(
            "The same attributes when the access control asks for the current biometry",
            objectiveCCopiedAttributes(flags: "kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet"),
            alsoTriggers: ["objc.unchecked_access_control_creation"]),
    ]

    /// A helper that copies the private-key attributes out of a key's parameters, gives them an
    /// access control with `flags` and stores them back; with `marked`, the key creation carries
    /// the finding's mark.
    private static func objectiveCCopiedAttributes(flags: String, marked: Bool = false) -> String {
        """
        #import <Foundation/Foundation.h>
        #import <Security/Security.h>

        static NSDictionary *Protected(NSDictionary *parameters) {
            NSMutableDictionary *all = [parameters mutableCopy];
            NSMutableDictionary *keyAttributes = [all[(__bridge id)kSecPrivateKeyAttrs] mutableCopy];
            SecAccessControlRef access = SecAccessControlCreateWithFlags(
                NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, \(flags), NULL);
            if (keyAttributes == nil || access == NULL) { return @{}; }
            keyAttributes[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
            all[(__bridge id)kSecPrivateKeyAttrs] = keyAttributes;
            return all;
        }

        SecKeyRef MakeDeviceKey(void) {
            NSDictionary *parameters = @{
                (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES },
            };
            return \(marked ? "↓" : "")SecKeyCreateRandomKey((__bridge CFDictionaryRef)Protected(parameters), NULL);
        }
        """
    }
}


// MARK: - Examples (they run as tests and appear in `explain`)

extension KeyWithoutUserAuthenticationRule {
    static let examples: [RuleExample] = [
        .triggering(
            "A Secure Enclave key whose access control is only .privateKeyUsage",
            """
            func makeKey() throws -> SecKey {
                var error: Unmanaged<CFError>?
                guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .privateKeyUsage, &error) else {
                    throw KeyError.accessControl
                }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [
                        kSecAttrIsPermanent as String: true,
                        kSecAttrAccessControl as String: access,
                    ],
                ]
                guard let key = ↓SecKeyCreateRandomKey(attributes as CFDictionary, &error) else { throw KeyError.create }
                return key
            }
            """,
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 6))"
            ]),
        .triggering(
            "A permanent key with no access control at all, attributes written at the call",
            """
            let key = ↓SecKeyCreateRandomKey([
                kSecAttrKeyType: kSecAttrKeyTypeRSA,
                kSecAttrKeySizeInBits: 2048,
                kSecPrivateKeyAttrs: [kSecAttrIsPermanent: true, kSecAttrApplicationTag: tag],
            ] as CFDictionary, nil)
            """,
            messages: [
                "Permanent private key is usable without the user: it has no `kSecAttrAccessControl`, so any code running in the app can use it without Face ID, Touch ID or the passcode"
            ]),
        .triggering(
            "An empty flags set built in a helper in another file",
            files: [
                "KeyFactory.swift": """
                    enum KeyFactory {
                        static func deviceAccess() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [], nil)
                        }
                    }
                    """,
                "Signer.swift": """
                    func makeSigningKey() -> SecKey? {
                        var privateAttributes: [String: Any] = [kSecAttrIsPermanent as String: true]
                        privateAttributes[kSecAttrAccessControl as String] = KeyFactory.deviceAccess()
                        let attributes: [String: Any] = [
                            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                            kSecPrivateKeyAttrs as String: privateAttributes,
                        ]
                        return ↓SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                    }
                    """,
            ],
            messages: [
                "Permanent private key is usable without the user: its access control `[]` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 4) → `privateAttributes` (line 2) → `KeyFactory.deviceAccess()` (KeyFactory.swift:2))"
            ],
            alsoTriggers: ["swift.unchecked_access_control_creation"]),
        .triggering(
            "A Secure Enclave key with no access control, token ID as a raw string; flags from a property",
            """
            final class DeviceKey {
                let flags: SecAccessControlCreateFlags = [.privateKeyUsage]
                func create() -> [SecKey?] {
                    let bare = ↓SecKeyCreateRandomKey([kSecAttrTokenID as String: "com.apple.setoken",
                                                       kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom] as CFDictionary, nil)
                    var error: Unmanaged<CFError>?
                    guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, &error) else { return [] }
                    let other = ↓SecKeyCreateRandomKey([kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                                                        kSecAttrAccessControl as String: access] as CFDictionary, nil)
                    return [bare, other]
                }
            }
            """,
            messages: [
                "Secure Enclave private key is usable without the user: it has no `kSecAttrAccessControl`, so any code running in the app can use it without Face ID, Touch ID or the passcode",
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `DeviceKey.flags` (line 2))",
            ]),
        .triggering(
            "A method creates the access control of the instance it is called on: the signing key pair's private key has only .privateKeyUsage",
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
                            var error: Unmanaged<CFError>?
                            return SecAccessControlCreateWithFlags(nil, protection, flags, &error)
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
                        privateKey: KeyProtection(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage]))
                    func makeSigningKey() -> SecKey? {
                        guard let access = signingKeys.privateKey.accessControl() else { return nil }
                        let attributes: [String: Any] = [
                            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                            kSecAttrKeySizeInBits as String: 256,
                            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                            kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                        ]
                        return ↓SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                    }
                    """,
            ],
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 6) → `KeyProtection.accessControl()` (KeyProtection.swift:8) → argument `privateKey` of the call (line 1) → `KeyProtection.protection` (KeyProtection.swift:2) → assigned (KeyProtection.swift:5) → argument `protection` of the call (line 3) → argument `privateKey` of the call (line 1) → `KeyProtection.flags` (KeyProtection.swift:3) → assigned (KeyProtection.swift:6) → argument `flags` of the call (line 3))"
            ]),
        .nonTriggering(
            "A method creates the access control of the instance it is called on: the private key's requires biometry; the public key's empty flags do not reach it",
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
                            var error: Unmanaged<CFError>?
                            return SecAccessControlCreateWithFlags(nil, protection, flags, &error)
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
                    func makeSigningKey() -> SecKey? {
                        guard let access = signingKeys.privateKey.accessControl() else { return nil }
                        let attributes: [String: Any] = [
                            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                            kSecAttrKeySizeInBits as String: 256,
                            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                            kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                        ]
                        return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                    }
                    """,
            ]),
        .triggering(
            "A nested type constructed by its qualified name is its own instance: the private key's access, built as KeyPairKit.Access(…), has only .privateKeyUsage",
            files: [
                "KeyPairKit.swift": """
                    enum KeyPairKit {
                        final class Access {
                            let protection: CFString
                            let flags: SecAccessControlCreateFlags
                            init(protection: CFString, flags: SecAccessControlCreateFlags) {
                                self.protection = protection
                                self.flags = flags
                            }
                            func accessControl() throws -> SecAccessControl {
                                var error: Unmanaged<CFError>?
                                guard let access = SecAccessControlCreateWithFlags(nil, protection, flags, &error) else {
                                    throw error!.takeRetainedValue() as Error
                                }
                                return access
                            }
                        }
                    }
                    """,
                "Keys.swift": """
                    func makeSigningKey() throws -> SecKey? {
                        let publicAccess = KeyPairKit.Access(protection: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags: [])
                        let privateAccess = KeyPairKit.Access(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage])
                        _ = try publicAccess.accessControl()
                        let access = try privateAccess.accessControl()
                        let attributes: [String: Any] = [
                            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                            kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                        ]
                        return ↓SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                    }
                    """,
            ],
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 6) → `access` (line 5) → `Access.accessControl()` (KeyPairKit.swift:9) → `Access.protection` (KeyPairKit.swift:3) → assigned (KeyPairKit.swift:6) → argument `protection` of the call (line 3) → `Access.flags` (KeyPairKit.swift:4) → assigned (KeyPairKit.swift:7) → argument `flags` of the call (line 3))"
            ]),
        .nonTriggering(
            "A nested type constructed by its qualified name is its own instance: the public key's empty flags do not reach the private key, whose access requires biometry",
            files: [
                "KeyPairKit.swift": """
                    enum KeyPairKit {
                        final class Access {
                            let protection: CFString
                            let flags: SecAccessControlCreateFlags
                            init(protection: CFString, flags: SecAccessControlCreateFlags) {
                                self.protection = protection
                                self.flags = flags
                            }
                            func accessControl() throws -> SecAccessControl {
                                var error: Unmanaged<CFError>?
                                guard let access = SecAccessControlCreateWithFlags(nil, protection, flags, &error) else {
                                    throw error!.takeRetainedValue() as Error
                                }
                                return access
                            }
                        }
                    }
                    """,
                "Keys.swift": """
                    func makeSigningKey() throws -> SecKey? {
                        let publicAccess = KeyPairKit.Access(protection: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags: [])
                        let privateAccess = KeyPairKit.Access(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage, .biometryCurrentSet])
                        _ = try publicAccess.accessControl()
                        let access = try privateAccess.accessControl()
                        let attributes: [String: Any] = [
                            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                            kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                        ]
                        return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                    }
                    """,
            ]),
        .triggering(
            "A caller passes no extra constraint, so the branch for nil runs: that key's access control has only .privateKeyUsage",
            files: [
                "SigningKeys.swift": """
                    final class SigningKeys {
                        func makeKey(tag: String, extra: SecAccessControlCreateFlags?) -> SecKey? {
                            let flags: SecAccessControlCreateFlags = extra == nil ? .privateKeyUsage : SecAccessControlCreateFlags.privateKeyUsage.union(extra!)
                            var error: Unmanaged<CFError>?
                            guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, &error) else { return nil }
                            let attributes: [String: Any] = [
                                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag, kSecAttrAccessControl as String: access],
                            ]
                            return ↓SecKeyCreateRandomKey(attributes as CFDictionary, &error)
                        }
                        func makeKeys() {
                            _ = makeKey(tag: "signing", extra: .biometryCurrentSet)
                            _ = makeKey(tag: "session", extra: nil)
                        }
                    }
                    """,
            ],
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 6) → `flags` (line 3) → if `extra == nil` (line 3))"
            ]),
        .nonTriggering(
            "Every caller passes a biometric constraint, so the branch for nil cannot run",
            files: [
                "SigningKeys.swift": """
                    final class SigningKeys {
                        func makeKey(tag: String, extra: SecAccessControlCreateFlags?) -> SecKey? {
                            let flags: SecAccessControlCreateFlags = extra == nil ? .privateKeyUsage : SecAccessControlCreateFlags.privateKeyUsage.union(extra!)
                            var error: Unmanaged<CFError>?
                            guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, &error) else { return nil }
                            let attributes: [String: Any] = [
                                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tag, kSecAttrAccessControl as String: access],
                            ]
                            return SecKeyCreateRandomKey(attributes as CFDictionary, &error)
                        }
                        func makeKeys() {
                            _ = makeKey(tag: "signing", extra: .biometryCurrentSet)
                            _ = makeKey(tag: "session", extra: [.biometryCurrentSet])
                        }
                    }
                    """,
            ]),
        .triggering(
            "A library's public method creates each key's access control: the private key's own default has only .privateKeyUsage, reported with the path from the library's initializer",
            files: [
                "Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(
                        name: "SigningKit",
                        products: [.library(name: "SigningKit", targets: ["SigningKit"])],
                        targets: [.target(name: "SigningKit")])
                    """,
                "Sources/SigningKit/KeyAccess.swift": """
                    public final class KeyAccess {
                        public let protection: CFString
                        public let flags: SecAccessControlCreateFlags
                        public init(protection: CFString, flags: SecAccessControlCreateFlags) {
                            self.protection = protection
                            self.flags = flags
                        }
                        public func makeAccessControl() -> SecAccessControl? {
                            var error: Unmanaged<CFError>?
                            return SecAccessControlCreateWithFlags(nil, protection, flags, &error)
                        }
                    }
                    public struct SigningConfiguration {
                        public let publicKeyAccess: KeyAccess
                        public let privateKeyAccess: KeyAccess
                        public init(
                            publicKeyAccess: KeyAccess = KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: []),
                            privateKeyAccess: KeyAccess = KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage])
                        ) {
                            self.publicKeyAccess = publicKeyAccess
                            self.privateKeyAccess = privateKeyAccess
                        }
                    }
                    """,
                "Sources/SigningKit/SigningKeyStore.swift": """
                    public final class SigningKeyStore {
                        public let configuration: SigningConfiguration
                        public init(configuration: SigningConfiguration) {
                            self.configuration = configuration
                        }
                        public func createKey() -> SecKey? {
                            guard let access = configuration.privateKeyAccess.makeAccessControl() else { return nil }
                            let attributes: [String: Any] = [
                                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                                kSecAttrKeySizeInBits as String: 256,
                                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                            ]
                            return ↓SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 8) → `KeyAccess.makeAccessControl()` (KeyAccess.swift:8) → `SigningConfiguration.privateKeyAccess` (KeyAccess.swift:15) → assigned (KeyAccess.swift:21) → default of `privateKeyAccess` (KeyAccess.swift:18) → `KeyAccess.protection` (KeyAccess.swift:2) → assigned (KeyAccess.swift:5) → argument `protection` of the call (KeyAccess.swift:18) → `SigningConfiguration.privateKeyAccess` (KeyAccess.swift:15) → assigned (KeyAccess.swift:21) → default of `privateKeyAccess` (KeyAccess.swift:18) → `KeyAccess.flags` (KeyAccess.swift:3) → assigned (KeyAccess.swift:6) → argument `flags` of the call (KeyAccess.swift:18))"
            ]),
        .nonTriggering(
            "A library's public method creates each key's access control: the public key's empty flags do not reach the private key, alone or with an app that builds both",
            files: [
                "Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(
                        name: "SigningKit",
                        products: [.library(name: "SigningKit", targets: ["SigningKit"])],
                        targets: [
                            .target(name: "SigningKit"),
                            .executableTarget(name: "SigningDemo", dependencies: ["SigningKit"]),
                        ])
                    """,
                "Sources/SigningKit/KeyAccess.swift": """
                    public final class KeyAccess {
                        public let protection: CFString
                        public let flags: SecAccessControlCreateFlags
                        public init(protection: CFString, flags: SecAccessControlCreateFlags) {
                            self.protection = protection
                            self.flags = flags
                        }
                        public var accessControl: SecAccessControl? {
                            var error: Unmanaged<CFError>?
                            return SecAccessControlCreateWithFlags(nil, protection, flags, &error)
                        }
                    }
                    public struct SigningConfiguration {
                        public let publicKeyAccess: KeyAccess
                        public let privateKeyAccess: KeyAccess
                        public init(
                            publicKeyAccess: KeyAccess = KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: []),
                            privateKeyAccess: KeyAccess = KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage])
                        ) {
                            self.publicKeyAccess = publicKeyAccess
                            self.privateKeyAccess = privateKeyAccess
                        }
                    }
                    """,
                "Sources/SigningKit/SigningKeyStore.swift": """
                    public final class SigningKeyStore {
                        public let configuration: SigningConfiguration
                        public init(configuration: SigningConfiguration) {
                            self.configuration = configuration
                        }
                        public func createKey() -> SecKey? {
                            guard let access = configuration.privateKeyAccess.accessControl else { return nil }
                            let attributes: [String: Any] = [
                                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                                kSecAttrKeySizeInBits as String: 256,
                                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                            ]
                            return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                        }
                    }
                    """,
                "Sources/SigningDemo/main.swift": """
                    import SigningKit
                    let configuration = SigningConfiguration(
                        publicKeyAccess: KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: []),
                        privateKeyAccess: KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage]))
                    let key = SigningKeyStore(configuration: configuration).createKey()
                    """,
            ]),
        .triggering(
            "A preset read as an implicit member (`.standard`, a parameter's default) is the instance its static constant builds: the library's preset gives the private key only .privateKeyUsage",
            """
            public struct KeyAccess {
                public let protection: CFString
                public let flags: SecAccessControlCreateFlags
            }
            public struct KeyPairSettings {
                public let publicKey: KeyAccess
                public let privateKey: KeyAccess
                public static let standard = KeyPairSettings(
                    publicKey: KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet]),
                    privateKey: KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: .privateKeyUsage))
            }
            public func makePrivateKey(settings: KeyPairSettings = .standard) -> SecKey? {
                var error: Unmanaged<CFError>?
                guard let access = SecAccessControlCreateWithFlags(nil, settings.privateKey.protection, settings.privateKey.flags, &error) else { return nil }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                ]
                return ↓SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            }
            """,
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 15) → default of `settings` (line 12) → argument `privateKey` of the call (line 8) → `KeyAccess.protection` (line 2) → argument `protection` of the call (line 10) → default of `settings` (line 12) → argument `privateKey` of the call (line 8) → `KeyAccess.flags` (line 3) → argument `flags` of the call (line 10))"
            ]),
        .triggering(
            "Settings a library's users pass in, of a struct built by its memberwise initializer: the private key holds what the library's own constructions give that label (only .privateKeyUsage), not the public key's values",
            """
            public struct KeyAccess {
                public let protection: CFString
                public let flags: SecAccessControlCreateFlags
            }
            public struct KeyPairSettings {
                public let publicKey: KeyAccess
                public let privateKey: KeyAccess
                public static let standard = KeyPairSettings(
                    publicKey: KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet]),
                    privateKey: KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: .privateKeyUsage))
            }
            public func makePrivateKey(settings: KeyPairSettings) -> SecKey? {
                var error: Unmanaged<CFError>?
                guard let access = SecAccessControlCreateWithFlags(nil, settings.privateKey.protection, settings.privateKey.flags, &error) else { return nil }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                ]
                return ↓SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            }

            """,
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 15) → `KeyPairSettings.privateKey` (line 7) → argument `privateKey` of the call (line 8) → `KeyAccess.protection` (line 2) → argument `protection` of the call (line 10) → `KeyPairSettings.privateKey` (line 7) → argument `privateKey` of the call (line 8) → `KeyAccess.flags` (line 3) → argument `flags` of the call (line 10))"
            ]),
        .nonTriggering(
            "The same preset with a user constraint on the private key: the public key's `[]` is not lent to it",
            """
            public struct KeyAccess {
                public let protection: CFString
                public let flags: SecAccessControlCreateFlags
            }
            public struct KeyPairSettings {
                public let publicKey: KeyAccess
                public let privateKey: KeyAccess
                public static let standard = KeyPairSettings(
                    publicKey: KeyAccess(protection: kSecAttrAccessibleAlways, flags: []),
                    privateKey: KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage]))
            }
            public func makePrivateKey(settings: KeyPairSettings = .standard) -> SecKey? {
                var error: Unmanaged<CFError>?
                guard let access = SecAccessControlCreateWithFlags(nil, settings.privateKey.protection, settings.privateKey.flags, &error) else { return nil }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                ]
                return SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            }
            """),
        .triggering(
            "An optional payload with a default (`access ?? []`): one caller passes nil, so that key gets only .privateKeyUsage",
            """
            enum KeySpec { case enclave(tag: String, access: SecAccessControlCreateFlags?) }
            func makeKey(_ spec: KeySpec) -> SecKey? {
                switch spec {
                case let .enclave(tag, access):
                    let flags: SecAccessControlCreateFlags = [.privateKeyUsage].union(access ?? [])
                    var error: Unmanaged<CFError>?
                    guard let acl = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, &error) else { return nil }
                    let attributes: [String: Any] = [
                        kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                        kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: Data(tag.utf8), kSecAttrAccessControl as String: acl],
                    ]
                    return ↓SecKeyCreateRandomKey(attributes as CFDictionary, &error)
                }
            }
            let signingKey = makeKey(.enclave(tag: "sign", access: .biometryCurrentSet))
            let sessionKey = makeKey(.enclave(tag: "session", access: nil))
            """,
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 8) → `flags` (line 5))"
            ]),
        .nonTriggering(
            "The same optional payload where every caller passes a flag: the `[]` default is never used",
            """
            enum KeySpec { case enclave(tag: String, access: SecAccessControlCreateFlags?) }
            func makeKey(_ spec: KeySpec) -> SecKey? {
                switch spec {
                case let .enclave(tag, access):
                    let flags: SecAccessControlCreateFlags = [.privateKeyUsage].union(access ?? [])
                    var error: Unmanaged<CFError>?
                    guard let acl = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, &error) else { return nil }
                    let attributes: [String: Any] = [
                        kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                        kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: Data(tag.utf8), kSecAttrAccessControl as String: acl],
                    ]
                    return SecKeyCreateRandomKey(attributes as CFDictionary, &error)
                }
            }
            let signingKey = makeKey(.enclave(tag: "sign", access: .biometryCurrentSet))
            """),
        .nonTriggering(
            "The remedy: .biometryCurrentSet with .privateKeyUsage",
            """
            var error: Unmanaged<CFError>?
            guard let accessControl = SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                      [.biometryCurrentSet, .privateKeyUsage], &error) else { return }
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: accessControl],
            ]
            let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            """),
        .nonTriggering(
            "An ephemeral software key (not permanent, not in the Secure Enclave); the private attributes override the top level",
            """
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                kSecAttrIsPermanent as String: true,
                kSecAttrKeySizeInBits as String: 256,
                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: false],
            ]
            let key = SecKeyCreateRandomKey(attributes as CFDictionary, nil)
            """),
        .nonTriggering(
            "An access control from unknown code, or private attributes the resolver cannot follow",
            """
            func makeKeys(access: SecAccessControl, privateAttributes: [String: Any]) -> [SecKey?] {
                let a = SecKeyCreateRandomKey([kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                                               kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true,
                                                                               kSecAttrAccessControl as String: access]] as CFDictionary, nil)
                let b = SecKeyCreateRandomKey([kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                                               kSecPrivateKeyAttrs as String: privateAttributes] as CFDictionary, nil)
                return [a, b]
            }
            """),
        .nonTriggering(
            "A biometry or application-password constraint counts as user authentication, at the top level too",
            """
            func makeKeys() -> [SecKey?] {
                var error: Unmanaged<CFError>?
                guard let biometry = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .privateKeyUsage], &error),
                      let password = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.applicationPassword, .privateKeyUsage], &error)
                else { return [] }
                let a = SecKeyCreateRandomKey([kSecAttrTokenID: kSecAttrTokenIDSecureEnclave, kSecAttrAccessControl: biometry] as CFDictionary, nil)
                let b = SecKeyCreateRandomKey([kSecAttrIsPermanent: true, kSecAttrAccessControl: password] as CFDictionary, nil)
                return [a, b]
            }
            """),
        .triggering(
            "SecKeyGeneratePair (deprecated) creating a permanent private key with no access control",
            """
            func makePair() {
                let parameters: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeEC,
                    kSecAttrKeySizeInBits as String: 256,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true],
                ]
                var publicKey: SecKey?
                var privateKey: SecKey?
                print(↓SecKeyGeneratePair(parameters as CFDictionary, &publicKey, &privateKey))
            }
            """,
            messages: [
                "Permanent private key is usable without the user: it has no `kSecAttrAccessControl`, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `parameters` (line 2))"
            ]),
        .triggering(
            "CryptoKit: a Secure Enclave key created with the default access control, and one whose flags are only .privateKeyUsage",
            """
            import CryptoKit

            func makeKeys() throws -> [Data] {
                let plain = try ↓SecureEnclave.P256.Signing.PrivateKey()
                var error: Unmanaged<CFError>?
                guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .privateKeyUsage, &error)
                else { throw KeyError.accessControl }
                let agreement = try ↓CryptoKit.SecureEnclave.P256.KeyAgreement.PrivateKey(accessControl: access)
                return [plain.dataRepresentation, agreement.dataRepresentation]
            }
            """,
            messages: [
                cryptoKitDefaultMessage("SecureEnclave.P256.Signing.PrivateKey"),
                cryptoKitFlagsMessage("SecureEnclave.P256.KeyAgreement.PrivateKey", flags: ".privateKeyUsage"),
            ]),
        .nonTriggering(
            "CryptoKit: a key with a user constraint, a key restored from its data, a software key, and an app's own SecureEnclave type",
            files: [
                "Keys.swift": """
                    import CryptoKit

                    func makeKeys(saved: Data) throws {
                        var error: Unmanaged<CFError>?
                        guard let access = SecAccessControlCreateWithFlags(
                            nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.privateKeyUsage, .biometryCurrentSet], &error)
                        else { throw KeyError.accessControl }
                        _ = try SecureEnclave.P256.Signing.PrivateKey(accessControl: access)
                        _ = try SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: saved)
                        _ = P256.Signing.PrivateKey()
                    }
                    """,
                "Legacy.swift": """
                    func legacy() {
                        // No CryptoKit import: whatever this is, it is not CryptoKit's.
                        _ = SecureEnclave.P256.Signing.PrivateKey()
                    }
                    """,
            ]),
        .triggering(
            "Key settings kept as a class's `let` properties with their own initial values, read on an instance built with none: the private key's own settings, not the public key's",
            """
            import Security

            final class KeySettings {
                let protection: CFString
                let flags: SecAccessControlCreateFlags
                init(protection: CFString, flags: SecAccessControlCreateFlags) {
                    self.protection = protection
                    self.flags = flags
                }
            }

            final class KeyPairSettings {
                let publicKey = KeySettings(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                let privateKey = KeySettings(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage])
            }

            final class KeyMaker {
                private let settings: KeyPairSettings
                init(settings: KeyPairSettings = KeyPairSettings()) { self.settings = settings }

                func makePrivateKey() throws -> SecKey? {
                    var error: Unmanaged<CFError>?
                    guard let access = SecAccessControlCreateWithFlags(nil, settings.privateKey.protection, settings.privateKey.flags, &error) else {
                        throw error!.takeRetainedValue() as Error
                    }
                    let attributes: [String: Any] = [
                        kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                        kSecAttrKeySizeInBits as String: 256,
                        kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                        kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                    ]
                    return ↓SecKeyCreateRandomKey(attributes as CFDictionary, &error)
                }
            }
            """,
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 26) → `KeyPairSettings.privateKey` (line 14) → `KeySettings.protection` (line 4) → assigned (line 7) → argument `protection` of the call (line 14) → `KeyPairSettings.privateKey` (line 14) → `KeySettings.flags` (line 5) → assigned (line 8) → argument `flags` of the call (line 14))"
            ]),
        .nonTriggering(
            "The same settings, kept in `var` properties no code assigns, where only the public key's are without user authentication",
            """
            import Security

            final class KeySettings {
                let protection: CFString
                let flags: SecAccessControlCreateFlags
                init(protection: CFString, flags: SecAccessControlCreateFlags) {
                    self.protection = protection
                    self.flags = flags
                }
            }

            final class KeyPairSettings {
                var publicKey = KeySettings(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                var privateKey = KeySettings(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage, .biometryCurrentSet])
            }

            final class KeyMaker {
                private let settings: KeyPairSettings
                init(settings: KeyPairSettings = KeyPairSettings()) { self.settings = settings }

                func makePrivateKey() throws -> SecKey? {
                    var error: Unmanaged<CFError>?
                    guard let access = SecAccessControlCreateWithFlags(nil, settings.privateKey.protection, settings.privateKey.flags, &error) else {
                        throw error!.takeRetainedValue() as Error
                    }
                    let attributes: [String: Any] = [
                        kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                        kSecAttrKeySizeInBits as String: 256,
                        kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                        kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                    ]
                    return SecKeyCreateRandomKey(attributes as CFDictionary, &error)
                }
            }
            """),
        .triggering(
            "Key parameters read through a protocol's requirement, whose one conforming template adds an access control without a user constraint to the private-key attributes it copies out and stores back",
            protocolTemplateExample(flags: ".privateKeyUsage", marked: true),
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `protected()` (line 16) → `all` (line 17) → argument `template` of the call (line 31) → `DeviceKeyTemplate.parameters` (line 8) → default of `parameters` (line 8) → `all[kSecPrivateKeyAttrs]` (line 12) → `all` (line 17) → argument `template` of the call (line 31) → `DeviceKeyTemplate.parameters` (line 8) → default of `parameters` (line 8))"
            ],
            alsoTriggers: ["swift.unchecked_access_control_creation"]),
        .nonTriggering(
            "The same template when the access control asks for the current biometry",
            protocolTemplateExample(flags: "[.biometryCurrentSet, .privateKeyUsage]"),
            alsoTriggers: ["swift.unchecked_access_control_creation"]),
        .triggering(
            "A tuple of two key settings: the private key's element is read, and it asks for no user",
            tupleSettingsExample(privateFlags: ".privateKeyUsage", marked: true),
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 17) → `KeyMaker.pair` (line 9) → `KeySettings.protection` (line 4) → argument `protection` of the call (line 10) → `KeyMaker.pair` (line 9) → `KeySettings.flags` (line 5) → argument `flags` of the call (line 10))"
            ]),
        .nonTriggering(
            "The same tuple when the private key's element asks for the current biometry: the public key's empty flags are its own",
            tupleSettingsExample(privateFlags: "[.privateKeyUsage, .biometryCurrentSet]")),
        .triggering(
            "An enum of key roles whose computed settings return a construction per case: the private key's asks for no user",
            enumRoleSettingsExample(privateFlags: ".privateKeyUsage", marked: true),
            messages: [
                "Secure Enclave private key is usable without the user: its access control `.privateKeyUsage` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode (via `attributes` (line 24) → `settings` (line 19) → `KeyRole.settings` (line 10) → case .privateKey (line 13) → `KeySettings.protection` (line 4) → argument `protection` of the call (line 13) → `settings` (line 19) → `KeyRole.settings` (line 10) → case .privateKey (line 13) → `KeySettings.flags` (line 5) → argument `flags` of the call (line 13))"
            ]),
        .nonTriggering(
            "The same roles when the private key's case asks for the current biometry: the public key's case is not the private key's",
            enumRoleSettingsExample(privateFlags: "[.privateKeyUsage, .biometryCurrentSet]")),
    ]

    /// Key settings chosen by an enum's computed property, one construction per case (the public
    /// key's `[]` first); the factory reads the private key's case.
    private static func enumRoleSettingsExample(privateFlags: String, marked: Bool = false) -> String {
        """
        import Security

        struct KeySettings {
            let protection: CFString
            let flags: SecAccessControlCreateFlags
        }

        enum KeyRole {
            case publicKey, privateKey
            var settings: KeySettings {
                switch self {
                case .publicKey: return KeySettings(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                case .privateKey: return KeySettings(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: \(privateFlags))
                }
            }
        }

        func makePrivateKey() throws -> SecKey? {
            let settings = KeyRole.privateKey.settings
            var error: Unmanaged<CFError>?
            guard let access = SecAccessControlCreateWithFlags(nil, settings.protection, settings.flags, &error) else {
                throw error!.takeRetainedValue() as Error
            }
            let attributes: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
            ]
            return \(marked ? "↓" : "")SecKeyCreateRandomKey(attributes as CFDictionary, &error)
        }
        """
    }

    /// Key settings kept as a tuple of two constructions, the public key's (`[]`) first; the
    /// factory reads the private key's element. With `marked`, the key creation carries the mark.
    private static func tupleSettingsExample(privateFlags: String, marked: Bool = false) -> String {
        """
        import Security

        struct KeySettings {
            let protection: CFString
            let flags: SecAccessControlCreateFlags
        }

        final class KeyMaker {
            private let pair = (publicKey: KeySettings(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
                                privateKey: KeySettings(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: \(privateFlags)))

            func makePrivateKey() throws -> SecKey? {
                var error: Unmanaged<CFError>?
                guard let access = SecAccessControlCreateWithFlags(nil, pair.privateKey.protection, pair.privateKey.flags, &error) else {
                    throw error!.takeRetainedValue() as Error
                }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                ]
                return \(marked ? "↓" : "")SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            }
        }
        """
    }

    /// A key factory that reads its parameters through the protocol `KeyTemplate`, which one
    /// template conforms to; a helper copies the private-key attributes out, gives them an access
    /// control with `flags` and stores them back. With `marked`, the key creation carries the
    /// finding's mark.
    private static func protocolTemplateExample(flags: String, marked: Bool = false) -> String {
        """
        import Security

        protocol KeyTemplate {
            var parameters: [String: Any] { get }
        }

        struct DeviceKeyTemplate: KeyTemplate {
            let parameters: [String: Any] = [
                kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                kSecAttrKeySizeInBits as String: 256,
                kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true],
            ]
        }

        func protected(_ parameters: [String: Any]) -> [String: Any] {
            var all = parameters
            guard var keyAttributes = all[kSecPrivateKeyAttrs as String] as? [String: Any],
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, \(flags), nil)
            else { return [:] }
            keyAttributes[kSecAttrAccessControl as String] = access
            all[kSecPrivateKeyAttrs as String] = keyAttributes
            return all
        }

        func makeKey(from template: KeyTemplate) -> SecKey? {
            var error: Unmanaged<CFError>?
            return \(marked ? "↓" : "")SecKeyCreateRandomKey(protected(template.parameters) as CFDictionary, &error)
        }

        func setUp() { _ = makeKey(from: DeviceKeyTemplate()) }
        """
    }
}
