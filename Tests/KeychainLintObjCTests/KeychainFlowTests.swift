import Foundation
import KeychainLintObjC
import Testing

/// The Keychain and LocalAuthentication code the `objc.*` rules will read: an application-
/// password flow, dictionaries built in steps or by
/// variadic constructors, Core Foundation dictionaries, bridged casts, `#define` flags and an
/// `evaluatePolicy:localizedReason:reply:` block.
@Suite("Objective-C parser: Keychain flows")
struct KeychainFlowTests {
    static let applicationPasswordFlow = """
        #import <LocalAuthentication/LocalAuthentication.h>
        #import <Security/Security.h>

        static NSString * const kService = @"com.example.bank";

        @implementation PasswordStore

        - (OSStatus)storeSecret:(NSData *)secret account:(NSString *)account
        {
            LAContext *context = [[LAContext alloc] init];
            NSData *password = [@"1234" dataUsingEncoding:NSUTF8StringEncoding];
            [context setCredential:password type:LACredentialTypeApplicationPassword];

            CFErrorRef error = NULL;
            SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlApplicationPassword, &error);

            NSMutableDictionary *query = [NSMutableDictionary dictionary];
            [query setObject:(__bridge id)kSecClassGenericPassword forKey:(__bridge id)kSecClass];
            [query setObject:kService forKey:(__bridge id)kSecAttrService];
            [query setObject:account forKey:(__bridge id)kSecAttrAccount];
            [query setObject:secret forKey:(__bridge id)kSecValueData];
            [query setObject:(__bridge_transfer id)access forKey:(__bridge id)kSecAttrAccessControl];
            query[(__bridge id)kSecUseAuthenticationContext] = context;

            OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            return status;
        }

        @end
        """

