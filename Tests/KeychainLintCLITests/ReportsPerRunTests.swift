import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Several reports in one run (`--report FORMAT=PATH`), and the shapes of the formats CI systems
/// read: GitLab Code Quality, JUnit, Checkstyle, a Markdown comment, an HTML page, and SARIF's
/// rule pages, value paths, suppressions and category.
@Suite("scan: several reports per run, and their formats")
struct ReportsPerRunTests {
    static let findingCount = ExamplesScanTests.expected.count

    /// One scan of Examples writing every format, from the package root.
    static func scanExamples(into folder: TempTree, extra: [String] = []) throws -> CLIRun {
        let formats = ["sarif": "r.sarif", "gitlab": "gl-code-quality.json", "junit": "junit.xml", "checkstyle": "checkstyle.xml",
                       "markdown": "comment.md", "html": "report.html", "json": "r.json"]
        let reports = formats.keys.sorted().flatMap { ["--report", "\($0)=\(folder.path(formats[$0]!).path)"] }
        return try KeychainLint.run(["scan", "Examples", "--no-cache"] + reports + extra, in: CLIFixtures.packageRoot)
    }

    static func xml(_ text: String) throws -> XMLElement {
        let document = try XMLDocument(xmlString: text, options: [])
        return try #require(document.rootElement())
    }

    static func int(_ element: XMLElement, _ name: String) -> Int? {
        element.attribute(forName: name)?.stringValue.flatMap(Int.init)
    }

