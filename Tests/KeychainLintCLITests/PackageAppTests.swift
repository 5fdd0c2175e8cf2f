import Foundation
import Testing

/// An iOS app described by `Package.swift` alone (an executable target with its own Info.plist,
/// no Xcode project) is an app: its Face ID use, and that of the library it links, is judged
/// against that Info.plist, as for an Xcode application target.
@Suite("Apps described by Package.swift")
struct PackageAppTests {
    static let rule = "swift.missing_faceid_usage_description"

    static func writePackageApp(into tree: TempTree, plistEntries: String) throws {
        try tree.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Vault", platforms: [.iOS(.v16)],
                targets: [
                    .target(name: "VaultKit"),
                    .executableTarget(name: "Vault", dependencies: ["VaultKit"], resources: [.process("Info.plist")]),
                ])
            """)
        try tree.write("Sources/Vault/VaultApp.swift", """
            import VaultKit

            func start() { _ = makeAccess() }
            """)
        try tree.write("Sources/Vault/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundlePackageType</key>
                <string>APPL</string>\(plistEntries)
            </dict>
            </plist>
            """)
        try tree.write("Sources/VaultKit/Access.swift", """
            import Security

            public func makeAccess() -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
            }
            """)
    }

    @Test("the library's Face ID use is judged through the app that links it")
    func missingKeyIsReported() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.writePackageApp(into: tree, plistEntries: "")
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(findingPositions(run, rule: Self.rule) == ["Sources/VaultKit/Access.swift:4:91"], "\(run)")
        #expect(run.stdout.contains("NSFaceIDUsageDescription is not set for app target Vault, which links VaultKit (checked Sources/Vault/Info.plist)"), "\(run)")
    }

    @Test("no finding when the app's Info.plist sets the key")
    func keySetIsNotReported() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try Self.writePackageApp(
            into: tree, plistEntries: "\n    <key>NSFaceIDUsageDescription</key>\n    <string>Unlock the vault</string>")
        let run = try tree.run(["scan", "--no-cache", "--no-color", "--verbose"])
        #expect(findingPositions(run, rule: Self.rule).isEmpty, "\(run)")
        #expect(!run.stdout.contains("no application target of the scan links or embeds"), "\(run)")
    }
}
