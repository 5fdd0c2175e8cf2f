import Foundation
import KeychainLintCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every `.keychain-lint.yml` of a scan, by the folder it applies to (SwiftLint's and ruff's
/// nested configurations).
///
/// A file's effective configuration is the defaults, then each configuration file from the top
/// (the project root, or the scanned folder when it lies outside the root) down to the file's
/// folder, each one's keys over the ones above (`Configuration.overridden(by:)`), then the
/// command line's settings (`--include-tests`) over all. Exclude patterns add up: each file's
/// patterns apply to the paths below its folder, matched relative to that folder.
///
/// Files are found while the scan walks its folders (`FileDiscovery` calls `load(folder:)` for a
/// folder that holds one), and in the folders above each scanned path up to the project root
/// (`loadAncestors(of:)`); a folder the walk skips (excluded, vendored) is not searched. Paths and
/// folders are spelled as discovery spells them: relative to the current folder, which the
/// command line makes the project root.
///
/// Used on one thread at a time: discovery loads, then the scanner reads.
public final class ConfigurationTree: @unchecked Sendable {
    /// One configuration file and its exclude patterns.
    public struct Layer: Sendable {
        /// The folder it applies to, as discovery spells it ("" for the current folder).
        public let folder: String
        public let configuration: Configuration
        let exclude: [GlobPattern]
    }

    /// The command line's settings, applied over every file's configuration.
    public let commandLine: Configuration
    let rules: [RuleDescription]
    /// Folder → its configuration file.
    public private(set) var layers: [String: Layer] = [:]
    /// Folders already looked at (with or without a file).
    private var searched: Set<String> = []
    /// The first configuration file that could not be loaded, in walking order.
    public private(set) var firstError: ConfigurationError?
    private var effectiveByFolder: [String: Configuration] = [:]
    /// Whether `load(folder:)` still reads files. A scan of given files turns it off once their
    /// folders' configurations are read: the rest of the project is walked only to index it, and
    /// its other configuration files (a sibling folder's, perhaps broken) have no say in the
    /// given files.
    public var readsNewFolders = true

    public init(commandLine: Configuration, rules: [RuleDescription]) {
        self.commandLine = commandLine
        self.rules = rules
    }

    /// Loads the configuration files of the folders above `path` (a scanned file or folder), from
    /// the top down, and of `path` itself when it is a folder. The top is the current folder (the
    /// project root) for a relative path inside it; a path outside it (`../x`, `/x`) is searched
    /// from its own folder only.
    public func loadAncestors(of path: String) {
        let display = DiscoveryPaths.displayPath(path)
        var isDirectory: ObjCBool = false
        let isFolder = FileManager.default.fileExists(atPath: display, isDirectory: &isDirectory) && isDirectory.boolValue
        let folder = isFolder ? display : Self.folder(of: display)
        if Self.isOutside(folder) {
            if isFolder { load(folder: folder) }
            return
        }
        for ancestor in Self.chain(of: folder) { load(folder: ancestor) }
    }

    /// Loads `folder/.keychain-lint.yml` if there is anything by that name (a broken link is an
    /// error, as it is for the configuration found above the scanned path). Once a file failed,
    /// nothing more is loaded: the scan ends with that error.
    public func load(folder given: String) {
        let folder = given == "." ? "" : given
        guard readsNewFolders, firstError == nil, searched.insert(folder).inserted else { return }
        let path = DiscoveryPaths.join(folder, Configuration.fileName)
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        do {
            let configuration = try Configuration.load(path: path)
            try configuration.validate(against: rules)
            layers[folder] = Layer(folder: folder, configuration: configuration, exclude: configuration.exclude.map(GlobPattern.init))
            effectiveByFolder.removeAll()
        } catch let error as ConfigurationError {
            firstError = error
        } catch {
            firstError = ConfigurationError("\(path): \(error)")
        }
    }

    /// Whether a configuration file of a folder above `path` excludes it.
    public func isExcluded(_ path: String) -> Bool {
        guard !layers.isEmpty else { return false }
        let display = DiscoveryPaths.displayPath(path)
        for folder in Self.chain(of: Self.folder(of: display)) {
            guard let layer = layers[folder], !layer.exclude.isEmpty else { continue }
            let relative = folder.isEmpty ? display : String(display.dropFirst(folder.count + 1))
            let components = GlobPattern.components(of: relative)
            if layer.exclude.contains(where: { $0.matches(components: components) }) { return true }
        }
        return false
    }

    /// The configuration that applies to a file (as discovery spells its path).
    public func effective(forFile path: String) -> Configuration {
        effective(forFolder: Self.folder(of: DiscoveryPaths.displayPath(path)))
    }

    /// The configuration that applies to the files of `folder`.
    public func effective(forFolder folder: String) -> Configuration {
        if let known = effectiveByFolder[folder] { return known }
        var result = Configuration.default
        for ancestor in Self.chain(of: folder) {
            if let layer = layers[ancestor] { result = result.overridden(by: layer.configuration) }
        }
        result = result.overridden(by: commandLine)
        effectiveByFolder[folder] = result
        return result
    }

    /// Every configuration some file of the scan may get: the one of the top folder and the one of
    /// each folder with a configuration file.
    public var distinctEffective: [Configuration] {
        [effective(forFolder: "")] + layers.keys.sorted().map { effective(forFolder: $0) }
    }

    /// The loaded files, from the top down (folders in path order).
    public var orderedLayers: [Layer] {
        layers.keys.sorted().map { layers[$0]! }
    }

    /// `a/b/c.swift` → `a/b`; `c.swift` → "".
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// A folder outside the current one: `..`, `../x`, `/x`.
    static func isOutside(_ folder: String) -> Bool {
        folder.hasPrefix("/") || folder == ".." || folder.hasPrefix("../")
    }

    /// The folders from the top down to `folder`, as discovery spells them: `a/b` → "", "a",
    /// "a/b". Outside the current folder, the top is not above it: `../x/y` → "../x", "../x/y";
    /// `/x/y` → "/x", "/x/y".
    static func chain(of folder: String) -> [String] {
        if folder.isEmpty || folder == "." { return [""] }
        var result: [String] = isOutside(folder) ? [] : [""]
        var current = folder.hasPrefix("/") ? "/" : ""
        var climbing = !folder.hasPrefix("/")
        for part in folder.split(separator: "/") {
            current = current.isEmpty ? String(part) : (current.hasSuffix("/") ? current + part : current + "/" + part)
            if climbing, part == ".." { continue }
            climbing = false
            result.append(current)
        }
        return result
    }
}
