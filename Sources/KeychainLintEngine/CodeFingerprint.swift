import KeychainLintCore
import KeychainLintRuleKit

/// What of a file an analysis can read, as one digest, for the result cache: the file's text up
/// to the end of its last token, and whether the text after it holds something a reader of the
/// whole text takes in (a `keychain-lint:` directive, an `import` or `#include` line inside a
/// block comment). Comments and blank lines after a file's last token are no code of any
/// declaration, call or expression, move no line or column before them, and are part of no
/// source range a finding quotes, so a file whose fingerprint is unchanged gives every analysis,
/// its own and the others' lookups into it, what it gave before, as long as the names it
/// mentions (the index counts words in comments too) are the same (`ResultCache`).
///
/// Where the code ends is the front end's answer (`FrontEnd.codeEnd`), from the same parser or
/// lexer that decides what is code for the analysis: a comment-like run inside a string
/// literal is never taken for a comment.
enum CodeFingerprint {
    /// Words that, after the last token, make the fingerprint differ from one without them.
    private static let readerWords = [SuppressionDirective.prefix, "import", "include"].map { Array($0.utf8) }

    /// `codeEnd`: UTF-8 offset of the end of the file's last token.
    static func of(_ text: String, codeEnd: Int, language: SourceLanguage) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            let end = min(max(codeEnd, 0), bytes.count)
            var hasher = SHA256()
            hasher.update(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<end])))
            let rest = UnsafeBufferPointer(rebasing: bytes[end...])
            var marks: [UInt8] = [0]
            for (position, word) in readerWords.enumerated() where contains(rest, word) {
                marks.append(UInt8(position + 1))
            }
            marks.withUnsafeBytes { hasher.update($0) }
            return language.rawValue + ":" + SHA256.hex(hasher.finalize())
        }
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard let first = word.first, bytes.count >= word.count else { return false }
        var position = 0
        while position + word.count <= bytes.count {
            if bytes[position] == first, word.indices.allSatisfy({ bytes[position + $0] == word[$0] }) { return true }
            position += 1
        }
        return false
    }
}
