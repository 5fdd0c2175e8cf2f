import KeychainLintModel
import Foundation

/// Dictionary updates on resolved values; keys compare by value (`kSecAttrAccessible` and
/// `kSecAttrAccessible as String` resolve to the same symbol).
public enum DictionaryAlgebra {
    public static func setting(
        _ dictionary: Value, key: Value, value: Value, location: ValueLocation?, valueLocation: ValueLocation? = nil,
        libraryOption: TraceStep? = nil
    ) -> Value? {
        guard case .dictionary(var entries) = dictionary else { return nil }
        entries.removeAll { SecItemKeys.sameKey($0.key, key) }
        if value != .null {
            entries.append(DictionaryEntry(
                key: key, value: value, location: location, valueLocation: valueLocation, libraryOption: libraryOption))
        }
        return .dictionary(entries)
    }

    public static func removing(_ dictionary: Value, key: Value) -> Value? {
        guard case .dictionary(var entries) = dictionary else { return nil }
        entries.removeAll { SecItemKeys.sameKey($0.key, key) }
        return .dictionary(entries)
    }

    public static func merging(_ dictionary: Value, _ other: Value) -> Value? {
        guard case .dictionary(var entries) = dictionary, case .dictionary(let added) = other else { return nil }
        for entry in added {
            entries.removeAll { SecItemKeys.sameKey($0.key, entry.key) }
            entries.append(entry)
        }
        return .dictionary(entries)
    }
}

/// Option-set algebra on resolved values, by member name.
enum SetAlgebra {
    static func apply(_ operation: String, _ left: Value, _ right: Value) -> Value? {
        let a = left.setElements
        let b = right.setElements
        guard a.allSatisfy(isElement), b.allSatisfy(isElement) else { return nil }
        func has(_ set: [Value], _ element: Value) -> Bool { set.contains { sameOption($0, element) } }
        switch operation {
        case "union", "formUnion", "insert", "append", "append(contentsOf:)":
            return .array(a + b.filter { !has(a, $0) })
        case "intersection", "formIntersection":
            return .array(a.filter { has(b, $0) })
        case "subtracting", "subtract", "remove":
            return .array(a.filter { !has(b, $0) })
        case "symmetricDifference", "formSymmetricDifference":
            return .array(a.filter { !has(b, $0) } + b.filter { !has(a, $0) })
        default:
            return nil
        }
    }

    /// Whether two elements are the same option however they are spelled: `.or` and
    /// `SecAccessControlCreateFlags.or` (an implicit member takes the set's type), or two names
    /// of one access-control bit (`.touchIDAny` and `kSecAccessControlBiometryAny`).
    static func sameOption(_ left: Value, _ right: Value) -> Bool {
        if left == right { return true }
        if case .member(let leftName, let leftType) = left, case .member(let rightName, let rightType) = right,
            leftName == rightName, leftType == nil || rightType == nil
        {
            return true
        }
        guard let leftFlags = AccessControlFlagSet.interpret(left), let rightFlags = AccessControlFlagSet.interpret(right),
            leftFlags.spelled.count == 1, rightFlags.spelled.count == 1
        else { return false }
        return leftFlags.bits == rightFlags.bits
    }

    static func isElement(_ value: Value) -> Bool {
        switch value {
        case .member, .symbol, .rawValue, .string, .integer: true
        default: false
        }
    }
}
