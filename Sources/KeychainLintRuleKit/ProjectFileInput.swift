import Foundation

/// A non-Swift file of the scan that some rules read.
public struct ProjectFileInput: Sendable {
    public enum Kind: String, Sendable { case infoPlist, pbxproj, xcconfig }
    public var path: String
    public var kind: Kind
    public var data: Data

    public init(path: String, kind: Kind, data: Data) {
        self.path = path
        self.kind = kind
        self.data = data
    }
}
