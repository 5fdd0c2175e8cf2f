import Foundation
import PackagePlugin

/// Runs keychain-lint on a target's Swift and Objective-C files at every build. Findings appear
/// as compiler warnings (`file:line:col: warning: …`); the build does not fail because of them.
///
/// Options come from the project's `.keychain-lint.yml` files, found as a scan from the command
/// line finds them. The result cache lives in the plugin's work directory, the one place a build
/// plugin may write to (the sources and the user's cache folder may be read-only, as on Xcode
/// Cloud), so nothing else is written.
@main
struct KeychainLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let files = module.sourceFiles.map(\.url).filter(Self.isScanned)
        guard !files.isEmpty else { return [] }
        return [
            Self.command(
                tool: try context.tool(named: "keychain-lint").url, files: files,
                workDirectory: context.pluginWorkDirectoryURL, name: target.name),
        ]
    }

    /// The file types keychain-lint reads.
    static func isScanned(_ file: URL) -> Bool {
        ["swift", "m", "mm", "h"].contains(file.pathExtension)
    }

    /// A build command that runs whenever the target builds: it declares no outputs, so SwiftPM
    /// and Xcode do not skip it, and the cache keeps an unchanged target's re-scan short.
    static func command(tool: URL, files: [URL], workDirectory: URL, name: String) -> Command {
        let arguments = [
            "scan", "--format", "xcode", "--exit-zero", "--no-progress",
            "--cache-dir", workDirectory.appendingPathComponent("cache").path, "--",
        ] + files.map(\.path)
        return .buildCommand(
            displayName: "keychain-lint \(name)", executable: tool, arguments: arguments, inputFiles: files,
            outputFiles: [])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension KeychainLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url).filter(Self.isScanned)
        guard !files.isEmpty else { return [] }
        return [
            Self.command(
                tool: try context.tool(named: "keychain-lint").url, files: files,
                workDirectory: context.pluginWorkDirectoryURL, name: target.displayName),
        ]
    }
}
#endif
