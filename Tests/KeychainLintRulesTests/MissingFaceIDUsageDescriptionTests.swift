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

    /// An app Info.plist that cannot be read may hold the key: the app is not judged, and
    /// `--verbose` says which file and why. Two ways real repositories have it: a plist run through
    /// the C preprocessor (`INFOPLIST_PREPROCESS = YES`, `#ifdef` lines in it) and a file encrypted
    /// in the repository (git-crypt's header, then binary noise).
    @Test(arguments: [
        ("preprocessed", Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundlePackageType</key>
                <string>APPL</string>
            #ifdef BIOMETRICS
                <key>NSFaceIDUsageDescription</key>
                <string>Unlock the vault</string>
            #endif
            </dict>
            </plist>
            """.utf8)),
        ("encrypted", Data([0x00, 0x47, 0x49, 0x54, 0x43, 0x52, 0x59, 0x50, 0x54, 0x00, 0x9c, 0x1f, 0xe3, 0x42, 0x07, 0xb1])),
    ])
    func unreadableInfoPlistIsNotJudged(kind: String, plist: Data) throws {
        let result = try Self.scan(["Vault.swift": Self.use], projectFiles: ["Info.plist": plist])
        #expect(result.findings.isEmpty, "\(kind): \(result.findings.map(\.message))")
        let notes = result.diagnostics.filter { $0.kind == .unresolved && $0.message.hasPrefix(Self.id) }
        #expect(notes.count == 1, "\(kind): \(result.diagnostics)")
        #expect(notes.first?.file == "Vault.swift")
        #expect(notes.first?.message.hasPrefix("\(Self.id): Face ID is used here by the app, whose Info.plist Info.plist cannot be read (not a property list: ") == true,
                "\(kind): \(notes.first?.message ?? "")")
        #expect(notes.first?.message.hasSuffix("), so NSFaceIDUsageDescription was not checked") == true)
        let skipped = result.diagnostics.filter { $0.kind == .skippedFile }
        #expect(skipped.map(\.file) == ["Info.plist"], "\(kind)")
    }

    /// A framework that no app of the scan links or embeds is a library whose app is not known:
    /// not reported, even though the scan's only app lacks the key; `--verbose` says so at the
    /// framework's first use. Linked by that app, it is reported, naming the app.
    @Test func frameworkNoAppLinksIsALibraryNotedForVerbose() throws {
        func project(appLinksKit: Bool) -> String {
            """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 56;
                objects = {
                    F0 = {isa = PBXFileReference; path = "Vault/Vault.swift"; sourceTree = SOURCE_ROOT; };
                    F1 = {isa = PBXFileReference; path = "VaultKit/Store.swift"; sourceTree = SOURCE_ROOT; };
                    K = {isa = PBXFileReference; path = VaultKit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
                    B0 = {isa = PBXBuildFile; fileRef = F0; };
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    BK = {isa = PBXBuildFile; fileRef = K; };
                    P0 = {isa = PBXSourcesBuildPhase; files = (B0); };
                    P1 = {isa = PBXSourcesBuildPhase; files = (B1); };
                    W0 = {isa = PBXFrameworksBuildPhase; files = (\(appLinksKit ? "BK" : "")); };
                    C0 = {isa = XCBuildConfiguration; buildSettings = {"GENERATE_INFOPLIST_FILE" = YES;}; name = Release; };
                    L0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
                    T0 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (P0, W0); name = "Vault"; productType = "com.apple.product-type.application"; };
                    T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = "VaultKit"; productReference = K; productType = "com.apple.product-type.framework"; };
                    G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
                    R = {isa = PBXProject; mainGroup = G; targets = (T0, T1); };
                };
                rootObject = R;
            }
            """
        }
        let sources = ["Vault/Vault.swift": "struct Vault {}", "VaultKit/Store.swift": Self.use]
        let library = try Self.scan(sources, projectFiles: ["Vault.xcodeproj/project.pbxproj": Data(project(appLinksKit: false).utf8)])
        #expect(library.findings.isEmpty, "\(library.findings.map(\.message))")
        let notes = library.diagnostics.filter { $0.kind == .unresolved && $0.message.hasPrefix(Self.id) }
        #expect(notes.map(\.file) == ["VaultKit/Store.swift"], "\(library.diagnostics)")
        #expect(notes.first?.position == SourcePosition(line: 1, column: 100))
        #expect(
            notes.first?.message
                == "\(Self.id): Face ID is used here, in code that no application target of the scan links or embeds (a library, or an extension of an app not in the scan): the app is not known, so NSFaceIDUsageDescription was not checked")

        let linked = try Self.scan(sources, projectFiles: ["Vault.xcodeproj/project.pbxproj": Data(project(appLinksKit: true).utf8)])
        #expect(linked.findings.map(\.range.file) == ["VaultKit/Store.swift"])
        #expect(linked.findings.first?.message.hasPrefix("NSFaceIDUsageDescription is not set for app target Vault, which links VaultKit (") == true)
    }

    /// The same for an Xcode application target whose INFOPLIST_FILE cannot be read, while its
    /// project (read) does not set the key as a build setting.
    @Test func unreadableInfoPlistOfAnXcodeTargetIsNotJudged() throws {
        let project = """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 56;
                objects = {
                    F0 = {isa = PBXFileReference; path = "Vault/Vault.swift"; sourceTree = SOURCE_ROOT; };
                    B0 = {isa = PBXBuildFile; fileRef = F0; };
                    P0 = {isa = PBXSourcesBuildPhase; files = (B0); };
                    C0 = {isa = XCBuildConfiguration; buildSettings = {"INFOPLIST_FILE" = "Vault/Info.plist";}; name = Release; };
                    L0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
                    T0 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (P0); dependencies = (); name = "Vault"; productType = "com.apple.product-type.application"; };
                    G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
                    R = {isa = PBXProject; mainGroup = G; targets = (T0); };
                };
                rootObject = R;
            }
            """
        let result = try Self.scan(
            ["Vault/Vault.swift": Self.use],
            projectFiles: [
                "Vault.xcodeproj/project.pbxproj": Data(project.utf8),
                "Vault/Info.plist": Data("#include \"Base.plist\"\n".utf8),
            ])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        let notes = result.diagnostics.filter { $0.kind == .unresolved && $0.message.hasPrefix(Self.id) }
        #expect(notes.map(\.message).contains { $0.contains("by app target Vault, whose Info.plist Vault/Info.plist cannot be read (") }, "\(result.diagnostics)")
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
