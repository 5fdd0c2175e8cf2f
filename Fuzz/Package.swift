// swift-tools-version:6.0
// The coverage-guided fuzz target (libFuzzer). A package of its own so that the main package's
// `swift build` and `swift test` never need the fuzzer runtime; `Scripts/fuzz.sh` builds and runs it.
import PackageDescription

let package = Package(
    name: "keychain-lint-fuzz",
    dependencies: [.package(name: "keychain-lint", path: "..")],
    targets: [
        .executableTarget(
            name: "KeychainLintFuzz",
            dependencies: [.product(name: "KeychainLintEngine", package: "keychain-lint")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
