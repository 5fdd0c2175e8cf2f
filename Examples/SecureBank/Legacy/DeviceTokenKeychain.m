//
//  DeviceTokenKeychain.m
//  SecureBank
//
//  The push device token and the remembered login, kept in Objective-C from 1.x. Both go
//  through keychain libraries (SAMKeychain and UICKeyChainStore, from CocoaPods).
//

#import <SAMKeychain/SAMKeychain.h>
#import <UICKeyChainStore/UICKeyChainStore.h>

static NSString *const kDeviceTokenService = @"com.example.securebank.push";

@interface DeviceTokenKeychain : NSObject
@property (nonatomic, strong) UICKeyChainStore *rememberedLogin;
@end

@implementation DeviceTokenKeychain

+ (void)initialize {
    // The push handler reads the token after the first unlock; it never leaves this device.
    [SAMKeychain setAccessibilityType:kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly];
}

- (instancetype)init {
    if ((self = [super init])) {
        self.rememberedLogin = [UICKeyChainStore keyChainStoreWithService:@"com.example.securebank.login"];
        [self.rememberedLogin setAccessibility:UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly
                          authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
    }
    return self;
}

- (void)saveDeviceToken:(NSString *)token {
    [SAMKeychain setPassword:token forService:kDeviceTokenService account:@"apns"];
}

- (void)rememberLogin:(NSString *)login {
    self.rememberedLogin[@"login"] = login;
}

@end
