/// Keychain attribute keys and values in every spelling code uses: the constant
/// (`kSecAttrAccessible`), cast (`kSecAttrAccessible as String`), converted
/// (`String(kSecAttrAccessible)`), or the raw string Security defines (`"pdmn"`).
public enum SecItemKeys {
    /// Raw string values of the constants (Security's SecItemConstants). Wrapper libraries
    /// sometimes write these instead of the names.
    public static let rawValues: [String: String] = [
        "class": "kSecClass",
        "pdmn": "kSecAttrAccessible",
        "accc": "kSecAttrAccessControl",
        "sync": "kSecAttrSynchronizable",
        "svce": "kSecAttrService",
        "acct": "kSecAttrAccount",
        "srvr": "kSecAttrServer",
        "labl": "kSecAttrLabel",
        "atag": "kSecAttrApplicationTag",
        "agrp": "kSecAttrAccessGroup",
        "perm": "kSecAttrIsPermanent",
        "type": "kSecAttrKeyType",
        "bsiz": "kSecAttrKeySizeInBits",
        "tkid": "kSecAttrTokenID",
        "v_Data": "kSecValueData",
        "v_Ref": "kSecValueRef",
        "r_Data": "kSecReturnData",
        "r_Attributes": "kSecReturnAttributes",
        "r_Ref": "kSecReturnRef",
        "m_Limit": "kSecMatchLimit",
        "u_AuthCtx": "kSecUseAuthenticationContext",
        "u_AuthUI": "kSecUseAuthenticationUI",
        "u_OpPrompt": "kSecUseOperationPrompt",
        "u_NoAuthUI": "kSecUseNoAuthenticationUI",
        "private": "kSecPrivateKeyAttrs",
        "public": "kSecPublicKeyAttrs",
    ]

    /// Raw strings of accessibility values (as Security stores them) and other value constants.
    public static let rawAccessibility: [String: String] = [
        "akpu": "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
        "aku": "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
        "ak": "kSecAttrAccessibleWhenUnlocked",
        "cku": "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
        "ck": "kSecAttrAccessibleAfterFirstUnlock",
        "dk": "kSecAttrAccessibleAlways",
        "dku": "kSecAttrAccessibleAlwaysThisDeviceOnly",
    ]

    public static let accessibilityConstants: Set<String> = Set(rawAccessibility.values)

    /// Raw strings of the other value constants rules compare with (Security's SecItemConstants).
    public static let rawValueConstants: [String: String] = rawAccessibility.merging([
        "genp": "kSecClassGenericPassword",
        "inet": "kSecClassInternetPassword",
        "cert": "kSecClassCertificate",
        "keys": "kSecClassKey",
        "idnt": "kSecClassIdentity",
        "m_LimitOne": "kSecMatchLimitOne",
        "m_LimitAll": "kSecMatchLimitAll",
        "u_AuthUIA": "kSecUseAuthenticationUIAllow",
        "u_AuthUIF": "kSecUseAuthenticationUIFail",
        "u_AuthUIS": "kSecUseAuthenticationUISkip",
    ]) { first, _ in first }

    /// The constant a key value names, or nil (`"pdmn"` → `kSecAttrAccessible`).
    /// Attributes whose values no check judges: only that a query has them matters (an LAContext
    /// handed over with `kSecUseAuthenticationContext`), or nothing at all (the data stored, a key's
    /// tag or size, a label). The resolver keeps such an entry with its value unfollowed: the value
    /// is often a parameter, whose callers across the project would otherwise be followed, and
    /// whose possible values would multiply the shapes of every query built with it.
    public static let valuesNotJudged: Set<String> = [
        "kSecValueData", "kSecValueRef", "kSecValuePersistentRef",
        "kSecAttrApplicationTag", "kSecAttrApplicationLabel", "kSecAttrKeySizeInBits", "kSecAttrEffectiveKeySize",
        "kSecAttrLabel", "kSecAttrGeneric", "kSecAttrComment", "kSecAttrDescription", "kSecAttrCreator", "kSecAttrType",
        "kSecAttrPort", "kSecAttrPath", "kSecAttrSecurityDomain", "kSecAttrProtocol", "kSecAttrAuthenticationType",
        "kSecAttrAccessGroup", "kSecUseAuthenticationContext",
    ]

    /// Attributes no check reads at all, neither their value nor whether a query has them: two
    /// queries that differ only in these are the same to every check (`Resolution` keeps one of
    /// them when a query has more shapes than it can hold). What is stored and how it is found
    /// (`kSecValueData`, an account, a service, a server) and the context handed over are read.
    public static let keysNotRead: Set<String> = [
        "kSecAttrApplicationTag", "kSecAttrApplicationLabel", "kSecAttrKeySizeInBits", "kSecAttrEffectiveKeySize",
        "kSecAttrLabel", "kSecAttrGeneric", "kSecAttrComment", "kSecAttrDescription", "kSecAttrCreator", "kSecAttrType",
        "kSecAttrPort", "kSecAttrPath", "kSecAttrSecurityDomain", "kSecAttrProtocol", "kSecAttrAuthenticationType",
        "kSecAttrAccessGroup",
    ]

    public static func keyName(_ value: Value) -> String? {
        constantName(value, raw: rawValues)
    }

