//  KeychainBridge.m
//  SecureBank: the Objective-C keychain bridge kept from the 1.x app. The vault key is
//  stored behind an application password the user chooses (never one compiled into the app).

#import "KeychainBridge.h"
#import <LocalAuthentication/LocalAuthentication.h>

static NSString * const kVaultService = @"com.insecurebank.vault";
static NSString * const kVaultAccount = @"vault-key";

@implementation KeychainBridge

- (BOOL)storeVaultKey:(NSData *)vaultKey password:(NSString *)password error:(NSError **)outError {
    LAContext *context = [[LAContext alloc] init];
    NSData *applicationPassword = [password dataUsingEncoding:NSUTF8StringEncoding];
    [context setCredential:applicationPassword type:LACredentialTypeApplicationPassword];

    CFErrorRef error = NULL;
    SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlApplicationPassword, &error);
    if (access == NULL) {
        if (outError) { *outError = CFBridgingRelease(error); }
        return NO;
    }

    NSDictionary *attributes = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: kVaultService,
        (__bridge id)kSecAttrAccount: kVaultAccount,
        (__bridge id)kSecValueData: vaultKey,
        (__bridge id)kSecAttrAccessControl: (__bridge_transfer id)access,
        (__bridge id)kSecUseAuthenticationContext: context,
    };
    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);
    return status == errSecSuccess;
}

- (nullable NSData *)loadVaultKeyWithPassword:(NSString *)password {
    LAContext *context = [[LAContext alloc] init];
    [context setCredential:[password dataUsingEncoding:NSUTF8StringEncoding] type:LACredentialTypeApplicationPassword];
    NSDictionary *query = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: kVaultService,
        (__bridge id)kSecAttrAccount: kVaultAccount,
        (__bridge id)kSecReturnData: @YES,
        (__bridge id)kSecUseAuthenticationContext: context,
    };
    CFTypeRef result = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
    return status == errSecSuccess ? (__bridge_transfer NSData *)result : nil;
}

- (nullable SecAccessControlRef)quickUnlockAccess {
    // Biometry of the current enrolment only: no passcode fallback, invalidated by a new enrolment.
    SecAccessControlCreateFlags flags = kSecAccessControlBiometryCurrentSet;
    CFErrorRef error = NULL;
    SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, &error);
    if (access == NULL) {
        NSLog(@"quick unlock access control: %@", CFBridgingRelease(error));
    }
    return access;
}

- (BOOL)migrateLegacyPIN:(NSString *)pin {
    NSMutableDictionary *attributes = [NSMutableDictionary dictionary];
    attributes[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
    attributes[(__bridge id)kSecAttrService] = @"com.insecurebank.pin";
    [attributes setObject:[pin dataUsingEncoding:NSUTF8StringEncoding] forKey:(__bridge id)kSecValueData];
    [attributes setObject:(__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly forKey:(__bridge id)kSecAttrAccessible];
    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);
    return status == errSecSuccess;
}

@end
