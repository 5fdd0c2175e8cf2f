import Foundation
@testable import KeychainLintEngine
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The result cache's file handling and hashes (the CLI tests cover whole scans).
@Suite("Result cache file")
struct ResultCacheTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-lint-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("content hashes and keys are SHA-256 (test vectors of FIPS 180-2)")
    func sha256() {
        #expect(ResultCache.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ResultCache.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ResultCache.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("replace writes the file whole, mode 0600, and read gives it back")
    func replaceAndRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("scan-x.json").path
        try CacheFile.replace(path, with: Data("first".utf8))
        try CacheFile.replace(path, with: Data("second".utf8))
        #expect(try CacheFile.read(path) == Data("second".utf8))
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & 0o7777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scan-x.json"])
    }

    @Test("a symbolic link at the path is not read, not written through and not replaced")
    func symbolicLink() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target").path
        let path = folder.appendingPathComponent("scan-x.json").path
        try Data("target".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)

        #expect(throws: CacheFile.Problem.self) { try CacheFile.read(path) }
        let error = #expect(throws: CacheFile.Problem.self) { try CacheFile.replace(path, with: Data("new".utf8)) }
        #expect(error?.message == "\(path) is a symbolic link, not a cache file; left as it is")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("target".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["scan-x.json", "target"])
    }

    @Test("a folder or a FIFO at the path is left as it is; reading a FIFO does not wait")
    func folderAndFIFO() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("scan-d.json").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let fifo = folder.appendingPathComponent("scan-f.json").path
        try #require(mkfifo(fifo, 0o600) == 0)

        #expect(throws: CacheFile.Problem.self) { try CacheFile.read(directory) }
        #expect(throws: CacheFile.Problem.self) { try CacheFile.read(fifo) }
        let folderError = #expect(throws: CacheFile.Problem.self) { try CacheFile.replace(directory, with: Data("x".utf8)) }
        #expect(folderError?.message == "\(directory) is a folder, not a cache file; left as it is")
        let fifoError = #expect(throws: CacheFile.Problem.self) { try CacheFile.replace(fifo, with: Data("x".utf8)) }
        #expect(fifoError?.message == "\(fifo) is a FIFO, not a cache file; left as it is")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["scan-d.json", "scan-f.json"])
    }

    @Test("writers racing on one path each succeed; the file is one of theirs, whole; no temporary file is left")
    func concurrentWriters() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("scan-x.json").path
        // Large enough that writes overlap.
        let payloads = (0..<8).map { Data(repeating: UInt8(ascii: "a") + UInt8($0), count: 256 * 1024) }
        final class Failures: @unchecked Sendable {
            let lock = NSLock()
            var messages: [String] = []
        }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: payloads.count) { writer in
            for _ in 0..<20 {
                do {
                    try CacheFile.replace(path, with: payloads[writer])
                    let read = try CacheFile.read(path)
                    if !payloads.contains(read) { throw CacheFile.Problem(message: "read a mixed file") }
                } catch {
                    failures.lock.lock()
                    failures.messages.append("\(error)")
                    failures.lock.unlock()
                }
            }
        }
        #expect(failures.messages == [])
        #expect(payloads.contains(try CacheFile.read(path)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scan-x.json"])
    }
}
