import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

@Suite("SourceFile locations")
struct SourceFileTests {
    /// Our line table must place every token where swift-syntax's converter does, for every kind
    /// of line break and for multi-byte characters (columns count UTF-8 bytes, as swiftc does).
    @Test(arguments: [
        "let a = 1\nlet b = 2\n",
        "let a = 1\r\nlet b = 2\r\n\r\nlet c = 3",
        "let a = 1\rlet b = 2\r",
        "let é = \"ü\"\n  let 🙂 = 1\n",
        "",
        "\n\n\nlet a = 1",
        "/* a\r\n b */ let a = SecAccessControlCreateWithFlags(nil, x, .biometryAny, nil)\n",
    ])
    func locationsMatchSwiftSyntax(_ text: String) {
        let file = SourceFile(id: 0, path: "A.swift", text: text)
        let converter = SourceLocationConverter(fileName: "A.swift", tree: file.tree)
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            let ours = file.location(of: token)
            let theirs = token.startLocation(converter: converter)
            #expect(ours.line == theirs.line && ours.column == theirs.column, "\(token.text) in \(text.debugDescription)")
            let oursEnd = file.endLocation(of: token)
            let theirsEnd = token.endLocation(converter: converter)
            #expect(oursEnd.line == theirsEnd.line && oursEnd.column == theirsEnd.column, "end of \(token.text)")
        }
    }
}
