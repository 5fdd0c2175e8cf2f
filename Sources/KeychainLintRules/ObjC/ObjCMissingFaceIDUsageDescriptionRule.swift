import KeychainLintRuleKit
import KeychainLintCore
import KeychainLintModel
import KeychainLintObjC

/// `objc.missing_faceid_usage_description` — `swift.missing_faceid_usage_description`'s judgement
/// on Objective-C code: Face ID asked for by `SecAccessControlCreateWithFlags` flags or
/// `-[LAContext evaluatePolicy:localizedReason:reply:]` in an app whose Info.plist has no
/// NSFaceIDUsageDescription.
///
/// The key is the app's, not a language's: the Objective-C uses join the Swift rule's scan-wide
/// plan (one per application target), which places one finding per app at its first use of the
/// most severe kind. This rule reports when that use is in Objective-C, the Swift rule when it is
/// in Swift.
public struct ObjCMissingFaceIDUsageDescriptionRule: ObjCRule {
    public static let calls = ["SecAccessControlCreateWithFlags", ObjCLocalAuthentication.evaluateSelector]

    public init(options: [String: ConfigValue]) {}

    typealias FaceIDUse = MissingFaceIDUsageDescriptionJudgement.FaceIDUse

    /// The argument that decides whether a call uses Face ID: the flags of
    /// `SecAccessControlCreateWithFlags`, the policy of `evaluatePolicy:localizedReason:reply:`
    /// (`canEvaluatePolicy:error:` is an availability check and shows no Face ID UI).
    static func decidingArgument(of call: ObjCCallSite) -> (api: FaceIDUse.API, argument: ObjCExpr)? {
        switch (call.kind, call.name) {
        case (.function, "SecAccessControlCreateWithFlags"):
            guard call.arguments.count > 2 else { return nil }
            return (.accessControl, call.arguments[2].value)
        case (.message, ObjCLocalAuthentication.evaluateSelector):
            guard let policy = call.arguments.first?.value else { return nil }
            return (.evaluatePolicy, policy)
        default:
            return nil
        }
    }

    /// How a call uses Face ID, judged as the Swift rule judges it (the most severe possible value
    /// wins), worded with C spellings.
    static func use(of call: ObjCCallSite, in resolver: ObjCValueResolver) -> (use: FaceIDUse?, resolution: Resolution)? {
        guard let (api, argument) = decidingArgument(of: call) else { return nil }
        let resolution = resolver.resolve(argument)
        var best: (severity: Severity, value: String, trace: [TraceStep])?
        for traced in resolution.values {
            let judged: (Severity, String)?
            switch api {
            case .accessControl:
                judged = AccessControlFlagSet.interpret(traced.value).flatMap { MissingFaceIDUsageDescriptionJudgement.judge($0, spelling: .c) }
            case .evaluatePolicy:
                judged = MissingFaceIDUsageDescriptionJudgement.judgePolicy(ObjCLocalAuthentication.policy(traced.value), spelling: .c)
            }
            guard let (severity, value) = judged, severity > (best?.severity ?? .info) else { continue }
            best = (severity, value, traced.trace)
        }
        guard let best else { return (nil, resolution) }
        let location = resolver.location(argument.range)
        return (
            FaceIDUse(
                api: api, file: resolver.path, line: location.line, column: location.column, severity: best.severity,
                value: best.value, trace: best.trace, call: ObjCLocalAuthentication.evaluateSelector),
            resolution
        )
    }

    static let usesFact = ScanFact<[FaceIDUse]>("objc.missing_faceid_usage_description.uses")

