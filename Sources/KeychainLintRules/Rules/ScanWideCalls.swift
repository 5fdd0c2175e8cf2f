import Foundation
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
public struct ScanWideCalls: Sendable {
    var faceIDUses: [MissingFaceIDUsageDescriptionJudgement.FaceIDUse] = []
    var connectedAccessibleKeys: Set<String> = []
    var applicationPasswordItems: [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem] = []
    /// Where the scan stores items with `kSecAttrAccessControl`, with their class when known, in
    /// the order the rule prefers to name them (`firstProtectedItem(matching:)`).
    var protectedItems: [(location: ValueLocation, itemClass: String?)] = []
    /// The first storing call whose stored dictionary the resolver could not see at all: whether
    /// it stores a protected item is unknown (said under `--verbose` where a judgement needed it).
    var firstUnresolvedStore: ValueLocation?

    static let faceIDCalls = ["SecAccessControlCreateWithFlags", "evaluatePolicy"]

    static let fact = ScanFact<ScanWideCalls>("keychain_lint.scan_wide_calls")

    /// Computed once per scan, when a judgement made after the walk first asks (see
    /// `gather(inFile:scan:)`): from the shares gathered while each file's tree was held, and, on
    /// every core, file by file (`ProjectIndex.mapCalls`), from the files the walk did not parse.
    static func of(_ scan: ScanContext) -> ScanWideCalls {
        scan.fact(fact) { compute(scan) }
    }

    /// Whether one of `types` asks (a scan without them gathers nothing).
    public static func isAsked(by types: [any Rule.Type]) -> Bool {
        types.contains { askingRuleIds.contains($0.description.id) }
    }

    /// The checks that ask, by their Swift and Objective-C rule ids.
    static let askingRuleIds: Set<String> = Set(
        [
            MissingFaceIDUsageDescriptionRule.swiftRule, MissingFaceIDUsageDescriptionRule.objectiveCRule,
            WeakKeychainAccessibilityRule.swiftRule, WeakKeychainAccessibilityRule.objectiveCRule,
            ApplicationPasswordQueryMissingContextRule.swiftRule, ApplicationPasswordQueryMissingContextRule.objectiveCRule,
            BroadQueryWithoutUISkipRule.swiftRule, BroadQueryWithoutUISkipRule.objectiveCRule,
        ].map(\.id))

    /// One call's shares.
    struct Share: Sendable {
        var faceIDUse: MissingFaceIDUsageDescriptionJudgement.FaceIDUse?
        var connectedKeys: [String] = []
        var applicationPasswordItems: [ApplicationPasswordQueryMissingContextJudgement.ProtectedItem] = []
        /// The position of the call's name in `BroadQueryWithoutUISkipJudgement.storingCalls`, and
        /// where it stores items with access control, with their class when known.
        var protectedItems: [(order: Int, location: ValueLocation, itemClass: String?)] = []
        /// The call, when it is a storing call whose stored dictionary is not known at all.
        var unresolvedStore: (order: Int, location: ValueLocation)?
    }

    /// The shares of the files whose trees the walk held, by file, with the names and facts their
    /// questions looked up (the fact depends on them as if it had asked them itself).
    final class Gathered: @unchecked Sendable {
        let lock = NSLock()
        var files: Set<Int>?
        var shares: [Int: [Share]] = [:]
        var names: Set<String> = []
        var facts: Set<String> = []
    }

    static let gatheredFact = ScanFact<Gathered>("keychain_lint.scan_wide_calls.gathered")

    /// The calls whose shares are gathered: Face ID's, the Keychain calls weak_keychain_accessibility
    /// follows dictionaries into, `SecItemAdd` and the storing calls.
    static let names: [String] = {
        var names = faceIDCalls
        for name in WeakKeychainAccessibilityRule.allCalls + ["SecItemAdd"] + BroadQueryWithoutUISkipJudgement.storingCalls
        where !names.contains(name) {
            names.append(name)
        }
        return names
    }()

    /// Gathers the shares of file `index` while the walk holds its tree, so that the scan-wide
    /// pass does not parse it again. What it looks up is kept out of the file's own dependencies
    /// (it is the fact's), and its questions are charged to a budget of their own, as the
    /// scan-wide pass charges them.
    public static func gather(inFile index: Int, scan: ScanContext) {
        let ((), recorded) = Dependencies.isolated {
            let gathered = scan.fact(gatheredFact) { Gathered() }
            let files = gathered.lock.withLock { gathered.files } ?? {
                let files = Set(scan.index.files(calling: names))
                gathered.lock.withLock { gathered.files = files }
                return files
            }()
            guard files.contains(index) else { return }
            let shares = scan.index.mapCalls(named: names, inFile: index) { file, syntax in share(of: SwiftCall(syntax), in: file, scan: scan) }
            gathered.lock.withLock { gathered.shares[index] = shares }
        }
        guard !recorded.names.isEmpty || !recorded.facts.isEmpty else { return }
        let gathered = Dependencies.isolated { scan.fact(gatheredFact) { Gathered() } }.0
        gathered.lock.withLock {
            gathered.names.formUnion(recorded.names)
            gathered.facts.formUnion(recorded.facts)
        }
    }

