import KeychainLintModel

/// Paths as the scan spells them, joined and compared without touching the disk: manifests name
/// files relative to their own folder (`../Shared/Keys.swift`, `$(SRCROOT)/App/Info.plist`), the
/// scan names them from where it started (`./App/Keys.swift`, `App/Keys.swift`).
public enum ProjectPath {
    /// `./a//b/../c` → `a/c`; a leading `/` is kept; `..` that climbs above the start is kept.
    public static func normalized(_ path: String) -> String {
        // Most paths a scan asks about are normalized already (discovery spells them so), and
        // this is asked for every file many times while the project model is built.
        if isNormalized(path) { return path }
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

    /// No empty, `.` or `..` component, no trailing `/` (a leading one is kept): `normalized`
    /// would return the path unchanged.
    static func isNormalized(_ path: String) -> Bool {
        var componentLength = 0
        var dots = 0
        var first = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if first {
                    first = false
                    if componentLength == 0 { continue }  // the leading `/` of an absolute path
                }
                if componentLength == 0 || dots == componentLength && componentLength <= 2 { return false }
                componentLength = 0
                dots = 0
            } else {
                first = false
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        if path.isEmpty { return true }
        return componentLength > 0 && !(dots == componentLength && componentLength <= 2)
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
        // After the last `/` (a normalized path has no empty component but a leading one).
        guard let slash = normalizedPath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return normalizedPath }
        let last = normalizedPath[normalizedPath.index(after: slash)...]
        return last.isEmpty ? normalizedPath : String(last)
    }
}
