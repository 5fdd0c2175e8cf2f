import Foundation
import KeychainLintCore
@testable import KeychainLintReporters
import Testing

@Suite struct JSONEncodingTests {
    struct Entry: Encodable {
        var name: String
        var related: [Int]
        var nested: [String: [String]]
    }

    struct Document: Encodable {
        var before: [String]
        var entries: [Entry]
        var entriesCount: Int
        var zeta: String
    }

    static let entries = [
        Entry(name: "first \u{1B}[2J \u{202E}txt \"quoted\" \\ /path\nnext line", related: [1, 2], nested: ["a": [], "b": ["x"]]),
        Entry(name: "\"entries\" : [\n\n  ]", related: [], nested: [:]),
        Entry(name: "third", related: [3], nested: ["c": ["y", "z"]]),
    ]

    @Test("A document whose array is encoded one element at a time reads exactly as the whole document encoded at once")
    func elementByElementIsTheSameText() throws {
        for count in 0...Self.entries.count {
            let elements = Array(Self.entries.prefix(count))
            let whole = try encodeJSONDocument(Document(before: [], entries: elements, entriesCount: count, zeta: "end"))
            let pieced = try encodeJSONDocument(
                Document(before: [], entries: [], entriesCount: count, zeta: "end"), array: "entries", elements: elements)
            #expect(pieced == whole, "elements: \(count)")
        }
    }

    @Test("The JSON report of many findings holds every finding, escaped, at its place in the document")
    func reportOfManyFindings() throws {
        var result = Fixtures.hostileResult
        result.findings = (0..<50).flatMap { _ in Fixtures.result.findings + Fixtures.hostileResult.findings }
        let output = try JSONReporter().render(result, options: ReportOptions())
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect((decoded["findings"] as? [Any])?.count == result.findings.count)
        #expect(!output.contains("\u{1B}"))
        #expect(output.contains("\"findings\" : [\n    {\n      \"codeFingerprint\" : "))
    }
}
