/// A wrapper model that cannot be read, with the file and the key path of the offending value:
/// `KeychainAccess.yml: calls[2].arguments.accessibility.options: unknown option set 'Foo'`.
public struct WrapperModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The model's file name (a built-in model's is `<library>.yml`).
    public var source: String
    /// Dotted key path with list indexes (`calls[2].arguments.accessibility`); empty for the document.
    public var path: String
    public var message: String

    public init(source: String, path: String, message: String) {
        self.source = source
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? "\(source): \(message)" : "\(source): \(path): \(message)"
    }
}
