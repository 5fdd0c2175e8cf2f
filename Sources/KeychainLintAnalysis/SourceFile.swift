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

    public init(id: Int, path: String, text: String) {
        self.id = id
        self.path = path
        self.text = text
        let parsed = Parser.parse(source: text)
        // Folding with the standard operators; unknown custom operators stay as unfolded
        // sequences, which the resolver treats as unknown.
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
        self.tree = folded.as(SourceFileSyntax.self) ?? parsed
        self.lineStarts = Self.lineStarts(of: text)
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
        let end = location.offset
        let start = end - (location.column - 1)
        var text = text
        return text.withUTF8 { bytes in
            guard start >= 0, end <= bytes.count, start <= end else { return location.column }
            var scalars = 0
            for index in start..<end where bytes[index] & 0xC0 != 0x80 { scalars += 1 }
            return scalars + 1
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
