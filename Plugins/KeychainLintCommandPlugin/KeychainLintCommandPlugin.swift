import Foundation
import PackagePlugin

/// `swift package keychain-lint [--target NAME]… [--path PATH]… [scan options]`: scans the
/// package (or the named targets' files, or the given paths) and fails when there is a finding at or
/// above `--fail-on` (default: low), as `keychain-lint scan` does. Every other argument is a
/// `keychain-lint scan` option (`--format sarif --output keychain-lint.sarif`, `--fail-on high`).
/// Relative paths are read from the package's folder. Unless `--cache-dir` or `--no-cache` is
/// given, the result cache is kept in the plugin's work directory.
@main
struct KeychainLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var paths = extractor.extractOption(named: "path")
        if !targetNames.isEmpty {
            // The targets' Swift and Objective-C files, resolved against the whole project.
            for target in try context.package.targets(named: targetNames) {
                paths += (target.sourceModule?.sourceFiles.map(\.url) ?? []).filter(Self.isScanned).map(\.path)
            }
        }
        if paths.isEmpty {
            guard targetNames.isEmpty else {
                Diagnostics.remark("keychain-lint: the targets \(targetNames.joined(separator: ", ")) have no Swift or Objective-C files")
                return
            }
            paths = [context.package.directoryURL.path]
        }
        try Self.run(
            tool: try context.tool(named: "keychain-lint").url, options: extractor.remainingArguments, paths: paths,
            directory: context.package.directoryURL, workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The file types keychain-lint reads.
    static func isScanned(_ file: URL) -> Bool {
        ["swift", "m", "mm", "h"].contains(file.pathExtension)
    }

    /// Runs the scan with the package's folder as the current one; throws when it exits non-zero
    /// (1: findings, 2: an error it has already explained), so `swift package` fails too.
    static func run(tool: URL, options: [String], paths: [String], directory: URL, workDirectory: URL) throws {
        var arguments = ["scan"] + options
        if !options.contains(where: { $0 == "--cache-dir" || $0.hasPrefix("--cache-dir=") || $0 == "--no-cache" }) {
            arguments += ["--cache-dir", workDirectory.appendingPathComponent("cache").path]
        }
        arguments += ["--"] + paths
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let code = process.terminationStatus
            throw ScanFailed(
                description: code == 1 && process.terminationReason == .exit
                    ? "keychain-lint found issues at or above the --fail-on severity"
                    : "keychain-lint exited with status \(code)")
        }
    }

    struct ScanFailed: Error, CustomStringConvertible {
        let description: String
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension KeychainLintCommandPlugin: XcodeCommandPlugin {
    /// In Xcode: the selected targets' Swift and Objective-C files (`--target NAME`), the given
    /// `--path`s, or else the whole project folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        var paths = extractor.extractOption(named: "path")
        for target in context.xcodeProject.targets where targetNames.contains(target.displayName) {
            paths += target.inputFiles.map(\.url).filter(Self.isScanned).map(\.path)
        }
        if paths.isEmpty {
            guard targetNames.isEmpty else {
                Diagnostics.remark("keychain-lint: the targets \(targetNames.sorted().joined(separator: ", ")) have no Swift or Objective-C files")
                return
            }
            paths = [context.xcodeProject.directoryURL.path]
        }
        try Self.run(
            tool: try context.tool(named: "keychain-lint").url, options: extractor.remainingArguments, paths: paths,
            directory: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
