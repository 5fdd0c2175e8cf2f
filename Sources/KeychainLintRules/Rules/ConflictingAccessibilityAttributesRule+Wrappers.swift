import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.conflicting_accessibility_attributes` on calls of modelled wrapper libraries: a synchronizable switch set to true with a `…ThisDeviceOnly` accessibility for the same
/// item (the same call, or the same builder chain): Security rejects it with errSecParam.
extension ConflictingAccessibilityAttributesRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.synchronizable, .accessibility])

    /// With the calls of models the configuration declares too.
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] {
        WrapperInterests.replacingBuiltIn(in: swiftInterests, roles: [.synchronizable, .accessibility], models: models)
    }

    func checkWrapper(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let call) = input, let site = WrapperCallSite.match(call, in: context) else { return }
        if let synchronized = WrapperChain.synchronizable(around: site, in: context) {
            // Reported once, at the call that sets the switch.
            guard synchronized.site.reference == call else { return }
            if let setting = WrapperChain.setting(.accessibility, around: site, in: context) {
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
                    confidence: steps.isEmpty ? .high : .medium, trace: steps,
                    remediation: ConflictingAccessibilityAttributesJudgement.wrapperSynchronizableRemediation)
                return
            }
            // The accessibility was given where the instance was built (a property or variable).
            for stored in WrapperChain.storedValues(.accessibility, around: site, in: context) {
                guard let option = WrapperOption.read(stored.value, for: stored.argument, of: site.model),
                    let constant = option.accessibility, constant.hasSuffix("ThisDeviceOnly")
                else { continue }
                let written = Self.storedSpelling(option, argument: stored.argument, call: stored.call, model: site.model)
                context.report(
                    at: synchronized.expression,
                    message: Self.wrapperSynchronizableMessage(BiometricItemNotDeviceBoundRule.synchronizableSpelling(site), written, constant)
                        + context.describeTrace(stored.trace),
                    confidence: .medium, trace: stored.trace,
                    remediation: ConflictingAccessibilityAttributesJudgement.wrapperSynchronizableRemediation)
                return
            }
            return
        }
        // The instance was made synchronizable just before, by its property
        // (`keychain.synchronizable = true`); the accessibility is given here.
        if site.call.argument(for: .accessibility) != nil,
            let assigned = WrapperChain.assignedBefore(.synchronizable, around: site, in: context).first(where: { $0.value.value == .bool(true) }),
            let setting = WrapperSetting.of(site, role: .accessibility, in: context),
            let (option, trace) = setting.values.first(where: { $0.option.accessibility?.hasSuffix("ThisDeviceOnly") == true }),
            let constant = option.accessibility
        {
            let location = context.file.location(of: assigned.expression.syntax)
            let assignment = TraceStep(
                kind: .assignment, text: "`\(assigned.site.assignment?.target.trimmedSource ?? assigned.site.call.name)`",
                file: context.file.path, line: location.line, column: location.column)
            let steps = [assignment] + assigned.value.trace + trace
            context.report(
                at: setting.expression,
                message: Self.wrapperSynchronizableMessage(
                    BiometricItemNotDeviceBoundRule.synchronizableSpelling(assigned.site), setting.written(option), constant)
                    + context.describeTrace(steps),
                confidence: .medium, trace: steps,
                remediation: ConflictingAccessibilityAttributesJudgement.wrapperSynchronizableRemediation)
            return
        }
        // The instance was made synchronizable where it was built; the accessibility is given here.
        guard site.call.argument(for: .accessibility) != nil,
            let stored = WrapperChain.storedValues(.synchronizable, around: site, in: context).first(where: { $0.value == .bool(true) }),
            let setting = WrapperSetting.of(site, role: .accessibility, in: context),
            let (option, trace) = setting.values.first(where: { $0.option.accessibility?.hasSuffix("ThisDeviceOnly") == true }),
            let constant = option.accessibility
        else { return }
        let steps = stored.trace + trace
        context.report(
            at: setting.expression,
            message: Self.wrapperSynchronizableMessage(
                BiometricItemNotDeviceBoundRule.synchronizableSpelling(stored.call, of: site.model), setting.written(option), constant)
                + context.describeTrace(steps),
            confidence: .medium, trace: steps,
            remediation: ConflictingAccessibilityAttributesJudgement.wrapperSynchronizableRemediation)
    }

    /// Objective-C calls of libraries with an Objective-C API (UICKeyChainStore's
    /// `synchronizable = YES`) are handed over by the front end with their synchronizable switch.
    public static let wrapperRoles: Set<WrapperArgumentRole> = [.synchronizable]

    public func check(wrapper setting: ProgramWrapperSetting, in context: some CheckContext) {
        checkSynchronizableSetting(setting, in: context)
    }

    /// A synchronizable switch a library instance is given as a property (UICKeyChainStore's
    /// `synchronizable = YES`), with a …ThisDeviceOnly accessibility given in the same call or by
    /// another assignment or message to the same receiver in the same body: reported at the switch.
    func checkSynchronizableSetting(_ synchronizable: ProgramWrapperSetting, in context: some CheckContext) {
        guard let enabled = synchronizable.resolution.values.first(where: { $0.value == .bool(true) }) else {
            context.noteGaps(synchronizable.resolution, asking: synchronizable.question("synchronizable switch"))
            return
        }
        var accessibilities = context.wrapperSettings(besides: synchronizable, role: .accessibility)
        if let call = synchronizable.programCall, let same = context.wrapperSetting(of: call, role: .accessibility) {
            accessibilities.insert(same, at: 0)
        }
        for accessibility in accessibilities {
            guard let (option, trace) = accessibility.values.first(where: { $0.option.accessibility?.hasSuffix("ThisDeviceOnly") == true }),
                let constant = option.accessibility
            else { continue }
            let steps = enabled.trace + trace
            let switchWritten = synchronizable.written(WrapperOption(spelling: context.snippet(of: synchronizable.expression), accessibility: nil, flags: nil))
            context.report(
                at: synchronizable.expression,
                message: Self.wrapperSynchronizableMessage(switchWritten, accessibility.written(option), constant) + context.describeTrace(steps),
                confidence: steps.isEmpty ? .high : .medium, trace: steps,
                remediation: ConflictingAccessibilityAttributesJudgement.wrapperSynchronizableRemediation)
            return
        }
    }

    /// "`.accessibility(.whenUnlockedThisDeviceOnly)` (KeychainAccess)" for a value given where the instance was built.
    static func storedSpelling(_ option: WrapperOption, argument: WrapperArgument, call: WrapperCall, model: WrapperModel) -> String {
        switch argument.place {
        case .label(let label): return "`\(label): \(option.spelling)` (\(model.library))"
        case .position: return "`\(call.name == "init" ? call.type : "." + call.name)(\(option.spelling))` (\(model.library))"
        }
    }

    static func wrapperSynchronizableMessage(_ synchronizable: String, _ written: String, _ constant: String) -> String {
        "\(synchronizable) with \(written) → `\(constant)`: a synchronizable item may not be ThisDeviceOnly, so Security rejects it with errSecParam (-50) and the item is never stored"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: a synchronizable switch set to true (KeychainAccess `.synchronizable(true)`, SimpleKeychain `synchronizable: true`, SwiftKeychainWrapper `isSynchronizable: true`) with a …ThisDeviceOnly accessibility in the same call or builder chain is reported at the switch; when one of the two was given where a stored instance was built (a property or variable the resolver follows), at the other. Valet's iCloud valets cannot express the conflict (their accessibility type has no ThisDeviceOnly case). UICKeyChainStore's `synchronizable = true` is reported with a …ThisDeviceOnly accessibility assigned to the same receiver, as written, in the same body (`store.accessibility = .afterFirstUnlockThisDeviceOnly`). keychain-swift's `synchronizable = true`, assigned to the receiver of a write (as written: a local, `self.keychain`) by an earlier statement of the same block, is reported at the write's …ThisDeviceOnly `withAccess:`; an assignment in another function (to a stored instance) is not followed, and a switch whose value is not known is not judged."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension ConflictingAccessibilityAttributesRule {
    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "UICKeyChainStore from Swift: an instance made synchronizable and given a ThisDeviceOnly accessibility in the same body",
            """
            import UICKeyChainStore

            func configure() {
                let store = UICKeyChainStore(service: "com.example.bank")
                store.synchronizable = ↓true
                store.accessibility = .afterFirstUnlockThisDeviceOnly
            }
            """,
            messages: [
                wrapperSynchronizableMessage(
                    "`synchronizable = true` (UICKeyChainStore)", "`accessibility = .afterFirstUnlockThisDeviceOnly` (UICKeyChainStore)",
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly")
            ]),
        .triggering(
            "keychain-swift: an instance made synchronizable by its property just before a write with a ThisDeviceOnly accessibility (a switch whose value is not known is not judged)",
            """
            import KeychainSwift

            func saveDeviceID(_ id: String, sharedWithMac: Bool) {
                let keychain = KeychainSwift()
                keychain.synchronizable = sharedWithMac
                keychain.set(id, forKey: "device-id", withAccess: .accessibleAfterFirstUnlockThisDeviceOnly)
            }

            func saveToken(_ token: String) {
                let keychain = KeychainSwift()
                keychain.synchronizable = true
                keychain.set(token, forKey: "token", withAccess: ↓.accessibleWhenUnlockedThisDeviceOnly)
            }
            """,
            messages: [
                wrapperSynchronizableMessage(
                    "`synchronizable = true` (keychain-swift)", "`withAccess: .accessibleWhenUnlockedThisDeviceOnly` (keychain-swift)",
                    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly") + " (via `keychain.synchronizable` (line 11))"
            ]),
        .nonTriggering(
            "keychain-swift: the switch off, a syncable accessibility on the synchronizable instance, another instance, the switch set after the write",
            """
            import KeychainSwift

            func saveDeviceID(_ id: String) {
                let keychain = KeychainSwift()
                keychain.synchronizable = false
                keychain.set(id, forKey: "device-id", withAccess: .accessibleAfterFirstUnlockThisDeviceOnly)
                let shared = KeychainSwift()
                shared.synchronizable = true
                shared.set(id, forKey: "device-id", withAccess: .accessibleAfterFirstUnlock)
                keychain.set(id, forKey: "copy", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
            }

            func later(_ keychain: KeychainSwift, _ token: String) {
                keychain.set(token, forKey: "token", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
                keychain.synchronizable = true
            }
            """),
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
        .triggering(
            "KeychainAccess: a stored instance made synchronizable, given a ThisDeviceOnly accessibility at the write",
            """
            import KeychainAccess

            final class TokenStore {
                private let keychain = Keychain(service: "com.example.bank").synchronizable(true)
                private let local = Keychain(service: "com.example.bank").accessibility(.afterFirstUnlockThisDeviceOnly)
                func save(_ token: String) throws {
                    try keychain.accessibility(↓.whenUnlockedThisDeviceOnly).set(token, key: "token")
                    try local.synchronizable(↓true).set(token, key: "shared")
                }
            }
            """,
            messages: [
                wrapperSynchronizableMessage(
                    "`.synchronizable(true)` (KeychainAccess)", "`.accessibility(.whenUnlockedThisDeviceOnly)` (KeychainAccess)",
                    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly") + " (via `TokenStore.keychain` (line 4))",
                wrapperSynchronizableMessage(
                    "`.synchronizable(true)` (KeychainAccess)", "`.accessibility(.afterFirstUnlockThisDeviceOnly)` (KeychainAccess)",
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly") + " (via `TokenStore.local` (line 5))",
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
