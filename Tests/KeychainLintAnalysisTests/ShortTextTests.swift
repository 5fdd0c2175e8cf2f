import KeychainLintAnalysis
import KeychainLintModel
import SwiftParser
import SwiftSyntax
import Testing

@Suite("Short source text in messages")
struct ShortTextTests {
    /// What `shortText` promises, written the slow way: the whole trimmed text, whitespace collapsed.
    private static func reference(_ node: some SyntaxProtocol, limit: Int) -> String {
        let collapsed = node.trimmedDescription.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.count <= limit ? collapsed : String(collapsed.prefix(limit - 1)) + "…"
    }

    /// The token-by-token version stops early; every node of these files, at several limits, must
    /// read exactly as the whole-text version does (comments inside, trivia at both ends, limits
    /// met exactly, one over and far over).
    @Test(arguments: [
        "if a && b /* why */ { x = 1 } else { x = 2 }\n",
        "  // leading comment\n  let flags: SecAccessControlCreateFlags = [.biometryAny,\n      .or,   .devicePasscode] // trailing\n",
        "if let ctx = context,\n   ctx.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil) { run { _ in\n  print(1)\n } }\n",
        "let s = \"  spaced   string  \"\nlet é = \"ü\" + \"🙂\"\n",
        "f(a,\tb,\r\n c)",
    ])
    func matchesTheWholeText(_ text: String) {
        let tree = Parser.parse(source: text)
        for node in [Syntax(tree)] + tree.children(viewMode: .sourceAccurate).flatMap(Self.descendants) {
            for limit in [1, 2, 5, 12, 40, 48, 200] {
                #expect(SyntaxQueries.shortText(node, limit: limit) == Self.reference(node, limit: limit),
                        "\(node.kind) limit \(limit): \(node.description.debugDescription)")
            }
        }
    }

    /// `trimmedSource` reads as swift-syntax's `trimmedDescription` for every node of these files.
    @Test(arguments: [
        "if a && b /* why */ { x = 1 } else { x = 2 }\n",
        "  // leading comment\n  let flags: SecAccessControlCreateFlags = [.biometryAny,\n      .or,   .devicePasscode] // trailing\n",
        "/// doc\nvar store: [String: Any]? // why\nfunc f(_ x: Foo.Bar<Int, String>?) -> Void {}\n",
        "let s = \"  spaced   string  \"\nlet é = \"ü\" + \"🙂\"\n",
        "f(a,\tb,\r\n c)",
        "let x = (1 +",
    ])
    func trimmedSourceIsTheTrimmedDescription(_ text: String) {
        let tree = Parser.parse(source: text)
        for node in Self.descendants(Syntax(tree)) {
            #expect(node.trimmedSource == node.trimmedDescription, "\(node.kind): \(node.description.debugDescription)")
        }
    }

    private static func descendants(_ node: Syntax) -> [Syntax] {
        [node] + node.children(viewMode: .sourceAccurate).flatMap(descendants)
    }

    @Test func cutsWithAnEllipsis() {
        let tree = Parser.parse(source: "if first &&\n    second { body() }")
        let condition = tree.statements.first!.item.as(ExpressionStmtSyntax.self)!.expression.as(IfExprSyntax.self)!.conditions
        #expect(SyntaxQueries.shortText(condition, limit: 14) == "first && seco…")
        #expect(SyntaxQueries.shortText(condition, limit: 15) == "first && second")
    }
}
