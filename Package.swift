// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "keychain-lint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "keychain-lint", targets: ["keychain-lint"]),
        .library(name: "KeychainLintEngine", targets: ["KeychainLintEngine"]),
        // The plugins built from source. Plugins/Package.swift declares the same two backed by the
        // prebuilt artifact bundle, which is what most users want (no swift-syntax to compile).
        .plugin(name: "KeychainLintBuildToolPlugin", targets: ["KeychainLintBuildToolPlugin"]),
        .plugin(name: "KeychainLintCommandPlugin", targets: ["KeychainLintCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        // Findings, severities, rule metadata, configuration: no SwiftSyntax here.
        .target(name: "KeychainLintCore", dependencies: [.product(name: "Yams", package: "Yams")]),
        // The language-neutral model: values and their traces, access-control flags and what
        // Security accepts, keychain queries and keys, wrapper library models (YAML). No syntax
        // here: every language's front end resolves code into these.
        .target(name: "KeychainLintModel", dependencies: [.product(name: "Yams", package: "Yams")]),
        // The rule kit, for every language: the rule protocol and interests, the scan-wide facts,
        // reporting and "judge every value, report the first". No syntax here.
        .target(name: "KeychainLintRuleKit", dependencies: ["KeychainLintCore", "KeychainLintModel"]),
        // The Swift front end's value resolver and the cross-file symbol index.
        .target(name: "KeychainLintAnalysis", dependencies: [
            "KeychainLintCore", "KeychainLintModel",
            .product(name: "Yams", package: "Yams"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftOperators", package: "swift-syntax"),
        ]),
        // One type per rule, with its metadata, documentation and examples.
        .target(name: "KeychainLintRules", dependencies: [
            "KeychainLintCore", "KeychainLintModel", "KeychainLintRuleKit", "KeychainLintAnalysis", "KeychainLintObjC",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        // Discovery, prefilter, parse-once/walk-once scanning, suppressions.
        .target(name: "KeychainLintEngine", dependencies: [
            "KeychainLintCore", "KeychainLintModel", "KeychainLintRuleKit", "KeychainLintAnalysis", "KeychainLintObjC", "KeychainLintRules",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        // The Objective-C front end's lexer, error-tolerant parser and syntax tree: no swift-syntax.
        .target(name: "KeychainLintObjC", dependencies: ["KeychainLintModel"]),
        // Output formats behind one protocol.
        .target(name: "KeychainLintReporters", dependencies: ["KeychainLintCore"]),
        .executableTarget(name: "keychain-lint", dependencies: [
            "KeychainLintCore", "KeychainLintEngine", "KeychainLintReporters", "KeychainLintRules", "KeychainLintRuleKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Findings as compiler warnings at every build of the target that applies it.
        .plugin(name: "KeychainLintBuildToolPlugin", capability: .buildTool(), dependencies: ["keychain-lint"]),
        // `swift package keychain-lint [options]`.
        .plugin(
            name: "KeychainLintCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "keychain-lint",
                    description: "Scan the package's Swift and Objective-C code for Keychain and biometric misuse")),
            dependencies: ["keychain-lint"]),
        .testTarget(name: "KeychainLintAnalysisTests", dependencies: [
            "KeychainLintAnalysis", "KeychainLintModel",
            .product(name: "Yams", package: "Yams"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .testTarget(name: "KeychainLintRulesTests", dependencies: ["KeychainLintRules", "KeychainLintRuleKit", "KeychainLintModel", "KeychainLintEngine", "KeychainLintReporters"]),
        .testTarget(name: "KeychainLintEngineTests", dependencies: ["KeychainLintEngine", "KeychainLintRuleKit", "KeychainLintModel", "KeychainLintCore", "KeychainLintRules"]),
        .testTarget(name: "KeychainLintReportersTests", dependencies: ["KeychainLintReporters", "KeychainLintCore"]),
        .testTarget(name: "KeychainLintCLITests", dependencies: ["KeychainLintCore"]),
        .testTarget(name: "KeychainLintObjCTests", dependencies: ["KeychainLintObjC"]),
    ]
)
