import Foundation
import KeychainLintCore
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Stand-ins for the real rules: one with a name-list option, one with an integer option.
private enum FakeRules {
    static let documentation = RuleDocumentation(
        whatItDoes: "", whyItMatters: "", whatToDoInstead: "", fixSafety: "", references: [])

    static let weakACL = RuleDescription(
        id: "swift.weak_biometric_acl",
        name: "Weak Biometric Access Control Flags",
        severity: .high,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:287"],
        summary: "Flags weak biometric access control.",
        documentation: documentation,
        remediation: "Use biometryCurrentSet.",
        options: [
            RuleOptionSpec(
                name: "weakBiometricFlags",
                kind: .nameList(allowed: ["biometryAny", "touchIDAny", "userPresence", "devicePasscode"]),
                defaultValue: ["biometryAny", "touchIDAny"],
                help: "Flags considered weak.")
        ],
        examples: [])

    static let accessibility = RuleDescription(
        id: "swift.insecure_accessibility",
        name: "Insecure Keychain Accessibility",
        severity: .medium,
        confidence: .high,
        resource: "Data Storage",
        tags: ["CWE:311"],
        summary: "Flags kSecAttrAccessibleAlways.",
        documentation: documentation,
        remediation: "Use kSecAttrAccessibleWhenUnlockedThisDeviceOnly.",
        options: [
            RuleOptionSpec(name: "maxDepth", kind: .integer(range: 1...10), defaultValue: 3, help: "How deep to resolve.")
        ],
        examples: [])

    /// The same check in Objective-C (its options a subset of the Swift rule's).
    static let objcWeakACL: RuleDescription = {
        var rule = weakACL
        rule.id = "objc.weak_biometric_acl"
        return rule
    }()

    static let all = [weakACL, accessibility]
    static let bothLanguages = [weakACL, objcWeakACL, accessibility]
}

private func parse(_ yaml: String, baseDirectory: String = "") throws -> Configuration {
    try Configuration.parse(yaml: yaml, source: Configuration.fileName, baseDirectory: baseDirectory)
}

