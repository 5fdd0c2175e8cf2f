import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.hardcoded_application_password` on calls of modelled wrapper libraries: a literal given
/// to an argument the library hands to `LAContext.setCredential(_:type: .applicationPassword)`
/// (OktaSecureStorage `init(applicationPassword:)`).
extension HardcodedApplicationPasswordRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.applicationPassword])

    /// With the calls of models the configuration declares too.
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] {
        WrapperInterests.replacingBuiltIn(in: swiftInterests, roles: [.applicationPassword], models: models)
    }

    func checkWrapper(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let call) = input, let site = WrapperCallSite.match(call, in: context), site.call.effect != .search,
            let (argument, expression) = site.argument(for: .applicationPassword)
        else { return }
        let written: String
        switch argument.place {
        case .label(let label): written = "`\(label):` (\(site.model.library))"
        case .position(let index): written = "argument \(index + 1) of `\(site.call.name)` (\(site.model.library))"
        }
        context.reportFirstJudged(
            context.resolve(expression), at: expression, asking: "application password given to \(site.model.library)",
            othersToo: .init(one: "is hard-coded too", many: "are hard-coded too"),
            headline: { Self.wrapperMessage(written, kind: $0) },
            judge: Self.literalKind)
    }

    static func wrapperMessage(_ written: String, kind: String) -> String {
        "Hard-coded application password: the password given to \(written), which the library passes to `setCredential(_:type: .applicationPassword)` on every write and read, is \(kind) compiled into the app, so anyone with the binary can read it and unlock the items"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: a literal given to OktaSecureStorage `init(applicationPassword:)` is reported like one given to `setCredential` (the library sets it as the application password of every item it stores and reads)."

    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "OktaSecureStorage: a literal application password, also through a constant",
            """
            import OktaSecureStorage

            enum Secrets { static let storagePassword = "hunter2" }
            let storage = OktaSecureStorage(applicationPassword: ↓"correct horse battery staple")
            let shared = OktaSecureStorage(applicationPassword: ↓Secrets.storagePassword)
            """,
            messages: [
                wrapperMessage("`applicationPassword:` (OktaSecureStorage)", kind: "a string literal"),
                wrapperMessage("`applicationPassword:` (OktaSecureStorage)", kind: "a string literal")
                    + " (via `Secrets.storagePassword` (line 3))",
            ]),
        .nonTriggering(
            "OktaSecureStorage: a password the user typed, none, an app type with the same initializer, no import",
            files: [
                "Store.swift": """
                    import OktaSecureStorage

                    struct Vault { init(applicationPassword: String) {} }
                    func open(typed: String) -> OktaSecureStorage {
                        let vault = Vault(applicationPassword: "1234")
                        let plain = OktaSecureStorage()
                        return OktaSecureStorage(applicationPassword: typed)
                    }
                    """,
                "Legacy.swift": """
                    let storage = OktaSecureStorage(applicationPassword: "1234")
                    """,
            ]),
    ]
}
