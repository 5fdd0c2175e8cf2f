import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a declaration's syntax is: its file and its position in the file's tree. Declarations
/// keep this instead of the syntax itself, so that the index can let trees go and still answer
/// questions by name, type and labels from what it collected (`ProjectIndex`); the syntax is
/// fetched on use, from the file as the index holds it or parses it again.
public struct SyntaxReference: @unchecked Sendable {
    unowned let index: ProjectIndex
    public let fileIndex: Int
    let position: SyntaxIdentifier.SyntaxIndexInTree

    init(index: ProjectIndex, fileIndex: Int, node: some SyntaxProtocol) {
        self.index = index
        self.fileIndex = fileIndex
        self.position = node.id.indexInTree
    }

    public var file: SourceFile { index.file(at: fileIndex) }
    public var key: NodeKey { NodeKey(fileIndex: fileIndex, position: position) }

    public var node: Syntax { resolved.node }

    /// The file and the node, from one parse of the file.
    public var resolved: (file: SourceFile, node: Syntax) {
        guard let found = index.node(at: position, inFile: fileIndex) else {
            preconditionFailure("a syntax reference's position holds no node: the file was parsed differently")
        }
        return found
    }
}

/// A property, global or static constant declared at file or type level.
public struct VariableDeclaration: @unchecked Sendable {
    let reference: SyntaxReference
    public let name: String
    /// Name of the enclosing type or extended type; nil for globals.
    public let enclosingType: String?
    public let isStatic: Bool
    public let isConstant: Bool
    /// Written type annotation, without optionality (`SecAccessControlCreateFlags`).
    public let typeName: String?

    public var file: SourceFile { reference.file }
    /// The binding's key (without fetching its syntax).
    public var key: NodeKey { reference.key }
    public var binding: PatternBindingSyntax { reference.node.cast(PatternBindingSyntax.self) }
    /// `let a = 1, b = 2`: the declaration holding the binding (binding → list → declaration).
    public var declaration: VariableDeclSyntax {
        guard let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self) else {
            preconditionFailure("a pattern binding outside a variable declaration")
        }
        return declaration
    }
}

/// How a caller can pass one parameter: what `ValueResolver.matchArguments` needs, without the syntax.
public struct ParameterShape: Sendable, Equatable {
    /// The argument label (`nil` for `_`).
    public let label: String?
    public let hasDefault: Bool
    public let isVariadic: Bool

    public init(_ parameter: FunctionParameterSyntax) {
        label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
        hasDefault = parameter.defaultValue != nil
        isVariadic = parameter.ellipsis != nil
    }
}

/// A function, method or initializer declared in the scan.
public struct FunctionDeclaration: @unchecked Sendable {
    let reference: SyntaxReference
    /// Base name; `init` for initializers.
    public let name: String
    public let enclosingType: String?
    public let isStatic: Bool
    public let shapes: [ParameterShape]
    public let hasBody: Bool

    public var file: SourceFile { reference.file }
    /// The declaration's key (without fetching its syntax).
    public var key: NodeKey { reference.key }
    /// The `FunctionDeclSyntax` or `InitializerDeclSyntax`.
    public var node: Syntax { reference.node }

    /// The syntax of the declaration, from one parse of its file.
    public var syntax: (node: Syntax, parameters: FunctionParameterListSyntax, body: CodeBlockSyntax?) {
        let node = node
        guard let (parameters, body) = SyntaxQueries.signature(of: node) else {
            preconditionFailure("a function declaration that is neither a function nor an initializer")
        }
        return (node, parameters, body)
    }

    public var parameters: FunctionParameterListSyntax { syntax.parameters }
    public var body: CodeBlockSyntax? { syntax.body }

    /// Argument labels as a caller writes them (`nil` for `_`).
    public var labels: [String?] { shapes.map(\.label) }
}

/// A type, or an extension of one.
public struct TypeDeclaration: @unchecked Sendable {
    let reference: SyntaxReference
    public let name: String
    public let enumCases: Set<String>
    public let isExtension: Bool
    public let isProtocol: Bool

    public var file: SourceFile { reference.file }
    public var node: Syntax { reference.node }
}

