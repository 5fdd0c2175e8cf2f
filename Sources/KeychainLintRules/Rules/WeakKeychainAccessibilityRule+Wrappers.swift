import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.weak_keychain_accessibility` on calls of modelled wrapper libraries: an Always option
/// given to a call that configures an instance or writes (`.accessibility(.always)`,
/// `withAccessibility: .always` on `set`), reported at the option as written.
extension WeakKeychainAccessibilityRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.accessibility])

    /// With the calls of models the configuration declares too.
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] {
        WrapperInterests.replacingBuiltIn(in: swiftInterests, roles: [.accessibility], models: models)
    }

    /// Objective-C calls of libraries with an Objective-C API (SAMKeychain, UICKeyChainStore) are
    /// handed over by the front end with their accessibility.
    public static let wrapperRoles: Set<WrapperArgumentRole> = [.accessibility]

    public func check(wrapper setting: ProgramWrapperSetting, in context: some CheckContext) {
        checkWrapper(setting, in: context)
    }

    func checkWrapper(_ setting: ProgramWrapperSetting, in context: some CheckContext) {
        guard let weak = setting.values.first(where: { $0.option.accessibility.map(WeakKeychainAccessibilityJudgement.weakValues.contains) == true }),
            let constant = weak.option.accessibility
        else {
            context.noteGaps(setting.resolution, asking: setting.question("accessibility"))
            return
        }
        // A public key is no secret: the deprecated constant is still reported, low.
        let publicKey = setting.configuresPublicKey
        context.report(
            at: setting.expression,
            message: Self.wrapperMessage(setting.written(weak.option), constant: constant) + (publicKey ? WeakKeychainAccessibilityJudgement.publicKeyNote : "")
                + context.describeTrace(weak.trace),
            confidence: weak.trace.isEmpty ? .high : .medium,
            severity: publicKey ? .low : nil,
            trace: weak.trace)
    }

    /// "`.accessibility(.always)` (KeychainAccess) → `kSecAttrAccessibleAlways`: readable while …".
    static func wrapperMessage(_ written: String, constant: String) -> String {
        "\(written) → `\(constant)`: \(WeakKeychainAccessibilityJudgement.why)"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: an Always option given to a call that configures an instance or writes (KeychainAccess `.accessibility(.always)`, Valet 3 `accessibility: .always`, keychain-swift up to 17 `withAccess: .accessibleAlways`, SwiftKeychainWrapper `set(…, withAccessibility: .always)`, SimpleKeychain 0.x `keychain.defaultAccessiblity = .always`, Security's own constant given to EllipticCurveKeyPair `AccessControl(protection:)` or OktaSecureStorage `set(…, accessibility:)`) is reported at the option; Locksmith's `accessible` property of the app's `CreateableSecureStorable` type (or, when the type has none, the default the app gives in an unconstrained extension of the protocol, or of an app protocol refining it through which the type adopts it, the nearest first) is reported at the type's `createInSecureStore()`/`updateInSecureStore()` calls, with the property's line in the trace; on the key given to EllipticCurveKeyPair `Config(publicKeyAccessControl:)` the finding is low (a public key is no secret); the same option on a read, existence check or remove only selects items and is not, nor is a configuration whose result is used at once only by such a call. An Objective-C library (SAMKeychain, UICKeyChainStore) is also seen from Swift files without an `import` when a bridging header (a header named `…-Bridging-Header.h` in the Swift file's folder or a folder above it) imports it; the target's `SWIFT_OBJC_BRIDGING_HEADER` setting is not read, so a bridging header kept outside the folders of the code it serves is not seen. SAMKeychain's accessibility is one process-wide setting (`SAMKeychain.setAccessibilityType(_:)`, Security's own constant, written by every later save of the process): it is reported once, at that call, never at the saves; its `SAMKeychainQuery.synchronizationMode` is not judged, since the accessibility it would conflict with is set elsewhere for the whole process. UICKeyChainStore's `accessibility = .always` and `setAccessibility(.always, authenticationPolicy:)` are reported at the option. A copy of an Objective-C library bundled under another class name (a prefixed copy of SAMKeychain, `XYZKeychain`) is recognised when the bridging header imports its header (named after the class) and a header of the scan declares the class with the library's configuring call (`+setAccessibilityType:`) and each of its other calls, named as Swift imports them (`setPassword`, `password(forService:account:)`, `allAccounts`): its class methods are then judged as the library's. A copy of a library's source in the app, which the app does not import, is recognised by its declarations' shape — the library's type declared (not only extended), every accessibility enumeration its configuring and writing calls take declared with all of the model's cases, and those calls declared with their accessibility, access-control and synchronizable parameter labels (SwiftKeychainWrapper's `KeychainWrapper` with `KeychainItemAccessibility` and `set(_:forKey:withAccessibility:)`) — and its calls are judged with the library's model; a look-alike type (other cases, no such parameter) is the app's, and calls written inside the copied types are the library's own code and are not reported, nor are the Keychain calls the copy makes with what its callers ask for (the app's option is reported at the app's call, once; a copy the app edited to store a weaker value than its callers ask for is not seen)."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension WeakKeychainAccessibilityRule {
    private static func always(_ written: String) -> String {
        wrapperMessage(written, constant: "kSecAttrAccessibleAlways")
    }

    private static func alwaysThisDeviceOnly(_ written: String) -> String {
        wrapperMessage(written, constant: "kSecAttrAccessibleAlwaysThisDeviceOnly")
    }

    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "The app's own store method in an extension of the library's type, and a shared configuration value built by a memberwise initializer",
            """
            import KeychainAccess

            extension Keychain {
                func storeForBackgroundRefresh(_ value: String, key: String) throws {
                    try accessibility(↓.alwaysThisDeviceOnly).set(value, key: key)
                }
            }

            struct VaultOptions {
                let accessibility: Accessibility
                let service: String
            }

            enum Vault {
                static let options = VaultOptions(accessibility: .always, service: "com.example.vault")
                static let strict = VaultOptions(accessibility: .whenPasscodeSetThisDeviceOnly, service: "com.example.strict")
                static func keychain() -> Keychain {
                    Keychain(service: options.service).accessibility(↓options.accessibility)
                }
                static func strictKeychain() -> Keychain {
                    Keychain(service: strict.service).accessibility(strict.accessibility)
                }
            }
            """,
            messages: [
                alwaysThisDeviceOnly("`.accessibility(.alwaysThisDeviceOnly)` (KeychainAccess)"),
                always("`.accessibility(.always)` (KeychainAccess)") + " (via `VaultOptions.accessibility` (line 10) → argument `accessibility` of the call (line 15))",
            ]),
        .triggering(
            "KeychainAccess: a builder chain that starts at the library's initializer, with the type spelled by its module",
            """
            import KeychainAccess

            func saveToken(_ token: String) throws {
                let keychain = Keychain(service: "com.example.bank").accessibility(↓.always)
                try keychain.set(token, key: "token")
                try KeychainAccess.Keychain(service: "com.example.bank")
                    .synchronizable(false)
                    .accessibility(↓KeychainAccess.Accessibility.alwaysThisDeviceOnly, authenticationPolicy: .biometryCurrentSet)
                    .set(token, key: "biometric-token")
            }
            """,
            messages: [
                always("`.accessibility(.always)` (KeychainAccess)"),
                alwaysThisDeviceOnly("`.accessibility(.alwaysThisDeviceOnly)` (KeychainAccess)"),
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .triggering(
            "KeychainAccess: a stored instance configured with a constant declared in another file",
            files: [
                "KeychainConfig.swift": """
                    import KeychainAccess

                    enum KeychainConfig {
                        static let tokenAccessibility: Accessibility = .always
                    }
                    """,
                "TokenStore.swift": """
                    import KeychainAccess

                    final class TokenStore {
                        private let keychain = Keychain(service: "com.example.bank")
                        func save(_ token: String) throws {
                            try keychain.accessibility(↓KeychainConfig.tokenAccessibility).set(token, key: "token")
                        }
                    }
                    """,
            ],
            messages: [
                always("`.accessibility(.always)` (KeychainAccess)") + " (via `KeychainConfig.tokenAccessibility` (KeychainConfig.swift:4))"
            ]),
        .triggering(
            "Valet up to 3.2.8: the store's accessibility is given to its factory",
            """
            import Valet

            let valet = Valet.valet(with: Identifier(nonEmpty: "Bank")!, accessibility: ↓.always)
            let cloud = Valet.iCloudValet(with: Identifier(nonEmpty: "Bank")!, accessibility: ↓CloudAccessibility.always)
            """,
            messages: [always("`accessibility: .always` (Valet)"), always("`accessibility: .always` (Valet)")]),
        .triggering(
            "keychain-swift up to 17: the option of a write, on a new and on a stored instance",
            """
            import KeychainSwift

            final class SessionStore {
                let keychain = KeychainSwift()
                func save(_ token: String, _ data: Data) {
                    KeychainSwift().set(token, forKey: "token", withAccess: ↓.accessibleAlways)
                    keychain.set(data, forKey: "blob", withAccess: ↓.accessibleAlwaysThisDeviceOnly)
                }
            }
            """,
            messages: [
                always("`withAccess: .accessibleAlways` (keychain-swift)"),
                alwaysThisDeviceOnly("`withAccess: .accessibleAlwaysThisDeviceOnly` (keychain-swift)"),
            ]),
        .triggering(
            "SwiftKeychainWrapper: a write through the shared instance, with the value passed through a local",
            """
            import SwiftKeychainWrapper

            func save(_ token: String, legacy: Bool) {
                let level: KeychainItemAccessibility = legacy ? .always : .whenUnlockedThisDeviceOnly
                KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: ↓level)
            }
            """,
            messages: [always("`withAccessibility: .always` (SwiftKeychainWrapper)") + " (via `level` (line 4) → if `legacy` (line 4))"]),
        .triggering(
            "EllipticCurveKeyPair: Security's own constant as a key's protection; the public key's is low (a public key is no secret)",
            """
            import EllipticCurveKeyPair

            enum Shared {
                static let keypair: EllipticCurveKeyPair.Manager = {
                    let publicAccessControl = EllipticCurveKeyPair.AccessControl(protection: ↓kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                    let privateAccessControl = EllipticCurveKeyPair.AccessControl(
                        protection: ↓kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage])
                    let config = EllipticCurveKeyPair.Config(
                        publicLabel: "payment.sign.public", privateLabel: "payment.sign.private", operationPrompt: "Confirm payment",
                        publicKeyAccessControl: publicAccessControl, privateKeyAccessControl: privateAccessControl,
                        token: .secureEnclaveIfAvailable)
                    return EllipticCurveKeyPair.Manager(config: config)
                }()
            }
            """,
            messages: [
                alwaysThisDeviceOnly("`protection: kSecAttrAccessibleAlwaysThisDeviceOnly` (EllipticCurveKeyPair)") + WeakKeychainAccessibilityJudgement.publicKeyNote,
                alwaysThisDeviceOnly("`protection: kSecAttrAccessibleAlwaysThisDeviceOnly` (EllipticCurveKeyPair)"),
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .triggering(
            "EllipticCurveKeyPair: the public key's access control kept in a type's property that only the public key is given, in its file: low",
            """
            import EllipticCurveKeyPair

            enum SigningKeys {
                static let publicKey = EllipticCurveKeyPair.AccessControl(protection: ↓kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                static let privateKey = EllipticCurveKeyPair.AccessControl(
                    protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage])
                static let manager = EllipticCurveKeyPair.Manager(config: EllipticCurveKeyPair.Config(
                    publicLabel: "sign.public", privateLabel: "sign.private", operationPrompt: "Sign in",
                    publicKeyAccessControl: SigningKeys.publicKey, privateKeyAccessControl: privateKey, token: .secureEnclave))
            }
            """,
            messages: [
                alwaysThisDeviceOnly("`protection: kSecAttrAccessibleAlwaysThisDeviceOnly` (EllipticCurveKeyPair)") + WeakKeychainAccessibilityJudgement.publicKeyNote,
            ]),
        .triggering(
            "EllipticCurveKeyPair: the same property, given to a private key by another file: not known to be a public key's",
            files: [
                "Keys.swift": """
                    import EllipticCurveKeyPair

                    enum SigningKeys {
                        static let publicKey = EllipticCurveKeyPair.AccessControl(protection: ↓kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                        static let privateKey = EllipticCurveKeyPair.AccessControl(
                            protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage])
                        static let manager = EllipticCurveKeyPair.Manager(config: EllipticCurveKeyPair.Config(
                            publicLabel: "sign.public", privateLabel: "sign.private", operationPrompt: "Sign in",
                            publicKeyAccessControl: SigningKeys.publicKey, privateKeyAccessControl: privateKey, token: .secureEnclave))
                    }
                    """,
                "Backup.swift": """
                    import EllipticCurveKeyPair

                    let backupKeys = EllipticCurveKeyPair.Manager(config: EllipticCurveKeyPair.Config(
                        publicLabel: "backup.public", privateLabel: "backup.private", operationPrompt: "Restore",
                        publicKeyAccessControl: SigningKeys.privateKey, privateKeyAccessControl: SigningKeys.publicKey, token: .keychain))
                    """,
            ],
            messages: [
                alwaysThisDeviceOnly("`protection: kSecAttrAccessibleAlwaysThisDeviceOnly` (EllipticCurveKeyPair)"),
            ],
            alsoTriggers: ["swift.key_without_user_authentication"]),
        .triggering(
            "OktaSecureStorage: Security's own constant, or its raw string, given to a write",
            """
            import OktaSecureStorage

            func save(_ token: String, refresh: Data) throws {
                let storage = OktaSecureStorage()
                try storage.set(token, forKey: "token", behindBiometrics: false, accessibility: ↓kSecAttrAccessibleAlways)
                try storage.set(data: refresh, forKey: "refresh", behindBiometrics: false, accessGroup: nil, accessibility: ↓"dku" as CFString)
            }
            """,
            messages: [
                always("`accessibility: kSecAttrAccessibleAlways` (OktaSecureStorage)"),
                alwaysThisDeviceOnly("`accessibility: \"dku\"` (OktaSecureStorage)"),
            ]),
        .nonTriggering(
            "EllipticCurveKeyPair and OktaSecureStorage: app types with the same member names, a file without the import, comparisons, reads",
            files: [
                "Settings.swift": """
                    import OktaSecureStorage
                    import EllipticCurveKeyPair

                    struct AccessControl { init(protection: CFString, flags: SecAccessControlCreateFlags) {} }
                    struct FeatureStore {
                        func set(_ value: String, forKey key: String, behindBiometrics: Bool, accessibility: CFString) {}
                    }
                    func configure(_ config: EllipticCurveKeyPair.Config, storage: OktaSecureStorage) throws -> Bool {
                        let banner = AccessControl(protection: kSecAttrAccessibleAlways, flags: [])
                        FeatureStore().set("on", forKey: "beta", behindBiometrics: false, accessibility: kSecAttrAccessibleAlways)
                        let token = try storage.get(key: "token")
                        try storage.delete(key: "legacy")
                        return config.privateKeyAccessControl.protection as! CFString == kSecAttrAccessibleAlways
                    }
                    """,
                "Legacy.swift": """
                    func save(_ token: String) throws {
                        try OktaSecureStorage().set(token, forKey: "token", behindBiometrics: false, accessibility: kSecAttrAccessibleAlways)
                        let access = EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleAlways, flags: [])
                    }
                    """,
            ]),
        .triggering(
            "Locksmith: the accessible property of the app's CreateableSecureStorable type, at its writes (Locksmith 2 spelled .AlwaysThisDeviceOnly)",
            files: [
                "TwitterAccount.swift": """
                    import Locksmith

                    struct TwitterAccount: ReadableSecureStorable, CreateableSecureStorable, GenericPasswordSecureStorable {
                        let username: String
                        let password: String
                        let service = "Twitter"
                        var account: String { username }
                        var data: [String: Any] { ["password": password] }
                        var accessible: LocksmithAccessibleOption? { .always }
                    }
                    """,
                "Session.swift": """
                    import Locksmith

                    struct Session: GenericPasswordSecureStorable {
                        let service = "Bank"
                        let account = "session"
                        var data: [String: Any] { [:] }
                        let accessible: LocksmithAccessibleOption? = .AlwaysThisDeviceOnly
                    }
                    extension Session: CreateableSecureStorable {
                        func save() throws { try ↓updateInSecureStore() }
                    }
                    func login(_ name: String, _ password: String) throws {
                        let account = TwitterAccount(username: name, password: password)
                        try ↓account.createInSecureStore()
                    }
                    """,
            ],
            messages: [
                alwaysThisDeviceOnly("`Session.accessible` is `.AlwaysThisDeviceOnly` (Locksmith)") + " (via `Session.accessible` (line 7))",
                always("`TwitterAccount.accessible` is `.always` (Locksmith)") + " (via `TwitterAccount.accessible` (TwitterAccount.swift:9))",
            ]),
        .triggering(
            "Locksmith: a default the app gives in an extension of CreateableSecureStorable (a constrained one, or the type's own value, wins)",
            """
            import Locksmith

            extension CreateableSecureStorable {
                var accessible: LocksmithAccessibleOption? { .always }
            }
            extension CreateableSecureStorable where Self: Pinned {
                var accessible: LocksmithAccessibleOption? { .alwaysThisDeviceOnly }
            }
            struct Token: CreateableSecureStorable, GenericPasswordSecureStorable {
                let service = "Bank"
                let account = "token"
                var data: [String: Any] { [:] }
            }
            struct Card: CreateableSecureStorable, GenericPasswordSecureStorable {
                let service = "Bank"
                let account = "card"
                var data: [String: Any] { [:] }
                var accessible: LocksmithAccessibleOption? { .whenUnlockedThisDeviceOnly }
            }
            func store() throws {
                try ↓Token().createInSecureStore()
                try Card().createInSecureStore()
            }
            """,
            messages: [
                always("`Token.accessible` is `.always` (Locksmith)") + " (via `CreateableSecureStorable.accessible` (line 4))",
            ]),
        .triggering(
            "Locksmith: the app's own protocol refining CreateableSecureStorable gives the default its adopters use",
            """
            import Locksmith

            protocol BackgroundSecret: CreateableSecureStorable, GenericPasswordSecureStorable {}
            extension BackgroundSecret {
                var accessible: LocksmithAccessibleOption? { .always }
            }
            struct PushToken: BackgroundSecret {
                let service = "push"
                let account = "token"
                var data: [String: Any] { [:] }
            }
            func savePushToken() throws {
                try ↓PushToken().createInSecureStore()
            }
            """,
            messages: [
                always("`PushToken.accessible` is `.always` (Locksmith)") + " (via `BackgroundSecret.accessible` (line 5))",
            ]),
        .nonTriggering(
            "Locksmith: the same refining protocol whose default is strong, and an adopter with its own value",
            """
            import Locksmith

            protocol ForegroundSecret: CreateableSecureStorable, GenericPasswordSecureStorable {}
            extension ForegroundSecret {
                var accessible: LocksmithAccessibleOption? { .whenUnlockedThisDeviceOnly }
            }
            struct SessionToken: ForegroundSecret {
                let service = "session"
                let account = "token"
                var data: [String: Any] { [:] }
            }
            func saveSession() throws {
                try SessionToken().createInSecureStore()
            }
            """),
        .nonTriggering(
            "Locksmith: a type that only reads, a type that does not adopt CreateableSecureStorable, a comparison, a file without the import",
            files: [
                "Accounts.swift": """
                    import Locksmith

                    struct LegacyAccount: ReadableSecureStorable, GenericPasswordSecureStorable {
                        let service = "Bank"
                        let account = "legacy"
                        var accessible: LocksmithAccessibleOption? { .always }
                    }
                    struct Draft {
                        var accessible: LocksmithAccessibleOption? { .always }
                        func createInSecureStore() throws {}
                    }
                    func migrate(_ account: LegacyAccount) throws -> Bool {
                        let old = account.readFromSecureStore()
                        try Draft().createInSecureStore()
                        return account.accessible == .always
                    }
                    """,
                "Cache.swift": """
                    enum Level { case always }
                    struct Cache: CreateableSecureStorable {
                        var accessible: Level { .always }
                        func createInSecureStore() throws {}
                    }
                    func warm() throws { try Cache().createInSecureStore() }
                    """,
            ]),
        .triggering(
            "SimpleKeychain 0.x (A0SimpleKeychain from Swift): the accessibility assigned to an instance",
            """
            import SimpleKeychain

            final class CredentialsStore {
                private let keychain = A0SimpleKeychain(service: "com.example.bank")
                func save(_ token: String) {
                    keychain.defaultAccessiblity = ↓.always
                    keychain.setString(token, forKey: "token")
                    let shared = A0SimpleKeychain()
                    shared.defaultAccessiblity = ↓A0SimpleKeychainItemAccessible.alwaysThisDeviceOnly
                }
            }
            """,
            messages: [
                always("`defaultAccessiblity = .always` (A0SimpleKeychain)"),
                alwaysThisDeviceOnly("`defaultAccessiblity = .alwaysThisDeviceOnly` (A0SimpleKeychain)"),
            ]),
        .nonTriggering(
            "SimpleKeychain 0.x: an app type with the same properties, a comparison, a read of the setting, a file without the import",
            files: [
                "Store.swift": """
                    import SimpleKeychain

                    enum Refresh { case always, never }
                    final class SyncSettings { var defaultAccessiblity: Refresh = .never }
                    func configure(_ keychain: A0SimpleKeychain, settings: SyncSettings) -> Bool {
                        settings.defaultAccessiblity = .always
                        let current = keychain.defaultAccessiblity
                        return keychain.defaultAccessiblity == .always
                    }
                    """,
                "Legacy.swift": """
                    func save(_ keychain: A0SimpleKeychain) {
                        keychain.defaultAccessiblity = .always
                    }
                    """,
            ]),
        .nonTriggering(
            "App types with the library's member names, in files that import the libraries",
            files: [
                "Audit.swift": """
                    import KeychainAccess
                    import SwiftKeychainWrapper
                    import KeychainSwift

                    enum RefreshPolicy { case always, never }
                    struct AuditTrail {
                        func accessibility(_ policy: RefreshPolicy) -> AuditTrail { self }
                    }
                    struct FeatureFlags {
                        func set(_ value: Bool, forKey key: String, withAccessibility policy: RefreshPolicy) {}
                        func set(_ value: Bool, forKey key: String, withAccess policy: RefreshPolicy) {}
                    }
                    func audit() {
                        let trail = AuditTrail().accessibility(.always)
                        FeatureFlags().set(true, forKey: "beta", withAccessibility: .always)
                        FeatureFlags().set(true, forKey: "beta", withAccess: RefreshPolicy.always)
                        let policy = RefreshPolicy.always
                    }
                    """,
                "Valet.swift": """
                    import Valet

                    // The app's own type named like the library's shadows it in this module.
                    struct Valet {
                        static func valet(with name: String, accessibility: RefreshPolicy) -> Valet { Valet() }
                    }
                    let parking = Valet.valet(with: "garage", accessibility: .always)
                    """,
            ]),
        .nonTriggering(
            "An option compared with ==, or only read back",
            """
            import KeychainAccess

            func describe(_ keychain: Keychain) -> String {
                if keychain.accessibility == .always { return "legacy" }
                switch keychain.accessibility {
                case .alwaysThisDeviceOnly: return "legacy, this device"
                default: return "ok"
                }
            }
            """),
        .nonTriggering(
            "SwiftKeychainWrapper: the same option on reads, hasValue and removeObject only selects items",
            """
            import SwiftKeychainWrapper

            func migrate() -> String? {
                let wrapper = KeychainWrapper(serviceName: "com.example.bank")
                guard wrapper.hasValue(forKey: "token", withAccessibility: .always) else { return nil }
                let token = wrapper.string(forKey: "token", withAccessibility: .always)
                wrapper.removeObject(forKey: "token", withAccessibility: .alwaysThisDeviceOnly)
                return token
            }
            """),
        .nonTriggering(
            "KeychainAccess: a configuration used at once only to read or remove stores nothing",
            """
            import KeychainAccess

            func dropLegacyToken() throws -> String? {
                let token = try Keychain(service: "com.example.bank").accessibility(.always).get("token")
                try Keychain(service: "com.example.bank").accessibility(.always).synchronizable(true).remove("token")
                return token
            }
            """),
        .nonTriggering(
            "A file that does not import the library: its Keychain is not KeychainAccess's",
            """
            func save(_ token: String) throws {
                let legacy: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked]
                try Keychain(service: "com.example.bank").accessibility(.always).set(token, key: "token")
                KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: .always)
            }
            """),
        .nonTriggering(
            "Options that need the device unlocked at least once",
            """
            import KeychainAccess
            import Valet
            import KeychainSwift

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank").accessibility(.afterFirstUnlockThisDeviceOnly).set(token, key: "token")
                let valet = Valet.valet(with: Identifier(nonEmpty: "Bank")!, accessibility: .whenUnlockedThisDeviceOnly)
                KeychainSwift().set(token, forKey: "token", withAccess: .accessibleAfterFirstUnlock)
            }
            """),
        .triggering(
            "SAMKeychain's process-wide setting and UICKeyChainStore's property, called from Swift",
            """
            import SAMKeychain
            import UICKeyChainStore

            func configureKeychain() {
                SAMKeychain.setAccessibilityType(↓kSecAttrAccessibleAlwaysThisDeviceOnly)
                let store = UICKeyChainStore(service: "com.example.bank")
                store.accessibility = ↓.always
                store.setAccessibility(↓.alwaysThisDeviceOnly, authenticationPolicy: .touchIDCurrentSet)
            }
            """,
            messages: [
                alwaysThisDeviceOnly("`.setAccessibilityType(kSecAttrAccessibleAlwaysThisDeviceOnly)` (SAMKeychain)"),
                always("`accessibility = .always` (UICKeyChainStore)"),
                alwaysThisDeviceOnly("`.setAccessibility(.alwaysThisDeviceOnly)` (UICKeyChainStore)"),
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .triggering(
            "Objective-C libraries reached through the app's bridging header, without an `import`",
            files: [
                "Bank/Bank-Bridging-Header.h": """
                    #import <SAMKeychain/SAMKeychain.h>
                    #import "UICKeyChainStore.h"
                    """,
                "Bank/Settings/KeychainSetup.swift": """
                    func configureKeychain() {
                        SAMKeychain.setAccessibilityType(↓kSecAttrAccessibleAlways)
                        let store = UICKeyChainStore(service: "com.example.bank")
                        store.accessibility = .afterFirstUnlock
                        store.accessibility = ↓.alwaysThisDeviceOnly
                    }
                    """,
            ],
            messages: [
                always("`.setAccessibilityType(kSecAttrAccessibleAlways)` (SAMKeychain)"),
                alwaysThisDeviceOnly("`accessibility = .alwaysThisDeviceOnly` (UICKeyChainStore)"),
            ]),
        .nonTriggering(
            "The same calls where no bridging header above the Swift file imports the library (another target's header, a header importing something else)",
            files: [
                "Widget/Widget-Bridging-Header.h": """
                    #import <SAMKeychain/SAMKeychain.h>
                    """,
                "Bank/Bank-Bridging-Header.h": """
                    #import "Analytics.h"
                    """,
                "Bank/Settings/KeychainSetup.swift": """
                    func configureKeychain() {
                        SAMKeychain.setAccessibilityType(kSecAttrAccessibleAlways)
                        let store = UICKeyChainStore(service: "com.example.bank")
                        store.accessibility = .alwaysThisDeviceOnly
                    }
                    """,
            ]),
        .triggering(
            "A copy of SAMKeychain bundled under a prefixed class name, imported by the app's bridging header: recognised by its declarations' shape",
            files: [
                "Chat/Vendor/ACMEKeychain.h": """
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
                "Chat/Chat-Bridging-Header.h": """
                    #import "ACMEKeychain.h"
                    """,
                "Chat/Session/LoginStore.swift": """
                    func rememberLogin(email: String, password: String) {
                        ACMEKeychain.setAccessibilityType(↓kSecAttrAccessibleAlways)
                        ACMEKeychain.setPassword(password, forService: "com.example.chat", account: email)
                    }
                    """,
            ],
            messages: [always("`.setAccessibilityType(kSecAttrAccessibleAlways)` (SAMKeychain)")]),
        .nonTriggering(
            "Look-alikes of a copy from Swift: a strong setting sent to the copy, and an app class with the library's setter and only some of its other methods",
            files: [
                "Chat/Vendor/ACMEKeychain.h": """
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
                "Chat/TokenShelf.h": """
                    @interface TokenShelf : NSObject
                    + (BOOL)setPassword:(NSString *)password forService:(NSString *)service account:(NSString *)account;
                    + (void)setAccessibilityType:(CFTypeRef)accessibilityType;
                    @end
                    """,
                "Chat/Chat-Bridging-Header.h": """
                    #import "ACMEKeychain.h"
                    #import "TokenShelf.h"
                    """,
                "Chat/Session/LoginStore.swift": """
                    func rememberLogin(email: String, password: String) {
                        ACMEKeychain.setAccessibilityType(kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly)
                        TokenShelf.setAccessibilityType(kSecAttrAccessibleAlways)
                        ACMEKeychain.setPassword(password, forService: "com.example.chat", account: email)
                    }
                    """,
            ]),
        .triggering(
            "A copy of SwiftKeychainWrapper's source in the app (no import): recognised by its declarations' shape; the copy's own calls are the library's",
            files: [
                "Helpers/Keychain/KeychainWrapper.swift": """
                    import Foundation

                    public enum KeychainItemAccessibility {
                        case afterFirstUnlock, afterFirstUnlockThisDeviceOnly, always, whenPasscodeSetThisDeviceOnly
                        case alwaysThisDeviceOnly, whenUnlocked, whenUnlockedThisDeviceOnly
                    }

                    open class KeychainWrapper {
                        public static let standard = KeychainWrapper()

                        @discardableResult
                        open func set(_ value: String, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil, isSynchronizable: Bool = false) -> Bool {
                            set(Data(value.utf8), forKey: key, withAccessibility: accessibility ?? .always, isSynchronizable: isSynchronizable)
                        }

                        @discardableResult
                        open func set(_ value: Data, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil, isSynchronizable: Bool = false) -> Bool {
                            true
                        }

                        open func string(forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil) -> String? { nil }
                    }
                    """,
                "SessionStore.swift": """
                    final class SessionStore {
                        func save(_ token: String) {
                            KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: ↓.always)
                            _ = KeychainWrapper.standard.string(forKey: "token", withAccessibility: .always)
                        }
                    }
                    """,
            ],
            messages: [always("`withAccessibility: .always` (SwiftKeychainWrapper)")]),
        .triggering(
            "A copy of SwiftKeychainWrapper whose own SecItemAdd maps the option: reported once, at the app's call, not again in the copy",
            files: [
                "Helpers/Keychain/KeychainWrapper.swift": """
                    import Foundation

                    public enum KeychainItemAccessibility {
                        case afterFirstUnlock, afterFirstUnlockThisDeviceOnly, always, whenPasscodeSetThisDeviceOnly
                        case alwaysThisDeviceOnly, whenUnlocked, whenUnlockedThisDeviceOnly

                        var attribute: CFString {
                            switch self {
                            case .afterFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock
                            case .afterFirstUnlockThisDeviceOnly: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                            case .always: return kSecAttrAccessibleAlways
                            case .whenPasscodeSetThisDeviceOnly: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                            case .alwaysThisDeviceOnly: return kSecAttrAccessibleAlwaysThisDeviceOnly
                            case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
                            case .whenUnlockedThisDeviceOnly: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                            }
                        }
                    }

                    open class KeychainWrapper {
                        public static let standard = KeychainWrapper()

                        @discardableResult
                        open func set(_ value: Data, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil, isSynchronizable: Bool = false) -> Bool {
                            var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: key, kSecValueData as String: value]
                            query[kSecAttrAccessible as String] = (accessibility ?? .whenUnlocked).attribute
                            return SecItemAdd(query as CFDictionary, nil) == errSecSuccess
                        }
                    }
                    """,
                "SessionStore.swift": """
                    func save(_ token: Data) {
                        KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: ↓.always)
                    }
                    """,
            ],
            messages: [always("`withAccessibility: .always` (SwiftKeychainWrapper)")]),
        .nonTriggering(
            "An app's own KeychainWrapper whose accessibility enumeration is not the library's (two cases): not taken for SwiftKeychainWrapper",
            files: [
                "KeychainWrapper.swift": """
                    enum KeychainItemAccessibility {
                        case always, whenUnlocked
                    }

                    final class KeychainWrapper {
                        static let standard = KeychainWrapper()
                        func set(_ value: String, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility = .whenUnlocked) {}
                    }
                    """,
                "SessionStore.swift": """
                    func save(_ token: String) {
                        KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: .always)
                    }
                    """,
            ]),
        .nonTriggering(
            "An app's own KeychainWrapper with the library's enumeration but no accessibility parameter on its set: not the library",
            files: [
                "KeychainWrapper.swift": """
                    enum KeychainItemAccessibility {
                        case afterFirstUnlock, afterFirstUnlockThisDeviceOnly, always, whenPasscodeSetThisDeviceOnly
                        case alwaysThisDeviceOnly, whenUnlocked, whenUnlockedThisDeviceOnly
                    }

                    final class KeychainWrapper {
                        static let standard = KeychainWrapper()
                        func set(_ value: String, forKey key: String, level: KeychainItemAccessibility) {}
                        func set(_ value: String, forKey key: String, withAccessibility: String) {}
                    }
                    """,
                "SessionStore.swift": """
                    func save(_ token: String) {
                        KeychainWrapper.standard.set(token, forKey: "token", level: .always)
                    }
                    """,
            ]),
    ]
}
