import KeychainLintCore

extension RuleDescription {
    /// The Objective-C counterpart of a Swift rule: the same name, severity, standards, reasons
    /// and references (the judgement is the same), with its own id (`objc.` and the Swift rule's
    /// name), wording in C spellings, and Objective-C examples (its tests). `whyItMatters` and
    /// `fixSafety` are the Swift rule's unless its text names Swift constructs (`guard let`, a
    /// force-unwrap) that the Objective-C rule words otherwise.
    static func objectiveC(
        of swift: RuleDescription, summary: String, whatItDoes: String, whyItMatters: String? = nil,
        whatToDoInstead: String, fixSafety: String? = nil, remediation: String,
        notes: [String] = [], options: [RuleOptionSpec] = [], examples: [RuleExample]
    ) -> RuleDescription {
        let name = swift.id.hasPrefix(SourceLanguage.swift.ruleIdPrefix)
            ? String(swift.id.dropFirst(SourceLanguage.swift.ruleIdPrefix.count)) : swift.id
        return RuleDescription(
            id: SourceLanguage.objectiveC.ruleIdPrefix + name, name: swift.name, severity: swift.severity,
            confidence: swift.confidence, resource: swift.resource, language: "Objective-C", tags: swift.tags,
            aliases: swift.aliases, summary: summary,
            documentation: RuleDocumentation(
                whatItDoes: whatItDoes, whyItMatters: whyItMatters ?? swift.documentation.whyItMatters,
                whatToDoInstead: whatToDoInstead, fixSafety: fixSafety ?? swift.documentation.fixSafety,
                notes: notes + ["The judgement is the one of \(swift.id); see `keychain-lint explain \(swift.id)`."],
                references: swift.documentation.references),
            remediation: remediation, options: options, examples: examples)
    }
}

extension RuleExample {
    /// An Objective-C example (`Example.m`).
    static func triggeringObjC(
        _ title: String, _ code: String, messages: [String], options: [String: ConfigValue] = [:],
        alsoTriggers: [String] = [], file: StaticString = #fileID, line: UInt = #line
    ) -> RuleExample {
        .triggering(title, files: ["Example.m": code], messages: messages, options: options, alsoTriggers: alsoTriggers, file: file, line: line)
    }

    static func nonTriggeringObjC(
        _ title: String, _ code: String, options: [String: ConfigValue] = [:], alsoTriggers: [String] = [],
        file: StaticString = #fileID, line: UInt = #line
    ) -> RuleExample {
        .nonTriggering(title, files: ["Example.m": code], options: options, alsoTriggers: alsoTriggers, file: file, line: line)
    }
}