    @Test("one run writes every report, with the text report on standard output")
    func everyReportInOneRun() throws {
        let out = try TempTree()
        defer { out.remove() }
        let run = try Self.scanExamples(into: out)
        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run).count == Self.findingCount, "\(run)")
        #expect(run.stderrLines.count == 7, "\(run)")
        #expect(run.stderrLines.allSatisfy { $0.hasPrefix("keychain-lint: wrote \(Self.findingCount) findings to ") }, "\(run)")
        let json = try jsonObject(out.read("r.json"))
        #expect((json["findings"] as? [Any])?.count == Self.findingCount)
    }

    @Test("GitLab Code Quality: the documented fields of each issue, unique fingerprints, paths from the repository root")
    func gitLab() throws {
        let out = try TempTree()
        defer { out.remove() }
        _ = try Self.scanExamples(into: out)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(out.read("gl-code-quality.json").utf8)) as? [[String: Any]])
        #expect(issues.count == Self.findingCount)
        var fingerprints = Set<String>()
        for issue in issues {
            #expect((issue["description"] as? String)?.isEmpty == false)
            #expect((issue["check_name"] as? String)?.contains(".") == true)
            let fingerprint = try #require(issue["fingerprint"] as? String)
            fingerprints.insert(fingerprint)
            #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""), "\(issue)")
            let location = try #require(issue["location"] as? [String: Any])
            let path = try #require(location["path"] as? String)
            #expect(!path.hasPrefix("/") && FileManager.default.fileExists(atPath: CLIFixtures.packageRoot.appendingPathComponent(path).path), "\(path)")
            let begin = try #require((location["lines"] as? [String: Any])?["begin"] as? Int)
            #expect(begin >= 1)
        }
        #expect(fingerprints.count == issues.count)
        let first = issues[0]
        #expect(first["check_name"] as? String == "swift.passcode_fallback_acl")
        #expect(((first["location"] as? [String: Any])?["path"] as? String) == "Examples/InsecureBank/Keychain/CardStore.swift")
        #expect((((first["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int) == 22)
    }

    @Test("JUnit: testsuites, a testsuite per file, a failed testcase per finding; a clean scan is one passed test")
    func jUnit() throws {
        let out = try TempTree()
        defer { out.remove() }
        _ = try Self.scanExamples(into: out)
        let root = try Self.xml(out.read("junit.xml"))
        #expect(root.name == "testsuites")
        #expect(Self.int(root, "tests") == Self.findingCount)
        #expect(Self.int(root, "failures") == Self.findingCount)
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 11)
        var cases = 0
        for suite in suites {
            let testcases = suite.elements(forName: "testcase")
            #expect(Self.int(suite, "tests") == testcases.count)
            #expect(Self.int(suite, "failures") == testcases.count)
            for testcase in testcases {
                cases += 1
                let failure = try #require(testcase.elements(forName: "failure").first)
                #expect(failure.attribute(forName: "message")?.stringValue?.isEmpty == false)
                #expect(failure.attribute(forName: "type")?.stringValue?.contains(".") == true)
                #expect(testcase.attribute(forName: "classname")?.stringValue == suite.attribute(forName: "name")?.stringValue)
            }
        }
        #expect(cases == Self.findingCount)

        let clean = try KeychainLint.run(["scan", "Examples/SecureBank", "--no-cache", "--format", "junit"], in: CLIFixtures.packageRoot)
        #expect(clean.status == 0, "\(clean)")
        let cleanRoot = try Self.xml(clean.stdout)
        #expect(Self.int(cleanRoot, "tests") == 1)
        #expect(Self.int(cleanRoot, "failures") == 0)
        #expect(cleanRoot.elements(forName: "testsuite").first?.elements(forName: "testcase").count == 1)
    }

    @Test("Checkstyle: a file element per file, an error per finding with line, column, severity and the rule as source")
    func checkstyle() throws {
        let out = try TempTree()
        defer { out.remove() }
        _ = try Self.scanExamples(into: out)
        let root = try Self.xml(out.read("checkstyle.xml"))
        #expect(root.name == "checkstyle")
        let errors = root.elements(forName: "file").flatMap { $0.elements(forName: "error") }
        #expect(errors.count == Self.findingCount)
        let first = try #require(root.elements(forName: "file").first)
        #expect(first.attribute(forName: "name")?.stringValue == "Examples/InsecureBank/Keychain/CardStore.swift")
        let error = try #require(first.elements(forName: "error").first)
        #expect(Self.int(error, "line") == 22)
        #expect(Self.int(error, "column") == 13)
        #expect(error.attribute(forName: "severity")?.stringValue == "warning")
        #expect(error.attribute(forName: "source")?.stringValue == "swift.passcode_fallback_acl")
    }

    @Test("Markdown: a headline, a table by rule, each rule's findings folded when the list is long")
    func markdown() throws {
        let out = try TempTree()
        defer { out.remove() }
        _ = try Self.scanExamples(into: out)
        let text = try out.read("comment.md")
        let lines = CLIRun.lines(text)
        #expect(lines.first?.hasPrefix("### keychain-lint: \(Self.findingCount) findings (") == true, "\(text)")
        #expect(lines.contains("| Rule | Severity | Findings |"))
        #expect(lines.filter { $0.hasPrefix("<details><summary>") }.count == lines.filter { $0 == "</details>" }.count)
        #expect(lines.contains("<details><summary><code>swift.weak_biometric_acl</code>: 9 findings</summary>"), "\(text)")
        #expect(!text.contains("<details open>"))
        #expect(lines.filter { $0.hasPrefix("- **") }.count == Self.findingCount)

        let few = try KeychainLint.run(["scan", "Examples/InsecureBank/UI", "--no-cache", "--format", "markdown"], in: CLIFixtures.packageRoot)
        #expect(few.stdout.contains("<details open><summary>"), "\(few)")
    }

    @Test("HTML: one self-contained page with the summary, filters, and each finding's excerpt, value path and fix")
    func html() throws {
        let out = try TempTree()
        defer { out.remove() }
        _ = try Self.scanExamples(into: out)
        let page = try out.read("report.html")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.components(separatedBy: "<article class=\"finding ").count - 1 == Self.findingCount)
        #expect(!page.contains("<link") && !page.contains(" src="), "nothing is loaded from elsewhere")
        #expect(page.contains("<table class=\"counts\">"))
        #expect(page.contains("<select name=\"rule\">"))
        // The excerpt of CredentialVault.swift:23 (its value path through a flags constant).
        #expect(page.contains("<span class=\"line hit\"><span class=\"ln\">23</span>"), "excerpt with the reported line marked")
        #expect(page.contains("<h4>Value path</h4>"))
        #expect(page.contains("<strong>Fix:</strong> Use .biometryCurrentSet"))
        // The same result gives the same page.
        let again = try TempTree()
        defer { again.remove() }
        _ = try Self.scanExamples(into: again)
        #expect(try again.read("report.html") == page)
    }

    @Test("SARIF: rule pages in the repository, value paths as code flows, suppressions, and a category")
    func sarif() throws {
        let out = try TempTree()
        defer { out.remove() }
        _ = try Self.scanExamples(into: out)
        let run = try #require((try jsonObject(out.read("r.sarif"))["runs"] as? [[String: Any]])?.first)
        let rules = try #require((run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect(rule["helpUri"] as? String == "https://github.com/keychain-lint/keychain-lint/blob/main/docs/rules/\(id).md")
            #expect(FileManager.default.fileExists(atPath: CLIFixtures.packageRoot.appendingPathComponent("docs/rules/\(id).md").path), "\(id)")
        }
        #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == "keychain-lint/")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == Self.findingCount + 1)
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == 1)
        #expect((suppressed.first?["suppressions"] as? [[String: Any]])?.first?["kind"] as? String == "inSource")
        let flows = results.filter { $0["codeFlows"] != nil }
        #expect(flows.count == results.filter { $0["relatedLocations"] != nil }.count)
        #expect(!flows.isEmpty)
        let steps = try #require(((flows.first?["codeFlows"] as? [[String: Any]])?.first?["threadFlows"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])
        #expect(steps.count == ((flows.first?["relatedLocations"] as? [Any])?.count ?? 0) + 1)
    }

    @Test("--report: an unknown format, a missing path, two reports on standard output, a report into a folder: one-line errors")
    func badReports() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App.swift", CommandLineTextTests.code)
        let unknown = try tree.run(["scan", "--report", "pdf=out.pdf"])
        #expect(unknown.status == 2)
        #expect(unknown.stderrLines == ["keychain-lint: error: --report: unknown format 'pdf' (one of text, json, sarif, github, html, markdown, gitlab, junit, checkstyle, xcode) (see 'keychain-lint --help')"], "\(unknown)")
        let noEquals = try tree.run(["scan", "--report", "sarif"])
        #expect(noEquals.stderrLines == ["keychain-lint: error: --report 'sarif': expected FORMAT=PATH, e.g. sarif=results.sarif (see 'keychain-lint --help')"], "\(noEquals)")
        let twoStdout = try tree.run(["scan", "--report", "json=-"])
        #expect(twoStdout.status == 2)
        #expect(twoStdout.stderrLines == ["keychain-lint: error: --report json=-: only one report can go to standard output (see 'keychain-lint --help')"], "\(twoStdout)")
        try FileManager.default.createDirectory(at: tree.path("folder"), withIntermediateDirectories: true)
        let folder = try tree.run(["scan", "--no-cache", "--report", "sarif=folder"])
        #expect(folder.status == 2)
        #expect(folder.stderrLines == ["keychain-lint: error: cannot write report to 'folder': is a directory"], "\(folder)")
        // The primary report in a file, another on standard output.
        let swapped = try tree.run(["scan", "--no-cache", "--output", "out.txt", "--report", "json=-"])
        #expect(swapped.status == 1, "\(swapped)")
        #expect(try (jsonObject(swapped.stdout)["findings"] as? [Any])?.isEmpty == false)
        #expect(try tree.read("out.txt").contains("[swift.weak_biometric_acl]"))
        for run in [unknown, noEquals, twoStdout, folder] { #expect(!run.showsCrash, "\(run)") }
    }
}
