import Foundation
import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
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
        /// The content hash of each file of `paths`, at the same position.
        var hashes: [String]
        /// The stamp of each file of `paths` taken before its text was read (`FileStamp`;
        /// empty: none, or one not to be trusted).
        var stamps: [String]?
        /// The files whose analysis ran (or was replayed), by path: the others have nothing to
        /// keep but their hash, and most files of a large project are such.
        var files: [String: StoredFile]
        /// Name some analysis looked up → the files that mentioned it, each as its position (in
        /// `paths`) times 16 plus what the index takes it to declare under the name
        /// (`Scanner.declarationKinds`). Stored once per name, not per file: common names are
        /// mentioned by thousands of files.
        var mentions: [String: [Int]]
        /// Scan-wide fact → the names computing it looked up. Stored once per fact, not in every
        /// file that used it (one fact can depend on thousands of names).
        var facts: [String: [String]]
    }

    struct StoredFile: Codable {
        var outcome: StoredOutcome
        /// Names the file's analysis looked up across files.
        var dependencies: [String]
        /// Scan-wide facts it used.
        var facts: [String]
        /// Its `CodeFingerprint` (absent where its front end could not tell where its code ends).
        var code: String?
    }

    struct StoredOutcome: Codable {
        var findings: [Finding]
        var gaps: [ResolutionGap]
        var notes: [ScanDiagnostic]
        var suppressed: Int
        /// The rule of each suppressed finding (absent in caches written before it was kept).
        var suppressedRules: [String]?
        var suppressedFindings: [Finding]?
    }

    /// 4: keys and content hashes are SHA-256. 5: findings carry `codeFingerprint`. 6: hashes
    /// beside the paths, entries for analysed files only. 7: code fingerprints, and what a
    /// mentioning file declares under a name. 8: file stamps.
    static let formatVersion = 8

    /// The cache file of a scan of `roots` under `directory`, read and decoded once, before the
    /// scan reads its files (whose content hashes it may already hold, see `knownHashes`).
    struct Contents {
        let path: String
        /// Absent: no file there (or nothing readable as a file).
        let stored: Stored?
        /// A file was there, but not one this build reads.
        let unreadable: Bool

        init(directory: String, roots: [String]) {
            let absoluteRoots = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.sorted()
            let name = "scan-" + ResultCache.sha256(absoluteRoots.joined(separator: "\n")) + ".json"
            path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            // A link, folder, FIFO or device at the cache path is not ours: it is neither read nor
            // replaced (`save` says so), so a planted link cannot feed findings or block the scan.
            if let data = try? CacheFile.read(path) {
                let decoded = try? JSONDecoder().decode(Stored.self, from: data)
                stored = decoded?.formatVersion == ResultCache.formatVersion ? decoded : nil
                unreadable = stored == nil
            } else {
                stored = nil
                unreadable = false
            }
        }

        /// Path → content hash of each file the stored run read whose stamp (`FileStamp`) it kept, with that stamp: a file whose stamp is the same now
        /// has the same content, and is not hashed again.
        func knownHashes() -> [String: (stamp: String, hash: String)] {
            guard let stored, let stamps = stored.stamps, stamps.count == stored.paths.count,
                stored.hashes.count == stored.paths.count
            else { return [:] }
            var known: [String: (stamp: String, hash: String)] = [:]
            known.reserveCapacity(stored.paths.count)
            for position in stored.paths.indices where !stamps[position].isEmpty {
                known[stored.paths[position]] = (stamps[position], stored.hashes[position])
            }
            return known
        }
    }

    /// The cache file for a scan of `roots` under `directory` (`contents`: already read).
    public convenience init(directory: String, roots: [String], key: String) {
        self.init(contents: Contents(directory: directory, roots: roots), key: key)
    }

    init(contents: Contents, key: String) {
        self.path = contents.path
        self.key = key
        if contents.unreadable {
            stored = nil
            note = "result cache at \(path) is unreadable; starting a new one"
        } else if let decoded = contents.stored {
            if decoded.key == key {
                stored = decoded
            } else {
                stored = nil
                note = "result cache ignored: tool build, configuration or project files changed"
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
    /// `nested` are the scan's `.keychain-lint.yml` files (see `ConfigurationTree`), from the top
    /// down: a file's findings depend on the options of its folder's configuration, so a change to
    /// any of them makes a new key.
    public static func key(
        configuration: Configuration, ruleIds: [String], followsIdentity: Bool = true, nested: [Configuration] = [],
        projectFiles: [ProjectFileInputHash]
    ) -> String {
        var parts = [
            "keychain-lint \(KeychainLintVersion.current)", "build \(ExecutableBuild.identity)", "config v\(configuration.version)",
        ]
        // Whether queries' identity attributes are followed changes every query's answer: a file
        // that starts (or stops) naming an application password makes a new key.
        parts.append("identity \(followsIdentity)")
        for id in ruleIds.sorted() { parts.append("rule \(id)") }
        func add(_ configuration: Configuration) {
            for (id, settings) in configuration.rules.sorted(by: { $0.key < $1.key }) {
                parts.append("settings \(id) \(settings.enabled.map(String.init) ?? "-") \(settings.severity?.rawValue ?? "-")")
                for (option, value) in settings.options.sorted(by: { $0.key < $1.key }) { parts.append("  \(option)=\(value)") }
            }
        }
        add(configuration)
        for layer in nested {
            parts.append("nested \(layer.source) includeTests=\(layer.includeTestsSetting.map(String.init) ?? "-")")
            add(layer)
        }
        for file in projectFiles.sorted(by: { $0.path < $1.path }) { parts.append("project \(file.path) \(file.hash)") }
        return sha256(parts.joined(separator: "\n"))
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
    /// `text` gives a file's text by position (read again from disk when it was not kept);
    /// `codeFingerprint` a file's `CodeFingerprint` now; `mentionCode` how a file mentions a name
    /// now, in the encoding of `Stored.mentions` (nil: not at all).
    func reusableOutcomes(
        paths: [String], hashes: [String], lines: [Int], text: (Int) -> String,
        codeFingerprint: (Int) -> String? = { _ in nil }, mentionCode: (String, Int) -> Int? = { _, _ in nil }
    ) -> [Int: Scanner.FileOutcome] {
        guard let stored else { return [:] }
        let current = Dictionary(zip(paths, hashes), uniquingKeysWith: { first, _ in first })
        let storedHashes = Dictionary(zip(stored.paths, stored.hashes), uniquingKeysWith: { first, _ in first })
        // Files whose mention of any name may have changed: edited, new or deleted.
        var changedPaths = Set<String>()
        var changedTexts: [String] = []
        // Edited files whose code is as it was (only comments and blank lines after their last
        // token differ): by stored position, with their position now. They change no answer of
        // any analysis, theirs included, unless they mention a looked-up name otherwise than
        // before (a word in a comment is a mention to the index, whose counts bound searches).
        var quiet: [Int: Int] = [:]
        let storedPositions = Dictionary(stored.paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, path) in paths.enumerated() where storedHashes[path] != hashes[index] {
            if let old = storedPositions[path], let code = stored.files[path]?.code, codeFingerprint(index) == code {
                quiet[old] = index
                continue
            }
            changedPaths.insert(path)
            changedTexts.append(text(index))
        }
        for path in stored.paths where current[path] == nil { changedPaths.insert(path) }
        anyFileChanged = !changedPaths.isEmpty || !quiet.isEmpty || stored.paths != paths

        var mentionedByChanged: [String: Bool] = [:]
        func changedFilesMention(_ name: String) -> Bool {
            if let known = mentionedByChanged[name] { return known }
            let needle = Array(name.utf8)
            let result = changedTexts.contains { TextSearch.contains($0, needle) }
            mentionedByChanged[name] = result
            return result
        }

        func quietFilesMentionAsBefore(_ name: String, _ mentioned: [Int]) -> Bool {
            guard !quiet.isEmpty else { return true }
            var before: [Int: Int] = [:]
            for code in mentioned where quiet[code >> 4] != nil { before[code >> 4] = code & 15 }
            return quiet.allSatisfy { old, now in mentionCode(name, now).map { $0 & 15 } == before[old] }
        }

        var nameIsValid: [String: Bool] = [:]
        func isValid(_ name: String) -> Bool {
            if let known = nameIsValid[name] { return known }
            let valid: Bool
            if let mentioned = stored.mentions[name] {
                valid = !mentioned.contains { !stored.paths.indices.contains($0 >> 4) || changedPaths.contains(stored.paths[$0 >> 4]) }
                    && !changedFilesMention(name)
                    && quietFilesMentionAsBefore(name, mentioned)
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

        let quietNow = Set(quiet.values)
        var reusable: [Int: Scanner.FileOutcome] = [:]
        for (index, path) in paths.enumerated() {
            guard let entry = stored.files[path], storedHashes[path] == hashes[index] || quietNow.contains(index) else { continue }
            let outcome = entry.outcome
            guard entry.dependencies.allSatisfy(isValid), entry.facts.allSatisfy(isValidFact) else { continue }
            var restored = Scanner.FileOutcome()
            restored.findings = outcome.findings
            restored.gaps = outcome.gaps
            restored.notes = outcome.notes
            restored.suppressed = outcome.suppressed
            restored.suppressedRules = outcome.suppressedRules
            restored.suppressedFindings = outcome.suppressedFindings ?? []
            restored.lines = lines[index]
            // It was analysed (in the run that stored it): `save` keeps its outcome for the next
            // run, or every other run would find nothing to reuse.
            restored.analysed = true
            restored.fromCache = true
            restored.dependencies = entry.dependencies
            restored.factDependencies = entry.facts
            restored.codeFingerprint = entry.code
            reusable[index] = restored
        }
        return reusable
    }

    /// Writes this run's outcomes. Failure to write is not an error of the scan.
    /// `facts`: the names of each fact computed in this run; a fact every file took from the
    /// cache was not computed, and keeps its stored names (valid, or those files were re-run).
    /// `mentionCodes`: the files mentioning a name, encoded as `Stored.mentions` keeps them.
    func save(
        paths: [String], hashes: [String], stamps: [String], outcomes: [Scanner.FileOutcome],
        facts computedFacts: [String: [String]], mentionCodes: (String) -> [Int]
    ) throws {
        // Nothing changed and every outcome was replayed: the stored file already says all this
        // run would write (encoding and writing it again cost more than the rest of such a run;
        // a stamp it lacks is kept by the next run that writes).
        if stored != nil, !anyFileChanged, outcomes.allSatisfy({ $0.fromCache || !$0.analysed }) { return }
        var mentions: [String: [Int]] = [:]
        // With no file changed, a stored answer is still right and costs no search.
        let reusable = anyFileChanged ? [:] : (stored?.mentions ?? [:])
        func noteMentions(_ name: String) {
            if mentions[name] == nil { mentions[name] = reusable[name] ?? mentionCodes(name) }
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
        for (index, path) in paths.enumerated() where outcomes[index].analysed {
            let outcome = outcomes[index]
            let stored = StoredOutcome(
                findings: outcome.findings, gaps: outcome.gaps, notes: outcome.notes, suppressed: outcome.suppressed,
                suppressedRules: outcome.suppressedRules, suppressedFindings: outcome.suppressedFindings)
            files[path] = StoredFile(
                outcome: stored, dependencies: outcome.dependencies, facts: outcome.factDependencies, code: outcome.codeFingerprint)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(
            Stored(
                formatVersion: Self.formatVersion, key: key, paths: paths, hashes: hashes,
                stamps: stamps.allSatisfy(\.isEmpty) ? nil : stamps, files: files, mentions: mentions,
                facts: facts))
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try CacheFile.replace(path, with: data)
    }

    /// Stable content hash of a file's text (SHA-256): a collision would reuse another text's
    /// findings, so a 64-bit hash is not enough across the files of many runs.
    static func hash(_ text: String) -> String {
        sha256(text)
    }

    static func sha256(_ text: String) -> String {
        SHA256.hexDigest(text)
    }
}

/// What the file system says of a file before the scan reads it: its size, modification and
/// status-change times (to the nanosecond), inode and device. The result cache keeps it with the
/// content hash of the text read after it; a later scan that finds the same stamp takes that hash
/// instead of hashing the text again (as `git status` trusts its index). Any write to a file, and
/// any change of its times, sets its status-change time to the moment of the change, which no
/// one can set back; so a stamp is kept only when that time lies `racyMargin` seconds before the
/// scan began reading (a file changed in the same tick of the clock as the read, or on a clock
/// slightly ahead, is hashed the next time too).
enum FileStamp {
    static let racyMargin = 2.0

    /// The stamp, or "" when it cannot be taken or is too recent to be trusted.
    static func of(path: String, bytes: [UInt8]?, changedBefore limit: Double) -> String {
        var status = stat()
        let found: Int32
        if let bytes {
            let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
            found = terminated.withUnsafeBufferPointer { stat($0.baseAddress!, &status) }
        } else {
            found = stat(path, &status)
        }
        guard found == 0 else { return "" }
        #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        guard Double(changed.tv_sec) + Double(changed.tv_nsec) / 1e9 < limit else { return "" }
        return "\(status.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(changed.tv_sec).\(changed.tv_nsec) \(status.st_ino) \(status.st_dev)"
    }
}

/// The build of the running executable, for the cache key: a rebuilt binary (same version string,
/// other rules or fixes) must never replay an older build's findings. The executable's size and
/// modification time (to the nanosecond), with its device and inode, read once per process with
/// one `stat`: cheap, and different for every build that writes a new file.
enum ExecutableBuild {
    static let identity: String = {
        var status = stat()
        #if os(Linux)
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #else
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        // Not known: a key no other run has, so nothing is replayed.
        guard stat(path, &status) == 0 else { return "unknown \(UUID().uuidString)" }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return "\(status.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(status.st_dev) \(status.st_ino)"
    }()
}

/// Reading and replacing the cache file without trusting what is at its path. The cache folder
/// may be shared (by concurrent scans, or by users on a machine), so:
/// - reading opens the file itself, never a symbolic link, and only a regular file;
/// - writing goes to a new file of our own (`mkstemp`: created exclusively, mode 0600, random
///   name, so nothing planted in advance can be at its path), which `rename` then puts over the
///   cache file in one step: a concurrent reader sees the old file or the new, never half of one,
///   and concurrent writers each rename a complete file of their own (the last one wins);
/// - nothing but a regular file at the cache path is ever replaced, and a failed write removes
///   only its own temporary file.
enum CacheFile {
    struct Problem: Error, LocalizedError, CustomStringConvertible {
        let message: String
        var description: String { message }
        var errorDescription: String? { message }
    }

    /// The system's reason (errno), read before the message is built, which may change it.
    private static func systemError(_ what: @autoclosure () -> String) -> Problem {
        let code = errno
        return Problem(message: "\(what()): \(String(cString: strerror(code)))")
    }

    /// The file's bytes; throws for anything that is not a regular file (a link to one too).
    static func read(_ path: String) throws -> Data {
        // O_NONBLOCK: opening a FIFO planted at the path must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError("cannot open \(path)") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError("cannot read \(path)") }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw Problem(message: "\(path) is not a regular file") }
        var data = Data(count: Int(status.st_size))
        var filled = 0
        try data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            while filled < buffer.count {
                let count = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw systemError("cannot read \(path)")
                }
                if count == 0 { break }
                filled += count
            }
        }
        return data.prefix(filled)
    }

    /// Puts `data` at `path` atomically, unless something other than a regular file is there.
    static func replace(_ path: String, with data: Data) throws {
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            throw Problem(message: "\(path) is \(kind(status.st_mode)), not a cache file; left as it is")
        }
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw systemError("cannot create a temporary file next to \(path)") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var written = false
        defer { if !written { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var done = 0
                while done < buffer.count {
                    let count = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                    if count < 0 {
                        if errno == EINTR { continue }
                        throw systemError("cannot write \(temporary)")
                    }
                    done += count
                }
            }
        }
        // rename replaces a link at `path` itself, never its target; a folder that appeared
        // there since the check makes it fail (EISDIR), and the folder stays.
        guard rename(temporary, path) == 0 else { throw systemError("cannot replace \(path)") }
        written = true
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "something other than a regular file"
        }
    }
}