    /// The accessibility constant a value names (`"dk"` → `kSecAttrAccessibleAlways`), or nil.
    public static func accessibilityName(_ value: Value) -> String? {
        guard let name = constantName(value, raw: rawAccessibility), accessibilityConstants.contains(name) else { return nil }
        return name
    }

    /// The value constant a value names in any spelling (`"m_LimitAll"` → `kSecMatchLimitAll`,
    /// `kSecUseAuthenticationUISkip as String` → `kSecUseAuthenticationUISkip`), or nil.
    public static func valueName(_ value: Value) -> String? {
        constantName(value, raw: rawValueConstants)
    }

    /// A `kSec…` constant named by a value in any spelling; strings are looked up in `raw`.
    public static func constantName(_ value: Value, raw: [String: String] = [:]) -> String? {
        switch value {
        case .symbol(let name) where name.hasPrefix("kSec"):
            return name
        case .string(let text):
            return raw[text]
        case .call(let call) where ["String", "NSString", "CFString"].contains(call.name) && call.arguments.count == 1:
            return constantName(call.arguments[0].value, raw: raw)
        case .member(let name, let type?) where keychainSwiftConstantTypes.contains(type):
            return keychainSwiftConstants[name]
        default:
            return nil
        }
    }

    /// keychain-swift's `KeychainSwiftConstants` (its source is not in the scan, so the resolver
    /// leaves them as members of that type): Security's keys and one value, as Strings, which
    /// apps use in their own SecItem dictionaries (`Sources/TegKeychainConstants.swift`).
    static let keychainSwiftConstantTypes: Set<String> = ["KeychainSwiftConstants", "KeychainSwift.KeychainSwiftConstants"]
    static let keychainSwiftConstants: [String: String] = [
        "accessGroup": "kSecAttrAccessGroup",
        "accessible": "kSecAttrAccessible",
        "attrAccount": "kSecAttrAccount",
        "attrSynchronizable": "kSecAttrSynchronizable",
        "klass": "kSecClass",
        "matchLimit": "kSecMatchLimit",
        "returnData": "kSecReturnData",
        "valueData": "kSecValueData",
        "returnReference": "kSecReturnPersistentRef",
        "returnAttributes": "kSecReturnAttributes",
        "secMatchLimitAll": "kSecMatchLimitAll",
    ]

    public static func sameKey(_ lhs: Value, _ rhs: Value) -> Bool {
        if let left = keyName(lhs), let right = keyName(rhs) { return left == right }
        return lhs == rhs
    }
}

/// One possible SecItem query: the key/value pairs that reach a `SecItemAdd`, `SecItemUpdate`,
/// `SecItemCopyMatching`, `SecItemDelete` or `SecKeyCreateRandomKey` call, whether written as a
/// literal, built by subscript assignments, merged, or returned by a helper.
public struct KeychainQuery: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        /// `kSecAttrAccessible`, … ; nil when the key is not a known constant.
        public var key: String?
        public var rawKey: Value
        public var value: Value
        /// Where the key was written, when known.
        public var location: ValueLocation?
        /// Where the value was written for this entry, when known.
        public var valueLocation: ValueLocation?
        /// The step by which the value became a choice of the library's users, when its path took
        /// one (`DictionaryEntry.libraryOption`). Not part of the entry's identity.
        public var libraryOption: TraceStep? = nil

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key == rhs.key && lhs.rawKey == rhs.rawKey && lhs.value == rhs.value && lhs.location == rhs.location
                && lhs.valueLocation == rhs.valueLocation
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(rawKey)
            hasher.combine(value)
            hasher.combine(location)
            hasher.combine(valueLocation)
        }
    }

    public var entries: [Entry]
    /// How the dictionary reached the call (variables, helpers, branches).
    public var trace: [TraceStep]

    public init?(_ traced: TracedValue) {
        guard case .dictionary(let entries) = traced.value else { return nil }
        self.entries = entries.map {
            Entry(key: SecItemKeys.keyName($0.key), rawKey: $0.key, value: $0.value, location: $0.location,
                  valueLocation: $0.valueLocation, libraryOption: $0.libraryOption)
        }
        self.trace = traced.trace
    }

    public func contains(_ key: String) -> Bool { entries.contains { $0.key == key } }

    public func entry(_ key: String) -> Entry? { entries.last { $0.key == key } }

    public func value(_ key: String) -> Value? { entry(key)?.value }

    /// A nested dictionary value (`kSecPrivateKeyAttrs`) as a query of its own.
    public func nested(_ key: String) -> KeychainQuery? {
        guard let value = value(key) else { return nil }
        return KeychainQuery(TracedValue(value: value, trace: trace))
    }

    /// The attributes `SecKeyCreateRandomKey` stores for one key of the pair: the top-level
    /// entries with those of `kSecPrivateKeyAttrs` (or `kSecPublicKeyAttrs`) over them, as
    /// Security's `merge_params` builds them. Nil when the nested dictionary is absent or unknown.
    public func keyAttributes(_ nestedKey: String) -> KeychainQuery? {
        guard let nested = nested(nestedKey) else { return nil }
        var merged = self
        let nestedKeys = ["kSecPrivateKeyAttrs", "kSecPublicKeyAttrs"]
        merged.entries.removeAll { entry in
            entry.key.map(nestedKeys.contains) ?? false
                || nested.entries.contains { SecItemKeys.sameKey($0.rawKey, entry.rawKey) }
        }
        merged.entries += nested.entries
        return merged
    }
}
