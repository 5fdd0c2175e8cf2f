import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax
import Testing

/// Finds the expressions passed as the first argument of `probe(…)` calls: the convention these
/// tests use to point at the expression the resolver should be asked about.
final class ProbeFinder: SyntaxVisitor {
    var arguments: [ExprSyntax] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "probe",
            let first = node.arguments.first
        {
            arguments.append(first.expression)
        }
        return .visitChildren
    }
}

/// One file indexed on its own with its `probe(…)` arguments found, and one resolver: for tests
/// that ask several questions of the same resolver (caches, budgets, the order questions come in).
struct ProbedFile {
    let index: ProjectIndex
    let resolver: ValueResolver
    let file: SourceFile
    let probes: [ExprSyntax]

    init(_ source: String, stepsPerQuestion: Int = ValueResolver.maximumStepsPerQuestion, usesFlowCheckpoints: Bool = true) {
        index = ProjectIndex(inputs: [ProjectIndex.Input(path: "A.swift", text: source)])
        resolver = ValueResolver(index: index, stepsPerQuestion: stepsPerQuestion, usesFlowCheckpoints: usesFlowCheckpoints)
        file = index.file(at: 0)
        let finder = ProbeFinder()
        finder.walk(file.tree)
        probes = finder.arguments
    }

    /// The answer about probe number `position` (in source order).
    func resolve(_ position: Int) -> Resolution {
        resolver.resolve(probes[position], in: file)
    }
}

/// A resolved probe together with the index it was resolved against (for laziness checks).
struct ProbeResult {
    let index: ProjectIndex
    let resolution: Resolution

    var descriptions: [String] { resolution.values.map(\.value.description) }
    var reasons: [String] { resolution.gaps.map(\.reason) }
}

/// Builds an index of `files` (path → source, in path order), finds the single `probe(…)` call
/// in them and resolves its first argument.
func probeResult(_ files: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ProbeResult {
    let ordered = files.sorted { $0.key < $1.key }
    let index = ProjectIndex(inputs: ordered.map { ProjectIndex.Input(path: $0.key, text: $0.value) })
    let resolver = ValueResolver(index: index)
    var found: [(ExprSyntax, SourceFile)] = []
    for position in ordered.indices where ordered[position].value.contains("probe(") {
        let file = index.file(at: position)
        let finder = ProbeFinder()
        finder.walk(file.tree)
        found += finder.arguments.map { ($0, file) }
    }
    guard found.count == 1, let (expression, file) = found.first else {
        Issue.record("expected exactly one probe(…) call, found \(found.count)", sourceLocation: sourceLocation)
        return ProbeResult(index: index, resolution: .empty)
    }
    return ProbeResult(index: index, resolution: resolver.resolve(expression, in: file))
}

/// The possible values of the first argument of the one `probe(…)` call in `files`.
func resolveProbe(_ files: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Resolution {
    probeResult(files, sourceLocation: sourceLocation).resolution
}

/// Single-file shorthand.
func resolveProbe(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Resolution {
    resolveProbe(["A.swift": source], sourceLocation: sourceLocation)
}

extension Resolution {
    /// Value descriptions in the order the resolver produced them.
    var descriptions: [String] { values.map(\.value.description) }
    var descriptionSet: Set<String> { Set(descriptions) }
    var reasons: [String] { gaps.map(\.reason) }

    /// The trace texts of the value described as `description`, nil when there is no such value.
    func trace(of description: String) -> [String]? {
        values.first { $0.value.description == description }?.trace.map(\.text)
    }

    func hasGap(mentioning words: String...) -> Bool {
        gaps.contains { gap in words.allSatisfy { gap.reason.contains($0) } }
    }
}
