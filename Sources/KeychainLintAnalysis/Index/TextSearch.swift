import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        needle.withUnsafeBufferPointer { pattern in
            guard wholeWord else { return ByteSearch.contains(text, pattern) }
            return ByteSearch.contains(text, pattern) { haystack, offset in
                let before = offset == 0 || !ProjectIndex.isIdentifierByte(haystack[offset - 1])
                let afterIndex = offset + pattern.count
                let after = afterIndex == haystack.count || !ProjectIndex.isIdentifierByte(haystack[afterIndex])
                return before && after
            }
        }
    }

    public static func contains(_ text: String, _ word: String) -> Bool {
        contains(text, Array(word.utf8))
    }

    /// Whether `text` may hold a construction that does not name its type in the callee:
    /// `.init(` not after `self` or `super` (which run another initializer of the same object),
    /// or `Self(` / `Self.init(`. Errs on yes, as `mayCall` does; initializer declarations
    /// (`init(`), which nearly every file with a type has, do not count.
    public static func mayConstructWithoutTypeName(in text: String) -> Bool {
        let initPattern = Array(".init".utf8)
        let implicit = initPattern.withUnsafeBufferPointer { needle in
            ByteSearch.contains(text, needle) { haystack, offset in
                var after = offset + needle.count
                if after < haystack.count, ProjectIndex.isIdentifierByte(haystack[after]) { return false }
                while after < haystack.count, haystack[after] == 0x20 || haystack[after] == 0x09 { after += 1 }
                guard after < haystack.count, haystack[after] == 0x28 else { return false }
                // `self.init(` and `super.init(` delegate; `Self.init(` is found below.
                for receiver in ["self", "super"] {
                    let bytes = Array(receiver.utf8)
                    let start = offset - bytes.count
                    if start >= 0, haystack[start..<offset].elementsEqual(bytes),
                        start == 0 || !ProjectIndex.isIdentifierByte(haystack[start - 1])
                    {
                        return false
                    }
                }
                return true
            }
        }
        return implicit || mayCall("Self", in: text)
    }

    /// Whether `text` may call `name`: the whole word followed, past spaces and a `?` or `!`, by
    /// `(`, `{` (a trailing closure), `<` (generic arguments) or `.init`, and not declared right there
    /// (`func name(`, `init`). It errs on yes (a word in a comment or a string counts): a file it
    /// says no for has no call of `name` the parser would find, so a search for callers need not
    /// parse it.
    public static func mayCall(_ name: String, in text: String) -> Bool {
        let pattern = Array(name.utf8)
        return pattern.withUnsafeBufferPointer { needle in
            ByteSearch.contains(text, needle) { haystack, offset in
                if offset > 0, ProjectIndex.isIdentifierByte(haystack[offset - 1]) { return false }
                var after = offset + needle.count
                if after < haystack.count, ProjectIndex.isIdentifierByte(haystack[after]) { return false }
                while after < haystack.count, haystack[after] == 0x20 || haystack[after] == 0x09 { after += 1 }
                guard after < haystack.count else { return false }
                // `make?(…)` and `make!(…)` call an optional closure.
                if haystack[after] == 0x3F || haystack[after] == 0x21, after + 1 < haystack.count { after += 1 }
                let next = haystack[after]
                let opens = next == 0x28 || next == 0x7B || next == 0x3C
                    || (next == 0x2E && after + 5 <= haystack.count && haystack[after..<(after + 5)].elementsEqual(".init".utf8))
                guard opens else { return false }
                // `func name(` declares it.
                var before = offset - 1
                while before >= 0, haystack[before] == 0x20 || haystack[before] == 0x09 { before -= 1 }
                if before >= 3, haystack[(before - 3)...before].elementsEqual("func".utf8),
                    before < 4 || !ProjectIndex.isIdentifierByte(haystack[before - 4])
                {
                    return false
                }
                return true
            }
        }
    }
}
