import Foundation

/// A reader for the common shape of `project.pbxproj` files: an old-style (OpenStep) property list
/// of dictionaries, arrays and ASCII strings. Foundation's reader takes most of the time the
/// project model costs on a large app (a project of 1 MB); this one gives the same values for the
/// files it accepts and declines (nil) anything else — data, other escapes, text that is not
/// UTF-8, a key given twice, text it does not expect — which is then read by Foundation, as before.
enum OldStylePlist {
    /// The top-level dictionary, or nil when the text is not of the shape read here.
    static func dictionary(_ data: Data) -> [String: Any]? {
        data.withUnsafeBytes { raw -> [String: Any]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Foundation reads the text as UTF-8 when it is valid UTF-8 (names such as
            // "⚠️ SwiftLint" are kept as they are); other text it may read in another encoding.
            if bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) == nil { return nil }
            var reader = Reader(bytes: bytes)
            guard let value = reader.value(depth: 0), let dictionary = value as? [String: Any] else { return nil }
            reader.skipSpaceAndComments()
            guard !reader.failed, reader.position == bytes.count else { return nil }
            return dictionary
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var failed = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func skipSpaceAndComments() {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    position += 2
                    while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                        position += 1
                    }
                    guard position + 1 < bytes.count else {
                        failed = true
                        return
                    }
                    position += 2
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    return
                }
            }
        }

        /// The characters an unquoted string may hold in an old-style property list.
        static func isUnquoted(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-")
        }

        mutating func value(depth: Int) -> Any? {
            skipSpaceAndComments()
            guard !failed, depth < 64, position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var dictionary: [String: Any] = [:]
                while true {
                    skipSpaceAndComments()
                    guard !failed, position < bytes.count else { return nil }
                    if bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        return dictionary
                    }
                    guard let key = string() else { return nil }
                    skipSpaceAndComments()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return nil }
                    position += 1
                    guard let item = value(depth: depth + 1) else { return nil }
                    skipSpaceAndComments()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else { return nil }
                    position += 1
                    guard dictionary.updateValue(item, forKey: key) == nil else { return nil }
                }
            case UInt8(ascii: "("):
                position += 1
                var array: [Any] = []
                while true {
                    skipSpaceAndComments()
                    guard !failed, position < bytes.count else { return nil }
                    if bytes[position] == UInt8(ascii: ")") {
                        position += 1
                        return array
                    }
                    guard let item = value(depth: depth + 1) else { return nil }
                    array.append(item)
                    skipSpaceAndComments()
                    guard position < bytes.count else { return nil }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                    } else if bytes[position] != UInt8(ascii: ")") {
                        return nil
                    }
                }
            default:
                return string()
            }
        }

        /// A quoted string (UTF-8) with `\\`, `\"`, `\n`, `\t` or `\r` escapes, or an unquoted one.
        mutating func string() -> String? {
            guard position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: "\"") {
                position += 1
                var text: [UInt8] = []
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") {
                        position += 1
                        return String(decoding: text, as: UTF8.self)
                    }
                    if byte == UInt8(ascii: "\\") {
                        guard position + 1 < bytes.count else { return nil }
                        switch bytes[position + 1] {
                        case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
                        case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
                        case UInt8(ascii: "n"): text.append(0x0A)
                        case UInt8(ascii: "t"): text.append(0x09)
                        case UInt8(ascii: "r"): text.append(0x0D)
                        default: return nil
                        }
                        position += 2
                        continue
                    }
                    text.append(byte)
                    position += 1
                }
                return nil
            }
            let start = position
            while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }
    }
}
