import KeychainLintCore

extension ScanResult {
    /// The result with every relative path (spelled from `root`, as the scan spells them)
    /// re-spelled from `base` (`--base-path`), findings then sorted again.
    ///
    /// The scan itself always runs from the project root: which configuration files apply, which
    /// files are found and what the rules report never depend on how paths are spelled. Absolute
    /// paths (the cache file) are left as they are; fingerprints, computed from the root, too.
    public func respelled(from root: ProjectRoot, to base: ProjectRoot) -> ScanResult {
        guard root.path != base.path else { return self }
        func spell(_ path: String) -> String {
            guard !path.hasPrefix("/") else { return path }
            let absolute = path == "." ? root.path : DiscoveryPaths.standardize(DiscoveryPaths.join(root.path, path))
            return base.relative(absolute)
        }
        var result = self
        func spell(_ findings: [Finding]) -> [Finding] {
            findings.map { finding in
                var finding = finding
                finding.range.file = spell(finding.range.file)
                for index in finding.relatedLocations.indices {
                    finding.relatedLocations[index].range.file = spell(finding.relatedLocations[index].range.file)
                }
                return finding
            }.sorted(by: Finding.reportingOrder)
        }
        result.known = spell(known)
        result.suppressed = spell(suppressed)
        result.findings = findings.map { finding in
            var finding = finding
            finding.range.file = spell(finding.range.file)
            for index in finding.relatedLocations.indices {
                finding.relatedLocations[index].range.file = spell(finding.relatedLocations[index].range.file)
            }
            return finding
        }.sorted(by: Finding.reportingOrder)
        result.diagnostics = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.file = spell(diagnostic.file)
            return diagnostic
        }.sorted(by: ScanDiagnostic.order)
        result.stats.configurationFiles = stats.configurationFiles.map(spell)
        result.stats.modules = stats.modules.map { module in
            var module = module
            module.manifest = module.manifest.map(spell)
            return module
        }
        return result
    }
}
