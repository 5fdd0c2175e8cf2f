import Foundation
import KeychainLintCore
import Testing

@testable import KeychainLintEngine

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A scratch tree under the temporary directory, removed when the test ends.
private final class TemporaryTree {
    let root: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("keychain-lint-discovery-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Resolve /var → /private/var and the like so expectations are spelled as discovery spells them.
        root = DiscoveryPaths.resolvingSymlinks(url.path)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { root + "/" + relative }

    func file(_ relative: String, _ contents: String = "") throws {
        let full = path(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: full, atomically: true, encoding: .utf8)
    }

    func directory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// A typical app: sources, plists, a project, vendored folders and a symbolic link loop.
    static func app() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        for file in [
            "App/Foo.swift", "App/Bar.swift", "App/Info.plist", "App/Widget-Info.plist", "App/Settings.plist",
            "App/README.md", "App/Generated/Gen.swift", "App/Sub/Generated/Deep.swift",
            "App.xcodeproj/project.pbxproj", "App.xcodeproj/project.xcworkspace/contents.xcworkspacedata",
            "Config/Base.xcconfig", "Stray/project.pbxproj", "Vendor/Lib.swift",
            "Pods/PodLib.swift", "Carthage/Checkouts/C.swift", "node_modules/pkg/N.swift",
            "DerivedData/SourcePackages/D.swift", ".swiftpm/S.swift",
            ".build/checkouts/X.swift", ".git/hooks/H.swift",
        ] {
            try tree.file(file, "// \(file)\n")
        }
        try tree.link("Loop", to: tree.root)  // a folder link back to the root: not followed
        try tree.link("App/Linked.swift", to: "../Vendor/Lib.swift")  // a file link: scanned
        return tree
    }
}

private func paths(_ files: [DiscoveredFile], under root: String) -> [String] {
    files.map { $0.path.hasPrefix(root + "/") ? String($0.path.dropFirst(root.count + 1)) : $0.path }
}

/// A relative spelling of an absolute path, from the current directory.
private func relativeFromCurrentDirectory(_ absolute: String) -> String {
    let cwd = DiscoveryPaths.resolvingSymlinks(FileManager.default.currentDirectoryPath)
    let depth = cwd.split(separator: "/").count
    return String(repeating: "../", count: depth) + absolute.drop { $0 == "/" }
}

