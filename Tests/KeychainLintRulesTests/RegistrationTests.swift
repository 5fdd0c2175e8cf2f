import Foundation
import KeychainLintRules
import KeychainLintRuleKit
import Testing

/// Every rule declared in the rules' source folder is registered. A rule left out of
/// `RuleRegistry` would never run, and its examples — which are its tests — would silently not
/// run either, so the omission must fail here.
@Suite("Rule registration")
struct RegistrationTests {
    /// `Sources/KeychainLintRules/Rules` (the checks, and any rule of one language) and
    /// `…/ObjCRuleKit` (the Objective-C front end's side), found from this file's path in the repository.
    static let rulesFolders = ["Rules", "ObjCRuleKit"].map { folder in
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/KeychainLintRules/" + folder)
    }

    /// Names of the rule types declared in the rules' folders: a type declared `…: SwiftRule`,
    /// `…: ObjCRule` or `…: Rule` (the conformance first in its inheritance list) by its name, and a
    /// type declared `…: Check` by its rule in each language (`SwiftRuleOf<Name>`, `ObjCRuleOf<Name>`).
    static func declaredRuleTypes() throws -> Set<String> {
        let files = try rulesFolders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
                .map { folder.appendingPathComponent($0) }
        }
        var names: Set<String> = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," || $0 == "{" })
                guard let keyword = words.firstIndex(where: { $0 == "struct" || $0 == "final" || $0 == "class" || $0 == "enum" }),
                      words.index(after: keyword) < words.endIndex else { continue }
                // `public struct Name: SwiftRule {`, `struct Name: Rule, Sendable {`
                var rest = words[words.index(after: keyword)...]
                if rest.first == "class" { rest = rest.dropFirst() }
                guard let name = rest.first, let conformance = rest.dropFirst().first else { continue }
                if ["Rule", "SwiftRule", "ObjCRule"].contains(conformance) {
                    names.insert(String(name))
                } else if conformance == "Check" {
                    names.insert("SwiftRuleOf<\(name)>")
                    names.insert("ObjCRuleOf<\(name)>")
                }
            }
        }
        return names
    }

    @Test("every rule type in Sources/KeychainLintRules/Rules and ObjC is in RuleRegistry.all")
    func everyRuleIsRegistered() throws {
        let declared = try Self.declaredRuleTypes()
        let registered = Set(RuleRegistry.all.map { String(describing: $0) })
        // The source reading must find the rules at all (a moved folder would pass vacuously).
        #expect(declared.count >= 18, "rule types found in \(Self.rulesFolders.map(\.path)): \(declared.sorted())")
        #expect(declared.subtracting(registered).isEmpty, "declared but not registered: \(declared.subtracting(registered).sorted())")
        #expect(registered.subtracting(declared).isEmpty, "registered but not found in the rules folder: \(registered.subtracting(declared).sorted())")
    }
}
