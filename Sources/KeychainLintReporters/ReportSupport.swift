import Foundation
import KeychainLintCore

extension ScanResult {
    /// The diagnostics a report shows, in `ScanDiagnostic.order`: `.unresolved` ones and
    /// findings in test code only when verbose.
    func visibleDiagnostics(verbose: Bool) -> [ScanDiagnostic] {
        diagnostics.filter { verbose || ($0.kind != .unresolved && $0.kind != .testFinding) }.sorted(by: ScanDiagnostic.order)
    }

    /// "module Vault (application, app; iOS): 12 files — Vault.xcodeproj/project.pbxproj", for `--verbose`.
    static func describe(_ module: ModuleSummary) -> String {
        let platforms = module.platforms.isEmpty ? "" : "; " + module.platforms.joined(separator: ", ")
        let manifest = module.manifest.map { " — \($0)" } ?? ""
        return "module \(module.name) (\(module.kind), \(module.role)\(platforms)): \(module.files) file\(module.files == 1 ? "" : "s")\(manifest)"
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
/// The encoder escapes C0 control characters in strings (JSON requires it); DEL, C1 controls and
/// the invisible reordering characters of `OutputEscaping` are written as `\uXXXX` too, so a
/// report printed on a terminal cannot run escape sequences. They can occur only inside strings
/// (everything outside is ASCII punctuation and spaces), so the escape never changes a value.
func encodeJSONDocument<T: Encodable>(_ value: T) throws -> String {
    escapedJSON(String(decoding: try jsonEncoder().encode(value), as: UTF8.self) + "\n")
}

/// `encodeJSONDocument` of a document whose array `key` (a member of the top-level object) holds
/// `elements`, encoded a batch of elements at a time: the same text, without the encoder building
/// the whole document in memory at once (a report of many findings takes several times its size
/// so). `value` is the document with that array empty.
func encodeJSONDocument<T: Encodable, Element: Encodable>(_ value: T, array key: String, elements: [Element]) throws -> String {
    let encoder = jsonEncoder()
    let document = String(decoding: try encoder.encode(value), as: UTF8.self)
    // An empty array member of the top-level object, as the encoder writes it. Keys and strings
    // inside values have their quotes escaped, so the pattern is found only where the member is.
    let empty = "\"\(key)\" : [\n\n  ]"
    guard !elements.isEmpty, let place = document.range(of: empty) else { return escapedJSON(document + "\n") }
    var text = ""
    text.reserveCapacity(document.utf8.count + elements.count * 1024)
    text += document[..<place.lowerBound]
    text += "\"\(key)\" : [\n"
    let newline = UInt8(ascii: "\n")
    var chunk: [UInt8] = []
    for start in stride(from: 0, to: elements.count, by: 256) {
        // `[\n  {…},\n  {…}\n]`: the elements one level deeper than in the document; without
        // the brackets' lines, every line that is not empty is indented by two more spaces.
        let batch = try encoder.encode(Array(elements[start..<min(start + 256, elements.count)]))
        chunk.removeAll(keepingCapacity: true)
        if start > 0 { chunk += ",\n".utf8 }
        var atLineStart = true
        // Read in place: iterating `Data` (or a slice of it) goes through an iterator per byte.
        batch.withUnsafeBytes { bytes in
            guard bytes.count > 4 else { return }
            for byte in bytes[2..<(bytes.count - 2)] {
                if atLineStart && byte != newline { chunk += [0x20, 0x20] }
                chunk.append(byte)
                atLineStart = byte == newline
            }
        }
        text += String(decoding: chunk, as: UTF8.self)
    }
    text += "\n  ]"
    text += document[place.upperBound...]
    text += "\n"
    return escapedJSON(text)
}

private func jsonEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
}

/// The characters `encodeJSONDocument` writes as `\uXXXX`; `text` ends with its newline.
private func escapedJSON(_ text: String) -> String {
    // Most reports are ASCII: a pass over the bytes says so before the scalars are decoded.
    guard text.utf8.contains(where: { $0 >= 0x7F }),
        text.unicodeScalars.contains(where: { $0.value >= 0x7F && OutputEscaping.isUnsafe($0) })
    else {
        return text
    }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if scalar.value >= 0x7F, OutputEscaping.isUnsafe(scalar) {
            escaped.append(contentsOf: "\\u".unicodeScalars)
            escaped.append(contentsOf: OutputEscaping.hex(scalar.value, digits: 4).unicodeScalars)
        } else {
            escaped.append(scalar)
        }
    }
    return String(escaped)
}

/// Source text and paths in a report come from the scanned code, which the person running the
/// scan did not necessarily write. Printed as they are, some characters act instead of showing:
/// ESC starts a terminal control sequence (colours, cursor moves, window titles), BEL rings, CR
/// returns to the start of the line to overwrite it, LF starts a new line that a CI log reads as
/// a command of its own (GitHub's `::error …` workflow commands). The reporters escape them.
public enum OutputEscaping {
    /// C0 and C1 control characters and DEL; the line and paragraph separators, which some
    /// viewers take as new lines; and the bidirectional embeddings, overrides and isolates, which
    /// make text display in another order than it reads ("Trojan Source", CVE-2021-42574).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// For the text format: each unsafe character as Swift writes it in a string literal, `\u{1B}`.
    /// A backslash is left as it is, so ordinary text (and Windows-style paths) reads unchanged.
    public static func text(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                escaped.append(contentsOf: "\\u{\(hex(scalar.value, digits: 2))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// For GitHub workflow commands: `%` and each unsafe character percent-encoded (its UTF-8
    /// bytes). The runner decodes `%25`, `%0D` and `%0A` (and `%3A`, `%2C` in properties); any
    /// other encoded character shows as its code, which is what a hostile name should look like.
    static func percentEncoded(_ text: String, also extra: Set<Unicode.Scalar> = []) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "%" || isUnsafe($0) || extra.contains($0) }) else {
            return text
        }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "%" || isUnsafe(scalar) || extra.contains(scalar) {
                for byte in String(scalar).utf8 {
                    escaped.append("%")
                    escaped.append(contentsOf: hex(UInt32(byte), digits: 2).unicodeScalars)
                }
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Upper-case hexadecimal, padded with zeros to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
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
