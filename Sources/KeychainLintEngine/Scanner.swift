import Foundation
import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintObjC
import KeychainLintCore
import KeychainLintRules
import SwiftSyntax

/// Runs the enabled rules over a set of files: read → text prefilter → parse once → one walk that
/// hands each rule the nodes it asked for → suppressions → severities from the configuration →
/// fingerprints → sorted result.
public final class Scanner {
    /// Files larger than this are reported as skipped rather than parsed.
    public static let maximumFileSize = 16 * 1024 * 1024
    /// Stack of the scan's worker threads; a caller that scans on its own thread with one job
    /// should give that thread as much (the command-line tool does).
    public static let threadStackSize = ParallelWork.stackSize

    public let configuration: Configuration
    let enabledRules: [any Rule.Type]
    /// Every rule the scanner knows, enabled or not (a nested configuration may enable one).
    let ruleTypes: [any Rule.Type]
    /// Whether `scan(paths:)` reads every `.keychain-lint.yml` from the current folder (the project
    /// root) down to each file's folder (see `ConfigurationTree`). `configuration` then holds the
    /// command line's settings, applied over every file's (`--include-tests`); without it,
    /// `configuration` is the one configuration of the scan (`--config`).
    public var readsNestedConfigurations = false
    /// The `--config` file, as the user spelled it, for `--verbose` to name (with nested
    /// configurations, the files read are named instead).
    public var configurationFile: String?
    /// Whether a scan lets go of its working data (index, resolver caches) when it returns. The
    /// command-line tool exits right after reporting, and releasing a large scan's millions of
    /// small objects one by one would only delay that exit (about half a second on the
    /// benchmark's corpus), so it turns this off and the system reclaims the memory at exit.
    nonisolated(unsafe) public static var releasesWorkingData = true
    private static let keptLock = NSLock()
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    /// Parsed syntax trees the scan holds at most (see `ProjectIndex.maximumParsedFiles`); fewer
    /// take less memory and more parsing. The findings do not depend on it.
    public var maximumParsedTrees = 128
    /// Source bytes of the held trees at most (`ProjectIndex.maximumParsedBytes`). On the
    /// benchmark corpus and the ecosystem repositories 1 MB parses no file more often than the
    /// count alone, and the corpus's peak memory is about 60 MB lower.
    public var maximumParsedTreeBytes = 1 << 20

    /// Validates the configuration against the known rules (unknown ids and options are errors).
    public init(configuration: Configuration, ruleTypes: [any Rule.Type] = RuleRegistry.all) throws {
        let descriptions = ruleTypes.map { $0.description }
        try configuration.validate(against: descriptions)
        self.configuration = configuration
        self.ruleTypes = ruleTypes
        self.enabledRules = ruleTypes.filter { configuration.isEnabled($0.description) }
        self.declaredModels = try Self.load(configuration.models)
    }

    /// Wrapper models the configuration declares (`models:`), loaded and checked.
    let declaredModels: [WrapperModel]

    /// Loads declared models; a mistake is a configuration error naming the file and the key.
    static func load(_ declared: [DeclaredWrapperModel]) throws -> [WrapperModel] {
        try declared.map { model in
            do {
                var loaded = try WrapperModelLoader.load(yaml: model.yaml, source: model.source, path: "models[\(model.index)]")
                loaded.isDeclaredInConfiguration = true
                return loaded
            } catch let error as WrapperModelError {
                throw ConfigurationError(error.description)
            }
        }
    }

    /// Scans files and folders on disk. Throws `DiscoveryError` for a path that does not exist.
    ///
    /// `project`, when given (the project root for a scan of given files), is discovered too: its
    /// files make up the project model and answer name lookups, but only the files of `paths` are
    /// analysed and reported on, so a pre-commit hook sees a constant declared in a file it did
    /// not pass without paying for the analysis of the whole project.
    public func scan(
        paths: [String], project: [String] = [], includeVendored: Bool,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil, cacheDirectory: String? = nil
    ) throws -> ScanResult {
        let clock = PhaseClock()
        var discovery = FileDiscovery(
            exclude: configuration.exclude, baseDirectory: configuration.baseDirectory,
            includeVendored: includeVendored)
        let configurations = readsNestedConfigurations
            ? ConfigurationTree(commandLine: configuration, rules: ruleTypes.map { $0.description }) : nil
        discovery.configurations = configurations
        // Folders that cannot be read, FIFOs and the like: reported, never the end of the scan.
        var discoveryNotes: [ScanDiagnostic] = []
        var discovered = try discovery.discover(paths, skipped: &discoveryNotes)
        var reported: Set<String>?
        if !project.isEmpty {
            // What discovery said about the given paths (a FIFO, an unreadable folder) is reported too.
            reported = Set(discovered.map(\.path) + discoveryNotes.map(\.file))
            var projectNotes: [ScanDiagnostic] = []
            let known = reported!
            configurations?.readsNewFolders = false
            let more = try discovery.discover(project, skipped: &projectNotes).filter { !known.contains($0.path) }
            discovered = (discovered + more).sorted { $0.path < $1.path }
        }
        let isReported: @Sendable (String) -> Bool = { [reported] path in reported?.contains(path) ?? true }
        clock.lap("discovery")

        let rules = makeRules(configurations)
        // Models declared in any configuration file of the scan describe a library for all of it.
        let wrapperModels = WrapperModelCatalog.builtIn + declaredModels
            + (try Self.load(configurations?.orderedLayers.flatMap(\.configuration.models) ?? []))
        let prefilter = Prefilter(rules: rules.map(\.type), models: wrapperModels)
        let swiftFiles = discovered.filter { ProjectFileInput.Kind(discovered: $0.kind) == nil }
        // One pass over each file, on every core: read it, gate it, summarise its identifiers
        // (and hash it for the cache); keep its text only when it will be analysed. Files not yet
        // in the page cache make the threads wait on the disk, so this pass uses more threads
        // than cores (up to 4 per core), which keeps more reads under way.
        let hashing = cacheDirectory != nil
        let cacheRoots = project.isEmpty ? paths : project
        // The cache file is read first: a file whose stamp it holds is not hashed again.
        let cacheContents = cacheDirectory.map { ResultCache.Contents(directory: $0, roots: cacheRoots) }
        let knownHashes = cacheContents?.knownHashes() ?? [:]
        let stampsBefore = Date().timeIntervalSince1970 - FileStamp.racyMargin
        let readThreads = threads > 1 ? min(4 * threads, 16) : 1
        let prepared = ParallelWork.map(
            count: swiftFiles.count, threads: readThreads, stackSize: ParallelWork.smallStackSize
        ) { position -> Result<PreparedFile, ReadProblem> in
            let path = swiftFiles[position].path
            let bytes = swiftFiles[position].pathBytes
            // Taken before the text is read: a write in between changes the stamp the next scan sees.
            let stamp = hashing ? FileStamp.of(path: path, bytes: bytes, changedBefore: stampsBefore) : ""
            return Self.read(path, bytes: bytes).map { text, note in
                let known = stamp.isEmpty ? nil : knownHashes[path].flatMap { $0.stamp == stamp ? $0.hash : nil }
                // A file whose name a string cannot spell cannot be read again later: keep its text.
                return PreparedFile(
                    path: path, text: text, note: note, prefilter: prefilter, hashing: hashing, keepAllTexts: bytes != nil,
                    analysed: isReported(path), stamp: stamp, knownHash: known)
            }
        }
        var sources: [PreparedFile] = []
        var projectFiles: [ProjectFileInput] = []
        var diagnostics = discoveryNotes
        var skipped = discoveryNotes.filter { $0.kind == .skippedFile }.count
        for (file, result) in zip(swiftFiles, prepared) {
            switch result {
            case .success(let source):
                sources.append(source)
                if let note = source.note { diagnostics.append(ScanDiagnostic(kind: .fileNote, file: file.path, message: note)) }
            case .failure(let problem):
                skipped += 1
                diagnostics.append(ScanDiagnostic(kind: .skippedFile, file: file.path, message: problem.message))
            }
        }
        for file in discovered {
            guard let kind = ProjectFileInput.Kind(discovered: file.kind) else { continue }
            // Regular files only, and no larger than a source file may be (see `read`).
            let read = file.pathBytes.map { RegularFile.read(pathBytes: $0, limit: Self.maximumFileSize) }
                ?? RegularFile.read(file.path, limit: Self.maximumFileSize)
            switch read {
            case .success(let bytes):
                projectFiles.append(ProjectFileInput(path: file.path, kind: kind, data: Data(bytes)))
            case .failure(let problem):
                skipped += 1
                diagnostics.append(ScanDiagnostic(kind: .skippedFile, file: file.path, message: Self.message(for: problem)))
            }
        }
        // Package manifests are read as data for the project model (their text is seldom kept:
        // the rules' prefilter does not let them through).
        var manifests: [ProjectModelBuilder.Manifest] = []
        for source in sources where ProjectModelBuilder.isPackageManifest(source.path) {
            if let text = source.text {
                manifests.append(ProjectModelBuilder.Manifest(path: source.path, text: text))
            } else if case .success(let (text, _)) = Self.read(source.path) {
                manifests.append(ProjectModelBuilder.Manifest(path: source.path, text: text))
            }
        }
        clock.lap("read")
        _ = consume prepared  // its summaries now live in `sources` only, which the scan hands on
        var result = scan(
            prepared: consume sources, rules: rules, prefilter: prefilter, projectFiles: projectFiles,
            manifests: manifests, clock: clock, threads: threads, progress: progress, cacheDirectory: cacheDirectory,
            cacheRoots: cacheRoots, configurations: configurations, cacheContents: cacheContents)
        result.diagnostics = (result.diagnostics + diagnostics).sorted(by: ScanDiagnostic.order)
        result.stats.filesDiscovered = discovered.count
        result.stats.filesSkipped += skipped
        if let reported {
            result.keepOnly(reported)
            result.stats.filesScanned = swiftFiles.filter { reported.contains($0.path) }.count
        }
        return result
    }

