import KeychainLintModel
import Foundation

/// Which files a name written in a file can resolve to: name resolution is scoped. A name resolves
/// in the file's own module and in the modules that module depends on or the file imports, never in
/// a sibling app, a test target (unless the asking file is test code itself) or an unrelated
/// package of the same scan. So a module's findings do not
/// change when unrelated code is added to the scan.
///
/// What the model does not know stays as before:
/// - a file with no module in the model (an empty model) sees every file and is seen by every file;
/// - code that no manifest claims and that lies under no manifest's folder (a folder module of
///   the scanned root or a sample folder) is visible from every production file, and sees the
///   other such code as before; it sees a manifest's modules only when it imports them (or lies
///   in that manifest's folder);
/// - files under a manifest's folder that none of its targets claims (the reader may have missed
///   them) are visible from the modules of that manifest.
///
/// Test code (every module of the file is a test module) is visible only from test code.
public final class ModuleScope: @unchecked Sendable {
    private let model: ProjectModel
    /// Module positions of each file of the index, in file order (empty: unknown to the model).
    private let owners: [[Int]]
    private let isTest: [Bool]
    /// Folder of each module's manifest (`Package.swift` or `.xcodeproj`'s folder); for a folder
    /// module, the folder it is named after.
    private let moduleFolders: [String]
    /// Folders that hold a manifest the model read.
    private let manifestFolders: Set<String>
    /// Library-like modules by the name an `import` spells.
    private let importable: [String: [Int]]
    /// The module names a file's `import` lines spell (`imports(in:)`).
    private let importNames: (Int) -> [String]

    /// Modules whose code only the scan's own code can call (`isClosedToOtherCode`).
    private let closedModules: Set<Int>

    private let lock = NSLock()
    private var visibleCache: [VisibilityKey: Set<Int>] = [:]
    private var visibleByFile: [Int: Set<Int>] = [:]
    private var keyByFile: [Int: VisibilityKey] = [:]
    private var callerGroupsCache: [CallersKey: CallerGroups] = [:]

    fileprivate struct VisibilityKey: Hashable {
        let owners: [Int]
        let imports: [Int]
        let isTest: Bool
    }

    /// `paths` in the index's file order; `text` gives a file's text (for its imports).
    public convenience init(model: ProjectModel, paths: [String], text: @escaping (Int) -> String) {
        self.init(model: model, paths: paths, imports: { Array(Self.imports(in: text($0))) })
    }

    /// `imports` gives the module names of a file's `import` lines, as `imports(in:)` reads them
    /// (the engine reads them in its one pass over each file: a file whose text it let go would
    /// otherwise be read from disk again when a lookup first crosses it).
    public init(model: ProjectModel, paths: [String], imports: @escaping (Int) -> [String]) {
        self.model = model
        self.owners = paths.map { model.modules(of: $0) }
        self.isTest = paths.map { model.isTestCode($0) }
        self.importNames = imports
        var folders: [String] = []
        var manifests: Set<String> = []
        var importable: [String: [Int]] = [:]
        for (position, module) in model.modules.enumerated() {
            if let xcode = module.xcode {
                folders.append(ProjectPath.normalized(xcode.projectDirectory))
            } else if let manifest = module.manifest {
                folders.append(ProjectPath.directory(of: ProjectPath.normalized(manifest)))
            } else {
                folders.append(ProjectPath.normalized(module.name))
            }
            if module.kind != .folder { manifests.insert(folders[position]) }
            switch module.kind {
            case .packageTarget, .framework, .staticLibrary, .otherXcodeTarget, .packageMacro:
                importable[Self.moduleName(module.name), default: []].append(position)
            default:
                break
            }
        }
        self.moduleFolders = folders
        self.manifestFolders = manifests
        self.importable = importable
        self.closedModules = Self.closedModules(in: model)
    }

    /// The frameworks and static libraries of Xcode projects that an application target of the
    /// scan links or embeds (directly or through another such module), when that application is
    /// the project's own app: not a sample, a demo or a test host, which is how a library shows
    /// itself off. A SwiftPM library target is never closed: a package is made to be depended on.
    private static func closedModules(in model: ProjectModel) -> Set<Int> {
        var closed: Set<Int> = []
        for app in model.modules.indices
        where model.modules[app].kind == .application && model.modules[app].role == .app && model.modules[app].xcode != nil {
            for linked in model.linkPaths(from: app).keys where linked != app {
                let module = model.modules[linked]
                if module.xcode != nil, module.kind == .framework || module.kind == .staticLibrary, module.role != .test {
                    closed.insert(linked)
                }
            }
        }
        return closed
    }

