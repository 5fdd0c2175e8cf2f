import KeychainLintCore
import KeychainLintModel

/// The judgement of `swift.missing_faceid_usage_description` and `objc.missing_faceid_usage_description`:
/// how a value uses Face ID, and what a scan-wide plan says at its target use. The plans themselves
/// are built on the Swift index (`MissingFaceIDUsageDescriptionRule.plans(for:)`).
public enum MissingFaceIDUsageDescriptionJudgement {
    /// The Info.plist key.
    public static let key = "NSFaceIDUsageDescription"
    /// Files named in a message before "and N more".
    public static let namedFilesLimit = 4

    /// One place that makes the system ask for Face ID.
    public struct FaceIDUse: Sendable {
        public enum API: Sendable { case accessControl, evaluatePolicy }
        public var api: API
        public var file: String
        public var line: Int
        public var column: Int
        /// `.high` when Face ID is required (the app crashes without the key), `.medium` when the
        /// system can fall back to the passcode.
        public var severity: Severity
        /// "`.biometryCurrentSet`", "`.deviceOwnerAuthenticationWithBiometrics`".
        public var value: String
        public var trace: [TraceStep]
        /// The method as the code's language spells it, for the message (`evaluatePolicy`,
        /// `evaluatePolicy:localizedReason:reply:`).
        public var call = "evaluatePolicy"

        public init(
            api: API, file: String, line: Int, column: Int, severity: Severity, value: String, trace: [TraceStep],
            call: String = "evaluatePolicy"
        ) {
            self.api = api
            self.file = file
            self.line = line
            self.column = column
            self.severity = severity
            self.value = value
            self.trace = trace
            self.call = call
        }

        public func isBefore(_ other: FaceIDUse) -> Bool {
            (file, line, column) < (other.file, other.line, other.column)
        }
    }

    /// Biometry without a passcode alternative requires Face ID (high); `.userPresence` and a
    /// biometry flag OR-ed with `.devicePasscode` (the same thing, spelled out) fall back (medium).
    /// The flags are worded in `spelling` (objc.missing_faceid_usage_description says `.c`).
    public static func judge(_ flags: AccessControlFlagSet, spelling: FlagSpelling = .swift) -> (Severity, String)? {
        let description = "`" + spelling.flags(flags) + "`"
        if flags.contains(.userPresence) { return (.medium, description) }
        guard flags.contains(.biometryAny) || flags.contains(.biometryCurrentSet) else { return nil }
        let passcodeAlternative = flags.contains(.or) && flags.contains(.devicePasscode)
        return (passcodeAlternative ? .medium : .high, description)
    }

    /// `spelling` `.c` words the policy as Objective-C does (`LAPolicyDeviceOwnerAuthentication`).
    public static func judgePolicy(_ value: Value, spelling: FlagSpelling = .swift) -> (Severity, String)? {
        let name: String
        switch value {
        case .member(let member, let type) where type == nil || type == "LAPolicy":
            name = member
        case .rawValue(1, "LAPolicy"):
            name = "deviceOwnerAuthenticationWithBiometrics"
        case .rawValue(2, "LAPolicy"):
            name = "deviceOwnerAuthentication"
        default:
            return nil
        }
        let written = spelling == .swift ? "`.\(name)`" : "`LAPolicy" + name.prefix(1).uppercased() + name.dropFirst() + "`"
        switch name {
        case "deviceOwnerAuthenticationWithBiometrics": return (.high, written)
        case "deviceOwnerAuthentication": return (.medium, written)
        default: return nil
        }
    }

    /// A project file that could not be read, and why.
    public struct SkippedFile: Sendable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// What the scan says about the key for one group of Face ID uses (an application target, or
    /// the files that share the same project files).
    public struct Plan: Sendable {
        public enum Setting: Sendable {
            /// Some file sets the key to a non-empty value.
            case set
            /// No app Info.plist or app project in the scan (a library): not checked.
            case noApp
            /// Code of modules (frameworks, libraries, app extensions) that no application target
            /// of the scan links or embeds: the app is not known; not checked.
            case noAppTarget
            /// The application target's Info.plist is not in the scan: not checked.
            case infoPlistNotScanned(String)
            /// An app's Info.plist cannot be read, so the key may be in it: not checked.
            case infoPlistUnreadable(String, reason: String)
            /// Missing everywhere; `checked` are the files read, `empty` those that set it to "".
            case missing(checked: [String], empty: [String])
        }

        /// Where to report: the first use (by file, then position) of the most severe kind.
        public var target: FaceIDUse?
        public var otherUses: Int
        public var setting: Setting
        public var skipped: [SkippedFile]
        /// The Xcode application target judged, nil for an app found by its folder's Info.plist.
        public var appTarget: String? = nil
        /// The modules `appTarget` links or embeds, in order, whose last one compiles the target
        /// use's code; empty when the app compiles it itself.
        public var through: [String] = []
        /// The first of `through` is an app extension the app embeds, not a framework it links.
        public var throughExtension = false
        /// The fix, when the app's key is not kept in an Info.plist (an app product of a package
        /// manifest); nil for the rule's own.
        public var remediation: String? = nil

