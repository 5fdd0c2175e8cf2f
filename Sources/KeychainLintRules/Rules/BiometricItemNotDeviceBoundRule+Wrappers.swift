import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `swift.biometric_item_not_device_bound` on calls of modelled wrapper libraries: access-control
/// flags with a user-authentication constraint given to a library whose item is then protected by
/// an accessibility that is not WhenPasscodeSetThisDeviceOnly — the one given with the flags (the
/// same call, the same builder chain, assignments to the same instance) or, when the app gives
/// none, the library's default — and such flags on a synchronizable item.
extension BiometricItemNotDeviceBoundRule {
    static let wrapperInterests = WrapperInterests.interests(for: [.accessControlFlags])

    /// With the calls of models the configuration declares too.
    public static func swiftInterests(models: [WrapperModel]) -> [RuleInterest] {
        WrapperInterests.replacingBuiltIn(in: swiftInterests, roles: [.accessControlFlags], models: models)
    }

    func checkWrapper(_ flagsSetting: WrapperSetting, in context: RuleContext) {
        let site = flagsSetting.site
        // A public key's access control does not reach a stored secret.
        if site.configuresPublicKey(in: context) { return }
        guard let (flagsOption, _) = flagsSetting.values.first(where: { value in
            value.option.flags.map { $0.hasUserAuthenticationConstraint && $0.rejectedCombination == nil } ?? false
        }), let flags = flagsOption.flags else {
            context.noteGaps(flagsSetting.resolution, asking: "access control given to \(site.model.library) `\(site.call.name)`")
            return
        }
        let protectedBy = "\(flagsSetting.written(flagsOption)) → `\(flags.swiftDescription)`"
        checkProtection(around: site, protectedBy: protectedBy, flagsExpression: flagsSetting.expression, in: context)
        if WrapperChain.synchronizable(around: site, in: context) == nil,
            let stored = WrapperChain.storedValues(.synchronizable, around: site, in: context).first(where: { $0.value == .bool(true) })
        {
            // The instance was made synchronizable where it was built (a property or variable).
            context.report(
                at: flagsSetting.expression,
                message: Self.wrapperSynchronizedMessage(Self.synchronizableSpelling(stored.call, of: site.model), protectedBy: protectedBy)
                    + context.describeTrace(stored.trace),
                confidence: .medium, trace: stored.trace, remediation: BiometricItemNotDeviceBoundJudgement.wrapperSynchronizedRemediation)
        }
        if let synchronized = WrapperChain.synchronizable(around: site, in: context) {
            let written = Self.synchronizableSpelling(synchronized.site)
            context.report(
                at: synchronized.expression,
                message: Self.wrapperSynchronizedMessage(written, protectedBy: protectedBy)
                    + context.describeTrace(synchronized.trace),
                confidence: synchronized.trace.isEmpty ? .high : .medium, trace: synchronized.trace,
                remediation: BiometricItemNotDeviceBoundJudgement.wrapperSynchronizedRemediation)
        }
    }

    /// Objective-C calls of libraries with an Objective-C API are handed over with their access
    /// control: UICKeyChainStore's policy is only set by `setAccessibility:authenticationPolicy:`,
    /// whose accessibility is the protection, so the call itself holds both.
    public static let wrapperRoles: Set<WrapperArgumentRole> = [.accessControlFlags]

    /// Flags with a user-authentication constraint and the accessibility given in the same call,
    /// judged like the protection of SecAccessControlCreateWithFlags (the Swift front end also
    /// follows builder chains and instances, in `checkWrapper`).
    public func check(wrapper flagsSetting: ProgramWrapperSetting, in context: some CheckContext) {
        if flagsSetting.configuresPublicKey { return }
        guard let (flagsOption, _) = flagsSetting.values.first(where: { value in
            value.option.flags.map { $0.hasUserAuthenticationConstraint && $0.rejectedCombination == nil } ?? false
        }), let flags = flagsOption.flags else {
            context.noteGaps(flagsSetting.resolution, asking: flagsSetting.question("access control"))
            return
        }
        guard let call = flagsSetting.programCall, let accessibility = context.wrapperSetting(of: call, role: .accessibility) else { return }
        var worst: (name: String, written: String, trace: [TraceStep], severity: Severity)?
        for (option, trace) in accessibility.values {
            guard let name = option.accessibility, name != BiometricItemNotDeviceBoundJudgement.strongest else { continue }
            let severity: Severity = name.hasSuffix("ThisDeviceOnly") ? .low : .medium
            if worst == nil || (worst!.severity == .low && severity == .medium) { worst = (name, accessibility.written(option), trace, severity) }
        }
        guard let worst else {
            context.noteGaps(accessibility.resolution, asking: accessibility.question("accessibility"))
            return
        }
        let protectedBy = "\(flagsSetting.written(flagsOption)) → `\(context.spelling.flags(flags))`"
        context.report(
            at: accessibility.expression,
            message: Self.wrapperProtectionMessage(worst.written, worst.name, protectedBy: protectedBy, severity: worst.severity)
                + context.describeTrace(worst.trace),
            confidence: worst.trace.isEmpty ? .high : .medium, severity: worst.severity, trace: worst.trace,
            remediation: BiometricItemNotDeviceBoundJudgement.wrapperProtectionRemediation)
    }