/// The one-line message of the ConfigurationError thrown by `body`, or nil when nothing is thrown.
private func message(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as ConfigurationError {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}

private func parseError(_ yaml: String) -> String? {
    message { _ = try parse(yaml) }
}

private func validationError(_ yaml: String) -> String? {
    message { try parse(yaml).validate(against: FakeRules.all) }
}

@Suite struct ConfigurationDecodingTests {
    @Test func emptyFileMeansDefaults() throws {
        #expect(try parse("") == .default)
        #expect(try parse("\n# nothing configured yet\n") == .default)
        #expect(try parse("---\n") == .default)
        let configuration = try parse("", baseDirectory: "Project")
        #expect(configuration.baseDirectory == "Project")
        #expect(configuration.version == Configuration.currentVersion)
        #expect(configuration.exclude.isEmpty)
        #expect(configuration.rules.isEmpty)
    }

    @Test func defaultConstants() {
        #expect(Configuration.currentVersion == 1)
        #expect(Configuration.fileName == ".keychain-lint.yml")
        #expect(Configuration.default == Configuration(version: 1, exclude: [], rules: [:], baseDirectory: ""))
    }

    @Test func decodesTheDocumentedExample() throws {
        let configuration = try parse(
            """
            version: 1                 # optional
            exclude:                   # globs
              - "Vendor/**"
              - "**/Generated/*.swift"
            rules:
              swift.weak_biometric_acl:
                enabled: true
                severity: high
                weakBiometricFlags: [biometryAny, touchIDAny, userPresence]
            """, baseDirectory: "App")
        #expect(configuration.version == 1)
        #expect(configuration.exclude == ["Vendor/**", "**/Generated/*.swift"])
        #expect(configuration.baseDirectory == "App")
        #expect(
            configuration.rules == [
                "swift.weak_biometric_acl": RuleSettings(
                    enabled: true, severity: .high,
                    options: ["weakBiometricFlags": ["biometryAny", "touchIDAny", "userPresence"]])
            ])
        try configuration.validate(against: FakeRules.all)
    }

    @Test func nullValuesMeanAbsent() throws {
        let configuration = try parse(
            """
            version:
            exclude:
            rules:
              swift.weak_biometric_acl:
            """)
        #expect(configuration.version == 1)
        #expect(configuration.exclude.isEmpty)
        #expect(configuration.rules == ["swift.weak_biometric_acl": RuleSettings()])
        #expect(try parse("rules:\n") == .default)
    }

    @Test func equalityIgnoresTheSourceName() throws {
        let one = try Configuration.parse(yaml: "exclude: [a]", source: "one.yml", baseDirectory: "")
        let two = try Configuration.parse(yaml: "exclude: [a]", source: "two.yml", baseDirectory: "")
        #expect(one == two)
        #expect(one == Configuration(exclude: ["a"]))
    }

    @Test func unsupportedVersion() {
        #expect(
            parseError("version: 2")
                == ".keychain-lint.yml: unsupported configuration version 2 (this keychain-lint reads version 1)")
        // The version is checked before the keys: a newer file may have keys this version does not know.
        #expect(
            parseError("version: 3\nbaseline: old.json")
                == ".keychain-lint.yml: unsupported configuration version 3 (this keychain-lint reads version 1)")
        #expect(parseError("version: one") == ".keychain-lint.yml: version: expected an integer, got 'one'")
    }

    @Test func unknownTopLevelKey() {
        #expect(
            parseError("exclued:\n  - Vendor/**")
                == ".keychain-lint.yml: unknown key 'exclued' (expected one of: version, exclude, includeTests, rules, models)")
    }

    @Test func topLevelMustBeAMapping() {
        #expect(
            parseError("- Vendor/**")
                == ".keychain-lint.yml: the top level must be a mapping with the keys version, exclude, includeTests, rules, models; got a list")
        #expect(
            parseError("just some text")
                == ".keychain-lint.yml: the top level must be a mapping with the keys version, exclude, includeTests, rules, models; got the value 'just some text'")
    }

    @Test func typeMismatchesNameTheKeyPath() {
        #expect(
            parseError("exclude: Vendor/**")
                == ".keychain-lint.yml: exclude: expected a list of strings, got 'Vendor/**'")
        #expect(
            parseError("exclude:\n  Vendor: yes")
                == ".keychain-lint.yml: exclude: expected a list of strings, got a mapping")
        #expect(
            parseError("exclude:\n  - Vendor/**\n  - {a: b}")
                == ".keychain-lint.yml: exclude[1]: expected a string, got a mapping")
        #expect(
            parseError("rules: [swift.weak_biometric_acl]")
                == ".keychain-lint.yml: rules: expected a mapping of rule ids to settings")
        #expect(
            parseError("rules:\n  swift.weak_biometric_acl: off")
                == ".keychain-lint.yml: rules.swift.weak_biometric_acl: expected a mapping of settings (enabled, severity or the rule's options)")
        #expect(
            parseError("rules:\n  swift.weak_biometric_acl:\n    enabled: maybe")
                == ".keychain-lint.yml: rules.swift.weak_biometric_acl.enabled: expected true or false, got 'maybe'")
        #expect(
            parseError("rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: {a: b}")
                == ".keychain-lint.yml: rules.swift.weak_biometric_acl.weakBiometricFlags: expected a string, a number, a boolean or a list, got a mapping")
    }

    @Test func severityTypo() {
        #expect(
            parseError("rules:\n  swift.weak_biometric_acl:\n    severity: hgih")
                == ".keychain-lint.yml: rules.swift.weak_biometric_acl.severity: expected one of critical, high, medium, low, info, got 'hgih'")
        #expect(
            parseError("rules:\n  swift.weak_biometric_acl:\n    severity: [high]")
                == ".keychain-lint.yml: rules.swift.weak_biometric_acl.severity: expected one of critical, high, medium, low, info, got a list")
    }

    @Test func invalidYAMLIsOneLineWithALineNumber() throws {
        let error = try #require(parseError("exclude:\n  - Vendor/**\n rules: [a"))
        #expect(error.hasPrefix(".keychain-lint.yml: invalid YAML: line "))
        #expect(!error.contains("\n"))
        #expect(
            parseError("exclude: [a, b\n")
                == ".keychain-lint.yml: invalid YAML: line 2, column 1: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 10)")
        #expect(
            parseError("key: value: other")
                == ".keychain-lint.yml: invalid YAML: line 1, column 11: mapping values are not allowed in this context")
    }

    @Test func oneDocumentAndPlainKeysOnly() {
        #expect(
            parseError("exclude: [a]\n---\nexclude: [b]")
                == ".keychain-lint.yml: invalid YAML: line 2, column 1: expected a single document in the stream, but found another document")
        #expect(
            parseError("rules:\n  ? [swift.weak_biometric_acl]\n  : {enabled: false}")
                == ".keychain-lint.yml: invalid key at line 2, column 5: keys must be plain names, not lists or mappings")
    }

    @Test func duplicateKeysAreInvalidYAML() throws {
        let error = try #require(parseError("exclude: [a]\nexclude: [b]"))
        #expect(error.hasPrefix(".keychain-lint.yml: invalid YAML: line "))
        #expect(error.contains("duplicate key 'exclude'"))
        #expect(!error.contains("\n"))
    }

    @Test func errorsNameTheSourceGiven() {
        #expect(
            message { _ = try Configuration.parse(yaml: "version: 2", source: "ci/lint.yml", baseDirectory: "ci") }
                == "ci/lint.yml: unsupported configuration version 2 (this keychain-lint reads version 1)")
        #expect(
            message {
                try Configuration.parse(yaml: "rules:\n  swift.nope: {}", source: "ci/lint.yml", baseDirectory: "ci")
                    .validate(against: FakeRules.all)
            }
                == "ci/lint.yml: unknown rule 'swift.nope' in rules (known rules: swift.insecure_accessibility, swift.weak_biometric_acl)")
    }
}

