/// Everything a rule says about itself: metadata for reporters, documentation for `explain`
/// and generated docs, and the examples that run as its tests.
public struct RuleDescription: Sendable {
    /// `swift.<name>` for Swift rules, `objc.<name>` for Objective-C rules.
    public var id: String
    /// The check the rule belongs to in every language (`<name>`): configuration and suppressions
    /// that name it, or any language's id of it, apply to the rule.
    public var checkId: String { RuleIds.check(of: id) }
    /// Human title, e.g. "Weak Biometric Access Control Flags".
    public var name: String
    public var severity: Severity
    /// Confidence when the value is written at the call; resolved values lower it to medium.
    public var confidence: Confidence
    /// Area: "Authentication", "Data Storage", "Correctness".
    public var resource: String
    public var language: String
    /// Standards tags, spelled `CWE:287`, `MASVS:auth-8`, `MASWE:0014`, …
    public var tags: [String]
    /// Equivalent rule ids in other tools ("mobsfscan: ios_biometric_acl", "MASTG: MASTG-TEST-0270").
    public var aliases: [RuleAlias]
    /// One sentence: what the rule flags.
    public var summary: String
    public var documentation: RuleDocumentation
    /// One line telling the developer what to do instead (printed under each finding).
    public var remediation: String
    public var options: [RuleOptionSpec]
    public var examples: [RuleExample]

    public init(
        id: String,
        name: String,
        severity: Severity,
        confidence: Confidence,
        resource: String,
        language: String = "Swift",
        tags: [String],
        aliases: [RuleAlias] = [],
        summary: String,
        documentation: RuleDocumentation,
        remediation: String,
        options: [RuleOptionSpec] = [],
        examples: [RuleExample]
    ) {
        self.id = id
        self.name = name
        self.severity = severity
        self.confidence = confidence
        self.resource = resource
        self.language = language
        self.tags = tags
        self.aliases = aliases
        self.summary = summary
        self.documentation = documentation
        self.remediation = remediation
        self.options = options
        self.examples = examples
    }

    public var triggeringExamples: [RuleExample] { examples.filter { $0.kind == .triggering } }
    public var nonTriggeringExamples: [RuleExample] { examples.filter { $0.kind == .nonTriggering } }

    /// CWE numbers from `tags` ("CWE:287" → 287), for SARIF's `external/cwe/cwe-287` tags.
    public var cweNumbers: [Int] {
        tags.compactMap { tag in
            guard tag.hasPrefix("CWE:") else { return nil }
            return Int(tag.dropFirst(4))
        }
    }
}

public struct RuleAlias: Sendable, Hashable, Codable {
    /// The other tool or catalogue: "mobsfscan", "MASTG", "Semgrep".
    public var tool: String
    public var id: String

    public init(tool: String, id: String) {
        self.tool = tool
        self.id = id
    }
}

public struct RuleDocumentation: Sendable {
    public var whatItDoes: String
    public var whyItMatters: String
    public var whatToDoInstead: String
    /// Whether an automatic fix could change behaviour, and why.
    public var fixSafety: String
    /// Decisions taken where the specification was silent.
    public var notes: [String]
    public var references: [String]

    public init(
        whatItDoes: String,
        whyItMatters: String,
        whatToDoInstead: String,
        fixSafety: String,
        notes: [String] = [],
        references: [String]
    ) {
        self.whatItDoes = whatItDoes
        self.whyItMatters = whyItMatters
        self.whatToDoInstead = whatToDoInstead
        self.fixSafety = fixSafety
        self.notes = notes
        self.references = references
    }
}

/// A configurable option of a rule, validated when the configuration is loaded.
public struct RuleOptionSpec: Sendable {
    public enum Kind: Sendable {
        /// A list of names drawn from `allowed`.
        case nameList(allowed: [String])
        /// A whole number in `range`.
        case integer(range: ClosedRange<Int>)
    }

    public var name: String
    public var kind: Kind
    public var defaultValue: ConfigValue
    public var help: String

    public init(name: String, kind: Kind, defaultValue: ConfigValue, help: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
    }
}

/// A rule option as the rule reads it: its specification (validated when the configuration is
/// loaded, listed by `explain`) and its value's type, so that a rule never looks an option up by
/// a string or reads it as another type than the one declared.
public struct RuleOption<Value: Sendable>: Sendable {
    public let spec: RuleOptionSpec
    public let defaultValue: Value
    private let read: @Sendable (ConfigValue) -> Value?

