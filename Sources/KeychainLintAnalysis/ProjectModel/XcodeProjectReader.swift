import KeychainLintModel
import Foundation

/// Reads an Xcode project (`*.xcodeproj/project.pbxproj`, an old-style plist that Foundation's
/// `PropertyListSerialization` reads on every platform): its native targets, their product types,
/// the files of their Sources build phases (a `PBXBuildFile` names a `PBXFileReference`, whose path
/// is relative to its group, up the group tree to the project folder), Xcode 16 synchronized
/// folders (`PBXFileSystemSynchronizedRootGroup`, minus each target's membership exceptions),
/// build settings per configuration with their `.xcconfig` base files, and what each target
/// depends on (target dependencies, linked frameworks, Swift package products).
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
        /// Names of the targets it depends on (`PBXTargetDependency`).
        public var dependencyTargets: [String]
        /// Products it links: `Name` of `Name.framework` / `libName.a` / `Name.xcframework`, and
        /// the product names of Swift package products.
        public var linkedProducts: [String]
        public var configurations: [BuildConfiguration]
        public var platforms: [Platform]
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
        let targets = graph.ids(project["targets"]).compactMap { id in
            graph.target(id, projectConfigurations: projectConfigurations)
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

        func target(_ id: String, projectConfigurations: [String: (settings: [String: String], base: String?)]) -> Target? {
            guard let target = object(id), target["isa"] as? String == "PBXNativeTarget",
                let name = target["name"] as? String
            else { return nil }
            var sources: [String] = []
            var linked: [String] = []
            for phaseID in ids(target["buildPhases"]) {
                guard let phase = object(phaseID) else { continue }
                let files = ids(phase["files"]).compactMap { object($0) }
                switch phase["isa"] as? String {
                case "PBXSourcesBuildPhase":
                    sources += files.compactMap { file in (file["fileRef"] as? String).flatMap { path(of: $0) } }
                case "PBXFrameworksBuildPhase":
                    for file in files {
                        if let product = object(file["productRef"] as? String)?["productName"] as? String {
                            linked.append(product)
                        } else if let reference = object(file["fileRef"] as? String),
                            let linkedName = Self.productName(ofLinkedFile: reference["path"] as? String ?? "")
                        {
                            linked.append(linkedName)
                        }
                    }
                default:
                    continue
                }
            }
            for productID in ids(target["packageProductDependencies"]) {
                if let product = object(productID)?["productName"] as? String { linked.append(product) }
            }
            let dependencies = ids(target["dependencies"]).compactMap { dependencyID -> String? in
                guard let dependency = object(dependencyID) else { return nil }
                if let product = object(dependency["productRef"] as? String)?["productName"] as? String {
                    linked.append(product)
                    return nil
                }
                return object(dependency["target"] as? String)?["name"] as? String ?? dependency["name"] as? String
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
                dependencyTargets: dependencies, linkedProducts: linked, configurations: configurations,
                platforms: Self.platforms(in: configurations))
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