    /// Every Face ID use of the scan's Objective-C files, in file order, then call order (computed
    /// once per scan; the Swift rule's plan reads them with its own).
    static func uses(in scan: ScanContext) -> [FaceIDUse] {
        scan.fact(usesFact) {
            let words = calls.map { String($0.split(separator: ":").first ?? Substring($0)) }
            for word in words { Dependencies.record(word) }
            var result: [FaceIDUse] = []
            for file in ObjCLocalAuthentication.objectiveCFiles(in: scan) {
                let text = scan.index.text(at: file)
                guard words.contains(where: { ByteSearch.contains(text, $0) }) else { continue }
                let resolver = ObjCLocalAuthentication.parsed(file, in: scan, text: text)
                for call in resolver.tree.calls where calls.contains(call.name) {
                    if let use = use(of: call, in: resolver)?.use { result.append(use) }
                }
            }
            return result
        }
    }

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard let (found, resolution) = Self.use(of: call, in: context.resolver), let argument = Self.decidingArgument(of: call)?.argument
        else { return }
        guard let found else {
            context.noteGaps(resolution, asking: "does this call use Face ID")
            return
        }
        let plans = context.scan.fact(MissingFaceIDUsageDescriptionRule.plansFact) { MissingFaceIDUsageDescriptionRule.plans(for: context.scan) }
        for plan in plans {
            guard let target = plan.target, target.file == found.file, target.line == found.line, target.column == found.column
            else { continue }
            let verdict = MissingFaceIDUsageDescriptionJudgement.verdict(
                plan, target: target, ruleId: context.rule.id, file: context.path, describeTrace: context.describeTrace)
            for note in verdict.notes { context.note(note) }
            guard let finding = verdict.finding else { continue }
            context.report(
                at: argument.range, message: finding.message, confidence: finding.confidence, severity: target.severity,
                trace: target.trace)
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: MissingFaceIDUsageDescriptionRule.description,
        summary:
            "The app uses Face ID from Objective-C (biometry flags or kSecAccessControlUserPresence in SecAccessControlCreateWithFlags, or -[LAContext evaluatePolicy:localizedReason:reply:]) but no Info.plist, project.pbxproj build setting or .xcconfig sets NSFaceIDUsageDescription: biometry-only uses crash, kSecAccessControlUserPresence silently falls back to the passcode.",
        whatItDoes: """
            Finds the places in Objective-C that make the system ask for Face ID: the `flags` of \
            `SecAccessControlCreateWithFlags` containing `kSecAccessControlBiometryAny`, \
            `kSecAccessControlBiometryCurrentSet` (or their `kSecAccessControlTouchID…` aliases and raw \
            values) or `kSecAccessControlUserPresence`, and `[context evaluatePolicy:… localizedReason:… \
            reply:…]` with `LAPolicyDeviceOwnerAuthenticationWithBiometrics` or \
            `LAPolicyDeviceOwnerAuthentication` (or their raw values 1 and 2); values are followed through \
            locals, constants, `#define`s and the file's functions and methods. The key is then looked for \
            exactly as swift.missing_faceid_usage_description looks for it (the app target's Info.plist, \
            its `INFOPLIST_KEY_NSFaceIDUsageDescription` build settings and .xcconfig files, or the \
            project files of the folder), and the Objective-C and Swift uses of an app are judged \
            together: one finding per app, at its first use (by file path, then position) of the most \
            severe kind, whichever language that use is in. Severity high when Face ID is required \
            (biometry flags without a passcode alternative, \
            `LAPolicyDeviceOwnerAuthenticationWithBiometrics`), medium when the system can fall back to \
            the passcode.
            """,
        whatToDoInstead: """
            Add `NSFaceIDUsageDescription` to the app's Info.plist with a sentence that tells the user why \
            the app uses Face ID, or, in projects whose Info.plist Xcode generates, set the build setting \
            `INFOPLIST_KEY_NSFaceIDUsageDescription`. Touch ID needs no comparable key.
            """,
        remediation:
            "Add NSFaceIDUsageDescription to the app's Info.plist (or the INFOPLIST_KEY_NSFaceIDUsageDescription build setting) with a sentence explaining why the app uses Face ID.",
        notes: [
            "One finding per app, whatever the language: the Objective-C uses join the Swift rule's plan of the app target (or folder), and the finding is reported by this rule when the app's first use of the most severe kind is in Objective-C, by swift.missing_faceid_usage_description when it is in Swift; the message counts the uses of both languages. Disabling one of the two rules therefore hides the app's finding when its chosen use is in that rule's language.",
            "`canEvaluatePolicy:error:` is not a use, as in the Swift rule: it only asks whether biometry is available and shows no Face ID UI.",
            "A library (no app Info.plist or Xcode application target in the scan, such as a React Native module's `ios/` folder) is not judged: its host app provides the key; `--verbose` says so at the first use.",
        ],
        examples: examples)

    private static func infoPlist(_ entries: String) -> String {
        MissingFaceIDUsageDescriptionRule.infoPlist(entries)
    }

