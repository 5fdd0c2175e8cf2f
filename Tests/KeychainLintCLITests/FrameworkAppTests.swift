import Foundation
import Testing

/// Frameworks of an Xcode project, scanned from disk: a framework is not an app. Its Face ID use
/// (here in Objective-C) is judged through the app that links and embeds it; with no app linking
/// it, it is a library whose app is not known, and `--verbose` says so.
@Suite("Frameworks in Xcode projects")
struct FrameworkAppTests {
    static let rule = "objc.missing_faceid_usage_description"

    /// An app `Vault` (its Info.plist generated, without the key) and a framework `VaultKit`,
    /// which the app links and embeds by product reference when `linked`.
    static func writeProject(into tree: TempTree, linked: Bool) throws {
        let linkFiles = linked ? "BL" : ""
        let embedFiles = linked ? "BE" : ""
        try tree.write("Vault.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 56;
                objects = {
                    FA = {isa = PBXFileReference; path = AppDelegate.m; sourceTree = "<group>"; };
                    FK = {isa = PBXFileReference; path = VKKeyStore.m; sourceTree = "<group>"; };
                    PK = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = VaultKit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
                    BA = {isa = PBXBuildFile; fileRef = FA; };
                    BK = {isa = PBXBuildFile; fileRef = FK; };
                    BL = {isa = PBXBuildFile; fileRef = PK; };
                    BE = {isa = PBXBuildFile; fileRef = PK; settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };
                    GA = {isa = PBXGroup; children = (FA); path = Vault; sourceTree = "<group>"; };
                    GK = {isa = PBXGroup; children = (FK); path = VaultKit; sourceTree = "<group>"; };
                    GP = {isa = PBXGroup; children = (PK); name = Products; sourceTree = "<group>"; };
                    G = {isa = PBXGroup; children = (GA, GK, GP); sourceTree = "<group>"; };
                    SA = {isa = PBXSourcesBuildPhase; files = (BA); };
                    SK = {isa = PBXSourcesBuildPhase; files = (BK); };
                    LA = {isa = PBXFrameworksBuildPhase; files = (\(linkFiles)); };
                    EA = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 10; files = (\(embedFiles)); name = "Embed Frameworks"; };
                    CP = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos;}; name = Release; };
                    CA = {isa = XCBuildConfiguration; buildSettings = {GENERATE_INFOPLIST_FILE = YES; PRODUCT_NAME = "$(TARGET_NAME)";}; name = Release; };
                    CK = {isa = XCBuildConfiguration; buildSettings = {GENERATE_INFOPLIST_FILE = YES; PRODUCT_NAME = "$(TARGET_NAME)";}; name = Release; };
                    LP = {isa = XCConfigurationList; buildConfigurations = (CP); };
                    LLA = {isa = XCConfigurationList; buildConfigurations = (CA); };
                    LLK = {isa = XCConfigurationList; buildConfigurations = (CK); };
                    TA = {isa = PBXNativeTarget; buildConfigurationList = LLA; buildPhases = (SA, LA, EA); dependencies = (); name = Vault; productName = Vault; productType = "com.apple.product-type.application"; };
                    TK = {isa = PBXNativeTarget; buildConfigurationList = LLK; buildPhases = (SK); dependencies = (); name = VaultKit; productName = VaultKit; productReference = PK; productType = "com.apple.product-type.framework"; };
                    R = {isa = PBXProject; buildConfigurationList = LP; mainGroup = G; targets = (TA, TK); };
                };
                rootObject = R;
            }
            """)
        try tree.write("Vault/AppDelegate.m", """
            @implementation AppDelegate
            @end
            """)
        try tree.write("VaultKit/VKKeyStore.m", """
            #import <Security/Security.h>

            SecAccessControlRef VKAccessControl(void) {
                return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                       kSecAccessControlBiometryCurrentSet, NULL);
            }
            """)
    }

    @Test("a framework the app links and embeds is judged through that app")
    func linkedFrameworkIsReported() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.writeProject(into: tree, linked: true)
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingPositions(run, rule: Self.rule) == ["VaultKit/VKKeyStore.m:5:44"], "\(run)")
        #expect(
            run.stdout.contains(
                "NSFaceIDUsageDescription is not set for app target Vault, which links VaultKit (checked the INFOPLIST_KEY_NSFaceIDUsageDescription build setting in Vault.xcodeproj/project.pbxproj)"),
            "\(run)")
    }

    @Test("a framework no app links is a library: not reported, and --verbose says so")
    func unlinkedFrameworkIsALibrary() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.writeProject(into: tree, linked: false)
        let run = try tree.run(["scan", "--no-cache", "--no-color", "--verbose"])
        #expect(findingPositions(run, rule: Self.rule).isEmpty, "\(run)")
        #expect(
            run.stdout.contains(
                "VaultKit/VKKeyStore.m:5:44: note: \(Self.rule): Face ID is used here, in code that no application target of the scan links or embeds (a library, or an extension of an app not in the scan): the app is not known, so NSFaceIDUsageDescription was not checked"),
            "\(run)")
        // The modules found, with their kinds.
        #expect(run.stdout.contains("module VaultKit (framework, library; iOS): 1 file — Vault.xcodeproj/project.pbxproj"), "\(run)")
    }
}
