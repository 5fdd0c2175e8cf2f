import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax

/// The cross-file index the resolver asks for declarations by name. Files are parsed lazily: a
/// lookup of `name` only parses the files whose text contains `name`, so constants in files the
/// rules' text prefilter skipped are still found, without parsing every file up front.
public final class ProjectIndex: @unchecked Sendable {
    public struct Input: Sendable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// A file as the engine hands it over after reading it once: its text only when the scan
    /// will analyse it (the others are read again from disk if a question needs them; keeping
    /// every text of a large scan would take as much memory as the sources), and the summary of
    /// its identifiers that the text indexes are built from.
    public struct PreparedInput: Sendable {
        public var path: String
        public var text: String?
        public var identifiers: [IdentifierEntry]

        public init(path: String, text: String?, identifiers: [IdentifierEntry]) {
            self.path = path
            self.text = text
            self.identifiers = identifiers
        }
    }

    let paths: [String]
    let texts: [String?]
    /// Per-file identifier summaries, until the text indexes are built from them.
    var pendingSummaries: [[IdentifierEntry]]?
    /// Guards the caches below; never held while parsing or searching, so threads scanning
    /// different files do not wait for each other.
    let lock = NSLock()
    /// One lock per file, held while that file is parsed, so two threads asking for the same
    /// file at once parse it once.
    private let parseLocks: [NSLock]

    /// A parsed file and what was collected from its tree, kept together: they hold the tree.
    final class ParsedFile {
        let file: SourceFile
        /// Calls grouped by callee name, collected in one walk.
        var calls: [String: [FunctionCallExprSyntax]]?
        /// Nodes found by position (`node(at:inFile:)`): finding one descends from the root, and
        /// the resolver asks for the same declarations and call sites again for every caller.
        var nodes: [SyntaxIdentifier.SyntaxIndexInTree: Syntax] = [:]
        var lastUse: Int

        init(file: SourceFile, lastUse: Int) {
            self.file = file
            self.lastUse = lastUse
        }
    }

    /// The parsed files the index holds, at most `maximumParsedFiles`, the least recently used
    /// let go first. A syntax tree takes about 20 times the memory of its source, so keeping every
    /// tree of a large scan would take gigabytes; nothing outside the index keeps a tree for long
    /// (answers are cached as values, keyed by `NodeKey`, which survives parsing a file again).
    private var parsed: [Int: ParsedFile] = [:]
    private var useClock = 0
    /// Parsed files held at most; a file a worker is analysing stays alive while it does.
    public var maximumParsedFiles = 128
    /// Source bytes of the held files at most: a tree takes tens of times the memory of its text,
    /// so a bound on the count alone held a few megabytes of trees for small files and a hundred
    /// for a folder of large ones.
    public var maximumParsedBytes = Int.max
    private var heldBytes = 0
    private var everParsed: [Bool]
    private var parsedCount = 0
    private var parseCount = 0
    /// Files a syntax limit cut short (`SourceFile.limitNote`), by file: reported to the user,
    /// and a file not parsed at all is not tried again when it is needed again.
    private var limitNotes: [Int: SourceFile.LimitNote] = [:]
    var filesContaining: [String: [Int]] = [:]
    var builtIndexes: ShardedTextIndexes?
    let indexBuildLock = NSLock()
    var memberFilesCache: [MemberKey: [Int]] = [:]
    var declaresMethodCache: [MemberKey: Bool] = [:]
    /// `ScopedIndex.declaresMethod` by asking file: asked for every call site of a name each time
    /// a function of that name has its callers matched, and each time over the same files.
    var scopedDeclaresMethodCache: [ScopedMemberKey: Bool] = [:]
    var callSiteCache: [String: [CallSite]] = [:]
    /// Searches for a name's call sites under way, which a second asker waits for rather than
    /// making again (`callSites(named:)`).
    var callSiteSearches: [String: DispatchGroup] = [:]
    /// Declarations of each file asked about, kept for the whole scan: they refer to syntax by
    /// position, so they hold no tree (a few hundred bytes a declaration).
    var declarationsByFile: [Int: FileDeclarations] = [:]
    /// The callee names each parsed file calls, kept when its tree is let go: a search for the
    /// calls of a name skips a file that makes none, without parsing it again.
    var calledNamesByFile: [Int: Set<String>] = [:]

    public init(inputs: [Input]) {
        self.paths = inputs.map(\.path)
        self.texts = inputs.map(\.text)
        self.pendingSummaries = nil
        self.parseLocks = inputs.map { _ in NSLock() }
        self.everParsed = Array(repeating: false, count: inputs.count)
    }

    public init(prepared: [PreparedInput]) {
        self.paths = prepared.map(\.path)
        self.texts = prepared.map(\.text)
        self.pendingSummaries = prepared.map(\.identifiers)
        self.parseLocks = prepared.map { _ in NSLock() }
        self.everParsed = Array(repeating: false, count: prepared.count)
    }

    public var fileCount: Int { paths.count }

    /// The path of file `index` (Objective-C files too: rules of that front end find them by path,
    /// since they give the text indexes no identifiers).
    public func path(at index: Int) -> String { paths[index] }

    /// Which files a name in a file may resolve to (set by the engine from the project model; nil:
    /// every file, as without a model). Lookups go through `scoped(from:)`.
    public var scope: ModuleScope?

    /// Worker threads for searches that parse many files (set by the engine; the answers do not
    /// depend on it).
    public var threads = 1

