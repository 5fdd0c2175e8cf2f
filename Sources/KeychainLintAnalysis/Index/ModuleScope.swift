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
    private let text: (Int) -> String

    private let lock = NSLock()
    private var visibleCache: [VisibilityKey: Set<Int>] = [:]
    private var visibleByFile: [Int: Set<Int>] = [:]

    private struct VisibilityKey: Hashable {
        let owners: [Int]
        let imports: [Int]
        let isTest: Bool
    }

    /// `paths` in the index's file order; `text` gives a file's text (for its imports).
    public init(model: ProjectModel, paths: [String], text: @escaping (Int) -> String) {
        self.model = model
        self.owners = paths.map { model.modules(of: $0) }
        self.isTest = paths.map { model.isTestCode($0) }
        self.text = text
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
        let imports = importedModules(of: file)
        let key = VisibilityKey(owners: owners[file], imports: imports, isTest: isTest[file])
        let result: Set<Int>
        if let known = lock.withLock({ visibleCache[key] }) {
            result = known
        } else {
            result = computeVisible(key)
            lock.withLock { visibleCache[key] = result }
        }
        lock.withLock { visibleByFile[file] = result }
        return result
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
        for name in Self.imports(in: text(file)) {
            found.formUnion(importable[name] ?? [])
        }
        return found.sorted()
    }

    /// Module names of a text's `import` lines (`import A`, `@testable import B`,
    /// `import struct C.D`, `public import E`), without parsing it.
    static func imports(in text: String) -> Set<String> {
        var names: Set<String> = []
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor"]
        // Any line break: a file with CR or CRLF line ends imports what an LF file does.
        for line in text.split(whereSeparator: \.isNewline) {
            guard line.contains("import") else { continue }
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })[...]
            while let first = words.first, first.hasPrefix("@") || ["public", "internal", "private", "fileprivate", "package"].contains(first) {
                words = words.dropFirst()
            }
            guard words.first == "import" else { continue }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            guard let path = words.first else { continue }
            let name = path.split(separator: ".").first.map(String.init) ?? String(path)
            if !name.isEmpty { names.insert(name) }
        }
        return names
    }
}
