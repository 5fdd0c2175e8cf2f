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
            share.connectedKeys = WeakKeychainAccessibilityRule.connectedKeys(of: call, named: name, in: file, scan: scan)
            // What test code stores never makes a production read a finding (a stub store that
            // adds an access-controlled item is not the app's Keychain).
            guard !scan.projectModel.isTestCode(file.path) else { return share }
            if name == "SecItemAdd" {
                share.applicationPasswordItems = ApplicationPasswordQueryMissingContextRule.protectedItems(
                    addedBy: call, in: file, scan: scan)
            }
            if let order = storing.firstIndex(of: name),
                let location = BroadQueryWithoutUISkipRule.protectedItem(storedBy: call, named: name, in: file, scan: scan)
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
}
