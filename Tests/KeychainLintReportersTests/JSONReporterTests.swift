import Foundation
import KeychainLintCore
import KeychainLintReporters
import Testing

@Suite struct JSONReporterTests {
    @Test func documentHasTheDocumentedShape() throws {
        let output = try JSONReporter().render(Fixtures.result, options: ReportOptions())
        #expect(output.hasSuffix("}\n"))
        #expect(!output.contains("\\/"))
        let root = try decodeObject(output)
        #expect(Set(root.keys) == ["diagnostics", "findings", "pathsRelativeTo", "schemaVersion", "stats", "tool", "version"])
        #expect(root["pathsRelativeTo"] as? String == "the project root (the git root, else the folder of the configuration file, else the current folder), or --base-path when given")
        #expect(root["schemaVersion"] as? Int == 1)
        #expect(root["version"] as? String == KeychainLintVersion.current)
        let tool = try #require(root["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "keychain-lint")
        #expect(tool["version"] as? String == KeychainLintVersion.current)

        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        let first = findings[0]
        #expect(Set(first.keys) == [
            "codeFingerprint", "column", "confidence", "endColumn", "endLine", "file", "fingerprint", "line", "message", "related",
            "remediation", "ruleId", "severity",
        ])
        #expect(first["file"] as? String == "Sources/App/Login Store.swift")
        #expect(first["line"] as? Int == 14)
        #expect(first["column"] as? Int == 68)
        #expect(first["endLine"] as? Int == 14)
        #expect(first["endColumn"] as? Int == 80)
        #expect(first["severity"] as? String == "high")
        #expect(first["confidence"] as? String == "high")
        #expect(first["ruleId"] as? String == "swift.weak_biometric_acl")
        #expect(first["fingerprint"] as? String == "3f2a9c0d5e1b7a44")
        #expect(first["remediation"] as? String == Fixtures.highFinding.remediation)
        let related = try #require(first["related"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(Set(related[0].keys) == ["column", "file", "line", "message"])
        #expect(related[0]["file"] as? String == "Sources/App/Policy.swift")
        #expect(related[0]["line"] as? Int == 3)
        #expect(related[0]["column"] as? Int == 5)
        #expect(related[0]["message"] as? String == "flags is assigned here")
        #expect((findings[1]["related"] as? [Any])?.isEmpty == true)
        #expect(findings[1]["severity"] as? String == "low")

        let stats = try #require(root["stats"] as? [String: Any])
        #expect(Set(stats.keys) == [
            "durationSeconds", "filesDiscovered", "filesFromCache", "filesParsed", "filesScanned", "filesSkipped", "findingsBySeverity",
            "knownFindings", "linesScanned", "modules", "configurationFiles", "phaseSeconds", "suppressedFindings", "testFindings",
        ])
        #expect(stats["modules"] as? [Any] != nil)
        #expect(stats["testFindings"] as? Int == 0)
        #expect(stats["durationSeconds"] as? Double == 0.123)
        #expect(stats["filesDiscovered"] as? Int == 14)
        #expect(stats["filesScanned"] as? Int == 12)
        #expect(stats["filesParsed"] as? Int == 5)
        #expect(stats["filesFromCache"] as? Int == 0)
        #expect(stats["filesSkipped"] as? Int == 1)
        #expect(stats["linesScanned"] as? Int == 1234)
        #expect(stats["suppressedFindings"] as? Int == 1)
        let bySeverity = try #require(stats["findingsBySeverity"] as? [String: Int])
        #expect(bySeverity == ["critical": 0, "high": 1, "medium": 0, "low": 1, "info": 0])
        let phases = try #require(stats["phaseSeconds"] as? [String: Double])
        #expect(phases == ["parse": 0.046, "rules": 0.021])
        #expect(output.contains("\"durationSeconds\" : 0.123,"))
    }

    @Test func diagnosticsHideUnresolvedUnlessVerbose() throws {
        let quiet = try decodeObject(JSONReporter().render(Fixtures.result, options: ReportOptions()))
        let diagnostics = try #require(quiet["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["file"] as? String } == ["Sources/Broken.swift", "Sources/Generated/Huge.swift"])
        #expect(diagnostics.map { $0["kind"] as? String } == ["fileNote", "skippedFile"])
        #expect(Set(diagnostics[1].keys) == ["file", "kind", "message"])
        #expect(diagnostics[1]["message"] as? String == "larger than 1 MB")

        let verbose = try decodeObject(JSONReporter().render(Fixtures.result, options: ReportOptions(verbose: true)))
        let all = try #require(verbose["diagnostics"] as? [[String: Any]])
        #expect(all.count == 3)
        let unresolved = all[2]
        #expect(Set(unresolved.keys) == ["column", "file", "kind", "line", "message"])
        #expect(unresolved["kind"] as? String == "unresolved")
        #expect(unresolved["line"] as? Int == 7)
        #expect(unresolved["column"] as? Int == 5)
    }

    @Test func rendersAreByteIdentical() throws {
        let first = try JSONReporter().render(Fixtures.result, options: ReportOptions(verbose: true))
        let second = try JSONReporter().render(Fixtures.result, options: ReportOptions(verbose: true))
        #expect(Data(first.utf8) == Data(second.utf8))
    }

    @Test func emptyResult() throws {
        let root = try decodeObject(JSONReporter().render(Fixtures.empty, options: ReportOptions()))
        #expect((root["findings"] as? [Any])?.isEmpty == true)
        #expect((root["diagnostics"] as? [Any])?.isEmpty == true)
        let stats = try #require(root["stats"] as? [String: Any])
        #expect((stats["phaseSeconds"] as? [String: Any])?.isEmpty == true)
        #expect(stats["durationSeconds"] as? Double == 0)
    }
}
