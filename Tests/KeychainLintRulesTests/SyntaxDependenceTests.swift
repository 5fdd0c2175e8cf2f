import Foundation
import Testing

/// Rules ask questions of values; only a rule that is about Swift's own shapes reads the syntax
/// tree. A rule file that starts importing SwiftSyntax must be added here on purpose, with the
/// reason in the file ("Swift-only by nature"); the others are handed `SwiftCall` /
/// `SwiftExpression` references and the Objective-C rules never see Swift syntax.
@Suite("Rules and syntax")
struct SyntaxDependenceTests {
    /// The rule files that read Swift syntax, each because of what it judges (the file says why).
    /// A check written once for every language (`Check`) reads neither language's syntax: its front
    /// ends read it into the model (`SwiftRuleKit/`, `ObjCRuleKit/`), so it is not here; for example
    /// boolean_only_local_authentication judges a `PolicyEvaluation` and an `EvaluatedContext`,
    /// fail_open_local_authentication the `OutcomeTest`s of its reply.
    static let swiftOnlyByNature: Set<String> = [
        "DeprecatedKeychainAPIRule+SwiftFlags.swift",
        "WeakKeychainAccessibilityRule+DictionaryEntries.swift",
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Each Swift file of `folder` (under Sources, its subfolders too when `recursive`) with
    /// whether it imports SwiftSyntax.
    static func imports(in folder: String, recursive: Bool = false) throws -> [(name: String, text: String, importsSyntax: Bool)] {
        let directory = sources.appendingPathComponent(folder)
        let names = recursive
            ? (FileManager.default.subpaths(atPath: directory.path) ?? [])
            : try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let importsSyntax = text.split(separator: "\n").contains { $0.hasPrefix("import SwiftSyntax") || $0.hasPrefix("@testable import SwiftSyntax") }
            return (name, text, importsSyntax)
        }
    }

    @Test("only the Swift-only-by-nature rules import SwiftSyntax, and each says why")
    func swiftRules() throws {
        let files = try Self.imports(in: "KeychainLintRules/Rules")
        let importing = Set(files.filter(\.importsSyntax).map(\.name))
        #expect(importing == Self.swiftOnlyByNature, "import SwiftSyntax beyond the list: \(importing.subtracting(Self.swiftOnlyByNature).sorted()); listed but not importing: \(Self.swiftOnlyByNature.subtracting(importing).sorted())")
        for file in files where file.importsSyntax {
            #expect(file.text.contains("Swift-only by nature"), "\(file.name) imports SwiftSyntax without saying why")
        }
        // The folder must be read at all (a moved folder would pass vacuously).
        #expect(files.filter { !$0.importsSyntax }.count >= 15, "rule files read: \(files.map(\.name))")
    }

    /// What a check written once for every language must not name: either language's syntax, or
    /// the inside of a `ProgramExpression` (only the contexts look inside).
    static let syntaxWords = [
        "import SwiftSyntax", "import KeychainLintObjC", "ExprSyntax", "ObjCExpr", "ObjCCallSite", "case .swift(",
        "case .objectiveC(",
    ]

    @Test("a check written once for every language names neither language's syntax")
    func checksAreNeutral() throws {
        let checks = try Self.imports(in: "KeychainLintRules/Rules").filter { $0.text.contains(": Check {") }
        // The moved checks must be found at all (a renamed protocol would pass vacuously).
        #expect(checks.count >= 7, "check files found: \(checks.map(\.name))")
        for check in checks {
            let named = Self.syntaxWords.filter { check.text.contains($0) }
            #expect(named.isEmpty, "\(check.name) names \(named): a front end's reading belongs in SwiftRuleKit/ or ObjCRuleKit/")
        }
    }

    @Test("no Objective-C rule, nothing in the rule kit and nothing in the check kit imports SwiftSyntax")
    func neutralCode() throws {
        // CheckKit holds what every language's checks share (the calls, the LocalAuthentication
        // model): a Swift type there would make a check depend on Swift's syntax again.
        for folder in ["KeychainLintRules/ObjCRuleKit", "KeychainLintRuleKit", "KeychainLintRules/CheckKit"] {
            let files = try Self.imports(in: folder, recursive: true)
            #expect(!files.isEmpty, "nothing read in \(folder)")
            #expect(files.filter(\.importsSyntax).isEmpty, "\(folder): \(files.filter(\.importsSyntax).map(\.name))")
        }
    }
}