@Suite struct ConfigurationValidationTests {
    @Test func unknownRule() {
        #expect(
            validationError("rules:\n  swift.weak_biometrik_acl:\n    enabled: false")
                == ".keychain-lint.yml: unknown rule 'swift.weak_biometrik_acl' in rules (known rules: swift.insecure_accessibility, swift.weak_biometric_acl)")
    }

    @Test func unknownOption() {
        #expect(
            validationError("rules:\n  swift.weak_biometric_acl:\n    weakFlags: [biometryAny]")
                == ".keychain-lint.yml: unknown option 'weakFlags' for rule swift.weak_biometric_acl (expected one of: enabled, severity, weakBiometricFlags)")
    }

    @Test func unknownNameInANameList() {
        #expect(
            validationError("rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: [biometryAny, biometryAll]")
                == ".keychain-lint.yml: unknown value 'biometryAll' in rules.swift.weak_biometric_acl.weakBiometricFlags (allowed: biometryAny, touchIDAny, userPresence, devicePasscode)")
    }

    @Test func wrongOptionType() {
        #expect(
            validationError("rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: biometryAny")
                == ".keychain-lint.yml: rules.swift.weak_biometric_acl.weakBiometricFlags: expected a list of names, got 'biometryAny'")
        #expect(
            validationError("rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: [biometryAny, 3]")
                == ".keychain-lint.yml: rules.swift.weak_biometric_acl.weakBiometricFlags: expected a list of names, but 3 is not a name")
        #expect(
            validationError("rules:\n  swift.insecure_accessibility:\n    maxDepth: deep")
                == ".keychain-lint.yml: rules.swift.insecure_accessibility.maxDepth: expected an integer, got 'deep'")
        #expect(
            validationError("rules:\n  swift.insecure_accessibility:\n    maxDepth: [1]")
                == ".keychain-lint.yml: rules.swift.insecure_accessibility.maxDepth: expected an integer, got a list")
    }

    @Test func integerOutsideItsRange() {
        #expect(
            validationError("rules:\n  swift.insecure_accessibility:\n    maxDepth: 11")
                == ".keychain-lint.yml: rules.swift.insecure_accessibility.maxDepth: expected an integer from 1 to 10, got 11")
        #expect(
            validationError("rules:\n  swift.insecure_accessibility:\n    maxDepth: 0")
                == ".keychain-lint.yml: rules.swift.insecure_accessibility.maxDepth: expected an integer from 1 to 10, got 0")
        #expect(validationError("rules:\n  swift.insecure_accessibility:\n    maxDepth: 10") == nil)
    }

    @Test func validConfigurationsPass() {
        #expect(validationError("") == nil)
        #expect(validationError("rules:\n  swift.weak_biometric_acl:\n    weakBiometricFlags: []") == nil)
        #expect(
            validationError(
                """
                rules:
                  swift.weak_biometric_acl: {enabled: false}
                  swift.insecure_accessibility: {severity: critical, maxDepth: 5}
                """) == nil)
    }

    @Test func firstErrorIsStable() {
        // Rules are checked in id order, options in key order.
        #expect(
            validationError(
                """
                rules:
                  swift.zzz: {}
                  swift.aaa: {}
                """)
                == ".keychain-lint.yml: unknown rule 'swift.aaa' in rules (known rules: swift.insecure_accessibility, swift.weak_biometric_acl)")
    }
}

