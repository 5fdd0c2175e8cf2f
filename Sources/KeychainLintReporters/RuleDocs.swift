import Foundation
import KeychainLintCore

/// Renders rule descriptions for `keychain-lint rules`, `keychain-lint explain` and generated docs.
public enum RuleDocs {
    /// One line per rule: id, severity, name.
    public static func list(_ rules: [RuleDescription]) -> String {
        let idWidth = rules.map(\.id.count).max() ?? 0
        var lines: [String] = []
        for rule in rules {
            let id = rule.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            let severity = rule.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            lines.append("\(id)  \(severity)  \(rule.name)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The README's rule table: id, severity, what it flags, equivalents in other tools.
    public static func markdownTable(_ rules: [RuleDescription]) -> String {
        var lines = [
            "| Rule | Severity | What it flags | Other tools |",
            "|---|---|---|---|",
        ]
        for rule in rules {
            let aliases = rule.aliases.isEmpty ? "—" : rule.aliases.map { "\($0.tool) `\($0.id)`" }.joined(separator: ", ")
            let summary = rule.summary.replacingOccurrences(of: "|", with: "\\|")
            lines.append("| `\(rule.id)` | \(rule.severity.rawValue) | \(summary) | \(aliases) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rule's page in the repository (`docs/rules/ID.md`, which SARIF's `helpUri` links):
    /// the full documentation, generated from the declaration.
    public static func rulePage(_ rule: RuleDescription) -> String {
        "<!-- Generated from the rule's declaration by `keychain-lint rules --write-docs docs/rules`: edit the rule, not this page. -->\n\n"
            + explain(rule)
    }

    /// What both pages open with: the title, the metadata (`full`: confidence, resource and tags
    /// too), the summary, the fix, and what it flags, why it matters and what to do instead.
    private static func opening(_ rule: RuleDescription, full: Bool) -> [String] {
        var out: [String] = []
        out.append("# \(rule.name)")
        out.append("")
        out.append("ID: \(rule.id)")
        out.append("Severity: \(rule.severity.rawValue)")
        if full {
            out.append("Confidence: \(rule.confidence.rawValue)")
            out.append("Resource: \(rule.resource)")
        }
        out.append("Language: \(rule.language)")
        if full, !rule.tags.isEmpty { out.append("Tags: \(rule.tags.joined(separator: ", "))") }
        if !rule.aliases.isEmpty {
            out.append("Also known as: " + rule.aliases.map { "\($0.id) (\($0.tool))" }.joined(separator: ", "))
        }
        out.append("")
        out.append(rule.summary)
        out.append("")
        out.append("Fix: \(rule.remediation)")
        section("What it flags", rule.documentation.whatItDoes, into: &out)
        section("Why it matters", rule.documentation.whyItMatters, into: &out)
        section("What to do instead", rule.documentation.whatToDoInstead, into: &out)
        return out
    }

    /// The full documentation of one rule, as Markdown-flavoured text.
    public static func explain(_ rule: RuleDescription) -> String {
        var out = opening(rule, full: true)
        section("Fix safety", rule.documentation.fixSafety, into: &out)
        if !rule.documentation.notes.isEmpty {
            section("Decisions", rule.documentation.notes.map { "- " + $0 }.joined(separator: "\n"), into: &out)
        }
        if !rule.options.isEmpty {
            var text: [String] = []
            for option in rule.options {
                text.append("- `\(option.name)` (default: \(option.defaultValue)): \(option.help)")
                if case .nameList(let allowed) = option.kind {
                    text.append("  Allowed values: \(allowed.joined(separator: ", ")).")
                }
                if case .integer(let range) = option.kind {
                    text.append("  Range: \(range.lowerBound)…\(range.upperBound).")
                }
            }
            text.append("")
            text.append("Configure in `.keychain-lint.yml`:")
            text.append("")
            text.append("    rules:")
            text.append("      \(rule.id):")
            for option in rule.options { text.append("        \(option.name): \(option.defaultValue)") }
            section("Options", text.joined(separator: "\n"), into: &out)
        }
        examples("Flagged (↓ marks where the finding is reported)", rule.triggeringExamples, into: &out)
        examples("Not flagged", rule.nonTriggeringExamples, into: &out)
        if !rule.documentation.references.isEmpty {
            section("References", rule.documentation.references.map { "- " + $0 }.joined(separator: "\n"), into: &out)
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The page `keychain-lint explain` prints: what the rule flags, why, what to do instead, its
    /// options, one flagged and one accepted example, and references. `explain(_:)` is the whole.
    public static func page(_ rule: RuleDescription) -> String {
        var out = opening(rule, full: false)
        if !rule.options.isEmpty {
            let text = rule.options.map { "- `\($0.name)` (default: \($0.defaultValue)): \($0.help)" }
            section("Options", text.joined(separator: "\n"), into: &out)
        }
        examples("Flagged (↓ marks where the finding is reported)", Array(rule.triggeringExamples.prefix(1)), into: &out)
        examples("Not flagged", Array(rule.nonTriggeringExamples.prefix(1)), into: &out)
        if !rule.documentation.references.isEmpty {
            section("References", rule.documentation.references.map { "- " + $0 }.joined(separator: "\n"), into: &out)
        }
        let examples = rule.examples.count
        out.append("")
        out.append("More (fix safety, decisions, option values, all \(examples) example\(examples == 1 ? "" : "s")): keychain-lint explain \(rule.id) --full")
        return out.joined(separator: "\n") + "\n"
    }

    private static func section(_ title: String, _ body: String, into out: inout [String]) {
        out.append("")
        out.append("## \(title)")
        out.append("")
        out.append(body)
    }

    private static func examples(_ title: String, _ examples: [RuleExample], into out: inout [String]) {
        guard !examples.isEmpty else { return }
        out.append("")
        out.append("## \(title)")
        for example in examples {
            out.append("")
            out.append("### \(example.title)")
            if !example.options.isEmpty {
                let options = example.options.keys.sorted().map { "\($0): \(example.options[$0]!)" }
                out.append("")
                out.append("With options: " + options.joined(separator: ", "))
            }
            for name in example.files.keys.sorted() {
                out.append("")
                if example.files.count > 1 { out.append("`\(name)`:") }
                out.append("```" + fence(for: name))
                out.append(example.files[name]!)
                out.append("```")
            }
            for message in example.messages {
                out.append("> \(message)")
            }
        }
    }

    /// The code fence's language for an example file: Objective-C for `.m`/`.mm`/`.h`, XML for a
    /// property list, Swift otherwise.
    private static func fence(for name: String) -> String {
        if name.hasSuffix(".m") || name.hasSuffix(".mm") || name.hasSuffix(".h") { return "objc" }
        if name.hasSuffix(".plist") { return "xml" }
        return "swift"
    }
}
