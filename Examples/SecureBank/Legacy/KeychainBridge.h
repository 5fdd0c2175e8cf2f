//  KeychainBridge.h
//  SecureBank: the Objective-C keychain bridge kept from the 1.x app.

#import <Foundation/Foundation.h>
#import <Security/Security.h>

NS_ASSUME_NONNULL_BEGIN

@interface KeychainBridge : NSObject
- (BOOL)storeVaultKey:(NSData *)vaultKey password:(NSString *)password error:(NSError **)outError;
- (nullable NSData *)loadVaultKeyWithPassword:(NSString *)password;
- (nullable SecAccessControlRef)quickUnlockAccess CF_RETURNS_RETAINED;
- (BOOL)migrateLegacyPIN:(NSString *)pin;
@end

NS_ASSUME_NONNULL_END
