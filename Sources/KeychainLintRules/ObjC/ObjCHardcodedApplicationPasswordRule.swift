import KeychainLintCore
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintObjC

/// `objc.hardcoded_application_password` — `swift.hardcoded_application_password`'s judgement
/// on Objective-C code: `-[LAContext setCredential:type:]` given literal content as the
/// application password.
public struct ObjCHardcodedApplicationPasswordRule: ObjCRule {
    public static let calls = ["setCredential:type:"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .message, let credential = call.arguments.first?.value, let typeArgument = call.argument(labelled: "type") else { return }
        let type = context.resolve(typeArgument)
        guard type.values.contains(where: { $0.value == .symbol("LACredentialTypeApplicationPassword") }) else {
            context.noteGaps(type, asking: "credential type of setCredential:type:")
            return
        }
        context.reportFirstJudged(
            context.resolve(credential), at: credential.range, asking: "credential passed to setCredential:type:",
            othersToo: .init(one: "is hard-coded too", many: "are hard-coded too"),
            headline: { kind in
                "Hard-coded application password: the credential given to `setCredential:type:` with `LACredentialTypeApplicationPassword` is \(kind) compiled into the app, so anyone with the binary can read it and unlock the item"
            },
            judge: Self.literalKind)
    }

    /// "a string literal" or "a byte array literal" when the value is literal content turned into
    /// `NSData` (`[@"1234" dataUsingEncoding:NSUTF8StringEncoding]`, `[NSData dataWithBytes:"1234"
    /// length:4]`, `[NSData dataWithBytes:kBytes length:sizeof(kBytes)]` over `{0x31, 0x32}`), the
    /// same kinds `swift.hardcoded_application_password` names.
    static func literalKind(_ value: Value) -> String? {
        switch value {
        case .string(let text):
            return text.isEmpty ? nil : "a string literal"
        case .call(let call):
            if call.name == "dataUsingEncoding", let receiver = call.receiver { return literalKind(receiver) }
            if ["dataWithBytes", "initWithBytes"].contains(call.name), let bytes = call.arguments.first?.value {
                return byteArrayKind(bytes) ?? literalKind(bytes)
            }
            if Self.contentConversions.contains(call.name), let content = call.arguments.first?.value { return literalKind(content) }
            return nil
        default:
            return nil
        }
    }

    /// Messages whose result holds their first argument's content (a string or data made from it).
    static let contentConversions: Set<String> = [
        "stringWithUTF8String", "stringWithString", "stringWithCString", "initWithUTF8String", "initWithString",
        "initWithCString", "dataWithData", "initWithData",
        // Base64 text decoded into data, as `swift.hardcoded_application_password` reads `Data(base64Encoded:)`.
        "initWithBase64EncodedString",
    ]

    /// A C array of bytes (`static const unsigned char kBytes[] = {0x31, 0x32};`, `{'1', '2'}`).
    static func byteArrayKind(_ value: Value) -> String? {
        guard case .array(let elements) = value, !elements.isEmpty,
            elements.allSatisfy({ if case .integer = $0 { true } else { false } })
        else { return nil }
        return "a byte array literal"
    }

    public static let description = RuleDescription.objectiveC(
        of: HardcodedApplicationPasswordRule.description,
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
        examples: examples)

    private static let stringLiteral =
        "Hard-coded application password: the credential given to `setCredential:type:` with `LACredentialTypeApplicationPassword` is a string literal compiled into the app, so anyone with the binary can read it and unlock the item"
    private static let byteLiteral =
        "Hard-coded application password: the credential given to `setCredential:type:` with `LACredentialTypeApplicationPassword` is a byte array literal compiled into the app, so anyone with the binary can read it and unlock the item"

    static let examples: [RuleExample] = [
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
                stringLiteral + " (via `kBackupPassword` (line 1))",
                byteLiteral + " (via `kPIN` (line 2))",
                stringLiteral,
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
            messages: [stringLiteral + " (via `password` (line 4) → `BackupPassword` (Secrets.m:2))"]),
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
            messages: [stringLiteral + " (via `password` (line 4) → `defaultPassword` (line 2))"]),
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
