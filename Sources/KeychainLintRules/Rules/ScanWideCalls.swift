import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel

/// What four rules need to know about every Keychain and LocalAuthentication call of the scan,
/// gathered in one walk of the scan instead of one walk per rule: where the app uses Face ID
/// (`swift.missing_faceid_usage_description`), which `kSecAttrAccessible` entries reach a Keychain
/// call (`swift.weak_keychain_accessibility`), which items it adds with `.applicationPassword`
/// (`swift.application_password_query_missing_context`) and where it first stores a protected
/// item (`swift.broad_query_without_ui_skip`). On a large scan each walk parses every file that
/// makes such a call (the index holds only so many trees), so one walk instead of four saves most
/// of that parsing. Each rule keeps the logic of its share; this only runs the shares together.
struct ScanWideCalls: Sendable {
    var faceIDUses: [MissingFaceIDUsageDescriptionJudgement.FaceIDUse] = []
    var connectedAccessibleKeys: Set<String> = []
    var applicationPasswordItems: [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem] = []
    var firstProtectedItem: ValueLocation?

    static let faceIDCalls = ["SecAccessControlCreateWithFlags", "evaluatePolicy"]

    static let fact = ScanFact<ScanWideCalls>("keychain_lint.scan_wide_calls")

    /// Computed once per scan, on every core, file by file (`ProjectIndex.mapCalls`).
    static func of(_ scan: ScanContext) -> ScanWideCalls {
        scan.fact(fact) { compute(scan) }
    }

    /// One call's shares.
    private struct Share: Sendable {
        var faceIDUse: MissingFaceIDUsageDescriptionJudgement.FaceIDUse?
        var connectedKeys: [String] = []
        var applicationPasswordItems: [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem] = []
        /// The position of the call's name in `BroadQueryWithoutUISkipJudgement.storingCalls`, and what it stores.
        var protectedItem: (order: Int, location: ValueLocation)?
    }

    private static func compute(_ scan: ScanContext) -> ScanWideCalls {
        let storing = BroadQueryWithoutUISkipJudgement.storingCalls
        var names = faceIDCalls
        for name in WeakKeychainAccessibilityRule.allCalls + ["SecItemAdd"] + storing where !names.contains(name) {
            names.append(name)
        }
        let shares = scan.index.mapCalls(named: names) { file, syntax -> Share in
            var share = Share()
            let call = SwiftCall(syntax)
            let name = call.name ?? ""
            if faceIDCalls.contains(name) {
                share.faceIDUse = MissingFaceIDUsageDescriptionRule.use(of: call, in: file, resolver: scan.resolver)?.use
            }
            // The Keychain shares count free functions only (`SecItemAdd(…)`, not `x.SecItemAdd(…)`).
            guard call.receiver == nil else { return share }
            share.connectedKeys = connectedKeys(of: call, named: name, in: file, scan: scan)
            // What test code stores never makes a production read a finding (a stub store that
            // adds an access-controlled item is not the app's Keychain).
            guard !scan.projectModel.isTestCode(file.path) else { return share }
            if name == "SecItemAdd" {
                share.applicationPasswordItems = ApplicationPasswordQueryMissingContextRule.protectedItems(
                    addedBy: call, in: file, scan: scan)
            }
            if let order = storing.firstIndex(of: name),
                let location = protectedItem(storedBy: call, named: name, in: file, scan: scan)
            {
                share.protectedItem = (order, location)
            }
            return share
        }
        var result = ScanWideCalls()
        for share in shares {
            if let use = share.faceIDUse { result.faceIDUses.append(use) }
            result.connectedAccessibleKeys.formUnion(share.connectedKeys)
            result.applicationPasswordItems.append(contentsOf: share.applicationPasswordItems)
        }
        // The first by call name (in `storingCalls` order), then file, then position.
        result.firstProtectedItem = shares.compactMap(\.protectedItem).min { $0.order < $1.order }?.location
        return result
    }

    /// One call's share of `connectedAccessibleKeys`: where the `kSecAttrAccessible` keys of the
    /// dictionaries it is given were written (weak_keychain_accessibility judges those at the call,
    /// or they are search criteria).
    private static func connectedKeys(of call: SwiftCall, named name: String, in file: SourceFile, scan: ScanContext) -> [String] {
        guard WeakKeychainAccessibilityRule.allCalls.contains(name), let programCall = ProgramCall(call) else { return [] }
        var keys: [String] = []
        for argument in KeychainDictionaries.arguments(of: programCall) {
            guard case .swift(let expression) = argument.expression else { continue }
            for query in scan.resolver.queries(expression, in: file).queries {
                let nested = ["kSecPrivateKeyAttrs", "kSecPublicKeyAttrs"].compactMap { query.nested($0) }
                for dictionary in [query] + nested {
                    if let location = dictionary.entry("kSecAttrAccessible")?.location {
                        keys.append(QueryJudgement.key(location))
                    }
                }
            }
        }
        return keys
    }

    /// Where one call stores an item with `kSecAttrAccessControl`, or nil (broad_query_without_ui_skip's share).
    private static func protectedItem(storedBy call: SwiftCall, named name: String, in file: SourceFile, scan: ScanContext) -> ValueLocation? {
        guard BroadQueryWithoutUISkipJudgement.storingCalls.contains(name), let programCall = ProgramCall(call) else { return nil }
        for argument in KeychainDictionaries.arguments(of: programCall) where argument.stores {
            guard case .swift(let expression) = argument.expression else { continue }
            for query in scan.resolver.queries(expression, in: file).queries {
                for (dictionary, _) in KeychainDictionaries.effectiveDictionaries(query, role: argument.role, callName: name) {
                    if let entry = dictionary.entry("kSecAttrAccessControl") {
                        return entry.location ?? file.valueLocation(of: call.expression)
                    }
                }
            }
        }
        return nil
    }
}
