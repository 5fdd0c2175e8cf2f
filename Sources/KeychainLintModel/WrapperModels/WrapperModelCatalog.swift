/// The wrapper models compiled into keychain-lint: one YAML text per library (in `BuiltIn/`, kept
/// as Swift string literals so a release binary copied anywhere has them without a resource
/// bundle), read once.
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

    private static let loaded: (models: [WrapperModel], errors: [WrapperModelError]) = {
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
    }()

    /// The built-in models that loaded. A model that fails to load is left out rather than
    /// stopping every scan; a test requires `builtInErrors` to be empty.
    public static var builtIn: [WrapperModel] { loaded.models }
    public static var builtInErrors: [WrapperModelError] { loaded.errors }
}

extension WrapperModelCatalog {
    /// "KeychainAccess 3.0.0 – 4.2.2, Valet 3.0.0 – 5.1.0, …" for documentation.
    public static var summary: String {
        builtIn.map { "\($0.library) \($0.versions)" }.joined(separator: ", ")
    }
}
