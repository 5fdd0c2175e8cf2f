extension WrapperModelCatalog {
    /// SAMKeychain: an Objective-C library of class methods (also called from Swift). Its
    /// accessibility is one process-wide setting, `+[SAMKeychain setAccessibilityType:]`, taking
    /// Security's own constant; every later save of the process writes it. Reported once, at the
    /// setter call, never at the saves.
    static let samKeychainModel = """
        library: SAMKeychain
        module: SAMKeychain
        versions: "1.5.0 – 1.5.3"
        references:
          - repository: https://github.com/soffes/SAMKeychain
            commit: d3d64f8
            note: Sources/SAMKeychain.h and .m (setAccessibilityType:, the class methods), Sources/SAMKeychainQuery.m (save writes the setting as kSecAttrAccessible)
        headers: [SAMKeychain.h, SAMKeychainQuery.h]
        types:
          - name: SAMKeychain
          - name: SAMKeychainQuery
            initializers: true
        calls:
          # Process-wide: stored in a static and written by every later save (add and update).
          - type: SAMKeychain
            name: setAccessibilityType
            selector: "setAccessibilityType:"
            static: true
            effect: configure
            arguments:
              accessibility: {position: 0, security: true}
          - {type: SAMKeychain, name: setPassword, static: true, effect: write}
          - {type: SAMKeychain, name: setPasswordData, static: true, effect: write}
          - {type: SAMKeychain, name: password, static: true, effect: search}
          - {type: SAMKeychain, name: passwordData, static: true, effect: search}
          - {type: SAMKeychain, name: deletePassword, static: true, effect: search}
          - {type: SAMKeychain, name: allAccounts, static: true, effect: search}
          - {type: SAMKeychain, name: accounts, static: true, effect: search}
          - {type: SAMKeychainQuery, name: init, effect: configure, returns: SAMKeychainQuery}
          - {type: SAMKeychainQuery, name: save, effect: write}
          - {type: SAMKeychainQuery, name: fetch, effect: search}
          - {type: SAMKeychainQuery, name: fetchAll, effect: search}
          - {type: SAMKeychainQuery, name: deleteItem, effect: search}
        defaults:
          accessibility: kSecAttrAccessibleWhenUnlocked
          synchronizable: false
        """
}
