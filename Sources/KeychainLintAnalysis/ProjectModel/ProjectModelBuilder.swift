import KeychainLintModel
import Foundation
import KeychainLintCore

/// Builds the `ProjectModel` of a scan: reads every `Package.swift` and `project.pbxproj`, makes a
/// module of each target, links the modules through their dependencies and gives every Swift file
/// its modules. A file no manifest claims belongs to a folder module, whose role comes from the
/// folder names (`FolderConventions`). A manifest that cannot be read is a one-line note naming
/// it; its files are then grouped by folder, as if it were not there.
public struct ProjectModelBuilder {
    public struct Manifest: Sendable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    public struct XcodeProjectFile: Sendable {
        public var path: String
        public var data: Data

        public init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    /// The Swift files of the scan, as the scan spells them.
    public var swiftFiles: [String]
    /// What the user asked to scan (folders or files): folder names count only below these.
    public var roots: [String]
    public var packageManifests: [Manifest]
    public var xcodeProjects: [XcodeProjectFile]

    public init(swiftFiles: [String], roots: [String], packageManifests: [Manifest], xcodeProjects: [XcodeProjectFile]) {
        self.swiftFiles = swiftFiles
        self.roots = roots
        self.packageManifests = packageManifests
        self.xcodeProjects = xcodeProjects
    }

    /// `Package.swift`, not `Package@swift-5.9.swift`: SwiftPM prefers the versioned manifest for
    /// matching tools, but the plain one is always there and declares the same targets.
    public static func isPackageManifest(_ path: String) -> Bool {
        ProjectPath.lastComponent(path) == "Package.swift"
    }

    public static func isXcodeProject(_ path: String) -> Bool {
        ProjectPath.lastComponent(path) == "project.pbxproj"
            && ProjectPath.directory(of: path).hasSuffix(".xcodeproj")
    }

    // MARK: - Building

    public func build() -> ProjectModel {
        var diagnostics: [ScanDiagnostic] = []
        var modules: [Module] = []
        var packages: [(directory: String, manifest: PackageManifestReader.Manifest, first: Int)] = []
        var projects: [(project: XcodeProjectReader.Project, first: Int)] = []

        for input in packageManifests.sorted(by: { $0.path < $1.path }) where Self.isPackageManifest(input.path) {
            let file = SourceFile(id: -1, path: input.path, text: input.text)
            if let note = file.limitNote, note.wholeFile {
                diagnostics.append(Self.unreadNote(input.path, "analysis limit: \(note.message)"))
                continue
            }
            let manifest = PackageManifestReader.read(file)
            guard manifest.packageName != nil || !manifest.targets.isEmpty else {
                diagnostics.append(Self.unreadNote(input.path, "no `Package(…)` with targets found"))
                continue
            }
            let directory = ProjectPath.directory(of: input.path)
            packages.append((directory, manifest, modules.count))
            for target in manifest.targets {
                var module = Module(
                    name: target.name, kind: target.kind,
                    role: role(of: target.kind, name: target.name, directory: directory),
                    platforms: manifest.platforms, manifest: input.path)
                if let product = manifest.products.first(where: { $0.application != nil && $0.targets.contains(target.name) }),
                    let application = product.application
                {
                    module.packageApplication = Module.PackageApplication(name: product.name, product: application)
                }
                modules.append(module)
            }
        }
        for input in xcodeProjects.sorted(by: { $0.path < $1.path }) where Self.isXcodeProject(input.path) {
            let project: XcodeProjectReader.Project
            do {
                project = try XcodeProjectReader.read(input.data, path: input.path)
            } catch {
                diagnostics.append(Self.unreadNote(input.path, error.reason))
                continue
            }
            projects.append((project, modules.count))
            for target in project.targets {
                let kind = Self.kind(ofProductType: target.productType)
                modules.append(
                    Module(
                        name: target.name, kind: kind,
                        role: role(of: kind, name: target.name, directory: project.directory),
                        platforms: target.platforms, manifest: input.path,
                        xcode: XcodeTarget(
                            projectFile: input.path, projectDirectory: project.directory,
                            productType: target.productType, configurations: target.configurations,
                            listsNoSources: target.sourceFiles.isEmpty && target.synchronizedFolders.isEmpty)))
            }
        }

        let names = NameTable(
            modules: modules, packages: packages.map { ($0.manifest, $0.first, $0.directory) },
            projects: projects.map { ($0.project, $0.first) })
        for (_, manifest, first) in packages {
            for (offset, target) in manifest.targets.enumerated() {
                modules[first + offset].dependencies = target.dependencies.flatMap { dependency -> [Int] in
                    switch dependency {
                    case .byName(let name): names.packageTarget(name, inPackageAt: first, count: manifest.targets.count)
                    case .product(let name): names.product(name)
                    }
                }.uniqued(excluding: first + offset)
            }
        }
        for (project, first) in projects {
            for (offset, target) in project.targets.enumerated() {
                let byTarget = target.dependencyTargets.flatMap { names.xcodeTarget($0, inProjectAt: first, count: project.targets.count) }
                let byProduct = target.linkedProducts.flatMap { names.linked($0, inProjectAt: first, count: project.targets.count) }
                let byPackage = target.packageProducts.flatMap { names.packageProduct($0) }
                modules[first + offset].dependencies = (byTarget + byProduct + byPackage).uniqued(excluding: first + offset)
            }
        }

        var fileModules: [String: [Int]] = [:]
        var claims = Claims()
        for (project, first) in projects {
            for (offset, target) in project.targets.enumerated() {
                for file in target.sourceFiles { claims.explicit[file, default: []].append(first + offset) }
                for folder in target.synchronizedFolders { claims.synchronized.append((folder, first + offset)) }
                if modules[first + offset].xcode?.listsNoSources == true {
                    claims.unlisted.append((project.directory, first + offset))
                }
            }
        }
        for (directory, manifest, first) in packages {
            for (offset, target) in manifest.targets.enumerated() {
                let folders = target.path.map { [$0] } ?? PackageManifestReader.conventionalFolders(for: target)
                for folder in folders { claims.packageFolders[ProjectPath.join(directory, folder), default: []].append(first + offset) }
            }
        }
        let manifestFolders = packages.map(\.directory) + projects.map(\.project.directory)
        var folderModules: [String: Int] = [:]
        for path in swiftFiles {
            let normalized = ProjectPath.normalized(path)
            var owners = claims.owners(of: normalized)
            if owners.isEmpty {
                let folder = folderModule(of: normalized, manifestFolders: manifestFolders, unlisted: claims.unlisted)
                switch folder {
                case .targets(let targets):
                    owners = targets
                case .folder(let name, let role):
                    let key = "\(role.rawValue)\n\(name)"
                    if let existing = folderModules[key] {
                        owners = [existing]
                    } else {
                        folderModules[key] = modules.count
                        owners = [modules.count]
                        modules.append(Module(name: name, kind: .folder, role: role, platforms: [], manifest: nil))
                    }
                }
            }
            fileModules[normalized] = owners.sorted()
        }
        return ProjectModel(modules: modules, fileModules: fileModules, diagnostics: diagnostics)
    }

