import KeychainLintCore

extension ScanResult {
    /// Keeps what concerns the given files: a scan of given files (a pre-commit hook, an Xcode
    /// input file list) indexes the whole project, but notes about the files it only indexed
    /// (one that cannot be read, a manifest the model could not use) are not the user's question.
    mutating func keepOnly(_ files: Set<String>) {
        findings = findings.filter { files.contains($0.range.file) }
        suppressed = suppressed.filter { files.contains($0.range.file) }
        diagnostics = diagnostics.filter { files.contains($0.file) }
        stats.testFindings = diagnostics.filter { $0.kind == .testFinding }.count
    }
}
