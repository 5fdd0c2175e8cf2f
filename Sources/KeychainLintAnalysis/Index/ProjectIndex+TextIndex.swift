import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax

// Which files mention or may declare a name: byte searches and identifier summaries of the texts.
extension ProjectIndex {
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

        private func shard(_ key: UInt64) -> TextIndexes { shards[Self.shard(of: key, count: shards.count)] }

        /// The shard of a key. Keys have their low 4 bits cleared (`IdentifierEntry`), so those bits
        /// would put every key in one shard of an even count: the bits above them decide.
        static func shard(of key: UInt64, count: Int) -> Int { Int((key >> 4) % UInt64(count)) }
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
                for entry in summary where ShardedTextIndexes.shard(of: entry.key, count: shardCount) == shard {
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

    fileprivate static let typeBit: UInt64 = 1
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
        /// The word's key, whatever the file declares under it (`key(of:)` of the word).
        public var key: UInt64 { Self.key(packed) }
        var kinds: UInt64 { packed & 0xF }

        /// The key of a word, as `declaredTypeKey` gives it for an entry that declares the word.
        public static func key(of word: String) -> UInt64 { key(ProjectIndex.identifierHash(Array(word.utf8))) }
        /// The word's key when the file declares a type under it (an `extension` of a type
        /// declared elsewhere, a property or a function of that name do not count).
        public var declaredTypeKey: UInt64? { kinds & ProjectIndex.typeBit == 0 ? nil : key }
    }

    /// Each distinct identifier of a text once, with what the text declares under it.
    public static func identifierSummary(_ text: String) -> [IdentifierEntry] {
        identifierSummary(text, lookingFor: []).entries
    }

    /// The summary, whether the text holds one of `words` (identifier hashes) as a whole
    /// identifier, and its line count (`wc -l`, plus one for a last line without a newline), in
    /// one pass over the text: this runs on every file of a scan. Words in comments are not
    /// identifiers (`nestedBlockComments`: Swift's `/* … */` nest, C's do not).
    public static func identifierSummary(_ text: String, lookingFor words: Set<UInt64>, nestedBlockComments: Bool = true)
        -> (entries: [IdentifierEntry], containsWord: Bool, lines: Int, wordsFound: [UInt64])
    {
        // Distinct identifiers by hash, in a small open-addressing table: the hashes are FNV-1a
        // already, so their low bits index it directly (a Swift Dictionary would hash them again
        // for each of the millions of identifiers of a scan).
        var capacity = 256
        var slots = [Int32](repeating: -1, count: capacity)
        var entries: [IdentifierEntry] = []
        var wordsFound: [UInt64] = []
        let lines = scanIdentifiers(text, nestedBlockComments: nestedBlockComments) { hash, declared in
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
            // Each distinct identifier is looked up once: which words let the file through is
            // what `--stats` reports of the prefilter.
            if !words.isEmpty, words.contains(hash) { wordsFound.append(hash) }
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
        return (entries, !wordsFound.isEmpty, lines, wordsFound)
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
    ///
    /// Comments are skipped: a word in a comment names nothing the code uses, and generated code
    /// documents each member in words (a strings table whose comments say "companion app" is no
    /// file that sets an access-control flag). String literals are told apart only so that a
    /// `//` or `/*` inside one (`"https://…"`) starts no comment; their words still count
    /// (`NSSelectorFromString(@"setName:")`). A line's string ends at the line's end, so a quote
    /// the lexer misreads (a raw string's, a C character literal's) costs at most that line.
    @discardableResult
    static func scanIdentifiers(_ text: String, nestedBlockComments: Bool = true, _ visit: (UInt64, DeclarationKind?) -> Void) -> Int {
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
            var lexical = LexicalState.code
            var skipUntil = -1
            for position in 0...bytes.count {
                let byte: UInt8 = position < bytes.count ? bytes[position] : 0x0A
                let next: UInt8 = position + 1 < bytes.count ? bytes[position + 1] : 0
                // Bytes a two- or three-byte delimiter took, and the escaped byte of a string.
                if position <= skipUntil {
                    if byte == 0x0A, position < bytes.count { newlines += 1 }
                    continue
                }
                switch lexical {
                case .code:
                    // A comment or a string starts here; this byte is the code's (it ends a word).
                    if byte == 0x2F, next == 0x2F || next == 0x2A {
                        lexical = next == 0x2F ? .lineComment : .blockComment(1)
                        skipUntil = position + 1
                    } else if byte == 0x22 {
                        let multiline = next == 0x22 && position + 2 < bytes.count && bytes[position + 2] == 0x22
                        lexical = .string(multiline: multiline)
                        if multiline { skipUntil = position + 2 }
                    }
                case .lineComment:
                    // A line ends at a line feed or a carriage return (a file with CR line ends).
                    guard byte == 0x0A || byte == 0x0D else { continue }
                    lexical = .code  // the line's end is the code's: it ends a declaration list
                case .blockComment(let depth):
                    if byte == 0x0A, position < bytes.count { newlines += 1 }
                    if byte == 0x2A, next == 0x2F {
                        lexical = depth > 1 ? .blockComment(depth - 1) : .code
                        skipUntil = position + 1
                    } else if nestedBlockComments, byte == 0x2F, next == 0x2A {
                        lexical = .blockComment(depth + 1)
                        skipUntil = position + 1
                    }
                    continue
                case .string(let multiline):
                    // Read as before (its words count); only where it ends is followed.
                    if byte == 0x5C {
                        skipUntil = position + 1
                    } else if multiline {
                        if byte == 0x22, next == 0x22, position + 2 < bytes.count, bytes[position + 2] == 0x22 {
                            lexical = .code
                            skipUntil = position + 2
                        }
                    } else if byte == 0x22 || byte == 0x0A || byte == 0x0D {
                        lexical = .code
                    }
                }
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

    /// Where `scanIdentifiers` is in a text: code, a comment, or a string literal.
    private enum LexicalState: Equatable {
        case code
        case lineComment
        /// Nesting depth (Swift's block comments nest).
        case blockComment(Int)
        case string(multiline: Bool)
    }

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
}
