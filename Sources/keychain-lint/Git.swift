import Foundation

/// The few questions `--baseline` and `--new-since` ask git, run in the project root. Git only
/// reads here: nothing in the repository or its work tree is changed.
struct Git {
    let directory: String

    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Runs `git ARGUMENTS`; throws a one-line error when git cannot be started.
    func run(_ arguments: [String], stdout: FileHandle? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        var environment = ProcessInfo.processInfo.environment
        // Plain output whatever the user's settings: no pager, no colours, no translations.
        environment["GIT_PAGER"] = "cat"
        environment["LC_ALL"] = "C"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        // Standard error goes to a file: read after the exit, it can never fill a pipe and block git.
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-lint-git-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: errorPath, contents: nil, attributes: [.posixPermissions: 0o600]),
            let err = FileHandle(forWritingAtPath: errorPath)
        else { throw CLIError(message: "cannot create a temporary file for git's messages") }
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.standardOutput = stdout ?? out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw CLIError(message: "cannot run git: \(error.localizedDescription)")
        }
        var data = Data()
        if stdout == nil { data = out.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        try? err.close()
        let errors = FileManager.default.contents(atPath: errorPath) ?? Data()
        if process.terminationStatus == 127 {
            throw CLIError(message: "git is needed for this and could not be run (is it installed?)")
        }
        let message = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return Output(status: process.terminationStatus, stdout: data, stderr: message)
    }

    private func text(_ output: Output) -> String {
        String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the folder is in a git work tree.
    func isRepository() throws -> Bool {
        let output = try run(["rev-parse", "--is-inside-work-tree"])
        return output.status == 0 && text(output) == "true"
    }

    /// The commit `ref` names, or nil when it names none.
    func commit(_ ref: String) throws -> String? {
        guard !ref.hasPrefix("-") else { return nil }
        let output = try run(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
        return output.status == 0 ? text(output) : nil
    }

    /// The best common ancestor of two commits, or nil when they have none.
    func mergeBase(_ a: String, _ b: String) throws -> String? {
        let output = try run(["merge-base", a, b])
        return output.status == 0 ? text(output) : nil
    }

    /// Files renamed between `commit` and the work tree (committed or staged renames; an
    /// untracked new file is not known to git as a rename): old path → new path, relative to the
    /// repository's top folder.
    func renames(since commit: String) throws -> [String: String] {
        let output = try run(["diff", "--name-status", "-M", "-z", "--no-ext-diff", commit, "--"])
        guard output.status == 0 else { return [:] }
        let fields = output.stdout.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var renames: [String: String] = [:]
        var index = 0
        while index < fields.count {
            let status = fields[index]
            if status.hasPrefix("R") || status.hasPrefix("C") {
                guard index + 2 < fields.count else { break }
                if status.hasPrefix("R") { renames[fields[index + 1]] = fields[index + 2] }
                index += 3
            } else {
                index += status.isEmpty ? 1 : 2
            }
        }
        return renames
    }

    /// Writes the files of `commit` into `folder` (`git archive`, unpacked by `tar`): the work
    /// tree, the index and the repository are left as they are.
    func extract(_ commit: String, into folder: String) throws {
        let archive = FileManager.default.temporaryDirectory
            .appendingPathComponent("keychain-lint-\(UUID().uuidString).tar").path
        guard FileManager.default.createFile(atPath: archive, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: archive)
        else { throw CLIError(message: "cannot create a temporary file for the files of \(commit)") }
        defer { try? FileManager.default.removeItem(atPath: archive) }
        let output = try run(["archive", "--format=tar", commit], stdout: handle)
        try? handle.close()
        guard output.status == 0 else {
            throw CLIError(message: "cannot read the files of \(commit) from git: \(output.stderr)")
        }
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-x", "-f", archive, "-C", folder]
        tar.standardInput = FileHandle.nullDevice
        tar.standardOutput = FileHandle.nullDevice
        tar.standardError = FileHandle.nullDevice
        try tar.run()
        tar.waitUntilExit()
        guard tar.terminationStatus == 0 else {
            throw CLIError(message: "cannot unpack the files of \(commit) (tar exited with \(tar.terminationStatus))")
        }
    }
}
