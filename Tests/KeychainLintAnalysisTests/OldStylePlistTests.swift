import Foundation
import Testing
@testable import KeychainLintAnalysis

@Suite("Old-style property lists (project.pbxproj)")
struct OldStylePlistTests {
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\t1A2B /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = 3C4D /* App.swift */; };
        /* End PBXBuildFile section */
        \t\t2B3C /* ⚠️ SwiftLint */ = {isa = PBXShellScriptBuildPhase; name = "⚠️ SwiftLint"; };
        \t\t3C4D = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "My App/App.swift"; sourceTree = "<group>"; };
        \t\t5E6F = {isa = XCBuildConfiguration; buildSettings = {
        \t\t\tINFOPLIST_KEY_NSFaceIDUsageDescription = "Unlock with \\"Face ID\\"\\n";
        \t\t\t"INFOPLIST_KEY_NSFaceIDUsageDescription[sdk=iphoneos*]" = "";
        \t\t\tOTHER_LDFLAGS = (
        \t\t\t\t"-framework",
        \t\t\t\tSecurity,
        \t\t\t);
        \t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.app;
        \t\t\tSWIFT_VERSION = 5.0;
        \t\t}; name = Debug; };
        \t};
        \trootObject = 7A8B /* Project object */;
        }

        """

    @Test("reads a project as Foundation does")
    func sameAsFoundation() throws {
        let data = Data(Self.project.utf8)
        let fast = try #require(OldStylePlist.dictionary(data))
        let foundation = try #require(PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(NSDictionary(dictionary: fast).isEqual(to: foundation))
    }

    @Test("declines what it does not read, so Foundation reads it")
    func declines() {
        for text in [
            "{ a = <0fbd77>; }", "{ a = \"\\U00e9\"; }", "{ a = é; }", "{ a = 1; a = 2; }", "{ a = 1 }", "( a, b )",
            "{ a = b; } c", "", "<?xml version=\"1.0\"?><plist><dict/></plist>",
        ] {
            #expect(OldStylePlist.dictionary(Data(text.utf8)) == nil, "\(text)")
        }
        // Not UTF-8 (Latin-1 "é"): Foundation may read it in another encoding.
        #expect(OldStylePlist.dictionary(Data("{ a = \"".utf8) + Data([0xE9]) + Data("\"; }".utf8)) == nil)
    }
}
