import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file the scanner will read.
public struct DiscoveredFile: Sendable, Hashable {
    /// The path as the user spelled its folder (`Examples/App/Foo.swift`), without a leading `./`.
    public var path: String
    public var kind: Kind

    public enum Kind: String, Sendable {
        case swift, infoPlist, pbxproj, xcconfig
    }

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

/// Expands the paths given on the command line into the files to scan.
///
/// - In folders: `*.swift`, `Info.plist` and `*-Info.plist`, `project.pbxproj` inside a `*.xcodeproj`
///   folder, and `*.xcconfig`.
/// - A file given explicitly is scanned if it is `.swift`, a `*.plist` whose name contains "Info",
///   any `project.pbxproj` or an `.xcconfig`; any other explicit file is ignored.
/// - Folders named in `vendoredDirectoryNames` are skipped while walking (a folder given explicitly
///   is always walked).
/// - Paths matched by an exclude glob are skipped; globs are matched against the path relative to
///   `baseDirectory`. Explicit paths are subject to the globs too, so a pre-commit hook passing
///   staged files gets the same exclusions as a folder scan.
/// - Symbolic links to folders met while walking are not followed (no cycles, no escaping the
///   tree); symbolic links to files are scanned. A path given explicitly is followed.
public struct FileDiscovery: Sendable {
    public static let vendoredDirectoryNames: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
    ]

    /// Skipped even with `includeVendored`: `.git` holds no sources (only object files) and
    /// `.build` holds SwiftPM's checkouts and build products — scanning them would report every
    /// dependency's code and build intermediates, never what `--include-vendored` is for
    /// (third-party code the app ships: Pods, Carthage, node_modules, DerivedData's
    /// SourcePackages, .swiftpm).
    public static let alwaysSkippedDirectoryNames: Set<String> = [".build", ".git"]

    public let exclude: [GlobPattern]
    public let baseDirectory: String
    public let includeVendored: Bool
    /// `baseDirectory` as a standardized absolute path.
    private let absoluteBase: String

    public init(exclude: [String], baseDirectory: String, includeVendored: Bool) {
        self.exclude = exclude.map(GlobPattern.init)
        self.baseDirectory = baseDirectory
        self.includeVendored = includeVendored
        self.absoluteBase = DiscoveryPaths.absolute(baseDirectory)
    }

    /// Expands files and folders (recursively) into the files to scan, sorted by path, without duplicates.
    /// Throws DiscoveryError (one-line description naming the path) for a path that does not exist or a folder that cannot be read.
    public func discover(_ paths: [String]) throws -> [DiscoveredFile] {
        var found: [String: DiscoveredFile] = [:]  // standardized absolute path → first spelling
        for path in paths {
            try discover(root: path, into: &found)
        }
        return found.values.sorted { $0.path < $1.path }
    }

    // MARK: - Walking

    private func discover(root: String, into found: inout [String: DiscoveredFile]) throws {
        var info = stat()
        guard stat(root, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw DiscoveryError("no such file or directory: '\(root)'")
            }
            throw DiscoveryError("cannot read '\(root)': \(DiscoveryPaths.systemReason(code))")
        }
        let display = DiscoveryPaths.displayPath(root)
        let absolute = DiscoveryPaths.absolute(root)
        let relative = relativeToBase(absolute) ?? display

        if isExcluded(relative) { return }

