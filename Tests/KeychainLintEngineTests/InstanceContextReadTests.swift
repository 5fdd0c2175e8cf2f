import KeychainLintAnalysis
import KeychainLintCore
@testable import KeychainLintEngine
import Testing

/// A type that owns a stored `LAContext` and evaluates the policy on it, and other code that holds
/// an instance of the type and reads the Keychain with that instance's context: each front end
/// finds the reads, the model decides which hand the property on, and `--verbose` says when a
/// receiver's type could not be told.
@Suite("LocalAuthentication: a context property read on an instance of its type")
struct InstanceContextReadTests {
    private func scan(_ files: [String: String]) throws -> ScanResult {
        let sources = files.keys.sorted().map { ProjectIndex.Input(path: $0, text: files[$0]!) }
        return try Scanner(configuration: Configuration()).scan(sources: sources)
    }

    private func places(_ result: ScanResult, _ check: String) -> [String] {
        result.findings.filter { $0.ruleId.hasSuffix("." + check) }
            .map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" }.sorted()
    }

    private func notes(_ result: ScanResult) -> [String] {
        result.diagnostics.filter { $0.message.contains("boolean_only_local_authentication") }
            .map { "\($0.file ?? ""):\($0.position?.line ?? 0):\($0.position?.column ?? 0) \($0.message)" }.sorted()
    }

    static let swiftOwner = """
        final class Unlocker {
            static let shared = Unlocker()
            let context = LAContext()
            func unlock(_ done: @escaping (Bool) -> Void) {
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { ok, _ in done(ok) }
            }
        }

        """

    @Test("Swift: every spelling of a read on an instance of the owning type hands the property on")
    func swiftReceiverShapes() throws {
        for reader in [
            // A parameter, optional chaining, a force unwrap.
            "func read(with unlocker: Unlocker?) { _ = Keychain.read(context: unlocker?.context) }",
            "func read(with unlocker: Unlocker!) { _ = Keychain.read(context: unlocker!.context) }",
            // A static instance of the type.
            "func read() { _ = Keychain.read(context: Unlocker.shared.context) }",
            // A cast names the type.
            "func read(_ sender: Any) { _ = Keychain.read(context: (sender as? Unlocker)?.context) }",
            // A property of a property whose type is written.
            """
            final class Session { let unlocker = Unlocker() }
            final class Screen {
                let session = Session()
                func read() { _ = [kSecUseAuthenticationContext as String: self.session.unlocker.context] }
            }
            """,
            // A property of the reading type, through a weak capture of self.
            """
            final class Screen {
                let unlocker = Unlocker()
                func read() { unlocker.unlock { [weak self] ok in if ok { _ = Keychain.read(context: self?.unlocker.context) } } }
            }
            """,
            // A local built as the type, read inside a closure.
            "func read() { let unlocker = Unlocker(); unlocker.unlock { ok in if ok { _ = Keychain.read(context: unlocker.context) } } }",
        ] {
            let result = try scan(["Unlocker.swift": Self.swiftOwner, "Reader.swift": reader + "\n"])
            #expect(places(result, "boolean_only_local_authentication").isEmpty, "\(reader)")
        }
    }

    @Test("Swift: a read on another type, a read of the context's own members, or a local of the same name does not")
    func swiftOtherReads() throws {
        let result = try scan([
            "Unlocker.swift": Self.swiftOwner,
            "Reader.swift": """
                final class Vault { let context = LAContext() }
                func read(vault: Vault, unlocker: Unlocker) {
                    let context = LAContext()
                    _ = Keychain.read(context: vault.context)
                    _ = Keychain.read(context: context)
                    unlocker.context.localizedCancelTitle = "Cancel"
                    if unlocker.context.biometryType == .faceID { showFaceIcon() }
                }

                """,
        ])
        #expect(places(result, "boolean_only_local_authentication") == ["Unlocker.swift:5:9"])
        #expect(notes(result).isEmpty, "\(result.diagnostics)")
    }

