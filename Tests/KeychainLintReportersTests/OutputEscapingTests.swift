import Foundation
import KeychainLintCore
import KeychainLintReporters
import Testing

/// Paths and messages come from the scanned code: no format prints a control character from
/// them raw (`Fixtures.hostileResult`).
@Suite struct OutputEscapingTests {
    @Test func textEscapesControlCharactersAsSwiftEscapes() throws {
        let output = try TextReporter().render(Fixtures.hostileResult, options: ReportOptions(verbose: true))
        #expect(output == #"""
            Sources/nl\u{0A}::error file=FAKE.swift::x\u{1B}[2J.swift:3:9: note: Weak \u{1B}]0;owned\u{07} flags\u{0D}\u{9B}31m \u{202E}txt.exe [swift.deprecated_touch_id_flag]
                fix: Use .biometryCurrentSet\u{0A}::warning::injected\u{7F}\u{09}end
            Sources/\u{07}bell.swift: note: syntax errors\u{0A}::notice::hi
            Sources/nl\u{0A}::error file=FAKE.swift::x\u{1B}[2J.swift: note: skipped: cannot read file:\u{0D}\u{1B}[1A
            Sources/nl\u{0A}::error file=FAKE.swift::x\u{1B}[2J.swift:2:1: note: cannot resolve '\u{1B}[8m' [unresolved]

            Scanned 0 files in 0.00s: 1 finding (1 low)

            """#)
        #expect(rawControlCharacters(in: output, except: ["\n"]) == [])
    }

    @Test func textColoursAreTheOnlyEscapeSequences() throws {
        let output = try TextReporter().render(Fixtures.hostileResult, options: ReportOptions(useColor: true))
        let firstLine = try #require(output.split(separator: "\n").first.map(String.init))
        #expect(firstLine == "\u{1B}[1m" + #"Sources/nl\u{0A}::error file=FAKE.swift::x\u{1B}[2J.swift:3:9:"# + "\u{1B}[0m \u{1B}[36mnote\u{1B}[0m: "
            + #"Weak \u{1B}]0;owned\u{07} flags\u{0D}\u{9B}31m \u{202E}txt.exe [swift.deprecated_touch_id_flag]"#)
    }

    @Test func githubPercentEncodesEveryControlCharacter() throws {
        let output = try GitHubReporter().render(Fixtures.hostileResult, options: ReportOptions(verbose: true))
        #expect(output == """
            ::notice file=Sources/nl%0A%3A%3Aerror file=FAKE.swift%3A%3Ax%1B[2J.swift,line=3,col=9,endLine=3,endColumn=20,title=Deprecated Touch ID Flag (swift.deprecated_touch_id_flag)::Weak %1B]0;owned%07 flags%0D%C2%9B31m %E2%80%AEtxt.exe%0AFix: Use .biometryCurrentSet%0A::warning::injected%7F%09end
            ::warning file=Sources/nl%0A%3A%3Aerror file=FAKE.swift%3A%3Ax%1B[2J.swift::skipped: cannot read file:%0D%1B[1A

            """)
        // One workflow command per line, and nothing else.
        #expect(output.split(separator: "\n").map { $0.hasPrefix("::notice file=") || $0.hasPrefix("::warning file=") } == [true, true])
        #expect(rawControlCharacters(in: output, except: ["\n"]) == [])
    }

    @Test func jsonEscapesControlCharactersAndKeepsTheValues() throws {
        let output = try JSONReporter().render(Fixtures.hostileResult, options: ReportOptions(verbose: true))
        // Pretty-printing puts line breaks between values; none is inside one.
        #expect(rawControlCharacters(in: output, except: ["\n"]) == [])
        #expect(output.contains(#"\u009B31m \u202Etxt.exe"#))
        #expect(output.contains(#"injected\u007F"#))
        let object = try decodeObject(output)
        let finding = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(finding["file"] as? String == Fixtures.hostileFile)
        #expect(finding["message"] as? String == Fixtures.hostileMessage)
        #expect(finding["remediation"] as? String == "Use .biometryCurrentSet\n::warning::injected\u{7F}\tend")
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["message"] as? String } == [
            "syntax errors\n::notice::hi", "cannot read file:\r\u{1B}[1A", "cannot resolve '\u{1B}[8m'",
        ])
    }

    @Test func sarifEscapesControlCharactersAndKeepsTheValues() throws {
        let output = try SARIFReporter().render(Fixtures.hostileResult, options: ReportOptions(verbose: true))
        #expect(rawControlCharacters(in: output, except: ["\n"]) == [])
        let run = try #require((try decodeObject(output)["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let message = try #require((result["message"] as? [String: Any])?["text"] as? String)
        #expect(message.hasPrefix(Fixtures.hostileMessage), "\(message)")
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String
            == "Sources/nl%0A%3A%3Aerror%20file=FAKE.swift%3A%3Ax%1B%5B2J.swift")
    }
}
