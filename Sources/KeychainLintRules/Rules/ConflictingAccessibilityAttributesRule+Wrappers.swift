import KeychainLintAnalysis
import KeychainLintCore

/// `swift.conflicting_accessibility_attributes` on calls of modelled wrapper libraries (decision
/// D1): a synchronizable switch set to true with a `…ThisDeviceOnly` accessibility for the same
/// item (the same call, or the same builder chain): Security rejects it with errSecParam.
extension ConflictingAccessibilityAttributesRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.synchronizable])

    /// With the calls of models the configuration declares too.
    public static func interests(models: [WrapperModel]) -> [SyntaxInterest] {
        interests.filter { !wrapperInterests.contains($0) } + WrapperInterests.interests(for: [.synchronizable], models: models)
    }

    func checkWrapper(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let syntax) = input, let site = WrapperCallSite.match(syntax, in: context),
            site.call.argument(for: .synchronizable) != nil,
            let synchronized = WrapperChain.synchronizable(around: site, in: context), synchronized.site.syntax?.id == syntax.id,
            let setting = WrapperChain.setting(.accessibility, around: site, in: context)
        else { return }
        guard let (option, trace) = setting.values.first(where: { $0.option.accessibility?.hasSuffix("ThisDeviceOnly") == true }),
            let constant = option.accessibility
        else {
            context.noteGaps(setting.resolution, asking: "accessibility given to \(site.model.library) `\(setting.site.call.name)`")
            return
        }
        let steps = synchronized.trace + trace
        context.report(
            at: synchronized.expression,
            message: Self.wrapperSynchronizableMessage(
                BiometricItemNotDeviceBoundRule.synchronizableSpelling(site), setting.written(option), constant)
                + context.describeTrace(steps),
            confidence: steps.isEmpty ? .high : .medium, trace: steps)
    }

    static func wrapperSynchronizableMessage(_ synchronizable: String, _ written: String, _ constant: String) -> String {
        "\(synchronizable) with \(written) → `\(constant)`: a synchronizable item may not be ThisDeviceOnly, so Security rejects it with errSecParam (-50) and the item is never stored"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: a synchronizable switch set to true (KeychainAccess `.synchronizable(true)`, SimpleKeychain `synchronizable: true`, SwiftKeychainWrapper `isSynchronizable: true`) with a …ThisDeviceOnly accessibility in the same call or builder chain is reported at the switch. Valet's iCloud valets cannot express the conflict (their accessibility type has no ThisDeviceOnly case)."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension ConflictingAccessibilityAttributesRule {
    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "Synchronizable with ThisDeviceOnly through KeychainAccess, SimpleKeychain and SwiftKeychainWrapper",
            """
            import KeychainAccess
            import SimpleKeychain
            import SwiftKeychainWrapper

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank")
                    .synchronizable(↓true)
                    .accessibility(.whenUnlockedThisDeviceOnly)
                    .set(token, key: "token")
                let simple = SimpleKeychain(accessibility: .afterFirstUnlockThisDeviceOnly, synchronizable: ↓true)
                KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: .whenPasscodeSetThisDeviceOnly, isSynchronizable: ↓true)
            }
            """,
            messages: [
                wrapperSynchronizableMessage(
                    "`.synchronizable(true)` (KeychainAccess)", "`.accessibility(.whenUnlockedThisDeviceOnly)` (KeychainAccess)",
                    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"),
                wrapperSynchronizableMessage(
                    "`synchronizable: true` (SimpleKeychain)", "`accessibility: .afterFirstUnlockThisDeviceOnly` (SimpleKeychain)",
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"),
                wrapperSynchronizableMessage(
                    "`isSynchronizable: true` (SwiftKeychainWrapper)", "`withAccessibility: .whenPasscodeSetThisDeviceOnly` (SwiftKeychainWrapper)",
                    "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"),
            ]),
        .nonTriggering(
            "Synchronizable with a syncable accessibility, ThisDeviceOnly without sync, a search, an app type, no import",
            files: [
                "Store.swift": """
                    import KeychainAccess
                    import SwiftKeychainWrapper

                    struct Settings { func set(_ v: String, forKey k: String, withAccessibility a: Int, isSynchronizable: Bool) {} }
                    func save(_ token: String) throws {
                        try Keychain(service: "com.example.bank").synchronizable(true).accessibility(.afterFirstUnlock).set(token, key: "token")
                        try Keychain(service: "com.example.bank").synchronizable(false).accessibility(.whenUnlockedThisDeviceOnly).set(token, key: "t")
                        let old = KeychainWrapper.standard.string(forKey: "token", withAccessibility: .whenUnlockedThisDeviceOnly, isSynchronizable: true)
                        Settings().set(token, forKey: "token", withAccessibility: 1, isSynchronizable: true)
                    }
                    """,
                "Legacy.swift": """
                    func save(_ token: String) throws {
                        try Keychain(service: "bank").synchronizable(true).accessibility(.whenUnlockedThisDeviceOnly).set(token, key: "token")
                    }
                    """,
            ]),
    ]
}