    /// The rules that run: with nested configurations, every rule enabled in the configuration of
    /// some folder (its findings are then kept only where it is enabled), with the options of the
    /// top folder (`RulePlan` gives other folders theirs).
    func makeRules(_ configurations: ConfigurationTree? = nil) -> [EnabledRule] {
        guard let configurations else {
            return enabledRules.map { type in
                EnabledRule(type: type, options: configuration.options(for: type.description))
            }
        }
        let effective = configurations.distinctEffective
        let top = configurations.effective(forFolder: "")
        return ruleTypes.filter { type in effective.contains { $0.isEnabled(type.description) } }.map { type in
            EnabledRule(type: type, options: top.options(for: type.description))
        }
    }

    /// Which instance of each rule analyses which file: one instance per distinct set of options
    /// among the files' effective configurations (a nested `.keychain-lint.yml` may set
    /// `weakBiometricFlags` for its folder).
    struct RulePlan {
        let rules: [EnabledRule]
        private var variants: [[EnabledRule]] = []
        private var variantOfFile: [Int] = []

        init(rules: [EnabledRule], configurations: ConfigurationTree?, paths: [String]) {
            self.rules = rules
            guard let configurations, configurations.layers.values.contains(where: { layer in
                layer.configuration.rules.values.contains { !$0.options.isEmpty }
            }) else { return }
            var instances: [String: EnabledRule] = [:]
            var variantIndex: [String: Int] = [:]
            var byFolder: [String: Int] = [:]
            for path in paths {
                let folder = ConfigurationTree.folder(of: DiscoveryPaths.displayPath(path))
                if let known = byFolder[folder] {
                    variantOfFile.append(known)
                    continue
                }
                let effective = configurations.effective(forFolder: folder)
                var variant: [EnabledRule] = []
                var signature: [String] = []
                for entry in rules {
                    let options = effective.options(for: entry.description)
                    let key = entry.description.id + " " + options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                    signature.append(key)
                    if let instance = instances[key] {
                        variant.append(instance)
                    } else {
                        let instance = EnabledRule(type: entry.type, options: options)
                        instances[key] = instance
                        variant.append(instance)
                    }
                }
                let joined = signature.joined(separator: "\n")
                let position: Int
                if let known = variantIndex[joined] {
                    position = known
                } else {
                    position = variants.count
                    variants.append(variant)
                    variantIndex[joined] = position
                }
                byFolder[folder] = position
                variantOfFile.append(position)
            }
        }

        func rules(forFile index: Int) -> [EnabledRule] {
            variantOfFile.isEmpty ? rules : variants[variantOfFile[index]]
        }
    }

    /// A Swift file of the scan after the one pass over its text.
    struct PreparedFile: Sendable {
        var path: String
        /// Kept only for files that will be analysed (or always, for in-memory sources).
        var text: String?
        var note: String?
        var lines: Int
        /// The rules' prefilter lets it through: it is parsed and analysed.
        var mayMatch: Bool
        var hasDirectives: Bool
        var identifiers: [ProjectIndex.IdentifierEntry]
        /// Which front end reads the file (`.m`, `.mm`, `.h`: Objective-C).
        var language: SourceLanguage
        /// Content hash for the result cache (empty when there is no cache).
        var hash: String
        /// The prefilter's words the file holds (identifier hashes), for `--stats`.
        var prefilterWords: [UInt64]
        /// The scan reports on it (false: a project file of a scan of given files, only indexed).
        /// What the result cache holds for such a file is kept for later scans, never counted.
        var reported: Bool
        /// Objective-C: the names the file may define at file scope (`ObjCScanConstants`), listed
        /// while its text is at hand.
        var objectiveCNames = ObjCScanConstants.FileNames()
        /// The module names of its `import` lines, for the module scope.
        var imports: [String]
        /// Its `FileStamp` (empty: none), kept by the result cache.
        var stamp = ""

