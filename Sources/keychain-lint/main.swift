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
    // One line: ArgumentParser's message without its "Error: " prefix and the usage block.
    var message = KeychainLintCommand.message(for: error)
    if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
    let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
    FileHandle.standardError.write(Data("keychain-lint: error: \(firstLine) (see 'keychain-lint --help')\n".utf8))
    Foundation.exit(2)
}
