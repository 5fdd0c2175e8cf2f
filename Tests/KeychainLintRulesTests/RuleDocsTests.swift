import Foundation
import KeychainLintCore
import KeychainLintRuleKit
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

    /// `docs/rules/ID.md`, which SARIF's `helpUri` links, is generated from the rule declarations;
    /// this fails when a page is stale, missing or left over. Regenerate with
    /// `swift run keychain-lint rules --write-docs docs/rules`.
    @Test func rulePagesAreCurrent() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(names == RuleRegistry.descriptions.map { "\($0.id).md" }.sorted())
        for rule in RuleRegistry.descriptions {
            let page = try? String(contentsOf: folder.appendingPathComponent("\(rule.id).md"), encoding: .utf8)
            #expect(page == RuleDocs.rulePage(rule), "docs/rules/\(rule.id).md is stale")
        }
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

    /// Product text speaks to the tool's users and cites public sources (Apple documentation, OWASP
    /// MASTG/MASWE, CWE, public articles), never the project's internal specification documents.
    static let internalCitations = ["seed 0", "seeds 0", "(seed", "rules.md", "wrappers.md"]

    static func internalCitations(in text: String) -> [String] {
        let lowered = text.lowercased()
        return internalCitations.filter { lowered.contains($0) }
    }

    @Test func productTextCitesOnlyPublicSources() throws {
        for rule in RuleRegistry.descriptions {
            var texts = [
                "explain": RuleDocs.explain(rule),
                "name": rule.name, "summary": rule.summary, "remediation": rule.remediation,
                "aliases": rule.aliases.map { "\($0.tool) \($0.id)" }.joined(separator: "\n"),
                "options": rule.options.map(\.help).joined(separator: "\n"),
            ]
            texts["examples"] = rule.examples.flatMap { [$0.title] + $0.messages }.joined(separator: "\n")
            for (part, text) in texts {
                #expect(Self.internalCitations(in: text).isEmpty, "\(rule.id) \(part) cites an internal document: \(Self.internalCitations(in: text))")
            }
        }
        let listings = RuleDocs.list(RuleRegistry.descriptions) + RuleDocs.markdownTable(RuleRegistry.descriptions)
        #expect(Self.internalCitations(in: listings).isEmpty)
        let sarif = try SARIFReporter().render(
            ScanResult(findings: [], diagnostics: [], stats: ScanStats(), rules: RuleRegistry.descriptions),
            options: ReportOptions())
        #expect(Self.internalCitations(in: sarif).isEmpty, "SARIF rule metadata: \(Self.internalCitations(in: sarif))")

        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for document in ["README.md", "Examples/README.md"] {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
            #expect(Self.internalCitations(in: text).isEmpty, "\(document) cites an internal document: \(Self.internalCitations(in: text))")
        }
    }

    @Test func listHasOneLinePerRule() {
        let lines = RuleDocs.list(RuleRegistry.descriptions).split(separator: "\n")
        #expect(lines.count == RuleRegistry.all.count)
        #expect(lines.contains { $0.hasPrefix("swift.weak_biometric_acl") && $0.contains("high") && $0.hasSuffix("Weak Biometric Access Control Flags") })
    }
}