@Suite struct ConfigurationEffectiveSettingsTests {
    @Test func defaultsComeFromTheRule() {
        let configuration = Configuration.default
        #expect(configuration.isEnabled(FakeRules.weakACL))
        #expect(configuration.severity(for: FakeRules.weakACL) == .high)
        #expect(configuration.severity(for: FakeRules.accessibility) == .medium)
        #expect(configuration.options(for: FakeRules.weakACL) == ["weakBiometricFlags": ["biometryAny", "touchIDAny"]])
        #expect(configuration.options(for: FakeRules.accessibility) == ["maxDepth": 3])
    }

    @Test func fileOverridesDefaults() throws {
        let configuration = try parse(
            """
            rules:
              swift.weak_biometric_acl:
                enabled: false
                severity: critical
                weakBiometricFlags: [userPresence]
              swift.insecure_accessibility:
                severity: low
            """)
        #expect(!configuration.isEnabled(FakeRules.weakACL))
        #expect(configuration.severity(for: FakeRules.weakACL) == .critical)
        #expect(configuration.options(for: FakeRules.weakACL) == ["weakBiometricFlags": ["userPresence"]])
        #expect(configuration.isEnabled(FakeRules.accessibility))
        #expect(configuration.severity(for: FakeRules.accessibility) == .low)
        #expect(configuration.options(for: FakeRules.accessibility) == ["maxDepth": 3])
    }

    @Test func enabledAcceptsYAMLBooleans() throws {
        let configuration = try parse("rules:\n  swift.weak_biometric_acl:\n    enabled: no")
        #expect(!configuration.isEnabled(FakeRules.weakACL))
    }

    @Test func programmaticConfiguration() {
        let configuration = Configuration(
            rules: ["swift.insecure_accessibility": RuleSettings(enabled: nil, severity: .info, options: ["maxDepth": 7])])
        #expect(configuration.severity(for: FakeRules.accessibility) == .info)
        #expect(configuration.options(for: FakeRules.accessibility) == ["maxDepth": 7])
        #expect(configuration.isEnabled(FakeRules.accessibility))
    }
}

