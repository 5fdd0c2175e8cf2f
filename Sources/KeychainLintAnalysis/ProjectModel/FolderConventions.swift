import KeychainLintModel

/// What a folder's name says about the code under it when no manifest does: the conventions of
/// Xcode's templates (`AppTests`, `AppUITests`) and SwiftPM (`Tests/`), and the names repositories
/// give their sample apps. Only folders below the scanned root count: scanning `~/Tests/MyApp`
/// does not make MyApp test code.
public enum FolderConventions {
    /// `Tests`, `*Tests` (so `*UITests`, `UnitTests`, `UITests`), and lower-case `tests`.
    public static func isTestFolder(_ name: some StringProtocol) -> Bool {
        name.hasSuffix("Tests") || name == "tests"
    }

    /// An application target that only hosts tests: `TestHost`, `Valet iOS Test Host App`,
    /// `KeychainTestApp`, `ValetTouchIDTest`, `AppTests`; or one that only drives screenshot
    /// runs (`Save Screenshots`, `ScreenshotsApp`: fastlane snapshot's harnesses), which ships to
    /// no user either.
    public static func isTestHostName(_ name: String) -> Bool {
        ["TestHost", "Test Host", "TestApp", "Test App", "Screenshot"].contains { name.contains($0) }
            || name.hasSuffix("Test") || name.hasSuffix("Tests")
    }

    /// `Example`, `Examples`, `Demo`, `Demos`, `Sample`, `Samples`, and names ending in one of
    /// them or in one followed by `App` (`KeychainExample`, `Store-Sample`, `DemoApp`,
    /// `Example App`).
    public static func isSampleFolder(_ name: some StringProtocol) -> Bool {
        var stem = Substring(name)
        for suffix in [" App", "-App", "App"] where stem.hasSuffix(suffix) && stem.count > suffix.count {
            stem = stem.dropLast(suffix.count)
            break
        }
        return ["Example", "Examples", "Demo", "Demos", "Sample", "Samples"].contains { stem.hasSuffix($0) }
    }

    /// The role the folders of `relativePath` (below the scanned root, file name excluded) give
    /// it, with the folder that decides: the outermost test folder, else the outermost sample
    /// folder; nil when neither is there.
    public static func role(ofRelativePath relativePath: String) -> (role: ModuleRole, folder: String)? {
        let folders = ProjectPath.normalized(relativePath).split(separator: "/").dropLast()
        var prefix: [Substring] = []
        var sample: String?
        for folder in folders {
            prefix.append(folder)
            if isTestFolder(folder) { return (.test, prefix.joined(separator: "/")) }
            if sample == nil, isSampleFolder(folder) { sample = prefix.joined(separator: "/") }
        }
        return sample.map { (.sample, $0) }
    }
}