    /// Whether only code of the scan can call the code of `file`: every module that compiles it
    /// is a framework or static library that an app of the scan links or embeds
    /// (`closedModules(in:)`). Such a module is a part of the app; its `public` declarations are
    /// there for the app's other modules, which are in the scan too, so what the scan's callers
    /// pass is all a parameter can hold. A test bundle that compiles the same file is in the scan
    /// too and does not count. False for a file the model places in no module, or only in tests.
    public func isClosedToOtherCode(_ file: Int) -> Bool {
        guard isScoped(file) else { return false }
        let shipped = owners[file].filter { model.modules[$0].role != .test }
        return !shipped.isEmpty && shipped.allSatisfy { closedModules.contains($0) }
    }

    /// `My Kit` builds the module `My_Kit`.
    static func moduleName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    public var fileCount: Int { owners.count }

    /// Whether the model knows the file's module: lookups from it are scoped.
    public func isScoped(_ file: Int) -> Bool {
        file >= 0 && file < owners.count && !owners[file].isEmpty
    }

    public func isTestCode(_ file: Int) -> Bool {
        file >= 0 && file < isTest.count && isTest[file]
    }

    /// Whether a name written in file `asking` may resolve to a declaration in file `target`.
    public func isVisible(_ target: Int, from asking: Int) -> Bool {
        guard isScoped(asking), isScoped(target) else { return true }
        if target == asking { return true }
        if isTest[target] && !isTest[asking] { return false }
        let visible = visibleModules(from: asking)
        return owners[target].contains { visible.contains($0) }
    }

    /// Whether a call written in file `caller` may reach a function declared in file `callee`:
    /// the callee is visible from the caller, and a production function is not given its values
    /// by test code (a test calling the library with a weak value is not a production finding).
    public func mayCall(from caller: Int, into callee: Int) -> Bool {
        if isTestCode(caller) && !isTestCode(callee) { return false }
        return isVisible(callee, from: caller)
    }

    /// The modules whose files a name in `file` may resolve to.
    func visibleModules(from file: Int) -> Set<Int> {
        if let known = lock.withLock({ visibleByFile[file] }) { return known }
        let result = visibleModules(for: visibilityKey(of: file))
        lock.withLock { visibleByFile[file] = result }
        return result
    }

    /// What decides which modules a file sees: files with the same key see the same modules.
    private func visibilityKey(of file: Int) -> VisibilityKey {
        if let known = lock.withLock({ keyByFile[file] }) { return known }
        let key = VisibilityKey(owners: owners[file], imports: importedModules(of: file), isTest: isTest[file])
        lock.withLock { keyByFile[file] = key }
        return key
    }

    private func visibleModules(for key: VisibilityKey) -> Set<Int> {
        if let known = lock.withLock({ visibleCache[key] }) { return known }
        let result = computeVisible(key)
        lock.withLock { visibleCache[key] = result }
        return result
    }

    // MARK: - Callers grouped by what they see

    /// Which list of callers a `CallerGroups` was made for: the files of a name's call sites, or
    /// the files mentioning it.
    public struct CallersKey: Hashable, Sendable {
        public let name: String
        public let isCallSites: Bool

        public init(name: String, isCallSites: Bool) {
            self.name = name
            self.isCallSites = isCallSites
        }
    }

    /// A list of callers (their files, one entry per call site or per file) grouped by what they
    /// see, so that whether they may call into a file (`mayCall(from:into:)`) is asked once per
    /// group instead of once per caller. Generated code declares the same names in hundreds of
    /// modules, and each of their functions asks for the callers of its name: asked caller by
    /// caller, that is quadratic in the modules.
    public final class CallerGroups: @unchecked Sendable {
        /// Positions of callers the model places in no module (visible from every file), by test role.
        fileprivate let unscoped: (production: [Int], test: [Int])
        /// Callers that see the same modules, and those modules.
        fileprivate let groups: [(key: VisibilityKey, visible: Set<Int>, positions: [Int])]
        fileprivate let groupOfFile: [Int: Int]
        /// The caller of each position.
        fileprivate let files: [Int]
        public var count: Int { files.count }

        fileprivate init(
            unscoped: (production: [Int], test: [Int]), groups: [(key: VisibilityKey, visible: Set<Int>, positions: [Int])],
            groupOfFile: [Int: Int], files: [Int]
        ) {
            self.unscoped = unscoped
            self.groups = groups
            self.groupOfFile = groupOfFile
            self.files = files
        }
    }

