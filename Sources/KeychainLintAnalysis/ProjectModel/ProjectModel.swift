import KeychainLintModel
import KeychainLintCore

/// The platforms a module is built for, as the manifests name them.
public enum Platform: String, Sendable, Hashable, Comparable, CaseIterable {
    case iOS, macOS, tvOS, watchOS, visionOS

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What a module's code is for. Test code is not reported by default; samples are judged as apps
/// of their own and labelled as such.
public enum ModuleRole: String, Sendable, Hashable {
    case app
    case appExtension = "extension"
    case library
    case test
    case sample
}

/// Where a module comes from and what the manifest calls it.
public enum ModuleKind: String, Sendable, Hashable {
    // SwiftPM (`Package.swift`)
    case packageTarget = "target"
    case packageExecutable = "executableTarget"
    case packageTest = "testTarget"
    case packagePlugin = "plugin"
    case packageMacro = "macro"
    // Xcode (`project.pbxproj` native targets, by product type)
    case application
    case appExtension = "app-extension"
    case framework
    case staticLibrary = "static-library"
    case unitTestBundle = "unit-test-bundle"
    case uiTestBundle = "ui-test-bundle"
    case otherXcodeTarget = "xcode-target"
    /// No manifest claims the files: a folder (the role comes from its name).
    case folder

    /// Code that becomes part of the process of the app, app extension or library that links it:
    /// a framework, a static library, a SwiftPM library target. An application, an app extension
    /// (or App Clip, watch app) that another target depends on or embeds runs in its own process
    /// from its own bundle; tests, tools, plugins and macros are not shipped inside an app.
    public var isLinkedIntoDependents: Bool {
        switch self {
        case .framework, .staticLibrary, .packageTarget: true
        default: false
        }
    }
}

/// One build configuration of an Xcode target (Debug, Release, …): the target's build settings
/// over the project's, and the `.xcconfig` files they are based on (the project's first).
public struct BuildConfiguration: Sendable, Hashable {
    public var name: String
    /// Build setting name (as written, conditional ones such as `X[sdk=iphoneos*]` included) →
    /// value; a list value is joined with spaces. Xcode's build settings are an open set of names.
    public var settings: [String: String]
    /// Paths (as the scan spells them) of the base configuration files, project's then target's.
    public var baseConfigurationFiles: [String]

    public init(name: String, settings: [String: String], baseConfigurationFiles: [String]) {
        self.name = name
        self.settings = settings
        self.baseConfigurationFiles = baseConfigurationFiles
    }
}

/// What an Xcode native target says beyond its files.
public struct XcodeTarget: Sendable, Hashable {
    /// The `project.pbxproj`, as the scan spells it.
    public var projectFile: String
    /// The folder holding the `.xcodeproj` (what `$(SRCROOT)` means), "" for the current folder.
    public var projectDirectory: String
    public var productType: String
    public var configurations: [BuildConfiguration]
    /// The target lists no sources (no Sources build phase files, no synchronized folder): it is
    /// taken to build the Swift files under its project folder that no target claims.
    public var listsNoSources: Bool

    public init(
        projectFile: String, projectDirectory: String, productType: String, configurations: [BuildConfiguration],
        listsNoSources: Bool
    ) {
        self.projectFile = projectFile
        self.projectDirectory = projectDirectory
        self.productType = productType
        self.configurations = configurations
        self.listsNoSources = listsNoSources
    }
}

/// A SwiftPM target, an Xcode target or a folder.
public struct Module: Sendable, Hashable {
    public var name: String
    public var kind: ModuleKind
    public var role: ModuleRole
    /// Sorted; empty when the manifest does not say (SwiftPM packages without `platforms:`).
    public var platforms: [Platform]
    /// The manifest that declares it (`Package.swift` or `project.pbxproj`), nil for folders.
    public var manifest: String?
    /// Positions in `ProjectModel.modules` of the modules it depends on (links, imports, and
    /// for an Xcode target the targets it embeds); `ProjectModel.linkedClosure` keeps the code
    /// linked into it.
    public var dependencies: [Int]
    /// Present for Xcode targets.
    public var xcode: XcodeTarget?
    /// Present for a package target that an app product of its manifest builds
    /// (`.iOSApplication(name:targets:…)`): the product's name and what it declares.
    public var packageApplication: PackageApplication?

    public struct PackageApplication: Sendable, Hashable {
        public var name: String
        public var product: PackageManifestReader.ApplicationProduct
    }

