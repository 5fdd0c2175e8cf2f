import Foundation
import Yams

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `.keychain-lint.yml` file, typed and versioned.
///
/// ```yaml
/// version: 1
/// exclude:
///   - "Vendor/**"
/// includeTests: false
/// rules:
///   swift.weak_biometric_acl:
///     enabled: true
///     severity: high
///     weakBiometricFlags: [biometryAny, touchIDAny, userPresence]
/// ```
///
/// Every error is one line that names the file and the key path.
public struct Configuration: Sendable, Equatable {
    public static let currentVersion = 1
    public static let fileName = ".keychain-lint.yml"
    /// A configuration file larger than this is an error: real ones are a few hundred bytes.
    public static let maximumFileSize = 1024 * 1024
    /// Keys, values and list items a configuration may hold once its aliases and merge keys are
    /// expanded; a real one holds a few dozen.
    public static let maximumExpandedValues = 10_000
    /// Exclude globs a configuration may list: each is matched against every file and folder of
    /// the scan, so their number multiplies the work of discovery. A real list holds a few dozen.
    public static let maximumExcludePatterns = 1_000

    public var version: Int
    /// Globs, relative to `baseDirectory`.
    public var exclude: [String]
    /// What the file says about `includeTests`: nil when it does not set the key, so that a nested
    /// configuration that does not mention it keeps the value of the one above it.
    public var includeTestsSetting: Bool?
    /// Report findings in test code too (`--include-tests` sets it as well); false unless set.
    public var includeTests: Bool {
        get { includeTestsSetting ?? false }
        set { includeTestsSetting = newValue }
    }
    /// Rule id → settings, exactly as written in the file (validated by `validate(against:)`). A
    /// key may name a check (`weak_biometric_acl`) or its rule in one language
    /// (`swift.weak_biometric_acl`): either way the settings apply to the check in every language
    /// (see `settings(for:)`).
    public var rules: [String: RuleSettings]
    /// Directory the exclude globs are relative to ("" = current directory). Not decoded from YAML.
    public var baseDirectory: String
    /// Models of in-house Keychain wrappers declared under `models:`, in the format of the built-in
    /// ones; loaded and checked by the scanner, which names the key of any mistake.
    public var models: [DeclaredWrapperModel] = []
    /// File name used in the messages of `validate(against:)`; set by `parse`/`load`.
    /// Not part of equality: two configurations with the same content are equal wherever they came from.
    var sourceName: String = Configuration.fileName

    public init(
        version: Int = 1, exclude: [String] = [], includeTests: Bool? = nil, rules: [String: RuleSettings] = [:],
        baseDirectory: String = ""
    ) {
        self.version = version
        self.exclude = exclude
        self.includeTestsSetting = includeTests
        self.rules = rules
        self.baseDirectory = baseDirectory
    }

    public static let `default` = Configuration()

    /// The name used in messages about this configuration (the file as the scan spells it).
    public var source: String { sourceName }

