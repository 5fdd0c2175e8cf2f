import Foundation
import KeychainLintAnalysis
import KeychainLintCore

/// Findings of unchanged files, kept between runs. An entry is reused only when
/// - the tool version, configuration, enabled rules and project files are the same (the cache key),
/// - the file's content hash is the same, and
/// - no file that changed, appeared or disappeared since the last run mentions (or mentioned) a
///   name the file's analysis looked up across files (see `Dependencies`): that is how a constant
///   edited in another file invalidates the findings that used it.
public final class ResultCache: @unchecked Sendable {
    public let path: String
    private let key: String
    private let stored: Stored?
    /// Why the previous cache could not be used, for `--verbose`.
    public private(set) var note: String?
    /// Whether any file changed, appeared or disappeared since the stored run.
    private var anyFileChanged = true

    struct Stored: Codable {
        var formatVersion: Int
        var key: String
        /// Every file of the scan, in scan order; `mentions` refers to them by position.
        var paths: [String]
        var files: [String: StoredFile]
        /// Name some analysis looked up → positions (in `paths`) of the files that mentioned it.
        /// Stored once per name, not per file: common names are mentioned by thousands of files.
        var mentions: [String: [Int]]
        /// Scan-wide fact → the names computing it looked up. Stored once per fact, not in every
        /// file that used it (one fact can depend on thousands of names).
        var facts: [String: [String]]
    }

    struct StoredFile: Codable {
        var hash: String
        var outcome: StoredOutcome?
        /// Names the file's analysis looked up across files.
        var dependencies: [String]
        /// Scan-wide facts it used.
        var facts: [String]
    }

    struct StoredOutcome: Codable {
        var findings: [Finding]
        var gaps: [ResolutionGap]
        var notes: [ScanDiagnostic]
        var suppressed: Int
    }

    static let formatVersion = 3

    /// The cache file for a scan of `roots` under `directory`.
    public init(directory: String, roots: [String], key: String) {
        let absoluteRoots = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.sorted()
        let name = "scan-" + Fingerprints.fnv1a(absoluteRoots.joined(separator: "\n")) + ".json"
        self.path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
        self.key = key
        if let data = FileManager.default.contents(atPath: path) {
            if let decoded = try? JSONDecoder().decode(Stored.self, from: data),
                decoded.formatVersion == Self.formatVersion
            {
                if decoded.key == key {
                    stored = decoded
                } else {
                    stored = nil
                    note = "result cache ignored: tool version, configuration or project files changed"
                }
            } else {
                stored = nil
                note = "result cache at \(path) is unreadable; starting a new one"
            }
        } else {
            stored = nil
        }
    }

