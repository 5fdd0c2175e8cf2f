// swift-tools-version:6.0
// keychain-lint's plugins, backed by the prebuilt artifact bundle: a package or Xcode project that
// uses them downloads the keychain-lint binary and compiles neither keychain-lint nor swift-syntax.
//
// This folder is the plugin-only package, kept as a template: `Scripts/release.sh` copies it to
// .release/keychain-lint-plugins/ with the artifact bundle beside this manifest (the binary target
// below names it by path), or, given `--url`, with the address and checksum of the published zip
// filled in instead, ready to be published as a repository of its own. The plugins' sources are
// shared with the main package, whose plugins build keychain-lint from source.
import PackageDescription

let package = Package(
    name: "keychain-lint-plugins",
    products: [
        .plugin(name: "KeychainLintBuildToolPlugin", targets: ["KeychainLintBuildToolPlugin"]),
        .plugin(name: "KeychainLintCommandPlugin", targets: ["KeychainLintCommandPlugin"]),
    ],
    targets: [
        .plugin(
            name: "KeychainLintBuildToolPlugin", capability: .buildTool(), dependencies: ["KeychainLintBinary"],
            path: "KeychainLintBuildToolPlugin"),
        .plugin(
            name: "KeychainLintCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "keychain-lint",
                    description: "Scan the package's Swift and Objective-C code for Keychain and biometric misuse")),
            dependencies: ["KeychainLintBinary"], path: "KeychainLintCommandPlugin"),
        .binaryTarget(name: "KeychainLintBinary", path: "keychain-lint.artifactbundle"),
    ]
)
