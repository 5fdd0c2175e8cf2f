import KeychainLintModel
import Foundation

/// Reads an Xcode project (`*.xcodeproj/project.pbxproj`, an old-style plist that Foundation's
/// `PropertyListSerialization` reads on every platform): its native targets, their product types,
/// the files of their Sources build phases (a `PBXBuildFile` names a `PBXFileReference`, whose path
/// is relative to its group, up the group tree to the project folder), Xcode 16 synchronized
/// folders (`PBXFileSystemSynchronizedRootGroup`, minus each target's membership exceptions),
/// build settings per configuration with their `.xcconfig` base files, and what each target
/// depends on (target dependencies, the frameworks and libraries of its "Link Binary With
/// Libraries" and "Embed Frameworks" phases, Swift package products).
///
/// A linked or embedded file that is the product of a target of the same project (its
/// `productReference`) names that target exactly, as does a target of another project reached
/// through a reference proxy (`PBXReferenceProxy`, `PBXContainerItemProxy`); other files are named
/// by their product name (`Vault.framework` → `Vault`).
public enum XcodeProjectReader {
    public struct Project: Sendable, Hashable {
        /// The `project.pbxproj` as the scan spells it.
        public var file: String
        /// The folder holding the `.xcodeproj`, normalized ("" for the current folder).
        public var directory: String
        public var targets: [Target]
    }

    public struct Target: Sendable, Hashable {
        public var name: String
        public var productName: String?
        public var productType: String
        /// Normalized paths of the Sources build phase's files.
        public var sourceFiles: [String]
        /// Synchronized folders (normalized) with the paths (normalized) excluded from this target.
        public var synchronizedFolders: [SynchronizedFolder]
        /// Names of the targets it depends on (`PBXTargetDependency`, also across projects
        /// through the proxy's `remoteInfo`), and of the targets whose product its link phase or
        /// copy phases name by product reference (the frameworks it links or embeds, the app
        /// extensions, watch apps and App Clips it embeds).
        public var dependencyTargets: [String]
        /// Products it links or embeds as frameworks that no target of this project builds:
        /// `Name` of `Name.framework` / `libName.a` / `Name.xcframework`.
        public var linkedProducts: [String]
        /// Swift package products it uses (`XCSwiftPackageProductDependency`).
        public var packageProducts: [PackageProduct]
        public var configurations: [BuildConfiguration]
        public var platforms: [Platform]
    }

    /// A Swift package product an Xcode target uses, with the folder of the package when the
    /// project references a local package (`XCLocalSwiftPackageReference`, normalized, relative to
    /// the scan like every path here).
    public struct PackageProduct: Sendable, Hashable {
        public var name: String
        public var localPackage: String?

        public init(name: String, localPackage: String?) {
            self.name = name
            self.localPackage = localPackage
        }
    }

    public struct SynchronizedFolder: Sendable, Hashable {
        public var folder: String
        public var excluded: Set<String>

        public init(folder: String, excluded: Set<String>) {
            self.folder = folder
            self.excluded = excluded
        }
    }

    /// Reads `data`, the project at `path`. Throws `ProjectFiles.ParseError` for a file that is
    /// not a property list or has no `objects`.
    public static func read(_ data: Data, path: String) throws(ProjectFiles.ParseError) -> Project {
        let root: [String: Any]
        if let fast = OldStylePlist.dictionary(data) { root = fast } else { root = try ProjectFiles.dictionary(from: data) }
        guard let objects = root["objects"] as? [String: Any] else {
            throw ProjectFiles.ParseError(reason: "not an Xcode project: no `objects` dictionary")
        }
        var projectFolder = ProjectPath.directory(of: path)
        if projectFolder.hasSuffix(".xcodeproj") { projectFolder = ProjectPath.directory(of: projectFolder) }
        let graph = ObjectGraph(objects: objects, projectDirectory: projectFolder)
        guard let rootID = root["rootObject"] as? String, let project = graph.object(rootID),
            project["isa"] as? String == "PBXProject"
        else {
            throw ProjectFiles.ParseError(reason: "not an Xcode project: no PBXProject root object")
        }
        let projectConfigurations = graph.configurations(of: project)
        // Product file reference → the target that builds it, for link and embed phases.
        var products: [String: String] = [:]
        for id in graph.ids(project["targets"]) {
            guard let target = graph.object(id), let name = target["name"] as? String,
                let product = target["productReference"] as? String
            else { continue }
            products[product] = name
        }
        let targets = graph.ids(project["targets"]).compactMap { id in
            graph.target(id, projectConfigurations: projectConfigurations, products: products)
        }
        return Project(file: path, directory: projectFolder, targets: targets)
    }

    /// The objects of one project, with the group tree resolved to paths.
    struct ObjectGraph {
        let objects: [String: Any]
        let projectDirectory: String
        /// Child id → the group that lists it.
        let parents: [String: String]

