/// A Keychain wrapper library (KeychainAccess, Valet, …) described as data: which of its calls
/// take an accessibility, access-control flags or a synchronizable switch, what each option
/// spelling means to Security, which calls write and which only search, and the library's
/// defaults. Apps link these libraries as binaries or packages, so their source is not in the
/// scan; the model stands in for it. Built-in models are YAML text compiled into the binary
/// (`WrapperModelCatalog`), read by `WrapperModelLoader` into these types; no syntax here.
public struct WrapperModel: Hashable, Sendable {
    /// The library's name as its users know it: "KeychainAccess", "keychain-swift".
    public var library: String
    /// The Swift module an app imports: `import KeychainSwift`.
    public var module: String
    /// The releases whose public API the model describes (free text: "1.0.0 – 4.2.2").
    public var versions: String
    /// Public sources the facts were read from.
    public var references: [WrapperReference]
    public var types: [WrapperType]
    public var options: [WrapperOptionSet]
    public var calls: [WrapperCall]
    public var defaults: WrapperDefaults
    /// Declared in the configuration (`models:`) for a team's own wrapper: its calls are also
    /// recognised in the files of the module it names, which use the wrapper without importing it.
    /// A built-in model applies only where its library is imported (never inside its own source).
    public var isDeclaredInConfiguration = false
    /// Objective-C headers that declare the library (`SAMKeychain.h`, compared with the last path
    /// component of an `#import`/`#include`): an Objective-C file that includes one, or
    /// `@import`s the module, sees the library's calls that name a `selector` and its setters.
    /// Empty for a library that has no Objective-C API.
    public var headers: [String] = []

    public init(
        library: String, module: String, versions: String, references: [WrapperReference], types: [WrapperType],
        options: [WrapperOptionSet], calls: [WrapperCall], defaults: WrapperDefaults
    ) {
        self.library = library
        self.module = module
        self.versions = versions
        self.references = references
        self.types = types
        self.options = options
        self.calls = calls
        self.defaults = defaults
    }

    /// Every property (the built-in models' generated values, `GeneratedBuiltInModels.swift`).
    init(
        library: String, module: String, versions: String, references: [WrapperReference], types: [WrapperType],
        options: [WrapperOptionSet], calls: [WrapperCall], defaults: WrapperDefaults, headers: [String]
    ) {
        self.init(
            library: library, module: module, versions: versions, references: references, types: types, options: options, calls: calls,
            defaults: defaults)
        self.headers = headers
    }

    public func type(named name: String) -> WrapperType? { types.first { $0.name == name } }

    /// For each type of `models` that the app constructs by name (`Keychain(service: s)`), the
    /// labels of its initializers' arguments that have a role (`_` for one found by position):
    /// what checks read of such a construction. The same name in two models gets both lists.
    public static func constructionArgumentsWithRoles(in models: [WrapperModel]) -> [String: Set<String>] {
        var read: [String: Set<String>] = [:]
        for model in models {
            for type in model.types where type.initializers {
                var labels = read[type.name] ?? []
                for call in model.calls(named: "init", on: type.name) {
                    for argument in call.arguments {
                        switch argument.place {
                        case .label(let label): labels.insert(label)
                        case .position: labels.insert("_")
                        }
                    }
                }
                read[type.name] = labels
            }
        }
        return read
    }
    public func optionSet(named name: String) -> WrapperOptionSet? { options.first { $0.name == name } }

    /// The calls named `name` on `type` (an initializer is named `init`).
    public func calls(named name: String, on type: String) -> [WrapperCall] {
        calls.filter { $0.name == name && $0.type == type }
    }

    /// The entries for a call written with `labels` (`_` for an unlabelled argument): the overload
    /// listed with exactly these labels, else the entries that stand for every overload.
    public func calls(named name: String, on type: String, labels: [String]) -> [WrapperCall] {
        let entries = calls(named: name, on: type)
        let exact = entries.filter { $0.labels == labels }
        return exact.isEmpty ? entries.filter { $0.labels == nil } : exact
    }

    /// The entries an Objective-C message with `selector` is, on `type`.
    public func calls(selector: String, on type: String) -> [WrapperCall] {
        calls.filter { $0.type == type && $0.selector == selector }
    }

    /// Whether an Objective-C file that includes `header` (`SAMKeychain/SAMKeychain.h`,
    /// `UICKeyChainStore.h`) or `@import`s `module` sees the library.
    public func isDeclared(byHeader header: String) -> Bool {
        guard !headers.isEmpty else { return false }
        let file = header.split(separator: "/").last.map(String.init) ?? header
        return headers.contains(file)
    }

