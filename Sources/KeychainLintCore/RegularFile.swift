import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads files that must be regular files of bounded size: sources, project files, the
/// configuration. A scanned tree is written by someone else, and a FIFO named `x.swift` (or a link
/// to one) would block a plain `open` forever, while `/dev/zero` or `/dev/urandom` would be read
/// until memory runs out.
public enum RegularFile {
    /// Why a file was not read, phrased to follow "cannot read file: " or a file name and a colon.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `open`, `fstat` or `read` failed: the system's reason (`errno`).
        case system(Int32)
        /// A FIFO, socket, device or folder; the value names the kind ("a FIFO").
        case notRegular(String)
        /// Larger than the limit (the size found, or the limit plus one when it grew while read).
        case tooLarge(size: Int, limit: Int)

        public var description: String {
            switch self {
            case .system(let code): systemReason(code)
            case .notRegular(let kind): "not a regular file (\(kind))"
            case .tooLarge(let size, let limit): "larger than \(Self.describe(bytes: limit)) (\(size) bytes)"
            }
        }

        /// `16 MB`, `1 MB`, or bytes for limits that are not whole megabytes.
        static func describe(bytes: Int) -> String {
            bytes % (1024 * 1024) == 0 ? "\(bytes / 1024 / 1024) MB" : "\(bytes) bytes"
        }
    }

    /// The bytes of the regular file at `path` (links followed), at most `limit` of them.
    ///
    /// The file is opened with O_NONBLOCK so that opening a FIFO returns at once instead of
    /// waiting for a writer; `fstat` on the open descriptor (not `stat` on the path, which could be
    /// swapped in between) then rejects anything that is not a regular file before a byte is
    /// read. Reading stops after `limit` + 1 bytes, so a file that grows while it is read cannot
    /// take more memory than that.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        path.withCString { read(cPath: $0, limit: limit) }
    }

    /// `read(_:limit:)` for a path given as bytes, which need not be valid UTF-8 (a file name a
    /// Swift string cannot spell).
    public static func read(pathBytes: [UInt8], limit: Int) -> Result<[UInt8], Failure> {
        let terminated = pathBytes.map { CChar(bitPattern: $0) } + [0]
        return terminated.withUnsafeBufferPointer { read(cPath: $0.baseAddress!, limit: limit) }
    }

    private static func read(cPath path: UnsafePointer<CChar>, limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(errno)) }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            // A folder keeps the system's own words ("is a directory"), as other tools say it.
            if type == S_IFDIR { return .failure(.system(EISDIR)) }
            return .failure(.notRegular(kindName(type)))
        }
        let size = Int(status.st_size)
        if size > limit { return .failure(.tooLarge(size: size, limit: limit)) }
        // Reads straight into the array's storage (this runs for every file of a scan). One byte
        // more than the size asks the system for the end of the file at once; if that byte comes,
        // the file grew since the fstat and the rest is read in chunks, still bounded by the limit.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if count == 0 {
                // End of file (it may have shrunk while it was read).
                bytes.removeLast(bytes.count - filled)
                return .success(bytes)
            }
            filled += count
            if filled == bytes.count {
                if filled > limit { return .failure(.tooLarge(size: filled, limit: limit)) }
                bytes.append(contentsOf: repeatElement(0, count: min(64 * 1024, limit + 1 - filled)))
            }
        }
        return .success(bytes)
    }

    /// "a FIFO", "a socket", … for a `st_mode & S_IFMT` value.
    public static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// `strerror`, with a lowercase first letter to read well after a colon.
    public static func systemReason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