        init(objects: [String: Any], projectDirectory: String) {
            self.objects = objects
            self.projectDirectory = projectDirectory
            var parents: [String: String] = [:]
            // Sorted: a child listed by two groups (a broken project) gets the same parent every run.
            for id in objects.keys.sorted() {
                guard let object = objects[id] as? [String: Any], let children = object["children"] as? [Any] else { continue }
                for case let child as String in children where parents[child] == nil { parents[child] = id }
            }
            self.parents = parents
        }

        func object(_ id: String?) -> [String: Any]? {
            id.flatMap { objects[$0] as? [String: Any] }
        }

        func ids(_ value: Any?) -> [String] {
            (value as? [Any])?.compactMap { $0 as? String } ?? []
        }

        /// The path of a file reference or group, normalized; nil when it is not under the
        /// project's sources (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`, …) or the group
        /// tree loops.
        func path(of id: String, depth: Int = 0) -> String? {
            guard depth < 64, let object = object(id) else { return nil }
            let own = object["path"] as? String ?? ""
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                guard let parent = parents[id] else {
                    // The main group: the project folder (with its `projectDirPath`, usually "").
                    return ProjectPath.join(projectDirectory, own)
                }
                guard let base = path(of: parent, depth: depth + 1) else { return nil }
                return ProjectPath.join(base, own)
            case "SOURCE_ROOT":
                return ProjectPath.join(projectDirectory, own)
            case "<absolute>":
                return ProjectPath.normalized(own)
            default:
                return nil
            }
        }

        func target(
            _ id: String, projectConfigurations: [String: (settings: [String: String], base: String?)], products: [String: String]
        ) -> Target? {
            guard let target = object(id), target["isa"] as? String == "PBXNativeTarget",
                let name = target["name"] as? String
            else { return nil }
            var sources: [String] = []
            var linked: [String] = []
            var linkedTargets: [String] = []
            var packageProducts: [PackageProduct] = []
            /// A framework or library the target links or embeds: the target of this project that
            /// builds it, a target of another project (a reference proxy names it by `remoteInfo`),
            /// a package product, or a product name.
            func link(_ file: [String: Any]) {
                if let product = packageProduct(file["productRef"] as? String) {
                    packageProducts.append(product)
                    return
                }
                guard let referenceID = file["fileRef"] as? String, let reference = object(referenceID) else { return }
                if let target = products[referenceID] {
                    linkedTargets.append(target)
                } else if reference["isa"] as? String == "PBXReferenceProxy",
                    let remote = object(reference["remoteRef"] as? String)?["remoteInfo"] as? String
                {
                    linkedTargets.append(remote)
                } else if let linkedName = Self.productName(ofLinkedFile: reference["path"] as? String ?? "") {
                    linked.append(linkedName)
                }
            }
            for phaseID in ids(target["buildPhases"]) {
                guard let phase = object(phaseID) else { continue }
                let files = ids(phase["files"]).compactMap { object($0) }
                switch phase["isa"] as? String {
                case "PBXSourcesBuildPhase":
                    sources += files.compactMap { file in (file["fileRef"] as? String).flatMap { path(of: $0) } }
                case "PBXFrameworksBuildPhase":
                    files.forEach(link)
                case "PBXCopyFilesBuildPhase" where Self.copiesFrameworks(phase):
                    // "Embed Frameworks": what the app carries in its Frameworks folder and loads.
                    files.forEach(link)
                case "PBXCopyFilesBuildPhase":
                    // Other copy phases embed bundles (app extensions into PlugIns, watch apps,
                    // App Clips): targets it contains, whose code runs in their own process.
                    for file in files {
                        guard let referenceID = file["fileRef"] as? String else { continue }
                        if let target = products[referenceID] {
                            linkedTargets.append(target)
                        } else if let reference = object(referenceID), reference["isa"] as? String == "PBXReferenceProxy",
                            let remote = object(reference["remoteRef"] as? String)?["remoteInfo"] as? String
                        {
                            linkedTargets.append(remote)
                        }
                    }
                default:
                    continue
                }
            }
            for productID in ids(target["packageProductDependencies"]) {
                if let product = packageProduct(productID) { packageProducts.append(product) }
            }
            let dependencies = ids(target["dependencies"]).compactMap { dependencyID -> String? in
                guard let dependency = object(dependencyID) else { return nil }
                if let product = packageProduct(dependency["productRef"] as? String) {
                    packageProducts.append(product)
                    return nil
                }
                return object(dependency["target"] as? String)?["name"] as? String
                    ?? dependency["name"] as? String
                    ?? object(dependency["targetProxy"] as? String)?["remoteInfo"] as? String
            }
            let folders = ids(target["fileSystemSynchronizedGroups"]).compactMap { groupID -> SynchronizedFolder? in
                guard let folder = path(of: groupID), let group = object(groupID) else { return nil }
                var excluded: Set<String> = []
                for exceptionID in ids(group["exceptions"]) {
                    guard let exception = object(exceptionID), exception["target"] as? String == id else { continue }
                    for case let relative as String in (exception["membershipExceptions"] as? [Any] ?? []) {
                        excluded.insert(ProjectPath.join(folder, relative))
                    }
                }
                return SynchronizedFolder(folder: folder, excluded: excluded)
            }
            let configurations = merged(configurations(of: target), over: projectConfigurations)
            return Target(
                name: name, productName: target["productName"] as? String,
                productType: target["productType"] as? String ?? "", sourceFiles: sources, synchronizedFolders: folders,
                dependencyTargets: Self.uniqued(dependencies + linkedTargets), linkedProducts: Self.uniqued(linked),
                packageProducts: Self.uniqued(packageProducts), configurations: configurations,
                platforms: Self.platforms(in: configurations))
        }

