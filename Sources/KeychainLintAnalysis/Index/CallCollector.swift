import KeychainLintModel
import Foundation
import KeychainLintCore
import SwiftSyntax

final class CallCollector: SyntaxVisitor {
    var calls: [String: [FunctionCallExprSyntax]] = [:]

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = SyntaxQueries.calleeName(of: node) { calls[name, default: []].append(node) }
        return .visitChildren
    }
}