/// Declarations of one file (not locals), collected in one pass.
struct FileDeclarations {
    var variables: [String: [VariableDeclaration]] = [:]
    var functions: [String: [FunctionDeclaration]] = [:]
    var types: [String: [TypeDeclaration]] = [:]
}

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

    private let paths: [String]
    private let texts: [String?]
    /// Per-file identifier summaries, until the text indexes are built from them.
    private var pendingSummaries: [[IdentifierEntry]]?
    /// Guards the caches below; never held while parsing or searching, so threads scanning
    /// different files do not wait for each other.
    private let lock = NSLock()
    /// One lock per file, held while that file is parsed, so two threads asking for the same
    /// file at once parse it once.
    private let parseLocks: [NSLock]

    /// A parsed file and what was collected from its tree, kept together: they hold the tree.
    private final class ParsedFile {
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
    private var everParsed: [Bool]
    private var parsedCount = 0
    private var parseCount = 0
    /// Files a syntax limit cut short (`SourceFile.limitNote`), by file: reported to the user,
    /// and a file not parsed at all is not tried again when it is needed again.
    private var limitNotes: [Int: SourceFile.LimitNote] = [:]
    private var filesContaining: [String: [Int]] = [:]
    private var callSiteCache: [String: [CallSite]] = [:]
    /// Declarations of each file asked about, kept for the whole scan: they refer to syntax by
    /// position, so they hold no tree (a few hundred bytes a declaration).
    private var declarationsByFile: [Int: FileDeclarations] = [:]

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

    /// Which files a name in a file may resolve to (set by the engine from the project model; nil:
    /// every file, as without a model). Lookups go through `scoped(from:)`.
    public var scope: ModuleScope?

    /// Worker threads for searches that parse many files (set by the engine; the answers do not
    /// depend on it).
    public var threads = 1

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

    private func parsedFile(at index: Int) -> ParsedFile {
        if let entry = held(index) { return entry }
        parseLocks[index].lock()
        defer { parseLocks[index].unlock() }
        if let entry = held(index) { return entry }
        let knownProblem = lock.withLock { limitNotes[index].flatMap { $0.wholeFile ? $0.message : nil } }
        let file = SourceFile(id: index, path: paths[index], text: text(at: index), notParsedBecause: knownProblem)
        return lock.withLock {
            if let note = file.limitNote { limitNotes[index] = note }
            useClock += 1
            let entry = ParsedFile(file: file, lastUse: useClock)
            parsed[index] = entry
            parseCount += 1
            if !everParsed[index] {
                everParsed[index] = true
                parsedCount += 1
            }
            if parsed.count > maximumParsedFiles {
                evictLeastRecentlyUsed()
            }
            return entry
        }
    }

    /// Lets go of the least recently used eighth of the held files (in one sweep, so the cost of
    /// finding them is shared). Called with `lock` held.
    private func evictLeastRecentlyUsed() {
        let count = max(1, maximumParsedFiles / 8)
        let oldest = parsed.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(count)
        for (index, _) in oldest { parsed[index] = nil }
    }

    /// The text of file `index`: kept in memory, or read again from disk (a file that can no
    /// longer be read reads as empty: it was readable when the scan started).
    public func text(at index: Int) -> String {
        if let text = texts[index] { return text }
        // Through the same reader as the first time: a file swapped for a FIFO or a device since
        // must not block the scan or read forever (the first read allowed at most 16 MB).
        guard case .success(let bytes) = RegularFile.read(paths[index], limit: 16 * 1024 * 1024) else { return "" }
        return SourceText.decode(bytes[...]).text
    }

    /// Indices of files whose text mentions `word` (a cheap byte search, cached).
    public func files(mentioning word: String) -> [Int] {
        Dependencies.record(word)
        if let cached = lock.withLock({ filesContaining[word] }) { return cached }
        let result: [Int]
        if Self.isIdentifier(word) {
            // A hash collision only adds a file that is then checked precisely by its parser.
            result = textIndexes().identifiers(Self.identifierHash(Array(word.utf8)[...]))
        } else {
            // `Outer.Inner`: only files that hold every identifier of it can hold it.
            let parts = Array(word.utf8).split(whereSeparator: { !Self.isIdentifierByte($0) }).map(Array.init)
            var candidates: [Int] = parts.isEmpty ? Array(paths.indices) : textIndexes().identifiers(Self.identifierHash(parts[0][...]))
            for part in parts.dropFirst() {
                let files = textIndexes().identifiers(Self.identifierHash(part[...]))
                candidates = candidates.filter { Self.sortedContains(files, $0) }
            }
            let needle = Array(word.utf8)
            result = candidates.filter { TextSearch.contains(text(at: $0), needle) }
        }
        lock.withLock { filesContaining[word] = result }
        return result
    }

    /// Indices of files that may declare `name` (as a type, extension, property, constant,
    /// function or enum case): files where it follows `let`, `var`, `func`, `case`, `class`, … or a
    /// comma in such a list. A superset, checked by parsing; much narrower than every mention of
    /// a common name such as `data` or `flags`.
    public func files(declaring name: String, as kind: DeclarationKind) -> [Int] {
        guard Self.isIdentifier(name) else { return files(mentioning: name) }
        Dependencies.record(name)
        let hash = Self.identifierHash(Array(name.utf8)[...])
        return textIndexes().declarations(hash, kind)
    }

    /// `type`: a class, struct, enum, protocol, actor or typealias; `extendedType`: an extension.
    public enum DeclarationKind: Hashable, Sendable { case type, extendedType, function, value }

    /// Lists of file numbers (32 bits: half the memory of `Int` on lists that hold millions).
    struct TextIndexes {
        var identifiers: [UInt64: [UInt32]] = [:]
        var types: [UInt64: [UInt32]] = [:]
        var extensions: [UInt64: [UInt32]] = [:]
        var functions: [UInt64: [UInt32]] = [:]
        var values: [UInt64: [UInt32]] = [:]
    }

    /// The indexes, split by hash into shards built in parallel.
    struct ShardedTextIndexes {
        let shards: [TextIndexes]

        init(shards: [TextIndexes]) {
            self.shards = shards
        }

        private func shard(_ key: UInt64) -> TextIndexes { shards[Int(key % UInt64(shards.count))] }
        func identifiers(_ hash: UInt64) -> [Int] {
            let key = IdentifierEntry.key(hash)
            return Self.files(shard(key).identifiers[key])
        }
        func declarations(_ hash: UInt64, _ kind: DeclarationKind) -> [Int] {
            let key = IdentifierEntry.key(hash)
            let shard = shard(key)
            switch kind {
            case .type: return Self.files(shard.types[key])
            case .extendedType: return Self.files(shard.extensions[key])
            case .function: return Self.files(shard.functions[key])
            case .value: return Self.files(shard.values[key])
            }
        }
        private static func files(_ list: [UInt32]?) -> [Int] { list.map { $0.map(Int.init) } ?? [] }
    }

    private var builtIndexes: ShardedTextIndexes?
    private let indexBuildLock = NSLock()

    /// One pass over every file's text, on first use: identifier → files, and declared name → files.
    /// Files are scanned on every core; the lists are then built in shards of the hash space, one
    /// shard a thread, each in file order (so every list is ascending, as lookups expect).
    private func textIndexes() -> ShardedTextIndexes {
        if let built = lock.withLock({ builtIndexes }) { return built }
        indexBuildLock.lock()
        defer { indexBuildLock.unlock() }
        if let built = lock.withLock({ builtIndexes }) { return built }
        let texts = texts
        let perFile = pendingSummaries ?? ParallelWork.map(count: texts.count, threads: threads) { fileIndex in
            Self.identifierSummary(texts[fileIndex] ?? "")
        }
        pendingSummaries = nil
        let shardCount = max(1, threads)
        let shards = ParallelWork.map(count: shardCount, threads: shardCount) { shard -> TextIndexes in
            var indexes = TextIndexes()
            for (fileIndex, summary) in perFile.enumerated() {
                let file = UInt32(fileIndex)
                for entry in summary where Int(entry.key % UInt64(shardCount)) == shard {
                    let key = entry.key
                    let kinds = entry.kinds
                    indexes.identifiers[key, default: []].append(file)
                    if kinds & Self.typeBit != 0 { indexes.types[key, default: []].append(file) }
                    if kinds & Self.extensionBit != 0 { indexes.extensions[key, default: []].append(file) }
                    if kinds & Self.functionBit != 0 { indexes.functions[key, default: []].append(file) }
                    if kinds & Self.valueBit != 0 { indexes.values[key, default: []].append(file) }
                }
            }
            return indexes
        }
        let indexes = ShardedTextIndexes(shards: shards)
        lock.withLock { builtIndexes = indexes }
        return indexes
    }

    /// Builds the text indexes now, on `threads` threads, instead of on the first lookup (which
    /// would build them on one thread while the others wait for it).
    public func prepareTextIndexes() {
        _ = textIndexes()
    }

    private static let typeBit: UInt64 = 1
    private static let extensionBit: UInt64 = 2
    private static let functionBit: UInt64 = 4
    private static let valueBit: UInt64 = 8

    /// One identifier of a file, in 8 bytes: its hash without the low 4 bits (the index key; a
    /// collision only adds a candidate file, which the parser then checks), and in those bits
    /// what the file declares under the name (the bits above; 0: only mentioned).
    public struct IdentifierEntry: Sendable {
        var packed: UInt64

        static func key(_ hash: UInt64) -> UInt64 { hash & ~0xF }
        init(hash: UInt64, kinds: UInt64) { packed = Self.key(hash) | kinds }
        var key: UInt64 { Self.key(packed) }
        var kinds: UInt64 { packed & 0xF }
    }

    /// Each distinct identifier of a text once, with what the text declares under it.
    public static func identifierSummary(_ text: String) -> [IdentifierEntry] {
        identifierSummary(text, lookingFor: []).entries
    }

    /// The summary, whether the text holds one of `words` (identifier hashes) as a whole
    /// identifier, and its line count (`wc -l`, plus one for a last line without a newline), in
    /// one pass over the text: this runs on every file of a scan.
    public static func identifierSummary(_ text: String, lookingFor words: Set<UInt64>)
        -> (entries: [IdentifierEntry], containsWord: Bool, lines: Int)
    {
        // Distinct identifiers by hash, in a small open-addressing table: the hashes are FNV-1a
        // already, so their low bits index it directly (a Swift Dictionary would hash them again
        // for each of the millions of identifiers of a scan).
        var capacity = 256
        var slots = [Int32](repeating: -1, count: capacity)
        var entries: [IdentifierEntry] = []
        var containsWord = false
        let lines = scanIdentifiers(text) { hash, declared in
            let bit: UInt64
            switch declared {
            case .type?: bit = typeBit
            case .extendedType?: bit = extensionBit
            case .function?: bit = functionBit
            case .value?: bit = valueBit
            case nil: bit = 0
            }
            let key = IdentifierEntry.key(hash)
            var slot = Int(truncatingIfNeeded: key >> 4) & (capacity - 1)
            while true {
                let position = slots[slot]
                if position < 0 { break }
                if entries[Int(position)].key == key {
                    entries[Int(position)].packed |= bit
                    return
                }
                slot = (slot + 1) & (capacity - 1)
            }
            slots[slot] = Int32(entries.count)
            entries.append(IdentifierEntry(hash: hash, kinds: bit))
            if !words.isEmpty, !containsWord, words.contains(hash) { containsWord = true }
            if entries.count * 2 > capacity {
                capacity *= 2
                slots = [Int32](repeating: -1, count: capacity)
                for (position, entry) in entries.enumerated() {
                    var slot = Int(truncatingIfNeeded: entry.key >> 4) & (capacity - 1)
                    while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
                    slots[slot] = Int32(position)
                }
            }
        }
        return (entries, containsWord, lines)
    }

    private static func hash(_ word: String) -> UInt64 { identifierHash(Array(word.utf8)[...]) }
    // Compared one by one: cheaper than a Set lookup for each identifier of a scan.
    private static let classHash = hash("class"), structHash = hash("struct"), enumHash = hash("enum")
    private static let protocolHash = hash("protocol"), actorHash = hash("actor"), typealiasHash = hash("typealias")
    private static let extensionKeyword = hash("extension")
    private static let funcHash = hash("func")
    private static let letHash = hash("let"), varHash = hash("var"), caseHash = hash("case")
    private static let initHash = hash("init")

    /// Calls `visit(hash, kind)` for each identifier of `text`; `kind` is what it declares when it
    /// follows a declaration keyword (or a comma inside a `let`/`var`/`case` list on one line).
    /// Returns the number of lines (`wc -l`, plus one for a last line without a newline).
    @discardableResult
    static func scanIdentifiers(_ text: String, _ visit: (UInt64, DeclarationKind?) -> Void) -> Int {
        var text = text
        return text.withUTF8 { bytes -> Int in
            var newlines = 0
            // Locals, not the statics themselves: a static is a lazy global, checked on each use.
            let typeKeywords = (classHash, structHash, enumHash, protocolHash, actorHash, typealiasHash)
            let (extensionHash, functionHash, initializerHash) = (extensionKeyword, funcHash, initHash)
            let valueKeywords = (letHash, varHash, caseHash)
            let identifierBytes = identifierByteTable
            var inIdentifier = false
            // FNV-1a of the identifier so far, computed as its bytes go by (`identifierHash`).
            var hash: UInt64 = 0
            var pending: DeclarationKind?
            var inList = false
            var afterComma = false
            for position in 0...bytes.count {
                let byte: UInt8 = position < bytes.count ? bytes[position] : 0x0A
                if identifierBytes[Int(byte)] {
                    if !inIdentifier {
                        inIdentifier = true
                        hash = 0xcbf2_9ce4_8422_2325
                    }
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                    continue
                }
                if inIdentifier {
                    var declared = pending ?? ((inList && afterComma) ? .value : nil)
                    if hash == initializerHash { declared = .function }
                    visit(hash, declared)
                    if hash == typeKeywords.0 || hash == typeKeywords.1 || hash == typeKeywords.2 || hash == typeKeywords.3
                        || hash == typeKeywords.4 || hash == typeKeywords.5
                    {
                        pending = .type
                        inList = false
                    } else if hash == extensionHash {
                        pending = .extendedType
                        inList = false
                    } else if hash == functionHash {
                        pending = .function
                        inList = false
                    } else if hash == valueKeywords.0 || hash == valueKeywords.1 || hash == valueKeywords.2 {
                        pending = .value
                        inList = true
                    } else {
                        pending = nil
                    }
                    afterComma = false
                    inIdentifier = false
                }
                if byte == 0x0A, position < bytes.count { newlines += 1 }
                switch byte {
                case 0x20, 0x09, 0x60:
                    break  // spaces and backticks keep the state: `let  name`, `let `default``
                case 0x2C:
                    afterComma = true
                    pending = nil
                case 0x0A where inList && afterComma:
                    break  // `case a,` then `b` on the next line: the list goes on
                case 0x0A, 0x7B, 0x28, 0x5B:
                    // a newline, `{`, `(` or `[` ends a declaration list (`let a = 1, b = 2` goes on;
                    // the commas of `f(a, b)` and `[a, b]` are not that list's)
                    inList = false
                    pending = nil
                    afterComma = false
                default:
                    pending = nil
                    afterComma = false
                }
            }
            return bytes.isEmpty || bytes[bytes.count - 1] == 0x0A ? newlines : newlines + 1
        }
    }

    private static let identifierByteTable: [Bool] = (0...255).map { isIdentifierByte(UInt8($0)) }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    static func isIdentifier(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy(isIdentifierByte)
    }

    public static func identifierHash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    func declarations(in index: Int) -> FileDeclarations {
        if let cached = lock.withLock({ declarationsByFile[index] }) { return cached }
        // Two threads may collect the same file at once; both see the same text, so the results
        // are equal and either may be kept.
        let collected = DeclarationCollector.collect(file(at: index), index: self)
        lock.withLock { declarationsByFile[index] = collected }
        return collected
    }

    /// Variables named `name`, in files that may declare a value of that name (locals count too,
    /// so a common name can be declared in thousands of files: whole-scan searches use `limit`).
    public func variables(named name: String) -> [VariableDeclaration] {
        files(declaring: name, as: .value).flatMap { declarations(in: $0).variables[name] ?? [] }
    }

    /// The variables named `name`, or nil when more than `limit` files may declare one (the
    /// question is too broad to answer precisely; callers treat it as unknown).
    public func variables(named name: String, limit: Int) -> [VariableDeclaration]? {
        let candidates = files(declaring: name, as: .value)
        guard extraParses(candidates) <= limit else { return nil }
        return candidates.flatMap { declarations(in: $0).variables[name] ?? [] }
    }

    /// Functions and methods named `name`. Initializers are not found this way (every type has
    /// them; a scan-wide search would read most files): ask `methods(named: "init", inType:)`.
    public func functions(named name: String) -> [FunctionDeclaration] {
        guard name != "init" else { return [] }
        return files(declaring: name, as: .function).flatMap { declarations(in: $0).functions[name] ?? [] }
    }

    public func types(named name: String) -> [TypeDeclaration] {
        filesDeclaringType(name).flatMap { declarations(in: $0).types[name] ?? [] }
    }

    /// Whether the scan declares or extends a type of this name (from the text index: no parsing).
    public func isDeclaredType(_ name: String) -> Bool {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard Self.isIdentifier(last) else { return !types(named: name).isEmpty }
        let declared = !files(declaring: last, as: .type).isEmpty || !files(declaring: last, as: .extendedType).isEmpty
        return declared && (last == name || !types(named: name).isEmpty)
    }

    /// Whether the scan declares the type itself (not only extensions of an SDK type).
    public func declaresPrimaryType(_ name: String) -> Bool {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard Self.isIdentifier(last) else { return types(named: name).contains { !$0.isExtension } }
        // `Outer.Inner`: a type named `Inner` somewhere is not enough (nested types are indexed
        // under their own name, so the qualified name is found only when it is declared so).
        return !files(declaring: last, as: .type).isEmpty && (last == name || types(named: name).contains { !$0.isExtension })
    }

    /// Declarations of type `name` in the files that also mention `member` (an SDK type can be
    /// extended in hundreds of files; only those that could hold the member are read).
    public func types(named name: String, mentioning member: String) -> [TypeDeclaration] {
        let candidates = Set(files(mentioning: member))
        return filesDeclaringType(name).filter(candidates.contains).flatMap { declarations(in: $0).types[name] ?? [] }
    }

    /// Members (properties) named `member` of type `typeName`, including its extensions: only the
    /// files that declare or extend the type are read.
    public func properties(named member: String, inType typeName: String) -> [VariableDeclaration] {
        files(declaring: member, as: .value, inType: typeName)
            .flatMap { declarations(in: $0).variables[member] ?? [] }
            .filter { $0.enclosingType == typeName }
    }

    public func methods(named member: String, inType typeName: String) -> [FunctionDeclaration] {
        files(declaring: member, as: .function, inType: typeName)
            .flatMap { declarations(in: $0).functions[member] ?? [] }
            .filter { $0.enclosingType == typeName }
    }

    /// Whether `typeName` (or an extension of it) declares a method named `member` (cached: asked
    /// for every call site when a function's callers are matched).
    public func declaresMethod(named member: String, inType typeName: String) -> Bool {
        let key = MemberKey(member: member, type: typeName, kind: .function)
        if let cached = lock.withLock({ declaresMethodCache[key] }) {
            recordMemberLookup(member, typeName)
            return cached
        }
        let result = !methods(named: member, inType: typeName).isEmpty
        lock.withLock { declaresMethodCache[key] = result }
        return result
    }

    /// Files that declare or extend `typeName` and may declare `member` as `kind`, in file order
    /// (cached: file numbers only, so the cache holds no tree). The smaller list is intersected
    /// with the larger one: a common member name (`save`, `flags`) can be declared in thousands
    /// of files, a type in a few.
    func files(declaring member: String, as kind: DeclarationKind, inType typeName: String) -> [Int] {
        let key = MemberKey(member: member, type: typeName, kind: kind)
        if let cached = lock.withLock({ memberFilesCache[key] }) {
            recordMemberLookup(member, typeName)
            return cached
        }
        let declaringType = filesDeclaringType(typeName)
        let declaringMember = files(declaring: member, as: kind)
        let (small, large) = declaringType.count <= declaringMember.count
            ? (declaringType, declaringMember) : (declaringMember, declaringType)
        let result = small.filter { Self.sortedContains(large, $0) }
        lock.withLock { memberFilesCache[key] = result }
        return result
    }

    /// Binary search in an ascending list of file indices.
    static func sortedContains(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// What a member lookup records as dependencies (replayed when its answer comes from the cache).
    private func recordMemberLookup(_ member: String, _ typeName: String) {
        guard Dependencies.isRecording else { return }
        let last = typeName.split(separator: ".").last.map(String.init) ?? typeName
        Dependencies.record(member)
        Dependencies.record(last)
        if last != typeName { Dependencies.record(typeName) }
    }

    private struct MemberKey: Hashable {
        let member: String
        let type: String
        let kind: DeclarationKind
    }
    private var memberFilesCache: [MemberKey: [Int]] = [:]
    private var declaresMethodCache: [MemberKey: Bool] = [:]

    /// `Outer.Inner` is declared as `Inner` inside `Outer`, and extended as `Outer.Inner`.
    func filesDeclaringType(_ typeName: String) -> [Int] {
        let last = typeName.split(separator: ".").last.map(String.init) ?? typeName
        let nested = last == typeName ? [] : files(mentioning: typeName)
        return Array(Set(files(declaring: last, as: .type) + files(declaring: last, as: .extendedType) + nested)).sorted()
    }

    /// Calls whose callee base name is `name` (`name(…)`, `x.name(…)`), across the scan. The
    /// files are parsed on every core: the first such question can parse thousands of them.
    public func callSites(named name: String) -> [CallSite] {
        Dependencies.record(name)
        if let cached = lock.withLock({ callSiteCache[name] }) { return cached }
        let files = files(mentioning: name)
        let perFile = ParallelWork.mapForCaller(count: files.count, threads: threads) { position -> [CallSite] in
            let index = files[position]
            return self.calls(in: index)[name, default: []].map { CallSite(index: self, fileIndex: index, call: $0) }
        }
        let result = perFile.flatMap { $0 }
        lock.withLock { callSiteCache[name] = result }
        return result
    }

    /// Runs `body` for each call named one of `names` (`name(…)`, `x.name(…)`) in the scan, file by
    /// file on every core, and returns the results in file order, then call order. Unlike
    /// `callSites(named:)` followed by a loop, each file is parsed once for the whole question, and
    /// files are visited in order, so the lookups a call makes into its neighbours find them held.
    public func mapCalls<T>(
        named names: [String], _ body: @escaping @Sendable (SourceFile, FunctionCallExprSyntax) -> T
    ) -> [T] {
        var files: Set<Int> = []
        for name in names {
            Dependencies.record(name)
            files.formUnion(self.files(mentioning: name))
        }
        let ordered = files.sorted()
        let perFile = ParallelWork.mapForCaller(count: ordered.count, threads: threads) { position -> [T] in
            let (file, calls) = self.fileAndCalls(at: ordered[position])
            // Calls in source order, whatever their name.
            let matching = names.flatMap { calls[$0, default: []] }.sorted { $0.position < $1.position }
            // This pass's questions about the file share one budget (`QuestionLedger`).
            return QuestionLedger.charging(file: file.id) { matching.map { body(file, $0) } }
        }
        return perFile.flatMap { $0 }
    }

    /// Every call of a file by callee name (one walk per file, cached).
    private func calls(in index: Int) -> [String: [FunctionCallExprSyntax]] {
        fileAndCalls(at: index).calls
    }

    /// A parsed file and its calls, from the same parse.
    private func fileAndCalls(at index: Int) -> (file: SourceFile, calls: [String: [FunctionCallExprSyntax]]) {
        let entry = parsedFile(at: index)
        if let cached = lock.withLock({ entry.calls }) { return (entry.file, cached) }
        let collector = CallCollector()
        collector.walk(entry.file.tree)
        lock.withLock { entry.calls = collector.calls }
        return (entry.file, collector.calls)
    }

    /// The node at `position` of file `index`'s tree (parsing the file again if it was let go).
    func node(at position: SyntaxIdentifier.SyntaxIndexInTree, inFile index: Int) -> (SourceFile, Syntax)? {
        let entry = parsedFile(at: index)
        let file = entry.file
        if let cached = lock.withLock({ entry.nodes[position] }) { return (file, cached) }
        guard let identifier = SyntaxIdentifier.fromIndexInTree(position, relativeToRoot: file.tree),
            let node = file.tree.node(at: identifier)
        else { return nil }
        lock.withLock { entry.nodes[position] = node }
        return (file, node)
    }
}

/// A call found by `ProjectIndex.callSites(named:)`. It refers to its file and node by position,
/// not by holding them, so that the index can let the file's tree go: `file` and `call` give them
/// back (parsing the file again if needed; positions are the same in every parse).
public struct CallSite: @unchecked Sendable {
    private let reference: SyntaxReference
    public var fileIndex: Int { reference.fileIndex }
    /// Argument labels of the call, and the type whose code makes it (nil at file level): asked
    /// of every call site each time a function's callers are matched, so computed once.
    public let labels: [String?]
    public let enclosingType: String?
    /// The callee has a receiver other than `self` (`x.save()`, `Type.save()`).
    public let hasReceiver: Bool

    init(index: ProjectIndex, fileIndex: Int, call: FunctionCallExprSyntax) {
        self.reference = SyntaxReference(index: index, fileIndex: fileIndex, node: call)
        self.labels = SyntaxQueries.labels(of: call)
        self.enclosingType = SyntaxQueries.enclosingTypeName(of: call)
        let receiver = SyntaxQueries.receiver(of: call).map(SyntaxQueries.unwrapTransparent)
        self.hasReceiver = receiver.map { $0.as(DeclReferenceExprSyntax.self)?.baseName.text != "self" } ?? false
    }

    /// The file and the call, from one parse of the file.
    public var resolved: (file: SourceFile, call: FunctionCallExprSyntax) {
        let (file, node) = reference.resolved
        return (file, node.cast(FunctionCallExprSyntax.self))
    }

    public var file: SourceFile { resolved.file }
    public var call: FunctionCallExprSyntax { resolved.call }
}


/// Byte search used by the prefilter and the lazy index.
public enum TextSearch {
    public static func contains(_ text: String, _ needle: [UInt8]) -> Bool {
        contains(text, needle, wholeWord: false)
    }

    /// Whether `needle` occurs as a whole identifier: not inside a longer one (`watch` is not in
    /// `watchOS`). Used by the prefilter, whose words are all identifiers.
    public static func containsWord(_ text: String, _ needle: [UInt8]) -> Bool {
        contains(text, needle, wholeWord: true)
    }

    static func contains(_ text: String, _ needle: [UInt8], wholeWord: Bool) -> Bool {
        guard !needle.isEmpty else { return true }
        var text = text
        return text.withUTF8 { haystack in
            guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
            return needle.withUnsafeBufferPointer { pattern in
                // memchr finds candidate first bytes quickly; memcmp confirms. (memmem is a GNU
                // extension the Swift Glibc module does not export.)
                let first = Int32(pattern[0])
                var start = UnsafeRawPointer(base)
                let end = UnsafeRawPointer(base) + haystack.count
                while end - start >= pattern.count {
                    guard let hit = memchr(start, first, end - start) else { return false }
                    let candidate = UnsafeRawPointer(hit)
                    if end - candidate < pattern.count { return false }
                    if memcmp(candidate, pattern.baseAddress!, pattern.count) == 0 {
                        guard wholeWord else { return true }
                        let offset = candidate - UnsafeRawPointer(base)
                        let before = offset == 0 || !ProjectIndex.isIdentifierByte(haystack[offset - 1])
                        let afterIndex = offset + pattern.count
                        let after = afterIndex == haystack.count || !ProjectIndex.isIdentifierByte(haystack[afterIndex])
                        if before && after { return true }
                    }
                    start = candidate + 1
                }
                return false
            }
        }
    }

    public static func contains(_ text: String, _ word: String) -> Bool {
        contains(text, Array(word.utf8))
    }
}

/// Collects file-level and type-level declarations; skips function bodies (locals are resolved
/// by scope lookup, not by the index).
private final class DeclarationCollector: SyntaxVisitor {
    unowned let index: ProjectIndex
    let fileIndex: Int
    var result = FileDeclarations()
    var typeStack: [String] = []

    init(index: ProjectIndex, fileIndex: Int) {
        self.index = index
        self.fileIndex = fileIndex
        super.init(viewMode: .sourceAccurate)
    }

    static func collect(_ file: SourceFile, index: ProjectIndex) -> FileDeclarations {
        let collector = DeclarationCollector(index: index, fileIndex: file.id)
        collector.walk(file.tree)
        return collector.result
    }

    private func reference(_ node: some SyntaxProtocol) -> SyntaxReference {
        SyntaxReference(index: index, fileIndex: fileIndex, node: node)
    }

    private func enterType(_ name: String, node: Syntax, cases: Set<String>, isExtension: Bool) {
        result.types[name, default: []].append(
            TypeDeclaration(
                reference: reference(node), name: name, enumCases: cases, isExtension: isExtension,
                isProtocol: node.is(ProtocolDeclSyntax.self)))
        typeStack.append(name)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, node: Syntax(node), cases: [], isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        var cases: Set<String> = []
        for member in node.memberBlock.members {
            if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
                for element in caseDecl.elements { cases.insert(element.name.text) }
            }
        }
        enterType(node.name.text, node: Syntax(node), cases: cases, isExtension: false)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        enterType(name, node: Syntax(node), cases: [], isExtension: true)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isConstant = node.bindingSpecifier.tokenKind == .keyword(.let)
        // Later bindings without their own annotation share the last written one (`let a, b: T`).
        var annotation: String?
        for binding in node.bindings.reversed() {
            if let type = binding.typeAnnotation?.type { annotation = TypeNames.baseName(of: type) }
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text
            result.variables[name, default: []].append(
                VariableDeclaration(
                    reference: reference(binding), name: name, enclosingType: typeStack.last, isStatic: isStatic,
                    isConstant: isConstant, typeName: annotation))
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        result.functions[node.name.text, default: []].append(
            FunctionDeclaration(
                reference: reference(node), name: node.name.text, enclosingType: typeStack.last, isStatic: isStatic,
                shapes: node.signature.parameterClause.parameters.map(ParameterShape.init), hasBody: node.body != nil))
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        result.functions["init", default: []].append(
            FunctionDeclaration(
                reference: reference(node), name: "init", enclosingType: typeStack.last, isStatic: true,
                shapes: node.signature.parameterClause.parameters.map(ParameterShape.init), hasBody: node.body != nil))
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

private final class CallCollector: SyntaxVisitor {
    var calls: [String: [FunctionCallExprSyntax]] = [:]

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = SyntaxQueries.calleeName(of: node) { calls[name, default: []].append(node) }
        return .visitChildren
    }
}