    /// The default folder: `$KEYCHAIN_LINT_CACHE_DIR`, else the user's cache folder.
    public static var defaultDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let configured = environment["KEYCHAIN_LINT_CACHE_DIR"], !configured.isEmpty { return configured }
        #if os(macOS)
        let base = NSHomeDirectory() + "/Library/Caches"
        #else
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
        #endif
        return base + "/keychain-lint"
    }

    /// Cache key of a configuration: tool version, rules and their effective settings, project files.
    public static func key(configuration: Configuration, ruleIds: [String], projectFiles: [ProjectFileInputHash]) -> String {
        var parts = ["keychain-lint \(KeychainLintVersion.current)", "config v\(configuration.version)"]
        for id in ruleIds.sorted() { parts.append("rule \(id)") }
        for (id, settings) in configuration.rules.sorted(by: { $0.key < $1.key }) {
            parts.append("settings \(id) \(settings.enabled.map(String.init) ?? "-") \(settings.severity?.rawValue ?? "-")")
            for (option, value) in settings.options.sorted(by: { $0.key < $1.key }) { parts.append("  \(option)=\(value)") }
        }
        for file in projectFiles.sorted(by: { $0.path < $1.path }) { parts.append("project \(file.path) \(file.hash)") }
        return Fingerprints.fnv1a(parts.joined(separator: "\n"))
    }

    public struct ProjectFileInputHash {
        public var path: String
        public var hash: String

        public init(path: String, hash: String) {
            self.path = path
            self.hash = hash
        }
    }

    /// Outcomes that can be reused for this run, by file index.
    /// `text` gives a file's text by position (read again from disk when it was not kept).
    func reusableOutcomes(paths: [String], hashes: [String], lines: [Int], text: (Int) -> String) -> [Int: Scanner.FileOutcome] {
        guard let stored else { return [:] }
        let current = Dictionary(uniqueKeysWithValues: zip(paths, hashes))
        // Files whose mention of any name may have changed: edited, new or deleted.
        var changedPaths = Set<String>()
        var changedTexts: [String] = []
        for (index, path) in paths.enumerated() where stored.files[path]?.hash != hashes[index] {
            changedPaths.insert(path)
            changedTexts.append(text(index))
        }
        for path in stored.files.keys where current[path] == nil { changedPaths.insert(path) }
        anyFileChanged = !changedPaths.isEmpty || stored.paths != paths

        var mentionedByChanged: [String: Bool] = [:]
        func changedFilesMention(_ name: String) -> Bool {
            if let known = mentionedByChanged[name] { return known }
            let needle = Array(name.utf8)
            let result = changedTexts.contains { TextSearch.contains($0, needle) }
            mentionedByChanged[name] = result
            return result
        }

        var nameIsValid: [String: Bool] = [:]
        func isValid(_ name: String) -> Bool {
            if let known = nameIsValid[name] { return known }
            let valid: Bool
            if let mentioned = stored.mentions[name] {
                valid = !mentioned.contains { changedPaths.contains(stored.paths[$0]) } && !changedFilesMention(name)
            } else {
                valid = false
            }
            nameIsValid[name] = valid
            return valid
        }
        var factIsValid: [String: Bool] = [:]
        func isValidFact(_ fact: String) -> Bool {
            if let known = factIsValid[fact] { return known }
            let valid = stored.facts[fact].map { $0.allSatisfy(isValid) } ?? false
            factIsValid[fact] = valid
            return valid
        }

        var reusable: [Int: Scanner.FileOutcome] = [:]
        for (index, path) in paths.enumerated() {
            guard let entry = stored.files[path], entry.hash == hashes[index], let outcome = entry.outcome else {
                continue
            }
            guard entry.dependencies.allSatisfy(isValid), entry.facts.allSatisfy(isValidFact) else { continue }
            var restored = Scanner.FileOutcome()
            restored.findings = outcome.findings
            restored.gaps = outcome.gaps
            restored.notes = outcome.notes
            restored.suppressed = outcome.suppressed
            restored.lines = lines[index]
            restored.fromCache = true
            restored.dependencies = entry.dependencies
            restored.factDependencies = entry.facts
            reusable[index] = restored
        }
        return reusable
    }

    /// Writes this run's outcomes. Failure to write is not an error of the scan.
    /// `facts`: the names of each fact computed in this run; a fact every file took from the
    /// cache was not computed, and keeps its stored names (valid, or those files were re-run).
    func save(
        paths: [String], hashes: [String], outcomes: [Scanner.FileOutcome],
        facts computedFacts: [String: [String]], filesMentioning: (String) -> [Int]
    ) throws {
        var mentions: [String: [Int]] = [:]
        // With no file changed, a stored answer is still right and costs no search.
        let reusable = anyFileChanged ? [:] : (stored?.mentions ?? [:])
        func noteMentions(_ name: String) {
            if mentions[name] == nil { mentions[name] = reusable[name] ?? filesMentioning(name) }
        }
        var facts: [String: [String]] = [:]
        for outcome in outcomes {
            outcome.dependencies.forEach(noteMentions)
            for fact in outcome.factDependencies where facts[fact] == nil {
                guard let names = computedFacts[fact] ?? stored?.facts[fact] else { continue }
                facts[fact] = names
                names.forEach(noteMentions)
            }
        }
        var files: [String: StoredFile] = [:]
        for (index, path) in paths.enumerated() {
            let outcome = outcomes[index]
            let stored = outcome.analysed
                ? StoredOutcome(findings: outcome.findings, gaps: outcome.gaps, notes: outcome.notes, suppressed: outcome.suppressed)
                : nil
            files[path] = StoredFile(
                hash: hashes[index], outcome: stored, dependencies: outcome.dependencies, facts: outcome.factDependencies)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(
            Stored(
                formatVersion: Self.formatVersion, key: key, paths: paths, files: files, mentions: mentions,
                facts: facts))
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        try data.write(to: URL(fileURLWithPath: temporary))
        _ = try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }

    /// Stable content hash (FNV-1a 64) of a file's text.
    static func hash(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex + "-\(bytes.count)"
        }
    }
}
