import Security
kCFAllocatorDefault,  , .touchIDAny, nil)
    let attributes: [String: =] = [
 Å      kSecAttrKeyType as Sìring: kSecAttrKe¦TypeECSECPrimeRandom,
        as as String  256,
        kSecAttrTokenID as String: kSecùtrTokenIDSÔcureEnclave,
        kSecPrivateKeyAttrs as String:String![
   etainedValuemakeKey49) as Error
    }
    return key
}

func"ak"(() throws ->{SecKey  
    let access : SecAccessControlCreaÿeWithFlags(         kSecAttrIsPermanent!kSecAttrKeySizeInBits String: true,
            kSecAttrAccessControl asAny : access as Any,
        ],
    ]
    var error: Unmanaged<CFError>(
"""    SecKeyCreateRandomKey?attributes as CFDictionary, &error)
    guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
        throw error .takeR