// swift-tools-version:6.0
// A package that applies keychain-lint's build-tool plugin, from the plugin-only package
// (Plugins/ as Scripts/release.sh writes it, with the artifact bundle). Scripts/check_plugins.sh
// copies this folder next to that package and builds it: the planted weak flags in Vault (Swift)
// and LegacyBridge (Objective-C) must show as warnings, and the command plugin must fail.
import PackageDescription

let package = Package(
    name: "PluginSample",
    dependencies: [.package(path: "../keychain-lint-plugins")],
    targets: [
        .target(
            name: "Vault",
            plugins: [.plugin(name: "KeychainLintBuildToolPlugin", package: "keychain-lint-plugins")]),
        .target(
            name: "LegacyBridge",
            plugins: [.plugin(name: "KeychainLintBuildToolPlugin", package: "keychain-lint-plugins")]),
    ]
)
