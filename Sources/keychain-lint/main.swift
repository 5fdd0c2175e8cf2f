import ArgumentParser
import Foundation
import KeychainLintCore

// A hand-written entry point instead of `@main`, so every failure ends in exit code 2 with one
// clear line on stderr (ArgumentParser alone uses 64 for usage errors).
do {
    var command = try KeychainLintCommand.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    Foundation.exit(exit.rawValue)
} catch let error as CLIError {
    FileHandle.standardError.write(Data("keychain-lint: error: \(error.message)\n".utf8))
    Foundation.exit(2)
} catch {
    let code = KeychainLintCommand.exitCode(for: error)
    if code == .success {
        // --help, --version
        print(KeychainLintCommand.fullMessage(for: error))
        Foundation.exit(0)
    }
    let message = KeychainLintCommand.fullMessage(for: error)
    FileHandle.standardError.write(Data("keychain-lint: error: \(message)\n".utf8))
    Foundation.exit(2)
}