        /// `analysed` false: a file of the project that is only indexed (a scan of given files).
        init(
            path: String, text: String, note: String?, prefilter: Prefilter, hashing: Bool, keepAllTexts: Bool,
            analysed: Bool = true, stamp: String = "", knownHash: String? = nil
        ) {
            self.path = path
            self.stamp = stamp
            self.note = note
            self.reported = analysed
            // One pass gives the identifiers, the prefilter's answer (its words are identifiers)
            // and the line count; a second, memchr-fast, looks for suppression directives.
            language = SourceLanguage(path: path) ?? .swift
            // Objective-C's block comments do not nest (`/* a /* b */` is one comment).
            let summary = ProjectIndex.identifierSummary(
                text, lookingFor: prefilter.searchedHashes, nestedBlockComments: language != .objectiveC)
            // The index answers Swift name lookups: only the languages whose front end feeds it
            // give it identifiers (an Objective-C file must never be a candidate: it would be
            // parsed as Swift).
            identifiers = FrontEnds.type(of: language).feedsNameIndex ? summary.entries : []
            // Lines of the files the scan reports on; indexed project files are not "scanned".
            lines = analysed ? summary.lines : 0
            hasDirectives = analysed && TextSearch.contains(text, prefilter.directiveNeedle)
            // Whether a weak word counts is decided once every file is read (`settlePrefilter`).
            mayMatch = analysed && (summary.wordsFound.contains(where: prefilter.wordHashes.contains)
                || (prefilter.wantsDirectives && hasDirectives))
            prefilterWords = summary.wordsFound
            hash = hashing ? knownHash ?? ResultCache.hash(text) : ""
            if language == .objectiveC { objectiveCNames = ObjCScanConstants.names(in: text) }
            imports = ModuleScope.imports(in: text).sorted()
            self.text = keepAllTexts || mayMatch || hasDirectives ? text : nil
        }
    }

    struct ReadProblem: Error {
        let message: String
    }

    /// Reads a source file; `bytes`, when given, is its path as bytes (a name that is not UTF-8).
    static func read(_ path: String, bytes: [UInt8]? = nil) -> Result<(String, String?), ReadProblem> {
        // One open, one fstat, reads straight into an array: this runs for every file of the scan,
        // and FileManager's attributes and Data's reads cost several times more. Only regular files
        // are read (a FIFO named `x.swift` would block the scan forever). The system's reason
        // (errno) is reported in the same words as other tools.
        let read = bytes.map { RegularFile.read(pathBytes: $0, limit: maximumFileSize) } ?? RegularFile.read(path, limit: maximumFileSize)
        switch read {
        case .failure(let problem):
            return .failure(ReadProblem(message: message(for: problem)))
        case .success(let bytes):
            let (text, replaced) = SourceText.decode(bytes[...])
            return .success((text, replaced ? "invalid UTF-8 bytes were replaced with U+FFFD before scanning" : nil))
        }
    }

    /// The reason a file is skipped: "cannot read file: Permission denied", "not a regular file
    /// (a FIFO)", "larger than 16 MB (… bytes)".
    static func message(for problem: RegularFile.Failure) -> String {
        if case .system(let code) = problem { return "cannot read file: \(String(cString: strerror(code)))" }
        return problem.description
    }

    /// What scanning one file produced.
    struct FileOutcome {
        var findings: [Finding] = []
        var gaps: [ResolutionGap] = []
        var notes: [ScanDiagnostic] = []
        var suppressed = 0
        /// The rule of each suppressed finding: a rule a nested configuration disables in the
        /// finding's folder does not count it (nil: not known, from an older cache).
        var suppressedRules: [String]? = []
        /// The suppressed findings themselves, for reports that list them as suppressed (SARIF).
        var suppressedFindings: [Finding] = []
        var lines = 0
        var parseSeconds = 0.0
        var ruleSeconds = 0.0
        /// Whether rules ran on the file (it passed the prefilter); only those are cached.
        var analysed = false
        var fromCache = false
        /// The Objective-C front end parsed the file (Swift parses are counted by the index).
        var parsedObjC = false
        /// Names this file's analysis looked up across files (the result cache's dependencies).
        var dependencies: [String] = []
        /// Scan-wide facts it used; their names are stored once per fact.
        var factDependencies: [String] = []
        /// Judgements its rules left for after the walk (`RuleFileContext.afterWalk`).
        var judgementsAfterWalk: [JudgementsAfterWalk] = []
        /// Its `CodeFingerprint`, kept by the result cache.
        var codeFingerprint: String?

        /// The bounds its questions met, said as the scan says the resolver's (`Scanner.limitNote`),
        /// kept with the outcome so that a re-scan replaying it from the cache says them too.
        mutating func addLimitNotes(_ gaps: Set<ResolutionGap>) {
            for gap in gaps.sorted(by: { ($0.file, $0.line, $0.column, $0.reason) < ($1.file, $1.line, $1.column, $1.reason) }) {
                let note = Scanner.limitNote(gap)
                if !notes.contains(note) { notes.append(note) }
            }
        }
    }

    /// One rule's judgements on one file left for after the walk.
    struct JudgementsAfterWalk: Sendable {
        var rule: RuleDescription
        var path: String
        var judgements: [@Sendable (RuleFileContext) -> Void]
        var directives: [SuppressionDirective]
    }

    /// Runs the judgements left for after the walk into their files' outcomes, on every core
    /// (they ask the scan-wide facts, computed by the first that asks).
    static func judgeAfterWalk(_ outcomes: inout [FileOutcome], threads: Int, recordsDependencies: Bool) {
        let pending = outcomes.indices.filter { !outcomes[$0].judgementsAfterWalk.isEmpty }
        guard !pending.isEmpty else { return }
        let work = pending.map { outcomes[$0].judgementsAfterWalk }
        let judged = ParallelWork.map(count: pending.count, threads: threads) { position -> (FileOutcome, Dependencies.Recorded) in
            let start = Date()
            let judge = { () -> FileOutcome in
                var outcome = FileOutcome()
                for entry in work[position] {
                    let context = RuleFileContext(rule: entry.rule, path: entry.path)
                    for judgement in entry.judgements { judgement(context) }
                    outcome.collect(context.findings, gaps: context.gaps, notes: context.notes, suppressedBy: entry.directives)
                }
                return outcome
            }
            var (outcome, recorded) = Dependencies.record(judge)
            outcome.ruleSeconds = Date().timeIntervalSince(start)
            return (outcome, recorded)
        }
        for (position, (outcome, recorded)) in zip(pending, judged) {
            outcomes[position].findings += outcome.findings
            outcomes[position].gaps += outcome.gaps
            outcomes[position].notes += outcome.notes
            outcomes[position].suppressed += outcome.suppressed
            outcomes[position].suppressedRules? += outcome.suppressedRules ?? []
            outcomes[position].suppressedFindings += outcome.suppressedFindings
            outcomes[position].ruleSeconds += outcome.ruleSeconds
            outcomes[position].judgementsAfterWalk = []
            if recordsDependencies {
                outcomes[position].dependencies = Set(outcomes[position].dependencies).union(recorded.names).sorted()
                outcomes[position].factDependencies = Set(outcomes[position].factDependencies).union(recorded.facts).sorted()
                outcomes[position].addLimitNotes(recorded.limits)
            }
        }
    }

