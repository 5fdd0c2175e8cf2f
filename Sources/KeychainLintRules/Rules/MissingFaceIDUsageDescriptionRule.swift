import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `missing_faceid_usage_description` — Face ID used without NSFaceIDUsageDescription (Apple:
/// NSFaceIDUsageDescription; "Accessing Keychain Items with Face ID or Touch ID"), in Swift and
/// Objective-C: the key is the app's, whatever language asks for Face ID, so the uses of both
/// languages join one plan per application target, and the finding is reported by the rule of the
/// language its chosen use is in.
///
/// A scan-wide rule: whether the key is set is a fact of the whole scan (every Info.plist, every
/// `project.pbxproj`, every `.xcconfig`), and so is the place it is reported (the first Face ID use
/// of the scan). Both are computed once per scan (`ScanContext.fact`); each file's run only checks
/// whether it holds that place.
public struct MissingFaceIDUsageDescriptionRule: Check {
    static let id = "swift.missing_faceid_usage_description"
    static let key = MissingFaceIDUsageDescriptionJudgement.key

    /// How each language spells `evaluatePolicy`, for the messages.
    static let evaluatePolicy = CheckedCall.method(swift: "evaluatePolicy", objectiveC: "evaluatePolicy:localizedReason:reply:")
    public static let calls: [CheckedCall] = [.function("SecAccessControlCreateWithFlags"), evaluatePolicy]

    public init(options: [String: ConfigValue]) {}

    // MARK: - Face ID uses

    // The uses, their judgement and the plan's verdict are the kit's.
    typealias FaceIDUse = MissingFaceIDUsageDescriptionJudgement.FaceIDUse
    typealias Plan = MissingFaceIDUsageDescriptionJudgement.Plan
    typealias SkippedFile = MissingFaceIDUsageDescriptionJudgement.SkippedFile

    /// The argument that decides whether a call uses Face ID: the flags of
    /// `SecAccessControlCreateWithFlags(_:_:_:_:)` (a free function), the policy of
    /// `evaluatePolicy(_:localizedReason:…)` (its first argument has no label of its own: none in
    /// Swift, the selector's first piece in Objective-C). `canEvaluatePolicy` is a different name:
    /// an availability check shows no Face ID UI.
    static func decidingArgument(of call: ProgramCall) -> (api: FaceIDUse.API, argument: ProgramExpression)? {
        if call.name == "SecAccessControlCreateWithFlags" {
            guard call.kind == .function, let flags = call.argument(2) else { return nil }
            return (.accessControl, flags)
        }
        guard call.name == evaluatePolicy.name(in: call.language), call.arguments.count >= 2,
            call.arguments[0].label == nil || call.arguments[0].label == evaluatePolicy.name(in: .swift),
            call.arguments[1].label == "localizedReason", let policy = call.argument(0)
        else { return nil }
        return (.evaluatePolicy, policy)
    }

    /// How a call uses Face ID, from the resolved values of its deciding argument (at `location`):
    /// the most severe possible value wins (the first one in resolution order among equals).
    /// `spelling` words the flags, `policy` puts a policy value in the model's terms, `language`
    /// spells `evaluatePolicy` in the message.
    static func use(
        _ api: FaceIDUse.API, resolution: Resolution, at location: ValueLocation, spelling: FlagSpelling,
        policy: (Value) -> Value, language: SourceLanguage
    ) -> FaceIDUse? {
        var best: (severity: Severity, value: String, trace: [TraceStep])?
        // A constant a library offers its users, which no code of the scan passes, is not a use
        // an app of the scan makes: the app would have to choose it.
        for traced in resolution.values where !traced.trace.contains(where: { $0.kind == .libraryOption }) {
            let judged: (Severity, String)?
            switch api {
            case .accessControl:
                judged = AccessControlFlagSet.interpret(traced.value).flatMap { MissingFaceIDUsageDescriptionJudgement.judge($0, spelling: spelling) }
            case .evaluatePolicy:
                judged = MissingFaceIDUsageDescriptionJudgement.judgePolicy(policy(traced.value), spelling: spelling)
            }
            guard let (severity, value) = judged, severity > (best?.severity ?? .info) else { continue }
            best = (severity, value, traced.trace)
        }
        guard let best else { return nil }
        return FaceIDUse(
            api: api, file: location.file, line: location.line, column: location.column, severity: best.severity,
            value: best.value, trace: best.trace, call: evaluatePolicy.name(in: language))
    }

    // MARK: - The scan-wide plan

    /// The folder a project file speaks for: an Info.plist or .xcconfig its own folder, a
    /// project.pbxproj the folder holding the .xcodeproj.
    /// Support folders are skipped: `App/Resources/Info.plist` and `Config/App.xcconfig` speak for
    /// `App/` and the project root, where the sources are.
    static func scopeDirectory(of file: ProjectFileInput) -> String {
        var parts = file.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if file.kind == .pbxproj, parts.last?.hasSuffix(".xcodeproj") == true { parts = parts.dropLast() }
        while let last = parts.last, supportFolders.contains(last.lowercased()) { parts = parts.dropLast() }
        return parts.joined(separator: "/")
    }

    static let supportFolders: Set<String> = [
        "resources", "supporting files", "supportingfiles", "support", "config", "configs", "configuration",
        "configurations", "xcconfig", "xcconfigs", "plists", "info",
    ]

    /// The project files that apply to a Swift file: those whose scope folder contains it (so two
    /// apps in one scan are judged apart); when none does, every project file of the scan.
    static func relevantProjectFiles(for path: String, in files: [ProjectFileInput]) -> [ProjectFileInput] {
        let scoped = files.filter { file in
            let directory = scopeDirectory(of: file)
            return directory.isEmpty || path.hasPrefix(directory + "/")
        }
        return scoped.isEmpty ? files : scoped
    }

    static let plansFact = ScanFact<[Plan]>(id + ".plans")

    /// One plan per application target whose code reaches a Face ID use (`FaceIDAppTargets`):
    /// its own code, the code linked into it (`linkPaths`: the frameworks, static libraries and
    /// package targets it links or embeds, and theirs) and the app extensions it embeds with
    /// their linked code; then, for code that no manifest claims, one per group of files that
    /// share the same applicable project files (the folder judgment). Uses in test code, and in
    /// modules that no application target links or embeds (a library, or an extension of an app
    /// not in the scan: the app is not known), are not judged (the second gets a `--verbose`
    /// note).
    ///
    /// An app extension asks for Face ID as part of the app that contains it: the permission is
    /// granted to the app, whose key is taken to cover its extensions. Whether an extension's own
    /// key is enough when the app's is missing is not documented, so the uses of an extension
    /// that sets the key itself (or whose Info.plist cannot be read or is not in the scan) are not
    /// judged through the app.
    static func plans(for scan: ScanContext) -> [Plan] {
        let model = scan.projectModel
        // The Objective-C uses count too: the key is the app's, whatever language asks for Face ID.
        var uses = (ScanWideCalls.of(scan).faceIDUses + ObjCFaceIDUses.uses(in: scan))
            .filter { !model.isTestCode($0.file) }
        uses.sort { $0.isBefore($1) }
        let projectFiles = scan.projectFiles.sorted(by: { $0.path < $1.path })
        let byPath = Dictionary(projectFiles.map { (ProjectPath.normalized($0.path), $0) }, uniquingKeysWith: { first, _ in first })
        var plans: [Plan] = []
        var covered = Array(repeating: false, count: uses.count)
        var modelled: Set<String> = []
        for app in model.modules.indices where model.modules[app].kind == .application && model.modules[app].xcode != nil {
            let module = model.modules[app]
            var reached = model.linkPaths(from: app)
            // Modules whose uses the key of an extension may cover: not judged through the app.
            var settled: Set<Int> = []
            for embedded in module.dependencies
            where model.modules[embedded].kind == .appExtension && model.modules[embedded].xcode != nil
                && !model.modules[embedded].excludesFaceIDPlatforms
            {
                let own = FaceIDAppTargets.lookUp(key, for: model.modules[embedded], projectFiles: byPath)
                modelled.formUnion(own.checked + own.unreadable.map(\.path))
                let extensionPaths = model.linkPaths(from: embedded)
                if own.isSet || own.unreadableInfoPlist != nil || own.missingInfoPlist != nil {
                    settled.formUnion(extensionPaths.keys)
                    continue
                }
                for (reachedModule, path) in extensionPaths where reached[reachedModule] == nil {
                    reached[reachedModule] = [embedded] + path
                }
            }
            var appUses: [FaceIDUse] = []
            for (position, use) in uses.enumerated() {
                let owners = model.modules(of: use.file)
                if owners.contains(where: { reached[$0] != nil }) {
                    covered[position] = true
                    appUses.append(use)
                } else if owners.contains(where: settled.contains) {
                    covered[position] = true
                }
            }
            let lookup = FaceIDAppTargets.lookUp(key, for: module, projectFiles: byPath)
            modelled.formUnion(lookup.checked + lookup.unreadable.map(\.path))
            // A test host app is not shipped; a macOS, tvOS or watchOS app has no Face ID.
            guard !appUses.isEmpty, module.role != .test, !module.excludesFaceIDPlatforms else { continue }
            var appPlan = plan(uses: appUses, app: module.name, lookup: lookup)
            (appPlan.through, appPlan.throughExtension) = through(to: appPlan.target, paths: reached, in: model)
            plans.append(appPlan)
        }
        for module in model.modules { if let project = module.xcode?.projectFile { modelled.insert(project) } }
        // A SwiftPM executable that is an app (an iOS app described by `Package.swift` alone, with
        // its own Info.plist in its folder) is judged like an Xcode application target: its code
        // and every module it links, against that Info.plist.
        // An app product of the manifest (`.iOSApplication`, with no Info.plist file: the product's
        // `capabilities: [.faceID(purposeString:)]` is the key) is judged against the manifest.
        for app in model.modules.indices
        where (model.modules[app].kind == .packageExecutable || model.modules[app].packageApplication != nil) && model.modules[app].xcode == nil {
            let module = model.modules[app]
            guard module.packageApplication != nil || [.app, .sample].contains(module.role), !module.excludesFaceIDPlatforms else { continue }
            let manifestApp = module.packageApplication.flatMap { application in module.manifest.map { (application: application, manifest: $0) } }
            var plists: [ProjectFileInput] = []
            if manifestApp == nil {
                let folder = commonFolder(of: model.files(of: app))
                plists = projectFiles.filter {
                    $0.kind == .infoPlist && (folder.isEmpty || ProjectPath.normalized($0.path).hasPrefix(folder + "/"))
                }
                guard !plists.isEmpty else { continue }
                modelled.formUnion(plists.map(\.path))
            }
            let reached = model.linkPaths(from: app)
            var appUses: [FaceIDUse] = []
            for (position, use) in uses.enumerated()
            where !covered[position] && model.modules(of: use.file).contains(where: { reached[$0] != nil }) {
                covered[position] = true
                appUses.append(use)
            }
            guard !appUses.isEmpty else { continue }
            var appPlan: Plan
            if let manifestApp {
                appPlan = plan(uses: appUses, application: manifestApp.application.product, manifest: manifestApp.manifest)
                appPlan.appTarget = manifestApp.application.name
            } else {
                appPlan = plan(uses: appUses, projectFiles: plists)
                appPlan.appTarget = module.name
            }
            (appPlan.through, appPlan.throughExtension) = through(to: appPlan.target, paths: reached, in: model)
            plans.append(appPlan)
        }

        var unclaimed: [FaceIDUse] = []
        var unlinked: [FaceIDUse] = []
        for (position, use) in uses.enumerated() where !covered[position] {
            let owners = model.modules(of: use.file)
            if owners.allSatisfy({ model.modules[$0].kind == .folder }) {
                unclaimed.append(use)
            } else {
                unlinked.append(use)
            }
        }
        if let first = unlinked.first {
            plans.append(Plan(target: first, otherUses: unlinked.count - 1, setting: .noAppTarget, skipped: []))
        }
        // The folder judgment reads only the project files the model did not already account for.
        let folderFiles = projectFiles.filter { !modelled.contains($0.path) && !modelled.contains(ProjectPath.normalized($0.path)) }
        var groups: [String: (files: [ProjectFileInput], uses: [FaceIDUse])] = [:]
        for use in unclaimed {
            let files = relevantProjectFiles(for: use.file, in: folderFiles)
            groups[groupKey(files), default: (files, [])].uses.append(use)
        }
        plans += groups.keys.sorted().map { plan(uses: groups[$0]!.uses, projectFiles: groups[$0]!.files) }
        return plans
    }

    /// The plan of one application target.
    static func plan(uses: [FaceIDUse], app: String, lookup: FaceIDAppTargets.Lookup) -> Plan {
        let worst = uses.map(\.severity).max()
        let target = uses.first { $0.severity == worst }
        let setting: Plan.Setting =
            lookup.isSet ? .set
            : lookup.missingInfoPlist.map { .infoPlistNotScanned($0) }
                ?? lookup.unreadableInfoPlist.map { .infoPlistUnreadable($0.path, reason: $0.reason) }
                ?? .missing(checked: lookup.checked, empty: lookup.empty)
        return Plan(
            target: target, otherUses: max(0, uses.count - 1), setting: setting,
            skipped: lookup.unreadable.map { SkippedFile(path: $0.path, reason: $0.reason) }, appTarget: app)
    }

    /// The names of the modules an app links or embeds, in order, down to the one that compiles
    /// `use`'s file (the shortest chain; none when the app compiles it itself), for the message,
    /// and whether the chain starts at an app extension the app embeds.
    static func through(to use: FaceIDUse?, paths: [Int: [Int]], in model: ProjectModel) -> ([String], Bool) {
        guard let use else { return ([], false) }
        let chains = model.modules(of: use.file).compactMap { paths[$0] }
        guard let shortest = chains.min(by: { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) })
        else { return ([], false) }
        return (shortest.map { model.modules[$0].name }, shortest.first.map { model.modules[$0].kind == .appExtension } ?? false)
    }

    /// The deepest folder holding every one of `paths` ("" for the scan's root).
    static func commonFolder(of paths: [String]) -> String {
        guard var common = paths.first.map({ $0.split(separator: "/").dropLast() }) else { return "" }
        for path in paths.dropFirst() {
            let folders = path.split(separator: "/").dropLast()
            common = common.prefix(zip(common, folders).prefix { $0 == $1 }.count)
        }
        return common.joined(separator: "/")
    }

    static func groupKey(_ files: [ProjectFileInput]) -> String {
        files.map(\.path).joined(separator: "\n")
    }

    /// The plan of an app product of a package manifest: the key is the purpose of the product's
    /// Face ID capability (missing, or an empty literal: not set), the fix is worded for the manifest.
    static func plan(uses: [FaceIDUse], application: PackageManifestReader.ApplicationProduct, manifest: String) -> Plan {
        let worst = uses.map(\.severity).max()
        let setting: Plan.Setting
        switch application.faceIDPurpose {
        case .expression?: setting = .set
        case .literal(let purpose)? where !purpose.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty: setting = .set
        case .literal?: setting = .missing(checked: [manifest], empty: [manifest])
        case nil: setting = .missing(checked: [manifest], empty: [])
        }
        var plan = Plan(target: uses.first { $0.severity == worst }, otherUses: uses.count - 1, setting: setting, skipped: [])
        plan.remediation = MissingFaceIDUsageDescriptionJudgement.packageApplicationRemediation
        return plan
    }

    static func plan(uses: [FaceIDUse], projectFiles: [ProjectFileInput]) -> Plan {
        let worst = uses.map(\.severity).max()
        let target = uses.first { $0.severity == worst }

        var checked: [String] = []
        var empty: [String] = []
        var skipped: [SkippedFile] = []
        var isSet = false
        var describesApp = false
        var unreadableInfoPlist: SkippedFile?
        for file in projectFiles {
            do {
                let lookup = try ProjectFiles.lookUp(key, in: file.data, kind: file.kind.projectFileKind)
                checked.append(file.path)
                describesApp = describesApp || lookup.describesApp
                if lookup.hasNonEmptyValue { isSet = true }
                if lookup.hasOnlyEmptyValues { empty.append(file.path) }
            } catch {
                skipped.append(SkippedFile(path: file.path, reason: error.reason))
                if file.kind.projectFileKind == .infoPlist, unreadableInfoPlist == nil { unreadableInfoPlist = skipped.last }
            }
        }
        let setting: Plan.Setting =
            isSet ? .set
            : unreadableInfoPlist.map { .infoPlistUnreadable($0.path, reason: $0.reason) }
                ?? (describesApp ? .missing(checked: checked, empty: empty) : .noApp)
        return Plan(target: target, otherUses: max(0, uses.count - 1), setting: setting, skipped: skipped)
    }

    // MARK: - Check

    /// Reports the plan of the app (or folder) whose chosen use is this call's.
    public func check(_ call: ProgramCall, in context: some CheckContext) {
        guard let (api, argument) = Self.decidingArgument(of: call) else { return }
        let resolution = context.resolve(argument)
        guard
            let found = Self.use(
                api, resolution: resolution, at: context.location(of: argument), spelling: context.spelling,
                policy: context.localAuthenticationPolicy, language: context.language)
        else {
            context.noteGaps(resolution, asking: "does this call use Face ID")
            return
        }
        let (location, snippet) = (context.location(of: argument), context.snippet(of: argument))
        let scan = context.scan
        // Which use is the app's chosen one is known once every file is walked.
        context.afterWalk { judged in
            let plans = scan.fact(Self.plansFact) { Self.plans(for: scan) }
            for plan in plans {
                guard let target = plan.target, target.file == found.file, target.line == found.line, target.column == found.column
                else { continue }
                let verdict = MissingFaceIDUsageDescriptionJudgement.verdict(
                    plan, target: target, ruleId: judged.rule.id, file: judged.path, describeTrace: judged.describeTrace)
                for note in verdict.notes { judged.note(note) }
                guard let finding = verdict.finding else { continue }
                judged.report(
                    at: location, message: finding.message, confidence: finding.confidence, severity: target.severity,
                    trace: target.trace, snippet: snippet, remediation: plan.remediation)
            }
        }
    }

    /// Swift calls a method of the type being extended with no receiver at all: inside
    /// `extension LAContext`, `evaluatePolicy(…)` is a method call on `self` that the Swift front
    /// end hands over as a free function's. It is judged as the method.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let swiftCall) = input, let call = ProgramCall(swiftCall), call.kind == .function,
            call.name == Self.evaluatePolicy.name(in: .swift)
        else { return }
        check(call, in: context)
    }

    public static let swiftRule = RuleDescription(
        id: id,
        name: "Face ID used without NSFaceIDUsageDescription",
        severity: .high,
        confidence: .high,
        resource: "Correctness",
        tags: [],
        summary:
            "The app uses Face ID (biometry access-control flags, .userPresence, or evaluatePolicy) but no Info.plist, project.pbxproj build setting or .xcconfig sets NSFaceIDUsageDescription: biometry-only uses crash, .userPresence silently falls back to the passcode.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Finds the places that make the system ask for Face ID: the `flags` of \
                `SecAccessControlCreateWithFlags` containing `.biometryAny`, `.biometryCurrentSet` (or their \
                `.touchID…` aliases, C constants and raw values) or `.userPresence`, and \
                `LAContext.evaluatePolicy` with `.deviceOwnerAuthenticationWithBiometrics` or \
                `.deviceOwnerAuthentication`; values are followed with the shared resolver (variables, branches, \
                properties, other files). It then looks for `\(key)` in every Info.plist of the scan (XML, \
                binary and old-style plists), in the `INFOPLIST_KEY_\(key)` build setting of every build \
                configuration in `*.xcodeproj/project.pbxproj`, and in `INFOPLIST_KEY_\(key) = …` lines of \
                `.xcconfig` files. When no file sets it to a non-empty string, one finding is reported for the \
                whole scan, at the first use (by file path, then position) of the most severe kind, naming the \
                files that were checked. Severity high when Face ID is required (biometry flags without a \
                passcode alternative, `.deviceOwnerAuthenticationWithBiometrics`), medium when the system can \
                fall back to the passcode (`.userPresence`, `[.biometryAny, .or, .devicePasscode]`, \
                `.deviceOwnerAuthentication`).
                """,
            whyItMatters: """
                Face ID is a privacy-protected resource: the system shows the usage description the first time \
                an app asks for it. Without `\(key)`, reading an item protected by `.biometryAny` or \
                `.biometryCurrentSet` crashes the app ("This app has crashed because it attempted to access \
                privacy-sensitive data without a usage description"); with `.userPresence` the system \
                silently skips Face ID and asks for the device passcode instead, so users on Face ID \
                devices never get the biometric protection the code asks for. Apple: "Without this key, the \
                system won't allow your app to use Face ID" ("Accessing Keychain Items with Face ID or Touch ID").
                """,
            whatToDoInstead: """
                Add `\(key)` to the app's Info.plist with a sentence that tells the user why the app uses Face \
                ID, or, in projects whose Info.plist Xcode generates, set the build setting \
                `INFOPLIST_KEY_\(key)` (target Build Settings, or an `.xcconfig` line \
                `INFOPLIST_KEY_\(key) = Unlock your saved passwords with Face ID`). Touch ID needs no \
                comparable key.
                """,
            fixSafety: """
                Not automatic: the description is user-facing text that the app team must write (and \
                localize), and the right Info.plist or target cannot be known from the sources alone.
                """,
            notes: [
                "Reported once per app, not at every use: the key is a property of the app, not of a call. The finding is placed at the first use (by file path, then position) among the uses of the most severe kind, so a high finding always points at code that needs Face ID; the message counts the other uses.",
                "The Objective-C uses of the scan (objc.missing_faceid_usage_description) belong to the same apps: an app with code in both languages gets one finding, reported by this rule when its chosen use is in Swift and by the Objective-C rule when it is in Objective-C; the message counts the uses of both.",
                "`canEvaluatePolicy` is not a use: it only asks whether biometry is available and shows no Face ID UI. `evaluatePolicy` is matched only in its `evaluatePolicy(_:localizedReason:…)` form (closure or async).",
                "A biometry flag OR-ed with `.devicePasscode` is Apple's spelling of `.userPresence` (or close to it) and is judged like it: medium, the passcode fallback.",
                "When no Info.plist or project file describes an app — no Info.plist except those of frameworks or test bundles (`CFBundlePackageType` FMWK/BNDL), and no `project.pbxproj` with an application target — the scan is taken to be a library, whose host app provides the key: nothing is reported, and `--verbose` says so at the first use.",
                "Judged per application target. With an Xcode project, each application target is judged by the Face ID uses its code reaches: its own Sources build phase (or synchronized folders) and the code linked into it, directly or not: the frameworks, static libraries and Swift package products it depends on (`PBXTargetDependency`, also on a target of another project), links (\"Link Binary With Libraries\", matched to the target that builds the product by its product reference) or embeds (\"Embed Frameworks\"), local Swift packages named by the project (`XCLocalSwiftPackageReference`), and their SwiftPM dependencies. The key is looked for in its `INFOPLIST_FILE` (with `$(SRCROOT)` and variables from its settings and .xcconfig files expanded), its `INFOPLIST_KEY_NSFaceIDUsageDescription` settings (target over project) and the .xcconfig files its configurations are based on, following `#include`; the message names the app target, the modules it links down to the code of the reported use, and what was checked. App targets built only for macOS, tvOS or watchOS are never judged (Face ID and the key exist on iOS, iPadOS and visionOS), nor are test host apps (application targets named like `TestHost` or `… Test Host App`), nor test code. An application target whose Info.plist is not in the scan is not judged (`--verbose` says so).",
                "A framework, static library or package target is not an app: its Face ID uses are judged through every application target of the scan that links or embeds it, each against its own Info.plist. One finding is reported per app that lacks the key (at the framework's first most severe use, naming the app and the modules that lead to the use), none when every such app sets it. With no app of the scan linking it, the framework is a library whose app is not known: nothing is reported, and `--verbose` says so at its first use.",
                "An app extension is judged through the app that embeds it (a target dependency on the extension or a copy phase that embeds its product; Apple's App Extension Programming Guide: an extension is delivered inside its containing app), against the app's Info.plist. Apple documents the key for the app's Info.plist and says nothing of extensions; Face ID permission is granted to the app (Settings lists apps, not their extensions), so the app's key is taken to cover the extensions it contains, and a missing key in the app is reported at the extension's use. Whether an extension's own key is enough when the app's is missing is not documented either, so an extension that sets the key itself (or whose Info.plist cannot be read or is not in the scan) is not judged; setting it in both places is the safe choice. The code an extension links is judged with it. An extension that no app of the scan embeds belongs to an app that is not known: it is not judged, and `--verbose` says so. An app's dependency on an App Clip or a watch app does not make their code the app's: they are apps of their own.",
                "Files that no manifest claims are matched to apps by folder: a Swift file is judged by the project files whose folder contains it (an Info.plist's or .xcconfig's folder — above a support folder such as `Resources/` or `Config/` — or the folder holding the .xcodeproj), so two apps scanned together are judged apart; a file under none of them is judged by all project files of the scan. Within that set, one file that sets the key is enough. A value that is a build-setting reference (`$(FACE_ID_REASON)`) counts as set; an empty string (or a non-string value) counts as missing, and the message names the files where it is empty.",
                "`.xcconfig` files are read line by line (`KEY = value`, also conditional `KEY[sdk=…] = value`); `//` starts a comment as in Xcode; `#include` is not followed, since included files under the scanned folders are read anyway.",
                "An iOS app described by `Package.swift` alone (an executable target with its own Info.plist in its folder, no Xcode project) is judged like an Xcode application target: the Face ID uses of its code and of the modules it links, against that Info.plist. An executable target without an Info.plist in its folder is a tool, not an app, and is not judged. An app product of the manifest (`.iOSApplication(name:targets:…)`, as Swift Playgrounds and Xcode's app playgrounds write it) has no Info.plist file: Xcode makes it from the product's arguments, and the purpose of `capabilities: [.faceID(purposeString:)]` becomes the key; the Face ID uses of its targets' code and of the modules they link are judged against that capability.",
                "An Info.plist that cannot be read (encrypted in the repository, run through the C preprocessor with `INFOPLIST_PREPROCESS`, not a property list) may hold the key, so the app is not judged: `--verbose` names the file and why it could not be read. Another project file that cannot be read (an Xcode project without `objects`, an `.xcconfig` that is not UTF-8) is reported as a skipped file with the reason (never a crash); if the rule still reports, the message names the unreadable files and the confidence is low, since the key may be in them.",
                "Confidence is high when the flags or policy are written at the call, medium when they were resolved through other code.",
                "No standards tags or other tools' ids are claimed: it is a correctness rule (a crash, or Face ID silently not used).",
            ],
            references: [
                "Apple: NSFaceIDUsageDescription — https://developer.apple.com/documentation/bundleresources/information-property-list/nsfaceidusagedescription",
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "Apple: LAPolicy — https://developer.apple.com/documentation/localauthentication/lapolicy",
                "Apple: App Extension Programming Guide, Understand How an App Extension Works — https://developer.apple.com/library/archive/documentation/General/Conceptual/ExtensibilityPG/ExtensionOverview.html",
            ]),
        remediation:
            "Add NSFaceIDUsageDescription to the app's Info.plist (or the INFOPLIST_KEY_NSFaceIDUsageDescription build setting) with a sentence explaining why the app uses Face ID.",
        examples: examples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
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
            "A constant a library's own option type offers through a public method or property that no code of the scan passes or sets is not a use: an app of the scan would have to choose it (the weak-flag rules still report the option the library offers).",
            "A library (no app Info.plist or Xcode application target in the scan, such as a React Native module's `ios/` folder) is not judged: its host app provides the key; `--verbose` says so at the first use.",
            "Objective-C sources of a framework, static library or app extension target are judged like Swift ones: through every application target that links or embeds it, against that app's Info.plist; with no such app in the scan, not at all (`--verbose` says so).",
        ],
        examples: objectiveCExamples)
}

extension ProjectFileInput.Kind {
    var projectFileKind: ProjectFiles.Kind {
        switch self {
        case .infoPlist: .infoPlist
        case .pbxproj: .pbxproj
        case .xcconfig: .xcconfig
        }
    }
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension MissingFaceIDUsageDescriptionRule {
    static func infoPlist(_ entries: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.vault</string>
            <key>CFBundlePackageType</key>
            <string>APPL</string>\(entries.isEmpty ? "" : "\n    " + entries)
        </dict>
        </plist>
        """
    }

    static func project(_ settings: String = "") -> String {
        """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 56;
            objects = {
                8A0000000000000000000001 /* Vault */ = {
                    isa = PBXNativeTarget;
                    name = Vault;
                    productType = "com.apple.product-type.application";
                };
                8A0000000000000000000002 /* Debug */ = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        GENERATE_INFOPLIST_FILE = YES;\(settings.isEmpty ? "" : "\n                " + settings)
                    };
                    name = Debug;
                };
            };
            rootObject = 8A0000000000000000000000;
        }
        """
    }

    /// One native target of `xcodeProject(_:)`.
    struct ExampleTarget {
        var name: String
        var productType = "application"
        var sources: [String]
        var settings: [String: String] = [:]
        var dependencies: [String] = []
        /// Targets whose product its "Link Binary With Libraries" phase names.
        var links: [String] = []
        /// Targets whose product a copy phase embeds: frameworks into Frameworks, app extensions
        /// into PlugIns.
        var embeds: [String] = []
        /// Products of the local Swift package in the folder given (relative to the project).
        var packageProducts: [(name: String, package: String)] = []
    }

    /// A small but complete project.pbxproj: each target lists its sources (paths relative to the
    /// project folder), has one Release configuration with `settings`, depends on the targets
    /// named in `dependencies`, links and embeds the products of those named in `links` and
    /// `embeds`, and uses the local package products of `packageProducts`.
    static func xcodeProject(_ targets: [ExampleTarget]) -> String {
        var objects: [String] = []
        var targetIDs: [String: String] = [:]
        var productTypes: [String: String] = [:]
        for (number, target) in targets.enumerated() {
            targetIDs[target.name] = "T\(number)"
            productTypes[target.name] = target.productType
            let suffix = target.productType.hasPrefix("app-extension") ? "appex" : target.productType == "application" ? "app" : "framework"
            objects.append("R\(number) = {isa = PBXFileReference; path = \"\(target.name).\(suffix)\"; sourceTree = BUILT_PRODUCTS_DIR; };")
        }
        for (number, target) in targets.enumerated() {
            var buildFiles: [String] = []
            for (fileNumber, path) in target.sources.enumerated() {
                objects.append("F\(number)_\(fileNumber) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = SOURCE_ROOT; };")
                objects.append("B\(number)_\(fileNumber) = {isa = PBXBuildFile; fileRef = F\(number)_\(fileNumber); };")
                buildFiles.append("B\(number)_\(fileNumber)")
            }
            let settings = target.settings.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";" }.joined(separator: " ")
            let dependencies = target.dependencies.map { "D\(number)_\($0)" }
            for dependency in target.dependencies {
                objects.append("D\(number)_\(dependency) = {isa = PBXTargetDependency; target = \(targetIDs[dependency]!); };")
            }
            var phases = ["P\(number)"]
            var linkFiles: [String] = []
            for linked in target.links {
                objects.append("K\(number)_\(linked) = {isa = PBXBuildFile; fileRef = R\(targetIDs[linked]!.dropFirst()); };")
                linkFiles.append("K\(number)_\(linked)")
            }
            for (productNumber, product) in target.packageProducts.enumerated() {
                objects += [
                    "Q\(number)_\(productNumber) = {isa = XCLocalSwiftPackageReference; relativePath = \"\(product.package)\"; };",
                    "S\(number)_\(productNumber) = {isa = XCSwiftPackageProductDependency; package = Q\(number)_\(productNumber); productName = \"\(product.name)\"; };",
                    "U\(number)_\(productNumber) = {isa = PBXBuildFile; productRef = S\(number)_\(productNumber); };",
                ]
                linkFiles.append("U\(number)_\(productNumber)")
            }
            if !linkFiles.isEmpty {
                objects.append("W\(number) = {isa = PBXFrameworksBuildPhase; files = (\(linkFiles.joined(separator: ", "))); };")
                phases.append("W\(number)")
            }
            for (spec, folder) in [("10", false), ("13", true)] {
                let embedded = target.embeds.filter { productTypes[$0]!.hasPrefix("app-extension") == folder }
                guard !embedded.isEmpty else { continue }
                for name in embedded {
                    objects.append("E\(number)_\(name) = {isa = PBXBuildFile; fileRef = R\(targetIDs[name]!.dropFirst()); };")
                }
                objects.append("M\(number)_\(spec) = {isa = PBXCopyFilesBuildPhase; dstPath = \"\"; dstSubfolderSpec = \(spec); files = (\(embedded.map { "E\(number)_\($0)" }.joined(separator: ", "))); };")
                phases.append("M\(number)_\(spec)")
            }
            let packageDependencies = target.packageProducts.indices.map { "S\(number)_\($0)" }
            objects += [
                "P\(number) = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined(separator: ", "))); };",
                "C\(number) = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Release; };",
                "L\(number) = {isa = XCConfigurationList; buildConfigurations = (C\(number)); };",
                "T\(number) = {isa = PBXNativeTarget; buildConfigurationList = L\(number); buildPhases = (\(phases.joined(separator: ", "))); dependencies = (\(dependencies.joined(separator: ", "))); name = \"\(target.name)\";"
                    + (packageDependencies.isEmpty ? "" : " packageProductDependencies = (\(packageDependencies.joined(separator: ", ")));")
                    + " productReference = R\(number); productType = \"com.apple.product-type.\(target.productType)\"; };",
            ]
        }
        objects += [
            "G = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };",
            "R = {isa = PBXProject; mainGroup = G; targets = (\(targets.indices.map { "T\($0)" }.joined(separator: ", "))); };",
        ]
        return "// !$*UTF8*$!\n{\n    archiveVersion = 1;\n    objectVersion = 56;\n    objects = {\n"
            + objects.map { "        " + $0 }.joined(separator: "\n") + "\n    };\n    rootObject = R;\n}\n"
    }

    static let crashes = "NSFaceIDUsageDescription is not set (checked Info.plist), but `.biometryCurrentSet` requires Face ID: the app crashes when it reads the item"

    static let examples: [RuleExample] = [
        .triggering(
            "Two apps scanned together are judged apart: the one without the key is reported",
            files: [
                "Wallet/Info.plist": infoPlist("<key>NSFaceIDUsageDescription</key>\n    <string>Unlock your cards</string>"),
                "Wallet/Cards.swift": """
                    let cards = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
                "Vault/Info.plist": infoPlist(),
                "Vault/Secrets.swift": """
                    let secrets = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.biometryCurrentSet, nil)
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set (checked Vault/Info.plist), but `.biometryCurrentSet` requires Face ID: the app crashes when it reads the item"
            ]),
        .triggering(
            ".biometryCurrentSet in an app whose Info.plist has no NSFaceIDUsageDescription",
            files: [
                "Info.plist": infoPlist(),
                "Vault.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                 ↓.biometryCurrentSet, nil)
                    """,
            ],
            messages: [crashes]),
        .triggering(
            "Reported once, at the first use by file name; an empty string counts as missing",
            files: [
                "Info.plist": infoPlist("<key>NSFaceIDUsageDescription</key>\n    <string></string>"),
                "B.swift": """
                    let later = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .privateKeyUsage], nil)
                    """,
                "A.swift": """
                    func unlock(context: LAContext) {
                        context.evaluatePolicy(↓.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock the vault") { success, _ in
                            print(success)
                        }
                    }
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set (checked Info.plist; empty in Info.plist), but `evaluatePolicy` with `.deviceOwnerAuthenticationWithBiometrics` requires Face ID: the app crashes when it asks for Face ID; 1 other place uses Face ID too"
            ]),
        .triggering(
            "Only .deviceOwnerAuthentication: medium, the passcode fallback; the project file is named",
            files: [
                "Vault.xcodeproj/project.pbxproj": project("SWIFT_VERSION = 5.0;"),
                "Login.swift": """
                    func signIn(context: LAContext) async throws -> Bool {
                        try await context.evaluatePolicy(↓.deviceOwnerAuthentication, localizedReason: "Sign in")
                    }
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set (checked Vault.xcodeproj/project.pbxproj), so `evaluatePolicy` with `.deviceOwnerAuthentication` never offers Face ID and silently falls back to the device passcode"
            ]),
        .triggering(
            "A crash-causing use is reported rather than an earlier fallback use; flags resolved from another file",
            files: [
                "Info.plist": infoPlist(),
                "Config/Base.xcconfig": """
                    // Face ID text is set per app
                    INFOPLIST_KEY_NSFaceIDUsageDescription = // TODO
                    """,
                "A.swift": """
                    func pin(context: LAContext) {
                        context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm") { _, _ in }
                    }
                    """,
                "B.swift": """
                    enum Protection {
                        static let flags: SecAccessControlCreateFlags = [.biometryCurrentSet, .privateKeyUsage]
                    }
                    """,
                "C.swift": """
                    let key = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓Protection.flags, nil)
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set (checked Config/Base.xcconfig and Info.plist; empty in Config/Base.xcconfig), but `[.biometryCurrentSet, .privateKeyUsage]` requires Face ID: the app crashes when it reads the item (via `Protection.flags` (B.swift:2)); 1 other place uses Face ID too"
            ]),
        .triggering(
            "A branch that may choose .biometryCurrentSet; the pbxproj sets the key to an empty string",
            files: [
                "App.xcodeproj/project.pbxproj": project("INFOPLIST_KEY_NSFaceIDUsageDescription = \"\";"),
                "Store.swift": """
                    func accessControl(biometricOnly: Bool) -> SecAccessControl? {
                        var flags: SecAccessControlCreateFlags = .devicePasscode
                        if biometricOnly {
                            flags = .biometryCurrentSet
                        }
                        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
                    }
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set (checked App.xcodeproj/project.pbxproj; empty in App.xcodeproj/project.pbxproj), but `.biometryCurrentSet` requires Face ID: the app crashes when it reads the item (via `flags` (line 2) → if `biometricOnly` (line 3) → assigned (line 4))"
            ],
            alsoTriggers: ["swift.passcode_fallback_acl"]),
        .triggering(
            "Judged per application target: the app without the key is named, with the plist and setting checked",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    ExampleTarget(name: "Vault", sources: ["Vault/Unlock.swift"], settings: ["INFOPLIST_FILE": "Vault/Info.plist", "SDKROOT": "iphoneos"]),
                    ExampleTarget(name: "Wallet", sources: ["Wallet/Cards.swift"], settings: ["INFOPLIST_FILE": "Wallet/Info.plist", "SDKROOT": "iphoneos"]),
                ]),
                "Vault/Info.plist": infoPlist("<key>NSFaceIDUsageDescription</key>\n    <string>Unlock your vault</string>"),
                "Wallet/Info.plist": infoPlist(),
                "Vault/Unlock.swift": """
                    let vault = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
                "Wallet/Cards.swift": """
                    let cards = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.biometryCurrentSet, nil)
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set for app target Wallet (checked Wallet/Info.plist and the INFOPLIST_KEY_NSFaceIDUsageDescription build setting in Vault.xcodeproj/project.pbxproj), but `.biometryCurrentSet` requires Face ID: the app crashes when it reads the item"
            ]),
        .triggering(
            "A framework is judged through the app that links and embeds it, which lacks the key; the app that sets it is not reported",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    ExampleTarget(name: "Vault", sources: ["App/VaultApp.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES"], links: ["VaultKit"], embeds: ["VaultKit"]),
                    ExampleTarget(name: "Wallet", sources: ["Wallet/WalletApp.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSFaceIDUsageDescription": "Unlock your cards"], links: ["VaultKit"]),
                    ExampleTarget(name: "VaultKit", productType: "framework", sources: ["Kit/Store.swift"]),
                ]),
                "App/VaultApp.swift": "struct VaultApp {}",
                "Wallet/WalletApp.swift": "struct WalletApp {}",
                "Kit/Store.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.biometryCurrentSet, nil)
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set for app target Vault, which links VaultKit (checked the INFOPLIST_KEY_NSFaceIDUsageDescription build setting in Vault.xcodeproj/project.pbxproj), but `.biometryCurrentSet` requires Face ID: the app crashes when it reads the item"
            ]),
        .triggering(
            "A framework the app only embeds reaches it through the framework that embeds it in turn",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    ExampleTarget(name: "Vault", sources: ["App/VaultApp.swift"], settings: ["INFOPLIST_FILE": "App/Info.plist"], embeds: ["VaultUI"]),
                    ExampleTarget(name: "VaultUI", productType: "framework", sources: ["UI/LockScreen.swift"], links: ["VaultKit"]),
                    ExampleTarget(name: "VaultKit", productType: "framework", sources: ["Kit/Unlock.swift"]),
                ]),
                "App/Info.plist": infoPlist(),
                "App/VaultApp.swift": "struct VaultApp {}",
                "UI/LockScreen.swift": "struct LockScreen {}",
                "Kit/Unlock.swift": """
                    func unlock(context: LAContext) async throws -> Bool {
                        try await context.evaluatePolicy(↓.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                    }
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set for app target Vault, which links VaultUI → VaultKit (checked App/Info.plist and the INFOPLIST_KEY_NSFaceIDUsageDescription build setting in Vault.xcodeproj/project.pbxproj), but `evaluatePolicy` with `.deviceOwnerAuthenticationWithBiometrics` requires Face ID: the app crashes when it asks for Face ID"
            ]),
        .triggering(
            "An app extension is judged through the app that embeds it, which lacks the key",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    ExampleTarget(name: "Vault", sources: ["App/VaultApp.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES"], embeds: ["Share"]),
                    ExampleTarget(name: "Share", productType: "app-extension", sources: ["Share/ShareViewController.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES"]),
                ]),
                "App/VaultApp.swift": "struct VaultApp {}",
                "Share/ShareViewController.swift": """
                    func share(context: LAContext) {
                        context.evaluatePolicy(↓.deviceOwnerAuthentication, localizedReason: "Share a password") { _, _ in }
                    }
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set for app target Vault, which embeds Share (checked the INFOPLIST_KEY_NSFaceIDUsageDescription build setting in Vault.xcodeproj/project.pbxproj), so `evaluatePolicy` with `.deviceOwnerAuthentication` never offers Face ID and silently falls back to the device passcode"
            ]),
        .nonTriggering(
            "Extensions: one whose app sets the key, one that sets the key itself, one that no app of the scan embeds",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    ExampleTarget(name: "Vault", sources: ["App/VaultApp.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSFaceIDUsageDescription": "Unlock your vault"], dependencies: ["Share"], embeds: ["Share"]),
                    ExampleTarget(name: "Share", productType: "app-extension", sources: ["Share/Share.swift"], settings: ["INFOPLIST_FILE": "Share/Info.plist"]),
                    ExampleTarget(name: "Wallet", sources: ["Wallet/WalletApp.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES"], embeds: ["AutoFill"]),
                    ExampleTarget(name: "AutoFill", productType: "app-extension", sources: ["AutoFill/Credentials.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSFaceIDUsageDescription": "Fill in your passwords"]),
                    ExampleTarget(name: "Widget", productType: "app-extension", sources: ["Widget/Widget.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES"]),
                ]),
                "Share/Info.plist": infoPlist(),
                "App/VaultApp.swift": "struct VaultApp {}",
                "Wallet/WalletApp.swift": "struct WalletApp {}",
                "Share/Share.swift": """
                    let shared = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
                "AutoFill/Credentials.swift": """
                    func fill(context: LAContext) async throws -> Bool {
                        try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Fill in a password")
                    }
                    """,
                "Widget/Widget.swift": """
                    let widget = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
            ]),
        .triggering(
            "An app described by its package manifest alone (`.iOSApplication`, no Info.plist file): its Face ID use is judged against the product's capabilities",
            files: [
                "Package.swift": """
                    // swift-tools-version: 5.9
                    import PackageDescription
                    import AppleProductTypes

                    let package = Package(
                        name: "PocketVault",
                        platforms: [.iOS("17.0")],
                        products: [
                            .iOSApplication(
                                name: "PocketVault",
                                targets: ["AppModule"],
                                bundleIdentifier: "com.example.pocketvault",
                                supportedDeviceFamilies: [.phone],
                                supportedInterfaceOrientations: [.portrait],
                                capabilities: [.camera(purposeString: "Scan a card")]
                            ),
                        ],
                        targets: [
                            .executableTarget(name: "AppModule", path: "App"),
                            .target(name: "Unlock", path: "Unlock"),
                        ]
                    )
                    """,
                "App/LockScreen.swift": """
                    import LocalAuthentication
                    func unlock() async throws -> Bool {
                        try await LAContext().evaluatePolicy(↓.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock the vault")
                    }
                    """,
                "Unlock/Other.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set for app target PocketVault (checked Package.swift), but `evaluatePolicy` with `.deviceOwnerAuthenticationWithBiometrics` requires Face ID: the app crashes when it asks for Face ID"
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The same app whose product declares the Face ID capability with its purpose",
            files: [
                "Package.swift": """
                    // swift-tools-version: 5.9
                    import PackageDescription
                    import AppleProductTypes

                    let package = Package(
                        name: "PocketVault",
                        platforms: [.iOS("17.0")],
                        products: [
                            .iOSApplication(
                                name: "PocketVault",
                                targets: ["AppModule"],
                                bundleIdentifier: "com.example.pocketvault",
                                supportedDeviceFamilies: [.phone],
                                supportedInterfaceOrientations: [.portrait],
                                capabilities: [.faceID(purposeString: "Unlock your vault")]
                            ),
                        ],
                        targets: [
                            .executableTarget(name: "AppModule", path: "App"),
                            .target(name: "Unlock", path: "Unlock"),
                        ]
                    )
                    """,
                "App/LockScreen.swift": """
                    import LocalAuthentication
                    func unlock() async throws -> Bool {
                        try await LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock the vault")
                    }
                    """,
            ],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "A local Swift package's product that an Xcode app uses is judged through that app",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    ExampleTarget(name: "Vault", sources: ["App/VaultApp.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES"], packageProducts: [("VaultCore", "Packages/Core")]),
                ]),
                "App/VaultApp.swift": "import VaultCore",
                "Packages/Core/Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(
                        name: "Core", platforms: [.iOS(.v16)],
                        products: [.library(name: "VaultCore", targets: ["VaultCore"])],
                        targets: [.target(name: "VaultCore", dependencies: ["Keys"]), .target(name: "Keys")])
                    """,
                "Packages/Core/Sources/VaultCore/Vault.swift": "import Keys",
                "Packages/Core/Sources/Keys/Access.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.biometryCurrentSet, nil)
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set for app target Vault, which links VaultCore → Keys (checked the INFOPLIST_KEY_NSFaceIDUsageDescription build setting in Vault.xcodeproj/project.pbxproj), but `.biometryCurrentSet` requires Face ID: the app crashes when it reads the item"
            ]),
        .nonTriggering(
            "Every app that links the framework sets the key, also the app whose extension links it; a framework only a test bundle links is not judged",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    ExampleTarget(name: "Vault", sources: ["App/VaultApp.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSFaceIDUsageDescription": "Unlock your vault"], links: ["VaultKit"], embeds: ["VaultKit", "Share", "Widget"]),
                    ExampleTarget(name: "Widget", productType: "app-extension", sources: ["Widget/Widget.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES"], links: ["VaultKit"]),
                    ExampleTarget(name: "Wallet", sources: ["Wallet/WalletApp.swift"], settings: ["INFOPLIST_FILE": "Wallet/Info.plist"], links: ["VaultKit"], embeds: ["VaultKit"]),
                    ExampleTarget(name: "Share", productType: "app-extension", sources: ["Share/Share.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES"], links: ["VaultKit"]),
                    ExampleTarget(name: "VaultKit", productType: "framework", sources: ["Kit/Store.swift"]),
                    ExampleTarget(name: "Fixtures", productType: "framework", sources: ["Fixtures/Keys.swift"]),
                    ExampleTarget(name: "VaultKitTests", productType: "bundle.unit-test", sources: ["Checks/StoreChecks.swift"], links: ["Fixtures"]),
                ]),
                "Wallet/Info.plist": infoPlist("<key>NSFaceIDUsageDescription</key>\n    <string>Unlock your cards</string>"),
                "App/VaultApp.swift": "struct VaultApp {}",
                "Wallet/WalletApp.swift": "struct WalletApp {}",
                "Share/Share.swift": "struct Share {}",
                "Widget/Widget.swift": "struct Widget {}",
                "Kit/Store.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
                "Fixtures/Keys.swift": """
                    let fixture = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
                "Checks/StoreChecks.swift": "struct StoreChecks {}",
            ]),
        .nonTriggering(
            "The app target sets the key as a build setting; a macOS-only app (Touch ID needs no key) and a framework no app links are not judged",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    ExampleTarget(name: "Vault", sources: ["Vault/Unlock.swift"], settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSFaceIDUsageDescription": "Unlock your vault"]),
                    ExampleTarget(name: "MacVault", sources: ["Mac/Unlock.swift"], settings: ["INFOPLIST_FILE": "Mac/Info.plist", "SDKROOT": "macosx"]),
                    ExampleTarget(name: "Agent", productType: "framework", sources: ["Agent/Keys.swift"]),
                ]),
                "Mac/Info.plist": infoPlist(),
                "Vault/Unlock.swift": """
                    let vault = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
                "Mac/Unlock.swift": """
                    let mac = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
                "Agent/Keys.swift": """
                    let agent = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
            ]),
        .nonTriggering(
            "The Info.plist sets NSFaceIDUsageDescription",
            files: [
                "Info.plist": infoPlist("<key>NSFaceIDUsageDescription</key>\n    <string>Unlock your vault with Face ID</string>"),
                "Vault.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
            ]),
        .nonTriggering(
            "A generated Info.plist: the key is the INFOPLIST_KEY_ build setting in project.pbxproj",
            files: [
                "Info.plist": infoPlist(),
                "Vault.xcodeproj/project.pbxproj": project("INFOPLIST_KEY_NSFaceIDUsageDescription = \"Unlock your vault with Face ID\";"),
                "Vault.swift": """
                    func unlock(context: LAContext) {
                        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, _ in }
                    }
                    """,
            ]),
        .nonTriggering(
            "The build setting in an .xcconfig file",
            files: [
                "App.xcodeproj/project.pbxproj": project(),
                "Config/App.xcconfig": """
                    #include "Shared.xcconfig"
                    INFOPLIST_KEY_NSFaceIDUsageDescription = Unlock your vault with Face ID // shown once
                    """,
                "Vault.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
            ]),
        .nonTriggering(
            "A library: no Info.plist or Xcode project in the scan, the host app provides the key",
            """
            public func makeAccessControl() -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
            }
            """),
        .nonTriggering(
            "No Face ID use in an app: canEvaluatePolicy only checks availability; passcode-only flags",
            files: [
                "Info.plist": infoPlist(),
                "Availability.swift": """
                    func biometryAvailable() -> Bool {
                        LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
                    }
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.devicePasscode], nil)
                    """,
            ],
            alsoTriggers: ["swift.passcode_fallback_acl"]),
        .nonTriggering(
            "Only a framework's Info.plist (CFBundlePackageType FMWK): a library",
            files: [
                "Sources/Info.plist": """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>CFBundlePackageType</key>
                        <string>FMWK</string>
                    </dict>
                    </plist>
                    """,
                "Vault.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    """,
            ]),
        .nonTriggering(
            "Policy and flags the resolver cannot know stay silent (precision first)",
            files: [
                "Info.plist": infoPlist(),
                "Vault.swift": """
                    func unlock(context: LAContext, policy: LAPolicy, flags: SecAccessControlCreateFlags) {
                        context.evaluatePolicy(policy, localizedReason: "Unlock") { _, _ in }
                        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
                    }
                    """,
            ]),
    ]
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension MissingFaceIDUsageDescriptionRule {
    static let objectiveCExamples: [RuleExample] = [
        .nonTriggering(
            "An app beside a library whose public setter offers a biometric constant of its own option type, which no code of the scan passes: the app does not use Face ID through it",
            files: [
                "Info.plist": infoPlist(""),
                "VaultStore.h": """
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) {
                        VaultPolicyNone = 0,
                        VaultPolicyBiometryAny = 1 << 1,
                    };
                    @interface VaultStore : NSObject
                    - (void)setPolicy:(VaultPolicy)policy;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore {
                        VaultPolicy _policy;
                    }
                    - (void)setPolicy:(VaultPolicy)policy { _policy = policy; }
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, (SecAccessControlCreateFlags)_policy, NULL);
                    }
                    @end
                    """,
            ],
            alsoTriggers: ["objc.weak_biometric_acl"]),
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
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
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
            "Objective-C sources of a framework are judged through the app that links it, which lacks the key",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    .init(name: "Vault", sources: ["App/AppDelegate.m"], settings: ["INFOPLIST_FILE": "App/Info.plist"], links: ["VaultKit"], embeds: ["VaultKit"]),
                    .init(name: "VaultKit", productType: "framework", sources: ["Kit/VKKeyStore.m"]),
                ]),
                "App/Info.plist": infoPlist(),
                "App/AppDelegate.m": "@implementation AppDelegate\n@end",
                "Kit/VKKeyStore.m": """
                    @implementation VKKeyStore
                    - (SecAccessControlRef)accessControl {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                               ↓kSecAccessControlBiometryCurrentSet, NULL);
                    }
                    @end
                    """,
            ],
            messages: [
                "NSFaceIDUsageDescription is not set for app target Vault, which links VaultKit (checked App/Info.plist and the INFOPLIST_KEY_NSFaceIDUsageDescription build setting in Vault.xcodeproj/project.pbxproj), but `kSecAccessControlBiometryCurrentSet` requires Face ID: the app crashes when it reads the item"
            ]),
        .nonTriggering(
            "Objective-C sources of a framework: the app that links it sets the key, and a framework no app links is a library",
            files: [
                "Vault.xcodeproj/project.pbxproj": xcodeProject([
                    .init(name: "Vault", sources: ["App/AppDelegate.m"], settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSFaceIDUsageDescription": "Unlock your vault"], links: ["VaultKit"]),
                    .init(name: "VaultKit", productType: "framework", sources: ["Kit/VKKeyStore.m"]),
                    .init(name: "VaultAgent", productType: "framework", sources: ["Agent/VKAgent.m"]),
                ]),
                "App/AppDelegate.m": "@implementation AppDelegate\n@end",
                "Kit/VKKeyStore.m": """
                    SecAccessControlRef VKAccess(void) {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, NULL);
                    }
                    """,
                "Agent/VKAgent.m": """
                    void VKUnlock(LAContext *context) {
                        [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock" reply:^(BOOL success, NSError *error) {}];
                    }
                    """,
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
