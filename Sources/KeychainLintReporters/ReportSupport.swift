import Foundation
import KeychainLintCore

extension ScanResult {
    /// The diagnostics a report shows, in `ScanDiagnostic.order`: `.unresolved` ones only when verbose.
    func visibleDiagnostics(verbose: Bool) -> [ScanDiagnostic] {
        diagnostics.filter { verbose || $0.kind != .unresolved }.sorted(by: ScanDiagnostic.order)
    }

    /// The enabled rules by id (the first one wins if an id is listed twice).
    var rulesById: [String: RuleDescription] {
        Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Seconds rounded to three decimals, so machine-readable timings do not carry float noise.
func roundedSeconds(_ seconds: Double) -> Double {
    (seconds * 1000).rounded() / 1000
}

/// Pretty-printed JSON with sorted keys and unescaped slashes, ending with a newline.
func encodeJSONDocument<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
}

/// A JSON tree, for documents whose shape (SARIF property bags with dotted keys) is easier to
/// write as literals than as Codable structs.
enum JSONValue: Encodable, Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