    /// Scans in-memory sources (used by the rule examples and tests). Files are processed on
    /// `threads` worker threads; the result does not depend on the thread count.
    public func scan(
        sources: [ProjectIndex.Input], projectFiles: [ProjectFileInput] = [], clock: PhaseClock = PhaseClock(),
        threads: Int = 1, progress: (@Sendable (Int, Int) -> Void)? = nil, cacheDirectory: String? = nil,
        cacheRoots: [String] = []
    ) -> ScanResult {
        let rules = makeRules()
        let wrapperModels = WrapperModelCatalog.builtIn + declaredModels
        let prefilter = Prefilter(rules: rules.map(\.type), models: wrapperModels)
        let hashing = cacheDirectory != nil
        // In-memory texts have no file to be read again from: all are kept.
        let prepared = ParallelWork.map(count: sources.count, threads: threads) { position in
            PreparedFile(
                path: sources[position].path, text: sources[position].text, note: nil, prefilter: prefilter, hashing: hashing,
                keepAllTexts: true)
        }
        let manifests = sources.filter { ProjectModelBuilder.isPackageManifest($0.path) }.map {
            ProjectModelBuilder.Manifest(path: $0.path, text: $0.text)
        }
        return scan(
            prepared: consume prepared, rules: rules, prefilter: prefilter, projectFiles: projectFiles,
            manifests: manifests, clock: clock, threads: threads, progress: progress, cacheDirectory: cacheDirectory,
            cacheRoots: cacheRoots)
    }