    @Test func applicationPasswordFlowCalls() {
        let tree = ObjCSyntaxTree.parse(Self.applicationPasswordFlow)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.importedHeaders == ["LocalAuthentication/LocalAuthentication.h", "Security/Security.h"])
        let calls = tree.calls
        #expect(calls.map(\.name) == [
            "init", "alloc", "dataUsingEncoding:", "setCredential:type:", "SecAccessControlCreateWithFlags",
            "dictionary", "setObject:forKey:", "setObject:forKey:", "setObject:forKey:", "setObject:forKey:",
            "setObject:forKey:", "SecItemAdd",
        ])
        let owner = ObjCBodyOwner.method(container: "PasswordStore", selector: "storeSecret:account:", isClassMethod: false)
        #expect(calls.allSatisfy { $0.owner == owner && !$0.isInsideBlock })

        let create = calls[4]
        #expect(create.kind == .function)
        #expect(create.arguments.map(\.value.description) == [
            "kCFAllocatorDefault", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
            "kSecAccessControlApplicationPassword", "&error",
        ])
        #expect(create.arguments.map(\.label) == [nil, nil, nil, nil])
        #expect(TestSupport.position(create.range) == "15:34")
        #expect(TestSupport.position(create.arguments[1].range) == "16:9")
        #expect(create.arguments[1].range.end.column == 56)

        let credential = calls[3]
        #expect(credential.kind == .message)
        #expect(credential.receiver?.description == "context")
        #expect(credential.arguments.map(\.label) == ["setCredential", "type"])
        #expect(credential.argument(labelled: "type")?.description == "LACredentialTypeApplicationPassword")
        #expect(TestSupport.position(credential.range) == "12:5")

        let steps = calls.filter { $0.name == "setObject:forKey:" }
        #expect(steps.map { $0.argument(labelled: "forKey")?.strippingCastsAndParentheses.description } == [
            "kSecClass", "kSecAttrService", "kSecAttrAccount", "kSecValueData", "kSecAttrAccessControl",
        ])
        #expect(steps.map { $0.argument(labelled: "setObject")?.description } == [
            "(__bridge id)kSecClassGenericPassword", "kService", "account", "secret", "(__bridge_transfer id)access",
        ])
        guard case .cast(let cast)? = steps[4].argument(labelled: "setObject")?.kind else {
            Issue.record("expected a cast")
            return
        }
        #expect(cast.bridge == .bridgeTransfer)
        #expect(cast.type.spelling == "id")

        let add = calls[11]
        #expect(add.arguments.map(\.value.description) == ["(__bridge CFDictionaryRef)query", "NULL"])
        #expect(add.arguments[0].value.strippingCastsAndParentheses.identifierName == "query")
        #expect(TestSupport.position(add.range) == "26:23")
    }

    @Test func applicationPasswordFlowLocalsAndDeclarations() {
        let tree = ObjCSyntaxTree.parse(Self.applicationPasswordFlow)
        let bodies = tree.bodies
        #expect(bodies.count == 1)
        let bindings = bodies[0].localBindings
        #expect(bindings.map { $0.name ?? "-" } == ["context", "password", "error", "access", "query", "-", "status"])
        #expect(bindings.map { $0.value?.description ?? "" } == [
            "[[LAContext alloc] init]", "[@\"1234\" dataUsingEncoding:NSUTF8StringEncoding]", "NULL",
            "SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlApplicationPassword, &error)",
            "[NSMutableDictionary dictionary]", "context", "SecItemAdd((__bridge CFDictionaryRef)query, NULL)",
        ])
        guard case .declaration(let query, _) = bindings[4].kind,
              case .assignment(let operation, let target, _) = bindings[5].kind else {
            Issue.record("expected a declaration and an assignment")
            return
        }
        #expect(query.type.spelling == "NSMutableDictionary *")
        #expect(query.type.baseName == "NSMutableDictionary")
        #expect(query.type.pointerDepth == 1)
        #expect(TestSupport.position(query.nameRange) == "18:26")
        #expect(operation == .assign)
        #expect(target.description == "query[(__bridge id)kSecUseAuthenticationContext]")

        guard case .declaration(let error, _) = bindings[2].kind else { return }
        #expect(error.type.spelling == "CFErrorRef")
        #expect(error.type.pointerDepth == 0)

        let constants = tree.globalConstants
        #expect(constants.map(\.name) == ["kService"])
        #expect(constants[0].isStatic)
        #expect(constants[0].declarator.type.spelling == "NSString *const")
        #expect(constants[0].declarator.initializer?.description == "@\"com.example.bank\"")

        let methods = tree.methods
        #expect(methods.count == 1)
        #expect(methods[0].containerName == "PasswordStore")
        #expect(methods[0].container == .implementation)
        let method = methods[0].method
        #expect(method.selector == "storeSecret:account:")
        #expect(method.returnType?.spelling == "OSStatus")
        #expect(method.parameters.map(\.label) == ["storeSecret", "account"])
        #expect(method.parameters.map(\.name) == ["secret", "account"])
        #expect(method.parameters.map { $0.type?.spelling } == ["NSData *", "NSString *"])
        #expect(TestSupport.position(method.range) == "8:1")
        #expect(method.range.end.line == 28)
    }

    /// The same file with CRLF or CR line endings gives the same lines and columns.
    @Test(arguments: ["\r\n", "\r"])
    func lineEndingsKeepPositions(_ newline: String) {
        let lf = ObjCSyntaxTree.parse(Self.applicationPasswordFlow)
        let other = ObjCSyntaxTree.parse(Self.applicationPasswordFlow.replacingOccurrences(of: "\n", with: newline))
        #expect(other.diagnostics.isEmpty)
        let positions = { (tree: ObjCSyntaxTree) in
            tree.calls.map { "\($0.name)@\($0.range.start)-\($0.range.end)" }
                + tree.bodies[0].localBindings.map { "\($0.name ?? "-")@\($0.range.start)" }
        }
        #expect(positions(other) == positions(lf))
        #expect(other.calls.last.map { TestSupport.position($0.range) } == "26:23")
    }

    @Test func dictionaryWithObjectsAndKeys() {
        let tree = ObjCSyntaxTree.parse("""
            void Save(void) {
                NSDictionary *query = [NSDictionary dictionaryWithObjectsAndKeys:
                    (__bridge id)kSecClassGenericPassword, (__bridge id)kSecClass,
                    @"svc", (__bridge id)kSecAttrService,
                    nil];
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        let call = tree.calls(named: "dictionaryWithObjectsAndKeys:")
        #expect(call.count == 1)
        #expect(call.first?.arguments.map(\.label) == ["dictionaryWithObjectsAndKeys", nil, nil, nil, nil])
        #expect(call.first?.arguments.map(\.value.description) == [
            "(__bridge id)kSecClassGenericPassword", "(__bridge id)kSecClass", "@\"svc\"", "(__bridge id)kSecAttrService", "nil",
        ])
        guard case .message(let message)? = call.first?.expression.kind else { return }
        #expect(message.receiverClassName == "NSDictionary")
        #expect(message.variadicArguments.count == 4)
        #expect(tree.calls.first?.owner == .function(name: "Save"))
    }

    @Test func coreFoundationDictionaries() {
        let tree = ObjCSyntaxTree.parse("""
            static void Build(void) {
                CFMutableDictionaryRef query = CFDictionaryCreateMutable(kCFAllocatorDefault, 0,
                    &kCFTypeDictionaryKeyCallBacks, &kCFTypeDictionaryValueCallBacks);
                CFDictionaryAddValue(query, kSecClass, kSecClassGenericPassword);
                CFDictionarySetValue(query, kSecAttrAccessible, kSecAttrAccessibleAlways);
                CFRelease(query);
            }
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.calls.map(\.name) == ["CFDictionaryCreateMutable", "CFDictionaryAddValue", "CFDictionarySetValue", "CFRelease"])
        #expect(tree.calls(named: "CFDictionarySetValue").first?.arguments.map(\.value.description) == [
            "query", "kSecAttrAccessible", "kSecAttrAccessibleAlways",
        ])
        #expect(TestSupport.position(tree.calls[2].range) == "5:5")
        #expect(tree.functions.map(\.name) == ["Build"])
        #expect(tree.functions.first?.storage == ["static"])
    }

    @Test func evaluatePolicyWithAReplyBlock() {
        let tree = ObjCSyntaxTree.parse("""
            @implementation VaultViewController
            - (void)unlock {
                LAContext *context = [[LAContext alloc] init];
                NSError *error = nil;
                if ([context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:&error]) {
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics
                            localizedReason:@"Unlock your vault"
                                      reply:^(BOOL success, NSError * _Nullable authError) {
                        if (success) {
                            [self showVault];
                        } else {
                            self.locked = NO;
                        }
                    }];
                }
            }
            @end
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        let evaluate = tree.calls(named: "evaluatePolicy:localizedReason:reply:")
        #expect(evaluate.count == 1)
        #expect(evaluate.first?.arguments.map(\.label) == ["evaluatePolicy", "localizedReason", "reply"])
        #expect(evaluate.first?.argument(labelled: "localizedReason")?.description == "@\"Unlock your vault\"")
        guard case .block(let block)? = evaluate.first?.argument(labelled: "reply")?.kind else {
            Issue.record("expected a block")
            return
        }
        #expect(block.parameters.map(\.name) == ["success", "authError"])
        #expect(block.parameters.map(\.type.spelling) == ["BOOL", "NSError *_Nullable"])
        guard case .compound(let statements) = block.body.kind, case .if(let condition, _, let elseBranch)? = statements.first?.kind else {
            Issue.record("expected if (success)")
            return
        }
        #expect(condition.description == "success")
        #expect(elseBranch != nil)
        let show = tree.calls(named: "showVault")
        #expect(show.first?.isInsideBlock == true)
        #expect(show.first?.receiver?.identifierName == "self")
        #expect(tree.calls(named: "canEvaluatePolicy:error:").first?.isInsideBlock == false)
        let bindings = tree.bodies[0].localBindings
        #expect(bindings.map { $0.name ?? "-" } == ["context", "error", "-"])
        #expect(bindings.map(\.isInsideBlock) == [false, false, true])
        if case .assignment(_, let target, _) = bindings[2].kind {
            #expect(target.description == "self.locked")
        }
    }

    @Test func defineFlagsAndConstants() {
        let tree = ObjCSyntaxTree.parse("""
            #define kBiometricFlags (kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlDevicePasscode)
            #define SERVICE @"com.example"
            #define MAX(a, b) ((a) > (b) ? (a) : (b))
            #define EMPTY
            #define STMT do { x(); } while (0)
            #define ACCESSIBLE (__bridge id)kSecAttrAccessibleAlways
            void f(void) {
                SecAccessControlRef acl = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlocked, kBiometricFlags, NULL);
            }
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.macros.map(\.name) == ["kBiometricFlags", "SERVICE", "MAX", "EMPTY", "STMT", "ACCESSIBLE"])
        #expect(tree.macros.map(\.parameters) == [nil, nil, ["a", "b"], nil, nil, nil])
        let flags = tree.macro(named: "kBiometricFlags")?.value
        #expect(flags.map(TestSupport.shape) == "(((kSecAccessControlBiometryAny | kSecAccessControlOr) | kSecAccessControlDevicePasscode))")
        #expect(tree.macro(named: "SERVICE")?.value?.description == "@\"com.example\"")
        #expect(tree.macro(named: "MAX")?.value != nil)
        #expect(tree.macro(named: "EMPTY")?.value == nil)
        #expect(tree.macro(named: "EMPTY")?.body.isEmpty == true)
        #expect(tree.macro(named: "STMT")?.value == nil)
        #expect(tree.macro(named: "ACCESSIBLE")?.value?.description == "(__bridge id)kSecAttrAccessibleAlways")
        #expect(TestSupport.position(tree.macros[1].nameRange) == "2:9")
        #expect(tree.calls.first?.arguments[2].value.identifierName == "kBiometricFlags")
    }

    @Test func flagExpressionsFollowCPrecedence() {
        #expect(TestSupport.probe("kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlDevicePasscode").map(TestSupport.shape)
                == "((kSecAccessControlBiometryAny | kSecAccessControlOr) | kSecAccessControlDevicePasscode)")
        #expect(TestSupport.probe("a | b & c == d").map(TestSupport.shape) == "(a | (b & (c == d)))")
        #expect(TestSupport.probe("a || b && !c").map(TestSupport.shape) == "(a || (b && !c))")
        #expect(TestSupport.probe("a << 1 + 2 * 3").map(TestSupport.shape) == "(a << (1 + (2 * 3)))")
        #expect(TestSupport.probe("ok ? a | b : c").map(TestSupport.shape) == "(ok ? (a | b) : c)")
        #expect(TestSupport.probe("a ? b : c ? d : e").map(TestSupport.shape) == "(a ? b : (c ? d : e))")
        #expect(TestSupport.probe("x ?: y").map(TestSupport.shape) == "(x ?  : y)")
        #expect(TestSupport.probe("flags |= kSecAccessControlOr").map(TestSupport.shape) == "(flags |= kSecAccessControlOr)")
        #expect(TestSupport.probe("a = b = c").map(TestSupport.shape) == "(a = (b = c))")
        #expect(TestSupport.probe("&error").map(TestSupport.shape) == "&error")
        #expect(TestSupport.probe("status == errSecSuccess && data != NULL").map(TestSupport.shape) == "((status == errSecSuccess) && (data != NULL))")
    }

    @Test func castsAndBridges() {
        let cases: [(String, String)] = [
            ("(__bridge id)kSecClass", "(__bridge id)kSecClass"),
            ("(__bridge_transfer NSString *)value", "(__bridge_transfer NSString *)value"),
            ("(__bridge_retained CFTypeRef)object", "(__bridge_retained CFTypeRef)object"),
            ("(CFTypeRef)item", "(CFTypeRef)item"),
            ("(NSString *)kSecMatchLimitOne", "(NSString *)kSecMatchLimitOne"),
            ("(CFTypeRef *)&result", "(CFTypeRef *)&result"),
            ("(NSInteger)-1", "(NSInteger)-1"),
            ("(count) - 1", "((count) - 1)"),
            ("(id<NSCopying>)key", "(id<NSCopying>)key"),
            ("(NSDictionary<NSString *, id> *)attributes", "(NSDictionary<NSString *, id> *)attributes"),
            ("(const char *)bytes", "(const char *)bytes"),
            ("(void (^)(BOOL))handler", "(void (^)(BOOL))handler"),
            ("(a * b)", "((a * b))"),
            ("(x)", "(x)"),
            ("(id)[NSNull null]", "(id)[NSNull null]"),
            ("sizeof(int)", "sizeof(int)"),
        ]
        for (source, expected) in cases {
            #expect(TestSupport.probe(source).map(TestSupport.shape) == expected, "\(source)")
        }
        guard case .cast(let cast)? = TestSupport.probe("(__bridge_transfer NSString *)value")?.kind else {
            Issue.record("expected a cast")
            return
        }
        #expect(cast.bridge == .bridgeTransfer)
        #expect(cast.type.baseName == "NSString")
        #expect(cast.type.pointerDepth == 1)
    }

    @Test func literalsAndMessages() {
        let dictionary = TestSupport.probe("@{ (__bridge id)kSecClass: (__bridge id)kSecClassKey, @\"k\": @[ @1, @YES, @(flags | 2) ], }")
        guard case .dictionary(let entries)? = dictionary?.kind else {
            Issue.record("expected a dictionary")
            return
        }
        #expect(entries.map { $0.key.description } == ["(__bridge id)kSecClass", "@\"k\""])
        #expect(entries.map { $0.value.description } == ["(__bridge id)kSecClassKey", "@[@1, @YES, @(flags | 2)]"])
        #expect(TestSupport.probe("[super viewDidLoad]")?.description == "[super viewDidLoad]")
        #expect(TestSupport.probe("[[NSMutableDictionary alloc] initWithDictionary:base copyItems:YES]")?.description
                == "[[NSMutableDictionary alloc] initWithDictionary:base copyItems:YES]")
        #expect(TestSupport.probe("[self.store.items objectAtIndex:i++]")?.description == "[self.store.items objectAtIndex:i++]")
        #expect(TestSupport.probe("self->_context")?.description == "self->_context")
        #expect(TestSupport.probe("@\"a\" \"b\" @\"c\"")?.description == "@\"abc\"")
        #expect(TestSupport.probe("\"a\" \"b\"")?.description == "\"ab\"")
        #expect(TestSupport.probe("@selector(setCredential:type:)")?.description == "@selector(setCredential:type:)")
        #expect(TestSupport.probe("[NSString stringWithFormat:@\"%@-%d\", name, 3]")?.description == "[NSString stringWithFormat:@\"%@-%d\", name, 3]")
        #expect(TestSupport.probe("[x a:1 :2]")?.description == "[x a:1 :2]")
        #expect(TestSupport.probe("^{ done = YES; }")?.description == "^() {…}")
        #expect(TestSupport.probe("^BOOL(id obj) { return obj != nil; }")?.description == "^BOOL(id obj) {…}")
        #expect(TestSupport.probe("dispatch_async(dispatch_get_main_queue(), ^{ [self reload]; })")?.description
                == "dispatch_async(dispatch_get_main_queue(), ^() {…})")
        #expect(TestSupport.probe("@available(iOS 11.0, *)")?.description == "@available(iOS 11.0 , *)")
        let (_, tree) = TestSupport.probeArguments("probe([x sel:@{ @\"a\": @1 }]);")
        #expect(tree.diagnostics.isEmpty)
    }
}
