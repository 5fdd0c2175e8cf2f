import Foundation
import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("ProjectFiles: Info.plist, project.pbxproj and .xcconfig")
struct ProjectFilesTests {
    static let key = "NSFaceIDUsageDescription"

    static func lookUp(_ text: String, _ kind: ProjectFiles.Kind) throws -> ProjectFiles.KeyLookup {
        try ProjectFiles.lookUp(key, in: Data(text.utf8), kind: kind)
    }

    static func failure(_ data: Data, _ kind: ProjectFiles.Kind) -> String? {
        do {
            _ = try ProjectFiles.lookUp(key, in: data, kind: kind)
            return nil
        } catch {
            return error.reason
        }
    }

    static let xmlWithKey = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundlePackageType</key>
            <string>APPL</string>
            <key>NSFaceIDUsageDescription</key>
            <string>Unlock your vault</string>
        </dict>
        </plist>
        """

    static func pbxproj(settings: String, productType: String = "com.apple.product-type.application") -> String {
        """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 56;
            objects = {
        /* Begin PBXNativeTarget section */
                AA01 /* App */ = {
                    isa = PBXNativeTarget;
                    productType = "\(productType)";
                };
        /* End PBXNativeTarget section */
                AA02 /* Debug */ = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        GENERATE_INFOPLIST_FILE = YES;
                        \(settings)
                    };
                    name = Debug;
                };
                AA03 /* Release */ = {
                    isa = XCBuildConfiguration;
                    buildSettings = {
                        SWIFT_VERSION = 5.0;
                    };
                    name = Release;
                };
            };
            rootObject = AA00;
        }
        """
    }

    // MARK: - Info.plist

    @Test func xmlPlistWithTheKey() throws {
        let lookup = try Self.lookUp(Self.xmlWithKey, .infoPlist)
        #expect(lookup.values == ["Unlock your vault"])
        #expect(lookup.hasNonEmptyValue)
        #expect(lookup.describesApp)
    }

    @Test func xmlPlistWithoutTheKey() throws {
        let lookup = try Self.lookUp(
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleName</key><string>Vault</string></dict></plist>",
            .infoPlist)
        #expect(lookup.values.isEmpty)
        #expect(!lookup.hasNonEmptyValue && !lookup.hasOnlyEmptyValues)
        #expect(lookup.describesApp, "no CFBundlePackageType: may be an app")
    }

    @Test func binaryPlist() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: [Self.key: "Sign in with Face ID", "CFBundlePackageType": "APPL"], format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist".utf8)))
        let lookup = try ProjectFiles.lookUp(Self.key, in: data, kind: .infoPlist)
        #expect(lookup.values == ["Sign in with Face ID"])
        #expect(lookup.hasNonEmptyValue)
    }

    @Test func oldStylePlist() throws {
        let lookup = try Self.lookUp(
            "{ CFBundlePackageType = APPL; NSFaceIDUsageDescription = \"Unlock with Face ID\"; /* comment */ }", .infoPlist)
        #expect(lookup.values == ["Unlock with Face ID"])
    }

    @Test func emptyAndNonStringValuesCountAsMissing() throws {
        let empty = try Self.lookUp(
            "<plist version=\"1.0\"><dict><key>NSFaceIDUsageDescription</key><string></string></dict></plist>", .infoPlist)
        #expect(empty.values == [""])
        #expect(!empty.hasNonEmptyValue && empty.hasOnlyEmptyValues)
        let blank = try Self.lookUp("{ NSFaceIDUsageDescription = \"   \"; }", .infoPlist)
        #expect(blank.hasOnlyEmptyValues)
        let boolean = try Self.lookUp(
            "<plist version=\"1.0\"><dict><key>NSFaceIDUsageDescription</key><true/></dict></plist>", .infoPlist)
        #expect(boolean.hasOnlyEmptyValues)
    }

    @Test func frameworkAndTestBundlePlistsDoNotDescribeAnApp() throws {
        for type in ["FMWK", "BNDL"] {
            let lookup = try Self.lookUp("{ CFBundlePackageType = \(type); }", .infoPlist)
            #expect(!lookup.describesApp, "\(type)")
        }
        #expect(try Self.lookUp("{ CFBundlePackageType = \"$(PRODUCT_BUNDLE_PACKAGE_TYPE)\"; }", .infoPlist).describesApp)
    }

    @Test func buildSettingReferenceCountsAsSet() throws {
        let lookup = try Self.lookUp("{ NSFaceIDUsageDescription = \"$(FACE_ID_REASON)\"; }", .infoPlist)
        #expect(lookup.hasNonEmptyValue)
    }

    @Test func malformedPlistsThrowWithAReason() {
        let truncated = Self.failure(Data("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8), .infoPlist)
        #expect(truncated?.hasPrefix("not a property list: ") == true)
        let text = Self.failure(Data("hello world".utf8), .infoPlist)
        #expect(text?.hasPrefix("not a property list: ") == true, "\(text ?? "nil")")
        #expect(Self.failure(Data(), .infoPlist) == "empty file")
        #expect(Self.failure(Data("(1, 2)".utf8), .infoPlist) == "not a property list dictionary (the top level is an array)")
        #expect(Self.failure(Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xFF]), .infoPlist) != nil, "a truncated binary plist")
    }

    // MARK: - project.pbxproj

    @Test func pbxprojWithTheSetting() throws {
        let lookup = try Self.lookUp(
            Self.pbxproj(settings: "INFOPLIST_KEY_NSFaceIDUsageDescription = \"Unlock your vault\";"), .pbxproj)
        #expect(lookup.values == ["Unlock your vault"])
        #expect(lookup.describesApp)
    }

    @Test func pbxprojWithoutTheSetting() throws {
        let lookup = try Self.lookUp(Self.pbxproj(settings: "INFOPLIST_KEY_CFBundleDisplayName = Vault;"), .pbxproj)
        #expect(lookup.values.isEmpty)
        #expect(lookup.describesApp)
    }

    @Test func pbxprojConditionalAndEmptySettings() throws {
        let lookup = try Self.lookUp(
            Self.pbxproj(
                settings: """
                    INFOPLIST_KEY_NSFaceIDUsageDescription = "";
                    "INFOPLIST_KEY_NSFaceIDUsageDescription[sdk=iphoneos*]" = "Unlock";
                    INFOPLIST_KEY_NSFaceIDUsageDescriptionExtra = "not this one";
                    """), .pbxproj)
        #expect(lookup.values == ["", "Unlock"])
        #expect(lookup.hasNonEmptyValue)
        let empty = try Self.lookUp(Self.pbxproj(settings: "INFOPLIST_KEY_NSFaceIDUsageDescription = \"\";"), .pbxproj)
        #expect(empty.hasOnlyEmptyValues)
    }

    @Test func frameworkProjectDoesNotDescribeAnApp() throws {
        let lookup = try Self.lookUp(
            Self.pbxproj(settings: "", productType: "com.apple.product-type.framework"), .pbxproj)
        #expect(!lookup.describesApp)
        let watchApp = try Self.lookUp(
            Self.pbxproj(settings: "", productType: "com.apple.product-type.application.watchapp2"), .pbxproj)
        #expect(watchApp.describesApp)
    }

    @Test func malformedPbxprojThrows() {
        let broken = Self.failure(Data("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n".utf8), .pbxproj)
        #expect(broken == "not a property list: Expected terminating '}' for dictionary at line 5", "the old-style parser's reason")
        #expect(Self.failure(Data("{ archiveVersion = 1; }".utf8), .pbxproj) == "not an Xcode project: no `objects` dictionary")
    }

    // MARK: - .xcconfig

    /// The xcconfig reader's trimming removes what Foundation's `.whitespaces` trimming does.
    @Test(arguments: ["", " ", "\t a = b \t", "\u{00A0}x\u{3000}", " \u{2003}y z\u{202F} ", "é ", " \u{0301}k", "a\u{00A0}\u{0301}", "\u{200B}w\u{200B}"])
    func trimmingMatchesFoundation(_ text: String) {
        #expect(String(ProjectFiles.trimmingHorizontalSpace(text[...])) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func xcconfigAssignments() throws {
        let lookup = try Self.lookUp(
            """
            // Shared settings
            #include "Base.xcconfig"
            #include? "Local.xcconfig"
            SWIFT_VERSION = 5.0
            INFOPLIST_KEY_NSFaceIDUsageDescription = Unlock your vault // user-facing
            INFOPLIST_KEY_NSFaceIDUsageDescription[sdk=iphonesimulator*] = "Simulator text";
              INFOPLIST_KEY_NSFaceIDUsageDescriptionOther = not this
            """, .xcconfig)
        #expect(lookup.values == ["Unlock your vault", "Simulator text"])
        #expect(lookup.hasNonEmptyValue)
        #expect(!lookup.describesApp, "an xcconfig alone does not make the scan an app")
    }

    @Test func xcconfigEmptyValues() throws {
        let lookup = try Self.lookUp(
            """
            INFOPLIST_KEY_NSFaceIDUsageDescription =
            INFOPLIST_KEY_NSFaceIDUsageDescription = ""
            INFOPLIST_KEY_NSFaceIDUsageDescription = // TODO
            // INFOPLIST_KEY_NSFaceIDUsageDescription = commented out
            """, .xcconfig)
        #expect(lookup.values == ["", "", ""])
        #expect(lookup.hasOnlyEmptyValues)
    }

    @Test func xcconfigWithoutTheSettingAndNonUTF8() throws {
        #expect(try Self.lookUp("SWIFT_VERSION = 5.0\n", .xcconfig).values.isEmpty)
        #expect(Self.failure(Data([0xFF, 0xFE, 0x00, 0xD8]), .xcconfig) == "not UTF-8 text")
    }

    @Test func buildSettingName() {
        #expect(ProjectFiles.buildSettingName(forInfoPlistKey: "NSFaceIDUsageDescription") == "INFOPLIST_KEY_NSFaceIDUsageDescription")
    }
}
