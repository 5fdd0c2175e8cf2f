import Foundation
import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// The project model on the fixture in `Fixtures/.project-model` (hidden, so SwiftPM compiles none
/// of its Swift files): an Xcode project with an iOS app, a framework it links, a unit-test bundle
/// on a synchronized folder and a macOS app, and a local package whose product the app links.
@Suite("Project model")
struct ProjectModelTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/.project-model")

    static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: fixture.appendingPathComponent(relative))
    }

    static let swiftFiles = [
        "Vault/App.swift", "Shared/Keys.swift", "Sources/VaultKit/Store.swift", "MacVault/MacApp.swift",
        "VaultTests/VaultTests.swift", "VaultTests/Fixtures/Sample.swift", "Packages/Core/Sources/Core/Core.swift",
        "Packages/Core/Sources/Crypto/Cipher.swift", "Packages/Core/Tests/KeychainCoreTests/CoreTests.swift",
        "Packages/Core/Package.swift", "Tools/Generate.swift", "Demo/DemoApp.swift",
    ]

    static func model() throws -> ProjectModel {
        let manifest = try String(decoding: data("Packages/Core/Package.swift"), as: UTF8.self)
        return ProjectModelBuilder(
            swiftFiles: swiftFiles, roots: ["."],
            packageManifests: [.init(path: "Packages/Core/Package.swift", text: manifest)],
            xcodeProjects: [.init(path: "Vault.xcodeproj/project.pbxproj", data: try data("Vault.xcodeproj/project.pbxproj"))]
        ).build()
    }

    @Test func xcodeProjectTargetsFilesSettingsAndDependencies() throws {
        let project = try XcodeProjectReader.read(
            Self.data("Vault.xcodeproj/project.pbxproj"), path: "Vault.xcodeproj/project.pbxproj")
        #expect(project.directory == "")
        #expect(project.targets.map(\.name) == ["Vault", "VaultKit", "VaultTests", "MacVault"])
        let app = project.targets[0]
        #expect(app.productType == "com.apple.product-type.application")
        // `<group>` paths go up the group tree; `SOURCE_ROOT` is the project folder.
        #expect(app.sourceFiles == ["Vault/App.swift", "Shared/Keys.swift"])
        #expect(app.dependencyTargets == ["VaultKit"])
        #expect(app.linkedProducts == ["VaultKit"])
        #expect(app.packageProducts == [.init(name: "KeychainCore", localPackage: nil)])
        #expect(app.platforms == [.iOS])
        let release = try #require(app.configurations.first)
        #expect(release.name == "Release")
        // The target's settings over the project's, and the base configuration file's path.
        #expect(release.settings["SDKROOT"] == "iphoneos")
        #expect(release.settings["INFOPLIST_FILE"] == "$(SRCROOT)/Vault/Info.plist")
        #expect(release.settings["INFOPLIST_KEY_NSFaceIDUsageDescription[sdk=iphoneos*]"] == "Unlock your vault")
        #expect(release.baseConfigurationFiles == ["Vault/Vault.xcconfig"])
        // A group with a `name` uses its `path`.
        #expect(project.targets[1].sourceFiles == ["Sources/VaultKit/Store.swift"])
        let tests = project.targets[2]
        #expect(tests.sourceFiles.isEmpty)
        #expect(tests.synchronizedFolders == [.init(folder: "VaultTests", excluded: ["VaultTests/Fixtures/Sample.swift"])])
        #expect(tests.platforms == [.iOS, .visionOS])
        #expect(project.targets[3].platforms == [.macOS])
    }

    @Test func packageManifestTargetsProductsAndPlatforms() throws {
        let text = try String(decoding: Self.data("Packages/Core/Package.swift"), as: UTF8.self)
        let manifest = PackageManifestReader.read(SourceFile(id: 0, path: "Package.swift", text: text))
        #expect(manifest.packageName == "Core")
        #expect(manifest.platforms == [.iOS, .macOS])
        // `.target(name:)` in dependencies and `.plugin(name:package:)` in plugins are not targets;
        // `.when(platforms:)` is not the package's platform list.
        #expect(manifest.targets.map(\.name) == ["KeychainCore", "Crypto", "KeychainCoreTests", "LintPlugin"])
        #expect(manifest.targets.map(\.kind) == [.packageTarget, .packageTarget, .packageTest, .packagePlugin])
        #expect(manifest.targets[0].path == "Sources/Core")
        #expect(manifest.targets[0].dependencies == [.byName("Crypto")])
        #expect(manifest.targets[2].dependencies == [.byName("KeychainCore")])
        #expect(manifest.products.map(\.name) == ["KeychainCore"])
        #expect(manifest.products.first?.targets == ["KeychainCore"])
    }

    /// An app product (`.iOSApplication`) names its targets and the Face ID capability's purpose,
    /// as a literal, an expression, or not at all; its targets carry it in the project model.
    @Test func anAppProductAndItsFaceIDCapability() throws {
        func manifest(_ capabilities: String) -> String {
            """
            import PackageDescription
            import AppleProductTypes
            let package = Package(
                name: "Vault",
                products: [
                    .iOSApplication(name: "Vault", targets: ["AppModule"], bundleIdentifier: "com.example.vault",
                                    capabilities: \(capabilities)),
                    .library(name: "Kit", targets: ["Kit"]),
                ],
                targets: [.executableTarget(name: "AppModule", path: "App"), .target(name: "Kit")])
            """
        }
        func purpose(_ capabilities: String) -> PackageManifestReader.ApplicationProduct.FaceIDPurpose?? {
            PackageManifestReader.read(SourceFile(id: 0, path: "Package.swift", text: manifest(capabilities)))
                .products.first { $0.application != nil }.map { $0.application?.faceIDPurpose }
        }
        #expect(purpose(#"[.faceID(purposeString: "Unlock")]"#) == .some(.literal("Unlock")))
        #expect(purpose(#"[.camera(purposeString: "Scan"), .faceID(purposeString: reason)]"#) == .some(.expression))
        #expect(purpose(#"[.camera(purposeString: "Scan")]"#) == .some(nil))
        let read = PackageManifestReader.read(SourceFile(id: 0, path: "Package.swift", text: manifest("[]")))
        #expect(read.products.map(\.name) == ["Vault", "Kit"])
        #expect(read.products.first?.targets == ["AppModule"])
        #expect(read.products.last?.application == nil)
        let model = ProjectModelBuilder(
            swiftFiles: ["App/Main.swift", "Sources/Kit/Kit.swift"], roots: ["."],
            packageManifests: [.init(path: "Package.swift", text: manifest(#"[.faceID(purposeString: "Unlock")]"#))], xcodeProjects: []
        ).build()
        let app = model.modules.first { $0.name == "AppModule" }
        #expect(app?.packageApplication?.name == "Vault")
        #expect(app?.packageApplication?.product.faceIDPurpose == .literal("Unlock"))
        #expect(model.modules.first { $0.name == "Kit" }?.packageApplication == nil)
    }

    @Test func everyFileGetsItsModulesAndRole() throws {
        let model = try Self.model()
        func owners(_ path: String) -> [String] { model.modules(of: path).map { model.modules[$0].name } }
        func role(_ path: String) -> [ModuleRole] { model.modules(of: path).map { model.modules[$0].role } }
        #expect(owners("Vault/App.swift") == ["Vault"])
        #expect(owners("./Shared/Keys.swift") == ["Vault"])
        #expect(owners("Sources/VaultKit/Store.swift") == ["VaultKit"])
        #expect(owners("VaultTests/VaultTests.swift") == ["VaultTests"])
        #expect(role("VaultTests/VaultTests.swift") == [.test])
        // Excluded from the synchronized folder's target: a file of no target, in a test folder.
        #expect(role("VaultTests/Fixtures/Sample.swift") == [.test])
        #expect(model.modules[model.modules(of: "VaultTests/Fixtures/Sample.swift")[0]].kind == .folder)
        #expect(owners("Packages/Core/Sources/Core/Core.swift") == ["KeychainCore"])
        #expect(owners("Packages/Core/Sources/Crypto/Cipher.swift") == ["Crypto"])
        #expect(role("Packages/Core/Tests/KeychainCoreTests/CoreTests.swift") == [.test])
        #expect(role("Demo/DemoApp.swift") == [.sample])
        #expect(role("Tools/Generate.swift") == [.library])
        #expect(model.isTestCode("Packages/Core/Tests/KeychainCoreTests/CoreTests.swift"))
        #expect(!model.isTestCode("Vault/App.swift"))
        #expect(model.diagnostics.isEmpty)
    }

    @Test func appsReachTheModulesTheyLink() throws {
        let model = try Self.model()
        let app = try #require(model.modules.firstIndex { $0.name == "Vault" })
        let reached = Set(model.closure(of: app).map { model.modules[$0].name })
        // The framework by target dependency, the package product and what it depends on.
        #expect(reached == ["Vault", "VaultKit", "KeychainCore", "Crypto"])
        let mac = try #require(model.modules.first { $0.name == "MacVault" })
        #expect(mac.excludesFaceIDPlatforms)
        #expect(!model.modules[app].excludesFaceIDPlatforms)
    }

    /// An app that links and embeds frameworks the ways Xcode writes them: by the product
    /// reference of a target of its project, through a reference proxy to a target of another
    /// project, and a local package's product; it also embeds an app extension.
    static let linkingProject = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 56;
            objects = {
                A1 = {isa = PBXFileReference; path = App.swift; sourceTree = SOURCE_ROOT; };
                A2 = {isa = PBXFileReference; path = Kit.swift; sourceTree = SOURCE_ROOT; };
                A3 = {isa = PBXFileReference; path = Share.swift; sourceTree = SOURCE_ROOT; };
                A4 = {isa = PBXFileReference; path = Base.swift; sourceTree = SOURCE_ROOT; };
                BA1 = {isa = PBXBuildFile; fileRef = A1; };
                BA2 = {isa = PBXBuildFile; fileRef = A2; };
                BA3 = {isa = PBXBuildFile; fileRef = A3; };
                BA4 = {isa = PBXBuildFile; fileRef = A4; };
                PK = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = "Vault Kit.framework"; sourceTree = BUILT_PRODUCTS_DIR; };
                PS = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = Share.appex; sourceTree = BUILT_PRODUCTS_DIR; };
                PB = {isa = PBXFileReference; path = libBase.a; sourceTree = BUILT_PRODUCTS_DIR; };
                PX = {isa = PBXReferenceProxy; fileType = wrapper.framework; path = Shared.framework; remoteRef = RX; sourceTree = BUILT_PRODUCTS_DIR; };
                RX = {isa = PBXContainerItemProxy; containerPortal = SUB; proxyType = 2; remoteGlobalIDString = FFFF; remoteInfo = SharedKit; };
                RY = {isa = PBXContainerItemProxy; containerPortal = SUB; proxyType = 1; remoteGlobalIDString = EEEE; remoteInfo = SharedKit; };
                SUB = {isa = PBXFileReference; path = Shared/Shared.xcodeproj; sourceTree = SOURCE_ROOT; };
                LP = {isa = XCLocalSwiftPackageReference; relativePath = "../Packages/Core"; };
                PP = {isa = XCSwiftPackageProductDependency; package = LP; productName = KeychainCore; };
                BL1 = {isa = PBXBuildFile; fileRef = PK; };
                BL2 = {isa = PBXBuildFile; fileRef = PX; };
                BL3 = {isa = PBXBuildFile; productRef = PP; };
                BE1 = {isa = PBXBuildFile; fileRef = PK; };
                BE2 = {isa = PBXBuildFile; fileRef = PS; };
                BK1 = {isa = PBXBuildFile; fileRef = PB; };
                S1 = {isa = PBXSourcesBuildPhase; files = (BA1); };
                S2 = {isa = PBXSourcesBuildPhase; files = (BA2); };
                S3 = {isa = PBXSourcesBuildPhase; files = (BA3); };
                S4 = {isa = PBXSourcesBuildPhase; files = (BA4); };
                F1 = {isa = PBXFrameworksBuildPhase; files = (BL1, BL2, BL3); };
                F2 = {isa = PBXFrameworksBuildPhase; files = (BK1); };
                E1 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 10; files = (BE1); name = "Embed Frameworks"; };
                E2 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; files = (BE2); name = "Embed Foundation Extensions"; };
                D2 = {isa = PBXTargetDependency; name = SharedKit; targetProxy = RY; };
                T1 = {isa = PBXNativeTarget; buildPhases = (S1, F1, E1, E2); dependencies = (D2); name = Vault; productType = "com.apple.product-type.application"; };
                T2 = {isa = PBXNativeTarget; buildPhases = (S2, F2); name = VaultKit; productName = "Vault Kit"; productReference = PK; productType = "com.apple.product-type.framework"; };
                T3 = {isa = PBXNativeTarget; buildPhases = (S3); name = Share; productReference = PS; productType = "com.apple.product-type.app-extension"; };
                T4 = {isa = PBXNativeTarget; buildPhases = (S4); name = Base; productReference = PB; productType = "com.apple.product-type.library.static"; };
                G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
                R = {isa = PBXProject; mainGroup = G; packageReferences = (LP); targets = (T1, T2, T3, T4); };
            };
            rootObject = R;
        }
        """

    @Test func linkAndEmbedPhasesNameTheTargetsThatBuildTheirProducts() throws {
        let project = try XcodeProjectReader.read(Data(Self.linkingProject.utf8), path: "App/Vault.xcodeproj/project.pbxproj")
        let app = try #require(project.targets.first)
        // The framework by its product reference (its product name differs from the target's
        // name), the target of the other project by the proxy's `remoteInfo`, the extension by
        // the PlugIns copy phase that embeds it.
        #expect(app.dependencyTargets == ["SharedKit", "VaultKit", "Share"])
        #expect(app.linkedProducts.isEmpty)
        // The local package's folder, from the project's folder.
        #expect(app.packageProducts == [.init(name: "KeychainCore", localPackage: "Packages/Core")])
        #expect(project.targets[1].dependencyTargets == ["Base"])
    }

    @Test func appsReachTheCodeLinkedIntoThemNotTheirExtensions() throws {
        let core = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Core", products: [.library(name: "KeychainCore", targets: ["KeychainCore"])],
                targets: [.target(name: "KeychainCore")])
            """
        // A package of the same product name elsewhere in the scan is not the one the project names.
        let other = core.replacingOccurrences(of: "\"Core\"", with: "\"OtherCore\"")
        let model = ProjectModelBuilder(
            swiftFiles: ["App/App.swift", "App/Kit.swift", "App/Share.swift", "App/Base.swift", "Packages/Core/Sources/KeychainCore/Core.swift", "Vendor/Core/Sources/KeychainCore/Core.swift"],
            roots: ["."],
            packageManifests: [.init(path: "Packages/Core/Package.swift", text: core), .init(path: "Vendor/Core/Package.swift", text: other)],
            xcodeProjects: [.init(path: "App/Vault.xcodeproj/project.pbxproj", data: Data(Self.linkingProject.utf8))]
        ).build()
        let app = try #require(model.modules.firstIndex { $0.name == "Vault" })
        func names(_ positions: [Int]) -> Set<String> { Set(positions.map { model.modules[$0].name }) }
        #expect(names(model.closure(of: app)) == ["Vault", "VaultKit", "Share", "Base", "KeychainCore"])
        #expect(names(model.linkedClosure(of: app)) == ["Vault", "VaultKit", "Base", "KeychainCore"])
        let paths = model.linkPaths(from: app)
        let base = try #require(model.modules.firstIndex { $0.name == "Base" })
        #expect(paths[base].map { $0.map { model.modules[$0].name } } == ["VaultKit", "Base"])
        let packages = paths.keys.filter { model.modules[$0].name == "KeychainCore" }
        #expect(packages.map { model.modules[$0].manifest } == ["Packages/Core/Package.swift"])
    }

    @Test func modulesAreSummarisedInAStableOrder() throws {
        let summaries = try Self.model().summaries
        #expect(summaries.prefix(2).map(\.name) == [".", "Demo"])
        let vault = try #require(summaries.first { $0.name == "Vault" })
        #expect(vault == .init(name: "Vault", kind: "application", role: "app", platforms: ["iOS"], files: 2, manifest: "Vault.xcodeproj/project.pbxproj"))
    }

    @Test func malformedManifestsAreOneLineNotesAndFilesFallBackToFolders() throws {
        let model = ProjectModelBuilder(
            swiftFiles: ["App/Vault.swift", "AppTests/VaultTests.swift"], roots: [],
            packageManifests: [.init(path: "Package.swift", text: "let x = 1")],
            xcodeProjects: [.init(path: "App.xcodeproj/project.pbxproj", data: Data("// !$*UTF8*$!\n{ objects = {".utf8))]
        ).build()
        #expect(model.diagnostics.map(\.file) == ["Package.swift", "App.xcodeproj/project.pbxproj"])
        #expect(model.diagnostics.map(\.message) == [
            "project model: not read (no `Package(…)` with targets found); its files are grouped by folder names instead",
            model.diagnostics[1].message,
        ])
        #expect(model.diagnostics[1].message.hasPrefix("project model: not read (not a property list: "))
        #expect(model.isTestCode("AppTests/VaultTests.swift"))
        #expect(!model.isTestCode("App/Vault.swift"))
    }

    @Test func folderNamesCountOnlyBelowTheScannedRoot() {
        let model = ProjectModelBuilder(
            swiftFiles: ["/home/me/Tests/MyApp/Sources/Vault.swift", "/home/me/Tests/MyApp/UnitTests/VaultTests.swift"],
            roots: ["/home/me/Tests/MyApp"], packageManifests: [], xcodeProjects: []
        ).build()
        #expect(!model.isTestCode("/home/me/Tests/MyApp/Sources/Vault.swift"))
        #expect(model.isTestCode("/home/me/Tests/MyApp/UnitTests/VaultTests.swift"))
    }

    @Test func folderConventions() {
        for name in ["Tests", "VaultTests", "VaultUITests", "UnitTests", "UITests", "tests"] {
            #expect(FolderConventions.isTestFolder(name), "\(name)")
        }
        for name in ["Contests", "Testing", "Sources"] { #expect(!FolderConventions.isTestFolder(name), "\(name)") }
        for name in ["Example", "Examples", "Demo", "Sample", "VaultExample", "VaultDemo", "Vault-Sample", "VaultSamples", "DemoApp", "Example App"] {
            #expect(FolderConventions.isSampleFolder(name), "\(name)")
        }
        for name in ["Vault", "VaultApp", "App", "Sources", "Demonstration"] { #expect(!FolderConventions.isSampleFolder(name), "\(name)") }
        #expect(FolderConventions.isTestHostName("Valet iOS Test Host App"))
        #expect(FolderConventions.isTestHostName("TestHost"))
        #expect(FolderConventions.isTestHostName("Save Screenshots"))
        #expect(!FolderConventions.isTestHostName("Vault"))
        #expect(!FolderConventions.isTestHostName("ScreenTime"))
    }
}
