// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Core",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "KeychainCore", targets: ["KeychainCore"]),
        .plugin(name: "LintPlugin", targets: ["LintPlugin"]),
    ],
    targets: [
        .target(
            name: "KeychainCore",
            dependencies: [.target(name: "Crypto", condition: .when(platforms: [.watchOS]))],
            path: "Sources/Core",
            plugins: [.plugin(name: "SwiftLintPlugin", package: "SwiftLint")]),
        .target(name: "Crypto"),
        .testTarget(name: "KeychainCoreTests", dependencies: ["KeychainCore"]),
        .plugin(name: "LintPlugin", capability: .buildTool()),
    ]
)
