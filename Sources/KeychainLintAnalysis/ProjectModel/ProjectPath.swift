import KeychainLintModel

/// Paths as the scan spells them, joined and compared without touching the disk: manifests name
/// files relative to their own folder (`../Shared/Keys.swift`, `$(SRCROOT)/App/Info.plist`), the
/// scan names them from where it started (`./App/Keys.swift`, `App/Keys.swift`).
public enum ProjectPath {
    /// `./a//b/../c` → `a/c`; a leading `/` is kept; `..` that climbs above the start is kept.
    public static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !absolute {
                    parts.append(part)
                }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// `directory` + `relative` (an absolute `relative` stands alone), normalized.
    public static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty { return normalized(relative) }
        return normalized(directory + "/" + relative)
    }

    /// The folder holding `path` ("" for a bare name), normalized.
    public static func directory(of path: String) -> String {
        let normalizedPath = normalized(path)
        guard let slash = normalizedPath.lastIndex(of: "/") else { return "" }
        if slash == normalizedPath.startIndex { return "/" }
        return String(normalizedPath[..<slash])
    }

    /// Whether `path` lies inside `directory` (both normalized); "" contains every relative path.
    public static func isInside(_ path: String, _ directory: String) -> Bool {
        if directory.isEmpty { return !path.hasPrefix("/") }
        if directory == "/" { return path.hasPrefix("/") }
        // Bytes, without building `directory + "/"`: asked for every file and every folder a
        // project claims (thousands of each in a large checkout).
        let inner = path.utf8, outer = directory.utf8
        guard inner.count > outer.count, inner.starts(with: outer) else { return false }
        return inner[inner.index(inner.startIndex, offsetBy: outer.count)] == UInt8(ascii: "/")
    }

    /// The last component: `Sources/Vault` → `Vault`.
    public static func lastComponent(_ path: String) -> String {
        let normalizedPath = normalized(path)
        return normalizedPath.split(separator: "/").last.map(String.init) ?? normalizedPath
    }
}