        public init(
            target: FaceIDUse?, otherUses: Int, setting: Setting, skipped: [SkippedFile], appTarget: String? = nil,
            through: [String] = [], throughExtension: Bool = false
        ) {
            self.target = target
            self.otherUses = otherUses
            self.setting = setting
            self.skipped = skipped
            self.appTarget = appTarget
            self.through = through
            self.throughExtension = throughExtension
        }

        /// "app target Vault", with ", which links VaultUI → VaultKit" or ", which embeds Share"
        /// when the use is in code the app links or in an extension it embeds; nil for an app
        /// found by its folder.
        public var appDescription: String? {
            guard let appTarget else { return nil }
            guard !through.isEmpty else { return "app target " + appTarget }
            return "app target \(appTarget), which \(throughExtension ? "embeds" : "links") " + through.joined(separator: " → ")
        }
    }

    /// The fix for an app product of a package manifest (`.iOSApplication`), whose Info.plist is
    /// made from the product's arguments.
    public static let packageApplicationRemediation =
        "Add `.faceID(purposeString: \"…\")` to the `capabilities:` of the app product in Package.swift, with a sentence explaining why the app uses Face ID: it becomes the app's NSFaceIDUsageDescription."

    /// What a plan says at its target use (in `file`): notes for `--verbose`, and the finding's
    /// message and confidence when the key is missing.
    /// `ruleId` names the asking rule in the notes.
    public static func verdict(
        _ plan: Plan, target: FaceIDUse, ruleId: String, file: String, describeTrace: ([TraceStep]) -> String
    ) -> (notes: [ScanDiagnostic], finding: (message: String, confidence: Confidence)?) {
        var notes: [ScanDiagnostic] = []
        for skipped in plan.skipped {
            notes.append(
                ScanDiagnostic(
                    kind: .skippedFile, file: skipped.path,
                    message: "not read for \(Self.key) (\(ruleId)): \(skipped.reason)"))
        }
        let position = SourcePosition(line: target.line, column: target.column)
        switch plan.setting {
        case .set:
            return (notes, nil)
        case .noApp:
            notes.append(
                ScanDiagnostic(
                    kind: .unresolved, file: file, position: position,
                    message: "\(ruleId): Face ID is used here, but the scan holds no app Info.plist or Xcode app project (a library?), so \(Self.key) was not checked"))
            return (notes, nil)
        case .noAppTarget:
            notes.append(
                ScanDiagnostic(
                    kind: .unresolved, file: file, position: position,
                    message: "\(ruleId): Face ID is used here, in code that no application target of the scan links or embeds (a library, or an extension of an app not in the scan): the app is not known, so \(Self.key) was not checked"))
            return (notes, nil)
        case .infoPlistNotScanned(let path):
            notes.append(
                ScanDiagnostic(
                    kind: .unresolved, file: file, position: position,
                    message: "\(ruleId): Face ID is used here by \(plan.appDescription ?? "the app"), whose Info.plist \(path) is not in the scan, so \(Self.key) was not checked"))
            return (notes, nil)
        case .infoPlistUnreadable(let path, let reason):
            let app = (plan.appDescription ?? "the app") + ", whose Info.plist"
            notes.append(
                ScanDiagnostic(
                    kind: .unresolved, file: file, position: position,
                    message: "\(ruleId): Face ID is used here by \(app) \(path) cannot be read (\(reason)), so \(Self.key) was not checked"))
            return (notes, nil)
        case .missing(let checked, let empty):
            var message = Self.message(
                for: target, app: plan.appDescription, checked: checked, empty: empty, unreadable: plan.skipped.map(\.path))
            message += describeTrace(target.trace)
            if plan.otherUses > 0 {
                message += "; \(plan.otherUses) other place\(plan.otherUses == 1 ? " uses" : "s use") Face ID too"
            }
            let confidence: Confidence = !plan.skipped.isEmpty ? .low : target.trace.isEmpty ? .high : .medium
            return (notes, (message, confidence))
        }
    }

    /// The finding's message when the key is missing, without the trace. `app` describes the
    /// target judged (`Plan.appDescription`).
    public static func message(for use: FaceIDUse, app: String?, checked: [String], empty: [String], unreadable: [String]) -> String {
        var files = "checked " + list(checked)
        if !empty.isEmpty { files += "; empty in " + list(empty) }
        if !unreadable.isEmpty { files += "; could not read " + list(unreadable) }
        let start = "\(key) is not set" + (app.map { " for \($0)" } ?? "") + " (\(files)), "
        switch (use.severity, use.api) {
        case (.high, .accessControl):
            return start + "but \(use.value) requires Face ID: the app crashes when it reads the item"
        case (.high, .evaluatePolicy):
            return start + "but `\(use.call)` with \(use.value) requires Face ID: the app crashes when it asks for Face ID"
        case (_, .accessControl):
            return start + "so \(use.value) never offers Face ID and silently falls back to the device passcode"
        case (_, .evaluatePolicy):
            return start + "so `\(use.call)` with \(use.value) never offers Face ID and silently falls back to the device passcode"
        }
    }

    /// "A", "A and B", "A, B and C", "A, B, C, D and 2 more".
    public static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "no file" }
        if names.count > namedFilesLimit {
            return names.prefix(namedFilesLimit).joined(separator: ", ") + " and \(names.count - namedFilesLimit) more"
        }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
