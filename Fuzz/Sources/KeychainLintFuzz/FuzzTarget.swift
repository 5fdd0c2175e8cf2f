import Foundation
import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintCore
import KeychainLintEngine
import KeychainLintRules
import KeychainLintRuleKit

/// libFuzzer's entry point: scans the input as Swift source with every rule, and the same text
/// as Objective-C (`Fuzz.m`: both front ends meet every input). An input may hold several files,
/// separated by a line `//--- NAME.swift` or `//--- NAME.m` (cross-file resolution is where
/// several crashes hid), and may start with project files the same way (`//--- Info.plist`).
///
/// The scan runs on a thread with the stack the command-line tool gives its scan: libFuzzer calls
/// this on its main thread, whose 8 MB would fail where the tool does not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        FuzzScan.run(bytes)
        done.signal()
    }
    thread.stackSize = KeychainLintEngine.Scanner.threadStackSize
    thread.start()
    done.wait()
    return 0
}

enum FuzzScan {
    // One scan at a time: libFuzzer calls the entry point from one thread and waits for it.
    nonisolated(unsafe) static let scanner: KeychainLintEngine.Scanner = {
        // A parse is waited for however long it takes (libFuzzer's -timeout judges it): a parse
        // cut at the release build's limit would go on running on its worker thread while later
        // inputs run, slowing each of them (SyntaxLimits.parseSecondsFactor).
        SyntaxLimits.parseSecondsFactor = 1_000
        do {
            return try KeychainLintEngine.Scanner(configuration: .default)
        } catch {
            fatalError("the default configuration must be valid: \(error)")
        }
    }()

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var sources: [ProjectIndex.Input] = []
        var projectFiles: [ProjectFileInput] = []
        let files = split(text)
        // The text before the first `//---` line is read by both front ends.
        let both = files.first.map { [$0, ("Fuzz.m", $0.1)] } ?? []
        for (name, body) in both + files.dropFirst() {
            if let kind = ProjectFileInput.Kind(fileName: name) {
                projectFiles.append(ProjectFileInput(path: name, kind: kind, data: Data(body.utf8)))
            } else {
                sources.append(ProjectIndex.Input(path: name, text: body))
            }
        }
        let result = scanner.scan(sources: sources, projectFiles: projectFiles, threads: 1)
        // Every finding must have a well-formed range (a report with end before start is invalid
        // SARIF): the fuzzer treats a broken invariant like a crash.
        for finding in result.findings {
            let range = finding.range
            precondition(range.start.line >= 1 && range.start.column >= 1, "finding starts before the file: \(finding)")
            precondition((range.end.line, range.end.column) >= (range.start.line, range.start.column),
                         "finding ends before it starts: \(finding)")
        }
    }

    /// The files of one input: `//--- NAME` lines start a new file; text before the first is `Fuzz.swift`.
    static func split(_ text: String) -> [(String, String)] {
        var files: [(String, String)] = []
        var name = "Fuzz.swift"
        var body: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("//--- "), line.count > 6, files.count < 16 {
                files.append((name, body.joined(separator: "\n")))
                name = String(line.dropFirst(6)).trimmingCharacters(in: .whitespaces)
                body = []
            } else {
                body.append(line)
            }
        }
        files.append((name, body.joined(separator: "\n")))
        return files.filter { !$0.0.isEmpty }
    }
}

// SwiftPM links an executable's `main` to `<module>_main`; libFuzzer's own `main` is replaced by
// this one, which hands control to libFuzzer's driver with the entry point above.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("KeychainLintFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