    func scan(
        prepared: consuming [PreparedFile], rules: [EnabledRule], prefilter: Prefilter, projectFiles: [ProjectFileInput],
        manifests: [ProjectModelBuilder.Manifest], clock: PhaseClock, threads: Int, progress: (@Sendable (Int, Int) -> Void)?, cacheDirectory: String?,
        cacheRoots: [String], configurations: ConfigurationTree? = nil, cacheContents: ResultCache.Contents? = nil
    ) -> ScanResult {
        Self.settlePrefilter(&prepared, prefilter)
        let plan = RulePlan(rules: rules, configurations: configurations, paths: prepared.map(\.path))
        let prefilterStats = prefilter.statistics(of: prepared)
        // The identifier summaries move to the index, which drops them once its text indexes are
        // built (tens of MB on a large scan): nothing here may keep a second reference to them.
        var inputs: [ProjectIndex.PreparedInput] = []
        inputs.reserveCapacity(prepared.count)
        // Whether a Swift file names an application password (identity attributes are then
        // followed) is read from the summaries on their way, as the text index would answer it:
        // a re-scan that replays every file never needs that index.
        let identityWords = ApplicationPasswordQueryMissingContextJudgement.applicationPasswordWords
        let identityWordKeys = identityWords.map(ProjectIndex.IdentifierEntry.key(of:))
        var heldIdentityWords = Set<String>()
        for position in prepared.indices {
            for entry in prepared[position].identifiers {
                let key = entry.key
                for (word, wordKey) in zip(identityWords, identityWordKeys) where wordKey == key { heldIdentityWords.insert(word) }
            }
        }
        for position in prepared.indices {
            let file = prepared[position]
            inputs.append(ProjectIndex.PreparedInput(path: file.path, text: file.text, identifiers: file.identifiers))
            prepared[position].identifiers = []
        }
        let sources = consume prepared
        let model = ProjectModelBuilder(
            swiftFiles: sources.map(\.path), roots: cacheRoots, packageManifests: manifests,
            xcodeProjects: projectFiles.filter { $0.kind == .pbxproj }.map {
                ProjectModelBuilder.XcodeProjectFile(path: $0.path, data: $0.data)
            }
        ).build()
        var projectFiles = projectFiles
        if !cacheRoots.isEmpty {
            projectFiles += Self.referencedProjectFiles(of: model, besides: projectFiles, roots: cacheRoots)
        }
        clock.lap("project model")
        let index = ProjectIndex(prepared: consume inputs)
        // Names resolve in a file's module and the modules it uses.
        let importNames = sources.map(\.imports)
        index.scope = ModuleScope(model: model, paths: sources.map(\.path)) { importNames[$0] }
        let resolver = ValueResolver(index: index)
        resolver.constructionArgumentsRead = WrapperModel.constructionArgumentsWithRoles(in: prefilter.models)
        let scanContext = ScanContext(
            index: index, resolver: resolver, projectFiles: projectFiles, projectModel: model, wrapperModels: prefilter.models)
        var objectiveCNames: [Int: ObjCScanConstants.FileNames] = [:]
        for position in sources.indices where sources[position].language == .objectiveC {
            objectiveCNames[position] = sources[position].objectiveCNames
        }
        scanContext.prepareObjectiveCConstants(names: objectiveCNames)
        index.parsedAnyway = Set(sources.indices.filter { sources[$0].mayMatch })
        index.threads = threads
        index.maximumParsedFiles = maximumParsedTrees
        index.maximumParsedBytes = maximumParsedTreeBytes
        // With no file to analyse nothing is resolved.
        let followsIdentity = index.parsedAnyway.isEmpty
            || ApplicationPasswordQueryMissingContextJudgement.identityMatters(isMentioned: heldIdentityWords.contains)
        if !followsIdentity {
            resolver.keysNotFollowed.formUnion(ApplicationPasswordQueryMissingContextJudgement.identityKeys.map(\.key))
        }
        clock.lap("index")
        let done = ProgressCounter(total: sources.count, report: progress)

        var cache: ResultCache?
        var hashes: [String] = []
        var reusable: [Int: FileOutcome] = [:]
        if let cacheDirectory {
            hashes = sources.map(\.hash)
            let key = ResultCache.key(
                configuration: configuration, ruleIds: rules.map(\.description.id), followsIdentity: followsIdentity,
                nested: configurations?.orderedLayers.map(\.configuration) ?? [],
                projectFiles: projectFiles.map { ResultCache.ProjectFileInputHash(path: $0.path, hash: ResultCache.hash(String(decoding: $0.data, as: UTF8.self))) }
                    + manifests.map { ResultCache.ProjectFileInputHash(path: $0.path, hash: ResultCache.hash($0.text)) })
            cache = ResultCache(
                contents: cacheContents ?? ResultCache.Contents(directory: cacheDirectory, roots: cacheRoots), key: key)
            // The words of each edited Objective-C file asked about, gathered once.
            var objectiveCWords: [Int: ObjectiveCMentions] = [:]
            reusable = cache!.reusableOutcomes(
                paths: sources.map(\.path), hashes: hashes, lines: sources.map(\.lines), text: { index.text(at: $0) },
                codeFingerprint: { FrontEnds.codeFingerprint(ofFile: $0, language: sources[$0].language, index: index) },
                mentionCode: { name, file in
                    if FrontEnds.type(of: sources[file].language).feedsNameIndex {
                        guard index.files(mentioning: name).contains(file) else { return nil }
                        return Self.declarationKinds(of: name, index: index)[file] ?? 0
                    }
                    let words = objectiveCWords[file] ?? ObjectiveCMentions(files: [file], threads: 1) { index.text(at: $0) }
                    objectiveCWords[file] = words
                    return words.files(mentioning: name).isEmpty ? nil : 0
                })
            clock.lap("cache")
        }

        // Every analysed file asks the index; build it now on every core rather than on the first
        // question, on one thread, while the others wait. Files replayed from the cache ask nothing.
        if !index.parsedAnyway.subtracting(reusable.keys).isEmpty {
            index.prepareTextIndexes()
            clock.lap("index")
        }
        let reused = reusable
        let recordsDependencies = cache != nil
        let objcFiles = sources.indices.filter { sources[$0].language == .objectiveC }
        let frontEnds = FrontEnds(types: plan.rules.map(\.type), models: scanContext.wrapperModels)
        var outcomes = ParallelWork.map(count: sources.count, threads: threads) { fileIndex -> FileOutcome in
            defer { done.increment() }
            // A file the prefilter now lets go (a companion word gone from another file) is not
            // analysed, so its stored outcome is not replayed either.
            if let cached = reused[fileIndex], sources[fileIndex].mayMatch || sources[fileIndex].hasDirectives { return cached }
            // Only the result cache reads the names a file's analysis looked up.
            guard recordsDependencies else {
                return Self.analyze(fileIndex, source: sources[fileIndex], scan: scanContext, rules: plan.rules(forFile: fileIndex), frontEnds: frontEnds)
            }
            let (outcome, recorded) = Dependencies.record {
                Self.analyze(fileIndex, source: sources[fileIndex], scan: scanContext, rules: plan.rules(forFile: fileIndex), frontEnds: frontEnds)
            }
            var result = outcome
            if result.analysed {
                result.dependencies = recorded.names.sorted()
                result.factDependencies = recorded.facts.sorted()
                result.addLimitNotes(recorded.limits)
                result.codeFingerprint = FrontEnds.codeFingerprint(ofFile: fileIndex, language: sources[fileIndex].language, index: index)
            }
            return result
        }
        Self.judgeAfterWalk(&outcomes, threads: threads, recordsDependencies: recordsDependencies)
        // Wall time of the analysis itself; prefilter/parse/rules below are summed over threads.
        clock.lap("analysis (wall)")
        var cacheNotes: [ScanDiagnostic] = []
        let objcMentions = ObjectiveCMentions(files: objcFiles, threads: threads) { index.text(at: $0) }
        if let cache {
            Self.attachLimitNotes(
                to: &outcomes, limited: index.limitedFileIndices, paths: sources.map(\.path),
                facts: scanContext.factDependencies.mapValues { $0.sorted() }
            ) { index.files(mentioning: $0) + objcMentions.files(mentioning: $0) }
            do {
                try cache.save(
                    paths: sources.map(\.path), hashes: hashes, stamps: sources.map(\.stamp), outcomes: outcomes,
                    facts: scanContext.factDependencies.mapValues { $0.sorted() }
                ) { name in
                    // The index holds no Objective-C identifiers (Swift lookups must never meet
                    // those files), so the Objective-C files mentioning a name are found by text:
                    // a deleted one then invalidates what read it (the Face ID plan, shared stores).
                    let kinds = Self.declarationKinds(of: name, index: index)
                    return index.files(mentioning: name).map { $0 << 4 | (kinds[$0] ?? 0) }
                        + objcMentions.files(mentioning: name).map { $0 << 4 }
                }
            } catch {
                cacheNotes.append(ScanDiagnostic(kind: .unresolved, file: cache.path, message: "could not write the result cache: \((error as NSError).localizedDescription)"))
            }
            if let note = cache.note {
                cacheNotes.append(ScanDiagnostic(kind: .unresolved, file: cache.path, message: note))
            }
            clock.lap("cache")
        }

        var findings: [Finding] = []
        var suppressedFindings: [Finding] = []
        var gaps: [ResolutionGap] = []
        var notes: [ScanDiagnostic] = []
        var stats = ScanStats()
        // The configuration of the folder a finding is in decides whether its rule is reported there
        // and with which severity (nested configurations; else the scan's one configuration).
        let effective: (String) -> Configuration = { [configuration] file in
            configurations?.effective(forFile: file) ?? configuration
        }
        for (position, outcome) in outcomes.enumerated() where sources[position].reported {
            findings.append(contentsOf: outcome.findings)
            gaps.append(contentsOf: outcome.gaps)
            notes.append(contentsOf: outcome.notes)
            if outcome.fromCache { stats.filesFromCache += 1 }
            suppressedFindings.append(contentsOf: outcome.suppressedFindings)
            if configurations != nil, let suppressedRules = outcome.suppressedRules {
                // A suppression in a folder whose configuration disables the rule hid nothing.
                let settings = effective(sources[position].path)
                stats.suppressedFindings += suppressedRules.filter { id in
                    rules.first { $0.description.id == id }.map { settings.isEnabled($0.description) } ?? true
                }.count
            } else {
                stats.suppressedFindings += outcome.suppressed
            }
            stats.linesScanned += outcome.lines
        }
        // Per-phase seconds are summed over threads (CPU-ish time), so they can exceed wall time.
        clock.add("parse", outcomes.reduce(0) { $0 + $1.parseSeconds })
        clock.add("rules", outcomes.reduce(0) { $0 + $1.ruleSeconds })

        findings = findings.compactMap { finding in
            var finding = finding
            // A range that ends before it starts is a rule's mistake, and an invalid SARIF region
            // that viewers reject with the whole report: keep such a range as empty, at its start.
            if finding.range.end < finding.range.start { finding.range.end = finding.range.start }
            for index in finding.relatedLocations.indices
            where finding.relatedLocations[index].range.end < finding.relatedLocations[index].range.start {
                finding.relatedLocations[index].range.end = finding.relatedLocations[index].range.start
            }
            if let rule = rules.first(where: { $0.description.id == finding.ruleId }) {
                let settings = effective(finding.range.file)
                if !settings.isEnabled(rule.description) { return nil }
                if settings.settings(for: rule.description)?.severity != nil {
                    finding.severity = settings.severity(for: rule.description)
                }
            }
            return finding
        }
        // Two calls can lead to the same helper's entry: report each place once.
        var seenFindings = Set<String>()
        findings = findings.sorted(by: Finding.reportingOrder).filter { finding in
            let start = finding.range.start
            return seenFindings.insert("\(finding.ruleId)|\(finding.range.file)|\(start.line)|\(start.column)|\(finding.message)").inserted
        }
        findings = Fingerprints.assign(findings).sorted(by: Finding.reportingOrder)
        // Suppressed findings, as the summary counts them: where their rule is enabled.
        suppressedFindings = Fingerprints.assign(suppressedFindings.filter { finding in
            guard let rule = rules.first(where: { $0.description.id == finding.ruleId }) else { return true }
            return effective(finding.range.file).isEnabled(rule.description)
        }).sorted(by: Finding.reportingOrder)
        // Test code is judged like any other (its findings are cached with the rest), then held
        // back: a report about fixtures is noise. `--verbose` lists them.
        var testFindingNotes: [ScanDiagnostic] = []
        if configurations != nil || !configuration.includeTests {
            let (hidden, shown) = findings.partitioned {
                model.isTestCode($0.range.file) && !effective($0.range.file).includeTests
            }
            findings = shown
            stats.testFindings = hidden.count
            testFindingNotes = hidden.map { finding in
                ScanDiagnostic(
                    kind: .testFinding, file: finding.range.file, position: finding.range.start,
                    message: "\(finding.message) [\(finding.ruleId)]")
            }
        }
        stats.modules = model.summaries
        stats.configurationFiles = configurations.map { tree in
            tree.orderedLayers.map { DiscoveryPaths.join($0.folder, Configuration.fileName) }
        } ?? configurationFile.map { [$0] } ?? []

        stats.filesDiscovered = sources.count + projectFiles.count
        stats.filesScanned = sources.count
        stats.filesPassingPrefilter = prefilterStats.passing
        stats.prefilterWords = prefilterStats.words
        let objcParses = outcomes.filter { $0.parsedObjC && !$0.fromCache }.count
        stats.filesParsed = index.parsedFileCount + objcParses
        stats.parses = index.totalParses + objcParses
        stats.phaseSeconds = clock.phases
        stats.durationSeconds = clock.total

        if !Self.releasesWorkingData {
            Self.keptLock.withLock { Self.kept.append(contentsOf: [index, resolver, scanContext] as [AnyObject]) }
        }

        var seenGaps = Set<ResolutionGap>()
        let diagnostics = gaps.filter { seenGaps.insert($0).inserted }.map { gap in
            ScanDiagnostic(
                kind: .unresolved, file: gap.file, position: SourcePosition(line: gap.line, column: gap.column),
                message: gap.reason)
        }
        // A bound meant for hostile code may hide a finding: said without --verbose too, once per
        // place, whichever rules asked there. A search bound may hide a finding too; common names
        // in large code bases meet it, so it is said under --verbose, once per place.
        notes += (resolver.analysisLimits + resolver.searchLimits).map(Self.limitNote)
        // Every file a syntax limit cut short that was parsed only to be searched for declarations
        // (analysed ones carry theirs in their outcome, which the result cache keeps).
        notes += index.limitedFiles.map { Self.limitDiagnostic(path: $0.path, $0.note) }
        var seenNotes = Set<ScanDiagnostic>()
        let allDiagnostics = (diagnostics + cacheNotes + model.diagnostics + testFindingNotes
            + notes.filter { seenNotes.insert($0).inserted }).sorted(by: ScanDiagnostic.order)
        // The rules as the configuration sets them (of the top folder, with nested files): a
        // severity set there is the one reports describe (SARIF's security-severity).
        let top = configurations?.effective(forFolder: "") ?? configuration
        let described = rules.map { rule in
            var description = rule.description
            description.severity = top.severity(for: rule.description)
            return description
        }
        var result = ScanResult(findings: findings, diagnostics: allDiagnostics, stats: stats, rules: described)
        result.suppressed = suppressedFindings
        return result
    }

