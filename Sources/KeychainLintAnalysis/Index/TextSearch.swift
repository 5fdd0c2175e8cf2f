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
}
