import KeychainLintCore
import KeychainLintReporters
import Testing

@Suite struct TextReporterTests {
    @Test func rendersFindingsDiagnosticsAndSummary() throws {
        let output = try TextReporter().render(Fixtures.result, options: ReportOptions())
        #expect(output == """
            Sources/App/Login Store.swift:14:68: error: Access control uses .biometryAny, which any enrolled biometry satisfies [swift.weak_biometric_acl]
                fix: Use .biometryCurrentSet so new enrollments invalidate the item.
            Sources/Keychain.swift:3:9: note: .touchIDAny is deprecated [swift.deprecated_touch_id_flag]
                fix: Use .biometryAny.
            Sources/Broken.swift: note: syntax errors; results may be incomplete
            Sources/Generated/Huge.swift: note: skipped: larger than 1 MB

            Scanned 12 files in 0.12s: 2 findings (1 high, 1 low), 1 suppressed

            """)
    }

    @Test func verboseAddsUnresolvedDiagnostics() throws {
        let output = try TextReporter().render(Fixtures.result, options: ReportOptions(verbose: true))
        #expect(output == """
            Sources/App/Login Store.swift:14:68: error: Access control uses .biometryAny, which any enrolled biometry satisfies [swift.weak_biometric_acl]
                fix: Use .biometryCurrentSet so new enrollments invalidate the item.
            Sources/Keychain.swift:3:9: note: .touchIDAny is deprecated [swift.deprecated_touch_id_flag]
                fix: Use .biometryAny.
            Sources/Broken.swift: note: syntax errors; results may be incomplete
            Sources/Generated/Huge.swift: note: skipped: larger than 1 MB
            Sources/Keychain.swift:7:5: note: cannot resolve 'flags': it is a function parameter [unresolved]

            Scanned 12 files in 0.12s: 2 findings (1 high, 1 low), 1 suppressed

            """)
    }

    @Test func emptyResultIsOnlyTheSummary() throws {
        let output = try TextReporter().render(Fixtures.empty, options: ReportOptions(verbose: true))
        #expect(output == "Scanned 0 files in 0.00s: no findings\n")
    }

    @Test func summaryOrdersSeveritiesAndUsesSingular() throws {
        var result = Fixtures.result
        result.findings = [Fixtures.lowFinding]
        result.diagnostics = []
        result.stats.filesScanned = 1
        result.stats.suppressedFindings = 0
        result.stats.durationSeconds = 1.5
        var output = try TextReporter().render(result, options: ReportOptions())
        #expect(output.hasSuffix("\n\nScanned 1 file in 1.50s: 1 finding (1 low)\n"))

        var critical = Fixtures.highFinding
        critical.severity = .critical
        var medium = Fixtures.lowFinding
        medium.severity = .medium
        result.findings = [Fixtures.lowFinding, critical, medium, Fixtures.highFinding, Fixtures.lowFinding]
        result.stats.durationSeconds = 0
        output = try TextReporter().render(result, options: ReportOptions())
        #expect(output.hasSuffix("Scanned 1 file in 0.00s: 5 findings (1 critical, 1 high, 1 medium, 2 low)\n"))
    }

    @Test func colourWrapsLevelAndLocationOnly() throws {
        let output = try TextReporter().render(Fixtures.result, options: ReportOptions(useColor: true))
        #expect(output.contains("\u{1B}[1mSources/App/Login Store.swift:14:68:\u{1B}[0m \u{1B}[31merror\u{1B}[0m: Access control"))
        #expect(output.contains("\u{1B}[36mnote\u{1B}[0m: .touchIDAny is deprecated"))
        #expect(output.hasSuffix("\nScanned 12 files in 0.12s: 2 findings (1 high, 1 low), 1 suppressed\n"))

        var medium = Fixtures.lowFinding
        medium.severity = .medium
        let warning = try TextReporter().render(
            ScanResult(findings: [medium], diagnostics: [], stats: ScanStats(), rules: []),
            options: ReportOptions(useColor: true))
        #expect(warning.contains("\u{1B}[33mwarning\u{1B}[0m:"))

        let plain = try TextReporter().render(Fixtures.result, options: ReportOptions(useColor: false))
        #expect(!plain.contains("\u{1B}"))
    }
}

@Suite struct OutputFormatTests {
    @Test func everyFormatHasItsReporter() {
        #expect(OutputFormat.allCases.map(\.rawValue) == ["text", "json", "sarif", "github", "html", "markdown", "gitlab", "junit", "checkstyle", "xcode"])
        #expect(OutputFormat.xcode.reporter is XcodeReporter)
        #expect(OutputFormat.text.reporter is TextReporter)
        #expect(OutputFormat.json.reporter is JSONReporter)
        #expect(OutputFormat.sarif.reporter is SARIFReporter)
        #expect(OutputFormat.github.reporter is GitHubReporter)
        #expect(OutputFormat.html.reporter is HTMLReporter)
        #expect(OutputFormat.markdown.reporter is MarkdownReporter)
        #expect(OutputFormat.gitlab.reporter is GitLabReporter)
        #expect(OutputFormat.junit.reporter is JUnitReporter)
        #expect(OutputFormat.checkstyle.reporter is CheckstyleReporter)
    }

    @Test func everyFormatIsDeterministic() throws {
        for format in OutputFormat.allCases {
            let first = try format.reporter.render(Fixtures.result, options: ReportOptions(verbose: true))
            let second = try format.reporter.render(Fixtures.result, options: ReportOptions(verbose: true))
            #expect(first == second, "\(format)")
        }
    }
}

@Suite struct XcodeReporterTests {
    @Test("every finding is a warning at its absolute path, its severity named; notes and the summary follow")
    func warningsAtAbsolutePaths() throws {
        let output = try XcodeReporter().render(Fixtures.result, options: ReportOptions(rootPath: "/projects/app"))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains(
            "/projects/app/Sources/App/Login Store.swift:14:68: warning: Access control uses .biometryAny, which any enrolled biometry satisfies [swift.weak_biometric_acl] (high)"))
        #expect(lines.contains { $0.hasPrefix("/projects/app/Sources/Keychain.swift:") && $0.hasSuffix("[swift.deprecated_touch_id_flag] (low)") })
        #expect(!output.contains(": error: "))
        #expect(lines.contains("/projects/app/Sources/Generated/Huge.swift: note: skipped: larger than 1 MB"))
        #expect(lines.last?.hasPrefix("Scanned ") == true)
    }

    @Test("paths outside the root and absolute paths are spelled absolutely")
    func absolutePaths() {
        #expect(XcodeReporter.absolute("../Shared/Key.swift", root: "/projects/app") == "/projects/Shared/Key.swift")
        #expect(XcodeReporter.absolute("/elsewhere/Key.swift", root: "/projects/app") == "/elsewhere/Key.swift")
        #expect(XcodeReporter.absolute("Key.swift", root: nil) == "Key.swift")
    }

    @Test("control characters from the scanned code are escaped, never printed raw")
    func hostileInput() throws {
        let output = try XcodeReporter().render(Fixtures.hostileResult, options: ReportOptions(verbose: true, rootPath: "/p"))
        #expect(!output.contains("\u{1B}") && !output.contains("\u{07}") && !output.contains("\r") && !output.contains("\u{202E}"))
        #expect(!output.contains("\n::error file=FAKE"))
    }
}