    /// A whole number in `range`.
    public static func integer(_ name: String, range: ClosedRange<Int>, default value: Int, help: String) -> RuleOption<Int> {
        RuleOption<Int>(
            spec: RuleOptionSpec(name: name, kind: .integer(range: range), defaultValue: .integer(value), help: help),
            defaultValue: value, read: { $0.integer })
    }

    /// A list of names drawn from `allowed`.
    public static func nameList(_ name: String, allowed: [String], default value: [String], help: String) -> RuleOption<[String]> {
        RuleOption<[String]>(
            spec: RuleOptionSpec(name: name, kind: .nameList(allowed: allowed), defaultValue: .list(value.map { .string($0) }), help: help),
            defaultValue: value, read: { $0.stringList })
    }

    private init(spec: RuleOptionSpec, defaultValue: Value, read: @escaping @Sendable (ConfigValue) -> Value?) {
        self.spec = spec
        self.defaultValue = defaultValue
        self.read = read
    }

    /// The option's value among a rule's effective options (validated before: a value of another
    /// type cannot reach here; the default stands in all the same).
    public func value(in options: [String: ConfigValue]) -> Value {
        options[spec.name].flatMap(read) ?? defaultValue
    }
}

/// A code sample that runs as a test. Positions where a finding is expected are marked with `↓`
/// directly before the reported expression; `messages` lists the expected messages in order.
public struct RuleExample: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable { case triggering, nonTriggering }

    public static let marker: Character = "↓"

    public var kind: Kind
    /// File name → source. Single-file examples use "Example.swift".
    public var files: [String: String]
    public var messages: [String]
    /// Rule options for this example (`weakBiometricFlags`, …), as a configuration file would set them.
    public var options: [String: ConfigValue]
    /// Short explanation shown in the docs.
    public var title: String
    /// Source line of the declaration, so a failing example points at itself.
    public var declaredAt: String
    /// Ids of OTHER rules whose findings this example legitimately triggers too (a `.touchIDAny`
    /// example is also deprecated API). The catalogue test runs every rule over every example and
    /// fails on any other rule's finding not listed here, and on a listed rule that does not fire.
    public var alsoTriggers: [String] = []

    public static func triggering(
        _ title: String,
        _ code: String,
        messages: [String],
        options: [String: ConfigValue] = [:],
        alsoTriggers: [String] = [],
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> RuleExample {
        RuleExample(kind: .triggering, files: ["Example.swift": code], messages: messages, options: options,
                    title: title, declaredAt: "\(file):\(line)", alsoTriggers: alsoTriggers)
    }

    public static func triggering(
        _ title: String,
        files: [String: String],
        messages: [String],
        options: [String: ConfigValue] = [:],
        alsoTriggers: [String] = [],
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> RuleExample {
        RuleExample(kind: .triggering, files: files, messages: messages, options: options,
                    title: title, declaredAt: "\(file):\(line)", alsoTriggers: alsoTriggers)
    }

    public static func nonTriggering(
        _ title: String,
        _ code: String,
        options: [String: ConfigValue] = [:],
        alsoTriggers: [String] = [],
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> RuleExample {
        RuleExample(kind: .nonTriggering, files: ["Example.swift": code], messages: [], options: options,
                    title: title, declaredAt: "\(file):\(line)", alsoTriggers: alsoTriggers)
    }

    public static func nonTriggering(
        _ title: String,
        files: [String: String],
        options: [String: ConfigValue] = [:],
        alsoTriggers: [String] = [],
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> RuleExample {
        RuleExample(kind: .nonTriggering, files: files, messages: [], options: options,
                    title: title, declaredAt: "\(file):\(line)", alsoTriggers: alsoTriggers)
    }

    public var description: String { "\(title) (\(declaredAt))" }

    /// The files with every marker removed, as the scanner sees them.
    public var strippedFiles: [String: String] {
        files.mapValues { $0.replacingOccurrences(of: String(Self.marker), with: "") }
    }

    /// Expected (file, line, UTF-8 column) of each marker, in file-name then source order.
    public var markerPositions: [(file: String, line: Int, column: Int)] {
        var result: [(String, Int, Int)] = []
        for name in files.keys.sorted() {
            var line = 1
            var column = 1
            for character in files[name]! {
                if character == Self.marker {
                    result.append((name, line, column))
                    continue
                }
                if character == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += String(character).utf8.count
                }
            }
        }
        return result
    }
}