    private func checkProtection(around site: WrapperCallSite, protectedBy: String, flagsExpression: SwiftExpression, in context: RuleContext) {
        var worst: (name: String, written: String, trace: [TraceStep], severity: Severity)?
        var reportAt = flagsExpression
        if let setting = WrapperChain.setting(.accessibility, around: site, in: context) {
            for (option, trace) in setting.values {
                guard let name = option.accessibility, name != BiometricItemNotDeviceBoundJudgement.strongest else { continue }
                let severity: Severity = name.hasSuffix("ThisDeviceOnly") ? .low : .medium
                if worst == nil || (worst!.severity == .low && severity == .medium) {
                    worst = (name, setting.written(option), trace, severity)
                }
            }
            if worst == nil {
                context.noteGaps(setting.resolution, asking: "accessibility given to \(site.model.library) `\(setting.site.call.name)`")
                return
            }
            // A property of the app's type (Locksmith) is reported at the call; an argument, where it is written.
            reportAt = setting.property == nil ? setting.expression : flagsExpression
        } else {
            // The library's default, unless the app assigns the accessibility anywhere
            // in the scan (a shared instance is often configured once, in another file).
            guard let name = site.model.defaults.accessibility, name != BiometricItemNotDeviceBoundJudgement.strongest, !configuredElsewhere(site, in: context) else { return }
            worst = (name, "the default accessibility of \(site.model.library)", [], name.hasSuffix("ThisDeviceOnly") ? .low : .medium)
        }
        guard let worst else { return }
        context.report(
            at: reportAt, message: Self.wrapperProtectionMessage(worst.written, worst.name, protectedBy: protectedBy, severity: worst.severity)
                + context.describeTrace(worst.trace),
            confidence: worst.trace.isEmpty ? .high : .medium, severity: worst.severity, trace: worst.trace,
            remediation: BiometricItemNotDeviceBoundJudgement.wrapperProtectionRemediation)
    }

    /// An instance configured by assignments (SimpleKeychain 0.x) whose accessibility is assigned
    /// somewhere else in the file: what it is when the item is written is not known here.
    private func configuredElsewhere(_ site: WrapperCallSite, in context: RuleContext) -> Bool {
        guard site.assignment != nil else { return false }
        let setters = site.model.calls.filter { $0.isSetter && $0.argument(for: .accessibility) != nil }.map(\.name)
        return setters.sorted().contains { setter in
            context.scan.fact(ScanFact<Bool>("swift.biometric_item_not_device_bound.assigns.\(setter)")) {
                let index = context.scan.index
                let files = index.files(mentioning: setter)
                // Too many to look at: assume it is assigned (no finding rather than a wrong one).
                guard files.count <= 64 else { return true }
                return files.contains { WrapperCallSite.assigns(setter, in: index.file(at: $0)) }
            }
        }
    }

    /// "`.synchronizable(true)` (KeychainAccess)", "`synchronizable: true` (SimpleKeychain)".
    static func synchronizableSpelling(_ site: WrapperCallSite) -> String {
        synchronizableSpelling(site.call, of: site.model)
    }

    static func synchronizableSpelling(_ call: WrapperCall, of model: WrapperModel) -> String {
        let written: String
        switch call.argument(for: .synchronizable)?.place {
        case .label(let label)?: written = "\(label): true"
        default: written = call.isSetter ? "\(call.name) = true" : ".\(call.name)(true)"
        }
        return "`\(written)` (\(model.library))"
    }