    /// What the text index takes each file to declare under `name` (a bit per kind), for the
    /// result cache's mentions (a file's position times 16 plus these bits): a declaration-like word in a comment (`// let token`) makes a file a
    /// candidate of a lookup as much as a declaration does.
    static func declarationKinds(of name: String, index: ProjectIndex) -> [Int: Int] {
        var kinds: [Int: Int] = [:]
        let all: [ProjectIndex.DeclarationKind] = [.type, .extendedType, .function, .value]
        for (bit, kind) in all.enumerated() {
            for file in index.files(declaring: name, as: kind) { kinds[file, default: 0] |= 1 << bit }
        }
        return kinds
    }

    /// A file that passed the prefilter on weak words alone (`Rule.prefilterCompanions`) is let
    /// go when no file of the scan, analysed or only indexed, holds one of their companions.
    static func settlePrefilter(_ files: inout [PreparedFile], _ prefilter: Prefilter) {
        guard !prefilter.companionsOfWeakWords.isEmpty else { return }
        var scanWords = Set<UInt64>()
        for file in files { scanWords.formUnion(file.prefilterWords) }
        // The types the scan's Swift files declare, for companions that must be declared somewhere.
        var scanDeclared = Set<UInt64>()
        if prefilter.wantsDeclaredCompanions {
            for file in files { scanDeclared.formUnion(file.identifiers.compactMap(\.declaredTypeKey)) }
        }
        for position in files.indices where files[position].mayMatch {
            let file = files[position]
            if !prefilter.passes(file.prefilterWords, scanWords: scanWords, scanDeclared: scanDeclared),
                !(prefilter.wantsDirectives && file.hasDirectives)
            {
                files[position].mayMatch = false
            }
        }
    }

    /// The Info.plist and .xcconfig files that application targets name (`INFOPLIST_FILE`, base
    /// configurations and their includes) which discovery did not find by name (`App.plist`,
    /// `Config/Release.xcconfig` in an excluded folder), read from disk when they lie under a
    /// scanned folder. The rules then judge each app by the files it names.
    static func referencedProjectFiles(of model: ProjectModel, besides found: [ProjectFileInput], roots: [String]) -> [ProjectFileInput] {
        var known = Dictionary(found.map { (ProjectPath.normalized($0.path), $0.data) }, uniquingKeysWith: { first, _ in first })
        var added: [ProjectFileInput] = []
        let normalizedRoots = roots.map(ProjectPath.normalized)
        func load(_ path: String, kind: ProjectFileInput.Kind) -> Data? {
            if let data = known[path] { return data }
            guard normalizedRoots.contains(where: { $0 == path || ProjectPath.isInside(path, $0) }),
                case .success(let bytes) = RegularFile.read(path, limit: maximumFileSize)
            else { return nil }
            let data = Data(bytes)
            known[path] = data
            added.append(ProjectFileInput(path: path, kind: kind, data: data))
            return data
        }
        for module in model.modules where module.kind == .application {
            guard let xcode = module.xcode else { continue }
            for configuration in xcode.configurations {
                let resolved = XcodeBuildSettings.resolve(
                    configuration, target: module.name, projectDirectory: xcode.projectDirectory,
                    file: { load($0, kind: .xcconfig) })
                if case .path(let plist) = XcodeBuildSettings.infoPlistFile(resolved, projectDirectory: xcode.projectDirectory) {
                    _ = load(plist, kind: .infoPlist)
                }
            }
        }
        return added.sorted { $0.path < $1.path }
    }

    struct EnabledRule: @unchecked Sendable {
        let type: any Rule.Type
        let rule: any Rule
        /// `rule` as its front end calls it (made through the registry's language protocols, so
        /// no front end casts an instance).
        let swift: (any SwiftRule)?
        let objectiveC: (any ObjCRule)?
        var description: RuleDescription { type.description }

