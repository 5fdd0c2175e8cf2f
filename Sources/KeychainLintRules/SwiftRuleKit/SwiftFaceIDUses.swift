import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit

// The Swift front end's share of missing_faceid_usage_description's scan-wide plan: the Face ID
// uses of the scan's Swift calls (gathered with the other scan-wide shares, `ScanWideCalls`).

extension MissingFaceIDUsageDescriptionRule {
    /// How a Swift call uses Face ID, with the resolution of its deciding argument.
    static func use(of swiftCall: SwiftCall, in file: SourceFile, resolver: ValueResolver) -> (use: FaceIDUse?, resolution: Resolution)? {
        guard let call = ProgramCall(swiftCall), let (api, argument) = decidingArgument(of: call), case .swift(let expression) = argument
        else { return nil }
        let resolution = resolver.resolve(expression, in: file)
        let use = use(
            api, resolution: resolution, at: file.valueLocation(of: expression), spelling: .swift, policy: { $0 }, language: .swift)
        return (use, resolution)
    }
}
