import Foundation
import KeychainLintCore
import Testing

@testable import KeychainLintEngine

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Only regular files are read, and never more than the limit: a FIFO blocked a plain `open`
/// forever, and `/dev/zero` was read until memory ran out.
@Suite(.timeLimit(.minutes(1)))
struct RegularFileTests {
    let directory: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("keychain-lint-regular-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        directory = url.path
    }

    func write(_ name: String, bytes count: Int) throws -> String {
        let path = directory + "/" + name
        try Data(repeating: 0x61, count: count).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsRegularFilesUpToTheLimit() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(RegularFile.read(try write("empty", bytes: 0), limit: 10) == .success([]))
        #expect(RegularFile.read(try write("ten", bytes: 10), limit: 10) == .success([UInt8](repeating: 0x61, count: 10)))
        #expect(RegularFile.read(try write("eleven", bytes: 11), limit: 10) == .failure(.tooLarge(size: 11, limit: 10)))
        // A file larger than one read: all of it.
        let large = try write("large", bytes: 300_000)
        #expect((try? RegularFile.read(large, limit: 1_000_000).get())?.count == 300_000)
    }

    @Test func rejectsWhatIsNotARegularFileWithoutBlocking() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe.swift"
        try #require(mkfifo(fifo, 0o644) == 0)
        #expect(RegularFile.read(fifo, limit: 10) == .failure(.notRegular("a FIFO")))
        #expect(RegularFile.read("/dev/zero", limit: 10) == .failure(.notRegular("a character device")))
        #expect(RegularFile.read(directory, limit: 10) == .failure(.system(EISDIR)))
        #expect(RegularFile.read(directory + "/missing", limit: 10) == .failure(.system(ENOENT)))
    }

    @Test func messages() {
        #expect(RegularFile.Failure.notRegular("a FIFO").description == "not a regular file (a FIFO)")
        #expect(RegularFile.Failure.tooLarge(size: 17_000_000, limit: 16 * 1024 * 1024).description
            == "larger than 16 MB (17000000 bytes)")
        #expect(RegularFile.Failure.tooLarge(size: 11, limit: 10).description == "larger than 10 bytes (11 bytes)")
        #expect(RegularFile.Failure.system(ENOENT).description == "no such file or directory")
        // The scanner keeps the system's own capitalisation after "cannot read file:".
        #expect(Scanner.message(for: .system(EACCES)) == "cannot read file: Permission denied")
        #expect(Scanner.message(for: .notRegular("a socket")) == "not a regular file (a socket)")
    }

    @Test func theScannerSkipsAFIFOGivenAsAProjectFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #require(mkfifo(directory + "/Base.xcconfig", 0o644) == 0)
        try Data("let x = 1\n".utf8).write(to: URL(fileURLWithPath: directory + "/A.swift"))
        let result = try Scanner(configuration: Configuration())
            .scan(paths: [directory + "/Base.xcconfig", directory], includeVendored: false, threads: 1)
        #expect(result.diagnostics == [
            ScanDiagnostic(kind: .skippedFile, file: directory + "/Base.xcconfig", message: "not a regular file (a FIFO)")
        ])
        #expect(result.stats.filesScanned == 1)
        #expect(result.stats.filesSkipped == 1)
    }
}