        init(type: any Rule.Type, options: [String: ConfigValue]) {
            self.type = type
            swift = RuleRegistry.swiftRule(type)?.init(options: options)
            objectiveC = swift == nil ? RuleRegistry.objectiveCRule(type)?.init(options: options) : nil
            if let swift {
                rule = swift
            } else if let objectiveC {
                rule = objectiveC
            } else {
                rule = type.init(options: options)
            }
        }
    }

    /// Parse → one walk dispatching to rules → suppressions, for one file that passed the
    /// prefilter (decided when the file was read).
    static func analyze(
        _ fileIndex: Int, source: PreparedFile, scan: ScanContext, rules: [EnabledRule], frontEnds: FrontEnds
    ) -> FileOutcome {
        var outcome = FileOutcome()
        outcome.lines = source.lines
        guard source.mayMatch || source.hasDirectives else { return outcome }
        outcome.analysed = true
        frontEnds.analyze(fileIndex, source: source, scan: scan, rules: rules, outcome: &outcome)
        return outcome
    }

    /// A file that is only searched for declarations is parsed when some analysis looks up a
    /// name it mentions, and a syntax limit that cuts it short is said then. An analysis the
    /// result cache replays looks nothing up: the note is stored with the outcome of every
    /// analysed file whose lookups (its own, or a scan-wide fact's it used) reach the limited
    /// file, so a re-scan from the cache says what the scan without it says.
    static func attachLimitNotes(
        to outcomes: inout [FileOutcome], limited: [(index: Int, note: SourceFile.LimitNote)], paths: [String],
        facts: [String: [String]], filesMentioning: (String) -> [Int]
    ) {
        let notes = Dictionary(
            limited.filter { !outcomes[$0.index].analysed }.map { ($0.index, limitDiagnostic(path: paths[$0.index], $0.note)) },
            uniquingKeysWith: { first, _ in first })
        guard !notes.isEmpty else { return }
        var reached: [String: [Int]] = [:]
        func limitedFiles(mentioning name: String) -> [Int] {
            if let known = reached[name] { return known }
            let found = filesMentioning(name).filter { notes[$0] != nil }
            reached[name] = found
            return found
        }
        for position in outcomes.indices where outcomes[position].analysed {
            let names = outcomes[position].dependencies + outcomes[position].factDependencies.flatMap { facts[$0] ?? [] }
            var added = Set<Int>()
            for name in names {
                for file in limitedFiles(mentioning: name) where added.insert(file).inserted {
                    let note = notes[file]!
                    if !outcomes[position].notes.contains(note) { outcomes[position].notes.append(note) }
                }
            }
        }
    }

    /// How a bound a question met is said: an analysis limit (for hostile code) as a note shown
    /// without --verbose, a search limit under --verbose.
    static func limitNote(_ gap: ResolutionGap) -> ScanDiagnostic {
        let position = SourcePosition(line: gap.line, column: gap.column)
        if gap.kind == .searchLimit {
            return ScanDiagnostic(kind: .unresolved, file: gap.file, position: position, message: "search limit: \(gap.reason)")
        }
        return ScanDiagnostic(kind: .fileNote, file: gap.file, position: position, message: "analysis limit: \(gap.reason)")
    }

    static func limitDiagnostic(path: String, _ note: SourceFile.LimitNote) -> ScanDiagnostic {
        ScanDiagnostic(kind: note.wholeFile ? .skippedFile : .fileNote, file: path, message: "analysis limit: \(note.message)")
    }

    static func lineCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte == 10 { count += 1 }
        return text.isEmpty || text.utf8.last == 10 ? count : count + 1
    }
}

/// The cheap text gate of ruff-style linters, derived from the rules' declared interests: a file
/// that contains none of the words a rule needs cannot match, so it is not parsed.
struct Prefilter: Sendable {
    let needles: [[UInt8]]
    let directiveNeedle = Array(SuppressionDirective.prefix.utf8)

    /// The words as identifier hashes, for `ProjectIndex.identifierSummary(_:lookingFor:)`.
    let wordHashes: Set<UInt64>

    /// Some rule is handed suppression directives: a file with one passes.
    let wantsDirectives: Bool

    /// The wrapper models the interests were derived with (the scan's rules judge through them).
    let models: [WrapperModel]

    /// Words too common to let a file through on their own (`Rule.prefilterCompanions`), each
    /// with the companion words one of which the scan, or the file, must hold (hashes).
    let companionsOfWeakWords: [UInt64: (inScan: Set<UInt64>, inFile: Set<UInt64>, declaredInScan: Set<UInt64>)]
    /// Some weak word needs a companion the scan declares (`PrefilterCompanions.declaredInScan`).
    var wantsDeclaredCompanions: Bool { companionsOfWeakWords.values.contains { !$0.declaredInScan.isEmpty } }

    /// What the read pass looks for in each file: the words and their companions.
    let searchedHashes: Set<UInt64>

    init(rules: [any Rule.Type], models: [WrapperModel] = WrapperModelCatalog.builtIn) {
        // Each rule's interests once: with wrapper models they take work to derive.
        let interests = rules.map { Set($0.interests(models: models)) }
        let wordsByRule = interests.map { Set($0.compactMap(\.identifierWord)) }
        let words = wordsByRule.reduce(into: Set<String>()) { $0.formUnion($1) }
        needles = words.sorted().map { Array($0.utf8) }
        wordHashes = Set(words.map { ProjectIndex.identifierHash(Array($0.utf8)) })
        wantsDirectives = interests.contains { $0.contains(.suppressionDirectives) }
        self.models = models
        // A word is weak only when every rule that asks for it names its companions.
        var companions: [UInt64: (inScan: Set<UInt64>, inFile: Set<UInt64>, declaredInScan: Set<UInt64>)] = [:]
        func hashes(_ words: [String]) -> Set<UInt64> { Set(words.map { ProjectIndex.identifierHash(Array($0.utf8)) }) }
        for word in words.sorted() {
            let askers = rules.indices.filter { wordsByRule[$0].contains(word) }
            let lists = askers.compactMap { rules[$0].prefilterCompanions[word] }
            guard !askers.isEmpty, lists.count == askers.count else { continue }
            companions[ProjectIndex.identifierHash(Array(word.utf8))] = (
                hashes(lists.flatMap(\.inScan)), hashes(lists.flatMap(\.inFile)),
                Set(lists.flatMap(\.declaredInScan).map(ProjectIndex.IdentifierEntry.key(of:)))
            )
        }
        companionsOfWeakWords = companions
        searchedHashes = wordHashes.union(companions.values.flatMap { $0.inScan.union($0.inFile) })
    }

    /// Whether a file holding `found` (hashes of searched words) passes, in a scan whose files
    /// hold `scanWords` in all.
    func passes(_ found: [UInt64], scanWords: Set<UInt64>, scanDeclared: Set<UInt64> = []) -> Bool {
        found.contains { hash in
            guard wordHashes.contains(hash) else { return false }
            guard let companions = companionsOfWeakWords[hash] else { return true }
            return !companions.inScan.isDisjoint(with: scanWords) || found.contains(where: companions.inFile.contains)
                || (!companions.declaredInScan.isEmpty && companions.declaredInScan.isSubset(of: scanDeclared))
        }
    }

