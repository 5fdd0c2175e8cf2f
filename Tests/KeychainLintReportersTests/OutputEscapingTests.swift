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

    /// Strings of random characters, drawn mostly from the troublesome ones, in every field a
    /// report prints: the text and github reports keep one line per entry and no raw control
    /// character; JSON and SARIF decode to the very same strings.
    @Test func randomHostileStringsInEveryFormat() throws {
        // Every C0 control, DEL, a few C1 controls, separators, bidi controls, and characters
        // that mean something to the formats themselves.
        var pool: [Unicode.Scalar] = (0x00...0x1F).compactMap(Unicode.Scalar.init)
        pool += [0x7F, 0x80, 0x85, 0x9B, 0x9F, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066, 0x2069].compactMap(Unicode.Scalar.init)
        pool += ["%", ":", ",", "\\", "\"", "[", "a", "é", "🔐", " ", "=", "u", "{", "}"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            // SplitMix64: the same strings on every run.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        func randomString() -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(1 + next(12)) { scalars.append(pool[next(pool.count)]) }
            return String(scalars)
        }
        for _ in 0..<200 {
            var finding = Fixtures.lowFinding
            finding.range.file = randomString()
            finding.message = randomString()
            finding.remediation = randomString()
            let diagnostics = [ScanDiagnostic.Kind.skippedFile, .fileNote, .unresolved].map {
                ScanDiagnostic(kind: $0, file: randomString(), message: randomString())
            }
            let result = ScanResult(findings: [finding], diagnostics: diagnostics, stats: ScanStats(), rules: [Fixtures.deprecatedRule])
            let options = ReportOptions(verbose: true)

            let text = try TextReporter().render(result, options: options)
            #expect(rawControlCharacters(in: text, except: ["\n"]) == [], "\(text.debugDescription)")
            // Finding, fix, three diagnostics, blank line, summary.
            #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 8, "\(text.debugDescription)")

            let github = try GitHubReporter().render(result, options: options)
            #expect(rawControlCharacters(in: github, except: ["\n"]) == [], "\(github.debugDescription)")
            // The finding and the skipped file, each one command.
            let commands = github.split(separator: "\n")
            #expect(commands.count == 2 && commands.allSatisfy { $0.hasPrefix("::notice file=") || $0.hasPrefix("::warning file=") },
                    "\(github.debugDescription)")

            let json = try JSONReporter().render(result, options: options)
            #expect(rawControlCharacters(in: json, except: ["\n"]) == [], "\(json.debugDescription)")
            let object = try decodeObject(json)
            let entry = try #require((object["findings"] as? [[String: Any]])?.first)
            #expect(entry["file"] as? String == finding.range.file)
            #expect(entry["message"] as? String == finding.message)
            #expect(entry["remediation"] as? String == finding.remediation)
            let decoded = Set((object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String })
            #expect(decoded == Set(diagnostics.map(\.message)))

            let sarif = try SARIFReporter().render(result, options: options)
            #expect(rawControlCharacters(in: sarif, except: ["\n"]) == [], "\(sarif.debugDescription)")
            let run = try #require((try decodeObject(sarif)["runs"] as? [[String: Any]])?.first)
            let message = (run["results"] as? [[String: Any]])?.first?["message"] as? [String: Any]
            #expect((message?["text"] as? String)?.hasPrefix(finding.message) == true)
        }
    }
}
