import Foundation
import KeychainLintCore
import KeychainLintReporters
import Testing

@Suite struct SARIFReporterTests {
    func render(_ result: ScanResult = Fixtures.result) throws -> (text: String, run: [String: Any]) {
        let text = try SARIFReporter().render(result, options: ReportOptions())
        let log = try decodeObject(text)
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return (text, runs[0])
    }

    func rules(_ run: [String: Any]) throws -> [[String: Any]] {
        let tool = try #require(run["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        return try #require(driver["rules"] as? [[String: Any]])
    }

    @Test func driverAndRules() throws {
        let (_, run) = try render()
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "keychain-lint")
        #expect(driver["version"] as? String == KeychainLintVersion.current)
        #expect(driver["semanticVersion"] as? String == KeychainLintVersion.current)
        #expect(driver["informationUri"] as? String == KeychainLintVersion.informationURI)

        let rules = try rules(run)
        #expect(rules.map { $0["id"] as? String } == ["swift.deprecated_touch_id_flag", "swift.weak_biometric_acl"])
        let rule = rules[1]
        #expect(rule["name"] as? String == "WeakBiometricAcl")
        #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == "Weak Biometric Access Control Flags")
        #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == Fixtures.biometricRule.summary)
        #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        let help = try #require(rule["help"] as? [String: String])
        #expect(help["text"] == """
            Reports .biometryAny and .userPresence.

            Why it matters: A newly enrolled face unlocks the item.

            What to do instead: Use .biometryCurrentSet.

            References:
            - https://developer.apple.com/documentation/security/secaccesscontrolcreateflags
            """)
        #expect(help["markdown"] == """
            # Weak Biometric Access Control Flags

            ## What it does

            Reports .biometryAny and .userPresence.

            ## Why it matters

            A newly enrolled face unlocks the item.

            ## What to do instead

            Use .biometryCurrentSet.

            ## References