    /// `callers` grouped by what they see (made once per `key`; `callers` must give the same list
    /// each time for a key).
    public func callerGroups(_ key: CallersKey, callers: () -> [Int]) -> CallerGroups {
        if let known = lock.withLock({ callerGroupsCache[key] }) { return known }
        let files = callers()
        var unscopedProduction: [Int] = []
        var unscopedTest: [Int] = []
        var groups: [(key: VisibilityKey, visible: Set<Int>, positions: [Int])] = []
        var groupByKey: [VisibilityKey: Int] = [:]
        var groupOfFile: [Int: Int] = [:]
        for (position, file) in files.enumerated() {
            guard isScoped(file) else {
                if isTestCode(file) { unscopedTest.append(position) } else { unscopedProduction.append(position) }
                continue
            }
            if let group = groupOfFile[file] {
                groups[group].positions.append(position)
                continue
            }
            let visibility = visibilityKey(of: file)
            let group: Int
            if let known = groupByKey[visibility] {
                group = known
            } else {
                group = groups.count
                groupByKey[visibility] = group
                groups.append((visibility, visibleModules(for: visibility), []))
            }
            groupOfFile[file] = group
            groups[group].positions.append(position)
        }
        let result = CallerGroups(
            unscoped: (unscopedProduction, unscopedTest), groups: groups, groupOfFile: groupOfFile, files: files)
        lock.withLock { callerGroupsCache[key] = result }
        return result
    }

    /// Positions, in ascending order, of the callers of `groups` for which
    /// `mayCall(from: caller, into: callee)` holds.
    public func positions(in groups: CallerGroups, mayCallInto callee: Int) -> [Int] {
        let calleeIsTest = isTestCode(callee)
        // Unscoped callers reach every file, except test code, which reaches only test code.
        var result = groups.unscoped.production
        // Each list is in ascending order: the result needs sorting only when more than one is taken.
        var lists = result.isEmpty ? 0 : 1
        func take(_ positions: [Int]) {
            guard !positions.isEmpty else { return }
            result += positions
            lists += 1
        }
        if calleeIsTest { take(groups.unscoped.test) }
        guard isScoped(callee) else {
            for group in groups.groups where !group.key.isTest || calleeIsTest { take(group.positions) }
            return lists > 1 ? result.sorted() : result
        }
        // A scoped caller other than the callee's own file: its test role must be the callee's
        // (`mayCall` then `isVisible`), and it must see one of the callee's modules.
        var ownFileTaken = false
        for (position, group) in groups.groups.enumerated()
        where group.key.isTest == calleeIsTest && owners[callee].contains(where: group.visible.contains) {
            take(group.positions)
            if groups.groupOfFile[callee] == position { ownFileTaken = true }
        }
        // The callee's own file always reaches it (its group is taken unless the model gives its
        // modules an unusual shape).
        if !ownFileTaken { take(groups.files.indices.filter { groups.files[$0] == callee }) }
        return lists > 1 ? result.sorted() : result
    }

    private func computeVisible(_ key: VisibilityKey) -> Set<Int> {
        var visible: Set<Int> = []
        for module in key.owners + key.imports { visible.formUnion(model.closure(of: module)) }
        // The folders of the manifests the file's modules come from (a folder module under a
        // manifest's folder is named after that folder).
        let ownFolders = Set(key.owners.map { moduleFolders[$0] })
        let inFolderModule = key.owners.contains { model.modules[$0].kind == .folder }
        for (position, module) in model.modules.enumerated() {
            let folder = moduleFolders[position]
            if module.kind == .folder {
                if module.role == .test && !key.isTest { continue }
                // Code of the scanned root or a sample folder (no manifest around it): unknown, visible
                // as before. Unclaimed files of a manifest's folder: only from that manifest's modules.
                if !manifestFolders.contains(folder) || ownFolders.contains(folder) { visible.insert(position) }
            } else if inFolderModule, ownFolders.contains(folder), module.role != .test || key.isTest {
                // A file the manifest beside it does not list sees that manifest's modules.
                visible.formUnion(model.closure(of: position))
            }
        }
        if !key.isTest { visible = visible.filter { model.modules[$0].role != .test } }
        return visible
    }

    /// Modules of the scan that the file's `import` declarations name (sorted).
    private func importedModules(of file: Int) -> [Int] {
        var found: Set<Int> = []
        for name in importNames(file) {
            found.formUnion(importable[name] ?? [])
        }
        return found.sorted()
    }

