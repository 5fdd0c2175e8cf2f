import KeychainLintAnalysis
import KeychainLintCore
@testable import KeychainLintEngine
import Testing

/// An `evaluatePolicy` outcome handed on to a completion handler, followed by each front end to
/// the callers' tests: where the findings are, what their related locations say, their
/// confidence, and the `--verbose` note when the callers never test what they are given.
@Suite("LocalAuthentication: an outcome handed on to the callers")
struct HandedOutcomeTests {
    private func scan(_ files: [String: String]) throws -> ScanResult {
        let sources = files.keys.sorted().map { ProjectIndex.Input(path: $0, text: files[$0]!) }
        return try Scanner(configuration: Configuration()).scan(sources: sources)
    }

    private func findings(_ result: ScanResult, _ check: String) -> [Finding] {
        result.findings.filter { $0.ruleId.hasSuffix("." + check) }
    }

    private func related(_ finding: Finding) -> [String] {
        finding.relatedLocations.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column) \($0.message)" }
    }

    static let swiftGate = """
        final class BiometricGate {
            func authenticate(reason: String = "Unlock", completion: @escaping (Error?) -> Void) {
                let context = LAContext()
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { _, error in
                    completion(error)
                }
            }
        }

        """

    @Test("Swift: the error handed on, a caller in another file that leaves out a defaulted argument tests it")
    func swiftErrorToCaller() throws {
        let result = try scan([
            "BiometricGate.swift": Self.swiftGate,
            "LockScreen.swift": """
                final class LockScreen {
                    func unlock() {
                        BiometricGate().authenticate { error in
                            if let error { return self.show(error) }
                            self.showVault()
                        }
                    }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" } == ["BiometricGate.swift:4:9"])
        #expect(boolOnly.first?.confidence == .high)
        #expect(boolOnly.first.map(related) == [
            "BiometricGate.swift:5:13 handed on: `completion(error)`",
            "LockScreen.swift:4:16 decides: `let error` in a caller of `authenticate(reason:completion:)`",
        ])
        let failOpen = findings(result, "fail_open_local_authentication")
        #expect(failOpen.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" } == ["BiometricGate.swift:5:13"])
        #expect(failOpen.first.map(related) == boolOnly.first.map(related))
    }

    @Test("Swift: the error handed on with no caller in the scan is reported with medium confidence, and no fail-open finding")
    func swiftLibrary() throws {
        let result = try scan(["BiometricGate.swift": Self.swiftGate])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.count == 1)
        #expect(boolOnly.first?.confidence == .medium)
        #expect(boolOnly.first?.relatedLocations.isEmpty == true)
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
    }

    @Test("Swift: callers that never test the error, or pass a handler the scan does not declare, leave nothing to report and a note")
    func swiftUntested() throws {
        let result = try scan([
            "BiometricGate.swift": Self.swiftGate,
            "Settings.swift": """
                final class Settings {
                    func enroll() {
                        BiometricGate().authenticate(completion: handle)
                        BiometricGate().authenticate { error in self.label.text = error?.localizedDescription }
                    }
                }

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").isEmpty)
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
        #expect(result.diagnostics.contains {
            $0.file == "BiometricGate.swift" && $0.position == SourcePosition(line: 4, column: 9)
                && $0.message
                    == "swift.boolean_only_local_authentication: the reply of evaluatePolicy hands its error on (`completion(error)`) to the callers of `authenticate(reason:completion:)`, where the rule finds no test of it; not followed: the handler `handle` a caller passes"
        }, "\(result.diagnostics)")
    }

    @Test("Swift: the success flag handed on shows the caller's test; a caller that reads it is no fail-open")
    func swiftSuccessToCaller() throws {
        let result = try scan([
            "BiometricGate.swift": """
                final class BiometricGate {
                    func authenticate(completion: @escaping (Bool, Error?) -> Void) {
                        let context = LAContext()
                        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock", reply: completion)
                    }
                }

                """,
            "LockScreen.swift": """
                final class LockScreen {
                    func unlock() {
                        BiometricGate().authenticate { ok, error in
                            guard ok else { return self.show(error) }
                            self.showVault()
                        }
                    }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.first.map(related) == [
            "BiometricGate.swift:4:108 handed on: `completion`",
            "LockScreen.swift:4:19 decides: `ok` in a caller of `authenticate(completion:)`",
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
    }

    @Test("Objective-C: a Result-like completion sent in the success branch, and a C function's block parameter")
    func objectiveC() throws {
        let result = try scan([
            "BiometricGate.m": """
                @implementation BiometricGate
                - (void)authenticateWithCompletion:(void (^)(BOOL granted))completion {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                      reply:^(BOOL success, NSError *error) {
                        if (success) {
                            completion(YES);
                        } else {
                            completion(NO);
                        }
                    }];
                }
                @end
                void confirm(void (^done)(NSError *)) {
                    [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm"
                                              reply:^(BOOL success, NSError *error) { done(error); }];
                }
                void pay(void) {
                    confirm(^(NSError *error) {
                        if (error == nil) { sendPayment(); }
                    });
                }

                """,
            "LockScreen.m": """
                @implementation LockScreen
                - (void)unlock {
                    [self.gate authenticateWithCompletion:^(BOOL granted) {
                        if (granted) { [self showVault]; }
                    }];
                }
                @end

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map(related) == [
            [
                "BiometricGate.m:7:13 handed on: `completion(YES)`",
                "LockScreen.m:4:13 decides: `granted` in a sender of `-[BiometricGate authenticateWithCompletion:]`",
            ],
            [
                "BiometricGate.m:16:71 handed on: `done(error)`",
                "BiometricGate.m:20:13 decides: `error == nil` in a caller of `confirm()`",
            ],
        ])
        let failOpen = findings(result, "fail_open_local_authentication")
        #expect(failOpen.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" } == ["BiometricGate.m:16:71"])
    }

    @Test("Swift: a result returned by an async function or through a continuation, and a function called with the flag")
    func swiftReturnedAndCalled() throws {
        let result = try scan([
            "Authenticator.swift": """
                final class Authenticator {
                    func authenticate() async throws -> Bool {
                        let context = LAContext()
                        return try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                    }
                    func verify() async -> Bool {
                        await withCheckedContinuation { continuation in
                            LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Verify") { success, _ in
                                continuation.resume(returning: success)
                            }
                        }
                    }
                    func confirm() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm") { success, _ in
                            self.finish(granted: success)
                        }
                    }
                    private func finish(granted: Bool) {
                        guard granted else { return }
                        openVault()
                    }
                }

                """,
            "LockScreen.swift": """
                final class LockScreen {
                    func unlock() async {
                        if (try? await Authenticator().authenticate()) == true { showVault() }
                        let ok = await Authenticator().verify()
                        guard ok else { return }
                        pay()
                    }
                }

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "Authenticator.swift:4:9 handed on: `return try await context.evaluatePolicy(.deviceOwnerAuthent…`",
                "LockScreen.swift:3:12 decides: `(try? await Authenticator().authenticate()) == true` in a caller of `authenticate()`",
            ],
            [
                "Authenticator.swift:9:17 handed on: `continuation.resume(returning: success)`",
                "LockScreen.swift:5:15 decides: `ok` in a caller of `verify()`",
            ],
            [
                "Authenticator.swift:15:13 handed on: `self.finish(granted: success)`",
                "Authenticator.swift:19:15 decides: `granted` in `finish(granted:)`, which receives it",
            ],
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
    }

    @Test("Swift: an async function's outcome returned as `?? false`, through a returned local, or thrown, and the callers' tests or `try`")
    func swiftAwaitedToCallers() throws {
        let result = try scan([
            "VaultAuthenticator.swift": """
                final class VaultAuthenticator {
                    func unlock() async -> Bool {
                        let context = LAContext()
                        return (try? await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")) ?? false
                    }
                    func check() async throws -> Bool {
                        let context = LAContext()
                        let granted = try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Check")
                        return granted
                    }
                    func confirm() async throws {
                        let context = LAContext()
                        guard try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm") else {
                            throw VaultError.denied
                        }
                    }
                    func probe() async -> Bool {
                        let context = LAContext()
                        do {
                            try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Probe")
                        } catch {
                            return false
                        }
                        return true
                    }
                }

                """,
            "VaultScreen.swift": """
                final class VaultScreen {
                    let auth = VaultAuthenticator()
                    func open() async throws {
                        if await auth.unlock() { showSecrets() }
                        guard try await auth.check() else { return }
                        try? await auth.confirm()
                        try await auth.confirm()
                        showSecrets()
                        _ = await auth.probe()
                    }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" } == [
            "VaultAuthenticator.swift:4:28", "VaultAuthenticator.swift:8:33", "VaultAuthenticator.swift:13:25",
            "VaultAuthenticator.swift:20:23",
        ])
        #expect(boolOnly.map(\.confidence) == [.high, .high, .high, .high])
        #expect(boolOnly.map(related) == [
            [
                "VaultAuthenticator.swift:4:9 handed on: `return (try? await context.evaluatePolicy(.deviceOwnerAuthe…`",
                "VaultScreen.swift:4:12 decides: `await auth.unlock()` in a caller of `unlock()`",
            ],
            [
                "VaultAuthenticator.swift:9:9 handed on: `return granted`",
                "VaultScreen.swift:5:15 decides: `try await auth.check()` in a caller of `check()`",
            ],
            // `try?` decides nothing: the first caller's `try` is the gate.
            [
                "VaultAuthenticator.swift:13:15 handed on: `try await context.evaluatePolicy(.deviceOwnerAuthentication…`",
                "VaultScreen.swift:7:9 decides: `try await auth.confirm()` in a caller of `confirm()`",
            ],
            // Caught in the function itself: nothing is handed on, and the finding has no related locations.
            [],
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
    }

    @Test("Swift: callers that throw an awaited outcome away and act, also through a function that hands it on again; a test's call is left out")
    func swiftOutcomeIgnoredByCallers() throws {
        let result = try scan([
            "AppTests/UnlockTests.swift": """
                final class UnlockTests {
                    func testUnlock() async {
                        try? await VaultAuthenticator().unlock()
                        record("unlocked")
                    }
                }

                """,
            "Session.swift": """
                final class Session {
                    let auth = VaultAuthenticator()
                    func resume() async throws {
                        try await auth.unlock()
                    }
                    func start() async {
                        try? await resume()
                        loadInbox()
                        _ = await auth.isOwner()
                        showBalance()
                    }
                }

                """,
            "VaultAuthenticator.swift": """
                final class VaultAuthenticator {
                    func unlock() async throws {
                        let context = LAContext()
                        try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                    }
                    func isOwner() async -> Bool {
                        (try? await LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Owner")) ?? false
                    }
                }

                """,
        ])
        let failOpen = findings(result, "fail_open_local_authentication")
        #expect(failOpen.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" } == [
            "VaultAuthenticator.swift:4:9", "VaultAuthenticator.swift:7:9",
        ])
        #expect(failOpen.map(related) == [
            [
                "VaultAuthenticator.swift:4:9 handed on: `try await context.evaluatePolicy(.deviceOwnerAuthentication…`",
                "Session.swift:4:9 handed on again: `try await auth.unlock()` in `resume()`",
                "Session.swift:7:9 ignored: `try? await resume()`, then `loadInbox()` runs",
            ],
            [
                "VaultAuthenticator.swift:7:9 handed on: `(try? await LAContext().evaluatePolicy(.deviceOwnerAuthenti…`",
                "Session.swift:9:9 ignored: `_ = await auth.isOwner()`, then `showBalance()` runs",
            ],
        ])
        #expect(failOpen.first?.message.contains("to the callers of `unlock()`, then the callers of `resume()`, where `try? await resume()` (Session.swift:7)") == true)
    }

    @Test("Swift: an awaited outcome thrown away on a context that a Keychain query is given, or that the rule does not follow, is not reported")
    func swiftOutcomeIgnoredKeychainDecides() throws {
        let result = try scan([
            "TokenStore.swift": """
                final class TokenStore {
                    private let context = LAContext()
                    func unlock() async throws {
                        try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                    }
                    func token() -> Data? {
                        let query: [String: Any] = [
                            kSecClass as String: kSecClassGenericPassword,
                            kSecUseAuthenticationContext as String: context,
                            kSecReturnData as String: true,
                        ]
                        var item: CFTypeRef?
                        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
                        return item as? Data
                    }
                    func show() async {
                        try? await unlock()
                        display(token())
                    }
                    func open(with given: LAContext) async {
                        _ = try? await given.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Open")
                        showSecrets()
                    }
                }

                """,
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
    }

    @Test("Both languages: a context chosen between a new one and one the rule does not follow (a local's, a property's) is left undecided, with a note")
    func undecidedChoice() throws {
        let result = try scan([
            "LockService.swift": """
                final class LockService {
                    func confirm(using injected: LAContext? = nil) async -> Bool {
                        let context = injected ?? LAContext()
                        return (try? await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm")) ?? false
                    }
                    func approve() async -> Bool {
                        let context = Session.shared.context ?? LAContext()
                        return (try? await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Approve")) ?? false
                    }
                }
                func pay(with context: LAContext) async -> Bool { await LockService().confirm(using: context) }
                public final class PublicGate {
                    private let context: LAContext
                    public init(context: LAContext? = nil) { self.context = context ?? LAContext() }
                    public func verify(using provided: LAContext? = nil) async -> Bool {
                        let context = provided ?? LAContext()
                        return (try? await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Verify")) ?? false
                    }
                    public func open(_ done: @escaping () -> Void) {
                        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { ok, _ in
                            if ok { done() }
                        }
                    }
                }

                """,
            "VaultLock.m": """
                @implementation VaultLock
                - (void)unlockWith:(LAContext *)injected then:(void (^)(void))done {
                    LAContext *context = injected ?: [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                      reply:^(BOOL success, NSError *error) {
                        if (success) { done(); }
                    }];
                }
                @end
                @interface PaymentGate ()
                @property (nonatomic, strong) LAContext *context;
                @end
                @implementation PaymentGate
                - (instancetype)initWithContext:(LAContext *)context {
                    self = [super init];
                    _context = context ?: [[LAContext alloc] init];
                    return self;
                }
                - (void)pay:(void (^)(void))done {
                    [self.context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Pay"
                                           reply:^(BOOL success, NSError *error) {
                        if (success) { done(); }
                    }];
                }
                @end

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").isEmpty)
        let notes = result.diagnostics.filter { $0.message.contains("boolean_only_local_authentication") }
            .map { "\($0.file ?? ""):\($0.position?.line ?? 0):\($0.position?.column ?? 0) \($0.message)" }
        #expect(notes == [
            "LockService.swift:4:28 swift.boolean_only_local_authentication: the LAContext of evaluatePolicy (`context`) is `injected ?? LAContext()`, and the rule does not follow `injected`, which may be a context handed to a Keychain query elsewhere",
            "LockService.swift:8:28 swift.boolean_only_local_authentication: the LAContext of evaluatePolicy (`context`) is `Session.shared.context ?? LAContext()`, and the rule does not follow `Session.shared.context`, which may be a context handed to a Keychain query elsewhere",
            "LockService.swift:17:28 swift.boolean_only_local_authentication: the LAContext of evaluatePolicy (`context`) is `provided ?? LAContext()`, and the rule does not follow `provided`, which may be a context handed to a Keychain query elsewhere",
            "LockService.swift:20:9 swift.boolean_only_local_authentication: the LAContext of evaluatePolicy (`context`) is `context ?? LAContext()`, and the rule does not follow `context`, which may be a context handed to a Keychain query elsewhere",
            "VaultLock.m:4:5 objc.boolean_only_local_authentication: the LAContext of evaluatePolicy:localizedReason:reply: (`context`) is `injected ?: [[LAContext alloc] init]`, and the rule does not follow `injected`, which may be a context handed to a Keychain query elsewhere",
            "VaultLock.m:20:5 objc.boolean_only_local_authentication: the LAContext of evaluatePolicy:localizedReason:reply: (`self.context`) is `context ?: [[LAContext alloc] init]`, and the rule does not follow `context`, which may be a context handed to a Keychain query elsewhere",
        ], "\(result.diagnostics)")
    }

    @Test("Both languages: a receiver that only shows the error decides nothing; one that runs code without it does")
    func errorShownOrGated() throws {
        let result = try scan([
            "Gate.m": """
                @implementation Gate
                - (void)start {
                    [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                              reply:^(BOOL success, NSError *error) { [self report:error]; }];
                }
                - (void)report:(NSError *)error {
                    if (error) { [self presentAlert:error]; }
                }
                - (void)open {
                    [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                              reply:^(BOOL success, NSError *error) { [self finish:error]; }];
                }
                - (void)finish:(NSError *)error {
                    if (error) { [self presentAlert:error]; return; }
                    [self showVault];
                }
                @end

                """,
            "Gate.swift": """
                final class Gate {
                    func authenticate(completion: @escaping (Error?) -> Void) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                            completion(error)
                        }
                    }
                    func use() {
                        authenticate { error in if let error { self.show(error) } }
                        authenticate { error in
                            if let error { self.show(error) } else { self.showVault() }
                        }
                    }
                }

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "Gate.m:11:71 handed on: `[self finish:error]`",
                "Gate.m:14:9 decides: `error` in `-[Gate finish:]`, which receives it",
            ],
            [
                "Gate.swift:4:13 handed on: `completion(error)`",
                "Gate.swift:10:16 decides: `let error` in a caller of `authenticate(completion:)`",
            ],
        ])
        #expect(findings(result, "fail_open_local_authentication").map { "\($0.range.file):\($0.range.start.line)" } == ["Gate.m:11", "Gate.swift:4"])
    }

    @Test("Both languages: an error test that throws before the action is the gate; a flag given to a call or message in a condition is passed on, not tested there")
    func thrownErrorAndPassedFlag() throws {
        let result = try scan([
            "Vault.m": """
                @implementation Vault
                - (void)unlock {
                    [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                              reply:^(BOOL success, NSError *error) { [self finish:error]; }];
                }
                - (void)finish:(NSError *)error {
                    if (error) { @throw [NSException exceptionWithName:@"Auth" reason:nil userInfo:nil]; }
                    [self showVault];
                }
                - (void)open {
                    [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                              reply:^(BOOL success, NSError *error) { [self opened:success]; }];
                }
                - (void)opened:(BOOL)ok {
                    if ([self shouldRecord:ok]) { [self record]; }
                    if (ok) { [self showVault]; }
                }
                @end

                """,
            "Vault.swift": """
                final class Vault {
                    func unlock() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                            self.finish(error)
                        }
                    }
                    func finish(_ error: Error?) throws {
                        if let error { throw error }
                        showVault()
                    }
                    func open() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { success, _ in
                            self.opened(success)
                        }
                    }
                    func opened(_ ok: Bool) {
                        if shouldRecord(ok) { record() }
                        if ok { showVault() }
                    }
                }

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "Vault.m:4:71 handed on: `[self finish:error]`",
                "Vault.m:7:9 decides: `error` in `-[Vault finish:]`, which receives it",
            ],
            [
                "Vault.m:12:71 handed on: `[self opened:success]`",
                "Vault.m:16:9 decides: `ok` in `-[Vault opened:]`, which receives it",
            ],
            [
                "Vault.swift:4:13 handed on: `self.finish(error)`",
                "Vault.swift:8:12 decides: `let error` in `finish(_:)`, which receives it",
            ],
            [
                "Vault.swift:13:13 handed on: `self.opened(success)`",
                "Vault.swift:18:12 decides: `ok` in `opened(_:)`, which receives it",
            ],
        ])
        let failOpen = findings(result, "fail_open_local_authentication")
        #expect(failOpen.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" } == ["Vault.m:4:71", "Vault.swift:4:13"])
        #expect(failOpen.map(\.message) == [
            "Authentication fails open: the reply hands its outcome on (`[self finish:error]`) to the implementations of `finish:`, where a test of the error alone (`error`, Vault.m:7) lets the guarded action run, although evaluatePolicy can fail without an error object; hand on the success flag and test it",
            "Authentication fails open: the reply hands its outcome on (`self.finish(error)`) to `finish(_:)`, where a test of the error alone (`let error`, Vault.swift:8) lets the guarded action run, although evaluatePolicy can fail without an error object; hand on the success flag and test it",
        ])
    }

    @Test("Both languages: the error handed on only inside a test of it is the failure's reason, not the outcome; a closure kept in a property is a handler")
    func errorInsideItsTestAndStoredHandler() throws {
        let result = try scan([
            "Gate.swift": """
                final class Gate {
                    var onFinish: ((Bool) -> Void)?
                    func authenticate(completion: @escaping (Error?) -> Void) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { _, error in
                            if let error { completion(error) }
                        }
                    }
                    func confirm() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm") { success, _ in
                            if success { self.onFinish?(true) }
                        }
                    }
                }
                final class Screen {
                    let gate = Gate()
                    func start() {
                        gate.authenticate { error in
                            if error == nil { self.showVault() }
                        }
                        gate.onFinish = { ok in
                            guard ok else { return }
                            self.pay()
                        }
                    }
                }

                """,
            "Gate.m": """
                @implementation Gate
                - (void)authenticateWithCompletion:(void (^)(NSError *))completion {
                    [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                              reply:^(BOOL success, NSError *error) { if (error) { completion(error); } }];
                }
                - (void)start {
                    [self authenticateWithCompletion:^(NSError *error) {
                        if (error == nil) { [self showVault]; }
                    }];
                }
                @end

                """,
        ])
        // `completion(error)` runs only when there is an error: the callers' `error == nil` never
        // runs on its account, so it is no gate and nothing fails open.
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map { "\($0.range.file):\($0.range.start.line):\($0.range.start.column)" } == ["Gate.m:3:5", "Gate.swift:4:9", "Gate.swift:9:9"])
        #expect(boolOnly.map(related) == [
            [],
            [],
            [
                "Gate.swift:10:26 handed on: `self.onFinish?(true)`",
                "Gate.swift:21:19 decides: `ok` in the closure assigned to `onFinish`",
            ],
        ])
    }

    @Test("Swift: a property assigned the outcome, read by the type's extension in another file")
    func swiftProperty() throws {
        let result = try scan([
            "LockViewModel.swift": """
                final class LockViewModel {
                    var isUnlocked = false
                    func unlock() {
                        let context = LAContext()
                        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                            DispatchQueue.main.async { self.isUnlocked = success }
                        }
                    }
                }

                """,
            "LockViewModel+Vault.swift": """
                extension LockViewModel {
                    var vault: Vault? { isUnlocked ? Vault.open() : nil }
                }

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "LockViewModel.swift:6:40 handed on: `self.isUnlocked = success`",
                "LockViewModel+Vault.swift:2:25 decides: `isUnlocked` where the property `isUnlocked` is read",
            ]
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
    }

    @Test("Objective-C: a property assigned the outcome, read by the class as a message, an ivar or a property")
    func objectiveCProperty() throws {
        let result = try scan([
            "LockViewModel.m": """
                @implementation LockViewModel
                - (void)unlock {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                      reply:^(BOOL success, NSError *error) {
                        self.unlocked = success;
                    }];
                }
                - (void)render {
                    if (self.authError) { [self showBanner]; }
                    if ([self unlocked]) { [self showVault]; }
                }
                @end

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "LockViewModel.m:6:9 handed on: `self.unlocked = success`",
                "LockViewModel.m:11:9 decides: `[self unlocked]` where the property `unlocked` is read",
            ]
        ])
    }

    @Test("Swift: the flag handed on again by a caller's closure, a forwarded handler and a method, each a step of the path; a fourth hop is not followed")
    func swiftHandedOnAgain() throws {
        let result = try scan([
            "Gate.swift": """
                final class Gate {
                    func confirm(completion: @escaping (Bool) -> Void) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm") { ok, _ in
                            completion(ok)
                        }
                    }
                    func check(completion: @escaping (Error?) -> Void) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Check") { _, error in
                            completion(error)
                        }
                    }
                }

                """,
            "Flow.swift": """
                final class Flow {
                    let gate = Gate()
                    func step1(_ done: @escaping (Bool) -> Void) { gate.confirm { granted in done(granted) } }
                    func step2(_ done: @escaping (Bool) -> Void) { step1(done) }
                    func run() {
                        step2 { allowed in self.apply(allowed) }
                    }
                    private func apply(_ allowed: Bool) {
                        if allowed { openVault() }
                    }
                    func a(_ done: @escaping (Error?) -> Void) { gate.check { e in done(e) } }
                    func b(_ done: @escaping (Error?) -> Void) { a { e in done(e) } }
                    func c(_ done: @escaping (Error?) -> Void) { b { e in done(e) } }
                    func d() {
                        c { e in self.finish(e) }
                    }
                    private func finish(_ e: Error?) {
                        if e == nil { openVault() }
                    }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map { "\($0.range.file):\($0.range.start.line)" } == ["Gate.swift:3"])
        #expect(boolOnly.first.map(related) == [
            "Gate.swift:4:13 handed on: `completion(ok)`",
            "Flow.swift:3:78 handed on again: `done(granted)`",
            "Flow.swift:4:58 handed on again: `done`",
            "Flow.swift:6:28 handed on again: `self.apply(allowed)`",
            "Flow.swift:9:12 decides: `allowed` in `apply(_:)`, which receives it",
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
        #expect(result.diagnostics.contains {
            $0.file == "Gate.swift" && $0.position == SourcePosition(line: 8, column: 9)
                && $0.message
                    == "swift.boolean_only_local_authentication: the reply of evaluatePolicy hands its error on (`completion(error)`) to the callers of `check(completion:)`, where the rule finds no test of it; not followed: the value handed on again more than 3 times (`self.finish(e)`)"
        }, "\(result.diagnostics)")
    }

    @Test("Swift: a handler passed by reference (a method of the caller's type, a free function, a local closure) is read")
    func swiftHandlerByReference() throws {
        let result = try scan([
            "Gate.swift": """
                final class Gate {
                    func check(completion: @escaping (Error?) -> Void) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Check") { _, error in
                            completion(error)
                        }
                    }
                }
                func unlockWhenClear(_ error: Error?) {
                    guard error == nil else { return }
                    openVault()
                }
                final class Screens {
                    func first() { Gate().check(completion: self.handle) }
                    func second() { Gate().check(completion: unlockWhenClear) }
                    func third() {
                        let handler: (Error?) -> Void = { failure in
                            if failure == nil { self.openVault() }
                        }
                        Gate().check(completion: handler)
                    }
                    private func handle(_ error: Error?) {
                        if error != nil { show(error) }
                    }
                }

                """,
        ])
        // The first caller's method only shows the error; the second caller's function is the gate.
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "Gate.swift:4:13 handed on: `completion(error)`",
                "Gate.swift:9:11 decides: `error == nil` in `unlockWhenClear(_:)`, which a caller passes as the handler",
            ]
        ])
    }

    @Test("Swift: a property read on an instance of its type held by another type (not a same-named property of another type); an untyped receiver is said")
    func swiftPropertyElsewhere() throws {
        let result = try scan([
            "LockModel.swift": """
                final class LockModel: ObservableObject {
                    @Published var isUnlocked = false
                    @Published var authError: Error?
                    func unlock() {
                        let context = LAContext()
                        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                            self.isUnlocked = success
                        }
                    }
                    func check() {
                        let context = LAContext()
                        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Check") { _, error in
                            self.authError = error
                        }
                    }
                }
                final class Door {
                    var isUnlocked = false
                }

                """,
            "Views.swift": """
                struct VaultView {
                    @ObservedObject var model: LockModel
                    let door: Door
                    func body() {
                        if door.isUnlocked { ring() }
                        if self.model.isUnlocked { showSecrets() }
                    }
                }
                func render(models: [LockModel]) {
                    if models.first?.authError == nil { showSecrets() }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map(related) == [
            [
                "LockModel.swift:7:13 handed on: `self.isUnlocked = success`",
                "Views.swift:6:12 decides: `self.model.isUnlocked` where the property `isUnlocked` of `LockModel` is read",
            ]
        ])
        #expect(result.diagnostics.contains {
            $0.file == "LockModel.swift" && $0.position == SourcePosition(line: 12, column: 9)
                && $0.message
                    == "swift.boolean_only_local_authentication: the reply of evaluatePolicy hands its error on (`self.authError = error`) to the readers of the property `authError`, where the rule finds no test of it; not followed: a test of `models.first?.authError`, whose receiver's type is not written"
        }, "\(result.diagnostics)")
    }

    @Test("Objective-C: a property read on an instance of its class elsewhere (a parameter, a local, a header's property), and a block handed on again")
    func objectiveCElsewhereAndAgain() throws {
        let result = try scan([
            "LockModel.m": """
                @implementation LockModel
                - (void)unlock {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                      reply:^(BOOL success, NSError *error) {
                        self.unlocked = success;
                    }];
                }
                - (void)confirm:(void (^)(BOOL ok))completion {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm"
                                      reply:^(BOOL success, NSError *error) {
                        completion(success);
                    }];
                }
                @end

                """,
            "Door.m": """
                @implementation Door
                - (void)ring:(Bell *)bell {
                    if (bell.unlocked) { [self chime]; }
                }
                - (void)open:(LockModel *)model {
                    LockModel *other = model;
                    if ([other unlocked]) { [self showSecrets]; }
                }
                - (void)pay:(LockModel *)model {
                    [model confirm:^(BOOL ok) {
                        [self finish:ok];
                    }];
                }
                - (void)finish:(BOOL)ok {
                    if (ok) { [self sendPayment]; }
                }
                @end

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "LockModel.m:6:9 handed on: `self.unlocked = success`",
                "Door.m:7:9 decides: `[other unlocked]` where the property `unlocked` of `LockModel` is read",
            ],
            [
                "LockModel.m:13:9 handed on: `completion(success)`",
                "Door.m:11:9 handed on again: `[self finish:ok]`",
                "Door.m:15:9 decides: `ok` in `-[Door finish:]`, which receives it",
            ],
        ])
    }

    @Test("Swift: a closure kept in a stored property, followed to the closures assigned to it (inside the type, on a typed receiver); an untyped receiver and another type's property are not")
    func swiftStoredClosure() throws {
        let result = try scan([
            "Gate.swift": """
                final class Gate {
                    var onResult: ((Bool) -> Void)?
                    var onError: ((Error?) -> Void)?
                    func confirm() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm") { ok, _ in
                            self.onResult?(ok)
                        }
                    }
                    func check() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Check") { _, error in
                            onError?(error)
                        }
                    }
                }
                final class Other {
                    var onError: ((Error?) -> Void)?
                }

                """,
            "Screen.swift": """
                final class Screen {
                    let gate = Gate()
                    let other = Other()
                    func appear() {
                        gate.onResult = { granted in
                            if granted { self.openVault() }
                        }
                        other.onError = { e in
                            if e == nil { self.openVault() }
                        }
                        gate.onError = nil
                        makeGate().onError = { e in
                            if e == nil { self.openVault() }
                        }
                    }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map { "\($0.range.file):\($0.range.start.line)" } == ["Gate.swift:5"])
        #expect(boolOnly.first.map(related) == [
            "Gate.swift:6:13 handed on: `self.onResult?(ok)`",
            "Screen.swift:6:16 decides: `granted` in the closure assigned to `onResult`",
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
        #expect(result.diagnostics.contains {
            $0.file == "Gate.swift" && $0.position == SourcePosition(line: 10, column: 9)
                && $0.message
                    == "swift.boolean_only_local_authentication: the reply of evaluatePolicy hands its error on (`onError?(error)`) to the closures assigned to `onError`, where the rule finds no test of it; not followed: the closure assigned to `makeGate().onError`, whose receiver's type is not written"
        }, "\(result.diagnostics)")
    }

    @Test("Swift: a stored closure the scan never assigns is a library's API; a closure assigned inside the type (by reference too) is read")
    func swiftStoredClosureInsideAndUnseen() throws {
        let result = try scan([
            "Gate.swift": """
                public final class Gate {
                    public var onError: ((Error?) -> Void)?
                    public func check() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Check") { _, error in
                            self.onError?(error)
                        }
                    }
                }

                """,
            "Lock.swift": """
                final class Lock {
                    var completion: ((Error?) -> Void)?
                    init() {
                        completion = handle
                    }
                    func check() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Check") { _, error in
                            self.completion?(error)
                        }
                    }
                    private func handle(_ error: Error?) {
                        guard error == nil else { return }
                        openVault()
                    }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map { "\($0.range.file):\($0.range.start.line) \($0.confidence)" } == ["Gate.swift:4 medium", "Lock.swift:7 high"])
        #expect(boolOnly.map(related) == [
            [],
            [
                "Lock.swift:8:13 handed on: `self.completion?(error)`",
                "Lock.swift:12:15 decides: `error == nil` in `handle(_:)`, which a caller passes as the handler",
            ],
        ])
        #expect(findings(result, "fail_open_local_authentication").map { "\($0.range.file):\($0.range.start.line)" } == ["Lock.swift:8"])
    }

    @Test("Swift: another object's method as the handler, found by the receiver's written type (a parameter, a property chain); an untyped receiver is said")
    func swiftOtherObjectsMethod() throws {
        let result = try scan([
            "Gate.swift": """
                final class Gate {
                    func check(completion: @escaping (Error?) -> Void) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Check") { _, error in
                            completion(error)
                        }
                    }
                    func confirm(completion: @escaping (Bool) -> Void) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm") { ok, _ in
                            completion(ok)
                        }
                    }
                }

                """,
            "Screen.swift": """
                final class Model {
                    func didAuthenticate(_ granted: Bool) {
                        if granted { openVault() }
                    }
                    func handle(_ error: Error?) {
                        if error == nil { openVault() }
                    }
                }
                final class Banner {
                    func handle(_ error: Error?) {
                        if error == nil { ring() }
                    }
                }
                final class Holder { let model = Model() }
                final class Screen {
                    let holder: Holder
                    func appear(banner: Banner, models: [Model]) {
                        Gate().confirm(completion: self.holder.model.didAuthenticate)
                        Gate().check(completion: models[0].handle)
                    }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map(related) == [
            [
                "Gate.swift:9:13 handed on: `completion(ok)`",
                "Screen.swift:3:12 decides: `granted` in `didAuthenticate(_:)`, which a caller passes as the handler",
            ]
        ])
        #expect(result.diagnostics.contains {
            $0.file == "Gate.swift" && $0.position == SourcePosition(line: 3, column: 9)
                && $0.message
                    == "swift.boolean_only_local_authentication: the reply of evaluatePolicy hands its error on (`completion(error)`) to the callers of `check(completion:)`, where the rule finds no test of it; not followed: the handler `models[0].handle` a caller passes, whose receiver's type is not written"
        }, "\(result.diagnostics)")
    }

    @Test("Swift: a method hand-off goes to the receiver's type (a typed property, a cast); with the type unknown and several types declaring it, none is read and the note says so")
    func swiftMethodByReceiverType() throws {
        let result = try scan([
            "Gate.swift": """
                final class Gate {
                    let audit: Audit
                    func first() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "One") { _, error in
                            self.audit.record(error)
                        }
                    }
                    func second() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Two") { _, error in
                            makeSink().record(error)
                        }
                    }
                    func third(sink: AnyObject) {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Three") { _, error in
                            (sink as? Vault)?.record(error)
                        }
                    }
                }
                final class Audit {
                    func record(_ error: Error?) {
                        if let error { log(error) }
                    }
                }
                final class Vault {
                    func record(_ error: Error?) {
                        if error == nil { open() }
                    }
                }

                """,
        ])
        #expect(findings(result, "fail_open_local_authentication").map { "\($0.range.file):\($0.range.start.line)" } == ["Gate.swift:15"])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "Gate.swift:15:13 handed on: `(sink as? Vault)?.record(error)`",
                "Gate.swift:26:12 decides: `error == nil` in `record(_:)`, which receives it",
            ]
        ])
        #expect(result.diagnostics.contains {
            $0.file == "Gate.swift" && $0.position == SourcePosition(line: 4, column: 9)
                && $0.message
                    == "swift.boolean_only_local_authentication: the reply of evaluatePolicy hands its error on (`self.audit.record(error)`) to `record(_:)`, where the rule finds no test of it"
        }, "\(result.diagnostics)")
        #expect(result.diagnostics.contains {
            $0.file == "Gate.swift" && $0.position == SourcePosition(line: 9, column: 9)
                && $0.message
                    == "swift.boolean_only_local_authentication: the reply of evaluatePolicy hands its error on (`makeSink().record(error)`) to `record(_:)`, where the rule finds no test of it; not followed: `makeSink().record(error)`, a method of several types whose receiver's type is not written"
        }, "\(result.diagnostics)")
    }

    @Test("Swift: a published property observed through its publisher (`$isUnlocked.sink`, operators that keep the value, `onReceive`), in its type or on a typed instance; `map` and untyped receivers are not followed")
    func swiftPublishedObserved() throws {
        let result = try scan([
            "LockModel.swift": """
                final class LockModel: ObservableObject {
                    @Published var isUnlocked = false
                    @Published var authError: Error?
                    @Published var lastError: Error?
                    func unlock() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { success, _ in
                            self.isUnlocked = success
                        }
                    }
                    func check() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Check") { _, error in
                            self.authError = error
                        }
                    }
                    func recheck() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Recheck") { _, error in
                            self.lastError = error
                        }
                    }
                    func observe() {
                        $authError.dropFirst().sink { error in
                            guard error == nil else { return }
                            self.openVault()
                        }
                        $lastError.map { $0 != nil }.sink { failed in
                            if !failed { self.openVault() }
                        }
                    }
                }

                """,
            "Screen.swift": """
                final class Screen {
                    let model: LockModel
                    func bind(models: [LockModel]) {
                        model.$isUnlocked.receive(on: DispatchQueue.main).sink { [weak self] unlocked in
                            if unlocked { self?.showVault() }
                        }
                        models[0].$lastError.sink { error in
                            if error == nil { self.showVault() }
                        }
                    }
                }
                struct LockView: View {
                    @ObservedObject var model: LockModel
                    var body: some View {
                        Text("Locked").onReceive(model.$lastError) { error in
                            if let error { show(error) }
                        }
                    }
                }

                """,
        ])
        let boolOnly = findings(result, "boolean_only_local_authentication")
        #expect(boolOnly.map { "\($0.range.file):\($0.range.start.line)" } == ["LockModel.swift:6", "LockModel.swift:11"])
        #expect(boolOnly.map(related) == [
            [
                "LockModel.swift:7:13 handed on: `self.isUnlocked = success`",
                "Screen.swift:5:16 decides: `unlocked` where `$isUnlocked` of `LockModel` is observed",
            ],
            [
                "LockModel.swift:12:13 handed on: `self.authError = error`",
                "LockModel.swift:22:19 decides: `error == nil` where `$authError` is observed",
            ],
        ])
        #expect(findings(result, "fail_open_local_authentication").map { "\($0.range.file):\($0.range.start.line)" } == ["LockModel.swift:12"])
        #expect(result.diagnostics.contains {
            $0.file == "LockModel.swift" && $0.position == SourcePosition(line: 16, column: 9)
                && $0.message
                    == "swift.boolean_only_local_authentication: the reply of evaluatePolicy hands its error on (`self.lastError = error`) to the readers of the property `lastError`, where the rule finds no test of it; not followed: an observer of `models[0].$lastError`, whose receiver's type is not written"
        }, "\(result.diagnostics)")
    }

    @Test("Objective-C: a property read through its custom getter (in the class, on a typed instance elsewhere), and a selector sent with performSelector:withObject:")
    func objectiveCGetterAndSelector() throws {
        let result = try scan([
            "LockModel.h": """
                @interface LockModel : NSObject
                @property (nonatomic, getter=isUnlocked) BOOL unlocked;
                @property (nonatomic, getter=isVerified) BOOL verified;
                @end

                """,
            "LockModel.m": """
                @implementation LockModel
                - (void)unlock {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                                       reply:^(BOOL success, NSError *error) {
                        self.unlocked = success;
                    }];
                }
                - (void)verify {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Verify"
                                                       reply:^(BOOL success, NSError *error) {
                        self.verified = success;
                    }];
                }
                - (void)confirm {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Confirm"
                                                       reply:^(BOOL success, NSError *error) {
                        [self.delegate performSelectorOnMainThread:@selector(modelDidConfirm:) withObject:@(success) waitUntilDone:NO];
                    }];
                }
                - (void)render {
                    if ([self isUnlocked]) { [self showVault]; }
                }
                @end

                """,
            "Door.m": """
                @implementation Door
                - (void)open:(LockModel *)model {
                    if (model.isVerified) { [self showSecrets]; }
                }
                - (void)modelDidConfirm:(NSNumber *)granted {
                    if (granted.boolValue) { [self pay]; }
                }
                @end

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "LockModel.m:5:9 handed on: `self.unlocked = success`",
                "LockModel.m:21:9 decides: `[self isUnlocked]` where the property `unlocked` is read",
            ],
            [
                "LockModel.m:11:9 handed on: `self.verified = success`",
                "Door.m:3:9 decides: `model.isVerified` where the property `verified` of `LockModel` is read",
            ],
            [
                "LockModel.m:17:9 handed on: `[self.delegate performSelectorOnMainThread:@selector(mode…`",
                "Door.m:6:9 decides: `granted.boolValue` in `-[Door modelDidConfirm:]`, which receives it",
            ],
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
    }

    @Test("Objective-C: a message hand-off goes to the receiver's class (self, a typed property), to every implementation for a protocol-typed delegate, and to none, with a note, when the class is not known")
    func objectiveCMessageByReceiverClass() throws {
        let result = try scan([
            "BiometricGate.m": """
                @interface BiometricGate ()
                @property (nonatomic, strong) Unlocker *unlocker;
                @property (nonatomic, weak) id<GateDelegate> delegate;
                @end
                @implementation BiometricGate
                - (void)first {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"One"
                                                       reply:^(BOOL success, NSError *error) {
                        [self finishWithError:error];
                    }];
                }
                - (void)second {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Two"
                                                       reply:^(BOOL success, NSError *error) {
                        [self.unlocker finishWithError:error];
                    }];
                }
                - (void)third {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Three"
                                                       reply:^(BOOL success, NSError *error) {
                        [self.delegate gateDidFinishWithError:error];
                    }];
                }
                - (void)fourth {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Four"
                                                       reply:^(BOOL success, NSError *error) {
                        [[self currentSink] finishWithError:error];
                    }];
                }
                - (void)finishWithError:(NSError *)error {
                    if (error) { [self presentError:error]; }
                }
                @end

                """,
            "Others.m": """
                @implementation Unlocker
                - (void)finishWithError:(NSError *)error {
                    if (!error) { [self openVault]; }
                }
                @end
                @implementation Banner
                - (void)gateDidFinishWithError:(NSError *)error {
                    if (error) { [self show:error]; }
                }
                @end
                @implementation LockScreen
                - (void)gateDidFinishWithError:(NSError *)error {
                    if (error == nil) { [self openVault]; }
                }
                @end

                """,
        ])
        #expect(findings(result, "fail_open_local_authentication").map { "\($0.range.file):\($0.range.start.line)" } == [
            "BiometricGate.m:15", "BiometricGate.m:21",
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "BiometricGate.m:15:9 handed on: `[self.unlocker finishWithError:error]`",
                "Others.m:3:9 decides: `!error` in `-[Unlocker finishWithError:]`, which receives it",
            ],
            [
                "BiometricGate.m:21:9 handed on: `[self.delegate gateDidFinishWithError:error]`",
                "Others.m:13:9 decides: `error == nil` in `-[LockScreen gateDidFinishWithError:]`, which receives it",
            ],
        ])
        #expect(result.diagnostics.contains {
            $0.file == "BiometricGate.m" && $0.position == SourcePosition(line: 25, column: 5)
                && $0.message
                    == "objc.boolean_only_local_authentication: the reply of evaluatePolicy:localizedReason:reply: hands its error on (`[[self currentSink] finishWithError:error]`) to the implementations of `finishWithError:`, where the rule finds no test of it; not followed: `finishWithError:` sent to `[self currentSink]`, whose class is not written, among the implementations of several classes"
        }, "\(result.diagnostics)")
    }

    @Test("Objective-C: a block kept in a property, followed to the blocks assigned to it (a property, a setter message, a block parameter handed on); an untyped receiver is said")
    func objectiveCStoredBlock() throws {
        let result = try scan([
            "LockGate.h": """
                @interface LockGate : NSObject
                @property (nonatomic, copy) void (^onFinish)(NSError *error);
                @property (nonatomic, copy) void (^onResult)(BOOL granted);
                @property (nonatomic, copy) void (^onCancel)(NSError *error);
                @end

                """,
            "LockGate.m": """
                @implementation LockGate
                - (void)check {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Check"
                                                       reply:^(BOOL success, NSError *error) {
                        self.onFinish(error);
                    }];
                }
                - (void)confirm {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Confirm"
                                                       reply:^(BOOL success, NSError *error) {
                        if (_onResult) { _onResult(success); }
                    }];
                }
                - (void)cancel {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Cancel"
                                                       reply:^(BOOL success, NSError *error) {
                        self.onCancel(error);
                    }];
                }
                @end

                """,
            "Screen.m": """
                @implementation Screen
                - (void)bind:(LockGate *)gate {
                    gate.onFinish = ^(NSError *error) {
                        if (!error) { [self openVault]; }
                    };
                    [self.lockGate setOnResult:self.resultHandler];
                    [self currentGate].onCancel = ^(NSError *error) {
                        if (error == nil) { [self openVault]; }
                    };
                }
                - (void)attach:(LockGate *)gate then:(void (^)(BOOL ok))done {
                    gate.onResult = done;
                }
                - (void)run:(LockGate *)gate {
                    [self attach:gate then:^(BOOL ok) {
                        if (ok) { [self pay]; }
                    }];
                }
                @end

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "LockGate.m:5:9 handed on: `self.onFinish(error)`",
                "Screen.m:4:13 decides: `!error` in the block assigned to `onFinish`",
            ],
            [
                "LockGate.m:11:26 handed on: `_onResult(success)`",
                "Screen.m:12:21 handed on again: `done`",
                "Screen.m:16:13 decides: `ok` in a sender of `-[Screen attach:then:]`",
            ],
        ])
        #expect(findings(result, "fail_open_local_authentication").map { "\($0.range.file):\($0.range.start.line)" } == ["LockGate.m:5"])
        #expect(result.diagnostics.contains {
            $0.file == "LockGate.m" && $0.position == SourcePosition(line: 15, column: 5)
                && $0.message
                    == "objc.boolean_only_local_authentication: the reply of evaluatePolicy:localizedReason:reply: hands its error on (`self.onCancel(error)`) to the blocks assigned to `onCancel`, where the rule finds no test of it; not followed: the block assigned to `onCancel` of `[self currentGate]`, whose class is not written"
        }, "\(result.diagnostics)")
    }

    @Test("Objective-C: a stored target/action pair, the action assigned a written selector or a parameter whose senders pass one; a selector several classes implement is not read")
    func objectiveCTargetAction() throws {
        let result = try scan([
            "Gate.m": """
                @interface Gate ()
                @property (nonatomic, weak) id target;
                @property (nonatomic) SEL action;
                @property (nonatomic) SEL cancelAction;
                @end
                @implementation Gate
                - (void)setTarget:(id)target action:(SEL)action {
                    _target = target;
                    _action = action;
                }
                - (void)reset {
                    self.cancelAction = @selector(close:);
                }
                - (void)confirm {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Confirm"
                                                       reply:^(BOOL success, NSError *error) {
                        [_target performSelector:_action withObject:@(success)];
                    }];
                }
                - (void)cancel {
                    [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Cancel"
                                                       reply:^(BOOL success, NSError *error) {
                        [self.target performSelector:[self cancelAction] withObject:error];
                    }];
                }
                @end

                """,
            "Screens.m": """
                @implementation PayScreen
                - (void)load {
                    [self.gate setTarget:self action:@selector(gateDidConfirm:)];
                }
                - (void)gateDidConfirm:(NSNumber *)granted {
                    if ([granted boolValue]) { [self pay]; }
                }
                - (void)close:(NSError *)error {
                    if (error == nil) { [self openVault]; }
                }
                @end
                @implementation Drawer
                - (void)close:(NSError *)error {
                    if (error) { [self shake]; }
                }
                @end

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "Gate.m:17:9 handed on: `[_target performSelector:_action withObject:@(success)]`",
                "Screens.m:6:9 decides: `[granted boolValue]` in `-[PayScreen gateDidConfirm:]`, which receives it",
            ]
        ])
        #expect(findings(result, "fail_open_local_authentication").isEmpty)
        #expect(result.diagnostics.contains {
            $0.file == "Gate.m" && $0.position == SourcePosition(line: 21, column: 5)
                && $0.message
                    == "objc.boolean_only_local_authentication: the reply of evaluatePolicy:localizedReason:reply: hands its error on (`[self.target performSelector:[self cancelAction] withObje…`) to the methods the selectors stored in `cancelAction` name, where the rule finds no test of it; not followed: `close:` sent to `self.target`, whose class is not written, among the implementations of several classes"
        }, "\(result.diagnostics)")
    }

    @Test("Swift: a property observed with SwiftUI's onChange (one or two parameters), in its type or on a typed instance, when no read tests it")
    func swiftOnChange() throws {
        let result = try scan([
            "LockModel.swift": """
                final class LockModel: ObservableObject {
                    @Published var isUnlocked = false
                    func unlock() {
                        LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { success, _ in
                            self.isUnlocked = success
                        }
                    }
                }
                struct GateView: View {
                    @State private var granted = false
                    var body: some View {
                        Button("Pay") {
                            LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay") { success, _ in
                                granted = success
                            }
                        }
                        .onChange(of: granted) { now in
                            if now { pay() }
                        }
                    }
                }

                """,
            "VaultView.swift": """
                struct VaultView: View {
                    @ObservedObject var model: LockModel
                    var body: some View {
                        Text("Vault")
                            .onChange(of: model.isUnlocked) { _, unlocked in
                                guard unlocked else { return }
                                showSecrets()
                            }
                    }
                }

                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").map(related) == [
            [
                "LockModel.swift:5:13 handed on: `self.isUnlocked = success`",
                "VaultView.swift:6:23 decides: `unlocked` where `isUnlocked` of `LockModel` is observed",
            ],
            [
                "LockModel.swift:14:17 handed on: `granted = success`",
                "LockModel.swift:18:16 decides: `now` where `granted` is observed",
            ],
        ])
    }

    @Test("Both languages: a reply given by a reference the rule does not follow reports nothing and says so under --verbose")
    func unreadReplyIsNoted() throws {
        let result = try scan([
            "Lock.swift": """
                import LocalAuthentication

                final class Lock {
                    func unlock(completion: @escaping Completion) {
                        let context = LAContext()
                        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock", reply: completion)
                    }
                }
                """,
            "Gate.m": """
                #import <LocalAuthentication/LocalAuthentication.h>
                @implementation Gate
                - (void)open {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open" reply:self.replyHandler];
                }
                @end
                """,
        ])
        #expect(findings(result, "boolean_only_local_authentication").isEmpty)
        let notes = result.diagnostics.filter { $0.message.contains("boolean_only_local_authentication") }
            .map { "\($0.file ?? ""):\($0.position?.line ?? 0):\($0.position?.column ?? 0) \($0.message)" }
        #expect(notes == [
            "Gate.m:5:5 objc.boolean_only_local_authentication: the reply of evaluatePolicy:localizedReason:reply: is `self.replyHandler`, which the rule does not follow (a handler whose type or code it cannot see), so it cannot tell whether the outcome decides what runs next",
            "Lock.swift:6:9 swift.boolean_only_local_authentication: the reply of evaluatePolicy is `completion`, which the rule does not follow (a handler whose type or code it cannot see), so it cannot tell whether the outcome decides what runs next",
        ], "\(notes)")
    }
}
