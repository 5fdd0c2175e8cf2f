import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The folder every reported path is relative to, so that SARIF locations, fingerprints and the
/// result cache do not depend on the working directory or on how a path was spelled (`scan .`,
/// `scan ./Sources`, `scan /abs/Sources`, a scan from a subfolder).
///
/// Chosen in this order: `basePath` when a caller gives one; the git root (the nearest folder, at
/// or above the folder that holds every scanned path, with a `.git` file or folder — a worktree
/// or submodule has a `.git` file); the folder of the configuration file; the current directory
/// when it holds every scanned path, else the folder that does (a path never climbs out of the
/// root with `../`). The command line finds the root without `--base-path`, which only re-spells
/// the reported paths (`ScanResult.respelled`): the configuration files and findings of a scan
/// never depend on it.
public struct ProjectRoot: Sendable, Equatable {
    public enum Reason: String, Sendable {
        case basePath = "--base-path"
        case git = "git root"
        case configuration = "configuration folder"
        case currentDirectory = "current directory"
        case scannedFolder = "scanned folder"
    }

    /// Standardized absolute path.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = DiscoveryPaths.standardize(path)
        self.reason = reason
    }

    /// Finds the root for `scanned` paths (as given, relative to the current directory).
    /// `configuration` is the configuration file in use, if any.
    public static func find(scanned: [String], basePath: String?, configuration: String?) -> ProjectRoot {
        if let basePath { return ProjectRoot(path: DiscoveryPaths.absolute(basePath), reason: .basePath) }
        let holder = commonFolder(of: scanned.map(DiscoveryPaths.absolute))
        if let git = gitRoot(from: holder) { return ProjectRoot(path: git, reason: .git) }
        if let configuration {
            return ProjectRoot(path: (DiscoveryPaths.absolute(configuration) as NSString).deletingLastPathComponent, reason: .configuration)
        }
        let current = DiscoveryPaths.absolute(".")
        if DiscoveryPaths.relative(holder, to: current) != nil {
            return ProjectRoot(path: current, reason: .currentDirectory)
        }
        return ProjectRoot(path: holder, reason: .scannedFolder)
    }

    /// `absolute` (standardized) relative to the root: `Sources/A.swift`, `.` for the root itself,
    /// `../Other/B.swift` for a path outside it (only with `--base-path`).
    public func relative(_ absolute: String) -> String {
        if let inside = DiscoveryPaths.relative(absolute, to: path) { return inside.isEmpty ? "." : inside }
        let base = path.split(separator: "/")
        let target = absolute.split(separator: "/")
        var shared = 0
        while shared < base.count, shared < target.count, base[shared] == target[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: base.count - shared) + target[shared...].map(String.init)
        return parts.joined(separator: "/")
    }

    /// The nearest folder at or above `folder` that holds `.git` (a folder, or the file of a
    /// worktree or submodule).
    static func gitRoot(from folder: String) -> String? {
        var directory = folder
        while true {
            var status = stat()
            if lstat(DiscoveryPaths.join(directory, ".git"), &status) == 0 { return directory }
            if directory == "/" { return nil }
            directory = (directory as NSString).deletingLastPathComponent
            if directory.isEmpty { return nil }
        }
    }

    /// The deepest folder holding every path: a folder holds itself, a file is held by its folder.
    static func commonFolder(of paths: [String]) -> String {
        let folders = paths.map { path -> String in
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path }
            return (path as NSString).deletingLastPathComponent
        }
        guard var common = folders.first?.split(separator: "/") else { return DiscoveryPaths.absolute(".") }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/")
            var shared = 0
            while shared < common.count, shared < parts.count, common[shared] == parts[shared] { shared += 1 }
            common = Array(common[..<shared])
        }
        return "/" + common.joined(separator: "/")
    }
}

extension ProjectRoot {
    /// A path as the current folder spells it, made absolute and standardized (`.` and `..`
    /// resolved lexically, links kept: the user's spelling of a linked folder is what is shown).
    public static func absolute(_ path: String) -> String {
        DiscoveryPaths.absolute(path)
    }
}
