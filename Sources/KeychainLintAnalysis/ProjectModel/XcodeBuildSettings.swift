import KeychainLintModel
import Foundation

/// The effective build settings of an Xcode target's configuration, as far as files in the scan
/// say: the `.xcconfig` files it is based on (following `#include` and `#include?`), then the
/// project's and the target's own settings over them, and `$(NAME)` references expanded.
public enum XcodeBuildSettings {
    public struct Resolved: Sendable {
        /// Setting name → value, references expanded where known.
        public var settings: [String: String]
        /// The configuration files read, in order.
        public var configurationFiles: [String]
        /// Configuration files named but not available (not in the scan or not readable).
        public var missingFiles: [String]
    }

    /// `file` gives a file's contents by normalized path, or nil.
    public static func resolve(
        _ configuration: BuildConfiguration, target: String, projectDirectory: String, file: (String) -> Data?
    ) -> Resolved {
        var settings: [String: String] = [:]
        var read: [String] = []
        var missing: [String] = []
        var queue = configuration.baseConfigurationFiles.map { (path: ProjectPath.normalized($0), optional: false) }
        // An include cycle or a very long chain stops here; real chains are a few files long.
        while !queue.isEmpty, read.count < 64 {
            let (path, optional) = queue.removeFirst()
            guard !read.contains(path), !missing.contains(path) else { continue }
            guard let data = file(path), let assignments = try? ProjectFiles.xcconfigAssignments(in: data) else {
                // `#include?` is Xcode's include-if-present (often a secret left out of the repository).
                if !optional { missing.append(path) }
                continue
            }
            read.append(path)
            for (name, value) in assignments where settings[name] == nil { settings[name] = value }
            queue += includes(in: data).map { (ProjectPath.join(ProjectPath.directory(of: path), $0.path), $0.optional) }
        }
        settings.merge(configuration.settings) { _, own in own }
        settings["TARGET_NAME"] = settings["TARGET_NAME"] ?? target
        for root in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] { settings[root] = "." }
        return Resolved(settings: settings, configurationFiles: read, missingFiles: missing)
    }

    /// Expands `$(NAME)` and `${NAME}` with `settings` (a few rounds, for references to
    /// references); nil when a reference stays unknown.
    public static func expand(_ value: String, with settings: [String: String]) -> String? {
        var text = value
        for _ in 0..<8 where text.contains("$") {
            var changed = false
            for (open, close) in [("$(", ")"), ("${", "}")] {
                while let start = text.range(of: open), let end = text[start.upperBound...].range(of: close) {
                    let name = String(text[start.upperBound..<end.lowerBound])
                    guard let replacement = settings[name] else { return nil }
                    text.replaceSubrange(start.lowerBound..<end.upperBound, with: replacement)
                    changed = true
                }
            }
            if !changed { break }
        }
        return text.contains("$(") || text.contains("${") ? nil : text
    }

    /// The Info.plist a configuration names (`INFOPLIST_FILE`), relative to the project folder
    /// and spelled as the scan spells paths; nil when it names none, `.unknown` when it cannot
    /// be expanded.
    public static func infoPlistFile(_ resolved: Resolved, projectDirectory: String) -> InfoPlistFile? {
        guard let value = resolved.settings["INFOPLIST_FILE"], !value.isEmpty else { return nil }
        guard let path = expand(unquoted(value), with: resolved.settings) else { return .unknown(value) }
        return .path(ProjectPath.join(projectDirectory, path))
    }

    public enum InfoPlistFile: Sendable, Hashable {
        case path(String)
        case unknown(String)
    }

    /// `#include "Shared.xcconfig"` and `#include? "Optional.xcconfig"` lines.
    static func includes(in data: Data) -> [(path: String, optional: Bool)] {
        guard let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).compactMap { line -> (String, Bool)? in
            let trimmed = String(ProjectFiles.trimmingHorizontalSpace(line))
            guard trimmed.hasPrefix("#include"), let open = trimmed.firstIndex(of: "\""),
                let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"")
            else { return nil }
            return (String(trimmed[trimmed.index(after: open)..<close]), trimmed.hasPrefix("#include?"))
        }
    }

    static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return value }
        return String(value.dropFirst().dropLast())
    }
}
