// Generated from the YAML models in BuiltIn/ (WrapperModelCatalog.builtInSources): do not edit.
// After changing a model: KEYCHAIN_LINT_REGENERATE_MODELS=1 swift test --filter WrapperModelTests

extension WrapperModelCatalog {
    static let generatedBuiltIn: [WrapperModel] = [
        WrapperModel(
            library: "KeychainAccess",
            module: "KeychainAccess",
            versions: "3.0.0 – 4.2.2",
            references: [
                WrapperReference(
                    repository: "https://github.com/kishikawakatsumi/KeychainAccess",
                    commit: "e0c7eeb",
                    note: "Lib/KeychainAccess/Keychain.swift (Accessibility, AuthenticationPolicy, builders, Options.attributes); 4.2.2 plus later commits; the biometry spellings of AuthenticationPolicy since 4.0.0"
                ),
            ],
            types: [
                WrapperType(
                    name: "Keychain",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [
                WrapperOptionSet(
                    name: "Accessibility",
                    meaning: .accessibility,
                    values: [
                        "afterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "afterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "always": ["kSecAttrAccessibleAlways"],
                        "alwaysThisDeviceOnly": ["kSecAttrAccessibleAlwaysThisDeviceOnly"],
                        "whenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "whenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "whenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
                WrapperOptionSet(
                    name: "AuthenticationPolicy",
                    meaning: .accessControlFlags,
                    values: [
                        "and": ["and"],
                        "applicationPassword": ["applicationPassword"],
                        "biometryAny": ["biometryAny"],
                        "biometryCurrentSet": ["biometryCurrentSet"],
                        "devicePasscode": ["devicePasscode"],
                        "or": ["or"],
                        "privateKeyUsage": ["privateKeyUsage"],
                        "touchIDAny": ["touchIDAny"],
                        "touchIDCurrentSet": ["touchIDCurrentSet"],
                        "userPresence": ["userPresence"],
                        "watch": ["watch"],
                    ],
                    rawValuesAreSecurityBits: true
                ),
            ],
            calls: [
                WrapperCall(
                    type: "Keychain",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "accessibility",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .position(0),
                            options: "Accessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("authenticationPolicy"),
                            options: "AuthenticationPolicy",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "synchronizable",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: [
                        WrapperArgument(
                            role: .synchronizable,
                            place: .position(0),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "label",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "comment",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "attributes",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "authenticationPrompt",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "authenticationUI",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "authenticationContext",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Keychain",
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "set",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "setSharedPassword",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "get",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "getString",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "getData",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "remove",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "removeAll",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "contains",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "allKeys",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Keychain",
                    name: "allItems",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: "kSecAttrAccessibleAfterFirstUnlock", synchronizable: false),
            headers: []
        ),
        WrapperModel(
            library: "Valet",
            module: "Valet",
            versions: "3.0.0 – 5.1.0",
            references: [
                WrapperReference(
                    repository: "https://github.com/square/Valet",
                    commit: "a69e31e",
                    note: "Sources/Valet (Valet.swift, SecureEnclaveValet.swift, SinglePromptSecureEnclaveValet.swift, Accessibility.swift, SecureEnclaveAccessControl.swift)"
                ),
                WrapperReference(
                    repository: "https://github.com/square/Valet",
                    commit: "7447d16",
                    note: "tag 3.2.8, the last release with Accessibility.always and .alwaysThisDeviceOnly (removed in 4.0.0)"
                ),
            ],
            types: [
                WrapperType(
                    name: "Valet",
                    initializers: false,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
                WrapperType(
                    name: "SecureEnclaveValet",
                    initializers: false,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
                WrapperType(
                    name: "SinglePromptSecureEnclaveValet",
                    initializers: false,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [
                WrapperOptionSet(
                    name: "Accessibility",
                    meaning: .accessibility,
                    values: [
                        "afterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "afterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "always": ["kSecAttrAccessibleAlways"],
                        "alwaysThisDeviceOnly": ["kSecAttrAccessibleAlwaysThisDeviceOnly"],
                        "whenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "whenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "whenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
                WrapperOptionSet(
                    name: "CloudAccessibility",
                    meaning: .accessibility,
                    values: [
                        "afterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "always": ["kSecAttrAccessibleAlways"],
                        "whenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
                WrapperOptionSet(
                    name: "SecureEnclaveAccessControl",
                    meaning: .accessControlFlags,
                    values: [
                        "biometricAny": ["biometryAny"],
                        "biometricCurrentSet": ["biometryCurrentSet"],
                        "devicePasscode": ["devicePasscode"],
                        "userPresence": ["userPresence"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
            ],
            calls: [
                WrapperCall(
                    type: "Valet",
                    name: "valet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Valet",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: "Accessibility",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Valet",
                    name: "sharedGroupValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Valet",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: "Accessibility",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Valet",
                    name: "sharedAccessGroupValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Valet",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: "Accessibility",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Valet",
                    name: "iCloudValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Valet",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: "CloudAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Valet",
                    name: "iCloudSharedGroupValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Valet",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: "CloudAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Valet",
                    name: "iCloudSharedAccessGroupValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Valet",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: "CloudAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "valet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "SecureEnclaveValet",
                    arguments: [
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("accessControl"),
                            options: "SecureEnclaveAccessControl",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "sharedGroupValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "SecureEnclaveValet",
                    arguments: [
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("accessControl"),
                            options: "SecureEnclaveAccessControl",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "sharedAccessGroupValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "SecureEnclaveValet",
                    arguments: [
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("accessControl"),
                            options: "SecureEnclaveAccessControl",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "valet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "SinglePromptSecureEnclaveValet",
                    arguments: [
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("accessControl"),
                            options: "SecureEnclaveAccessControl",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "sharedGroupValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "SinglePromptSecureEnclaveValet",
                    arguments: [
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("accessControl"),
                            options: "SecureEnclaveAccessControl",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "sharedAccessGroupValet",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "SinglePromptSecureEnclaveValet",
                    arguments: [
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("accessControl"),
                            options: "SecureEnclaveAccessControl",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Valet",
                    name: "setString",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Valet",
                    name: "setObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Valet",
                    name: "string",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Valet",
                    name: "object",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Valet",
                    name: "containsObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Valet",
                    name: "allKeys",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Valet",
                    name: "removeObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "Valet",
                    name: "removeAllObjects",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "setString",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "setObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "string",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "object",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "containsObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "removeObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SecureEnclaveValet",
                    name: "removeAllObjects",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "setString",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "setObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "string",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "object",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "containsObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "allKeys",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "removeObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SinglePromptSecureEnclaveValet",
                    name: "removeAllObjects",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: nil, synchronizable: nil),
            headers: []
        ),
        WrapperModel(
            library: "keychain-swift",
            module: "KeychainSwift",
            versions: "5.0.0 – 24.0.0",
            references: [
                WrapperReference(
                    repository: "https://github.com/evgenyneu/keychain-swift",
                    commit: "5e1b02b",
                    note: "Sources/KeychainSwift.swift, Sources/KeychainSwiftAccessOptions.swift (24.0.0); lowercase option spellings since 5.0.0"
                ),
                WrapperReference(
                    repository: "https://github.com/evgenyneu/keychain-swift",
                    commit: "e2b5207",
                    note: "tag 17.0.0, the last release with .accessibleAlways and .accessibleAlwaysThisDeviceOnly"
                ),
            ],
            types: [
                WrapperType(
                    name: "KeychainSwift",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [
                WrapperOptionSet(
                    name: "KeychainSwiftAccessOptions",
                    meaning: .accessibility,
                    values: [
                        "accessibleAfterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "accessibleAfterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "accessibleAlways": ["kSecAttrAccessibleAlways"],
                        "accessibleAlwaysThisDeviceOnly": ["kSecAttrAccessibleAlwaysThisDeviceOnly"],
                        "accessibleWhenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "accessibleWhenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "accessibleWhenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
            ],
            calls: [
                WrapperCall(
                    type: "KeychainSwift",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "KeychainSwift",
                    arguments: []
                ),
                WrapperCall(
                    type: "KeychainSwift",
                    name: "set",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccess"),
                            options: "KeychainSwiftAccessOptions",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainSwift",
                    name: "synchronizable",
                    isStatic: false,
                    isSetter: true,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .synchronizable,
                            place: .position(0),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainSwift",
                    name: "get",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "KeychainSwift",
                    name: "getData",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "KeychainSwift",
                    name: "getBool",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "KeychainSwift",
                    name: "delete",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "KeychainSwift",
                    name: "clear",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: "kSecAttrAccessibleWhenUnlocked", synchronizable: false),
            headers: []
        ),
        WrapperModel(
            library: "SwiftKeychainWrapper",
            module: "SwiftKeychainWrapper",
            versions: "3.0.0 – 4.0.1",
            references: [
                WrapperReference(
                    repository: "https://github.com/jrendel/SwiftKeychainWrapper",
                    commit: "a3e1004",
                    note: "SwiftKeychainWrapper/KeychainWrapper.swift, SwiftKeychainWrapper/KeychainItemAccessibility.swift"
                ),
            ],
            types: [
                WrapperType(
                    name: "KeychainWrapper",
                    initializers: true,
                    sharedInstances: ["standard", "defaultKeychainWrapper"],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [
                WrapperOptionSet(
                    name: "KeychainItemAccessibility",
                    meaning: .accessibility,
                    values: [
                        "afterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "afterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "always": ["kSecAttrAccessibleAlways"],
                        "alwaysThisDeviceOnly": ["kSecAttrAccessibleAlwaysThisDeviceOnly"],
                        "whenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "whenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "whenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
            ],
            calls: [
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "KeychainWrapper",
                    arguments: []
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "set",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "hasValue",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "integer",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "float",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "double",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "bool",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "string",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "object",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "data",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "dataRef",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "remove",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "removeObject",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("withAccessibility"),
                            options: "KeychainItemAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("isSynchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "removeAllKeys",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "KeychainWrapper",
                    name: "allKeys",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: "kSecAttrAccessibleWhenUnlocked", synchronizable: false),
            headers: []
        ),
        WrapperModel(
            library: "SimpleKeychain",
            module: "SimpleKeychain",
            versions: "1.0.0 – 1.3.0",
            references: [
                WrapperReference(
                    repository: "https://github.com/auth0/SimpleKeychain",
                    commit: "466c3f3",
                    note: "1.3.0 plus later commits; SimpleKeychain/SimpleKeychain.swift (init, setQuery), SimpleKeychain/Accessibility.swift"
                ),
            ],
            types: [
                WrapperType(
                    name: "SimpleKeychain",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [
                WrapperOptionSet(
                    name: "Accessibility",
                    meaning: .accessibility,
                    values: [
                        "afterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "afterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "whenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "whenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "whenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
                WrapperOptionSet(
                    name: "SecAccessControlCreateFlags",
                    meaning: .accessControlFlags,
                    values: [
                        "and": ["and"],
                        "applicationPassword": ["applicationPassword"],
                        "biometryAny": ["biometryAny"],
                        "biometryCurrentSet": ["biometryCurrentSet"],
                        "companion": ["companion"],
                        "devicePasscode": ["devicePasscode"],
                        "or": ["or"],
                        "privateKeyUsage": ["privateKeyUsage"],
                        "touchIDAny": ["touchIDAny"],
                        "touchIDCurrentSet": ["touchIDCurrentSet"],
                        "userPresence": ["userPresence"],
                        "watch": ["watch"],
                    ],
                    rawValuesAreSecurityBits: true
                ),
            ],
            calls: [
                WrapperCall(
                    type: "SimpleKeychain",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "SimpleKeychain",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: "Accessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("accessControlFlags"),
                            options: "SecAccessControlCreateFlags",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .synchronizable,
                            place: .label("synchronizable"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "SimpleKeychain",
                    name: "set",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SimpleKeychain",
                    name: "string",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SimpleKeychain",
                    name: "data",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SimpleKeychain",
                    name: "hasItem",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SimpleKeychain",
                    name: "keys",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SimpleKeychain",
                    name: "deleteItem",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SimpleKeychain",
                    name: "deleteAll",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: "kSecAttrAccessibleAfterFirstUnlock", synchronizable: nil),
            headers: []
        ),
        WrapperModel(
            library: "EllipticCurveKeyPair",
            module: "EllipticCurveKeyPair",
            versions: "1.0.0 – 2.0",
            references: [
                WrapperReference(
                    repository: "https://github.com/agens-no/EllipticCurveKeyPair",
                    commit: "23c1020",
                    note: "Sources/EllipticCurveKeyPair.swift (Config, Manager, AccessControl and its underlying()); 2.0 plus later commits"
                ),
                WrapperReference(
                    repository: "https://github.com/agens-no/EllipticCurveKeyPair",
                    commit: "0df16da",
                    note: "tag 1.0.2, the same AccessControl(protection:flags:) and Config initializer"
                ),
            ],
            types: [
                WrapperType(
                    name: "AccessControl",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
                WrapperType(
                    name: "Config",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
                WrapperType(
                    name: "Manager",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [],
            calls: [
                WrapperCall(
                    type: "AccessControl",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "AccessControl",
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("protection"),
                            options: nil,
                            security: true,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("flags"),
                            options: nil,
                            security: true,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Config",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Config",
                    arguments: [
                        WrapperArgument(
                            role: .publicKey,
                            place: .label("publicKeyAccessControl"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .privateKey,
                            place: .label("privateKeyAccessControl"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "Manager",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "Manager",
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: nil, synchronizable: nil),
            headers: []
        ),
        WrapperModel(
            library: "OktaSecureStorage",
            module: "OktaSecureStorage",
            versions: "1.0.0 – 1.1.3",
            references: [
                WrapperReference(
                    repository: "https://github.com/okta/okta-storage-swift",
                    commit: "f2a2c24",
                    note: "Sources/OktaSecureStorage.swift (init(applicationPassword:), the set overloads, get, getData, getStoredKeys, delete, clear); 1.1.3 plus later commits"
                ),
            ],
            types: [
                WrapperType(
                    name: "OktaSecureStorage",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [],
            calls: [
                WrapperCall(
                    type: "OktaSecureStorage",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "OktaSecureStorage",
                    arguments: [
                        WrapperArgument(
                            role: .applicationPassword,
                            place: .label("applicationPassword"),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "OktaSecureStorage",
                    name: "set",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: nil,
                            security: true,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("behindBiometrics"),
                            options: nil,
                            security: false,
                            whenTrue: ["biometryCurrentSet", "or", "devicePasscode"]
                        ),
                    ]
                ),
                WrapperCall(
                    type: "OktaSecureStorage",
                    name: "set",
                    isStatic: false,
                    isSetter: false,
                    labels: ["data", "forKey", "behindBiometrics", "accessibility"],
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .label("accessibility"),
                            options: nil,
                            security: true,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "OktaSecureStorage",
                    name: "get",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "OktaSecureStorage",
                    name: "getData",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "OktaSecureStorage",
                    name: "getStoredKeys",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "OktaSecureStorage",
                    name: "delete",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "OktaSecureStorage",
                    name: "clear",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(
                accessibility: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
                synchronizable: false
            ),
            headers: []
        ),
        WrapperModel(
            library: "Locksmith",
            module: "Locksmith",
            versions: "2.0.0 – 4.0.0",
            references: [
                WrapperReference(
                    repository: "https://github.com/matthewpalmer/Locksmith",
                    commit: "49b08bf",
                    note: "Source/Locksmith.swift (SecureStorable.accessible, CreateableSecureStorable), Source/LocksmithAccessibleOption.swift; 4.0.0"
                ),
                WrapperReference(
                    repository: "https://github.com/matthewpalmer/Locksmith",
                    commit: "6b32c7e",
                    note: "tag 2.0.8, the Swift 2 case spellings (.Always, .AlwaysThisDeviceOnly)"
                ),
            ],
            types: [
                WrapperType(
                    name: "CreateableSecureStorable",
                    initializers: false,
                    sharedInstances: [],
                    conformance: true,
                    properties: [WrapperProperty(role: .accessibility, name: "accessible", options: "LocksmithAccessibleOption")]
                ),
            ],
            options: [
                WrapperOptionSet(
                    name: "LocksmithAccessibleOption",
                    meaning: .accessibility,
                    values: [
                        "AfterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "AfterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "Always": ["kSecAttrAccessibleAlways"],
                        "AlwaysThisDeviceOnly": ["kSecAttrAccessibleAlwaysThisDeviceOnly"],
                        "WhenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "WhenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "WhenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                        "afterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "afterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "always": ["kSecAttrAccessibleAlways"],
                        "alwaysThisDeviceOnly": ["kSecAttrAccessibleAlwaysThisDeviceOnly"],
                        "whenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "whenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "whenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
            ],
            calls: [
                WrapperCall(
                    type: "CreateableSecureStorable",
                    name: "createInSecureStore",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "CreateableSecureStorable",
                    name: "updateInSecureStore",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: "kSecAttrAccessibleWhenUnlocked", synchronizable: nil),
            headers: []
        ),
        WrapperModel(
            library: "A0SimpleKeychain",
            module: "SimpleKeychain",
            versions: "0.x (up to 0.12.5)",
            references: [
                WrapperReference(
                    repository: "https://github.com/auth0/SimpleKeychain",
                    commit: "b355c56",
                    note: "tag 0.12.5, SimpleKeychain/A0SimpleKeychain.h and .m (defaultAccessiblity, useAccessControl, the accessibility mapping)"
                ),
                WrapperReference(
                    repository: "https://github.com/auth0/SimpleKeychain",
                    commit: "466c3f3",
                    note: "V1_MIGRATION_GUIDE.md, how the 0.x settings map to 1.x"
                ),
            ],
            types: [
                WrapperType(
                    name: "A0SimpleKeychain",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [
                WrapperOptionSet(
                    name: "A0SimpleKeychainItemAccessible",
                    meaning: .accessibility,
                    values: [
                        "afterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "afterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "always": ["kSecAttrAccessibleAlways"],
                        "alwaysThisDeviceOnly": ["kSecAttrAccessibleAlwaysThisDeviceOnly"],
                        "whenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "whenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "whenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
            ],
            calls: [
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "A0SimpleKeychain",
                    arguments: []
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "defaultAccessiblity",
                    isStatic: false,
                    isSetter: true,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .position(0),
                            options: "A0SimpleKeychainItemAccessible",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "useAccessControl",
                    isStatic: false,
                    isSetter: true,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .position(0),
                            options: nil,
                            security: false,
                            whenTrue: ["userPresence"]
                        ),
                    ]
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "setString",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "setData",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "string",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "data",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "hasValue",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "deleteEntry",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "A0SimpleKeychain",
                    name: "clearAll",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: "kSecAttrAccessibleAfterFirstUnlock", synchronizable: false),
            headers: []
        ),
        WrapperModel(
            library: "SAMKeychain",
            module: "SAMKeychain",
            versions: "1.5.0 – 1.5.3",
            references: [
                WrapperReference(
                    repository: "https://github.com/soffes/SAMKeychain",
                    commit: "d3d64f8",
                    note: "Sources/SAMKeychain.h and .m (setAccessibilityType:, the class methods), Sources/SAMKeychainQuery.m (save writes the setting as kSecAttrAccessible)"
                ),
            ],
            types: [
                WrapperType(
                    name: "SAMKeychain",
                    initializers: false,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
                WrapperType(
                    name: "SAMKeychainQuery",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [],
            calls: [
                WrapperCall(
                    type: "SAMKeychain",
                    name: "setAccessibilityType",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: "setAccessibilityType:",
                    effect: .configure,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .position(0),
                            options: nil,
                            security: true,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "SAMKeychain",
                    name: "setPassword",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychain",
                    name: "setPasswordData",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychain",
                    name: "password",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychain",
                    name: "passwordData",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychain",
                    name: "deletePassword",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychain",
                    name: "allAccounts",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychain",
                    name: "accounts",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychainQuery",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "SAMKeychainQuery",
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychainQuery",
                    name: "save",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychainQuery",
                    name: "fetch",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychainQuery",
                    name: "fetchAll",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "SAMKeychainQuery",
                    name: "deleteItem",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: "kSecAttrAccessibleWhenUnlocked", synchronizable: false),
            headers: ["SAMKeychain.h", "SAMKeychainQuery.h"]
        ),
        WrapperModel(
            library: "UICKeyChainStore",
            module: "UICKeyChainStore",
            versions: "2.0.0 – 2.2.1",
            references: [
                WrapperReference(
                    repository: "https://github.com/kishikawakatsumi/UICKeyChainStore",
                    commit: "db86921",
                    note: "Lib/UICKeyChainStore/UICKeyChainStore.h (the enumerations, properties and setAccessibility:authenticationPolicy:) and .m (the default AfterFirstUnlock in commonInit, attributesWithKey…error building kSecAttrAccessControl or kSecAttrAccessible, and kSecAttrSynchronizable)"
                ),
            ],
            types: [
                WrapperType(
                    name: "UICKeyChainStore",
                    initializers: true,
                    sharedInstances: [],
                    conformance: false,
                    properties: []
                ),
            ],
            options: [
                WrapperOptionSet(
                    name: "UICKeyChainStoreAccessibility",
                    meaning: .accessibility,
                    values: [
                        "afterFirstUnlock": ["kSecAttrAccessibleAfterFirstUnlock"],
                        "afterFirstUnlockThisDeviceOnly": ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"],
                        "always": ["kSecAttrAccessibleAlways"],
                        "alwaysThisDeviceOnly": ["kSecAttrAccessibleAlwaysThisDeviceOnly"],
                        "whenPasscodeSetThisDeviceOnly": ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"],
                        "whenUnlocked": ["kSecAttrAccessibleWhenUnlocked"],
                        "whenUnlockedThisDeviceOnly": ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"],
                    ],
                    rawValuesAreSecurityBits: false
                ),
                WrapperOptionSet(
                    name: "UICKeyChainStoreAuthenticationPolicy",
                    meaning: .accessControlFlags,
                    values: [
                        "applicationPassword": ["applicationPassword"],
                        "controlAnd": ["and"],
                        "controlOr": ["or"],
                        "devicePasscode": ["devicePasscode"],
                        "privateKeyUsage": ["privateKeyUsage"],
                        "touchIDAny": ["touchIDAny"],
                        "touchIDCurrentSet": ["touchIDCurrentSet"],
                        "userPresence": ["userPresence"],
                    ],
                    rawValuesAreSecurityBits: true
                ),
            ],
            calls: [
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "init",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "UICKeyChainStore",
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "keyChainStore",
                    isStatic: true,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: "UICKeyChainStore",
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "accessibility",
                    isStatic: false,
                    isSetter: true,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .position(0),
                            options: "UICKeyChainStoreAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "setAccessibility",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: "setAccessibility:authenticationPolicy:",
                    effect: .configure,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .accessibility,
                            place: .position(0),
                            options: "UICKeyChainStoreAccessibility",
                            security: false,
                            whenTrue: nil
                        ),
                        WrapperArgument(
                            role: .accessControlFlags,
                            place: .label("authenticationPolicy"),
                            options: "UICKeyChainStoreAuthenticationPolicy",
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "synchronizable",
                    isStatic: false,
                    isSetter: true,
                    labels: nil,
                    selector: nil,
                    effect: .configure,
                    returns: nil,
                    arguments: [
                        WrapperArgument(
                            role: .synchronizable,
                            place: .position(0),
                            options: nil,
                            security: false,
                            whenTrue: nil
                        ),
                    ]
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "setString",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "setData",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "setSharedPassword",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .write,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "string",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "data",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "contains",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "removeItem",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "removeAllItems",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "allKeys",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
                WrapperCall(
                    type: "UICKeyChainStore",
                    name: "allItems",
                    isStatic: false,
                    isSetter: false,
                    labels: nil,
                    selector: nil,
                    effect: .search,
                    returns: nil,
                    arguments: []
                ),
            ],
            defaults: WrapperDefaults(accessibility: "kSecAttrAccessibleAfterFirstUnlock", synchronizable: false),
            headers: ["UICKeyChainStore.h"]
        ),
    ]
}
