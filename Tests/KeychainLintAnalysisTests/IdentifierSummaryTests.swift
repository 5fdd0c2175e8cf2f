@testable import KeychainLintAnalysis
import Testing

/// The identifier summary of a file (what the prefilter and the name index read) takes words
/// from code and string literals, not from comments.
@Suite("Index: identifiers outside comments")
struct IdentifierSummaryTests {
    static let words = ["watch", "companion", "SecItemAdd", "Keychain", "setName", "after", "inner", "tail"]

    static func found(_ text: String, nested: Bool = true) -> Set<String> {
        let hashes = Dictionary(uniqueKeysWithValues: words.map { (ProjectIndex.identifierHash(Array($0.utf8)), $0) })
        let summary = ProjectIndex.identifierSummary(text, lookingFor: Set(hashes.keys), nestedBlockComments: nested)
        return Set(summary.wordsFound.compactMap { hashes[$0] })
    }

    @Test("words in line and block comments are not identifiers; words in code and strings are")
    func commentsAreSkipped() {
        #expect(Self.found("""
            /// Opens the companion app
            static var watch: String { "Keychain" } // SecItemAdd
            /* setName */ let after = 1
            """) == ["watch", "Keychain", "after"])
    }

    @Test("a // or /* inside a string starts no comment, and an escaped quote does not end the string")
    func stringsHoldNoComments() {
        #expect(Self.found(#"let url = "https://x/*y"; SecItemAdd(q, nil)"#) == ["SecItemAdd"])
        #expect(Self.found(#"let s = "a \" // b"; watch()"#) == ["watch"])
        #expect(Self.found("let s = \"\"\"\n  // companion\n  \"\"\"\nlet after = 0") == ["companion", "after"])
        #expect(Self.found(#"NSSelectorFromString(@"setName:"); // tail"#) == ["setName"])
    }

    @Test("Swift's block comments nest; C's end at the first */")
    func nesting() {
        let text = "/* a /* inner */ still */ let after = 1\n"
        #expect(Self.found(text) == ["after"])
        #expect(Self.found(text, nested: false) == ["after"])
        #expect(Self.found("/* a /* b */ inner */ tail", nested: false) == ["inner", "tail"])
        #expect(Self.found("/* a /* b */ inner */ tail", nested: true) == ["tail"])
    }

    @Test("lines are counted inside comments and strings, and a declaration list still ends at a line's end")
    func linesAndDeclarations() {
        let summary = ProjectIndex.identifierSummary("/* one\ntwo */\nlet a = 1 // x\nvar b = 2\n", lookingFor: [])
        #expect(summary.lines == 4)
        let declared = summary.entries.filter { $0.kinds != 0 }.map(\.key)
        #expect(Set(declared) == Set(["a", "b"].map { ProjectIndex.IdentifierEntry.key(of: $0) }))
    }
}
