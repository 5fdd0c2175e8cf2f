import Foundation
import KeychainLintCore
import KeychainLintReporters
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The formats for review tools and CI servers: what they do with text from the scanned code.
@Suite struct NewFormatsTests {
    static var markupResult: ScanResult {
        var finding = Fixtures.lowFinding
        finding.message = "Flags <script>alert(1)</script> & `Unmanaged<CFError>` | \"quoted\" 'single'"
        finding.range.file = "Sources/A&B <x>.swift"
        return ScanResult(findings: [finding], diagnostics: [], stats: ScanStats(), rules: [Fixtures.deprecatedRule])
    }

    @Test func markdownEscapesMarkupOutsideCodeSpansOnly() throws {
        let text = try MarkdownReporter().render(Self.markupResult, options: ReportOptions())
        #expect(text.contains("Flags &lt;script&gt;alert(1)&lt;/script&gt; &amp; `Unmanaged<CFError>` \\| \"quoted\" 'single'"), "\(text)")
        #expect(!text.contains("<script>"))
        #expect(text.hasPrefix("### keychain-lint: 1 finding (1 low)\n"))
        #expect(rawControlCharacters(in: try MarkdownReporter().render(Fixtures.hostileResult, options: ReportOptions()), except: ["\n"]).isEmpty)
    }

    @Test func htmlEscapesEverythingFromTheCode() throws {
        let page = try HTMLReporter().render(Self.markupResult, options: ReportOptions())
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("Flags &lt;script&gt;alert(1)&lt;/script&gt; &amp; `Unmanaged&lt;CFError&gt;` | &quot;quoted&quot; &#39;single&#39;"))
        #expect(page.contains("Sources/A&amp;B &lt;x&gt;.swift"))
        let hostile = try HTMLReporter().render(Fixtures.hostileResult, options: ReportOptions())
        #expect(rawControlCharacters(in: hostile, except: ["\n"]).isEmpty)
    }

    @Test func xmlFormatsStayWellFormedWithHostileText() throws {
        for reporter in [JUnitReporter() as any Reporter, CheckstyleReporter()] {
            for result in [Self.markupResult, Fixtures.hostileResult, Fixtures.result, Fixtures.empty] {
                let text = try reporter.render(result, options: ReportOptions())
                #expect(throws: Never.self) { _ = try XMLDocument(xmlString: text, options: []) }
                #expect(rawControlCharacters(in: text, except: ["\n"]).isEmpty)
            }
        }
        let checkstyle = try XMLDocument(xmlString: try CheckstyleReporter().render(Self.markupResult, options: ReportOptions()), options: [])
        let error = try #require(checkstyle.rootElement()?.elements(forName: "file").first?.elements(forName: "error").first)
        #expect(error.attribute(forName: "message")?.stringValue == Self.markupResult.findings[0].message)
    }

    @Test func gitLabIssuesHaveTheDocumentedShape() throws {
        let text = try GitLabReporter().render(Fixtures.result, options: ReportOptions())
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(issues.count == Fixtures.result.findings.count)
        for (issue, finding) in zip(issues, Fixtures.result.findings) {
            #expect(issue["check_name"] as? String == finding.ruleId)
            #expect(issue["fingerprint"] as? String == finding.fingerprint)
            let location = try #require(issue["location"] as? [String: Any])
            #expect(location["path"] as? String == finding.range.file)
            #expect((location["lines"] as? [String: Any])?["begin"] as? Int == finding.range.start.line)
        }
        #expect(issues.map { $0["severity"] as? String } == ["critical", "minor"])
        #expect(try GitLabReporter().render(Fixtures.empty, options: ReportOptions()) == "[\n\n]\n")
    }
}