@Suite struct ConfigurationLoadingTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("keychain-lint-config-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func loadsAFileRelativeToItsDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(Configuration.fileName)
        try "exclude: [\"Vendor/**\"]\n".write(to: file, atomically: true, encoding: .utf8)
        let configuration = try Configuration.load(path: file.path)
        #expect(configuration.exclude == ["Vendor/**"])
        #expect(configuration.baseDirectory == directory.path)
    }

    @Test func loadErrorsNameTheFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(Configuration.fileName)
        try "version: 2\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(
            message { _ = try Configuration.load(path: file.path) }
                == "\(file.path): unsupported configuration version 2 (this keychain-lint reads version 1)")
        try "rules:\n  swift.unknown: {}\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(
            message { try Configuration.load(path: file.path).validate(against: FakeRules.all) }
                == "\(file.path): unknown rule 'swift.unknown' in rules (known rules: swift.insecure_accessibility, swift.weak_biometric_acl)")
    }

    @Test func missingOrUnreadableFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.yml").path
        #expect(
            message { _ = try Configuration.load(path: missing) }
                == "cannot read configuration file '\(missing)': no such file or directory")
        #expect(
            message { _ = try Configuration.load(path: directory.path) }
                == "cannot read configuration file '\(directory.path)': is a directory")
        let binary = directory.appendingPathComponent("binary.yml")
        try Data([0x76, 0x3A, 0xFF, 0xFE, 0x0A]).write(to: binary)
        #expect(
            message { _ = try Configuration.load(path: binary.path) }
                == "cannot read configuration file '\(binary.path)': not valid UTF-8 text")
    }

    @Test func onlyRegularFilesOfAtMostOneMegabyte() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A FIFO blocked the read forever; /dev/zero was read until memory ran out.
        let fifo = directory.appendingPathComponent("fifo.yml").path
        try #require(mkfifo(fifo, 0o644) == 0)
        #expect(
            message { _ = try Configuration.load(path: fifo) }
                == "cannot read configuration file '\(fifo)': not a regular file (a FIFO)")
        #expect(
            message { _ = try Configuration.load(path: "/dev/zero") }
                == "cannot read configuration file '/dev/zero': not a regular file (a character device)")
        let large = directory.appendingPathComponent("large.yml")
        try Data(repeating: 0x23, count: Configuration.maximumFileSize + 1).write(to: large)
        #expect(
            message { _ = try Configuration.load(path: large.path) }
                == "cannot read configuration file '\(large.path)': larger than 1 MB (1048577 bytes)")
        let limit = directory.appendingPathComponent("limit.yml")
        try Data(repeating: 0x23, count: Configuration.maximumFileSize).write(to: limit)
        #expect(try Configuration.load(path: limit.path) == Configuration(baseDirectory: directory.path))
    }

    @Test(.timeLimit(.minutes(1)))
    func aliasesAndMergeKeysExpandingTooFar() throws {
        let expected =
            ".keychain-lint.yml: the configuration expands to more than 10000 values through aliases (*name) or merge keys (<<); a keychain-lint configuration needs far fewer"
        // Ten levels of ten aliases: 10^9 values from 568 bytes.
        let bomb = "a0: &a0 [\"lol\"]\n" + (1...9).map { level in
            "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }.joined()
        #expect(message { _ = try parse(bomb) } == expected)
        // As a mapping key, hashed while Yams composes the mapping.
        #expect(message { _ = try parse(bomb + "? *a9\n: 1\n") } == expected)
        // Merge keys: each level merges the one below twice.
        let merges = "b0: &b0 {x: 1}\n" + (1...24).map { "b\($0): &b\($0) {<<: [*b\($0 - 1), *b\($0 - 1)], k\($0): 1}\n" }.joined()
        #expect(message { _ = try parse(merges) } == expected)
        // Just under the limit (9,971 values), aliases are fine: the usual checks follow.
        let items = Array(repeating: "x", count: 3_320).joined(separator: ", ")
        let fits = "version: 1\nx: &e [\(items)]\nrules: {a: *e, b: *e}\n"
        #expect(message { _ = try parse(fits) } == ".keychain-lint.yml: unknown key 'x' (expected one of: version, exclude, includeTests, rules, models)")
        let over = "version: 1\nx: &e [\(items), y]\nrules: {a: *e, b: *e, c: *e}\n"
        #expect(message { _ = try parse(over) } == expected)
    }

    @Test func atMostAThousandExcludePatterns() throws {
        let thousand = (0..<1_000).map { "\"Vendor\($0)/**\"" }.joined(separator: ", ")
        #expect(try parse("exclude: [\(thousand)]\n").exclude.count == 1_000)
        #expect(
            message { _ = try parse("exclude: [\(thousand), \"One/**\"]\n") }
                == ".keychain-lint.yml: exclude: at most 1000 patterns, found 1001")
    }

    @Test func emptyFileLoadsAsDefaults() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(Configuration.fileName)
        try Data().write(to: file)
        #expect(try Configuration.load(path: file.path) == Configuration(baseDirectory: directory.path))
    }
}

@Suite struct ConfigurationCombiningTests {
    private func parse(_ yaml: String) throws -> Configuration {
        try Configuration.parse(yaml: yaml, source: ".keychain-lint.yml", baseDirectory: "")
    }

    @Test func recordsTheKeysTheFileSets() throws {
        #expect(try parse("").keysSet == [])
        #expect(try parse("includeTests: false").keysSet == [.includeTests])
        #expect(try parse("includeTests:").keysSet == [])
        #expect(try parse("version: 1\nexclude: [a]").keysSet == [.version, .exclude])
        let rules = try parse("rules:\n  swift.weak_biometric_acl:\n    severity: low\n")
        #expect(rules.keysSet == [.rules])
        #expect(rules.rules == ["swift.weak_biometric_acl": RuleSettings(enabled: nil, severity: .low)])
        #expect(try parse("includeTests: false") != Configuration())
    }

