import Foundation
import KeychainLintCore

/// The findings a team has accepted, so that a scan reports only new ones (`--write-baseline`,
/// `--baseline`; `--new-since` matches the same way against the scan of an earlier commit).
///
/// An entry is a path (relative to the project root), a rule id and the finding's
/// `codeFingerprint` (the judged code, without its place, spacing or message), with how many
/// findings have that key: a second identical finding is new. Lines inserted above a finding,
/// reformatting, and a message re-worded by a newer version leave the key as it is; a renamed
/// file is followed when the caller maps its old path to the new one (`renames`).
public struct Baseline: Codable, Equatable, Sendable {
    public static let formatVersion = 1

    public struct Entry: Codable, Equatable, Sendable {
        public var file: String
        public var ruleId: String
        public var fingerprint: String
        public var count: Int
        /// For people reading the file: where the findings were and what the first one said.
        /// Not part of the key.
        public var lines: [Int]
        public var message: String
    }

    public var version: Int
    public var tool: String
    /// The commit the baseline was written at (`git rev-parse HEAD`), for following renames since.
    public var commit: String?
    public var pathsRelativeTo: String
    public var findings: [Entry]

    public static let pathsDescription = "the project root: the git root, else the folder of the configuration file, else the current folder"

    /// The baseline of `findings` (as a scan reports them, paths from the project root).
    public init(findings: [Finding], commit: String?) {
        var grouped: [String: Entry] = [:]
        var order: [String] = []
        for finding in findings.sorted(by: Finding.reportingOrder) {
            let key = Self.key(file: finding.range.file, ruleId: finding.ruleId, fingerprint: finding.codeFingerprint)
            if grouped[key] == nil {
                order.append(key)
                grouped[key] = Entry(
                    file: finding.range.file, ruleId: finding.ruleId, fingerprint: finding.codeFingerprint, count: 0,
                    lines: [], message: finding.message)
            }
            grouped[key]!.count += 1
            grouped[key]!.lines.append(finding.range.start.line)
        }
        self.version = Self.formatVersion
        self.tool = "\(KeychainLintVersion.toolName) \(KeychainLintVersion.current)"
        self.commit = commit
        self.pathsRelativeTo = Self.pathsDescription
        self.findings = order.map { grouped[$0]! }.sorted {
            ($0.file, $0.ruleId, $0.fingerprint) < ($1.file, $1.ruleId, $1.fingerprint)
        }
    }

    static func key(file: String, ruleId: String, fingerprint: String) -> String {
        "\(file)\n\(ruleId)\n\(fingerprint)"
    }

    /// Pretty-printed JSON with sorted keys: the same findings always give the same file.
    public func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads a baseline file; a one-line error for a missing, unreadable or malformed one.
    public static func load(path: String, spelled: String) throws -> Baseline {
        let data: Data
        switch RegularFile.read(path, limit: 256 * 1024 * 1024) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let problem):
            throw BaselineError("cannot read baseline '\(spelled)': \(problem.description)")
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw BaselineError("'\(spelled)' is not a keychain-lint baseline (write one with --write-baseline): \(Self.reason(error))")
        }
        guard baseline.version == formatVersion else {
            throw BaselineError("baseline '\(spelled)' has format version \(baseline.version); this keychain-lint reads version \(formatVersion)")
        }
        if let bad = baseline.findings.first(where: { $0.count < 1 }) {
            throw BaselineError("baseline '\(spelled)': the entry for \(bad.file) (\(bad.ruleId)) has count \(bad.count); it must be at least 1")
        }
        return baseline
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\(path(context.codingPath + [key]))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at '\(path(context.codingPath))'"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at '\(path(context.codingPath))'"
        default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// What matching a scan's findings against the baseline gives.
    public struct Match: Sendable {
        /// Findings the baseline does not have (or has fewer of), in reporting order.
        public var new: [Finding] = []
        /// Findings it has.
        public var known: [Finding] = []
        /// Entries (with how many of their findings) that matched nothing; only those `judged`.
        public var stale: [Entry] = []
    }

    /// Splits `findings` into new and known. `renames` maps a path as the baseline spells it to the
    /// file's path now. `judged` says whether an entry that matched nothing is stale (its file and
    /// rule were part of this scan).
    public func match(_ findings: [Finding], renames: [String: String] = [:], judged: (Entry) -> Bool = { _ in true }) -> Match {
        var remaining: [String: Int] = [:]
        var entries: [String: Entry] = [:]
        for var entry in self.findings {
            entry.file = renames[entry.file] ?? entry.file
            let key = Self.key(file: entry.file, ruleId: entry.ruleId, fingerprint: entry.fingerprint)
            remaining[key, default: 0] += entry.count
            entries[key] = entry
        }
        var result = Match()
        for finding in findings.sorted(by: Finding.reportingOrder) {
            let key = Self.key(file: finding.range.file, ruleId: finding.ruleId, fingerprint: finding.codeFingerprint)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
                result.known.append(finding)
            } else {
                result.new.append(finding)
            }
        }
        for (key, left) in remaining where left > 0 {
            var entry = entries[key]!
            entry.count = left
            if judged(entry) { result.stale.append(entry) }
        }
        result.stale.sort { ($0.file, $0.ruleId, $0.fingerprint) < ($1.file, $1.ruleId, $1.fingerprint) }
        return result
    }
}

public struct BaselineError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension ScanResult {
    /// The result with `match.known` taken out of the reported findings (kept in `known`).
    public func keepingNew(_ match: Baseline.Match, knownFrom: String) -> ScanResult {
        var result = self
        result.findings = match.new
        result.known = match.known
        result.stats.knownFindings = match.known.count
        result.stats.knownFrom = knownFrom
        return result
    }
}
