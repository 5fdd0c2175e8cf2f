import KeychainLintModel
import Foundation
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// One Swift file of the scan, parsed once and shared by the index, the resolver and the rules.
public final class SourceFile: @unchecked Sendable {
    /// Position of the file in the scan; identifies it in caches.
    public let id: Int
    /// Path as the user should see it.
    public let path: String
    public let text: String
    /// The syntax tree with operators folded (`a as B`, `x ? y : z`, `p = q` become single nodes).
    public let tree: SourceFileSyntax
    /// Where each line starts (UTF-8 offsets), computed from the text: cheaper than swift-syntax's
    /// `SourceLocationConverter`, which copies the tree's text and walks every token, for each of
    /// the thousands of parses of a large scan. Lines end at `\n`, `\r\n` or `\r`, as there.
    private let lineStarts: [Int]
    /// For text that is not all ASCII: the number of Unicode scalars before each block of
    /// `scalarBlock` bytes, so a column in scalars costs at most one block's count even on a
    /// megabyte-long line (empty for ASCII text, where scalars and bytes agree).
    private let scalarsBeforeBlock: [Int]
    private static let scalarBlock = 1024

    /// Why the file is analysed only in part or not at all (`SyntaxLimits`), to tell the user.
    public let limitNote: LimitNote?

    /// What each reference of this file names locally (`LocalScope.lookup`): the same reference is
    /// evaluated again for every caller and branch that reaches it, and the lookup walks out
    /// through every enclosing statement list. Kept here, with the tree, because the answers hold
    /// its nodes: a scan-wide table kept every tree alive after the index let it go (2.5 times
    /// the memory on the benchmark) and answered a file parsed again with its old tree's nodes.
    let localBindings = Memo<SyntaxIdentifier.SyntaxIndexInTree, LocalBinding?>()
    /// Every assignment of the file (`a = …`, `self.a = …`, `x.a = …`) by the name assigned
    /// (`SourceFile.assignments(named:)`), kept with the tree for the same reason.
    let assignmentsByName = Memo<Int, [String: [InfixOperatorExprSyntax]]>()

    public struct LimitNote: Hashable, Sendable {
        public var message: String
        /// Nothing of the file is analysed (its tree is empty), rather than only a part.
        public var wholeFile: Bool

        public init(message: String, wholeFile: Bool) {
            self.message = message
            self.wholeFile = wholeFile
        }
    }

    /// - Parameter notParsedBecause: a reason found on an earlier parse of the same text for not
    ///   parsing it (a file read again after the index let its tree go is not parsed again).
    public init(id: Int, path: String, text: String, notParsedBecause knownProblem: String? = nil) {
        self.id = id
        self.path = path
        self.text = text
        self.lineStarts = Self.lineStarts(of: text)
        self.scalarsBeforeBlock = Self.scalarsBeforeBlock(of: text)
        if let problem = knownProblem ?? SyntaxLimits.textProblem(text) {
            self.tree = SourceFileSyntax(statements: [], endOfFileToken: .endOfFileToken())
            self.limitNote = LimitNote(message: problem, wholeFile: true)
            return
        }
        let seconds = SyntaxLimits.parseSeconds(forBytes: text.utf8.count)
        guard let parsed = Self.parse(text, seconds: seconds) else {
            self.tree = SourceFileSyntax(statements: [], endOfFileToken: .endOfFileToken())
            self.limitNote = LimitNote(message: "parsing took longer than \(Int(seconds)) s: not analysed", wholeFile: true)
            return
        }
        if let problem = SyntaxLimits.treeProblem(parsed) {
            // Nothing of it is analysed: walks of the tree (ours and swift-syntax's) would recurse
            // as deep as it is.
            self.tree = SourceFileSyntax(statements: [], endOfFileToken: .endOfFileToken())
            self.limitNote = LimitNote(message: problem, wholeFile: true)
            return
        }
        // Folding with the standard operators; unknown custom operators stay as unfolded
        // sequences, which the resolver treats as unknown.
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
        self.tree = folded.as(SourceFileSyntax.self) ?? parsed
        if parsed.hasMaximumNestingLevelOverflow {
            let rest = parsed.tokens(viewMode: .sourceAccurate).first { token in
                token.parent.map { $0.is(UnexpectedNodesSyntax.self) && $0.hasMaximumNestingLevelOverflow } ?? false
            }
            let starts = lineStarts
            let line = rest.map { token in
                let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
                return starts.lastIndex { $0 <= offset }.map { $0 + 1 } ?? 1
            }
            self.limitNote = LimitNote(
                message: "code nests more than \(SyntaxLimits.parserNesting) levels deep (brackets and #if blocks)"
                    + (line.map { ": not analysed from line \($0) on" } ?? ": analysed only in part"),
                wholeFile: false)
        } else {
            self.limitNote = nil
        }
    }

    /// The parsed tree, or nil when parsing took longer than its time limit.
    private static func parse(_ text: String, seconds: Double) -> SourceFileSyntax? {
        // The parse runs on a worker thread that is waited for at most the limit: the parse
        // cannot be interrupted, so one that runs over is left to finish alone, with its worker.
        // Workers are reused: a new thread per parse cost about 0.4 ms in page faults on its
        // fresh stack, as much as parsing a small file.
        let worker = ParseWorker.take()
        guard let tree = worker.parse(text, seconds: seconds) else { return nil }
        ParseWorker.give(back: worker)
        return tree
    }

    fileprivate static func parseNow(_ text: String) -> SourceFileSyntax {
        var parser = Parser(text, maximumNestingLevel: SyntaxLimits.parserNesting)
        return SourceFileSyntax.parse(from: &parser)
    }

