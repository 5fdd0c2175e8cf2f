import Foundation
import KeychainLintCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file the scanner will read.
public struct DiscoveredFile: Sendable, Hashable {
    /// The path as the user spelled its folder (`Examples/App/Foo.swift`), without a leading `./`.
    /// Invalid UTF-8 bytes in a name are spelled `\xFF` (see `pathBytes`).
    public var path: String
    public var kind: Kind
    /// The bytes of the path when `path` cannot name the file (a name that is not valid UTF-8,
    /// at any level): the file is opened with these. Nil for every other file.
    public var pathBytes: [UInt8]?

    public enum Kind: String, Sendable {
        case swift, infoPlist, pbxproj, xcconfig
        /// `.m`, `.mm` and `.h`: read by the Objective-C front end.
        case objectiveC
    }

    public init(path: String, kind: Kind, pathBytes: [UInt8]? = nil) {
        self.path = path
        self.kind = kind
        self.pathBytes = pathBytes
    }
}

/// Expands the paths given on the command line into the files to scan.
///
/// - In folders: `*.swift`, `*.m`, `*.mm`, `*.h`, `Info.plist` and `*-Info.plist`, `project.pbxproj` inside a `*.xcodeproj`
///   folder, and `*.xcconfig`.
/// - A file given explicitly is scanned if it is `.swift`, `.m`, `.mm` or `.h`, a `*.plist` whose name contains "Info",
///   any `project.pbxproj` or an `.xcconfig`; any other explicit file is ignored.
/// - Folders named in `vendoredDirectoryNames` are skipped while walking (a folder given explicitly
///   is always walked).
/// - Paths matched by an exclude glob are skipped; globs are matched against the path relative to
///   `baseDirectory`. Explicit paths are subject to the globs too, so a pre-commit hook passing
///   staged files gets the same exclusions as a folder scan.
/// - Symbolic links to folders met while walking are not followed (no cycles, no escaping the
///   tree); symbolic links to files are scanned. A path given explicitly is followed.
/// - A file or folder reached twice (a folder and a link to it on the command line, a link to a
///   file of the tree, a hard link) is taken once: files are told apart by device and inode, not by
///   spelling, and the spelling that is not a symbolic link wins.
/// - What cannot be scanned is skipped with a diagnostic, never silently and never by ending the
///   scan: a folder that cannot be read, a FIFO, socket or device with a scanned name (reading one
///   would block or never end). Only a path on the command line that does not exist is an error.
/// - A name that is not valid UTF-8 is shown with `\xFF` escapes and scanned through the bytes of
///   its path (`DiscoveredFile.pathBytes`), as a Swift string cannot spell it.
public struct FileDiscovery: Sendable {
    public static let vendoredDirectoryNames: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
    ]

    /// Skipped even with `includeVendored`: `.git` holds no sources (only object files) and
    /// `.build` holds SwiftPM's checkouts and build products — scanning them would report every
    /// dependency's code and build intermediates, never what `--include-vendored` is for
    /// (third-party code the app ships: Pods, Carthage, node_modules, DerivedData's
    /// SourcePackages, .swiftpm).
    public static let alwaysSkippedDirectoryNames: Set<String> = [".build", ".git"]

    public let exclude: [GlobPattern]
    public let baseDirectory: String
    public let includeVendored: Bool
    /// `baseDirectory` as a standardized absolute path.
    private let absoluteBase: String
    /// Nested configuration files, when the scan reads them: each folder's `.keychain-lint.yml` is
    /// loaded as the walk enters the folder, and its exclude patterns apply below it. A file that
    /// cannot be loaded ends the discovery with its error.
    public var configurations: ConfigurationTree?

    public init(exclude: [String], baseDirectory: String, includeVendored: Bool) {
        self.exclude = exclude.map(GlobPattern.init)
        self.baseDirectory = baseDirectory
        self.includeVendored = includeVendored
        self.absoluteBase = DiscoveryPaths.absolute(baseDirectory)
    }

    /// Expands files and folders (recursively) into the files to scan, sorted by path, without duplicates.
    /// Throws DiscoveryError (one-line description naming the path) for a path that does not exist.
    public func discover(_ paths: [String]) throws -> [DiscoveredFile] {
        var skipped: [ScanDiagnostic] = []
        return try discover(paths, skipped: &skipped)
    }

    /// Like `discover(_:)`, and appends a `.skippedFile` diagnostic (in walking order) for each file
    /// or folder that is not scanned for a reason the user should see, and a `.fileNote` for each
    /// name shown with `\xFF` escapes.
    public func discover(_ paths: [String], skipped: inout [ScanDiagnostic]) throws -> [DiscoveredFile] {
        var walk = Walk()
        if let configurations {
            for path in paths { configurations.loadAncestors(of: path) }
            if let error = configurations.firstError { throw error }
        }
        for path in paths {
            try discover(root: path, into: &walk)
        }
        if let error = configurations?.firstError { throw error }
        // A name spelled with `\xFF` escapes may read like another file's real name; the scan
        // tells files apart by their paths, so only the one spelled exactly is kept.
        let exact = Set(walk.found.values.filter { $0.file.pathBytes == nil }.map(\.file.path))
        var files: [DiscoveredFile] = []
        for entry in walk.found.values {
            if entry.file.pathBytes != nil, exact.contains(entry.file.path) {
                walk.skipped.append(ScanDiagnostic(
                    kind: .skippedFile, file: entry.file.path,
                    message: "its name is not valid UTF-8 and, with \\xNN escapes, reads the same as another file's"))
                continue
            }
            files.append(entry.file)
        }
        skipped.append(contentsOf: walk.skipped)
        return files.sorted { $0.path < $1.path }
    }

    /// What a discovery has found so far.
    private struct Walk {
        struct Entry {
            var file: DiscoveredFile
            /// Reached through a symbolic link: another spelling of the same file replaces it.
            var viaLink: Bool
        }

        /// File identity (device and inode, else the standardized absolute path) → first spelling.
        var found: [FileIdentity: Entry] = [:]
        /// Folders already walked (device and inode): a folder given twice is walked once.
        var walked: Set<FileIdentity> = []
        var skipped: [ScanDiagnostic] = []
        /// What has been reported as skipped: a FIFO given and met again while walking is reported once.
        var skippedIdentities: Set<FileIdentity> = []

        mutating func skip(_ path: String, _ message: String, identity: FileIdentity) {
            guard skippedIdentities.insert(identity).inserted else { return }
            skipped.append(ScanDiagnostic(kind: .skippedFile, file: path, message: message))
        }

        /// Says how a name that is not valid UTF-8 is shown (once per name).
        mutating func noteEscapedName(_ path: String, folder: Bool, identity: FileIdentity) {
            guard escapedNames.insert(identity).inserted else { return }
            skipped.append(ScanDiagnostic(
                kind: .fileNote, file: path,
                message: "the \(folder ? "folder" : "file") name is not valid UTF-8: its invalid bytes are shown as \\xNN escapes"))
        }

        private var escapedNames: Set<FileIdentity> = []
    }

    /// Who a file is: its device and inode when known, else its absolute path.
    private enum FileIdentity: Hashable {
        case inode(device: UInt64, inode: UInt64)
        case path(String)

        init(_ info: stat) {
            self = .inode(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
    }

    // MARK: - Walking

    private func discover(root: String, into walk: inout Walk) throws {
        var info = stat()
        let display = DiscoveryPaths.displayPath(root)
        guard stat(root, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw DiscoveryError("no such file or directory: '\(root)'")
            }
            // There but not reachable (a folder above it is unreadable, a link loop, a path
            // longer than PATH_MAX): skipped like an unreadable file met while walking.
            walk.skip(display, "cannot read: \(String(cString: strerror(code)))", identity: .path(DiscoveryPaths.absolute(root)))
            return
        }
        let absolute = DiscoveryPaths.absolute(root)
        let relative = relativeToBase(absolute) ?? display

        if isExcluded(relative) || configurations?.isExcluded(display) == true { return }

        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            walkDirectory(
                directory: root, bytes: nil, display: display, absolute: absolute, relative: relative, identity: info,
                into: &walk)
            return
        }
        guard let kind = Self.explicitKind(name: (root as NSString).lastPathComponent) else { return }
        if type != S_IFREG {
            walk.skip(display, RegularFile.Failure.notRegular(RegularFile.kindName(type)).description, identity: FileIdentity(info))
            return
        }
        add(DiscoveredFile(path: display, kind: kind), identity: FileIdentity(info), viaLink: false, into: &walk)
    }

    /// Walks a folder; `bytes` is its path as bytes when `directory` cannot spell it (a name above
    /// that is not valid UTF-8), else nil.
    private func walkDirectory(
        directory: String, bytes: [UInt8]?, display: String, absolute: String, relative: String, identity: stat,
        into walk: inout Walk
    ) {
        guard walk.walked.insert(FileIdentity(identity)).inserted else { return }
        let entries: [DiscoveryPaths.Entry]
        // The last component of a standardized absolute path (no trailing `/`).
        let directoryName = absolute.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(absolute[absolute.index(after: $0)...]) } ?? absolute
        do {
            // A regular file the scan does not read needs no `lstat`: most files of a large
            // checkout are such (images, other languages' sources).
            entries = try DiscoveryPaths.contentsOfDirectory(bytes ?? Array(directory.utf8)) { name in
                Self.folderKind(name: name, directoryName: directoryName) != nil
            }
        } catch let failure as DiscoveryPaths.Failure {
            walk.skip(display, "cannot read directory: \(failure.reason)", identity: FileIdentity(identity))
            return
        } catch {
            walk.skip(display, "cannot read directory: \(error)", identity: FileIdentity(identity))
            return
        }
        if let configurations, entries.contains(where: { $0.name == Configuration.fileName }) {
            // Before the folder's entries: its exclude patterns apply to them.
            configurations.load(folder: display)
        }
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.isUnreadRegularFile {
            let name = entry.name
            let childPath = DiscoveryPaths.join(directory, name)
            let childDisplay = DiscoveryPaths.join(display, name)
            let childAbsolute = DiscoveryPaths.join(absolute, name)
            let childRelative = DiscoveryPaths.join(relative, name)
            // Only a path that a string cannot spell is carried as bytes.
            let childBytes = bytes == nil && entry.validName ? nil : (bytes ?? Array(directory.utf8)) + [0x2F] + entry.bytes
            guard let info = entry.status else {
                // Gone since the folder was listed: nothing to say. Anything else (a name too long
                // for the system) is worth a line, for the names the scan would have read.
                if entry.statError == ENOENT { continue }
                if Self.folderKind(name: name, directoryName: directoryName) != nil, !isExcluded(childRelative, childDisplay) {
                    walk.skip(
                        childDisplay, "cannot read file: \(String(cString: strerror(entry.statError)))",
                        identity: .path(childAbsolute))
                }
                continue
            }
            var type = info.st_mode & S_IFMT
            var target = info
            if type == S_IFLNK {
                // Never follow a link to a folder; a link to a file (or a dangling link, which the
                // scanner reports as unreadable) is taken like a file.
                if let followed = entry.target {
                    if (followed.st_mode & S_IFMT) == S_IFDIR { continue }
                    target = followed
                    type = followed.st_mode & S_IFMT
                }
            }
            if type == S_IFDIR {
                if Self.alwaysSkippedDirectoryNames.contains(name) { continue }
                if !includeVendored, Self.vendoredDirectoryNames.contains(name) { continue }
                if isExcluded(childRelative, childDisplay) { continue }
                if !entry.validName { walk.noteEscapedName(childDisplay, folder: true, identity: FileIdentity(info)) }
                walkDirectory(
                    directory: childPath, bytes: childBytes, display: childDisplay, absolute: childAbsolute,
                    relative: childRelative, identity: info, into: &walk)
                continue
            }
            guard let kind = Self.folderKind(name: name, directoryName: directoryName) else { continue }
            if isExcluded(childRelative, childDisplay) { continue }
            let isLink = (info.st_mode & S_IFMT) == S_IFLNK
            if isLink, entry.target == nil {
                // A dangling link or a link loop: the scanner reports it as unreadable.
                add(
                    DiscoveredFile(path: childDisplay, kind: kind, pathBytes: childBytes), identity: .path(childAbsolute),
                    viaLink: true, into: &walk)
                continue
            }
            if type != S_IFREG {
                // A FIFO, socket or device: opening one may block or have effects, reading it may never end.
                walk.skip(
                    childDisplay, RegularFile.Failure.notRegular(RegularFile.kindName(type)).description,
                    identity: FileIdentity(target))
                continue
            }
            if !entry.validName { walk.noteEscapedName(childDisplay, folder: false, identity: FileIdentity(target)) }
            add(
                DiscoveredFile(path: childDisplay, kind: kind, pathBytes: childBytes), identity: FileIdentity(target),
                viaLink: isLink, into: &walk)
        }
    }

    private func add(_ file: DiscoveredFile, identity: FileIdentity, viaLink: Bool, into walk: inout Walk) {
        if let existing = walk.found[identity], !(existing.viaLink && !viaLink) { return }
        walk.found[identity] = Walk.Entry(file: file, viaLink: viaLink)
    }

    /// Excluded by the configuration's patterns (`relativePath`, from `baseDirectory`) or by a
    /// nested configuration file's (`display`, as the walk spells it).
    private func isExcluded(_ relativePath: String, _ display: String) -> Bool {
        isExcluded(relativePath) || configurations?.isExcluded(display) == true
    }

    private func isExcluded(_ relativePath: String) -> Bool {
        guard !exclude.isEmpty else { return false }
        let components = GlobPattern.components(of: relativePath)
        return exclude.contains { $0.matches(components: components) }
    }

    /// The path relative to the base directory; nil when it is outside (then the globs are matched
    /// against the path as displayed). Compares lexically first, then with symbolic links resolved
    /// (e.g. a temporary folder under `/var` that is really `/private/var`).
    private func relativeToBase(_ absolute: String) -> String? {
        if let relative = DiscoveryPaths.relative(absolute, to: absoluteBase) { return relative }
        let resolvedBase = DiscoveryPaths.resolvingSymlinks(absoluteBase)
        let resolvedPath = DiscoveryPaths.resolvingSymlinks(absolute)
        return DiscoveryPaths.relative(resolvedPath, to: resolvedBase)
    }

    // MARK: - Kinds

    /// The kind of a file met while walking a folder, or nil to skip it.
    static func folderKind(name: String, directoryName: String) -> DiscoveredFile.Kind? {
        if name.hasSuffix(".swift") { return .swift }
        if SourceLanguage(path: name) == .objectiveC { return .objectiveC }
        if name == "Info.plist" || name.hasSuffix("-Info.plist") { return .infoPlist }
        if name == "project.pbxproj", directoryName.hasSuffix(".xcodeproj") { return .pbxproj }
        if name.hasSuffix(".xcconfig") { return .xcconfig }
        return nil
    }

    /// The kind of a file given explicitly, or nil to ignore it.
    static func explicitKind(name: String) -> DiscoveredFile.Kind? {
        if name.hasSuffix(".swift") { return .swift }
        if SourceLanguage(path: name) == .objectiveC { return .objectiveC }
        if name.hasSuffix(".plist"), name.contains("Info") { return .infoPlist }
        if name == "project.pbxproj" { return .pbxproj }
        if name.hasSuffix(".xcconfig") { return .xcconfig }
        return nil
    }
}

