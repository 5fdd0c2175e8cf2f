import Foundation
import SwiftSyntax

// Literal text and integers as the source spells them.
extension ValueResolver {
    static func literalText(of literal: StringLiteralExprSyntax) -> String? {
        var text = ""
        for segment in literal.segments {
            guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
            text += plain.content.text
        }
        return text
    }

    static func integerValue(of literal: IntegerLiteralExprSyntax) -> Int? {
        let digits = literal.literal.text.replacingOccurrences(of: "_", with: "")
        if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16) }
        if digits.hasPrefix("0b") { return Int(digits.dropFirst(2), radix: 2) }
        if digits.hasPrefix("0o") { return Int(digits.dropFirst(2), radix: 8) }
        return Int(digits)
    }
}
