import KeychainLintCore
import KeychainLintReporters
import Testing

@Suite struct GitHubReporterTests {
    @Test func oneAnnotationPerFindingThenSkippedFiles() throws {
        let output = try GitHubReporter().render(Fixtures.result, options: ReportOptions(verbose: true))
        #expect(output == """
            ::error file=Sources/App/Login Store.swift,line=14,col=65,endLine=14,endColumn=77,title=Weak Biometric Access Control Flags (swift.weak_biometric_acl)::Access control uses .biometryAny, which any enrolled biometry satisfies%0AFix: Use .biometryCurrentSet so new enrollments invalidate the item.
            ::notice file=Sources/Keychain.swift,line=3,col=9,endLine=3,endColumn=20,title=Deprecated Touch ID Flag (swift.deprecated_touch_id_flag)::.touchIDAny is deprecated%0AFix: Use .biometryAny.
            ::warning file=Sources/Generated/Huge.swift::skipped: larger than 1 MB

            """)
    }

    @Test func escapesDataAndProperties() throws {
        var finding = Fixtures.lowFinding
        finding.severity = .medium
        finding.ruleId = "swift.unknown_rule"
        finding.range.file = "Sources/a,b:c%.swift"
        finding.message = "Flags: 100% weak, really\r\nsecond line"
        finding.remediation = "Use a: b, c\nthen d"
        let result = ScanResult(
            findings: [finding],
            diagnostics: [ScanDiagnostic(kind: .skippedFile, file: "x,y.swift", message: "bad: 50%\nline")],
            stats: ScanStats(), rules: [])
        let output = try GitHubReporter().render(result, options: ReportOptions())
        #expect(output == """
            ::warning file=Sources/a%2Cb%3Ac%25.swift,line=3,col=9,endLine=3,endColumn=20,title=swift.unknown_rule::Flags: 100%25 weak, really%0D%0Asecond line%0AFix: Use a: b, c%0Athen d
            ::warning file=x%2Cy.swift::skipped: bad: 50%25%0Aline

            """)
    }

    @Test func titleEscapesRuleName() throws {
        var rule = Fixtures.deprecatedRule
        rule.name = "Touch ID: old, deprecated"
        let result = ScanResult(findings: [Fixtures.lowFinding], diagnostics: [], stats: ScanStats(), rules: [rule])
        let output = try GitHubReporter().render(result, options: ReportOptions())
        #expect(output.contains(",title=Touch ID%3A old%2C deprecated (swift.deprecated_touch_id_flag)::"))
    }

    @Test func emptyResultIsEmpty() throws {
        #expect(try GitHubReporter().render(Fixtures.empty, options: ReportOptions()) == "")
    }
}