/// A path that cannot be scanned, as one line naming it.
public struct DiscoveryError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Path arithmetic on `/`-separated strings (no Foundation URL round trips, which rewrite spellings).
enum DiscoveryPaths {
    struct Failure: Error {
        var reason: String
    }

    /// `parent/name`, without doubling a trailing `/` and without a leading `./`.
    static func join(_ parent: String, _ name: String) -> String {
        if parent.isEmpty || parent == "." { return name }
        if parent.hasSuffix("/") { return parent + name }
        return parent + "/" + name
    }

    /// The path as shown to the user: trailing `/` or `/.` and leading `./` removed ("." stays ".").
    static func displayPath(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1 {
            if text.hasSuffix("/") {
                text = text.dropLast()
            } else if text.count > 2, text.hasSuffix("/.") {
                text = text.dropLast(2)
            } else {
                break
            }
        }
        while text.hasPrefix("./") {
            text = text.dropFirst(2)
            while text.hasPrefix("/") { text = text.dropFirst() }
        }
        return text.isEmpty ? "." : String(text)
    }

    /// A standardized absolute path: relative to the current directory, `.` and `..` resolved lexically.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path)
        return standardize(full)
    }

    static func standardize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to `base` (both standardized absolute): "" when equal, nil when outside.
    static func relative(_ path: String, to base: String) -> String? {
        if path == base { return "" }
        let prefix = base == "/" ? "/" : base + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    static func resolvingSymlinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// One entry of a folder, with what `lstat` (and, for a symbolic link, `stat`) says about it.
    struct Entry {
        /// The name; invalid UTF-8 bytes are spelled `\xFF` (then `validName` is false and the
        /// name cannot be used to open the file: `bytes` can).
        var name: String
        var validName: Bool
        var bytes: [UInt8]
        /// `lstat`, or nil with `statError` set.
        var status: stat?
        var statError: Int32 = 0
        /// For a symbolic link: `stat` of what it points to (nil when dangling or a loop).
        var target: stat?
        /// A regular file (by the folder's own listing) of a name the scan does not read: not
        /// looked at further.
        var isUnreadRegularFile = false
    }

    /// The entries of a folder (without `.` and `..`), failing with the system's reason. Each is
    /// looked at relative to the open folder (`fstatat`), which works for names whose full path
    /// would be longer than PATH_MAX and for names that are not valid UTF-8.
    ///
    /// `reads` says whether the scan reads a file of that name; a regular file it does not read is
    /// listed by name only (`isUnreadRegularFile`), without `fstatat`.
    static func contentsOfDirectory(_ path: [UInt8], reads: (String) -> Bool = { _ in true }) throws -> [Entry] {
        let terminatedPath = path.map { CChar(bitPattern: $0) } + [0]
        guard let directory = opendir(terminatedPath) else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw Failure(reason: String(cString: strerror(errno))) }
                break
            }
            let bytes = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
                }
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }  // "." and ".."
            let (name, valid) = escapedName(bytes)
            var item = Entry(name: name, validName: valid, bytes: bytes)
            if entry.pointee.d_type == UInt8(DT_REG), !reads(name) {
                item.isUnreadRegularFile = true
                entries.append(item)
                continue
            }
            var info = stat()
            var terminated = bytes.map { CChar(bitPattern: $0) } + [0]
            let found = fstatat(descriptor, &terminated, &info, AT_SYMLINK_NOFOLLOW)
            if found == 0 {
                item.status = info
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    var target = stat()
                    if fstatat(descriptor, &terminated, &target, 0) == 0 { item.target = target }
                }
            } else {
                item.statError = errno
            }
            entries.append(item)
        }
        return entries
    }

    /// A name as UTF-8 text, with each byte that is not valid UTF-8 written as `\xFF`; whether all
    /// of it was valid.
    static func escapedName(_ bytes: [UInt8]) -> (String, Bool) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        if decoded.utf8.elementsEqual(bytes) { return (decoded, true) }
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                position += encoded.count
            case .error(let length):
                for byte in bytes[position..<position + length] {
                    text += String(format: "\\x%02X", byte)
                }
                position += length
            case .emptyInput:
                break loop
            }
        }
        return (text, false)
    }
}