    static func lineStarts(of text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            var starts = [0]
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
            return starts
        }
    }

    static func scalarsBeforeBlock(of text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 >= 0x80 }) else { return [] }
            var result: [Int] = []
            result.reserveCapacity(bytes.count / scalarBlock + 1)
            var scalars = 0
            for (index, byte) in bytes.enumerated() {
                if index % scalarBlock == 0 { result.append(scalars) }
                if byte & 0xC0 != 0x80 { scalars += 1 }
            }
            return result
        }
    }

    /// Unicode scalars that start before UTF-8 offset `offset`.
    private func scalars(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let block = offset / Self.scalarBlock
        guard block < scalarsBeforeBlock.count else { return offset }
        var count = scalarsBeforeBlock[block]
        for index in (block * Self.scalarBlock)..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 {
            count += 1
        }
        return count
    }

    /// The 1-based line and UTF-8 column of a UTF-8 offset.
    public func location(at offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count
        // The last line start at or before `offset`.
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1, offset: offset, file: path)
    }

    /// File name without folders, used in messages that point into other files.
    public var fileName: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    public func location(of node: some SyntaxProtocol) -> SourceLocation {
        location(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    public func endLocation(of node: some SyntaxProtocol) -> SourceLocation {
        location(at: node.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    public func line(of node: some SyntaxProtocol) -> Int {
        location(of: node).line
    }

    /// Where `node` is, as a location that can travel in values and findings.
    public func valueLocation(of node: some SyntaxProtocol) -> ValueLocation {
        let start = location(of: node)
        let end = endLocation(of: node)
        return ValueLocation(
            file: path, line: start.line, column: start.column, characterColumn: characterColumn(of: start),
            endLine: end.line, endColumn: end.column, endCharacterColumn: characterColumn(of: end))
    }

    /// The 1-based column in Unicode scalars (SARIF's `unicodeCodePoints`) of a location whose
    /// `column` counts UTF-8 bytes: counts the non-continuation bytes between line start and it.
    public func characterColumn(of location: SourceLocation) -> Int {
        if scalarsBeforeBlock.isEmpty { return location.column }
        let end = location.offset
        let start = end - (location.column - 1)
        var text = text
        return text.withUTF8 { bytes in
            guard start >= 0, end <= bytes.count, start <= end else { return location.column }
            return scalars(before: end, in: bytes) - scalars(before: start, in: bytes) + 1
        }
    }

    /// The text of one 1-based line, without its line break.
    public func lineText(_ line: Int) -> Substring {
        let range = utf8Range(ofLine: line)
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[start..<utf8.index(start, offsetBy: range.count)]
    }

    /// The UTF-8 offsets of one 1-based line's text, without its line break: lines end at `\n`,
    /// `\r\n` or `\r`, as in `lineStarts` (a `Character` search for `"\n"` finds neither of
    /// the others: Swift reads `\r\n` as one character). Empty at the end of the text for a line
    /// past the last.
    public func utf8Range(ofLine line: Int) -> Range<Int> {
        var text = text
        return text.withUTF8 { bytes in
            guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
            let start = lineStarts[line - 1]
            guard line < lineStarts.count else { return start..<bytes.count }
            var end = lineStarts[line] - 1
            if bytes[end] == 0x0A, end > start, bytes[end - 1] == 0x0D { end -= 1 }
            return start..<end
        }
    }
}

/// Identity of a syntax node across the files of one scan: the file and the node's position in
/// its tree, not the tree's identity, so that a file parsed again after the index let its tree go
/// (`ProjectIndex`) still has the same keys, and cached answers about it stay valid.
public struct NodeKey: Hashable, Sendable {
    public let file: Int
    public let node: SyntaxIdentifier.SyntaxIndexInTree

    public init(file: SourceFile, node: some SyntaxProtocol) {
        self.file = file.id
        self.node = node.id.indexInTree
    }

    init(fileIndex: Int, position: SyntaxIdentifier.SyntaxIndexInTree) {
        self.file = fileIndex
        self.node = position
    }
}

/// How source bytes become text, the same on first read and when read again.
public enum SourceText {
    /// The text, and whether invalid UTF-8 bytes were replaced with U+FFFD.
    public static func decode(_ data: Data) -> (text: String, replacedInvalidBytes: Bool) {
        decode(Array(data)[...])
    }

    public static func decode(_ bytes: ArraySlice<UInt8>) -> (text: String, replacedInvalidBytes: Bool) {
        // `String(validating:)` checks the bytes once and copies them once; invalid ones are
        // repaired by `String(decoding:)`.
        if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
        return (String(decoding: bytes, as: UTF8.self), true)
    }
}

/// A thread with a large stack that parses one text at a time for whoever asks. Idle workers wait
/// in a pool; one whose parse ran over its time limit is never given back (it finishes alone).
private final class ParseWorker: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var idle: [ParseWorker] = []

    static func take() -> ParseWorker {
        lock.withLock { idle.popLast() } ?? ParseWorker()
    }

    static func give(back worker: ParseWorker) {
        lock.withLock { idle.append(worker) }
    }

    private let request = DispatchSemaphore(value: 0)
    private let response = DispatchSemaphore(value: 0)
    // Handed over through the semaphores, which order the accesses.
    private var text = ""
    private var tree: SourceFileSyntax?

    private init() {
        let thread = Thread { [self] in
            while true {
                request.wait()
                tree = SourceFile.parseNow(text)
                text = ""
                response.signal()
            }
        }
        thread.stackSize = ParallelWork.stackSize
        thread.start()
    }

    /// The tree, or nil when the parse took longer than `seconds` (the worker is then lost).
    func parse(_ text: String, seconds: Double) -> SourceFileSyntax? {
        self.text = text
        request.signal()
        guard response.wait(timeout: .now() + seconds) == .success else { return nil }
        defer { tree = nil }
        return tree
    }
}
