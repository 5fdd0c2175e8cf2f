/// Positions in an Objective-C source text.
///
/// Offsets and columns count UTF-8 bytes, not characters: the lexer reads bytes (a file need not
/// be valid UTF-8, and a byte count is the only column every invalid byte still has), and
/// swift-syntax, which the Swift front end uses, counts columns the same way, so findings from
/// both languages place their columns alike. Lines and columns are 1-based; offsets are 0-based.
/// A line ends at LF, at CRLF (one break, not two) or at a lone CR (classic Mac files).
public struct ObjCSourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Bytes from the start of the text.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, in UTF-8 bytes from the start of the line.
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }

    public var description: String { "\(line):\(column)" }
}

/// A half-open range of source text: `end` is the location just after the last byte.
public struct ObjCSourceRange: Sendable, Hashable, CustomStringConvertible {
    public var start: ObjCSourceLocation
    public var end: ObjCSourceLocation

    public init(start: ObjCSourceLocation, end: ObjCSourceLocation) {
        self.start = start
        self.end = end
    }

    /// The range from the start of `self` to the end of `other`.
    public func extended(to other: ObjCSourceRange) -> ObjCSourceRange {
        ObjCSourceRange(start: start, end: other.end.offset >= end.offset ? other.end : end)
    }

    public var byteCount: Int { end.offset - start.offset }

    public var description: String { "\(start)-\(end)" }
}

/// The start of every line of a text, so that any offset gets its line and column by a binary
/// search, and tokens produced in order get theirs in constant time.
public struct ObjCLineTable: Sendable {
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    public let byteCount: Int

    public init<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        var starts = [0]
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1 - bytes.startIndex)
            } else if byte == 0x0D {
                // CRLF is one break: the line starts after the LF.
                if index + 1 < end, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1 - bytes.startIndex)
            }
            index += 1
        }
        lineStarts = starts
        byteCount = bytes.count
    }

    /// The location of `offset` (clamped to the text).
    public func location(of offset: Int) -> ObjCSourceLocation {
        let offset = max(0, min(offset, byteCount))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return ObjCSourceLocation(offset: offset, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// The location of `offset`, searching forward from the line `hint` (0-based) and updating it:
    /// constant time for offsets visited in increasing order.
    func location(of offset: Int, hint: inout Int) -> ObjCSourceLocation {
        if hint >= lineStarts.count || lineStarts[hint] > offset { return location(of: offset) }
        while hint + 1 < lineStarts.count, lineStarts[hint + 1] <= offset { hint += 1 }
        return ObjCSourceLocation(offset: offset, line: hint + 1, column: offset - lineStarts[hint] + 1)
    }
}