private func discoveryError(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as DiscoveryError {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}

@Suite struct FileDiscoveryTests {
    static let defaultScan = [
        "App.xcodeproj/project.pbxproj",
        "App/Bar.swift",
        "App/Foo.swift",
        "App/Generated/Gen.swift",
        "App/Info.plist",
        // App/Linked.swift is a link to Vendor/Lib.swift: the same file, taken once, by its own name.
        "App/Sub/Generated/Deep.swift",
        "App/Widget-Info.plist",
        "Config/Base.xcconfig",
        "Vendor/Lib.swift",
    ]

    @Test func walksAFolderSortedWithKinds() throws {
        let tree = try TemporaryTree.app()
        let files = try FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
            .discover([tree.root])
        #expect(paths(files, under: tree.root) == Self.defaultScan)
        #expect(files.map(\.path) == files.map(\.path).sorted())
        let kinds = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.kind) })
        #expect(kinds[tree.path("App/Foo.swift")] == .swift)
        #expect(kinds[tree.path("App/Info.plist")] == .infoPlist)
        #expect(kinds[tree.path("App/Widget-Info.plist")] == .infoPlist)
        #expect(kinds[tree.path("App.xcodeproj/project.pbxproj")] == .pbxproj)
        #expect(kinds[tree.path("Config/Base.xcconfig")] == .xcconfig)
    }

    @Test func includeVendoredBringsBackAllButGitAndBuild() throws {
        let tree = try TemporaryTree.app()
        let files = try FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: true)
            .discover([tree.root])
        let expected = (Self.defaultScan + [
            ".swiftpm/S.swift", "Carthage/Checkouts/C.swift", "DerivedData/SourcePackages/D.swift",
            "Pods/PodLib.swift", "node_modules/pkg/N.swift",
        ]).sorted()
        #expect(paths(files, under: tree.root) == expected)
        #expect(!files.contains { $0.path.contains("/.git/") || $0.path.contains("/.build/") })
    }

    @Test func excludeGlobsAreRelativeToTheBaseDirectory() throws {
        let tree = try TemporaryTree.app()
        let discovery = FileDiscovery(
            exclude: ["Vendor/**", "**/Generated/*.swift", "Config"], baseDirectory: tree.root, includeVendored: false)
        #expect(
            paths(try discovery.discover([tree.root]), under: tree.root) == [
                "App.xcodeproj/project.pbxproj", "App/Bar.swift", "App/Foo.swift", "App/Info.plist",
                "App/Linked.swift", "App/Widget-Info.plist",
            ])
        // The same globs when only a subfolder is scanned: still relative to the base directory.
        #expect(
            paths(try discovery.discover([tree.path("App")]), under: tree.root) == [
                "App/Bar.swift", "App/Foo.swift", "App/Info.plist", "App/Linked.swift", "App/Widget-Info.plist",
            ])
        // A base directory elsewhere: `App/...` globs no longer line up with the scanned tree.
        let nested = FileDiscovery(exclude: ["Generated/*.swift"], baseDirectory: tree.path("App"), includeVendored: false)
        #expect(
            paths(try nested.discover([tree.path("App")]), under: tree.root) == [
                "App/Bar.swift", "App/Foo.swift", "App/Info.plist", "App/Linked.swift",
                "App/Sub/Generated/Deep.swift", "App/Widget-Info.plist",
            ])
    }

    @Test func relativeAndAbsoluteSpellingsAgree() throws {
        let tree = try TemporaryTree.app()
        let relativeRoot = relativeFromCurrentDirectory(tree.root)
        // Relative input, absolute base.
        let files = try FileDiscovery(exclude: ["App/**"], baseDirectory: tree.root, includeVendored: false)
            .discover([relativeRoot + "/"])
        #expect(
            files.map(\.path) == [
                "\(relativeRoot)/App.xcodeproj/project.pbxproj", "\(relativeRoot)/Config/Base.xcconfig",
                "\(relativeRoot)/Vendor/Lib.swift",
            ])
        // Absolute input, relative base.
        let again = try FileDiscovery(exclude: ["App/**"], baseDirectory: relativeRoot, includeVendored: false)
            .discover([tree.root])
        #expect(paths(again, under: tree.root) == ["App.xcodeproj/project.pbxproj", "Config/Base.xcconfig", "Vendor/Lib.swift"])
    }

    @Test func explicitFiles() throws {
        let tree = try TemporaryTree.app()
        try tree.file("Extra/MyInfo.plist")
        try tree.file("Extra/Settings.plist")
        let discovery = FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
        let files = try discovery.discover([
            tree.path("App/Foo.swift"), tree.path("App/README.md"), tree.path("Extra/MyInfo.plist"),
            tree.path("Extra/Settings.plist"), tree.path("Stray/project.pbxproj"), tree.path("Config/Base.xcconfig"),
        ])
        #expect(
            files == [
                DiscoveredFile(path: tree.path("App/Foo.swift"), kind: .swift),
                DiscoveredFile(path: tree.path("Config/Base.xcconfig"), kind: .xcconfig),
                DiscoveredFile(path: tree.path("Extra/MyInfo.plist"), kind: .infoPlist),
                DiscoveredFile(path: tree.path("Stray/project.pbxproj"), kind: .pbxproj),
            ])
        // Explicit paths obey the exclude globs too.
        let excluding = FileDiscovery(exclude: ["App/Foo.swift"], baseDirectory: tree.root, includeVendored: false)
        #expect(try excluding.discover([tree.path("App/Foo.swift")]).isEmpty)
    }

    @Test func explicitVendoredFolderIsWalked() throws {
        let tree = try TemporaryTree.app()
        let files = try FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
            .discover([tree.path("Pods")])
        #expect(paths(files, under: tree.root) == ["Pods/PodLib.swift"])
    }

    @Test func overlappingPathsHaveNoDuplicates() throws {
        let tree = try TemporaryTree.app()
        let files = try FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
            .discover([tree.path("App"), tree.root, tree.path("App/Foo.swift"), tree.root + "/./App/../App/Foo.swift"])
        #expect(paths(files, under: tree.root) == Self.defaultScan)
        #expect(Set(files).count == files.count)
    }

    @Test func nonexistentPath() throws {
        let tree = try TemporaryTree.app()
        let discovery = FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
        let missing = tree.path("Nope")
        #expect(discoveryError { _ = try discovery.discover([tree.root, missing]) } == "no such file or directory: '\(missing)'")
        #expect(
            discoveryError { _ = try discovery.discover(["no/such/relative/path"]) }
                == "no such file or directory: 'no/such/relative/path'")
    }

    @Test func symbolicLinkLoopsAreNotFollowed() throws {
        let tree = try TemporaryTree.app()
        try tree.link("App/Sub/Up", to: "../..")
        let files = try FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
            .discover([tree.root])
        #expect(paths(files, under: tree.root) == Self.defaultScan)
        // A link given explicitly is followed.
        let viaLink = try FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
            .discover([tree.path("Loop/Config")])
        #expect(paths(viaLink, under: tree.root) == ["Loop/Config/Base.xcconfig"])
    }

    @Test(.enabled(if: getuid() != 0, "root reads every folder"))
    func unreadableFolder() throws {
        let tree = try TemporaryTree.app()
        try tree.directory("Locked")
        try tree.file("Locked/Secret.swift")
        chmod(tree.path("Locked"), 0o000)
        defer { chmod(tree.path("Locked"), 0o755) }
        let discovery = FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
        // Skipped with a diagnostic, like an unreadable file: the rest is still scanned.
        var skipped: [ScanDiagnostic] = []
        let files = try discovery.discover([tree.root], skipped: &skipped)
        #expect(paths(files, under: tree.root) == Self.defaultScan)
        #expect(skipped == [
            ScanDiagnostic(kind: .skippedFile, file: tree.path("Locked"), message: "cannot read directory: Permission denied")
        ])
        // Given on the command line, too.
        skipped = []
        #expect(try discovery.discover([tree.path("Locked")], skipped: &skipped).isEmpty)
        #expect(skipped.map(\.message) == ["cannot read directory: Permission denied"])
        // An unreadable file is left for the scanner to report.
        try tree.file("App/Unreadable.swift")
        chmod(tree.path("App/Unreadable.swift"), 0o000)
        #expect(try discovery.discover([tree.path("App")]).contains { $0.path.hasSuffix("App/Unreadable.swift") })
    }

    @Test func nonRegularFilesAreSkippedWithADiagnosticWithoutBeingOpened() throws {
        let tree = try TemporaryTree.app()
        #expect(mkfifo(tree.path("App/Pipe.swift"), 0o644) == 0)
        #expect(mkfifo(tree.path("App/.pipe"), 0o644) == 0)
        try tree.link("App/ToPipe.swift", to: ".pipe")
        try tree.link("App/Null.xcconfig", to: "/dev/null")
        #expect(mkfifo(tree.path("App/pipe.txt"), 0o644) == 0)  // not a name the scan reads: nothing to say
        let discovery = FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
        var skipped: [ScanDiagnostic] = []
        let files = try discovery.discover([tree.root], skipped: &skipped)
        #expect(paths(files, under: tree.root) == Self.defaultScan)
        #expect(skipped == [
            ScanDiagnostic(kind: .skippedFile, file: tree.path("App/Null.xcconfig"), message: "not a regular file (a character device)"),
            ScanDiagnostic(kind: .skippedFile, file: tree.path("App/Pipe.swift"), message: "not a regular file (a FIFO)"),
            ScanDiagnostic(kind: .skippedFile, file: tree.path("App/ToPipe.swift"), message: "not a regular file (a FIFO)"),
        ])
        // Given explicitly.
        skipped = []
        #expect(try discovery.discover([tree.path("App/Pipe.swift")], skipped: &skipped).isEmpty)
        #expect(skipped.map(\.message) == ["not a regular file (a FIFO)"])
    }

    @Test func aFileReachedTwiceIsTakenOnceByTheNameThatIsNotALink() throws {
        let tree = try TemporaryTree.app()
        try tree.link("AppLink", to: "App")
        try tree.link("App/AAA.swift", to: "Foo.swift")  // sorts before its target
        let discovery = FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
        // A folder and a link to it, in either order: each file once, by the first spelling.
        let both = try discovery.discover([tree.path("App"), tree.path("AppLink")])
        #expect(paths(both, under: tree.root) == [
            "App/Bar.swift", "App/Foo.swift", "App/Generated/Gen.swift", "App/Info.plist", "App/Linked.swift",
            "App/Sub/Generated/Deep.swift", "App/Widget-Info.plist",
        ])
        let reversed = try discovery.discover([tree.path("AppLink"), tree.path("App")])
        #expect(paths(reversed, under: tree.root) == paths(both, under: tree.root).map { "AppLink" + $0.dropFirst(3) })
        // A hard link is the same file too; neither name is a link, so the first met wins.
        #expect(link(tree.path("Vendor/Lib.swift"), tree.path("Vendor/Hard.swift")) == 0)
        #expect(
            paths(try discovery.discover([tree.root]), under: tree.root)
                == Self.defaultScan.map { $0 == "Vendor/Lib.swift" ? "Vendor/Hard.swift" : $0 })
    }

    @Test func namesThatAreNotUTF8AreFoundWithTheirBytes() throws {
        let tree = try TemporaryTree.app()
        let file = Array(tree.path("App/caf").utf8) + [0xE9] + Array(".swift".utf8)
        let made = (file.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        // Some file systems (APFS) refuse such names: then there is nothing to test.
        guard made >= 0 else { return }
        close(made)
        let folder = Array(tree.path("App/d").utf8) + [0xFF]
        #expect((folder.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) } == 0)
        let inner = folder + Array("/Inner.swift".utf8)
        close((inner.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) })
        var notes: [ScanDiagnostic] = []
        let files = try FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
            .discover([tree.path("App")], skipped: &notes)
        #expect(files.filter { $0.pathBytes != nil } == [
            DiscoveredFile(path: tree.path("App/caf\\xE9.swift"), kind: .swift, pathBytes: file),
            DiscoveredFile(path: tree.path("App/d\\xFF/Inner.swift"), kind: .swift, pathBytes: inner),
        ])
        #expect(notes.map(\.kind) == [.fileNote, .fileNote])
        #expect(notes.map(\.file) == [tree.path("App/caf\\xE9.swift"), tree.path("App/d\\xFF")])
        // Every other file is opened by its path, as before.
        #expect(files.filter { $0.pathBytes == nil }.count == files.count - 2)
    }

    @Test func escapedNames() {
        #expect(DiscoveryPaths.escapedName(Array("Café.swift".utf8)) == ("Café.swift", true))
        #expect(DiscoveryPaths.escapedName([0x61, 0xFF, 0xFE, 0x62]) == ("a\\xFF\\xFEb", false))
        #expect(DiscoveryPaths.escapedName([0x61, 0xC3]) == ("a\\xC3", false))  // truncated sequence
    }

    @Test func unreadableFileIsDiscovered() throws {
        let tree = try TemporaryTree.app()
        try tree.link("App/Dangling.swift", to: "Missing.swift")
        let files = try FileDiscovery(exclude: [], baseDirectory: tree.root, includeVendored: false)
            .discover([tree.path("App")])
        #expect(files.contains(DiscoveredFile(path: tree.path("App/Dangling.swift"), kind: .swift)))
    }

    @Test func emptyInputFindsNothing() throws {
        #expect(try FileDiscovery(exclude: [], baseDirectory: "", includeVendored: false).discover([]).isEmpty)
    }

    @Test func vendoredNames() {
        #expect(
            FileDiscovery.vendoredDirectoryNames
                == [".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"])
    }
}

