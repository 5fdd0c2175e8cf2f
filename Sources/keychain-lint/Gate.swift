import Foundation
import KeychainLintCore
import KeychainLintEngine

/// `--write-baseline`, `--baseline` and `--new-since`: which findings are new. Runs in the project
/// root (the scan's current folder), on paths spelled from it.
struct Gate {
    let scope: ProjectScope

    /// Git, when the project root is a repository's root.
    private var git: Git? {
        scope.root.reason == .git ? Git(directory: scope.root.path) : nil
    }

    /// The commit checked out, recorded in a baseline so that renames since can be followed.
    func head() -> String? {
        guard let git, let head = try? git.commit("HEAD") else { return nil }
        return head
    }

    func write(_ baseline: Baseline, to file: (spelled: String, absolute: String)) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.absolute, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError(message: "cannot write baseline to '\(file.spelled)': \(RegularFile.systemReason(EISDIR))")
        }
        if let code = ReportFile.write(try baseline.encoded(), to: file.absolute) {
            throw CLIError(message: "cannot write baseline to '\(file.spelled)': \(RegularFile.systemReason(code))")
        }
    }

    /// Matches the scan's findings against a baseline, following files git says were renamed
    /// since the baseline's commit (or since HEAD, for renames not yet committed).
    func match(_ result: ScanResult, against baseline: Baseline) throws -> Baseline.Match {
        var renames: [String: String] = [:]
        if let git {
            let since = baseline.commit.flatMap { try? git.commit($0) } ?? "HEAD"
            renames = (try? git.renames(since: since)) ?? [:]
        }
        let rules = Set(result.rules.map(\.id))
        return baseline.match(result.findings, renames: renames) { entry in
            rules.contains(entry.ruleId) && covers(entry.file)
        }
    }

    /// Whether a path lies in what this scan reported on (an entry elsewhere is not stale).
    private func covers(_ file: String) -> Bool {
        scope.paths.contains { path in
            path == "." || path == file || file.hasPrefix(path.hasSuffix("/") ? path : path + "/")
        }
    }

    /// Scans the files of the merge base of `ref` and HEAD, unpacked from git into a temporary
    /// folder outside the project, and matches the scan's findings against its findings as a
    /// baseline matches (files renamed since followed).
    func matchSince(_ ref: String, result: ScanResult, scan: ([String]) throws -> ScanResult) throws -> Baseline.Match {
        guard let git, try git.isRepository() else {
            throw CLIError(message: "--new-since needs a git repository, and '\(scope.root.path)' is not in one")
        }
        guard let target = try git.commit(ref) else {
            throw CLIError(message: "--new-since: unknown git ref '\(ref)'")
        }
        guard let head = try git.commit("HEAD") else {
            throw CLIError(message: "--new-since: the repository has no commit checked out (HEAD)")
        }
        guard let base = try git.mergeBase(target, head) else {
            throw CLIError(message: "--new-since: '\(ref)' and HEAD have no common ancestor")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-lint-base-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try git.extract(base, into: folder.path)
        let root = FileManager.default.currentDirectoryPath
        guard FileManager.default.changeCurrentDirectoryPath(folder.path) else {
            throw CLIError(message: "cannot enter the temporary folder of \(base)")
        }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(root) }
        // A scanned path the earlier commit does not have yet has no findings there.
        let paths = scope.paths.filter { FileManager.default.fileExists(atPath: $0) }
        let earlier: [Finding]
        if paths.isEmpty {
            earlier = []
        } else {
            do {
                earlier = try scan(paths).findings
            } catch let error as CLIError {
                throw CLIError(message: "scanning \(ref) (\(base.prefix(12))): \(error.message)")
            } catch {
                throw CLIError(message: "scanning \(ref) (\(base.prefix(12))): \(error)")
            }
        }
        _ = FileManager.default.changeCurrentDirectoryPath(root)
        let renames = try git.renames(since: base)
        return Baseline(findings: earlier, commit: base).match(result.findings, renames: renames) { _ in false }
    }
}