            - https://developer.apple.com/documentation/security/secaccesscontrolcreateflags
            """)

        let properties = try #require(rule["properties"] as? [String: Any])
        let tags = try #require(properties["tags"] as? [String])
        #expect(tags == ["security", "CWE:287", "MASVS:auth-8", "external/cwe/cwe-287"])
        #expect(properties["security-severity"] as? String == "8.0")
        #expect(properties["precision"] as? String == "very-high")
        #expect(properties["problem.severity"] as? String == "error")
        #expect(properties["severity"] as? String == "high")
        #expect(properties["aliases"] as? [String] == ["mobsfscan:ios_biometric_acl"])

        let low = try #require(rules[0]["properties"] as? [String: Any])
        #expect(low["tags"] as? [String] == ["security", "MASWE:0014"])
        #expect(low["security-severity"] as? String == "3.0")
        #expect(low["precision"] as? String == "high")
        #expect(low["problem.severity"] as? String == "recommendation")
        #expect(low["aliases"] == nil)
        #expect(rules[0]["name"] as? String == "DeprecatedTouchIdFlag")
        #expect((rules[0]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
    }

    @Test func resultsPointAtRulesAndUseCodePointColumns() throws {
        let (_, run) = try render()
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)

        let high = results[0]
        #expect(high["ruleId"] as? String == "swift.weak_biometric_acl")
        #expect(high["ruleIndex"] as? Int == 1)
        #expect(high["level"] as? String == "error")
        #expect((high["message"] as? [String: Any])?["text"] as? String == Fixtures.highFinding.message)
        #expect(high["partialFingerprints"] as? [String: String] == ["keychainLint/v1": "3f2a9c0d5e1b7a44"])
        #expect(high["properties"] as? [String: String] == ["confidence": "high", "severity": "high"])
        let locations = try #require(high["locations"] as? [[String: Any]])
        #expect(locations.count == 1)
        let physical = try #require(locations[0]["physicalLocation"] as? [String: Any])
        #expect(physical["artifactLocation"] as? [String: String] == [
            "uri": "Sources/App/Login%20Store.swift", "uriBaseId": "%SRCROOT%",
        ])
        #expect(physical["region"] as? [String: Int] == [
            "startLine": 14, "startColumn": 65, "endLine": 14, "endColumn": 77,
        ])
        let related = try #require(high["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(related[0]["id"] as? Int == 1)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "flags is assigned here")
        let relatedPhysical = try #require(related[0]["physicalLocation"] as? [String: Any])
        #expect((relatedPhysical["artifactLocation"] as? [String: String])?["uri"] == "Sources/App/Policy.swift")

        let low = results[1]
        #expect(low["ruleIndex"] as? Int == 0)
        #expect(low["level"] as? String == "note")
        #expect(low["relatedLocations"] == nil)
    }

    @Test func unknownRuleHasNoRuleIndex() throws {
        var result = Fixtures.result
        result.findings[1].ruleId = "swift.not_enabled"
        let (_, run) = try render(result)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results[0]["ruleIndex"] as? Int == 1)
        #expect(results[1]["ruleId"] as? String == "swift.not_enabled")
        #expect(results[1]["ruleIndex"] == nil)
    }

    @Test func invocationReportsSkippedFilesAndNotes() throws {
        let (_, run) = try render()
        let invocations = try #require(run["invocations"] as? [[String: Any]])
        #expect(invocations.count == 1)
        #expect(invocations[0]["executionSuccessful"] as? Bool == true)
        let notifications = try #require(invocations[0]["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.map { $0["level"] as? String } == ["note", "warning"])
        #expect((notifications[1]["message"] as? [String: Any])?["text"] as? String == "skipped: larger than 1 MB")
        let location = try #require((notifications[1]["locations"] as? [[String: Any]])?.first)
        let artifact = (location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
        #expect(artifact == ["uri": "Sources/Generated/Huge.swift", "uriBaseId": "%SRCROOT%"])

        let base = try #require(run["originalUriBaseIds"] as? [String: Any])
        let root = try #require(base["%SRCROOT%"] as? [String: Any])
        #expect(root["uri"] == nil)
        #expect((root["description"] as? [String: Any])?["text"] as? String == "The project root: the git root, else the folder of the configuration file, else the current folder (or --base-path)")
    }

    @Test func emptyResultStillHasResultsArray() throws {
        let (_, run) = try render(Fixtures.empty)
        #expect((run["results"] as? [Any])?.isEmpty == true)
        #expect(try rules(run).isEmpty)
        let invocations = try #require(run["invocations"] as? [[String: Any]])
        #expect(invocations[0]["toolExecutionNotifications"] == nil)
    }

    @Test func pathsBecomeURIs() throws {
        var result = Fixtures.empty
        for path in ["./Sources/Zé 100%.swift", "/src/app/Key:chain.swift", "Sources\\Win.swift"] {
            result.diagnostics.append(ScanDiagnostic(kind: .skippedFile, file: path, message: "x"))
        }
        let (_, run) = try render(result)
        let notifications = try #require(
            (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])
        let artifacts = notifications.map {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: String]
        }
        #expect(artifacts == [
            ["uri": "Sources/Z%C3%A9%20100%25.swift", "uriBaseId": "%SRCROOT%"],
            ["uri": "file:///src/app/Key%3Achain.swift"],
            ["uri": "Sources/Win.swift", "uriBaseId": "%SRCROOT%"],
        ])
    }

    /// Writes the fixture's SARIF to `$KEYCHAIN_LINT_SARIF_OUT` when set, so
    /// `Scripts/validate_sarif.py` can check it against the official schema.
    @Test func dumpForSchemaValidation() throws {
        guard let path = ProcessInfo.processInfo.environment["KEYCHAIN_LINT_SARIF_OUT"], !path.isEmpty else { return }
        var result = Fixtures.result
        result.diagnostics.append(ScanDiagnostic(kind: .fileNote, file: "Sources/Broken.swift",
                                                 position: SourcePosition(line: 2, column: 1), message: "syntax error"))
        let text = try SARIFReporter().render(result, options: ReportOptions(verbose: true))
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
