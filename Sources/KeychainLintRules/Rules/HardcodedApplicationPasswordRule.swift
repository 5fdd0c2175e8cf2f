import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `hardcoded_application_password` — CWE-798, CWE-259 (Kolin Stürt, "Keychain Entropy on iOS 9"),
/// in Swift and Objective-C.
public struct HardcodedApplicationPasswordRule: Check {
    public static let calls: [CheckedCall] = [.method(swift: "setCredential", objectiveC: "setCredential:type:")]
    public static let swiftInterests: [RuleInterest] = wrapperInterests

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        guard call.receiver != nil, let credential = call.leadingArgument, let typeArgument = call.argument(labeled: "type") else {
            return
        }
        let type = context.resolve(typeArgument)
        guard type.values.contains(where: { Self.isApplicationPassword($0.value) }) else {
            context.noteGaps(type, asking: "credential type of \(Self.setCredential(in: call.language))")
            return
        }
        let written = call.language == .swift
            ? "`setCredential(_:type: .applicationPassword)`" : "`setCredential:type:` with `LACredentialTypeApplicationPassword`"
        context.reportFirstJudged(
            context.resolve(credential), at: credential,
            asking: "credential passed to \(Self.setCredential(in: call.language))",
            othersToo: .init(one: "is hard-coded too", many: "are hard-coded too"),
            headline: { kind in
                "Hard-coded application password: the credential given to \(written) is \(kind) compiled into the app, so anyone with the binary can read it and unlock the item"
            },
            judge: Self.literalKind)
    }

    /// Swift wrapper libraries that hand a password to `setCredential`.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        checkWrapper(input, in: context)
    }

    /// The method as the language names it.
    static func setCredential(in language: SourceLanguage) -> String {
        language == .swift ? "setCredential" : "setCredential:type:"
    }

    /// `.applicationPassword`, `LACredentialType.applicationPassword`, `LACredentialTypeApplicationPassword`.
    static func isApplicationPassword(_ value: Value) -> Bool {
        switch value {
        case .member("applicationPassword", let type): type == nil || type == "LACredentialType"
        case .symbol("LACredentialTypeApplicationPassword"): true
        default: false
        }
    }

    /// Objective-C messages whose result holds their first argument's content (a string or data
    /// made from it).
    static let contentConversions: Set<String> = [
        "stringWithUTF8String", "stringWithString", "stringWithCString", "initWithUTF8String", "initWithString",
        "initWithCString", "dataWithData", "initWithData",
        // Base64 text decoded into data, as Swift's `Data(base64Encoded:)`.
        "initWithBase64EncodedString",
    ]

    /// Names of the conversions that keep a literal's content (`Data(…)`, `….data(using:)`).
    static let dataConversions: Set<String> = ["Data", "NSData", "data", "Array", "ContiguousArray"]

    /// "a string literal" or "a byte array literal" when the value is literal content turned into
    /// `Data` or `NSData` (`Data("1234".utf8)`, `[@"1234" dataUsingEncoding:NSUTF8StringEncoding]`,
    /// `[NSData dataWithBytes:kBytes length:sizeof(kBytes)]` over `{0x31, 0x32}`); nil for anything
    /// else (unknown parts, `Data(count:)`, derived keys, `nil`).
    static func literalKind(_ value: Value) -> String? {
        switch value {
        case .string(let text):
            // `field.text ?? ""`: an empty fallback is a placeholder, not a password.
            return text.isEmpty ? nil : "a string literal"
        case .array(let elements):
            guard !elements.isEmpty, elements.allSatisfy({ if case .integer = $0 { true } else { false } }) else { return nil }
            return "a byte array literal"
        case .call(let call):
            if ValueResolver.stringViews.contains(call.name), call.arguments.isEmpty, let receiver = call.receiver {
                return literalKind(receiver)
            }
            // Objective-C: `[text dataUsingEncoding:…]`, `[NSData dataWithBytes:bytes length:n]`,
            // `[NSString stringWithUTF8String:"…"]`.
            if call.name == "dataUsingEncoding", let receiver = call.receiver { return literalKind(receiver) }
            if ["dataWithBytes", "initWithBytes"].contains(call.name) || contentConversions.contains(call.name) {
                return call.arguments.first.flatMap { literalKind($0.value) }
            }
            guard dataConversions.contains(call.name) else { return nil }
            if call.name == "data" {
                // `"1234".data(using: .utf8)`: the receiver is the content.
                guard let receiver = call.receiver, call.arguments.allSatisfy({ $0.label == "using" }) else { return nil }
                return literalKind(receiver)
            }
            guard call.receiver == nil || call.receiver == .symbol(call.name) else { return nil }
            // `Data("1234".utf8)`, `Data([0x31, 0x32])`, `Data(bytes: [0x31])`, `Data(base64Encoded: "MTIzNA==")`.
            guard call.arguments.count == 1, let argument = call.arguments.first,
                [nil, "bytes", "base64Encoded"].contains(argument.label)
            else { return nil }
            return literalKind(argument.value)
        default:
            return nil
        }
    }

    public static let swiftRule = RuleDescription(
        id: "swift.hardcoded_application_password",
        name: "Application password compiled into the app",
        severity: .high,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:259", "CWE:798"],
        summary:
            "LAContext.setCredential(_:type: .applicationPassword) is given a credential that is a literal in the source (a string, a byte array, or a constant holding one).",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags the credential argument of `setCredential(_:type: .applicationPassword)` when any value \
                it can take is literal content: `"1234".data(using: .utf8)`, `Data("1234".utf8)`, \
                `Data([0x31, 0x32])`, `Data(base64Encoded: "…")`, or any of these reached through a constant, \
                a property, a local variable, a helper function or a caller's argument. The value is followed \
                by the shared resolver; the message says which form of literal it is and the path it took.
                """,
            whyItMatters: """
                An application password is an extra secret that, together with an access control \
                containing `.applicationPassword`, protects a Keychain item. A password written in the source \
                is in every copy of the binary: anyone can extract it with `strings` or a disassembler and \
                supply it through their own `LAContext`, so the item is protected by nothing the user knows. \
                Kolin Stürt's "Keychain Entropy on iOS 9", which introduces application passwords, itself calls a \
                hard-coded password "not very secure".
                """,
            whatToDoInstead: """
                Ask the user for the password (or PIN) when the item is stored and read, and pass what they \
                typed to `setCredential`, ideally after a key derivation (PBKDF2, scrypt) with a per-install \
                salt. If the app needs a secret it does not ask the user for, generate a random one per \
                install and keep it in the Keychain under a suitable access control instead.
                """,
            fixSafety: """
                No automatic fix: the password has to come from the user, which changes the app's flow and \
                makes existing items unreadable until they are re-created with the new password.
                """,
            notes: [
                "Only `setCredential` calls whose `type` resolves to `.applicationPassword` (or `LACredentialType.applicationPassword`) are checked; a type the resolver cannot follow is noted under `--verbose`.",
                "A credential derived from user input, from a key derivation function, or from anything the resolver cannot follow produces no finding (precision first); `--verbose` shows where resolution stopped.",
                "`setCredential(nil, type: .applicationPassword)` clears the credential and is not reported; `Data(count:)` and other buffers that are filled later are not literal content.",
                "An empty string or byte array is not reported: it is almost always a fallback (`passwordField.text ?? \"\"`), not a password; a non-empty fallback (`input ?? \"1234\"`) is reported like any other possible value.",
                "The message does not repeat the password, so reports uploaded to CI or code scanning do not spread it further.",
                "Confidence is high when the literal is written at the call, medium when it was resolved through other code.",
                wrapperNote,
            ],
            references: [
                "CWE-798: Use of Hard-coded Credentials — https://cwe.mitre.org/data/definitions/798.html",
                "CWE-259: Use of Hard-coded Password — https://cwe.mitre.org/data/definitions/259.html",
                "Apple: LAContext.setCredential(_:type:) — https://developer.apple.com/documentation/localauthentication/lacontext/setcredential(_:type:)",
                "Apple: SecAccessControlCreateFlags.applicationPassword — https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/applicationpassword",
            ]),
        remediation:
            "Take the application password from the user (ideally through a key derivation with a per-install salt) instead of compiling it into the app.",
        examples: examples + wrapperExamples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "-[LAContext setCredential:type:] is given a string literal as the LACredentialTypeApplicationPassword credential: the password is compiled into the app.",
        whatItDoes: """
            Flags `[context setCredential:… type:LACredentialTypeApplicationPassword]` in Objective-C when the \
            credential can be literal content turned into `NSData`: text (`[@"1234" dataUsingEncoding:…]`, \
            `[NSData dataWithBytes:"1234" length:4]`) or a byte array (`[NSData dataWithBytes:kPIN \
            length:sizeof(kPIN)]` over `static const unsigned char kPIN[] = {0x31, …};`) or Base64 text \
            (`[[NSData alloc] initWithBase64EncodedString:@"…" options:0]`), followed through \
            locals, constants and `#define`s (of the file, or defined at file scope in another Objective-C \
            file of the scan, such as an `extern` constant of a header defined in a `.m`), the file's \
            functions and methods (`[self …]`, `[[self class] …]`, `[self.class …]`), the arguments its calls \
            pass and the properties it stores. The message says whether it is a string or a byte array \
            literal and the path the value took.
            """,
        whatToDoInstead: """
            Take the application password from the user (ideally through a key derivation with a per-install \
            salt) instead of compiling it into the app.
            """,
        remediation:
            "Take the application password from the user (ideally through a key derivation with a per-install salt) instead of compiling it into the app.",
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension HardcodedApplicationPasswordRule {
    private static let objcStringLiteral =
        "Hard-coded application password: the credential given to `setCredential:type:` with `LACredentialTypeApplicationPassword` is a string literal compiled into the app, so anyone with the binary can read it and unlock the item"
    private static let objcByteLiteral =
        "Hard-coded application password: the credential given to `setCredential:type:` with `LACredentialTypeApplicationPassword` is a byte array literal compiled into the app, so anyone with the binary can read it and unlock the item"

    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "The application-password flow with a password written in the code",
            """
            @implementation Vault
            - (void)storeSecret:(NSData *)secret {
                LAContext *context = [[LAContext alloc] init];
                NSData *password = [@"1234" dataUsingEncoding:NSUTF8StringEncoding];
                [context setCredential:↓password type:LACredentialTypeApplicationPassword];
            }
            @end
            """,
            messages: [
                "Hard-coded application password: the credential given to `setCredential:type:` with `LACredentialTypeApplicationPassword` is a string literal compiled into the app, so anyone with the binary can read it and unlock the item (via `password` (line 4))",
            ]),
        .triggeringObjC(
            "A constant converted by a message send, and a byte array",
            """
            static NSString *const kBackupPassword = @"0000";
            static const unsigned char kPIN[] = {0x31, 0x32, 0x33, 0x34};

            @implementation Vault
            - (void)unlock:(LAContext *)context {
                [context setCredential:↓[kBackupPassword dataUsingEncoding:NSUTF8StringEncoding] type:LACredentialTypeApplicationPassword];
                [context setCredential:↓[NSData dataWithBytes:kPIN length:sizeof(kPIN)] type:LACredentialTypeApplicationPassword];
                [context setCredential:↓[[NSData alloc] initWithBase64EncodedString:@"MTIzNA==" options:0] type:LACredentialTypeApplicationPassword];
            }
            @end
            """,
            messages: [
                objcStringLiteral + " (via `kBackupPassword` (line 1))",
                objcByteLiteral + " (via `kPIN` (line 2))",
                objcStringLiteral,
            ]),
        .triggering(
            "A constant declared extern in a header and defined in another file",
            files: [
                "Secrets.h": """
                    extern NSString *const BackupPassword;
                    """,
                "Secrets.m": """
                    #import "Secrets.h"
                    NSString *const BackupPassword = @"correct horse battery staple";
                    """,
                "BackupStore.m": """
                    #import "Secrets.h"
                    @implementation BackupStore
                    - (void)authenticate:(LAContext *)context {
                        NSData *password = [BackupPassword dataUsingEncoding:NSUTF8StringEncoding];
                        [context setCredential:↓password type:LACredentialTypeApplicationPassword];
                    }
                    @end
                    """,
            ],
            messages: [objcStringLiteral + " (via `password` (line 4) → `BackupPassword` (Secrets.m:2))"]),
        .triggeringObjC(
            "A class method reached through the class of self",
            """
            @implementation Vault
            + (NSString *)defaultPassword { return @"letmein"; }
            - (void)unlock:(LAContext *)context {
                NSData *password = [[[self class] defaultPassword] dataUsingEncoding:NSUTF8StringEncoding];
                [context setCredential:↓password type:LACredentialTypeApplicationPassword];
            }
            @end
            """,
            messages: [objcStringLiteral + " (via `password` (line 4) → `defaultPassword` (line 2))"]),
        .nonTriggering(
            "A buffer filled at run time, and a constant of another file that is only a salt",
            files: [
                "Secrets.h": """
                    extern NSString *const PasswordSalt;
                    """,
                "Secrets.m": """
                    NSString *const PasswordSalt = @"com.example.vault";
                    """,
                "Vault.m": """
                    #import "Secrets.h"
                    @implementation Vault
                    - (void)unlock:(LAContext *)context pin:(NSString *)pin {
                        unsigned char random[16];
                        SecRandomCopyBytes(kSecRandomDefault, sizeof(random), random);
                        [context setCredential:[NSData dataWithBytes:random length:sizeof(random)] type:LACredentialTypeApplicationPassword];
                        [context setCredential:[self derivedKeyFromPIN:pin salt:PasswordSalt] type:LACredentialTypeApplicationPassword];
                    }
                    @end
                    """,
            ]),
        .nonTriggeringObjC(
            "The password the user typed",
            """
            @implementation Vault
            - (void)storeSecret:(NSData *)secret {
                LAContext *context = [[LAContext alloc] init];
                NSData *password = [self.passwordField.text dataUsingEncoding:NSUTF8StringEncoding];
                [context setCredential:password type:LACredentialTypeApplicationPassword];
            }
            @end
            """),
    ]
}


// MARK: - Examples (they run as tests and appear in `explain`)

extension HardcodedApplicationPasswordRule {
    private static let stringLiteral =
        "Hard-coded application password: the credential given to `setCredential(_:type: .applicationPassword)` is a string literal compiled into the app, so anyone with the binary can read it and unlock the item"
    private static let byteLiteral =
        "Hard-coded application password: the credential given to `setCredential(_:type: .applicationPassword)` is a byte array literal compiled into the app, so anyone with the binary can read it and unlock the item"

    static let examples: [RuleExample] = [
        .triggering(
            "Kolin Stürt's example in Swift: \"1234\".data(using: .utf8)",
            """
            let context = LAContext()
            context.setCredential(↓"1234".data(using: .utf8), type: .applicationPassword)
            """,
            messages: [stringLiteral]),
        .triggering(
            "Data(\"…\".utf8) and a byte array literal, with the qualified credential type",
            """
            let context = LAContext()
            context.setCredential(↓Data("s3cr3t".utf8), type: LACredentialType.applicationPassword)
            context.setCredential(↓Data([0x31, 0x32, 0x33, 0x34]), type: .applicationPassword)
            """,
            messages: [stringLiteral, byteLiteral]),
        .triggering(
            "A local variable holding the converted literal",
            """
            func unlockBackup() {
                let context = LAContext()
                let password = "0000".data(using: .utf8)!
                context.setCredential(↓password, type: .applicationPassword)
            }
            """,
            messages: [stringLiteral + " (via `password` (line 3))"]),
        .triggering(
            "A static constant declared in another file",
            files: [
                "Secrets.swift": """
                    enum Secrets {
                        static let backupPassword = "correct horse battery staple"
                    }
                    """,
                "BackupStore.swift": """
                    final class BackupStore {
                        func authenticate(_ context: LAContext) {
                            context.setCredential(↓Secrets.backupPassword.data(using: .utf8), type: .applicationPassword)
                        }
                    }
                    """,
            ],
            messages: [stringLiteral + " (via `Secrets.backupPassword` (Secrets.swift:2))"]),
        .triggering(
            "A helper function that returns the password, and a caller's argument",
            """
            final class Vault {
                private func defaultPassword() -> Data { Data("letmein".utf8) }
                func open(_ context: LAContext) {
                    context.setCredential(↓defaultPassword(), type: .applicationPassword)
                }
                func open(_ context: LAContext, password: Data?) {
                    context.setCredential(↓password, type: .applicationPassword)
                }
            }
            vault.open(context, password: "1111".data(using: .utf8))
            """,
            messages: [
                stringLiteral + " (via `Vault.defaultPassword()` (line 2))",
                stringLiteral + " (via argument `password` of the call (line 10))",
            ]),
        .triggering(
            "A default password used when the user typed nothing",
            """
            func unlock(context: LAContext, typed: String?) {
                let password = typed ?? "0000"
                context.setCredential(↓password.data(using: .utf8), type: .applicationPassword)
            }
            """,
            messages: [stringLiteral + " (via `password` (line 2))"]),
        .nonTriggering(
            "A password the user typed",
            """
            func saveBackupCode(_ code: String, password: String) {
                let context = LAContext()
                context.setCredential(password.data(using: .utf8), type: .applicationPassword)
            }
            @objc func didTapSave() {
                saveBackupCode(codeField.text ?? "", password: passwordField.text ?? "")
            }
            """),
        .nonTriggering(
            "A key derived with PBKDF2 from the user's PIN",
            """
            func derivedKey(from pin: String, salt: Data) -> Data {
                var derived = Data(count: 32)
                derived.withUnsafeMutableBytes { out in
                    _ = CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), pin, pin.utf8.count, saltBytes, salt.count,
                                             CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 310_000, out, 32)
                }
                return derived
            }
            func unlock(pin: String, context: LAContext) {
                context.setCredential(derivedKey(from: pin, salt: installSalt), type: .applicationPassword)
            }
            """),
        .nonTriggering(
            "Unknown values, clearing the credential, and another credential type",
            """
            context.setCredential(try passwordProvider.current(), type: .applicationPassword)
            context.setCredential(nil, type: .applicationPassword)
            context.setCredential("1234".data(using: .utf8), type: credentialType)
            """),
        .nonTriggering(
            "An unrelated setCredential and words in strings and comments",
            """
            // context.setCredential("1234".data(using: .utf8), type: .applicationPassword)
            let hint = "setCredential(\\"1234\\".data(using: .utf8), type: .applicationPassword)"
            urlCredentialStore.setCredential(URLCredential(user: "demo", password: "demo", persistence: .none), for: space)
            """),
    ]
}