        /// A Swift package product (`XCSwiftPackageProductDependency`) and, for a local package,
        /// its folder (`relativePath` from the project folder).
        func packageProduct(_ id: String?) -> PackageProduct? {
            guard let dependency = object(id), let name = dependency["productName"] as? String else { return nil }
            var local: String?
            if let package = object(dependency["package"] as? String), package["isa"] as? String == "XCLocalSwiftPackageReference",
                let relative = package["relativePath"] as? String ?? package["path"] as? String
            {
                local = relative.hasPrefix("/") ? ProjectPath.normalized(relative) : ProjectPath.join(projectDirectory, relative)
            }
            // A product of a plugin is named `plugin:Name`.
            return PackageProduct(name: name.hasPrefix("plugin:") ? String(name.dropFirst(7)) : name, localPackage: local)
        }

        /// A copy phase into the product's Frameworks folder (`dstSubfolderSpec` 10).
        static func copiesFrameworks(_ phase: [String: Any]) -> Bool {
            (phase["dstSubfolderSpec"] as? String) == "10"
        }

        /// In first-seen order, without repeats.
        static func uniqued<Element: Hashable>(_ elements: [Element]) -> [Element] {
            var seen: Set<Element> = []
            return elements.filter { seen.insert($0).inserted }
        }

        /// Configuration name → its build settings and base configuration file.
        func configurations(of owner: [String: Any]) -> [String: (settings: [String: String], base: String?)] {
            var result: [String: (settings: [String: String], base: String?)] = [:]
            for id in ids(object(owner["buildConfigurationList"] as? String)?["buildConfigurations"]) {
                guard let configuration = object(id), let name = configuration["name"] as? String else { continue }
                var settings: [String: String] = [:]
                for (key, value) in configuration["buildSettings"] as? [String: Any] ?? [:] {
                    if let text = value as? String {
                        settings[key] = text
                    } else if let list = value as? [Any] {
                        settings[key] = list.compactMap { $0 as? String }.joined(separator: " ")
                    }
                }
                let base = (configuration["baseConfigurationReference"] as? String).flatMap { path(of: $0) }
                result[name] = (settings, base)
            }
            return result
        }

        /// The target's configurations, each over the project's configuration of the same name.
        func merged(
            _ target: [String: (settings: [String: String], base: String?)],
            over project: [String: (settings: [String: String], base: String?)]
        ) -> [BuildConfiguration] {
            target.keys.sorted().map { name in
                let own = target[name]!
                let inherited = project[name]
                let settings = (inherited?.settings ?? [:]).merging(own.settings) { _, targetValue in targetValue }
                return BuildConfiguration(
                    name: name, settings: settings, baseConfigurationFiles: [inherited?.base, own.base].compactMap { $0 })
            }
        }

        /// `Vault.framework` → `Vault`, `libVault.a` → `Vault`; nil for other files.
        static func productName(ofLinkedFile path: String) -> String? {
            let name = ProjectPath.lastComponent(path)
            for suffix in [".framework", ".xcframework"] where name.hasSuffix(suffix) {
                return String(name.dropLast(suffix.count))
            }
            if name.hasPrefix("lib"), name.hasSuffix(".a") || name.hasSuffix(".dylib") {
                return String(name.dropFirst(3).prefix { $0 != "." })
            }
            return nil
        }

        /// From `SUPPORTED_PLATFORMS`, else `SDKROOT`, of every configuration.
        static func platforms(in configurations: [BuildConfiguration]) -> [Platform] {
            var found: Set<Platform> = []
            for configuration in configurations {
                // SUPPORTED_PLATFORMS, when set, is the list (SDKROOT is then often `auto`).
                let supported = configuration.settings["SUPPORTED_PLATFORMS"] ?? ""
                let words = (supported.isEmpty ? configuration.settings["SDKROOT"] ?? "" : supported).split(separator: " ")
                for word in words {
                    if let platform = sdkPlatforms[String(word).lowercased()] { found.insert(platform) }
                }
            }
            return found.sorted()
        }

        static let sdkPlatforms: [String: Platform] = [
            "iphoneos": .iOS, "iphonesimulator": .iOS, "macosx": .macOS, "appletvos": .tvOS, "appletvsimulator": .tvOS,
            "watchos": .watchOS, "watchsimulator": .watchOS, "xros": .visionOS, "xrsimulator": .visionOS,
        ]
    }
}