    /// Module names of a text's `import` lines (`import A`, `@testable import B`,
    /// `import struct C.D`, `public import E`), without parsing it.
    ///
    /// Runs over the bytes of every file of a scan: `memchr` finds the candidate `import`s, and
    /// only their lines are split into words (a split of every line into characters cost more
    /// than the rest of the scan's start together on a large app).
    public static func imports(in text: String) -> Set<String> {
        var text = text
        return text.withUTF8 { imports(inUTF8: $0) }
    }

    static func imports(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Set<String> {
        var names: Set<String> = []
        guard let base = bytes.baseAddress, bytes.count >= 6 else { return names }
        let count = bytes.count
        var searchFrom = 0
        while count - searchFrom >= 6 {
            guard let hit = memchr(base + searchFrom, Int32(UInt8(ascii: "i")), count - searchFrom) else { break }
            let position = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            guard count - position >= 6 else { break }
            guard bytes[position + 1] == UInt8(ascii: "m"), bytes[position + 2] == UInt8(ascii: "p"),
                bytes[position + 3] == UInt8(ascii: "o"), bytes[position + 4] == UInt8(ascii: "r"),
                bytes[position + 5] == UInt8(ascii: "t")
            else {
                searchFrom = position + 1
                continue
            }
            var start = position
            while start > 0, lineBreakLength(endingAt: start, in: bytes) == 0 { start -= 1 }
            var end = position + 6
            while end < count, lineBreakLength(startingAt: end, in: bytes) == 0 { end += 1 }
            if let name = importedName(bytes, from: start, to: end) { names.insert(name) }
            searchFrom = end
        }
        return names
    }

    /// Length of a line break (`Character.isNewline`: LF, VT, FF, CR, NEL, LS, PS) that starts
    /// at `position`; 0 when none does.
    private static func lineBreakLength(startingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let byte = bytes[position]
        if byte >= 0x0A && byte <= 0x0D { return 1 }
        if byte == 0xC2, position + 1 < bytes.count, bytes[position + 1] == 0x85 { return 2 }
        if byte == 0xE2, position + 2 < bytes.count, bytes[position + 1] == 0x80,
            bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9
        {
            return 3
        }
        return 0
    }

    /// Whether a line break ends just before `position` (the line then starts there).
    private static func lineBreakLength(endingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let byte = bytes[position - 1]
        if byte >= 0x0A && byte <= 0x0D { return 1 }
        if byte == 0x85, position >= 2, bytes[position - 2] == 0xC2 { return 2 }
        if byte == 0xA8 || byte == 0xA9, position >= 3, bytes[position - 2] == 0x80, bytes[position - 3] == 0xE2 {
            return 3
        }
        return 0
    }

    private static let importWord = Array("import".utf8)
    private static let accessWords: [[UInt8]] = ["public", "internal", "private", "fileprivate", "package"].map { Array($0.utf8) }
    private static let declarationKinds: [[UInt8]] = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor"]
        .map { Array($0.utf8) }

    /// The module a line `[attributes] [access] import [kind] Module[.Member]` imports.
    private static func importedName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        // Words separated by spaces and tabs, as ranges of the line.
        var words: [Range<Int>] = []
        var wordStart: Int?
        for position in start...end {
            let isSeparator = position == end || bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D
            if isSeparator {
                if let first = wordStart { words.append(first..<position) }
                wordStart = nil
            } else if wordStart == nil {
                wordStart = position
            }
        }
        func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
            range.count == word.count && zip(range, word).allSatisfy { bytes[$0] == $1 }
        }
        var next = 0
        while next < words.count, bytes[words[next].lowerBound] == UInt8(ascii: "@") || accessWords.contains(where: { equals(words[next], $0) }) {
            next += 1
        }
        guard next < words.count, equals(words[next], importWord) else { return nil }
        next += 1
        if next < words.count, declarationKinds.contains(where: { equals(words[next], $0) }) { next += 1 }
        guard next < words.count else { return nil }
        let path = words[next]
        // The first non-empty part before a dot (`.A.B` names `A`), else the whole word.
        var partStart = path.lowerBound
        for position in path.lowerBound...path.upperBound {
            if position == path.upperBound || bytes[position] == UInt8(ascii: ".") {
                if position > partStart {
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[partStart..<position]), as: UTF8.self)
                }
                partStart = position + 1
            }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[path]), as: UTF8.self)
    }
}
