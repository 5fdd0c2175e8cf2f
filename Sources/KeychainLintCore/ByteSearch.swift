#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over UTF-8 bytes, for passes that look through every file of a scan:
/// Foundation's `String.contains` compares characters and costs several times more.
public enum ByteSearch {
    /// Whether `text` holds `needle`'s bytes.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { pattern in contains(text, pattern) }
    }

    /// Whether `text` holds `pattern` at an offset `accepting` (given the text's bytes and the
    /// offset) agrees to; every occurrence when it is nil.
    public static func contains(
        _ text: String, _ pattern: UnsafeBufferPointer<UInt8>,
        accepting: ((UnsafeBufferPointer<UInt8>, Int) -> Bool)? = nil
    ) -> Bool {
        guard let wanted = pattern.baseAddress, !pattern.isEmpty else { return true }
        var text = text
        return text.withUTF8 { haystack in
            guard haystack.count >= pattern.count, let base = haystack.baseAddress else { return false }
            // memchr finds candidate first bytes quickly; memcmp confirms. (memmem is a GNU
            // extension the Swift Glibc module does not export.)
            let first = Int32(pattern[0])
            var start = UnsafeRawPointer(base)
            let end = UnsafeRawPointer(base) + haystack.count
            while end - start >= pattern.count {
                guard let hit = memchr(start, first, end - start) else { return false }
                let candidate = UnsafeRawPointer(hit)
                if end - candidate < pattern.count { return false }
                if memcmp(candidate, wanted, pattern.count) == 0,
                    accepting?(haystack, candidate - UnsafeRawPointer(base)) ?? true
                {
                    return true
                }
                start = candidate + 1
            }
            return false
        }
    }
}
