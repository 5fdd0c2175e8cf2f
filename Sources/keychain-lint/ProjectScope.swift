import Foundation
import KeychainLintCore
import KeychainLintEngine

/// Where a scan runs from: the project root (`ProjectRoot`), the scanned paths spelled from it,
/// and, for a scan of given files, the project they are resolved against.
///
/// The command moves into the project root before scanning, so every path the scan produces — in
/// findings, notes, messages, the module list, fingerprints and the cache — is spelled from the
/// root, whatever the current folder and however the user spelled the paths.
struct ProjectScope {
    let root: ProjectRoot
    /// `--base-path`: the folder reported paths are spelled from, once the scan is done. It
    /// changes only the spelling: the scan runs from `root` with or without it, so the same
    /// configuration files apply and the same findings are reported.
    let spelling: ProjectRoot?
    /// The scanned paths, relative to the root.
    let paths: [String]
    /// `["."]` when a file is given: the project is indexed, only the given paths are reported.
    let project: [String]

    /// Rebases `configuration`'s exclude folder on the root. Throws a one-line error for a path
    /// or `--base-path` that does not exist (named as the user spelled it).
    init(paths given: [String], basePath: String?, configuration: inout Configuration, configurationPath: String?) throws {
        if let basePath {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: basePath, isDirectory: &isDirectory) else {
                throw CLIError(message: "--base-path: no such folder: '\(basePath)'")
            }
            guard isDirectory.boolValue else { throw CLIError(message: "--base-path: not a folder: '\(basePath)'") }
        }
        var anyFile = false
        for path in given {
            // Said here, in the user's spelling, before paths are rewritten from the root; as in
            // discovery, only a path that is not there is an error (one that cannot be reached is
            // skipped with the reason).
            var status = stat()
            if stat(path, &status) != 0 {
                if errno == ENOENT || errno == ENOTDIR { throw CLIError(message: "no such file or directory: '\(path)'") }
                continue
            }
            if status.st_mode & S_IFMT != S_IFDIR { anyFile = true }
        }
        let root = ProjectRoot.find(scanned: given, basePath: nil, configuration: configurationPath)
        self.root = root
        self.spelling = basePath.map { ProjectRoot(path: ProjectRoot.absolute($0), reason: .basePath) }
        self.paths = given.map { root.relative(ProjectRoot.absolute($0)) }
        self.project = anyFile ? ["."] : []
        let base = configuration.baseDirectory.isEmpty ? "." : configuration.baseDirectory
        configuration.baseDirectory = root.relative(ProjectRoot.absolute(base))
    }

    /// The result with its paths spelled from `--base-path`, when it is given.
    func spell(_ result: ScanResult) -> ScanResult {
        guard let spelling else { return result }
        return result.respelled(from: root, to: spelling)
    }

    /// Makes the root the current folder.
    func enter() throws {
        guard FileManager.default.changeCurrentDirectoryPath(root.path) else {
            throw CLIError(message: "cannot enter the project root '\(root.path)': \(String(cString: strerror(errno)))")
        }
    }

    static func absolute(_ path: String) -> String {
        ProjectRoot.absolute(path)
    }
}
