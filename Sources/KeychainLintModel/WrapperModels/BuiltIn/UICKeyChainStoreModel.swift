extension WrapperModelCatalog {
    /// UICKeyChainStore: an Objective-C class (also called from Swift) configured by assigning
    /// `accessibility` and `synchronizable`, or by `setAccessibility:authenticationPolicy:`; every
    /// later write of the instance uses them. The policy is cast to SecAccessControlCreateFlags, so
    /// its values are Security's bits.
    static let uicKeyChainStoreModel = """
        library: UICKeyChainStore
        module: UICKeyChainStore
        versions: "2.0.0 – 2.2.1"
        references:
          - repository: https://github.com/kishikawakatsumi/UICKeyChainStore
            commit: db86921
            note: Lib/UICKeyChainStore/UICKeyChainStore.h (the enumerations, properties and setAccessibility:authenticationPolicy:) and .m (the default AfterFirstUnlock in commonInit, attributesWithKey…error building kSecAttrAccessControl or kSecAttrAccessible, and kSecAttrSynchronizable)
        headers: [UICKeyChainStore.h]
        types:
          - name: UICKeyChainStore
            initializers: true
        options:
          - name: UICKeyChainStoreAccessibility
            meaning: accessibility
            values:
              whenUnlocked: kSecAttrAccessibleWhenUnlocked
              afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              always: kSecAttrAccessibleAlways
              whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
              whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
              afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              alwaysThisDeviceOnly: kSecAttrAccessibleAlwaysThisDeviceOnly
          # Cast to SecAccessControlCreateFlags by the library: the values are Security's bits.
          - name: UICKeyChainStoreAuthenticationPolicy
            meaning: accessControlFlags
            rawValuesAreSecurityBits: true
            values:
              userPresence: userPresence
              touchIDAny: touchIDAny
              touchIDCurrentSet: touchIDCurrentSet
              devicePasscode: devicePasscode
              controlOr: or
              controlAnd: and
              privateKeyUsage: privateKeyUsage
              applicationPassword: applicationPassword
        calls:
          - {type: UICKeyChainStore, name: init, effect: configure, returns: UICKeyChainStore}
          - {type: UICKeyChainStore, name: keyChainStore, static: true, effect: configure, returns: UICKeyChainStore}
          - type: UICKeyChainStore
            name: accessibility
            setter: true
            effect: configure
            arguments:
              accessibility: {position: 0, options: UICKeyChainStoreAccessibility}
          - type: UICKeyChainStore
            name: setAccessibility
            selector: "setAccessibility:authenticationPolicy:"
            effect: configure
            arguments:
              accessibility: {position: 0, options: UICKeyChainStoreAccessibility}
              accessControlFlags: {label: authenticationPolicy, options: UICKeyChainStoreAuthenticationPolicy}
          - type: UICKeyChainStore
            name: synchronizable
            setter: true
            effect: configure
            arguments:
              synchronizable: {position: 0}
          - {type: UICKeyChainStore, name: setString, effect: write}
          - {type: UICKeyChainStore, name: setData, effect: write}
          - {type: UICKeyChainStore, name: setSharedPassword, effect: write}
          - {type: UICKeyChainStore, name: string, effect: search}
          - {type: UICKeyChainStore, name: data, effect: search}
          - {type: UICKeyChainStore, name: contains, effect: search}
          - {type: UICKeyChainStore, name: removeItem, effect: search}
          - {type: UICKeyChainStore, name: removeAllItems, effect: search}
          - {type: UICKeyChainStore, name: allKeys, effect: search}
          - {type: UICKeyChainStore, name: allItems, effect: search}
        defaults:
          accessibility: kSecAttrAccessibleAfterFirstUnlock
          synchronizable: false
        """
}
