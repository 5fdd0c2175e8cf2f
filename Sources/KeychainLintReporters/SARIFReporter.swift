import KeychainLintCore

/// SARIF 2.1.0, as GitHub code scanning and other SARIF viewers read it: one run, the enabled rules
/// as reporting descriptors, columns in Unicode code points, paths relative to `%SRCROOT%`.
public struct SARIFReporter: Reporter {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let sarifVersion = "2.1.0"
    public static let sourceRootId = "%SRCROOT%"
    public static let fingerprintKey = "keychainLint/v1"

    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        let rules = result.rulesById.values.sorted { $0.id < $1.id }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })

        let notifications: [JSONValue] = result.visibleDiagnostics(verbose: false).compactMap { diagnostic in
            let (level, text): (String, String)
            switch diagnostic.kind {
            case .skippedFile: (level, text) = ("warning", "skipped: \(diagnostic.message)")
            case .fileNote: (level, text) = ("note", diagnostic.message)
            case .unresolved, .testFinding: return nil
            }
            var physical: [String: JSONValue] = ["artifactLocation": Self.artifactLocation(diagnostic.file)]
            if let position = diagnostic.position {
                physical["region"] = ["startLine": .int(position.line), "startColumn": .int(position.characterColumn)]
            }
            return [
                "level": .string(level),
                "message": ["text": .string(text)],
                "locations": [["physicalLocation": .object(physical)]],
            ]
        }
        var invocation: [String: JSONValue] = ["executionSuccessful": true]
        if !notifications.isEmpty {
            invocation["toolExecutionNotifications"] = .array(notifications)
        }

        let run: JSONValue = [
            "tool": [
                "driver": [
                    "name": .string(KeychainLintVersion.toolName),
                    "version": .string(KeychainLintVersion.current),
                    "semanticVersion": .string(KeychainLintVersion.current),
                    "informationUri": .string(KeychainLintVersion.informationURI),
                    "rules": .array(rules.map(Self.reportingDescriptor)),
                ]
            ],
            "results": .array(
                result.findings.map { Self.result($0, ruleIndex: ruleIndex[$0.ruleId]) }
                    + result.known.map { Self.result($0, ruleIndex: ruleIndex[$0.ruleId], suppression: Self.external(result.stats.knownFrom)) }
                    + result.suppressed.map { Self.result($0, ruleIndex: ruleIndex[$0.ruleId], suppression: Self.inSource) }),
            "automationDetails": ["id": .string(Self.automationId)],
            "columnKind": "unicodeCodePoints",
            "originalUriBaseIds": [
                Self.sourceRootId: ["description": ["text": "The project root: the git root, else the folder of the configuration file, else the current folder (or --base-path)"]]
            ],
            "invocations": [.object(invocation)],
        ]
        let log: JSONValue = [
            "$schema": .string(Self.schemaURI),
            "version": .string(Self.sarifVersion),
            "runs": [run],
        ]
        return try encodeJSONDocument(log)
    }

    // MARK: - Rules

    static func reportingDescriptor(_ rule: RuleDescription) -> JSONValue {
        let level = rule.severity.diagnosticLevel
        var tags: [String] = []
        for tag in ["security"] + rule.tags + rule.cweNumbers.map({ "external/cwe/cwe-\($0)" })
        where !tags.contains(tag) {
            tags.append(tag)
        }
        var properties: [String: JSONValue] = [
            "tags": .array(tags.map(JSONValue.string)),
            "security-severity": .string(rule.severity.securitySeverityScore),
            "precision": .string(precision(rule.confidence)),
            "problem.severity": .string(problemSeverity(level)),
            "severity": .string(rule.severity.rawValue),
        ]
        if !rule.aliases.isEmpty {
            properties["aliases"] = .array(rule.aliases.map { .string("\($0.tool):\($0.id)") })
        }
        return [
            "id": .string(rule.id),
            "name": .string(descriptorName(rule.id)),
            "shortDescription": ["text": .string(rule.name)],
            "fullDescription": ["text": .string(rule.summary)],
            "help": ["text": .string(helpText(rule)), "markdown": .string(helpMarkdown(rule))],
            "helpUri": .string(helpURI(rule.id)),
            "defaultConfiguration": ["level": .string(level.rawValue)],
            "properties": .object(properties),
        ]
    }

    /// The last part of the rule id in UpperCamelCase: `swift.weak_biometric_acl` → `WeakBiometricAcl`.
    static func descriptorName(_ id: String) -> String {
        let last = id.split(separator: ".").last.map(String.init) ?? id
        return last.split(whereSeparator: { $0 == "_" || $0 == "-" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    static func precision(_ confidence: Confidence) -> String {
        switch confidence {
        case .high: "very-high"
        case .medium: "high"
        case .low: "medium"
        }
    }

    static func problemSeverity(_ level: DiagnosticLevel) -> String {
        switch level {
        case .error: "error"
        case .warning: "warning"
        case .note: "recommendation"
        }
    }

    static func helpText(_ rule: RuleDescription) -> String {
        let doc = rule.documentation
        var sections: [String] = []
        if !doc.whatItDoes.isEmpty { sections.append(doc.whatItDoes) }
        if !doc.whyItMatters.isEmpty { sections.append("Why it matters: \(doc.whyItMatters)") }
        if !doc.whatToDoInstead.isEmpty { sections.append("What to do instead: \(doc.whatToDoInstead)") }
        if !doc.references.isEmpty {
            sections.append((["References:"] + doc.references.map { "- \($0)" }).joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    static func helpMarkdown(_ rule: RuleDescription) -> String {
        let doc = rule.documentation
        var sections = ["# \(rule.name)"]
        for (heading, body) in [
            ("What it does", doc.whatItDoes), ("Why it matters", doc.whyItMatters),
            ("What to do instead", doc.whatToDoInstead),
        ] where !body.isEmpty {
            sections.append("## \(heading)\n\n\(body)")
        }
        if !doc.references.isEmpty {
            sections.append("## References\n\n" + doc.references.map { "- \($0)" }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    // MARK: - Results

    /// The run's category for code scanning (GitHub keeps one analysis per category).
    public static let automationId = "keychain-lint/"

    /// The rule's page in the repository, generated from its declaration (`docs/rules/ID.md`).
    public static func helpURI(_ id: String) -> String {
        "\(KeychainLintVersion.informationURI)/blob/main/docs/rules/\(id).md"
    }

    /// A finding in a baseline (or the scan of an earlier commit): suppressed outside the code.
    static func external(_ knownFrom: String?) -> JSONValue {
        let reason = knownFrom.map { $0 == "the baseline" ? "in the baseline" : "already found in \($0)" } ?? "in the baseline"
        return ["kind": "external", "justification": .string(reason)]
    }

    /// A finding a `keychain-lint:` comment suppresses.
    static let inSource: JSONValue = ["kind": "inSource"]

    /// `suppression`: reported as suppressed (SARIF viewers list it apart).
    static func result(_ finding: Finding, ruleIndex: Int?, suppression: JSONValue? = nil) -> JSONValue {
        var object: [String: JSONValue] = [
            "ruleId": .string(finding.ruleId),
            "level": .string(finding.severity.diagnosticLevel.rawValue),
            "message": ["text": .string(finding.message)],
            "locations": [["physicalLocation": physicalLocation(finding.range)]],
            "properties": [
                "confidence": .string(finding.confidence.rawValue),
                "severity": .string(finding.severity.rawValue),
            ],
        ]
        if let ruleIndex {
            object["ruleIndex"] = .int(ruleIndex)
        }
        if let suppression {
            object["suppressions"] = [suppression]
        }
        if !finding.fingerprint.isEmpty {
            object["partialFingerprints"] = [fingerprintKey: .string(finding.fingerprint)]
        }
        if !finding.relatedLocations.isEmpty {
            object["relatedLocations"] = .array(finding.relatedLocations.enumerated().map { offset, related in
                [
                    "id": .int(offset + 1),
                    "message": ["text": .string(related.message)],
                    "physicalLocation": physicalLocation(related.range),
                ]
            })
            // The value's path, from where it was written to where it is judged.
            let steps: [JSONValue] = finding.relatedLocations.map { related in
                ["location": ["physicalLocation": physicalLocation(related.range), "message": ["text": .string(related.message)]]]
            } + [["location": ["physicalLocation": physicalLocation(finding.range), "message": ["text": "judged here"]]]]
            object["codeFlows"] = [["threadFlows": [["locations": .array(steps)]]]]
        }
        return .object(object)
    }

    static func physicalLocation(_ range: SourceRange) -> JSONValue {
        [
            "artifactLocation": artifactLocation(range.file),
            "region": [
                "startLine": .int(range.start.line),
                "startColumn": .int(range.start.characterColumn),
                "endLine": .int(range.end.line),
                "endColumn": .int(range.end.characterColumn),
            ],
        ]
    }

    /// A relative path becomes a URI reference against `%SRCROOT%`; an absolute one a `file://` URI.
    static func artifactLocation(_ path: String) -> JSONValue {
        var path = path.replacingOccurrences(of: "\\", with: "/")
        if path.hasPrefix("/") {
            return ["uri": .string("file://" + percentEncoded(path))]
        }
        while path.hasPrefix("./") {
            path.removeFirst(2)
        }
        return ["uri": .string(percentEncoded(path)), "uriBaseId": .string(sourceRootId)]
    }

    /// Percent-encodes every UTF-8 byte except unreserved characters, `/` and the sub-delimiters
    /// that are safe in a path. `:` is encoded so a first segment never reads as a URI scheme.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case _ where "-._~/!$&'()*+,;=@".utf8.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
