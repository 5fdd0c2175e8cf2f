/// A value of a rule option as written in `.keychain-lint.yml`.
public enum ConfigValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case list([ConfigValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ConfigValue].self) {
            self = .list(value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a string, a number, a boolean or a list")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        }
    }

    public var description: String {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .bool(let value): String(value)
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }

    public var stringList: [String]? {
        guard case .list(let values) = self else { return nil }
        var result: [String] = []
        for value in values {
            guard case .string(let string) = value else { return nil }
            result.append(string)
        }
        return result
    }

    public var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }
}

extension ConfigValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral,
    ExpressibleByBooleanLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(arrayLiteral elements: ConfigValue...) { self = .list(elements) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
