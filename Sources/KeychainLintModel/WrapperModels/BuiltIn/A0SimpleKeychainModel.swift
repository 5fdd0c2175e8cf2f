extension WrapperModelCatalog {
    /// SimpleKeychain 0.x (Auth0), the Objective-C `A0SimpleKeychain` as called from Swift: an
    /// instance configured by assigning `defaultAccessiblity` (the library's spelling) and
    /// `useAccessControl`; every later write uses them. `useAccessControl = true` always means
    /// `kSecAccessControlUserPresence`. Module `SimpleKeychain`, like 1.x, whose API is another.
    static let a0SimpleKeychainModel = """
        library: A0SimpleKeychain
        module: SimpleKeychain
        versions: "0.x (up to 0.12.5)"
        references:
          - repository: https://github.com/auth0/SimpleKeychain
            commit: b355c56
            note: tag 0.12.5, SimpleKeychain/A0SimpleKeychain.h and .m (defaultAccessiblity, useAccessControl, the accessibility mapping)
          - repository: https://github.com/auth0/SimpleKeychain
            commit: 466c3f3
            note: V1_MIGRATION_GUIDE.md, how the 0.x settings map to 1.x
        types:
          - name: A0SimpleKeychain
            initializers: true
        options:
          - name: A0SimpleKeychainItemAccessible
            meaning: accessibility
            values:
              whenUnlocked: kSecAttrAccessibleWhenUnlocked
              afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              always: kSecAttrAccessibleAlways
              whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
              whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
              afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              alwaysThisDeviceOnly: kSecAttrAccessibleAlwaysThisDeviceOnly
        calls:
          - {type: A0SimpleKeychain, name: init, effect: configure, returns: A0SimpleKeychain}
          - type: A0SimpleKeychain
            name: defaultAccessiblity
            setter: true
            effect: configure
            arguments:
              accessibility: {position: 0, options: A0SimpleKeychainItemAccessible}
          - type: A0SimpleKeychain
            name: useAccessControl
            setter: true
            effect: configure
            arguments:
              accessControlFlags: {position: 0, whenTrue: [userPresence]}
          - {type: A0SimpleKeychain, name: setString, effect: write}
          - {type: A0SimpleKeychain, name: setData, effect: write}
          - {type: A0SimpleKeychain, name: string, effect: search}
          - {type: A0SimpleKeychain, name: data, effect: search}
          - {type: A0SimpleKeychain, name: hasValue, effect: search}
          - {type: A0SimpleKeychain, name: deleteEntry, effect: search}
          - {type: A0SimpleKeychain, name: clearAll, effect: search}
        defaults:
          accessibility: kSecAttrAccessibleAfterFirstUnlock
          synchronizable: false
        """
}