    /// The top-level keys of the file, as `keys(set:)` reports them.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        case version, exclude, includeTests, rules
    }

    /// Which top-level keys this configuration sets (a key written with no value sets nothing).
    /// Per rule, `RuleSettings` records the same: `enabled` and `severity` are nil unless set, and
    /// `options` holds only the options the file writes.
    public var keysSet: Set<Key> {
        var keys: Set<Key> = []
        if versionSet { keys.insert(.version) }
        if !exclude.isEmpty { keys.insert(.exclude) }
        if includeTestsSetting != nil { keys.insert(.includeTests) }
        if !rules.isEmpty { keys.insert(.rules) }
        return keys
    }

    /// Whether the file writes `version:` with a value (not part of equality: it must be 1).
    var versionSet = false

    // MARK: Combining

    /// This configuration with `inner`'s settings over it, as a `.keychain-lint.yml` in a folder
    /// below applies over one above: each key `inner` sets wins (`includeTests`; per rule
    /// `enabled`, `severity` and each option), every other key keeps this configuration's value.
    /// `exclude` is not combined: each file's patterns stay relative to its own folder and the
    /// caller applies every file's patterns (see `ConfigurationTree`); the result keeps these.
    public func overridden(by inner: Configuration) -> Configuration {
        var result = self
        if let includeTests = inner.includeTestsSetting { result.includeTestsSetting = includeTests }
        for (id, innerSettings) in inner.rules.sorted(by: { $0.key < $1.key }) {
            // `objc.x` below overrides `swift.x` (or `x`) above: all name one check, whose
            // settings are gathered under the inner spelling first.
            result.rules[id] = result.removeSettings(ofCheck: RuleIds.check(of: id)).combined(with: innerSettings)
        }
        return result
    }

    public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
        lhs.version == rhs.version && lhs.exclude == rhs.exclude && lhs.includeTestsSetting == rhs.includeTestsSetting
            && lhs.rules == rhs.rules
            && lhs.baseDirectory == rhs.baseDirectory && lhs.models == rhs.models
    }

    // MARK: Loading

    /// Reads and decodes a file; errors name the file (as `path` spells it). The exclude globs are
    /// relative to the directory holding the file.
    public static func load(path: String) throws -> Configuration {
        let data: Data
        do {
            data = try readFile(path)
        } catch let reason as ReadFailure {
            throw ConfigurationError("cannot read configuration file '\(path)': \(reason.message)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError("cannot read configuration file '\(path)': not valid UTF-8 text")
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try parse(yaml: text, source: path, baseDirectory: directory)
    }

    /// Decodes YAML text; `source` is the file name used in error messages.
    public static func parse(yaml: String, source: String, baseDirectory: String) throws -> Configuration {
        // Aliases share their node, so a few hundred bytes can stand for billions of values, and
        // merge keys copy whole mappings: composing (which hashes mapping keys), checking and
        // decoding would each walk all of them. Count them first, on the parser's events.
        if !YAMLSize.fits(yaml, limit: maximumExpandedValues) {
            throw ConfigurationError(
                "\(source): the configuration expands to more than \(maximumExpandedValues) values through aliases (*name) or merge keys (<<); a keychain-lint configuration needs far fewer")
        }
        let root: Node?
        do {
            // Like YAMLDecoder: only merge keys are resolved at parse time; types come from decoding.
            root = try Yams.compose(yaml: yaml, Resolver.basic.appending(.merge))
        } catch let error as YamlError {
            throw ConfigurationError("\(source): invalid YAML: \(describe(error, in: yaml))")
        } catch {
            throw ConfigurationError("\(source): invalid YAML: \(oneLine(String(describing: error)))")
        }

        var configuration: Configuration
        var models: [DeclaredWrapperModel] = []
        if var root, root.null == nil {
            guard case .mapping = root else {
                throw ConfigurationError(
                    "\(source): the top level must be a mapping with the keys version, exclude, includeTests, rules, models; got \(describe(root))")
            }
            if let mark = firstComplexKey(in: root) {
                throw ConfigurationError(
                    "\(source): invalid key at line \(mark.line), column \(mark.column): keys must be plain names, not lists or mappings")
            }
            // Models are checked by the scanner, which knows the model format: kept as YAML text.
            if case .mapping(var mapping) = root, let declared = mapping["models"] {
                guard case .sequence(let list) = declared else {
                    throw ConfigurationError("\(source): models: expected a list of wrapper models, got \(describe(declared))")
                }
                for (index, model) in list.enumerated() {
                    models.append(DeclaredWrapperModel(source: source, index: index, yaml: try Yams.serialize(node: model)))
                }
                mapping["models"] = nil
                root = .mapping(mapping)
            }
            do {
                configuration = try YAMLDecoder().decode(ConfigurationFile.self, from: root).configuration
            } catch let issue as ConfigurationIssue {
                throw ConfigurationError("\(source): \(issue.message)")
            } catch let error as DecodingError {
                throw ConfigurationError("\(source): \(describe(error))")
            } catch let error as YamlError {
                throw ConfigurationError("\(source): invalid YAML: \(describe(error, in: yaml))")
            }
        } else {
            // An empty file (or one holding only comments) means the defaults.
            configuration = Configuration()
        }
        configuration.baseDirectory = baseDirectory
        configuration.sourceName = source
        configuration.models = models
        return configuration
    }

    // MARK: Validation

    /// Checks rule ids and options against the known rules: unknown rule id, unknown option key,
    /// wrong option type, a name not in a `.nameList(allowed:)`, an integer outside its range.
    /// Rules are checked in id order and options in key order, so the first error is stable.
    public func validate(against rules: [RuleDescription]) throws {
        let known = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A check's rules in every language, by check id: a key may name the check or any of them.
        let byCheck = Dictionary(grouping: rules, by: \.checkId)
        for id in self.rules.keys.sorted() {
            guard let checkRules = known[id].map({ byCheck[$0.checkId] ?? [$0] }) ?? byCheck[id] else {
                let list = known.keys.sorted().joined(separator: ", ")
                throw ConfigurationError("\(sourceName): unknown rule '\(id)' in rules (known rules: \(list))")
            }
            let settings = self.rules[id]!
            // One check is configured once: two of its spellings (`swift.x` and `objc.x`, or `x`)
            // may both appear, but must not disagree.
            for other in self.rules.keys.sorted() where other < id && RuleIds.check(of: other) == RuleIds.check(of: id) {
                if let key = self.rules[other]!.firstDisagreement(with: settings) {
                    throw ConfigurationError(
                        "\(sourceName): rules.\(other).\(key) and rules.\(id).\(key) disagree, but both set the check \(RuleIds.check(of: id)), which applies to every language: keep one (for example rules.\(RuleIds.check(of: id)).\(key))")
                }
            }
            // An option of the check in any language (the languages' rules mostly take the same).
            var optionSpecs: [RuleOptionSpec] = []
            for spec in checkRules.flatMap(\.options) where !optionSpecs.contains(where: { $0.name == spec.name }) {
                optionSpecs.append(spec)
            }
            let specs = Dictionary(optionSpecs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for key in settings.options.keys.sorted() {
                let value = settings.options[key]!
                guard let spec = specs[key] else {
                    let expected = (RuleSettings.reservedKeys + optionSpecs.map(\.name)).joined(separator: ", ")
                    throw ConfigurationError(
                        "\(sourceName): unknown option '\(key)' for rule \(id) (expected one of: \(expected))")
                }
                let path = "rules.\(id).\(key)"
                switch spec.kind {
                case .nameList(let allowed):
                    guard case .list(let items) = value else {
                        throw ConfigurationError("\(sourceName): \(path): expected a list of names, got \(describe(value))")
                    }
                    guard let names = value.stringList else {
                        let item = items.first { if case .string = $0 { false } else { true } }!
                        throw ConfigurationError(
                            "\(sourceName): \(path): expected a list of names, but \(describe(item)) is not a name")
                    }
                    if let unknown = names.first(where: { !allowed.contains($0) }) {
                        throw ConfigurationError(
                            "\(sourceName): unknown value '\(unknown)' in \(path) (allowed: \(allowed.joined(separator: ", ")))")
                    }
                case .integer(let range):
                    guard let number = value.integer else {
                        throw ConfigurationError("\(sourceName): \(path): expected an integer, got \(describe(value))")
                    }
                    guard range.contains(number) else {
                        throw ConfigurationError(
                            "\(sourceName): \(path): expected an integer from \(range.lowerBound) to \(range.upperBound), got \(number)")
                    }
                }
            }
        }
    }

    // MARK: Effective settings

    /// Takes out every spelling of `check` and returns what they set together, so that a caller
    /// can write the check back under one key (settings of a nested file, the command line's).
    public mutating func removeSettings(ofCheck check: String) -> RuleSettings {
        var settings = RuleSettings()
        for key in rules.keys.sorted() where RuleIds.check(of: key) == check {
            settings = settings.combined(with: rules.removeValue(forKey: key)!)
        }
        return settings
    }

    /// What the file sets for a rule's check, under any of its spellings (nil: nothing).
    /// `validate(against:)` rejects spellings of one check that disagree, so the order in which
    /// they are combined decides nothing.
    public func settings(for rule: RuleDescription) -> RuleSettings? {
        let check = rule.checkId
        var combined: RuleSettings?
        for (key, settings) in rules.sorted(by: { $0.key < $1.key }) where RuleIds.check(of: key) == check {
            combined = (combined ?? RuleSettings()).combined(with: settings)
        }
        return combined
    }

    /// Effective options of one rule: the rule's defaults (RuleOptionSpec.defaultValue) overridden by the file.
    public func options(for rule: RuleDescription) -> [String: ConfigValue] {
        var result: [String: ConfigValue] = [:]
        for spec in rule.options { result[spec.name] = spec.defaultValue }
        if let settings = settings(for: rule) {
            // Only the rule's own options: the same check may take more in another language.
            let known = Set(rule.options.map(\.name))
            result.merge(settings.options.filter { known.contains($0.key) }) { _, fromFile in fromFile }
        }
        return result
    }

    /// Whether the rule runs; rules are enabled unless the file says `enabled: false`.
    public func isEnabled(_ rule: RuleDescription) -> Bool {
        settings(for: rule)?.enabled ?? true
    }

    /// The severity findings of the rule are reported with: the file's, else the rule's own.
    public func severity(for rule: RuleDescription) -> Severity {
        settings(for: rule)?.severity ?? rule.severity
    }
}

/// One entry of `models:`: the YAML text of a wrapper model and where it was declared.
public struct DeclaredWrapperModel: Sendable, Hashable {
    /// The configuration file, as its messages name it.
    public var source: String
    /// Its position under `models:`.
    public var index: Int
    public var yaml: String

    public init(source: String, index: Int, yaml: String) {
        self.source = source
        self.index = index
        self.yaml = yaml
    }
}

/// The settings of one rule in `rules:`.
public struct RuleSettings: Sendable, Equatable, Decodable {
    /// Keys every rule accepts; any other key is a rule option.
    static let reservedKeys = ["enabled", "severity"]

    /// These settings with `other`'s over them, key by key.
    func combined(with other: RuleSettings) -> RuleSettings {
        var result = self
        if let enabled = other.enabled { result.enabled = enabled }
        if let severity = other.severity { result.severity = severity }
        result.options.merge(other.options) { _, fromOther in fromOther }
        return result
    }

    /// The first key both set to different values (`enabled`, `severity` or an option), for the
    /// error that two spellings of one check disagree.
    func firstDisagreement(with other: RuleSettings) -> String? {
        if let mine = enabled, let theirs = other.enabled, mine != theirs { return "enabled" }
        if let mine = severity, let theirs = other.severity, mine != theirs { return "severity" }
        return options.keys.sorted().first { key in other.options[key].map { $0 != options[key]! } ?? false }
    }

    public var enabled: Bool?
    public var severity: Severity?
    /// Every other key of the rule's mapping (validated later against the rule's option specs).
    public var options: [String: ConfigValue]

    public init(enabled: Bool? = nil, severity: Severity? = nil, options: [String: ConfigValue] = [:]) {
        self.enabled = enabled
        self.severity = severity
        self.options = options
    }

    public init(from decoder: Decoder) throws {
        let path = dottedPath(decoder.codingPath)
        let container: KeyedDecodingContainer<AnyCodingKey>
        do {
            container = try decoder.container(keyedBy: AnyCodingKey.self)
        } catch is DecodingError {
            throw ConfigurationIssue(
                "\(path): expected a mapping of settings (enabled, severity or the rule's options)")
        }
        var enabled: Bool?
        var severity: Severity?
        var options: [String: ConfigValue] = [:]
        for key in container.allKeys {
            switch key.stringValue {
            case "enabled":
                enabled = try container.decodeOptional(Bool.self, forKey: key, expected: "expected true or false")
            case "severity":
                let names = Severity.allCases.reversed().map(\.rawValue)
                let expected = "expected one of \(names.joined(separator: ", "))"
                if let text = try container.decodeOptional(String.self, forKey: key, expected: expected) {
                    guard let value = Severity(rawValue: text) else {
                        throw ConfigurationIssue("\(path).severity: \(expected), got '\(text)'")
                    }
                    severity = value
                }
            default:
                if let value = try container.decodeOptional(
                    ConfigValue.self, forKey: key, expected: "expected a string, a number, a boolean or a list")
                {
                    options[key.stringValue] = value
                }
            }
        }
        self.init(enabled: enabled, severity: severity, options: options)
    }
}

/// A problem with the configuration file, as one line that names the file.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

// MARK: - Decoding

/// The top level of the file, decoded strictly.
private struct ConfigurationFile: Decodable {
    static let keys = ["version", "exclude", "includeTests", "rules", "models"]

    var configuration: Configuration

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        // The version comes first: a newer file may use keys this version does not know.
        var version = Configuration.currentVersion
        var versionSet = false
        if let key = AnyCodingKey("version"), container.contains(key),
            let value = try container.decodeOptional(Int.self, forKey: key, expected: "expected an integer")
        {
            version = value
            versionSet = true
        }
        guard version == Configuration.currentVersion else {
            throw ConfigurationIssue(
                "unsupported configuration version \(version) (this keychain-lint reads version \(Configuration.currentVersion))")
        }
        for key in container.allKeys where !Self.keys.contains(key.stringValue) {
            throw ConfigurationIssue(
                "unknown key '\(key.stringValue)' (expected one of: \(Self.keys.joined(separator: ", ")))")
        }
        var exclude: [String] = []
        if let key = AnyCodingKey("exclude"), container.contains(key) {
            exclude = try container.decodeOptional(
                [String].self, forKey: key, expected: "expected a list of strings", itemExpected: "expected a string") ?? []
            if exclude.count > Configuration.maximumExcludePatterns {
                throw ConfigurationIssue(
                    "exclude: at most \(Configuration.maximumExcludePatterns) patterns, found \(exclude.count)")
            }
        }
        var includeTests: Bool?
        if let key = AnyCodingKey("includeTests"), container.contains(key) {
            includeTests = try container.decodeOptional(Bool.self, forKey: key, expected: "expected true or false")
        }
        var rules: [String: RuleSettings] = [:]
        if let key = AnyCodingKey("rules"), container.contains(key), !(try container.decodeNil(forKey: key)) {
            let nested: KeyedDecodingContainer<AnyCodingKey>
            do {
                nested = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
            } catch is DecodingError {
                throw ConfigurationIssue("rules: expected a mapping of rule ids to settings")
            }
            for ruleKey in nested.allKeys {
                if try nested.decodeNil(forKey: ruleKey) {
                    // `swift.rule:` with nothing under it: no settings.
                    rules[ruleKey.stringValue] = RuleSettings()
                } else {
                    rules[ruleKey.stringValue] = try nested.decode(RuleSettings.self, forKey: ruleKey)
                }
            }
        }
        configuration = Configuration(version: version, exclude: exclude, includeTests: includeTests, rules: rules)
        configuration.versionSet = versionSet
    }
}

/// A mapping key of any spelling (rule ids contain dots: they are plain keys).
private struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init?(_ string: String) { self.init(stringValue: string) }
    init?(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A decoding problem already phrased for the user, without the file name.
private struct ConfigurationIssue: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Decodes `key`; `null` (`key:` with nothing after it) is `nil`. A type mismatch becomes
    /// `PATH: EXPECTED` with the dotted key path.
    fileprivate func decodeOptional<T: Decodable>(
        _ type: T.Type, forKey key: Key, expected: String, itemExpected: String? = nil
    ) throws -> T? {
        if try decodeNil(forKey: key) { return nil }
        do {
            return try decode(type, forKey: key)
        } catch let error as DecodingError {
            let path = dottedPath(codingPath + [key])
            let inner = dottedPath(errorCodingPath(error))
            if inner.count > path.count, inner.hasPrefix(path) {
                // The problem is inside the value, e.g. the second item of a list.
                let got = errorReality(error).map { ", got \($0)" } ?? ""
                if let itemExpected { throw ConfigurationIssue("\(inner): \(itemExpected)\(got)") }
                throw ConfigurationIssue(Configuration.describe(error))
            }
            // Name what was found: the scalar itself when it is one, else its shape.
            if let text = try? decode(String.self, forKey: key) {
                throw ConfigurationIssue("\(path): \(expected), got '\(text)'")
            }
            if (try? nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)) != nil {
                throw ConfigurationIssue("\(path): \(expected), got a mapping")
            }
            if (try? nestedUnkeyedContainer(forKey: key)) != nil {
                throw ConfigurationIssue("\(path): \(expected), got a list")
            }
            throw ConfigurationIssue("\(path): \(expected)")
        }
    }
}

