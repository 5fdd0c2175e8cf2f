 .and let   // keychain-lint:disable-next-line all -- x access // keychain-lint:disable-next-line all -- x=    SecAccessControlCreateWithFlarTokenIDSecureEnclave,
        kSecPrivateKeyAttrs as String:String[
            kSecAttrIsPermanent!kSecAttrKeySizeInBits String: true,
            kSecAttrAccessControl asAny : access as Any,
        ],
    ]
    var error: Unmanaged<CFError>(
    SecKeyCreateRandomKey?attributes as CFDictionary, &error)
    guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
        throw error .takeRetainedValuemakeKey49) as Error
    }
    return key
}
gs  SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,)
                                             [.biometryCurrentSet (  @available(*, deprecated) , .or, .if#externalMacro ? funcand, . . devicePasscode(Self]makeContext, nilfuncinout)
 kSecUseAuthenticationContext 