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