/// `rules`, `swift.weak_biometric_acl`, `severity` → `rules.swift.weak_biometric_acl.severity`;
/// list indices print as `[1]` (0-based, as in the file's order).
private func dottedPath(_ codingPath: [CodingKey]) -> String {
    var result = ""
    for key in codingPath {
        if let index = key.intValue {
            result += "[\(index)]"
        } else {
            result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return result
}

private func errorCodingPath(_ error: DecodingError) -> [CodingKey] {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
        return context.codingPath
    case .keyNotFound(let key, let context):
        return context.codingPath + [key]
    @unknown default:
        return []
    }
}

/// What Yams found instead of the expected type, from its message
/// ("Expected to decode String but found Mapping instead."); nil when it does not say.
private func errorReality(_ error: DecodingError) -> String? {
    guard case .typeMismatch(_, let context) = error,
        let found = context.debugDescription.range(of: "but found ")
    else { return nil }
    let rest = context.debugDescription[found.upperBound...].replacingOccurrences(of: " instead.", with: "")
    switch rest {
    case "Mapping": return "a mapping"
    case "Sequence": return "a list"
    case "Scalar": return "a single value"
    default: return nil
    }
}

extension Configuration {
    /// A generic message for a DecodingError that escaped the typed decoders: never Swift's raw dump.
    fileprivate static func describe(_ error: DecodingError) -> String {
        let path = dottedPath(errorCodingPath(error))
        let prefix = path.isEmpty ? "" : "\(path): "
        switch error {
        case .typeMismatch(let type, _):
            let got = errorReality(error).map { ", got \($0)" } ?? ""
            return prefix + "expected \(describe(type: type))" + got
        case .valueNotFound(let type, _):
            return prefix + "expected \(describe(type: type)), got nothing"
        case .keyNotFound(let key, _):
            return prefix + "missing key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            return prefix + oneLine(context.debugDescription)
        @unknown default:
            return prefix + "invalid value"
        }
    }

    private static func describe(type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "true or false"
        case is [String].Type: "a list of strings"
        default:
            switch String(describing: type) {
            case "Mapping": "a mapping"
            case "Sequence": "a list"
            case "Scalar": "a single value"
            default: "a value of type \(type)"
            }
        }
    }

    fileprivate static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "the value '\(scalar.string)'"
        case .sequence: "a list"
        case .mapping: "a mapping"
        case .alias: "an alias"
        }
    }

    fileprivate func describe(_ value: ConfigValue) -> String {
        switch value {
        case .string(let text): "'\(text)'"
        case .integer(let number): String(number)
        case .bool(let flag): String(flag)
        case .list: "a list"
        }
    }

    /// Yams' error, on one line, with the line and column when it has them.
    fileprivate static func describe(_ error: YamlError, in yaml: String) -> String {
        func located(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> String {
            var text = "line \(mark.line), column \(mark.column): "
            if let context, problem.hasPrefix("but ") {
                // "expected a single document in the stream" + "but found another document"
                text += "\(context.text), \(problem)"
            } else if let context {
                text += "\(problem) (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            } else {
                text += problem
            }
            return oneLine(text)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return located(mark, problem, context)
        case .reader(let problem, let offset, _, _):
            guard let offset, offset <= yaml.count else { return oneLine(problem) }
            let line = yaml.prefix(offset).filter { $0 == "\n" }.count + 1
            return oneLine("line \(line): \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return "line \(context.mark.line), column \(context.mark.column): duplicate key \(keys) in a mapping"
        default:
            return oneLine(error.description)
        }
    }
}

/// Where the first mapping key that is a list or a mapping is (`? [a]`), which decoding would skip.
private func firstComplexKey(in node: Node) -> (line: Int, column: Int)? {
    switch node {
    case .mapping(let mapping):
        for (key, value) in mapping {
            if key.scalar == nil { return (key.mark?.line ?? 0, key.mark?.column ?? 0) }
            if let mark = firstComplexKey(in: value) { return mark }
        }
        return nil
    case .sequence(let sequence):
        for item in sequence {
            if let mark = firstComplexKey(in: item) { return mark }
        }
        return nil
    case .scalar, .alias:
        return nil
    }
}

/// Collapses whitespace runs (newlines included) to single spaces.
private func oneLine(_ text: String) -> String {
    text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }).joined(separator: " ")
}

// MARK: - Reading

private struct ReadFailure: Error {
    var message: String
}

/// Reads a whole configuration file, failing with the system's reason ("no such file or
/// directory", …). Only a regular file of at most `Configuration.maximumFileSize` is read: a
/// FIFO would block forever and `/dev/zero` would be read until memory runs out.
private func readFile(_ path: String) throws -> Data {
    // Look before opening: opening some devices has effects of its own. (The read checks again
    // on the open file, in case the path changed in between.)
    var status = stat()
    if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
        throw ReadFailure(message: RegularFile.Failure.notRegular(RegularFile.kindName(status.st_mode & S_IFMT)).description)
    }
    switch RegularFile.read(path, limit: Configuration.maximumFileSize) {
    case .success(let bytes): return Data(bytes)
    case .failure(let failure): throw ReadFailure(message: failure.description)
    }
}
