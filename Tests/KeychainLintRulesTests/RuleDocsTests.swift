import Foundation
import KeychainLintReporters
import KeychainLintRules
import Testing

@Suite("Rule documentation")
struct RuleDocsTests {
    /// The README's rule table is generated from the rule declarations; this fails when it is stale.
    /// Regenerate with `swift run keychain-lint rules --format markdown` and paste between the markers.
    @Test func readmeRuleTableIsCurrent() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- rules-table -->\n"))
        let end = try #require(readme.range(of: "<!-- /rules-table -->"))
        let table = String(readme[start.upperBound..<end.lowerBound])
        #expect(table == RuleDocs.markdownTable(RuleRegistry.descriptions))
    }

    @Test func explainContainsEverySection() {
        for type in RuleRegistry.all {
            let text = RuleDocs.explain(type.description)
            for heading in ["## What it flags", "## Why it matters", "## What to do instead", "## Fix safety", "## Flagged", "## Not flagged"] {
                #expect(text.contains(heading), "\(type.description.id) lacks \(heading)")
            }
            #expect(text.contains("ID: \(type.description.id)"))
        }
    }

    @Test func listHasOneLinePerRule() {
        let lines = RuleDocs.list(RuleRegistry.descriptions).split(separator: "\n")
        #expect(lines.count == RuleRegistry.all.count)
        #expect(lines.contains { $0.hasPrefix("swift.weak_biometric_acl") && $0.contains("high") && $0.hasSuffix("Weak Biometric Access Control Flags") })
    }
}