    @Test func innerKeysWinOthersAreInherited() throws {
        let outer = try parse("""
            includeTests: true
            exclude: [Vendor]
            rules:
              swift.weak_biometric_acl:
                enabled: false
                severity: low
                weakBiometricFlags: [biometryAny]
              swift.insecure_accessibility:
                severity: info
            """)
        let inner = try parse("""
            exclude: [Old]
            rules:
              swift.weak_biometric_acl:
                enabled: true
                weakBiometricFlags: [userPresence]
            """)
        let combined = outer.overridden(by: inner)
        #expect(combined.includeTests == true)
        #expect(combined.exclude == ["Vendor"])
        #expect(combined.rules == [
            "swift.weak_biometric_acl": RuleSettings(
                enabled: true, severity: .low, options: ["weakBiometricFlags": .list([.string("userPresence")])]),
            "swift.insecure_accessibility": RuleSettings(severity: .info),
        ])
        #expect(outer.overridden(by: try parse("includeTests: false")).includeTests == false)
        #expect(outer.overridden(by: Configuration()) == outer)
    }
}

/// A check is configured once: any spelling of it (the check id, or its rule's id in any language)
/// applies to its rule in every language.
@Suite struct CheckSpellingTests {
    @Test("disabling the Swift spelling disables the Objective-C rule of the same check, and the other way round")
    func disablingAppliesToEveryLanguage() throws {
        for spelling in ["swift.weak_biometric_acl", "objc.weak_biometric_acl", "weak_biometric_acl"] {
            let configuration = try parse("rules:\n  \(spelling):\n    enabled: false\n")
            try configuration.validate(against: FakeRules.bothLanguages)
            #expect(!configuration.isEnabled(FakeRules.weakACL), "\(spelling)")
            #expect(!configuration.isEnabled(FakeRules.objcWeakACL), "\(spelling)")
            #expect(configuration.isEnabled(FakeRules.accessibility), "\(spelling)")
        }
    }

    @Test("severity and options set under one spelling reach both languages' rules")
    func severityAndOptions() throws {
        let configuration = try parse(
            """
            rules:
              weak_biometric_acl:
                severity: low
                weakBiometricFlags: [userPresence]
            """)
        try configuration.validate(against: FakeRules.bothLanguages)
        for rule in [FakeRules.weakACL, FakeRules.objcWeakACL] {
            #expect(configuration.severity(for: rule) == .low, "\(rule.id)")
            #expect(configuration.options(for: rule) == ["weakBiometricFlags": ["userPresence"]], "\(rule.id)")
        }
    }

    @Test("two spellings that agree are accepted; two that disagree are an error naming both keys")
    func disagreeingSpellings() throws {
        let agreeing = try parse("rules:\n  swift.weak_biometric_acl: {enabled: false}\n  objc.weak_biometric_acl: {enabled: false}\n")
        try agreeing.validate(against: FakeRules.bothLanguages)
        #expect(!agreeing.isEnabled(FakeRules.objcWeakACL))
        let error = message {
            try parse("rules:\n  swift.weak_biometric_acl: {severity: high}\n  objc.weak_biometric_acl: {severity: low}\n")
                .validate(against: FakeRules.bothLanguages)
        }
        #expect(
            error
                == ".keychain-lint.yml: rules.objc.weak_biometric_acl.severity and rules.swift.weak_biometric_acl.severity disagree, but both set the check weak_biometric_acl, which applies to every language: keep one (for example rules.weak_biometric_acl.severity)"
        )
    }

    @Test("an unknown check is still an unknown rule")
    func unknownCheck() {
        #expect(message { try parse("rules:\n  weak_biometrics: {enabled: false}\n").validate(against: FakeRules.bothLanguages) }?
            .hasPrefix(".keychain-lint.yml: unknown rule 'weak_biometrics' in rules") == true)
    }

    @Test("a nested configuration's Objective-C spelling overrides the Swift spelling above it")
    func nestedSpellings() throws {
        let outer = try parse("rules:\n  swift.weak_biometric_acl: {severity: high, enabled: false}\n")
        let inner = try parse("rules:\n  objc.weak_biometric_acl: {enabled: true}\n")
        let combined = outer.overridden(by: inner)
        for rule in [FakeRules.weakACL, FakeRules.objcWeakACL] {
            #expect(combined.isEnabled(rule), "\(rule.id)")
            #expect(combined.severity(for: rule) == .high, "\(rule.id)")
        }
    }
}
