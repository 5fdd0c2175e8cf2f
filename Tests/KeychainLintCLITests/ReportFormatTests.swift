import Foundation
import Testing

/// `--format json|sarif|github` and `--output`.
@Suite("scan: report formats")
struct ReportFormatTests {
    // MARK: JSON

    @Test("--format json: one document with version, findings and stats")
    func json() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--format", "json"])

        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let document = try jsonObject(run.stdout)
        let version = try tree.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!version.isEmpty)
        #expect(document["version"] as? String == version)

        let findings = try #require(document["findings"] as? [[String: Any]], "\(run)")
        try #require(findings.count == 2, "\(run)")
        let keys = [
            "ruleId", "severity", "confidence", "message", "file", "line", "column", "endLine", "endColumn",
            "remediation", "fingerprint",
        ]
        for finding in findings {
            for key in keys {
                #expect(finding[key] != nil, "finding lacks \(key): \(finding)")
            }
            #expect(finding["ruleId"] as? String == "swift.weak_biometric_acl")
            #expect(finding["severity"] as? String == "high")
            #expect(finding["remediation"] as? String == CLIFixtures.weakACLRemediation)
            let fingerprint = finding["fingerprint"] as? String ?? ""
            #expect(!fingerprint.isEmpty)
        }

        let session = findings[0]
        #expect(session["file"] as? String == "SessionStore.swift")
        #expect(session["line"] as? Int == 11)
        #expect(session["column"] as? Int == 13)
        #expect(session["endLine"] as? Int == 11)
        #expect(session["endColumn"] as? Int == 44)  // after `KeychainFlags.sessionTokenFlags`
        #expect(session["confidence"] as? String == "medium")  // resolved through another file
        #expect(session["message"] as? String
            == CLIFixtures.orPasscodeMessage + " (via `KeychainFlags.sessionTokenFlags` (KeychainFlags.swift:6))")

        let token = findings[1]
        #expect(token["file"] as? String == "TokenStore.swift")
        #expect(token["line"] as? Int == 7)
        #expect(token["column"] as? Int == 95)
        #expect(token["endLine"] as? Int == 7)
        #expect(token["endColumn"] as? Int == 107)  // after `.biometryAny`
        #expect(token["confidence"] as? String == "high")  // written at the call
        #expect(token["message"] as? String == CLIFixtures.biometryAnyMessage)
        #expect(session["fingerprint"] as? String != token["fingerprint"] as? String)

        let stats = try #require(document["stats"] as? [String: Any], "\(run)")
        #expect(stats["filesScanned"] as? Int == 3)
        #expect(stats["suppressedFindings"] as? Int == 1)
    }

    @Test("--format json twice: identical findings")
    func jsonIsDeterministic() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let first = try jsonObject(try tree.run(["scan", "--format", "json"]).stdout)
        let second = try jsonObject(try tree.run(["scan", "--format", "json"]).stdout)

        let firstFindings = try #require(first["findings"] as? [Any])
        let secondFindings = try #require(second["findings"] as? [Any])
        #expect(!firstFindings.isEmpty)
        #expect((firstFindings as NSArray).isEqual(to: secondFindings))
    }

    @Test("--format json with no findings: exit 0, empty findings list")
    func jsonWithoutFindings() throws {
        let tree = try TempTree(fixture: "secure-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--format", "json"])

        #expect(run.status == 0, "\(run)")
        let document = try jsonObject(run.stdout)
        #expect((document["findings"] as? [Any])?.isEmpty == true, "\(run)")
        #expect((document["stats"] as? [String: Any])?["filesScanned"] as? Int == 1)
    }

    // MARK: SARIF

    @Test("--format sarif --output FILE: the file holds SARIF 2.1.0, stdout stays empty, stderr says so")
    func sarifToFile() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("keychain-lint-cli-\(UUID().uuidString).sarif")
        defer { try? FileManager.default.removeItem(at: output) }

        let run = try tree.run(["scan", "--format", "sarif", "--output", output.path])

        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines == ["keychain-lint: wrote 2 findings to \(output.path)"], "\(run)")
        let text = try String(contentsOf: output, encoding: .utf8)
        let log = try jsonObject(text)
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        try #require(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])

        // The brief asked for rules[0]; the reporter sorts the enabled rules by id, so
        // `keychain_lint.invalid_suppression` comes first. The descriptor is found by id and the
        // results' ruleIndex must point at it.
        let index = try #require(rules.firstIndex { $0["id"] as? String == "swift.weak_biometric_acl" }, "\(rules)")
        let rule = rules[index]
        let properties = try #require(rule["properties"] as? [String: Any])
        let tags = properties["tags"] as? [String] ?? []
        #expect(tags.contains("CWE:287"), "\(tags)")
        #expect(tags.contains("security"), "\(tags)")
        let securitySeverity = try #require(properties["security-severity"] as? String)
        let score = try #require(Double(securitySeverity))
        #expect(score >= 7.0 && score < 9.0, "high is 7.0–8.9 in GitHub's scale, got \(score)")

        // The suppressed finding is listed with its suppression, apart from the two findings.
        let results = try #require(runs[0]["results"] as? [[String: Any]]).filter { $0["suppressions"] == nil }
        try #require(results.count == 2)
        for result in results {
            #expect(result["ruleId"] as? String == "swift.weak_biometric_acl")
            #expect(result["ruleIndex"] as? Int == index)
            #expect(result["level"] as? String == "error")
            #expect((result["partialFingerprints"] as? [String: String])?.isEmpty == false, "\(result)")
        }
        #expect(sarifLocations(log) == ["SessionStore.swift:11:13", "TokenStore.swift:7:95"])
    }

    @Test("SARIF fingerprints survive lines and an unrelated function added above the finding")
    func sarifFingerprintStability() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let before = try jsonObject(try tree.run(["scan", "--format", "sarif"]).stdout)
        let original = try tree.read("TokenStore.swift")
        let edited = original.replacingOccurrences(
            of: "final class TokenStore {",
            with: """


                /// Unrelated code added above the finding.
                func unrelatedHelper(_ value: Int) -> Int {
                    value * 2
                }

                final class TokenStore {
                """)
        try #require(edited != original)
        try tree.write("TokenStore.swift", edited)
        let after = try jsonObject(try tree.run(["scan", "--format", "sarif"]).stdout)

        let beforeResults = sarifResults(before)
        let afterResults = sarifResults(after)
        try #require(beforeResults.count == 2 && afterResults.count == 2)
        // Same order (by file): SessionStore.swift, TokenStore.swift.
        for (old, new) in zip(beforeResults, afterResults) {
            #expect(old.fingerprints == new.fingerprints, "\(old.location) → \(new.location)")
            #expect(!old.fingerprints.isEmpty)
        }
        #expect(beforeResults[1].location == "TokenStore.swift:7:95")
        #expect(afterResults[1].location == "TokenStore.swift:14:95")  // startLine moved by 7
        #expect(beforeResults[0].location == afterResults[0].location)  // the other file did not change
    }

    // MARK: GitHub

    @Test("--format github: one ::error annotation per finding")
    func github() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--format", "github"])

        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let lines = run.stdoutLines
        try #require(lines.count == 2, "\(run)")
        for line in lines {
            #expect(line.hasPrefix("::error file="), "\(line)")
            #expect(line.contains("title=Weak Biometric Access Control Flags (swift.weak_biometric_acl)::"), "\(line)")
            #expect(line.hasSuffix("%0AFix: \(CLIFixtures.weakACLRemediation)"), "\(line)")
        }
        #expect(lines[0].hasPrefix("::error file=SessionStore.swift,line=11,col=13,endLine=11,endColumn=44,"))
        #expect(lines[1].hasPrefix("::error file=TokenStore.swift,line=7,col=95,endLine=7,endColumn=107,"))
    }

    @Test("--format github with no findings prints nothing")
    func githubWithoutFindings() throws {
        let tree = try TempTree(fixture: "secure-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--format", "github"])

        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
    }

    // MARK: Columns on a line with non-ASCII text

    @Test("non-ASCII before the finding: text/JSON count UTF-8 bytes, SARIF and GitHub count code points")
    func columnUnits() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        // "🔑" is 1 code point and 4 UTF-8 bytes: `.biometryAny` starts at code point 65, byte 68.
        try tree.write("Key.swift", """
            let note = "🔑"; let a = SecAccessControlCreateWithFlags(nil, p, .biometryAny, nil)

            """)

        let text = try tree.run(["scan"])
        #expect(findingPositions(text) == ["Key.swift:1:68"], "\(text)")

        let json = try jsonObject(try tree.run(["scan", "--format", "json"]).stdout)
        let finding = (json["findings"] as? [[String: Any]])?.first ?? [:]
        #expect(finding["column"] as? Int == 68)
        #expect(finding["endColumn"] as? Int == 80)

        // SARIF declares `columnKind: unicodeCodePoints`, so its columns must be code points.
        let sarifRun = try tree.run(["scan", "--format", "sarif"])
        let log = try jsonObject(sarifRun.stdout)
        let run = (log["runs"] as? [[String: Any]])?.first ?? [:]
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let region = (((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]
            as? [String: Any])?["region"] as? [String: Any] ?? [:]
        #expect(region["startColumn"] as? Int == 65, "SARIF startColumn in code points: \(region)")
        #expect(region["endColumn"] as? Int == 77, "SARIF endColumn in code points: \(region)")

        // GitHub annotations count characters too.
        let github = try tree.run(["scan", "--format", "github"])
        #expect(github.stdoutLines.first?.hasPrefix("::error file=Key.swift,line=1,col=65,endLine=1,endColumn=77,") == true,
                "\(github)")
    }

    // MARK: Control characters from the scanned code

    @Test("a file name with a newline and ESC, and ESC/BEL in a comment: no format prints them raw, github prints only its own commands")
    func hostileNamesAndText() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        // After the newline, the name reads as a workflow command of its own to GitHub Actions.
        let name = "nl\n::error file=FAKE.swift::x\u{1B}[31m.swift"
        do {
            try tree.write(name, """
                // keychain-lint:disable-next-line swift.x\u{1B}[2J\u{07} -- migrated
                let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)

                """)
        } catch {
            // A file system that refuses such a name cannot hold the attack either.
            return
        }
        let escapedName = #"nl\u{0A}::error file=FAKE.swift::x\u{1B}[31m.swift"#

        let text = try tree.run(["scan", "--no-cache"])
        #expect(text.status == 1, "\(text)")
        #expect(findingLines(text) == [
            escapedName + ":1:1: note: " + #"Suppression names unknown rule 'swift.x\u{1B}[2J\u{07}'"# + " [keychain_lint.invalid_suppression]",
            escapedName + ":2:95: error: \(CLIFixtures.biometryAnyMessage) [swift.weak_biometric_acl]",
        ], "\(text)")
        #expect(rawControlCharacters(text.stdout) == [], "\(text)")

        let github = try tree.run(["scan", "--no-cache", "--format", "github"])
        #expect(github.status == 1, "\(github)")
        let encodedName = "nl%0A%3A%3Aerror file=FAKE.swift%3A%3Ax%1B[31m.swift"
        let lines = github.stdoutLines
        try #require(lines.count == 2, "\(github)")
        #expect(lines[0].hasPrefix("::notice file=\(encodedName),line=1,col=1,endLine=1,endColumn=60,title="), "\(github)")
        #expect(lines[1].hasPrefix("::error file=\(encodedName),line=2,col=95,endLine=2,endColumn=107,title="), "\(github)")
        #expect(github.stdoutLines.first?.hasSuffix("::Suppression names unknown rule 'swift.x%1B[2J%07'%0AFix: "
            + "Write `// keychain-lint:disable-next-line RULE_ID -- reason` with a known rule id and a reason.") == true, "\(github)")
        #expect(rawControlCharacters(github.stdout) == [], "\(github)")

        for format in ["json", "sarif"] {
            let run = try tree.run(["scan", "--no-cache", "--format", format])
            #expect(run.status == 1, "\(run)")
            #expect(rawControlCharacters(run.stdout) == [], "\(run)")
        }
        // The values themselves are intact once decoded.
        let json = try jsonObject(try tree.run(["scan", "--no-cache", "--format", "json"]).stdout)
        #expect((json["findings"] as? [[String: Any]])?.map { $0["file"] as? String } == [name, name])
        let sarif = try tree.run(["scan", "--no-cache", "--format", "sarif"])
        #expect(sarif.stdout.contains(#""uri" : "nl%0A%3A%3Aerror%20file=FAKE.swift%3A%3Ax%1B%5B31m.swift""#), "\(sarif)")
    }

    // MARK: --output problems and bad values

    @Test("--output into a folder that does not exist: exit 2, one line naming the file")
    func outputIntoMissingFolder() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--format", "json", "--output", "no-such-folder/report.json"])

        #expect(run.status == 2, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("keychain-lint: error: cannot write report to 'no-such-folder/report.json'"), "\(run)")
    }

    @Test("--format xml: exit 2 naming the value")
    func unknownFormat() throws {
        let tree = try TempTree(fixture: "weak-app")
        defer { tree.remove() }

        let run = try tree.run(["scan", "--format", "xml"])

        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines.first?.hasPrefix("keychain-lint: error: ") == true, "\(run)")
        #expect(run.stderrLines.first?.contains("'xml'") == true, "\(run)")
    }

    // MARK: Helpers

    struct SARIFResult {
        var location: String
        var fingerprints: [String: String]
    }

    func sarifResults(_ log: [String: Any]) -> [SARIFResult] {
        let runs = log["runs"] as? [[String: Any]] ?? []
        let results = (runs.first?["results"] as? [[String: Any]] ?? []).filter { $0["suppressions"] == nil }
        return results.map { result in
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? "?"
            let region = physical["region"] as? [String: Any] ?? [:]
            let line = region["startLine"] as? Int ?? 0
            let column = region["startColumn"] as? Int ?? 0
            return SARIFResult(
                location: "\(uri):\(line):\(column)",
                fingerprints: result["partialFingerprints"] as? [String: String] ?? [:])
        }
    }

    func sarifLocations(_ log: [String: Any]) -> [String] {
        sarifResults(log).map(\.location)
    }
}
