import KeychainLintModel
import Foundation

/// Reads the Xcode project files a scan finds (Info.plist, `project.pbxproj`, `.xcconfig`) for the
/// value of one Info.plist key, e.g. `NSFaceIDUsageDescription`. Plists go through Foundation's
/// `PropertyListSerialization`, which reads XML, binary and old-style (OpenStep) plists on every
/// platform; `project.pbxproj` is an old-style plist; `.xcconfig` files are `KEY = value` lines.
public enum ProjectFiles {
    public enum Kind: String, Sendable, Hashable {
        case infoPlist, pbxproj, xcconfig
    }

    /// Why a file could not be read; the scan reports the file as skipped with this reason.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String

        public init(reason: String) {
            self.reason = reason
        }

        public var description: String { reason }
    }

    /// What one file says about an Info.plist key.
    public struct KeyLookup: Sendable, Equatable {
        /// Every string value the file gives the key, in file order: the Info.plist entry, the
        /// `INFOPLIST_KEY_<key>` build setting of each build configuration (including conditional
        /// ones such as `INFOPLIST_KEY_<key>[sdk=iphoneos*]`), or each xcconfig assignment.
        /// Quotes are removed; an empty string is kept as "".
        public var values: [String]
        /// Whether the file shows that the scan holds an app (as opposed to a library): an
        /// Info.plist that is not a framework's or a test bundle's (`CFBundlePackageType` `FMWK` /
        /// `BNDL`), or a project with an application target. An xcconfig file never does.
        public var describesApp: Bool

        public init(values: [String], describesApp: Bool) {
            self.values = values
            self.describesApp = describesApp
        }

        /// A value that is not empty (after trimming white space). A build-setting reference such as
        /// `$(FACE_ID_REASON)` counts as set: its value is not known here.
        public var hasNonEmptyValue: Bool {
            values.contains { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        }

        /// The key is written, but every value is empty.
        public var hasOnlyEmptyValues: Bool {
            !values.isEmpty && !hasNonEmptyValue
        }
    }

    /// The build setting Xcode turns into the Info.plist key when it generates the Info.plist.
    public static func buildSettingName(forInfoPlistKey key: String) -> String {
        "INFOPLIST_KEY_" + key
    }

    /// Reads `data` (a file of `kind`) for `key`. Throws `ParseError` for a file that is not a
    /// plist (or whose top level is not a dictionary), or a pbxproj without `objects`.
    public static func lookUp(_ key: String, in data: Data, kind: Kind) throws(ParseError) -> KeyLookup {
        switch kind {
        case .infoPlist:
            let root = try dictionary(from: data)
            let values = stringValues(root[key])
            let packageType = root["CFBundlePackageType"] as? String
            return KeyLookup(values: values, describesApp: !["FMWK", "BNDL"].contains(packageType ?? ""))
        case .pbxproj:
            return try lookUpInProject(buildSettingName(forInfoPlistKey: key), data: data)
        case .xcconfig:
            return try lookUpInXcconfig(buildSettingName(forInfoPlistKey: key), data: data)
        }
    }

    // MARK: - Plists

    static func dictionary(from data: Data) throws(ParseError) -> [String: Any] {
        guard !data.isEmpty else { throw ParseError(reason: "empty file") }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ParseError(reason: "not a property list: " + reason(of: error as NSError, data: data))
        }
        guard let dictionary = root as? [String: Any] else {
            throw ParseError(reason: "not a property list dictionary (the top level is \(kindName(of: root)))")
        }
        return dictionary
    }

    /// Foundation's own words: the old-style parser's message for text that is not XML, since
    /// that is the parser the file was meant for.
    private static func reason(of error: NSError, data: Data) -> String {
        let isXMLOrBinary = data.starts(with: Array("<".utf8)) || data.starts(with: Array("bplist".utf8))
            || data.starts(with: [0xEF, 0xBB, 0xBF, UInt8(ascii: "<")])
        if !isXMLOrBinary, let oldStyle = error.userInfo["kCFPropertyListOldStyleParsingError"] {
            if let nested = oldStyle as? NSError, let text = nested.userInfo[NSDebugDescriptionErrorKey] as? String {
                return text
            }
            // On Linux the nested error is an unbridged CFError; its description reads
            // `Error Domain=… Code=3840 "<reason>" UserInfo={…}`.
            let described = String(describing: oldStyle)
            if let open = described.range(of: " \""), let close = described.range(of: "\" UserInfo=", options: .backwards),
                open.upperBound <= close.lowerBound
            {
                return String(described[open.upperBound..<close.lowerBound])
            }
        }
        return (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
    }

    private static func kindName(of value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [Any]: "an array"
        case is Data: "data"
        default: "not a dictionary"
        }
    }

    private static func stringValues(_ value: Any?) -> [String] {
        guard let value else { return [] }
        if let text = value as? String { return [text] }
        // A non-string value (a number, a dictionary) is not a usage description: treated as empty.
        return [""]
    }

    // MARK: - project.pbxproj

    static func lookUpInProject(_ setting: String, data: Data) throws(ParseError) -> KeyLookup {
        let root: [String: Any]
        if let fast = OldStylePlist.dictionary(data) { root = fast } else { root = try dictionary(from: data) }
        guard let objects = root["objects"] as? [String: Any] else {
            throw ParseError(reason: "not an Xcode project: no `objects` dictionary")
        }
        var values: [String] = []
        var describesApp = false
        // Object ids are random hex strings: sort them so the values come in a stable order.
        for id in objects.keys.sorted() {
            guard let object = objects[id] as? [String: Any], let isa = object["isa"] as? String else { continue }
            switch isa {
            case "XCBuildConfiguration":
                guard let settings = object["buildSettings"] as? [String: Any] else { continue }
                for name in settings.keys.sorted() where isSetting(name, named: setting) {
                    values += stringValues(settings[name])
                }
            case "PBXNativeTarget":
                if let productType = object["productType"] as? String,
                    productType.hasPrefix("com.apple.product-type.application")
                {
                    describesApp = true
                }
            default:
                continue
            }
        }
        return KeyLookup(values: values, describesApp: describesApp)
    }

    /// `NAME` or a conditional assignment `NAME[sdk=iphoneos*]`.
    public static func isSetting(_ name: String, named setting: String) -> Bool {
        name == setting || (name.hasPrefix(setting + "[") && name.hasSuffix("]"))
    }

    // MARK: - .xcconfig

    /// `NAME = value` lines. `//` starts a comment anywhere on a line (as in Xcode, which is why
    /// URLs in xcconfig values are written `https:/$()/…`). `#include` lines are not followed: the
    /// included file is in the scan anyway when it lies under the scanned folders.
    static func lookUpInXcconfig(_ setting: String, data: Data) throws(ParseError) -> KeyLookup {
        let values = try xcconfigAssignments(in: data).filter { isSetting($0.name, named: setting) }.map(\.value)
        return KeyLookup(values: values, describesApp: false)
    }

    /// The `NAME = value` assignments of an xcconfig file, in order, values unquoted.
    public static func xcconfigAssignments(in data: Data) throws(ParseError) -> [(name: String, value: String)] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ParseError(reason: "not UTF-8 text")
        }
        var assignments: [(name: String, value: String)] = []
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = String(trimmingHorizontalSpace(line))
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), let equals = assignment(in: trimmed) else { continue }
            let name = String(trimmingHorizontalSpace(trimmed[..<equals]))
            var value = String(trimmingHorizontalSpace(trimmed[trimmed.index(after: equals)...]))
            if value.hasSuffix(";") { value = String(trimmingHorizontalSpace(value.dropLast())) }
            assignments.append((name, unquoted(value)))
        }
        return assignments
    }

    /// `text` without horizontal white space at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes, without bridging every line of every
    /// configuration file to `NSString` (the xcconfig files are read for each application target
    /// and build configuration).
    public static func trimmingHorizontalSpace(_ text: Substring) -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            // ASCII answered here; the rest by Foundation's own set (which, on Linux, also holds
            // characters outside the space separators, such as U+200B).
            scalar.isASCII ? scalar == " " || scalar == "\t" : CharacterSet.whitespaces.contains(scalar)
        }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return Substring(scalars[start..<end])
    }

    /// The `=` of `NAME = value` or `NAME[sdk=iphoneos*] = value` (the condition holds `=` too).
    private static func assignment(in line: String) -> String.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=" where depth == 0: return index
            default: continue
            }
        }
        return nil
    }

    /// `"text"` → `text`; `""` → empty (build settings are quoted the shell's way).
    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" else {
            return value
        }
        return String(value.dropFirst().dropLast())
    }
}