    /// Texts of files the scan does not keep, read again from disk by a question, kept while
    /// they fit `maximumRereadTextBytes`. The Objective-C front end answers some questions with
    /// a byte search of every Objective-C file of the scan (which files send a selector, read a
    /// property), and read from disk each time, those searches took a fifth of a large
    /// Objective-C app's scan. The bound keeps a large Swift scan, whose lookups read files to
    /// parse them, from holding their texts beside their trees.
    private var rereadTexts: [Int: String] = [:]
    private var rereadBytes = 0
    public var maximumRereadTextBytes = 16 * 1024 * 1024

    /// Files the scan parses anyway (they pass the rules' prefilter), set by the engine before
    /// analysis. Limits on broad searches count only the other files, which a search would parse
    /// just for itself; being fixed before analysis, this keeps answers deterministic.
    public var parsedAnyway: Set<Int> = []

    /// How many of `files` a search would parse only for itself.
    public func extraParses(_ files: [Int]) -> Int {
        files.reduce(0) { $0 + (parsedAnyway.contains($1) ? 0 : 1) }
    }

    /// Number of files parsed so far (for statistics), and parses in all (a file let go and
    /// needed again is parsed again).
    public var parsedFileCount: Int {
        lock.withLock { parsedCount }
    }

    public var totalParses: Int {
        lock.withLock { parseCount }
    }

    /// The files parsed so far that a syntax limit cut short, with what it cut, by path.
    public var limitedFiles: [(path: String, note: SourceFile.LimitNote)] {
        lock.withLock { limitNotes.sorted { $0.key < $1.key }.map { (paths[$0.key], $0.value) } }
    }

    /// `limitedFiles` by position in the index.
    public var limitedFileIndices: [(index: Int, note: SourceFile.LimitNote)] {
        lock.withLock { limitNotes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    /// The parsed file at `index`, parsing it when the index does not hold it.
    public func file(at index: Int) -> SourceFile {
        parsedFile(at: index).file
    }

    private func held(_ index: Int) -> ParsedFile? {
        lock.withLock {
            guard let entry = parsed[index] else { return nil }
            useClock += 1
            entry.lastUse = useClock
            return entry
        }
    }

    func parsedFile(at index: Int) -> ParsedFile {
        if let entry = held(index) { return entry }
        parseLocks[index].lock()
        defer { parseLocks[index].unlock() }
        if let entry = held(index) { return entry }
        let knownProblem = lock.withLock { limitNotes[index].flatMap { $0.wholeFile ? $0.message : nil } }
        let file = SourceFile(id: index, path: paths[index], text: text(at: index), notParsedBecause: knownProblem)
        // The file's declarations are collected while its tree is here: a lookup that reaches the
        // file after the tree is let go then finds them without parsing it again.
        if lock.withLock({ declarationsByFile[index] == nil }) {
            let declarations = DeclarationCollector.collect(file, index: self)
            lock.withLock { declarationsByFile[index] = declarations }
        }
        // Its calls, from the same tree: kept with the entry, and their names for good.
        let collector = CallCollector()
        collector.walk(file.tree)
        // Files let go are freed after the lock is released: freeing a tree takes as long as
        // building a good part of it, and every lookup of every thread waits on this lock.
        var letGo: [ParsedFile] = []
        defer { letGo.removeAll() }
        return lock.withLock {
            if let note = file.limitNote { limitNotes[index] = note }
            useClock += 1
            let entry = ParsedFile(file: file, lastUse: useClock)
            entry.calls = collector.calls
            if calledNamesByFile[index] == nil { calledNamesByFile[index] = Set(collector.calls.keys) }
            if let replaced = parsed[index] {
                heldBytes -= replaced.file.text.utf8.count
                letGo.append(replaced)
            }
            parsed[index] = entry
            heldBytes += file.text.utf8.count
            parseCount += 1
            if !everParsed[index] {
                everParsed[index] = true
                parsedCount += 1
            }
            if parsed.count > maximumParsedFiles || heldBytes > maximumParsedBytes {
                letGo += evictLeastRecentlyUsed()
            }
            return entry
        }
    }

    /// Lets go of the least recently used held files until an eighth of each bound is free (in
    /// one sweep, so the cost of finding them is shared), and returns them for the caller to free
    /// outside the lock. Called with `lock` held.
    private func evictLeastRecentlyUsed() -> [ParsedFile] {
        let files = maximumParsedFiles - max(1, maximumParsedFiles / 8)
        let bytes = maximumParsedBytes == Int.max ? Int.max : maximumParsedBytes - maximumParsedBytes / 8
        var letGo: [ParsedFile] = []
        for (index, entry) in parsed.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard parsed.count > files || heldBytes > bytes else { break }
            // The file just parsed stays, even alone over the bound: letting it go would parse
            // a file larger than the bound again for each lookup its own analysis makes.
            guard entry.lastUse != useClock else { continue }
            parsed[index] = nil
            heldBytes -= entry.file.text.utf8.count
            letGo.append(entry)
        }
        return letGo
    }

    /// The text of file `index`: kept in memory, or read again from disk (a file that can no
    /// longer be read reads as empty: it was readable when the scan started).
    public func text(at index: Int) -> String {
        if let text = texts[index] { return text }
        if let text = lock.withLock({ rereadTexts[index] }) { return text }
        // Through the same reader as the first time: a file swapped for a FIFO or a device since
        // must not block the scan or read forever (the first read allowed at most 16 MB).
        guard case .success(let bytes) = RegularFile.read(paths[index], limit: 16 * 1024 * 1024) else { return "" }
        let text = SourceText.decode(bytes[...]).text
        lock.withLock {
            if rereadTexts[index] == nil, rereadBytes + bytes.count <= maximumRereadTextBytes {
                rereadTexts[index] = text
                rereadBytes += bytes.count
            }
        }
        return text
    }

}
