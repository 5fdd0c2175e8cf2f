import ArgumentParser
import Foundation
import KeychainLintCore
import KeychainLintEngine
import KeychainLintReporters
#if canImport(Glibc)

// glibc gives each new thread its own malloc arena, up to 8 per core, and memory freed in one
// arena is not reused by another: with worker threads that parse and drop syntax trees, that
// fragmentation alone measured a third of peak memory on a large scan. One arena per core keeps
// the peak close to what is in use, at no measurable cost in speed (Benchmarks/README.md).
// (malloc.h is not in the Glibc module: `mallopt` is declared here; -8 is its M_ARENA_MAX.)
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = glibcMallopt(-8, Int32(max(2, ProcessInfo.processInfo.activeProcessorCount)))
#endif

// A hand-written entry point instead of `@main`, so every failure ends in exit code 2 with one
// clear line on stderr (ArgumentParser alone uses 64 for usage errors).
// The process ends right after its report: the scan need not release its working data first.
KeychainLintEngine.Scanner.releasesWorkingData = false

/// The hint for an unknown single-dash option, which is most often a path that starts with `-`.
let dashPathHint = "; to scan a path that starts with '-', write it as ./PATH or after --"

// `-h` is ArgumentParser's short help flag, and short flags can be grouped: `scan -h.swift` (a
// path mistyped without `./`) read as `-h -. -s …`, printed the help and exited 0 as if a scan had
// passed. keychain-lint has no other short option, so a longer single-dash word (but `-help`) is
// never one: it is reported as unknown (exit 2) before ArgumentParser can take it for help.
for argument in CommandLine.arguments.dropFirst().prefix(while: { $0 != "--" })
where argument.hasPrefix("-") && !argument.hasPrefix("--") && argument.count > 2 && argument != "-help"
    && Int(argument) == nil
{
    FileHandle.standardError.write(Data(
        "keychain-lint: error: Unknown option '\(OutputEscaping.text(argument))'\(dashPathHint) (see 'keychain-lint --help')\n".utf8))
    Foundation.exit(2)
}

// The command runs on a thread with the workers' large stack: with one job the scan parses and
// walks syntax trees on this thread, and the main thread's stack (8 MB) is too small for the
// nesting `SyntaxLimits` allows, above all in a debug build.
let finished = DispatchSemaphore(value: 0)
let commandThread = Thread {
    runCommand()
    finished.signal()
}
commandThread.stackSize = KeychainLintEngine.Scanner.threadStackSize
commandThread.start()
finished.wait()

func runCommand() {
    do {
        var command = try KeychainLintCommand.parseAsRoot()
        try command.run()
    } catch let exit as ExitCode {
        Foundation.exit(exit.rawValue)
    } catch let error as CLIError {
        // The message may quote a configuration key or a path from the scanned tree.
        FileHandle.standardError.write(Data("keychain-lint: error: \(OutputEscaping.text(error.message))\n".utf8))
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
        var firstLine = message.split(separator: "\n").first.map(String.init) ?? message
        if firstLine.hasPrefix("Unknown option '-"), !firstLine.hasPrefix("Unknown option '--") {
            firstLine += dashPathHint
        }
        FileHandle.standardError.write(Data("keychain-lint: error: \(OutputEscaping.text(firstLine)) (see 'keychain-lint --help')\n".utf8))
        Foundation.exit(2)
    }
}