    /// Spellings of option `name` of `optionSet` an Objective-C file writes: the enumeration's
    /// name followed by the case with its first letter capitalised
    /// (`UICKeyChainStoreAccessibilityAlways` for `always`), which is how Swift imports an
    /// `NS_ENUM`/`NS_OPTIONS` constant as a case (the common prefix dropped).
    public static func objectiveCSpelling(of name: String, in optionSet: String) -> String {
        optionSet + name.prefix(1).uppercased() + name.dropFirst()
    }
}

/// A public repository and the commit (or tag) the model's facts were read at.
public struct WrapperReference: Hashable, Sendable {
    public var repository: String
    public var commit: String
    /// What was read there: a file, a release ("tag 3.2.8: the removed `.always`").
    public var note: String?

    public init(repository: String, commit: String, note: String? = nil) {
        self.repository = repository
        self.commit = commit
        self.note = note
    }
}

/// A library type whose instances carry a configuration (`Keychain`, `Valet`, `KeychainWrapper`).
public struct WrapperType: Hashable, Sendable {
    public var name: String
    /// Whether `Type(…)` / `Type.init(…)` creates an instance the app can configure.
    public var initializers: Bool
    /// Static properties that hold an instance (`KeychainWrapper.standard`).
    public var sharedInstances: [String]
    /// A protocol the app's own types conform to (Locksmith `CreateableSecureStorable`): an
    /// instance of an app type that declares the conformance is an instance of this type.
    public var conformance: Bool
    /// Protocol requirements the app's conforming type implements, whose values the library
    /// writes (Locksmith `var accessible: LocksmithAccessibleOption?`).
    public var properties: [WrapperProperty]

    public init(
        name: String, initializers: Bool, sharedInstances: [String], conformance: Bool = false, properties: [WrapperProperty] = []
    ) {
        self.name = name
        self.initializers = initializers
        self.sharedInstances = sharedInstances
        self.conformance = conformance
        self.properties = properties
    }

    public func property(for role: WrapperArgumentRole) -> WrapperProperty? {
        properties.first { $0.role == role }
    }
}

/// A property an app type implements for the library (a protocol requirement), read as an
/// argument of the library's writes on that type.
public struct WrapperProperty: Hashable, Sendable {
    public var role: WrapperArgumentRole
    /// The property's name (`accessible`).
    public var name: String
    /// The option set its values belong to.
    public var options: String

    public init(role: WrapperArgumentRole, name: String, options: String) {
        self.role = role
        self.name = name
        self.options = options
    }
}

/// What the values of a library option enumeration stand for.
public enum WrapperOptionMeaning: String, Hashable, Sendable, CaseIterable {
    /// A `kSecAttrAccessible…` constant.
    case accessibility
    /// `SecAccessControlCreateFlags`.
    case accessControlFlags
}

/// A library enumeration or option set (`Accessibility`, `AuthenticationPolicy`,
/// `SecureEnclaveAccessControl`): each spelling and what Security receives for it.
public struct WrapperOptionSet: Hashable, Sendable {
    public var name: String
    public var meaning: WrapperOptionMeaning
    /// Spelling → Security names: one accessibility constant, or one or more flag names
    /// (`biometricAny` → [`biometryAny`]).
    public var values: [String: [String]]
    /// The option set's raw values are `SecAccessControlCreateFlags` bits (the library converts
    /// with `SecAccessControlCreateFlags(rawValue:)`), so `.init(rawValue: 2)` is `.biometryAny`.
    public var rawValuesAreSecurityBits: Bool

    public init(name: String, meaning: WrapperOptionMeaning, values: [String: [String]], rawValuesAreSecurityBits: Bool) {
        self.name = name
        self.meaning = meaning
        self.values = values
        self.rawValuesAreSecurityBits = rawValuesAreSecurityBits
    }
}

/// What a library call does with the settings it is given.
public enum WrapperCallEffect: String, Hashable, Sendable, CaseIterable {
    /// Creates or configures an instance (initializer, builder, static factory): the instance's
    /// writes store what it was given.
    case configure
    /// Stores an item with what it is given (`set(_:forKey:withAccessibility:)`).
    case write
    /// Reads, checks, deletes or migrates: what it is given only selects items (never reported).
    case search
}

/// What an argument of a library call carries.
public enum WrapperArgumentRole: String, Hashable, Sendable, CaseIterable {
    case accessibility
    case accessControlFlags
    /// A Bool: whether the item is synchronized through iCloud Keychain.
    case synchronizable
    /// A String the library hands to `LAContext.setCredential(_:type: .applicationPassword)` on
    /// every write and read (OktaSecureStorage `init(applicationPassword:)`).
    case applicationPassword
    /// An instance of a library type given here configures a public key (EllipticCurveKeyPair
    /// `Config(publicKeyAccessControl:)`): a public key is no secret, so only the deprecated Always
    /// accessibility is reported on it, as low.
    case publicKey
    /// An instance of a library type given here configures the private key the library creates
    /// (EllipticCurveKeyPair `Config(privateKeyAccessControl:)`): its flags must require the user
    /// (`swift.key_without_user_authentication`).
    case privateKey
}

