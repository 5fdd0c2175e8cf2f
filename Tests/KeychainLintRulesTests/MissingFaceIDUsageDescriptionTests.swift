import Foundation
import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
import KeychainLintEngine
import KeychainLintRules
import Testing

/// What swift.missing_faceid_usage_description says besides findings (the examples cannot check
/// diagnostics): the library note, skipped project files, and a binary Info.plist.
@Suite("swift.missing_faceid_usage_description diagnostics")
struct MissingFaceIDUsageDescriptionTests {
    static let id = "swift.missing_faceid_usage_description"
    static let use = """
        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
        """

    static func scan(_ sources: [String: String], projectFiles: [String: Data] = [:]) throws -> ScanResult {
        let type = try #require(RuleRegistry.rule(id: id))
        let scanner = try Scanner(configuration: Configuration(), ruleTypes: [type])
        return scanner.scan(
            sources: sources.sorted { $0.key < $1.key }.map { ProjectIndex.Input(path: $0.key, text: $0.value) },
            projectFiles: projectFiles.sorted { $0.key < $1.key }.compactMap { name, data in
                ProjectFileInput.Kind(fileName: name).map { ProjectFileInput(path: name, kind: $0, data: data) }
            })
    }

    @Test func libraryIsNotReportedButNotedForVerbose() throws {
        let result = try Self.scan(["Vault.swift": Self.use])
        #expect(result.findings.isEmpty)
        let notes = result.diagnostics.filter { $0.kind == .unresolved && $0.message.hasPrefix(Self.id) }
        #expect(notes.count == 1, "\(result.diagnostics)")
        #expect(notes.first?.file == "Vault.swift")
        #expect(notes.first?.position == SourcePosition(line: 1, column: 100))
        #expect(notes.first?.message.contains("no app Info.plist or Xcode app project") == true)
    }

    @Test func malformedProjectFileIsSkippedWithItsReasonAndLowersConfidence() throws {
        let result = try Self.scan(
            ["Vault.swift": Self.use],
            projectFiles: [
                "Info.plist": Data("{ CFBundlePackageType = APPL; }".utf8),
                "App.xcodeproj/project.pbxproj": Data("// !$*UTF8*$!\n{\n\tobjects = {\n".utf8),
            ])
        let skipped = result.diagnostics.filter { $0.kind == .skippedFile }
        #expect(skipped.count == 1, "\(result.diagnostics)")
        #expect(skipped.first?.file == "App.xcodeproj/project.pbxproj")
        #expect(skipped.first?.message.hasPrefix("not read for NSFaceIDUsageDescription (\(Self.id)): not a property list: ") == true)
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.confidence == .low)
        #expect(finding.severity == .high)
        #expect(finding.message.contains("could not read App.xcodeproj/project.pbxproj"))
    }

    @Test func binaryInfoPlistIsRead() throws {
        let with = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundlePackageType": "APPL", "NSFaceIDUsageDescription": "Unlock"], format: .binary, options: 0)
        #expect(try Self.scan(["Vault.swift": Self.use], projectFiles: ["Info.plist": with]).findings.isEmpty)
        let without = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundlePackageType": "APPL"], format: .binary, options: 0)
        let result = try Self.scan(["Vault.swift": Self.use], projectFiles: ["Info.plist": without])
        #expect(result.findings.map(\.ruleId) == [Self.id])
    }

    @Test func reportedOnceWhateverTheThreadCount() throws {
        let type = try #require(RuleRegistry.rule(id: Self.id))
        let scanner = try Scanner(configuration: Configuration(), ruleTypes: [type])
        let sources = (0..<12).map { ProjectIndex.Input(path: "F\(String(format: "%02d", $0)).swift", text: Self.use) }
        let plist = ProjectFileInput(path: "Info.plist", kind: .infoPlist, data: Data("{ CFBundlePackageType = APPL; }".utf8))
        for threads in [1, 2, 4] {
            let findings = scanner.scan(sources: sources, projectFiles: [plist], threads: threads).findings
            #expect(findings.map(\.range.file) == ["F00.swift"], "threads: \(threads)")
            #expect(findings.first?.message.hasSuffix("; 11 other places use Face ID too") == true)
        }
    }
}