    private static func compute(_ scan: ScanContext) -> ScanWideCalls {
        let gathered = Dependencies.isolated { scan.fact(gatheredFact) { Gathered() } }.0
        let (held, names, facts) = gathered.lock.withLock { (gathered.shares, gathered.names, gathered.facts) }
        for name in names { Dependencies.record(name) }
        for fact in facts { Dependencies.recordFact(fact) }
        let ordered = scan.index.files(calling: Self.names)
        let rest = ordered.filter { held[$0] == nil }
        let restShares = scan.index.mapCalls(named: Self.names, inFiles: rest) { file, syntax in share(of: SwiftCall(syntax), in: file, scan: scan) }
        var byFile = held
        for (file, fileShares) in zip(rest, restShares) { byFile[file] = fileShares }
        let shares = ordered.flatMap { byFile[$0] ?? [] }
        var result = ScanWideCalls()
        for share in shares {
            if let use = share.faceIDUse { result.faceIDUses.append(use) }
            result.connectedAccessibleKeys.formUnion(share.connectedKeys)
            result.applicationPasswordItems.append(contentsOf: share.applicationPasswordItems)
        }
        // By call name (in `storingCalls` order), then file, then position.
        let protected = shares.flatMap(\.protectedItems).enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
        result.protectedItems = protected.map { ($0.element.location, $0.element.itemClass) }
        result.firstUnresolvedStore = shares.compactMap(\.unresolvedStore).min { $0.order < $1.order }?.location
        return result
    }

    /// One call's shares.
    private static func share(of call: SwiftCall, in file: SourceFile, scan: ScanContext) -> Share {
        let storing = BroadQueryWithoutUISkipJudgement.storingCalls
        var share = Share()
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
        if let order = storing.firstIndex(of: name) {
            switch protectedItem(storedBy: call, named: name, in: file, scan: scan) {
            case .protected(let items): share.protectedItems = items.map { (order, $0.location, $0.itemClass) }
            case .unknown: share.unresolvedStore = (order, file.valueLocation(of: call.expression))
            case .none: break
            }
        }
        return share
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

    /// The first place the scan stores an item with `kSecAttrAccessControl` that a read of items
    /// of class `searched` can return (`BroadQueryWithoutUISkipJudgement.mayMatch`).
    func firstProtectedItem(matching searched: String?) -> ValueLocation? {
        protectedItems.first { BroadQueryWithoutUISkipJudgement.mayMatch(searched: searched, stored: $0.itemClass) }?.location
    }

    /// What one storing call stores, as far as broad_query_without_ui_skip asks.
    enum StoredItem {
        /// Items with `kSecAttrAccessControl`: where each entry is written, and the item's class when known.
        case protected([(location: ValueLocation, itemClass: String?)])
        /// A dictionary the resolver could not see at all.
        case unknown
        /// Only items without access control.
        case none
    }

    /// Whether one call stores an item with `kSecAttrAccessControl` (broad_query_without_ui_skip's share).
    private static func protectedItem(storedBy call: SwiftCall, named name: String, in file: SourceFile, scan: ScanContext) -> StoredItem {
        guard BroadQueryWithoutUISkipJudgement.storingCalls.contains(name), let programCall = ProgramCall(call) else { return .none }
        var unknown = false
        var items: [(location: ValueLocation, itemClass: String?)] = []
        for argument in KeychainDictionaries.arguments(of: programCall) where argument.stores {
            guard case .swift(let expression) = argument.expression else { continue }
            let queries = scan.resolver.queries(expression, in: file).queries
            if queries.isEmpty { unknown = true }
            for query in queries {
                // The class is the whole query's (a key's private-key attributes are a nested dictionary).
                let itemClass = BroadQueryWithoutUISkipJudgement.storedClass(query, storedBy: name)
                for (dictionary, _) in KeychainDictionaries.effectiveDictionaries(query, role: argument.role, callName: name) {
                    if let entry = dictionary.entry("kSecAttrAccessControl") {
                        items.append((entry.location ?? file.valueLocation(of: call.expression), itemClass))
                        break
                    }
                }
            }
        }
        if !items.isEmpty { return .protected(items) }
        return unknown ? .unknown : .none
    }
}