    /// How many files pass, and for each word how many of the files hold it (for `--stats`: what
    /// lets files through decides how much of a scan is parsed).
    func statistics(of files: [Scanner.PreparedFile]) -> (passing: Int, words: [String: Int]) {
        var names: [UInt64: String] = [:]
        for needle in needles { names[ProjectIndex.identifierHash(needle)] = String(decoding: needle, as: UTF8.self) }
        var words: [String: Int] = [:]
        for file in files {
            guard file.reported else { continue }
            for hash in file.prefilterWords { if let name = names[hash] { words[name, default: 0] += 1 } }
        }
        return (files.filter(\.mayMatch).count, words)
    }

    /// Whole identifiers only: `watch` (the deprecated flag) must not send every file with
    /// `#if os(watchOS)` to the parser. This is the definition for text without comments; the scan
    /// gets the same answer from `ProjectIndex.identifierSummary(_:lookingFor:)` in its one pass
    /// over each file, which also leaves comments out (a test checks that they agree).
    func mayMatch(_ text: String) -> Bool {
        needles.contains { TextSearch.containsWord(text, $0) }
    }
}

/// Counts finished files and reports progress (at most every 1% of the files, plus the last).
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let report: (@Sendable (Int, Int) -> Void)?
    private var done = 0
    private let step: Int

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
        self.step = max(1, total / 100)
    }

    func increment() {
        guard let report else { return }
        lock.lock()
        done += 1
        let current = done
        if current % step == 0 || current == total { report(current, total) }
        lock.unlock()
    }
}

/// Wall-clock time per phase of a scan, for `--stats`/`--verbose`.
public final class PhaseClock: @unchecked Sendable {
    private let start = Date()
    private var last = Date()
    public private(set) var phases: [String: Double] = [:]

    public init() {}

    public func lap(_ phase: String) {
        let now = Date()
        phases[phase, default: 0] += now.timeIntervalSince(last)
        last = now
    }

    public func add(_ phase: String, _ seconds: Double) {
        phases[phase, default: 0] += seconds
        last = Date()
    }

    public var total: Double { Date().timeIntervalSince(start) }
}

extension ProjectFileInput.Kind {
    init?(discovered kind: DiscoveredFile.Kind) {
        switch kind {
        case .swift, .objectiveC: return nil
        case .infoPlist: self = .infoPlist
        case .pbxproj: self = .pbxproj
        case .xcconfig: self = .xcconfig
        }
    }

    /// The kind of a project file by name, for in-memory sources (rule examples).
    public init?(fileName: String) {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        if name == "project.pbxproj" {
            self = .pbxproj
        } else if name.hasSuffix(".xcconfig") {
            self = .xcconfig
        } else if name.hasSuffix(".plist") {
            self = .infoPlist
        } else {
            return nil
        }
    }
}

extension Array {
    /// The elements that match, and those that do not, each in order.
    func partitioned(by matches: (Element) -> Bool) -> (matching: [Element], rest: [Element]) {
        var matching: [Element] = []
        var rest: [Element] = []
        for element in self {
            if matches(element) { matching.append(element) } else { rest.append(element) }
        }
        return (matching, rest)
    }
}

/// Stable identities for findings: rule, file, the flagged code (whitespace-normalised) and its
/// occurrence number among identical snippets in the file — no line numbers, so moving unrelated
/// code does not change them.
enum Fingerprints {
    static func assign(_ findings: [Finding]) -> [Finding] {
        var occurrences: [String: Int] = [:]
        let ordered = findings.sorted(by: Finding.reportingOrder)
        return ordered.map { finding in
            var finding = finding
            let snippet = finding.fingerprint
            let base = "\(finding.ruleId)\n\(finding.range.file)\n\(snippet)"
            let occurrence = occurrences[base, default: 0]
            occurrences[base] = occurrence + 1
            finding.fingerprint = fnv1a(base + "\n\(occurrence)")
            finding.codeFingerprint = code(snippet: snippet, related: finding.relatedLocations)
            return finding
        }
    }

    /// `Finding.codeFingerprint`: the reported code and the code quoted by each step of the
    /// value's path (between backquotes: "if `allowFallback`" gives `allowFallback`), with every
    /// space and line break removed, so that reformatting, moving the code and re-wording a step
    /// leave it as it is.
    static func code(snippet: String, related: [RelatedLocation]) -> String {
        var parts = [withoutWhitespace(snippet)]
        for step in related {
            let pieces = step.message.split(separator: "`", omittingEmptySubsequences: false)
            // Odd pieces are quoted code; a step with no quote is code as a whole ("case .legacy").
            let code = pieces.count >= 3 ? pieces.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) } : [step.message]
            parts.append(withoutWhitespace(code.joined(separator: "`")))
        }
        return String(ResultCache.sha256(parts.joined(separator: "\n")).prefix(16))
    }

    static func withoutWhitespace(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Which Objective-C files mention a name as a whole word, for the result cache: every name the
/// analysis looked up is asked about, and Objective-C files are not in the index's identifier
/// tables. The words of each file are gathered in one pass over its text, on the first question,
/// instead of one search of every file per name (their texts are read again from disk when they
/// were not kept). Two names with the same hash both count as mentioned: a file is then re-run
/// when it need not be, never the other way round.
final class ObjectiveCMentions: @unchecked Sendable {
    private let files: [Int]
    private let threads: Int
    private let text: @Sendable (Int) -> String
    private var words: [Set<UInt64>]?

    init(files: [Int], threads: Int, text: @escaping @Sendable (Int) -> String) {
        self.files = files
        self.threads = threads
        self.text = text
    }

    func files(mentioning name: String) -> [Int] {
        guard !files.isEmpty else { return [] }
        let needle = Array(name.utf8)
        guard !needle.isEmpty, needle.allSatisfy(Self.isWordByte) else {
            // Not one word: searched for as text, as before.
            return files.filter { TextSearch.containsWord(text($0), needle) }
        }
        let hash = ProjectIndex.identifierHash(needle)
        let words = self.words ?? gather()
        return zip(files, words).compactMap { $0.1.contains(hash) ? $0.0 : nil }
    }

    private func gather() -> [Set<UInt64>] {
        let files = files
        let text = text
        let gathered = ParallelWork.map(count: files.count, threads: threads, stackSize: ParallelWork.smallStackSize) { position in
            Self.words(of: text(files[position]))
        }
        words = gathered
        return gathered
    }

    /// The same bytes `TextSearch.containsWord` takes for part of a word.
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    static func words(of text: String) -> Set<UInt64> {
        var words: Set<UInt64> = []
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                guard isWordByte(bytes[index]) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                words.insert(ProjectIndex.identifierHash(UnsafeBufferPointer(rebasing: bytes[start..<index])))
            }
        }
        return words
    }
}