    static func unreadNote(_ path: String, _ reason: String) -> ScanDiagnostic {
        ScanDiagnostic(
            kind: .fileNote, file: path,
            message: "project model: not read (\(reason)); its files are grouped by folder names instead")
    }

    static func kind(ofProductType type: String) -> ModuleKind {
        let application = "com.apple.product-type.application"
        if type == application || type.hasPrefix(application + ".") {
            // watchapp (WatchKit 1) stubs and the watch app container hold no code of their own.
            return .application
        }
        if type.contains("extension") { return .appExtension }
        switch type {
        case "com.apple.product-type.framework", "com.apple.product-type.framework.static",
            "com.apple.product-type.library.dynamic", "com.apple.product-type.bundle":
            return .framework
        case "com.apple.product-type.library.static": return .staticLibrary
        case "com.apple.product-type.bundle.unit-test": return .unitTestBundle
        case "com.apple.product-type.bundle.ui-testing": return .uiTestBundle
        default: return .otherXcodeTarget
        }
    }

    /// The role a manifest's kind gives a target, unless it (or the folder of its manifest) is
    /// named like a sample: a sample app is still judged, but labelled.
    func role(of kind: ModuleKind, name: String, directory: String) -> ModuleRole {
        let base: ModuleRole
        switch kind {
        case .packageTest, .unitTestBundle, .uiTestBundle: return .test
        case .application where FolderConventions.isTestHostName(name): return .test
        case .application, .packageExecutable: base = .app
        case .appExtension: base = .appExtension
        default: base = .library
        }
        if FolderConventions.isSampleFolder(name) { return .sample }
        if let (role, _) = FolderConventions.role(ofRelativePath: relativeToRoot(directory) + "/_"), role == .sample {
            return .sample
        }
        return base
    }

    /// `path` below the scan root that holds it (the longest root that does), normalized.
    func relativeToRoot(_ path: String) -> String {
        let normalized = ProjectPath.normalized(path)
        var best: String?
        for root in roots.map(ProjectPath.normalized) {
            if normalized == root {
                // A file given by name: only its own name is below the root.
                return ProjectPath.lastComponent(normalized)
            }
            if ProjectPath.isInside(normalized, root), root.count >= (best?.count ?? -1) { best = root }
        }
        guard let best, !best.isEmpty else { return normalized }
        return String(normalized.dropFirst(best.count + (best == "/" ? 0 : 1)))
    }

    enum FolderOwner {
        case targets([Int])
        case folder(name: String, role: ModuleRole)
    }

