import Testing

@testable import KeychainLintRules

/// The modules a bridging header makes visible to Swift: what its import lines name.
@Suite("Wrappers: modules a bridging header imports")
struct BridgingHeaderTests {
    @Test func everySpellingOfAnImportNamesItsModule() {
        let header = """
            //  Use this file to import your target's public headers that you would like to expose to Swift.
            #import <SAMKeychain/SAMKeychain.h>
              #import "UICKeyChainStore.h"
            #include <Security/Security.h>
            @import Valet;
            #import "Vendor/Legacy/OldStore.h"
            #define SAMKeychainAccount 1
            """
        #expect(FileImports.importedModules(ofHeader: header) == ["SAMKeychain", "UICKeyChainStore", "Security", "Valet", "OldStore"])
    }

    @Test func aCommentOrAMentionIsNoImport() {
        let header = """
            // #import <SAMKeychain/SAMKeychain.h> was removed
            /* UICKeyChainStore */
            static NSString *const kService = @"SAMKeychain";
            """
        #expect(FileImports.importedModules(ofHeader: header).isEmpty)
    }
}