    static let examples: [RuleExample] = [
        .triggering(
            "kSecAccessControlBiometryCurrentSet in an app whose Info.plist has no NSFaceIDUsageDescription",
            files: [
                "Info.plist": infoPlist(""),
                "Vault.m": """
                    SecAccessControlRef makeAccess(void) {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                               ↓kSecAccessControlBiometryCurrentSet, NULL);
                    }
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set (checked Info.plist), but `kSecAccessControlBiometryCurrentSet` requires Face ID: the app crashes when it reads the item"
            ]),
        .triggering(
            "evaluatePolicy with the biometrics policy through a local; an empty key; the other use is counted",
            files: [
                "Info.plist": infoPlist("<key>NSFaceIDUsageDescription</key>\n    <string></string>"),
                "A.m": """
                    @implementation LockScreen
                    - (void)unlock {
                        LAPolicy policy = LAPolicyDeviceOwnerAuthenticationWithBiometrics;
                        [[LAContext new] evaluatePolicy:↓policy localizedReason:@"Unlock the vault" reply:^(BOOL success, NSError *error) {
                            NSLog(@"%d", success);
                        }];
                    }
                    @end
                    """,
                "B.m": """
                    SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                        kSecAccessControlUserPresence, NULL);
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set (checked Info.plist; empty in Info.plist), but `evaluatePolicy:localizedReason:reply:` with `LAPolicyDeviceOwnerAuthenticationWithBiometrics` requires Face ID: the app crashes when it asks for Face ID (via `policy` (line 3)); 1 other place uses Face ID too"
            ],
            alsoTriggers: ["objc.weak_biometric_acl", "objc.biometric_item_not_device_bound"]),
        .triggering(
            "An Xcode app target whose Objective-C sources use the passcode-fallback policy",
            files: [
                "Vault.xcodeproj/project.pbxproj": MissingFaceIDUsageDescriptionRule.xcodeProject([
                    .init(name: "Vault", sources: ["Vault/Login.m"], settings: ["GENERATE_INFOPLIST_FILE": "YES"]),
                ]),
                "Vault/Login.m": """
                    void signIn(LAContext *context) {
                        [context evaluatePolicy:↓LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in" reply:^(BOOL success, NSError *error) {}];
                    }
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set for app target Vault (checked the INFOPLIST_KEY_NSFaceIDUsageDescription build setting in Vault.xcodeproj/project.pbxproj), so `evaluatePolicy:localizedReason:reply:` with `LAPolicyDeviceOwnerAuthentication` never offers Face ID and silently falls back to the device passcode"
            ]),
        .triggering(
            "An app written in both languages: one finding, at the first most severe use, here the Objective-C one",
            files: [
                "Info.plist": infoPlist(""),
                "App/Keys.m": """
                    SecAccessControlRef keyAccess(void) {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                            ↓kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage, NULL);
                    }
                    """,
                "App/Login.swift": """
                    func login(context: LAContext) async throws -> Bool {
                        try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in")
                    }
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set (checked Info.plist), but `kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage` requires Face ID: the app crashes when it reads the item; 1 other place uses Face ID too"
            ]),
        .nonTriggering(
            "An app written in both languages whose first use is in Swift: swift.missing_faceid_usage_description reports it",
            files: [
                "Info.plist": infoPlist(""),
                "App/Login.swift": """
                    func login(context: LAContext) async throws -> Bool {
                        try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in")
                    }
                    """,
                "App/Vault.m": """
                    SecAccessControlRef vaultAccess(void) {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, NULL);
                    }
                    """,
            ],
            alsoTriggers: ["swift.missing_faceid_usage_description"]),
        .nonTriggering(
            "The Info.plist sets NSFaceIDUsageDescription",
            files: [
                "Info.plist": infoPlist("<key>NSFaceIDUsageDescription</key>\n    <string>Unlock your vault with Face ID</string>"),
                "Vault.m": """
                    SecAccessControlRef makeAccess(void) {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, NULL);
                    }
                    """,
            ]),
        .nonTriggering(
            "A library: no Info.plist or Xcode project in the scan, the host app provides the key",
            files: [
                "ios/RNVault.m": """
                    SecAccessControlRef makeAccess(void) {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryAny, NULL);
                    }
                    """,
            ],
            alsoTriggers: ["objc.weak_biometric_acl"]),
        .nonTriggering(
            "No Face ID use in an app: canEvaluatePolicy only checks availability; passcode-only flags; unknown policy and flags",
            files: [
                "Info.plist": infoPlist(""),
                "Availability.m": """
                    BOOL biometryAvailable(void) {
                        return [[LAContext new] canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:NULL];
                    }
                    void store(LAContext *context, LAPolicy policy, SecAccessControlCreateFlags flags) {
                        SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlDevicePasscode, NULL);
                        SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, NULL);
                        [context evaluatePolicy:policy localizedReason:@"Unlock" reply:^(BOOL success, NSError *error) {}];
                    }
                    """,
            ],
            alsoTriggers: ["objc.passcode_fallback_acl"]),
    ]
}
