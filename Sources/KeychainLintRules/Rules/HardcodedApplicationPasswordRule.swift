import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.hardcoded_application_password` — CWE-798, CWE-259 (Kolin Stürt, "Keychain Entropy on iOS 9").
public struct HardcodedApplicationPasswordRule: SwiftRule {
    public static let interests: [RuleInterest] = [.call("setCredential")] + wrapperInterests

    public init(options: [String: ConfigValue]) {}

    public func check(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let call) = input, call.name == "setCredential", call.receiver != nil,
            let credential = call.arguments.first, credential.label == nil,
            let typeArgument = call.argument(labeled: "type")
        else {
            checkWrapper(input, in: context)
            return
        }
        let type = context.resolve(typeArgument)
        guard type.values.contains(where: { Self.isApplicationPassword($0.value) }) else {
            context.noteGaps(type, asking: "credential type of setCredential")
            return
        }
        context.reportFirstJudged(
            context.resolve(credential.value), at: credential.value,
            asking: "credential passed to setCredential",
            othersToo: .init(one: "is hard-coded too", many: "are hard-coded too"),
            headline: { kind in
                "Hard-coded application password: the credential given to `setCredential(_:type: .applicationPassword)` is \(kind) compiled into the app, so anyone with the binary can read it and unlock the item"
            },
            judge: Self.literalKind)
    }

    /// `.applicationPassword`, `LACredentialType.applicationPassword`.
    static func isApplicationPassword(_ value: Value) -> Bool {
        if case .member("applicationPassword", let type) = value {
            return type == nil || type == "LACredentialType"
        }
        return false
    }

    /// Names of the conversions that keep a literal's content (`Data(…)`, `….data(using:)`).
    static let dataConversions: Set<String> = ["Data", "NSData", "data", "Array", "ContiguousArray"]

    /// "a string literal" or "a byte array literal" when the value is literal content turned into
    /// `Data`; nil for anything else (unknown parts, `Data(count:)`, derived keys, `nil`).
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

    public static let description = RuleDescription(
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