    static func wrapperProtectionMessage(_ written: String, _ name: String, protectedBy: String, severity: Severity) -> String {
        if severity == .medium {
            return "Protected item can leave the device: \(written) → `\(name)` is not a …ThisDeviceOnly value, so the item protected by \(protectedBy) is eligible for iCloud Keychain and for restoring from a backup onto another device"
        }
        return "Protected item outlives the device passcode: \(written) → `\(name)` is device-bound but, unlike `\(BiometricItemNotDeviceBoundJudgement.strongest)`, keeps the item protected by \(protectedBy) when the passcode is removed"
    }

    static func wrapperSynchronizedMessage(_ written: String, protectedBy: String) -> String {
        "Access-controlled item is synchronized: \(written) asks iCloud Keychain to copy the item protected by \(protectedBy) to the user's other devices"
    }

    static let wrapperNote =
        "Calls of Keychain wrapper libraries are judged through built-in models (\(WrapperModelCatalog.summary)), in files that import the library and only when the receiver is the library's type: user-authentication flags given to a library (KeychainAccess `accessibility(_:authenticationPolicy:)`, SimpleKeychain `accessControlFlags:` and 0.x `useAccessControl = true`, EllipticCurveKeyPair `AccessControl(protection:flags:)` for the private key, OktaSecureStorage `behindBiometrics: true`) are judged with the accessibility given in the same call, the same builder chain or assignments to the same instance in the same body, or, when none is given and the app assigns the accessibility property nowhere in the scan, the library's default (SimpleKeychain's AfterFirstUnlock: medium; OktaSecureStorage's WhenUnlockedThisDeviceOnly: low). Valet's Secure Enclave valets always use WhenPasscodeSetThisDeviceOnly and are never reported. `.synchronizable(true)` or `synchronizable: true` with such flags in the same chain or call is reported at the synchronizable argument; on a stored instance built with `.synchronizable(true)` (a property or variable the resolver follows), at the flags. UICKeyChainStore's `setAccessibility(_:authenticationPolicy:)` gives both in one call: the accessibility is the protection of the access control the library creates."
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension BiometricItemNotDeviceBoundRule {
    static let wrapperExamples: [RuleExample] = [
        .triggering(
            "KeychainAccess and EllipticCurveKeyPair: the accessibility given with the flags; a synchronized protected item",
            """
            import KeychainAccess
            import EllipticCurveKeyPair

            func save(_ token: String) throws {
                try Keychain(service: "com.example.bank")
                    .accessibility(↓.afterFirstUnlock, authenticationPolicy: .biometryCurrentSet)
                    .set(token, key: "token")
                try Keychain(service: "com.example.cards")
                    .synchronizable(↓true)
                    .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: .biometryCurrentSet)
                    .set(token, key: "card")
            }
            let privateAccess = EllipticCurveKeyPair.AccessControl(
                protection: ↓kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage])
            """,
            messages: [
                wrapperProtectionMessage(
                    "`.accessibility(.afterFirstUnlock)` (KeychainAccess)", "kSecAttrAccessibleAfterFirstUnlock",
                    protectedBy: "`authenticationPolicy: .biometryCurrentSet` (KeychainAccess) → `.biometryCurrentSet`", severity: .medium),
                wrapperSynchronizedMessage(
                    "`.synchronizable(true)` (KeychainAccess)",
                    protectedBy: "`authenticationPolicy: .biometryCurrentSet` (KeychainAccess) → `.biometryCurrentSet`"),
                wrapperProtectionMessage(
                    "`protection: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` (EllipticCurveKeyPair)",
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
                    protectedBy: "`flags: [.biometryCurrentSet, .privateKeyUsage]` (EllipticCurveKeyPair) → `[.biometryCurrentSet, .privateKeyUsage]`",
                    severity: .low),
            ],
            alsoTriggers: ["swift.conflicting_accessibility_attributes"]),
        .triggering(
            "KeychainAccess: a stored instance made synchronizable, given a biometric policy at the write",
            """
            import KeychainAccess

            final class CardStore {
                private let keychain = Keychain(service: "com.example.cards").synchronizable(true)
                func save(_ card: String) throws {
                    try keychain.accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: ↓.biometryCurrentSet)
                        .set(card, key: "card")
                }
            }
            """,
            messages: [
                wrapperSynchronizedMessage(
                    "`.synchronizable(true)` (KeychainAccess)",
                    protectedBy: "`authenticationPolicy: .biometryCurrentSet` (KeychainAccess) → `.biometryCurrentSet`")
                    + " (via `CardStore.keychain` (line 4))"
            ],
            alsoTriggers: ["swift.conflicting_accessibility_attributes"]),
        .triggering(
            "The library's default accessibility: SimpleKeychain 1.x (AfterFirstUnlock, medium), OktaSecureStorage (WhenUnlockedThisDeviceOnly, low), SimpleKeychain 0.x",
            """
            import SimpleKeychain
            import OktaSecureStorage

            let tokens = SimpleKeychain(service: "com.example.bank", accessControlFlags: ↓.biometryCurrentSet)

            func save(_ token: String) throws {
                try OktaSecureStorage().set(token, forKey: "token", behindBiometrics: ↓true)
                let legacy = A0SimpleKeychain()
                legacy.useAccessControl = ↓true
            }
            """,
            messages: [
                wrapperProtectionMessage(
                    "the default accessibility of SimpleKeychain", "kSecAttrAccessibleAfterFirstUnlock",
                    protectedBy: "`accessControlFlags: .biometryCurrentSet` (SimpleKeychain) → `.biometryCurrentSet`", severity: .medium),
                wrapperProtectionMessage(
                    "the default accessibility of OktaSecureStorage", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
                    protectedBy: "`behindBiometrics: true` (OktaSecureStorage) → `[.biometryCurrentSet, .or, .devicePasscode]`", severity: .low),
                wrapperProtectionMessage(
                    "the default accessibility of A0SimpleKeychain", "kSecAttrAccessibleAfterFirstUnlock",
                    protectedBy: "`useAccessControl = true` (A0SimpleKeychain) → `.userPresence`", severity: .medium),
            ],
            alsoTriggers: ["swift.passcode_fallback_acl", "swift.weak_biometric_acl"]),
        .nonTriggering(
            "SimpleKeychain 0.x: a shared instance whose accessibility is assigned in another file (the default is not assumed)",
            files: [
                "AppSetup.swift": """
                    import SimpleKeychain

                    enum Secrets {
                        static let keychain = A0SimpleKeychain()
                    }
                    func configure() {
                        Secrets.keychain.defaultAccessiblity = .whenPasscodeSetThisDeviceOnly
                    }
                    """,
                "PinStore.swift": """
                    import SimpleKeychain

                    func protectPIN() {
                        Secrets.keychain.useAccessControl = true
                    }
                    """,
            ],
            alsoTriggers: ["swift.weak_biometric_acl"]),
        .nonTriggering(
            "WhenPasscodeSetThisDeviceOnly given with the flags, Valet's Secure Enclave valets, reads, an app type, no import",
            files: [
                "Store.swift": """
                    import KeychainAccess
                    import Valet
                    import SimpleKeychain
                    import OktaSecureStorage

                    struct Vault { func set(_ v: String, forKey k: String, behindBiometrics: Bool) {} }
                    func save(_ token: String, storage: OktaSecureStorage) throws {
                        try Keychain(service: "com.example.bank")
                            .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: .biometryCurrentSet)
                            .set(token, key: "token")
                        let vault = SecureEnclaveValet.valet(with: Identifier(nonEmpty: "Bank")!, accessControl: .biometricCurrentSet)
                        let keychain = SimpleKeychain(accessibility: .whenPasscodeSetThisDeviceOnly, accessControlFlags: .biometryCurrentSet)
                        try storage.set(token, forKey: "token", behindBiometrics: false)
                        let stored = try storage.get(key: "token", biometricPrompt: "Unlock")
                        Vault().set(token, forKey: "token", behindBiometrics: true)
                        let legacy = A0SimpleKeychain()
                        legacy.defaultAccessiblity = .whenPasscodeSetThisDeviceOnly
                        legacy.useAccessControl = true
                    }
                    """,
                "Legacy.swift": """
                    func save(_ token: String) throws {
                        try OktaSecureStorage().set(token, forKey: "token", behindBiometrics: true)
                    }
                    """,
            ],
            alsoTriggers: ["swift.weak_biometric_acl"]),
    ]
}