        if (info.st_mode & S_IFMT) == S_IFDIR {
            try walk(directory: root, display: display, absolute: absolute, relative: relative, into: &found)
        } else if let kind = Self.explicitKind(name: (root as NSString).lastPathComponent) {
            add(DiscoveredFile(path: display, kind: kind), absolute: absolute, into: &found)
        }
    }

    private func walk(
        directory: String, display: String, absolute: String, relative: String,
        into found: inout [String: DiscoveredFile]
    ) throws {
        let names: [String]
        do {
            names = try DiscoveryPaths.contentsOfDirectory(directory)
        } catch let failure as DiscoveryPaths.Failure {
            throw DiscoveryError("cannot read directory '\(display)': \(failure.reason)")
        }
        let directoryName = (absolute as NSString).lastPathComponent
        for name in names.sorted() {
            let childPath = DiscoveryPaths.join(directory, name)
            let childDisplay = DiscoveryPaths.join(display, name)
            let childAbsolute = DiscoveryPaths.join(absolute, name)
            let childRelative = DiscoveryPaths.join(relative, name)
            var info = stat()
            guard lstat(childPath, &info) == 0 else { continue }  // vanished meanwhile
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                if Self.alwaysSkippedDirectoryNames.contains(name) { continue }
                if !includeVendored, Self.vendoredDirectoryNames.contains(name) { continue }
                if isExcluded(childRelative) { continue }
                try walk(
                    directory: childPath, display: childDisplay, absolute: childAbsolute,
                    relative: childRelative, into: &found)
                continue
            }
            if type == S_IFLNK {
                // Never follow a link to a folder; a link to a file (or a dangling link, which the
                // scanner reports as unreadable) is taken like a file.
                var target = stat()
                if stat(childPath, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR { continue }
            } else if type != S_IFREG {
                continue  // sockets, FIFOs, devices
            }
            guard let kind = Self.folderKind(name: name, directoryName: directoryName) else { continue }
            if isExcluded(childRelative) { continue }
            add(DiscoveredFile(path: childDisplay, kind: kind), absolute: childAbsolute, into: &found)
        }
    }

    private func add(_ file: DiscoveredFile, absolute: String, into found: inout [String: DiscoveredFile]) {
        if found[absolute] == nil { found[absolute] = file }
    }

    private func isExcluded(_ relativePath: String) -> Bool {
        exclude.contains { $0.matches(relativePath) }
    }

    /// The path relative to the base directory; nil when it is outside (then the globs are matched
    /// against the path as displayed). Compares lexically first, then with symbolic links resolved
    /// (e.g. a temporary folder under `/var` that is really `/private/var`).
    private func relativeToBase(_ absolute: String) -> String? {
        if let relative = DiscoveryPaths.relative(absolute, to: absoluteBase) { return relative }
        let resolvedBase = DiscoveryPaths.resolvingSymlinks(absoluteBase)
        let resolvedPath = DiscoveryPaths.resolvingSymlinks(absolute)
        return DiscoveryPaths.relative(resolvedPath, to: resolvedBase)
    }

    // MARK: - Kinds

    /// The kind of a file met while walking a folder, or nil to skip it.
    static func folderKind(name: String, directoryName: String) -> DiscoveredFile.Kind? {
        if name.hasSuffix(".swift") { return .swift }
        if name == "Info.plist" || name.hasSuffix("-Info.plist") { return .infoPlist }
        if name == "project.pbxproj", directoryName.hasSuffix(".xcodeproj") { return .pbxproj }
        if name.hasSuffix(".xcconfig") { return .xcconfig }
        return nil
    }

    /// The kind of a file given explicitly, or nil to ignore it.
    static func explicitKind(name: String) -> DiscoveredFile.Kind? {
        if name.hasSuffix(".swift") { return .swift }
        if name.hasSuffix(".plist"), name.contains("Info") { return .infoPlist }
        if name == "project.pbxproj" { return .pbxproj }
        if name.hasSuffix(".xcconfig") { return .xcconfig }
        return nil
    }
}

/// A path that cannot be scanned, as one line naming it.
public struct DiscoveryError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Path arithmetic on `/`-separated strings (no Foundation URL round trips, which rewrite spellings).
enum DiscoveryPaths {
    struct Failure: Error {
        var reason: String
    }

    /// `parent/name`, without doubling a trailing `/` and without a leading `./`.
    static func join(_ parent: String, _ name: String) -> String {
        if parent.isEmpty || parent == "." { return name }
        if parent.hasSuffix("/") { return parent + name }
        return parent + "/" + name
    }

    /// The path as shown to the user: trailing `/` or `/.` and leading `./` removed ("." stays ".").
    static func displayPath(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1 {
            if text.hasSuffix("/") {
                text = text.dropLast()
            } else if text.count > 2, text.hasSuffix("/.") {
                text = text.dropLast(2)
            } else {
                break
            }
        }
        while text.hasPrefix("./") {
            text = text.dropFirst(2)
            while text.hasPrefix("/") { text = text.dropFirst() }
        }
        return text.isEmpty ? "." : String(text)
    }

    /// A standardized absolute path: relative to the current directory, `.` and `..` resolved lexically.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path)
        return standardize(full)
    }

    static func standardize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to `base` (both standardized absolute): "" when equal, nil when outside.
    static func relative(_ path: String, to base: String) -> String? {
        if path == base { return "" }
        let prefix = base == "/" ? "/" : base + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    static func resolvingSymlinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Entry names of a folder (without `.` and `..`), failing with the system's reason.
    static func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw Failure(reason: systemReason(errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw Failure(reason: systemReason(errno)) }
                break
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        return names
    }

    /// `strerror`, with a lowercase first letter to read well after a colon.
    static func systemReason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
