import Foundation
import KeychainLintObjC
import Testing

/// Shapes met in real Objective-C Keychain code (written anew here): React Native's method
/// macros, specialised class receivers, C++ names in `.mm` files; and the stack bound.
@Suite("Objective-C parser: real-world shapes")
struct RealWorldShapesTests {
    @Test func reactNativeMethodMacros() {
        let tree = ObjCSyntaxTree.parse("""
            @implementation KeychainModule
            RCT_EXPORT_MODULE();
            RCT_EXPORT_METHOD(setPassword:(NSString *)service value:(NSString *)value
                              resolver:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject)
            {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword };
                OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                resolve(@(status));
            }
            RCT_REMAP_METHOD(reset, resetWithResolver:(RCTPromiseResolveBlock)resolve)
            {
                SecItemDelete((__bridge CFDictionaryRef)@{});
            }
            @end
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.methods.map(\.method.selector) == ["setPassword:value:resolver:rejecter:", "resetWithResolver:"])
        #expect(tree.methods[0].method.parameters.map(\.name) == ["service", "value", "resolve", "reject"])
        #expect(tree.calls(named: "SecItemAdd").first?.owner
                == .method(container: "KeychainModule", selector: "setPassword:value:resolver:rejecter:", isClassMethod: false))
        #expect(tree.calls(named: "SecItemDelete").count == 1)
    }

    /// A macro invocation on a line of its own without a `;` (`RCT_EXPORT_MODULE()`, then an
    /// `NS_ENUM` in the same `@implementation`): read as nothing, so the enum after it keeps its
    /// constants; a macro that goes on into a declaration on its line, or opens a body, is not.
    @Test func aMacroOnItsOwnLineWithoutSemicolon() {
        let tree = ObjCSyntaxTree.parse("""
            @implementation CryptoModule
            RCT_EXPORT_MODULE()

            typedef NS_ENUM(NSUInteger, AccessLevel) {
                AccessLevelAlways = 0,
                AccessLevelStrict = 1,
            };

            - (void)save {
                SecItemDelete((__bridge CFDictionaryRef)@{});
            }
            @end
            API_AVAILABLE(ios(11.0))
            static const int kLevel = 2;
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.enumerators.map(\.name) == ["AccessLevelAlways", "AccessLevelStrict"])
        #expect(tree.methods.map(\.method.selector) == ["save"])
        #expect(tree.calls(named: "SecItemDelete").count == 1)
    }

    /// Interface Builder's `IBOutletCollection(…)` before a property's type is read as a marker.
    @Test func anOutletCollectionProperty() {
        let tree = ObjCSyntaxTree.parse("""
            @interface LockScreen ()
            @property (strong, nonatomic) IBOutletCollection(UIButton) NSArray *digitButtons;
            @property (nonatomic, strong) LAContext *context;
            @end
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
    }

    @Test func specialisedReceiversAndCPlusPlusNames() {
        let tree = ObjCSyntaxTree.parse("""
            @implementation M
            - (std::shared_ptr<facebook::react::TurboModule>)getTurboModule:(const facebook::react::ObjCTurboModule::InitParams &)params {
                NSMutableArray<NSString *> *services = [NSMutableArray<NSString *> new];
                return std::make_shared<facebook::react::SpecJSI>(params);
            }
            @end
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.methods.first?.method.returnType?.spelling == "std::shared_ptr<facebook::react::TurboModule>")
        #expect(tree.methods.first?.method.parameters.first?.type?.spelling == "const facebook::react::ObjCTurboModule::InitParams &")
        #expect(tree.calls.map(\.name) == ["new", "std::make_shared"])
        #expect(tree.calls[0].receiver?.identifierName == "NSMutableArray")
    }

    /// The deepest input the parser follows, parsed and walked on a thread with a 4 MB stack (the
    /// scanner's smallest worker stack): the depth limit bounds the stack as well as the time.
    /// Measured at the default 256 levels: at most 1 MB in a release build, 2 MB in a debug one.
    @Test func deepNestingFitsInASmallStack() {
        let sources = ["(", "[", "@[", "@{a:", "@(", "^{", "{ if (x) ", "(id)", "!", "a ? b : ", "a = "].map { opener in
            "void f(void) { x = " + String(repeating: opener, count: 5_000) + "1; }"
        }
        let finished = ManagedFlag()
        let thread = Thread {
            for source in sources {
                let tree = ObjCSyntaxTree.parse(source)
                _ = tree.calls
                _ = tree.bodies.map(\.localBindings)
            }
            finished.set()
        }
        thread.stackSize = 4 << 20
        thread.start()
        let deadline = Date().addingTimeInterval(60)
        while !finished.value && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(finished.value)
    }
}

final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
    func set() { lock.lock(); flag = true; lock.unlock() }
}

/// The lookups a value resolver starts from: the body around a call, a local's steps before it,
/// a global, a class's properties.
@Suite("Objective-C queries for a resolver")
struct ResolverQueryTests {
    @Test func lookupsAroundACall() {
        let tree = ObjCSyntaxTree.parse("""
            static CFStringRef const kLevel = kSecAttrAccessibleAlways;
            @interface Store ()
            @property (nonatomic, copy) NSString *service;
            @end
            @implementation Store
            - (void)save {
                NSMutableDictionary *query = [NSMutableDictionary new];
                query[(__bridge id)kSecAttrAccessible] = (__bridge id)kLevel;
                if (self.strict) {
                    query = [self strictQuery];
                } else {
                    [query removeAllObjects];
                }
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                query = nil;
            }
            @end
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        let add = tree.calls(named: "SecItemAdd")[0]
        let body = tree.body(containing: add.range.start.offset)
        #expect(body?.owner == .method(container: "Store", selector: "save", isClassMethod: false))
        let steps = body?.bindings(of: "query", before: add.range.start.offset) ?? []
        #expect(steps.map { $0.value?.description ?? "" } == ["[NSMutableDictionary new]", "[self strictQuery]"])
        #expect(steps.map(\.range.start.line) == [7, 10])
        #expect(tree.globalVariable(named: "kLevel")?.declarator.initializer?.description == "kSecAttrAccessibleAlways")
        #expect(tree.properties(ofClass: "Store").flatMap(\.names) == ["service"])
        #expect(tree.body(containing: 0) == nil)
    }
}

@Suite("Objective-C parser: conditional container headers")
struct ConditionalHeaderTests {
    @Test func aHeaderInEachBranchOpensOneContainer() {
        let tree = ObjCSyntaxTree.parse("""
            #ifdef NEW_ARCH
            @interface KeychainManager : NSObject <NativeSpec>
            #else
            @interface KeychainManager : NSObject <BridgeModule>
            #endif
            - (void)reset;
            @end
            @interface Other : NSObject
            @end
            """)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        #expect(tree.containers.map(\.name) == ["KeychainManager", "Other"])
        #expect(tree.containers[0].protocols == ["NativeSpec", "BridgeModule"])
        #expect(tree.containers[0].methods.map(\.selector) == ["reset"])
        // Without a branch between them, a second header is a new container after a missing @end.
        let missing = ObjCSyntaxTree.parse("@interface A : NSObject\n@interface A : NSObject\n@end\n")
        #expect(missing.containers.count == 2)
        #expect(missing.diagnostics.map(\.kind) == [.missingEnd])
    }
}
