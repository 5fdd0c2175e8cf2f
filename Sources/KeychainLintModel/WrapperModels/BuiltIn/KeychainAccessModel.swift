extension WrapperModelCatalog {
    /// KeychainAccess: an immutable `Keychain` configuration built by chained builders; `set` and
    /// the subscript write with it. Swift 3 spellings (`.always`, unlabelled first argument) since 3.0.0.
    static let keychainAccessModel = """
        library: KeychainAccess
        module: KeychainAccess
        versions: "3.0.0 – 4.2.2"
        references:
          - repository: https://github.com/kishikawakatsumi/KeychainAccess
            commit: e0c7eeb
            note: Lib/KeychainAccess/Keychain.swift (Accessibility, AuthenticationPolicy, builders, Options.attributes); 4.2.2 plus later commits; the biometry spellings of AuthenticationPolicy since 4.0.0
        types:
          - name: Keychain
            initializers: true
        options:
          - name: Accessibility
            meaning: accessibility
            values:
              whenUnlocked: kSecAttrAccessibleWhenUnlocked
              afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              always: kSecAttrAccessibleAlways
              whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
              whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
              afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              alwaysThisDeviceOnly: kSecAttrAccessibleAlwaysThisDeviceOnly
          # An OptionSet whose bits are SecAccessControlCreateFlags' (the library converts with
          # SecAccessControlCreateFlags(rawValue:)), so its spellings mean what Security's do.
          - name: AuthenticationPolicy
            meaning: accessControlFlags
            rawValuesAreSecurityBits: true
            values:
              userPresence: userPresence
              biometryAny: biometryAny
              touchIDAny: touchIDAny
              biometryCurrentSet: biometryCurrentSet
              touchIDCurrentSet: touchIDCurrentSet
              devicePasscode: devicePasscode
              watch: watch
              or: or
              and: and
              privateKeyUsage: privateKeyUsage
              applicationPassword: applicationPassword
        calls:
          - type: Keychain
            name: init
            effect: configure
            returns: Keychain
          - type: Keychain
            name: accessibility
            effect: configure
            returns: Keychain
            arguments:
              accessibility: {position: 0, options: Accessibility}
              accessControlFlags: {label: authenticationPolicy, options: AuthenticationPolicy}
          - type: Keychain
            name: synchronizable
            effect: configure
            returns: Keychain
            arguments:
              synchronizable: {position: 0}
          - {type: Keychain, name: label, effect: configure, returns: Keychain}
          - {type: Keychain, name: comment, effect: configure, returns: Keychain}
          - {type: Keychain, name: attributes, effect: configure, returns: Keychain}
          - {type: Keychain, name: authenticationPrompt, effect: configure, returns: Keychain}
          - {type: Keychain, name: authenticationUI, effect: configure, returns: Keychain}
          - {type: Keychain, name: authenticationContext, effect: configure, returns: Keychain}
          - {type: Keychain, name: set, effect: write}
          - {type: Keychain, name: setSharedPassword, effect: write}
          - {type: Keychain, name: get, effect: search}
          - {type: Keychain, name: getString, effect: search}
          - {type: Keychain, name: getData, effect: search}
          - {type: Keychain, name: remove, effect: search}
          - {type: Keychain, name: removeAll, effect: search}
          - {type: Keychain, name: contains, effect: search}
          - {type: Keychain, name: allKeys, effect: search}
          - {type: Keychain, name: allItems, effect: search}
        defaults:
          accessibility: kSecAttrAccessibleAfterFirstUnlock
          synchronizable: false
        """
}
