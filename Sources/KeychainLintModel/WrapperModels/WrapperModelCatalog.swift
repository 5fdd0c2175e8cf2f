/// The wrapper models compiled into keychain-lint: one YAML text per library (in `BuiltIn/`, kept
/// as Swift string literals so a release binary copied anywhere has them without a resource
/// bundle). The YAML is where the models are written and documented; a scan uses the same models
/// as Swift values generated from it (`GeneratedBuiltInModels.swift`), since reading the YAML
/// took a sixth of the work of a process that has little to scan. A test requires the generated
/// values to equal what `WrapperModelLoader` reads from the YAML; after editing a model,
/// `KEYCHAIN_LINT_REGENERATE_MODELS=1 swift test --filter WrapperModelTests` writes them again.
public enum WrapperModelCatalog {
    /// File name (for messages) and YAML text of each built-in model.
    public static let builtInSources: [(source: String, yaml: String)] = [
        ("KeychainAccess.yml", keychainAccessModel),
        ("Valet.yml", valetModel),
        ("keychain-swift.yml", keychainSwiftModel),
        ("SwiftKeychainWrapper.yml", swiftKeychainWrapperModel),
        ("SimpleKeychain.yml", simpleKeychainModel),
        ("EllipticCurveKeyPair.yml", ellipticCurveKeyPairModel),
        ("OktaSecureStorage.yml", oktaSecureStorageModel),
        ("Locksmith.yml", locksmithModel),
        ("A0SimpleKeychain.yml", a0SimpleKeychainModel),
        ("SAMKeychain.yml", samKeychainModel),
        ("UICKeyChainStore.yml", uicKeyChainStoreModel),
    ]

    /// The built-in models read from their YAML (`builtInSources`), and the errors of those that
    /// do not load.
    public static func loadBuiltInSources() -> (models: [WrapperModel], errors: [WrapperModelError]) {
        var models: [WrapperModel] = []
        var errors: [WrapperModelError] = []
        for (source, yaml) in builtInSources {
            do {
                // Plain scalars stay untagged: no built-in model spells one key twice.
                models.append(try WrapperModelLoader.load(yaml: yaml, source: source, resolver: .basic))
            } catch let error as WrapperModelError {
                errors.append(error)
            } catch {
                errors.append(WrapperModelError(source: source, path: "", message: "\(error)"))
            }
        }
        return (models, errors)
    }

    /// The built-in models, as `loadBuiltInSources()` reads them (generated from the YAML; a test
    /// requires that every model loads and equals its generated value).
    public static var builtIn: [WrapperModel] { generatedBuiltIn }
    public static var builtInErrors: [WrapperModelError] { loadBuiltInSources().errors }
}

extension WrapperModelCatalog {
    /// "KeychainAccess 3.0.0 – 4.2.2, Valet 3.0.0 – 5.1.0, …" for documentation.
    public static var summary: String {
        builtIn.map { "\($0.library) \($0.versions)" }.joined(separator: ", ")
    }
}
