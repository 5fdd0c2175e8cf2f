#include "LegacyBridge.h"

#if defined(__APPLE__)
#import <Security/Security.h>

/* The planted finding: kSecAccessControlBiometryAny (objc.weak_biometric_acl). */
SecAccessControlRef LegacyBridgeAccessControl(void) {
    return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                           kSecAccessControlBiometryAny, NULL);
}
#endif

int legacy_bridge_version(void) {
    return 1;
}
