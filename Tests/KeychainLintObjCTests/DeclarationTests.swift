import KeychainLintObjC
import Testing

/// Containers, properties, methods, C functions, globals and statements.
@Suite("Objective-C parser: declarations and statements")
struct DeclarationTests {
    @Test func containersPropertiesAndMethodDeclarations() {
        let tree = ObjCSyntaxTree.parse("""
            NS_ASSUME_NONNULL_BEGIN
            @class LAContext, Vault;
            @protocol VaultDelegate <NSObject>
            @optional
            - (void)vaultDidUnlock:(Vault *)vault;
            @end

            @interface Vault : NSObject <VaultDelegate>
            {
                NSString *_secret;
            }
            @property (nonatomic, strong, nullable) NSString *service;
            @property (nonatomic, getter=isLocked) BOOL locked;
            @property (nonatomic, copy) void (^completion)(BOOL success);
            @property (nonatomic, strong) NSDictionary<NSString *, id> *attributes;
            + (instancetype)sharedVault;
            - (BOOL)saveValue:(NSString *)value forKey:(NSString *)key error:(NSError **)error NS_SWIFT_NAME(save(_:forKey:));
            @end

            @interface Vault ()
            @property (nonatomic) LAContext *context;
            @end

            @interface Vault (Keychain)
            - (nullable NSData *)readKey:(NSString *)key;
            @end
            NS_ASSUME_NONNULL_END
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        let containers = tree.containers
        #expect(containers.map(\.kind) == [.protocol, .interface, .extension, .category("Keychain")])
        #expect(containers.map(\.name) == ["VaultDelegate", "Vault", "Vault", "Vault"])
        #expect(containers.map(\.hasEnd) == [true, true, true, true])
        #expect(containers[0].protocols == ["NSObject"])
        #expect(containers[1].superclass == "NSObject")
        #expect(containers[1].protocols == ["VaultDelegate"])
        #expect(containers[1].instanceVariables.flatMap(\.declarators).map(\.name) == ["_secret"])
        let properties = containers[1].properties
        #expect(properties.map(\.names) == [["service"], ["locked"], ["completion"], ["attributes"]])
        #expect(properties[0].attributes.map(\.name) == ["nonatomic", "strong", "nullable"])
        #expect(properties[1].attributes.map { $0.value ?? "-" } == ["-", "isLocked"])
        let types = properties.map { $0.declaration.declarators[0].type }
        #expect(types.map(\.spelling) == ["NSString *", "BOOL", "void (^)(BOOL success)", "NSDictionary<NSString *, id> *"])
        #expect(types.map(\.isBlock) == [false, false, true, false])
        #expect(TestSupport.position(properties[2].declaration.declarators[0].nameRange) == "14:36")

        let methods = tree.methods
        #expect(methods.map(\.method.selector) == ["vaultDidUnlock:", "sharedVault", "saveValue:forKey:error:", "readKey:"])
        #expect(methods.map(\.method.isClassMethod) == [false, true, false, false])
        #expect(methods.map { $0.method.body == nil } == [true, true, true, true])
        #expect(methods[2].method.parameters.map { $0.type?.spelling } == ["NSString *", "NSString *", "NSError **"])
        #expect(methods[2].method.parameters.map(\.name) == ["value", "key", "error"])
        #expect(methods[3].method.returnType?.spelling == "nullable NSData *")
        #expect(tree.items.compactMap { item -> [String]? in
            if case .classForward(let names) = item.kind { return names }
            return nil
        } == [["LAContext", "Vault"]])
    }

    @Test func implementationWithClassMethodsFunctionsAndSynthesize() {
        let tree = ObjCSyntaxTree.parse("""
            @implementation Vault (Keychain)
            @synthesize service = _service, locked;
            static NSString *const kAccount = @"main";
            + (instancetype)sharedVault {
                static Vault *shared = nil;
                return shared;
            }
            - (void)foo:(NSString *)a bar:(int)b, ... {
                _secret = a;
            }
            - (void)legacy; {
                [super legacy];
            }
            static void Helper(void) { }
            @end
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        let container = tree.containers[0]
        #expect(container.kind == .categoryImplementation("Keychain"))
        #expect(container.synthesized.map(\.property) == ["service", "locked"])
        #expect(container.synthesized.map(\.instanceVariable) == ["_service", nil])
        #expect(tree.methods.map(\.method.selector) == ["sharedVault", "foo:bar:", "legacy"])
        #expect(tree.methods[1].method.isVariadic)
        #expect(tree.methods.map { $0.method.body != nil } == [true, true, true])
        #expect(tree.functions.map(\.name) == ["Helper"])
        #expect(tree.globalConstants.map(\.name) == ["kAccount"])
        #expect(tree.bodies.map(\.owner.description) == ["+[Vault sharedVault]", "-[Vault foo:bar:]", "-[Vault legacy]", "Helper()"])
        #expect(tree.bodies[1].localBindings.map { $0.name ?? "-" } == ["_secret"])
        #expect(tree.bodies[0].localBindings.map { $0.name ?? "-" } == ["shared"])
        #expect(tree.calls.map(\.name) == ["legacy"])
        #expect(tree.calls[0].receiver?.identifierName == "super")
    }

    @Test func globals() {
        let tree = ObjCSyntaxTree.parse("""
            static NSString * const kService = @"x";
            NSString *const kPublicKey = @"y";
            FOUNDATION_EXPORT NSString *const kExported;
            extern const CFStringRef kAccessible;
            static int counter = 0, *pointer = NULL;
            static const SecAccessControlCreateFlags kFlags = kSecAccessControlBiometryAny | kSecAccessControlOr;
            NSString *mutableName = @"z";
            typedef NS_ENUM(NSInteger, VaultState) { VaultStateLocked, VaultStateOpen };
            typedef void (^Completion)(BOOL ok);
            OSStatus SaveItem(NSDictionary *query);
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.globalVariables.map(\.name) == ["kService", "kPublicKey", "kExported", "kAccessible", "counter", "pointer", "kFlags", "mutableName"])
        #expect(tree.globalConstants.map(\.name) == ["kService", "kPublicKey", "kExported", "kAccessible", "kFlags"])
        #expect(tree.globalVariables.map(\.isStatic) == [true, false, false, false, true, true, true, false])
        #expect(tree.globalVariables.map(\.declarator.type.spelling) == [
            "NSString *const", "NSString *const", "NSString *const", "const CFStringRef", "int", "int *",
            "const SecAccessControlCreateFlags", "NSString *",
        ])
        #expect(tree.globalVariables[6].declarator.initializer.map(TestSupport.shape) == "(kSecAccessControlBiometryAny | kSecAccessControlOr)")
        #expect(tree.globalVariables[2].declarator.type.qualifiers.contains("FOUNDATION_EXPORT"))
        #expect(tree.globalVariables[3].isExtern)
        #expect(TestSupport.position(tree.globalVariables[6].declarator.nameRange) == "6:42")
    }

    @Test func statementsInOrder() {
        let tree = ObjCSyntaxTree.parse("""
            static OSStatus Lookup(NSString *account, CFTypeRef *result) {
                OSStatus status = errSecItemNotFound;
                for (int i = 0; i < 3; i++) {
                    if (i == 1) continue;
                }
                for (NSString *key in keys) { count += 1; }
                while (status != noErr) { status = Retry(); }
                switch (status) {
                    case errSecSuccess:
                        return status;
                    case errSecItemNotFound:
                    default:
                        break;
                }
                do { status -= 1; } while (status > 0);
                @try { [self risky]; } @catch (NSException *e) { status = -1; } @finally { cleanup(); }
                @synchronized (self) { shared = nil; }
                done:
                return status == noErr ? 0 : -1;
            }
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        let function = tree.functions[0]
        #expect(function.name == "Lookup")
        #expect(function.returnType.spelling == "OSStatus")
        #expect(function.parameters.map(\.name) == ["account", "result"])
        #expect(function.parameters.map(\.type.spelling) == ["NSString *", "CFTypeRef *"])
        guard case .compound(let statements) = function.body.kind else {
            Issue.record("expected a compound body")
            return
        }
        #expect(statements.map { kindName($0.kind) } == [
            "declaration", "for", "forIn", "while", "switch", "doWhile", "try", "synchronized", "label", "return",
        ])
        if case .switch(_, let body) = statements[4].kind, case .compound(let cases) = body.kind {
            #expect(cases.map { kindName($0.kind) } == ["case", "return", "case", "default", "break"])
        } else {
            Issue.record("expected a switch with a compound body")
        }
        if case .forIn(let element, let collection, _) = statements[2].kind, case .declaration(let declaration) = element.kind {
            #expect(declaration.declarators.map(\.name) == ["key"])
            #expect(collection.description == "keys")
        } else {
            Issue.record("expected for-in over a declaration")
        }
        let bindings = tree.bodies[0].localBindings
        #expect(bindings.map { $0.name ?? "-" } == ["status", "i", "key", "count", "status", "status", "e", "status", "shared"].filter { $0 != "e" })
        #expect(bindings.compactMap { binding -> String? in
            if case .assignment(let operation, _, _) = binding.kind { return operation.rawValue }
            return nil
        } == ["+=", "=", "-=", "=", "="])
        if case .return(let value) = statements[9].kind {
            #expect(value.map(TestSupport.shape) == "((status == noErr) ? 0 : -1)")
        }
    }

    func kindName(_ kind: ObjCStmt.Kind) -> String {
        switch kind {
        case .expression: "expression"
        case .declaration: "declaration"
        case .compound: "compound"
        case .if: "if"
        case .while: "while"
        case .doWhile: "doWhile"
        case .for: "for"
        case .forIn: "forIn"
        case .switch: "switch"
        case .caseLabel: "case"
        case .defaultLabel: "default"
        case .label: "label"
        case .return: "return"
        case .break: "break"
        case .continue: "continue"
        case .goto: "goto"
        case .try: "try"
        case .throw: "throw"
        case .synchronized: "synchronized"
        case .autoreleasepool: "autoreleasepool"
        case .empty: "empty"
        case .unparsed: "unparsed"
        }
    }

    @Test func localDeclarationsOfManyShapes() {
        let (_, tree) = TestSupport.probeArguments("""
            NSMutableDictionary *query = [NSMutableDictionary dictionary];
            CFErrorRef error = NULL;
            __block BOOL done = NO;
            NSDictionary<NSString *, id> *attributes = @{};
            id<NSCopying> key = nil;
            void (^handler)(BOOL) = ^(BOOL ok) { done = ok; };
            const char *bytes = "x", **more = NULL;
            unsigned long long big = 1ULL << 40;
            CFTypeRef result = NULL;
            SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
            a * b;
            x = y;
            """)
        let declarations = tree.bodies[0].localBindings.compactMap { binding -> String? in
            guard case .declaration(let declarator, let storage) = binding.kind else { return nil }
            return (storage.isEmpty ? "" : storage.joined(separator: " ") + " ") + "\(declarator.type.spelling) \(declarator.name)"
        }
        #expect(declarations == [
            "NSMutableDictionary * query", "CFErrorRef error", "__block BOOL done", "NSDictionary<NSString *, id> * attributes",
            "id<NSCopying> key", "void (^)(BOOL) handler", "const char * bytes", "const char ** more",
            "unsigned long long big", "CFTypeRef result",
            // As C reads it when `a` names a type (`NSString *name;`): a declaration, not a product.
            "a * b",
        ])
        #expect(tree.bodies[0].localBindings.filter { if case .assignment = $0.kind { true } else { false } }.map { $0.name ?? "-" } == ["done", "x"])
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.calls.map(\.name) == ["dictionary", "SecItemCopyMatching"])
    }
}
