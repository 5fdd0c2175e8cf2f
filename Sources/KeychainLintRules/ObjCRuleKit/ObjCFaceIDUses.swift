import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// The Objective-C front end's share of missing_faceid_usage_description's scan-wide plan: the
/// Face ID uses of the scan's Objective-C files. The key is the app's, not a language's: these
/// uses join the Swift ones in one plan per application target.
enum ObjCFaceIDUses {
    typealias FaceIDUse = MissingFaceIDUsageDescriptionJudgement.FaceIDUse

    static let calls = MissingFaceIDUsageDescriptionRule.calls.map { $0.name(in: .objectiveC) }

    /// How a call uses Face ID, worded with C spellings.
    static func use(of site: ObjCCallSite, in resolver: ObjCValueResolver) -> FaceIDUse? {
        guard let (api, argument) = MissingFaceIDUsageDescriptionRule.decidingArgument(of: ProgramCall(site)),
              case .objectiveC(let expression) = argument
        else { return nil }
        return MissingFaceIDUsageDescriptionRule.use(
            api, resolution: resolver.resolve(expression), at: resolver.location(expression.range), spelling: .c,
            policy: ObjCLocalAuthentication.policy, language: .objectiveC)
    }

    static let usesFact = ScanFact<[FaceIDUse]>("objc.missing_faceid_usage_description.uses")

    /// Every Face ID use of the scan's Objective-C files, in file order, then call order (computed
    /// once per scan; the plan reads them with the Swift ones).
    static func uses(in scan: ScanContext) -> [FaceIDUse] {
        scan.fact(usesFact) {
            let words = calls.map { String($0.split(separator: ":").first ?? Substring($0)) }
            for word in words { Dependencies.record(word) }
            var result: [FaceIDUse] = []
            for file in ObjCLocalAuthentication.objectiveCFiles(in: scan) {
                let text = scan.index.text(at: file)
                guard words.contains(where: { ByteSearch.contains(text, $0) }) else { continue }
                let resolver = ObjCLocalAuthentication.parsed(file, in: scan, text: text)
                for call in resolver.tree.calls where calls.contains(call.name) {
                    if let use = use(of: call, in: resolver) { result.append(use) }
                }
            }
            return result
        }
    }
}