    public init(
        name: String, kind: ModuleKind, role: ModuleRole, platforms: [Platform], manifest: String?,
        dependencies: [Int] = [], xcode: XcodeTarget? = nil
    ) {
        self.name = name
        self.kind = kind
        self.role = role
        self.platforms = platforms
        self.manifest = manifest
        self.dependencies = dependencies
        self.xcode = xcode
    }

    /// Built for no platform with Face ID: only macOS, tvOS or watchOS. Undeclared platforms
    /// (SwiftPM without `platforms:`) may be iOS.
    public var excludesFaceIDPlatforms: Bool {
        !platforms.isEmpty && !platforms.contains(.iOS) && !platforms.contains(.visionOS)
    }
}

/// Which module each Swift file of a scan belongs to, what the modules are and how they depend on
/// each other. Built once per scan from the manifests (`ProjectModelBuilder`).
public struct ProjectModel: Sendable {
    public var modules: [Module]
    /// Normalized path (`ProjectPath.normalized`) of each Swift file → the modules that compile it
    /// (a file can be in several Xcode targets), in `modules` order.
    var fileModules: [String: [Int]]
    /// Manifests that could not be read, one line each, naming the file.
    public var diagnostics: [ScanDiagnostic]

    public init(modules: [Module], fileModules: [String: [Int]], diagnostics: [ScanDiagnostic]) {
        self.modules = modules
        self.fileModules = fileModules
        self.diagnostics = diagnostics
    }

    /// A model with no modules: every file is production code of no module.
    public static let empty = ProjectModel(modules: [], fileModules: [:], diagnostics: [])

    /// The modules that compile `path` (positions in `modules`); empty for a file the model never saw.
    public func modules(of path: String) -> [Int] {
        fileModules[ProjectPath.normalized(path)] ?? []
    }

    /// Test code: every module that compiles the file is a test module. A file compiled into an
    /// app and its tests is production code.
    public func isTestCode(_ path: String) -> Bool {
        let owners = modules(of: path)
        return !owners.isEmpty && owners.allSatisfy { modules[$0].role == .test }
    }

    /// The module and the modules it depends on, directly or not (positions, sorted).
    public func closure(of module: Int) -> [Int] {
        var seen: Set<Int> = [module]
        var queue = [module]
        while let next = queue.popLast() {
            for dependency in modules[next].dependencies where seen.insert(dependency).inserted {
                queue.append(dependency)
            }
        }
        return seen.sorted()
    }

    /// The module and the modules whose code becomes part of it, directly or not: its
    /// dependencies that are linked into it (`ModuleKind.isLinkedIntoDependents`), and theirs.
    /// An app's target dependency on its app extension or watch app does not make their code
    /// the app's. Positions, sorted.
    public func linkedClosure(of module: Int) -> [Int] {
        linkPaths(from: module).keys.sorted()
    }

    /// For the module and each module linked into it (as `linkedClosure`), the shortest chain of
    /// links that leads there from `module`: the modules after `module`, in order (empty for
    /// `module` itself). Among chains of equal length, the one through lower positions.
    public func linkPaths(from module: Int) -> [Int: [Int]] {
        var paths: [Int: [Int]] = [module: []]
        var frontier = [module]
        while !frontier.isEmpty {
            var next: [Int] = []
            for current in frontier {
                for dependency in modules[current].dependencies
                where paths[dependency] == nil && modules[dependency].kind.isLinkedIntoDependents {
                    paths[dependency] = paths[current]! + [dependency]
                    next.append(dependency)
                }
            }
            frontier = next
        }
        return paths
    }

    /// The files (normalized paths, sorted) `module` compiles.
    public func files(of module: Int) -> [String] {
        fileModules.compactMap { path, owners in owners.contains(module) ? path : nil }.sorted()
    }

    /// How many files each module has, in `modules` order.
    public var fileCounts: [Int] {
        var counts = Array(repeating: 0, count: modules.count)
        for owners in fileModules.values {
            for owner in owners { counts[owner] += 1 }
        }
        return counts
    }

    /// One line per module for reports, sorted by manifest then name.
    public var summaries: [ModuleSummary] {
        let counts = fileCounts
        return modules.indices.map { position in
            let module = modules[position]
            return ModuleSummary(
                name: module.name, kind: module.kind.rawValue, role: module.role.rawValue,
                platforms: module.platforms.map(\.rawValue), files: counts[position], manifest: module.manifest)
        }
        .sorted { ($0.manifest ?? "", $0.name, $0.kind) < ($1.manifest ?? "", $1.name, $1.kind) }
    }
}