@Suite struct DiscoveryPathTests {
    @Test func displayPaths() {
        #expect(DiscoveryPaths.displayPath(".") == ".")
        #expect(DiscoveryPaths.displayPath("./") == ".")
        #expect(DiscoveryPaths.displayPath("./Examples") == "Examples")
        #expect(DiscoveryPaths.displayPath("Examples/") == "Examples")
        #expect(DiscoveryPaths.displayPath("Examples/.") == "Examples")
        #expect(DiscoveryPaths.displayPath("././Examples//") == "Examples")
        #expect(DiscoveryPaths.displayPath("../Other") == "../Other")
        #expect(DiscoveryPaths.displayPath("/") == "/")
    }

    @Test func joining() {
        // `scan .` yields `App/Foo.swift`; `scan Examples` yields `Examples/App/Foo.swift`.
        #expect(DiscoveryPaths.join(".", "App") == "App")
        #expect(DiscoveryPaths.join("Examples", "App") == "Examples/App")
        #expect(DiscoveryPaths.join("/", "src") == "/src")
        #expect(DiscoveryPaths.join("", "App") == "App")
    }

    @Test func standardizing() {
        #expect(DiscoveryPaths.standardize("/a/./b/../c//d/") == "/a/c/d")
        #expect(DiscoveryPaths.standardize("/..") == "/")
        #expect(DiscoveryPaths.relative("/a/b/c", to: "/a") == "b/c")
        #expect(DiscoveryPaths.relative("/a", to: "/a") == "")
        #expect(DiscoveryPaths.relative("/ab/c", to: "/a") == nil)
        #expect(DiscoveryPaths.relative("/a/b", to: "/") == "a/b")
    }
}
