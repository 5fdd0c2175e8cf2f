extension WrapperModelCatalog {
    /// SimpleKeychain 1.x (Auth0): a struct configured once by its initializer. `accessControlFlags:`
    /// takes Security's own `SecAccessControlCreateFlags`; `accessibility:` has no Always case
    /// (`Accessibility.swift`), so only the flags can be weak. (The Objective-C 0.x API,
    /// `A0SimpleKeychain`, is another library and is not described here.)
    static let simpleKeychainModel = """
        library: SimpleKeychain
        module: SimpleKeychain
        versions: "1.0.0 – 1.3.0"
        references:
          - repository: https://github.com/auth0/SimpleKeychain
            commit: 466c3f3
            note: 1.3.0 plus later commits; SimpleKeychain/SimpleKeychain.swift (init, setQuery), SimpleKeychain/Accessibility.swift
        types:
          - name: SimpleKeychain
            initializers: true
        options:
          - name: Accessibility
            meaning: accessibility
            values:
              whenUnlocked: kSecAttrAccessibleWhenUnlocked
              whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
              afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
          # Security's own type: its spellings mean what they mean to Security.
          - name: SecAccessControlCreateFlags
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
              companion: companion
              or: or
              and: and
              privateKeyUsage: privateKeyUsage
              applicationPassword: applicationPassword
        calls:
          - type: SimpleKeychain
            name: init
            effect: configure
            returns: SimpleKeychain
            arguments:
              accessibility: {label: accessibility, options: Accessibility}
              accessControlFlags: {label: accessControlFlags, options: SecAccessControlCreateFlags}
              synchronizable: {label: synchronizable}
          - {type: SimpleKeychain, name: set, effect: write}
          - {type: SimpleKeychain, name: string, effect: search}
          - {type: SimpleKeychain, name: data, effect: search}
          - {type: SimpleKeychain, name: hasItem, effect: search}
          - {type: SimpleKeychain, name: keys, effect: search}
          - {type: SimpleKeychain, name: deleteItem, effect: search}
          - {type: SimpleKeychain, name: deleteAll, effect: search}
        defaults:
          accessibility: kSecAttrAccessibleAfterFirstUnlock
        """
}