    /// A file no manifest lists: a test or sample folder's module; else the app targets of the
    /// innermost project around it that list no sources of their own; else the folder of the
    /// nearest manifest (or the scanned root), as production code.
    func folderModule(of path: String, manifestFolders: [String], unlisted: [(folder: String, module: Int)]) -> FolderOwner {
        let relative = relativeToRoot(path)
        if let (role, folder) = FolderConventions.role(ofRelativePath: relative) {
            // Spelled as the scan spells the path: the part of `path` that ends with `folder`.
            let prefix = String(path.dropLast(relative.count)) + folder
            return .folder(name: prefix, role: role)
        }
        let around = unlisted.filter { ProjectPath.isInside(path, $0.folder) }
        if let innermost = around.map(\.folder).max(by: { $0.count < $1.count }) {
            return .targets(around.filter { $0.folder == innermost }.map(\.module))
        }
        let nearest = manifestFolders.filter { ProjectPath.isInside(path, $0) }.max { $0.count < $1.count }
        let folder = nearest ?? roots.map(ProjectPath.normalized).filter { ProjectPath.isInside(path, $0) }.max { $0.count < $1.count } ?? ""
        return .folder(name: folder.isEmpty ? "." : folder, role: .library)
    }

    /// Which targets list a file: Xcode targets by name or by synchronized folder; failing
    /// those, the SwiftPM target whose folder holds it (the innermost).
    struct Claims {
        var explicit: [String: [Int]] = [:]
        var synchronized: [(folder: XcodeProjectReader.SynchronizedFolder, module: Int)] = []
        /// The SwiftPM targets of each source folder (a path's innermost claiming folder is found
        /// by walking up its directories, not by testing every folder of every package).
        var packageFolders: [String: [Int]] = [:]
        var unlisted: [(folder: String, module: Int)] = []

        func owners(of path: String) -> [Int] {
            var owners = explicit[path] ?? []
            for (folder, module) in synchronized where ProjectPath.isInside(path, folder.folder) {
                let excluded = folder.excluded.contains(path) || folder.excluded.contains { ProjectPath.isInside(path, $0) }
                if !excluded { owners.append(module) }
            }
            if !owners.isEmpty { return Array(Set(owners)) }
            var directory = path
            while !directory.isEmpty && directory != "/" {
                directory = ProjectPath.directory(of: directory)
                if let modules = packageFolders[directory] { return modules }
            }
            return []
        }
    }

    /// Looks up the modules a dependency names.
    struct NameTable {
        let modules: [Module]
        let packages: [(manifest: PackageManifestReader.Manifest, first: Int, directory: String)]
        let projects: [(project: XcodeProjectReader.Project, first: Int)]

        /// `"Name"` or `.target(name:)` in a package: its own target, else a product of that name.
        func packageTarget(_ name: String, inPackageAt first: Int, count: Int) -> [Int] {
            if let own = (first..<first + count).first(where: { modules[$0].name == name }) { return [own] }
            return product(name)
        }

        /// A Swift package product an Xcode target uses: of the local package the project names
        /// when that package is in the scan, else of any package in the scan.
        func packageProduct(_ product: XcodeProjectReader.PackageProduct) -> [Int] {
            if let folder = product.localPackage {
                let local = packages.filter { $0.directory == folder }
                let found = self.product(product.name, in: local)
                if !found.isEmpty { return found }
            }
            return self.product(product.name)
        }

        /// A SwiftPM product of any package in the scan: the targets it lists.
        func product(_ name: String) -> [Int] {
            product(name, in: packages)
        }

        private func product(_ name: String, in packages: [(manifest: PackageManifestReader.Manifest, first: Int, directory: String)]) -> [Int] {
            var found: [Int] = []
            for (manifest, first, _) in packages {
                for product in manifest.products where product.name == name {
                    for target in product.targets {
                        if let position = manifest.targets.firstIndex(where: { $0.name == target }) { found.append(first + position) }
                    }
                }
            }
            return found
        }

        /// A target of the same project by name, else of another project.
        func xcodeTarget(_ name: String, inProjectAt first: Int, count: Int) -> [Int] {
            if let own = (first..<first + count).first(where: { modules[$0].name == name }) { return [own] }
            return modules.indices.filter { modules[$0].xcode != nil && modules[$0].name == name }
        }

        /// A linked product: an Xcode target that builds it (same project first), else a SwiftPM
        /// product, else a SwiftPM target of that name.
        func linked(_ name: String, inProjectAt first: Int, count: Int) -> [Int] {
            var targets: [Int] = []
            for (project, start) in projects {
                for (offset, target) in project.targets.enumerated() where (target.productName ?? target.name) == name || target.name == name {
                    targets.append(start + offset)
                }
            }
            let own = targets.filter { (first..<first + count).contains($0) }
            if !own.isEmpty { return own }
            if !targets.isEmpty { return targets }
            let products = product(name)
            if !products.isEmpty { return products }
            return modules.indices.filter { modules[$0].xcode == nil && modules[$0].kind != .folder && modules[$0].name == name }
        }
    }
}

extension Array where Element == Int {
    /// Sorted, without duplicates and without `module` itself.
    fileprivate func uniqued(excluding module: Int) -> [Int] {
        Set(self).subtracting([module]).sorted()
    }
}