/// Where an argument is in a call.
public enum WrapperArgumentPlace: Hashable, Sendable, CustomStringConvertible {
    /// The argument with this label (`withAccessibility:`).
    case label(String)
    /// The unlabelled argument at this index, counting every argument (`accessibility(_:)` → 0).
    case position(Int)

    public var description: String {
        switch self {
        case .label(let label): "label '\(label)'"
        case .position(let index): "position \(index)"
        }
    }
}

public struct WrapperArgument: Hashable, Sendable {
    public var role: WrapperArgumentRole
    public var place: WrapperArgumentPlace
    /// The option set the argument's values belong to (nil for a Bool such as synchronizable).
    public var options: String?
    /// The argument takes Security's own value: a `kSecAttrAccessible…` constant (or its raw
    /// string) for an accessibility, `SecAccessControlCreateFlags` for flags
    /// (EllipticCurveKeyPair `AccessControl(protection:flags:)`, OktaSecureStorage `accessibility:`).
    public var security: Bool
    /// The argument is a Bool that, when true, means these SecAccessControlCreateFlags (and no
    /// flags when false): OktaSecureStorage `behindBiometrics: true` → `[.biometryCurrentSet, .or, .devicePasscode]`.
    public var whenTrue: [String]?

    public init(role: WrapperArgumentRole, place: WrapperArgumentPlace, options: String?, security: Bool = false, whenTrue: [String]? = nil) {
        self.role = role
        self.place = place
        self.options = options
        self.security = security
        self.whenTrue = whenTrue
    }
}

/// One public call of the library (all its overloads that share a name on a type).
public struct WrapperCall: Hashable, Sendable {
    /// The library type the call belongs to.
    public var type: String
    /// The method name, or `init` for the type's initializers.
    public var name: String
    /// Called on the type (`Valet.valet(with:accessibility:)`) rather than on an instance.
    public var isStatic: Bool
    /// A property the app assigns (`keychain.defaultAccessiblity = .always`): its one argument, at
    /// position 0, is the assigned value.
    public var isSetter: Bool = false
    /// The argument labels of one overload (`_` for an unlabelled argument), when the overloads
    /// of a name differ: nil for a call entry that stands for every overload not listed with its
    /// labels. (OktaSecureStorage's `set(data:forKey:behindBiometrics:accessibility:)` drops
    /// `behindBiometrics`, unlike the other `set`s.)
    public var labels: [String]?
    /// The Objective-C selector of the call (`setAccessibilityType:`,
    /// `setAccessibility:authenticationPolicy:`), for a library with an Objective-C API: the
    /// message send an Objective-C file writes. Its arguments are placed by position (the n-th
    /// argument of the message) or by label (the selector piece before the argument). Nil for a
    /// call Objective-C code cannot make; a setter needs none (its property name is the `name`,
    /// assigned with dot syntax or sent as `setName:`).
    public var selector: String?
    public var effect: WrapperCallEffect
    /// The library type of the instance it returns (builders, factories), for call chains.
    public var returns: String?
    public var arguments: [WrapperArgument]

    public init(
        type: String, name: String, isStatic: Bool, effect: WrapperCallEffect, returns: String?, arguments: [WrapperArgument]
    ) {
        self.type = type
        self.name = name
        self.isStatic = isStatic
        self.effect = effect
        self.returns = returns
        self.arguments = arguments
    }

    /// Every property (the built-in models' generated values, `GeneratedBuiltInModels.swift`).
    init(
        type: String, name: String, isStatic: Bool, isSetter: Bool, labels: [String]?, selector: String?, effect: WrapperCallEffect,
        returns: String?, arguments: [WrapperArgument]
    ) {
        self.init(type: type, name: name, isStatic: isStatic, effect: effect, returns: returns, arguments: arguments)
        self.isSetter = isSetter
        self.labels = labels
        self.selector = selector
    }

    public func argument(for role: WrapperArgumentRole) -> WrapperArgument? {
        arguments.first { $0.role == role }
    }
}

/// What the library stores when the app says nothing (never a finding by itself: the app did not
/// choose it; it is the protection when the app adds access-control flags without an accessibility).
public struct WrapperDefaults: Hashable, Sendable {
    /// The accessibility constant, or nil when every way to create an instance requires one.
    public var accessibility: String?
    public var synchronizable: Bool?

    public init(accessibility: String?, synchronizable: Bool?) {
        self.accessibility = accessibility
        self.synchronizable = synchronizable
    }
}