    @Test("Swift: a read whose receiver's type is not written keeps the finding, and --verbose says so")
    func swiftUnknownReceiver() throws {
        let result = try scan([
            "Unlocker.swift": Self.swiftOwner,
            "Reader.swift": """
                final class Screen {
                    var unlockers: [Unlocker] = []
                    func read() { _ = Keychain.read(context: unlockers.first?.context) }
                }

                """,
        ])
        #expect(places(result, "boolean_only_local_authentication") == ["Unlocker.swift:5:9"])
        #expect(notes(result) == [
            "Unlocker.swift:5:9 swift.boolean_only_local_authentication: the LAContext of evaluatePolicy (`context`) is reported as never handed on, though the rule could not tell: `unlockers.first?.context` (Reader.swift:3) may hand on the property `context` of `Unlocker`, but whether its receiver is a `Unlocker` is not known",
        ])
        // Declared as a protocol the type conforms to: it may be one.
        let conforming = try scan([
            "Unlocker.swift": Self.swiftOwner,
            "Reader.swift": """
                protocol ContextHolding { var context: LAContext { get } }
                extension Unlocker: ContextHolding {}
                func read(from holder: ContextHolding) { _ = Keychain.read(context: holder.context) }

                """,
        ])
        #expect(places(conforming, "boolean_only_local_authentication") == ["Unlocker.swift:5:9"])
        #expect(notes(conforming) == [
            "Unlocker.swift:5:9 swift.boolean_only_local_authentication: the LAContext of evaluatePolicy (`context`) is reported as never handed on, though the rule could not tell: `holder.context` (Reader.swift:3) may hand on the property `context` of `Unlocker`, but whether its receiver is a `Unlocker` is not known",
        ])
    }

    static let objectiveCOwner = """
        @interface Unlocker : NSObject
        @property (nonatomic, strong, readonly) LAContext *context;
        @end
        @implementation Unlocker
        - (instancetype)init {
            if ((self = [super init])) { _context = [[LAContext alloc] init]; }
            return self;
        }
        - (void)unlock:(void (^)(BOOL ok))done {
            [self.context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                   reply:^(BOOL success, NSError *error) { done(success); }];
        }
        @end

        """

    @Test("Objective-C: every spelling of a read on an instance of the owning class hands the property on")
    func objectiveCReceiverShapes() throws {
        for reader in [
            // A parameter, read with a message.
            "@implementation Reader\n- (void)readWith:(Unlocker *)unlocker { ReadToken([unlocker context]); }\n@end",
            // A local, in a dictionary literal.
            """
            @implementation Reader
            - (void)read {
                Unlocker *unlocker = [[Unlocker alloc] init];
                NSDictionary *query = @{ (__bridge id)kSecUseAuthenticationContext: unlocker.context };
                SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """,
            // An instance variable of the reading class.
            """
            @interface Reader () { Unlocker *_unlocker; }
            @end
            @implementation Reader
            - (void)read { ReadToken(_unlocker.context); }
            @end
            """,
            // A weak alias of self, in a block.
            """
            @interface Reader ()
            @property (nonatomic, strong) Unlocker *unlocker;
            @end
            @implementation Reader
            - (void)read {
                __weak typeof(self) weakSelf = self;
                [self.unlocker unlock:^(BOOL ok) { if (ok) { ReadToken(weakSelf.unlocker.context); } }];
            }
            @end
            """,
            // A property of a property whose class is declared.
            """
            @interface Session : NSObject
            @property (nonatomic, strong) Unlocker *unlocker;
            @end
            @interface Reader ()
            @property (nonatomic, strong) Session *session;
            @end
            @implementation Reader
            - (void)read { ReadToken(self.session.unlocker.context); }
            @end
            """,
        ] {
            let result = try scan(["Unlocker.m": Self.objectiveCOwner, "Reader.m": reader + "\n"])
            #expect(places(result, "boolean_only_local_authentication").isEmpty, "\(reader)")
        }
    }

    @Test("Objective-C: a receiver declared as the class's superclass may be one: the finding stays, with a note")
    func objectiveCSuperclassReceiver() throws {
        let result = try scan([
            "Unlocker.m": Self.objectiveCOwner.replacingOccurrences(of: "@interface Unlocker : NSObject", with: "@interface Unlocker : Gate"),
            "Reader.m": """
                @interface Gate : NSObject
                @property (nonatomic, strong, readonly) LAContext *context;
                @end
                @implementation Reader
                - (void)read {
                    Gate *gate = [[Unlocker alloc] init];
                    ReadToken(gate.context);
                }
                @end

                """,
        ])
        #expect(places(result, "boolean_only_local_authentication") == ["Unlocker.m:10:5"])
        #expect(notes(result) == [
            "Unlocker.m:10:5 objc.boolean_only_local_authentication: the LAContext of evaluatePolicy:localizedReason:reply: (`self.context`) is reported as never handed on, though the rule could not tell: `gate.context` (Reader.m:7) may hand on the property `context` of `Unlocker`, but whether its receiver is a `Unlocker` is not known",
        ], "\(result.diagnostics)")
    }

    @Test("Objective-C: a read on another class or of the context's own properties does not; an `id` receiver keeps the finding, with a note")
    func objectiveCOtherReads() throws {
        let result = try scan([
            "Unlocker.m": Self.objectiveCOwner,
            "Reader.m": """
                @interface Vault : NSObject
                @property (nonatomic, strong) LAContext *context;
                @end
                @implementation Reader
                - (void)readWith:(Vault *)vault unlocker:(Unlocker *)unlocker any:(id)any {
                    ReadToken(vault.context);
                    unlocker.context.localizedCancelTitle = @"Cancel";
                    if ([unlocker context].biometryType == LABiometryTypeFaceID) { [self showFaceIcon]; }
                    ReadToken([any context]);
                }
                @end

                """,
        ])
        #expect(places(result, "boolean_only_local_authentication") == ["Unlocker.m:10:5"])
        #expect(notes(result) == [
            "Unlocker.m:10:5 objc.boolean_only_local_authentication: the LAContext of evaluatePolicy:localizedReason:reply: (`self.context`) is reported as never handed on, though the rule could not tell: `[any context]` (Reader.m:9) may hand on the property `context` of `Unlocker`, but whether its receiver is a `Unlocker` is not known",
        ], "\(result.diagnostics)")
    }

    @Test("Swift: an awaited outcome a caller throws away is not fail-open when the caller reads the Keychain with the owner's context")
    func swiftIgnoredOutcomeBoundToKeychain() throws {
        let owner = """
            final class FaceUnlocker {
                let context = LAContext()
                func unlock() async throws -> Bool {
                    try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                }
            }

            """
        let bound = try scan([
            "FaceUnlocker.swift": owner,
            "Screen.swift": """
                final class Screen {
                    let unlocker = FaceUnlocker()
                    func open() async {
                        _ = try? await unlocker.unlock()
                        showSecret(Keychain.read(context: unlocker.context))
                    }
                }

                """,
        ])
        #expect(places(bound, "fail_open_local_authentication").isEmpty)
        #expect(places(bound, "boolean_only_local_authentication").isEmpty)
        let unbound = try scan([
            "FaceUnlocker.swift": owner,
            "Screen.swift": """
                final class Screen {
                    let unlocker = FaceUnlocker()
                    func open() async {
                        _ = try? await unlocker.unlock()
                        showSecret(Keychain.read(context: LAContext()))
                    }
                }

                """,
        ])
        #expect(places(unbound, "fail_open_local_authentication") == ["FaceUnlocker.swift:4:19"])
        #expect(places(unbound, "boolean_only_local_authentication") == ["FaceUnlocker.swift:4:19"])
    }
}
