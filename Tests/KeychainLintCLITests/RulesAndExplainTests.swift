import Foundation
import Testing

/// `keychain-lint rules` and `keychain-lint explain RULE_ID`.
@Suite("rules and explain")
struct RulesAndExplainTests {
    /// A line's whitespace-separated columns, with the multi-word name joined back.
    func columns(_ line: String) -> (id: String, severity: String, name: String)? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 3 else { return nil }
        return (String(words[0]), String(words[1]), words.dropFirst(2).joined(separator: " "))
    }

    @Test("rules lists swift.weak_biometric_acl, high, with its name, in aligned columns")
    func rules() throws {
        let tree = try TempTree()
        defer { tree.remove() }

        let run = try tree.run(["rules"])

        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let line = try #require(run.stdoutLines.first { $0.hasPrefix("swift.weak_biometric_acl ") }, "\(run)")
        let parsed = try #require(columns(line))
        #expect(parsed.id == "swift.weak_biometric_acl")
        #expect(parsed.severity == "high")
        #expect(parsed.name == "Weak Biometric Access Control Flags")
        #expect(line.contains("swift.weak_biometric_acl  "), "at least two spaces between columns: \(line)")
        // Every line has the same three columns, aligned: the severity starts at the same offset.
        let offsets = run.stdoutLines.compactMap { line -> Int? in
            guard let parsed = columns(line), let range = line.range(of: "  \(parsed.severity)") else { return nil }
            return line.distance(from: line.startIndex, to: range.upperBound) - parsed.severity.count
        }
        #expect(offsets.count == run.stdoutLines.count, "\(run)")
        #expect(Set(offsets).count == 1, "\(run)")
        let severities: Set<String> = ["critical", "high", "medium", "low", "info"]
        #expect(run.stdoutLines.allSatisfy { columns($0).map { severities.contains($0.severity) } ?? false }, "\(run)")
    }

    @Test("explain swift.weak_biometric_acl prints the documentation sections and the remediation")
    func explain() throws {
        let tree = try TempTree()
        defer { tree.remove() }

        let run = try tree.run(["explain", "swift.weak_biometric_acl"])

        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let lines = run.stdoutLines
        #expect(lines.first == "# Weak Biometric Access Control Flags")
        #expect(lines.contains("ID: swift.weak_biometric_acl"))
        #expect(lines.contains("Severity: high"))
        var previous = -1
        for section in ["## What it flags", "## Why it matters", "## What to do instead", "## References"] {
            let index = try #require(lines.firstIndex(of: section), "missing \(section):\n\(run.stdout)")
            #expect(index > previous, "\(section) is out of order")
            previous = index
        }
        #expect(run.stdout.contains(".biometryCurrentSet"))
        #expect(run.stdout.contains("CWE-287"))
        #expect(run.stdout.contains("weakBiometricFlags"))
        // The `fix:` text a finding prints should be findable in the rule's documentation.
        #expect(run.stdout.contains(CLIFixtures.weakACLRemediation),
                "explain does not print the remediation shown in `fix:` lines")
    }

    @Test("explain nope: exit 2, one line naming the id")
    func explainUnknown() throws {
        let tree = try TempTree()
        defer { tree.remove() }

        let run = try tree.run(["explain", "nope"])

        #expect(run.status == 2, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines == ["keychain-lint: error: unknown rule 'nope' (run `keychain-lint rules` for the list)"], "\(run)")
    }

    @Test("explain without an id: exit 2")
    func explainWithoutId() throws {
        let tree = try TempTree()
        defer { tree.remove() }

        let run = try tree.run(["explain"])

        #expect(run.status == 2, "\(run)")
        #expect(!run.showsCrash, "\(run)")
        #expect(run.stderrLines.first?.hasPrefix("keychain-lint: error: ") == true, "\(run)")
    }

    @Test("every listed rule can be explained")
    func everyRuleExplains() throws {
        let tree = try TempTree()
        defer { tree.remove() }

        let ids = try tree.run(["rules"]).stdoutLines.compactMap { columns($0)?.id }
        #expect(ids.count >= 1)
        for id in ids {
            let run = try tree.run(["explain", id])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdoutLines.contains("ID: \(id)"), "\(run)")
        }
    }
}
