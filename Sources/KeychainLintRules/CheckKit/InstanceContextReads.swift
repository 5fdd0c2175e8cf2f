import KeychainLintCore
import KeychainLintModel

// A stored context property of one type, read by other code on an instance of the type: the most
// common way an app binds its authentication to the Keychain. An `Authenticator` keeps
// `let context = LAContext()` and evaluates the policy on it; a `VaultModel` that holds an
// `Authenticator` reads the secret with `kSecUseAuthenticationContext: auth.context` once it
// succeeded. Each front end finds such reads in its own syntax (`auth.context`,
// `self.auth.context`, `auth?.context`, `[self.authenticator context]`) and says what type the
// receiver has and what the read does with the context; which reads hand the property on is
// decided here, once for every language.

/// A read of a stored context property on an instance that code outside the type holds.
public struct InstanceContextRead: Hashable, Sendable {
    /// What the front end knows of the receiver's type.
    public enum Receiver: Hashable, Sendable {
        /// Declared or built as the type that owns the property (`let auth = Authenticator()`,
        /// `Authenticator *authenticator`).
        case owner
        /// Declared as another type: another type's property of the same name.
        case other
        /// Not written where the front end looks (a call's result, an element of a collection, `id`),
        /// or declared as a protocol the type conforms to or a class it inherits from: it may be
        /// an instance of the type or not.
        case unknown
    }

    public let receiver: Receiver
    /// The read gives the context to other code: a dictionary value (`kSecUseAuthenticationContext:
    /// auth.context`), an argument (a helper that builds the query), a return value, a store
    /// elsewhere. Reading or setting the context's own members (`auth.context.localizedReason = …`)
    /// does not.
    public let handsOn: Bool
    /// The read as written, shortened, and where it is (`VaultModel.swift:12`): for `--verbose`.
    public let written: String
    public let place: String

    public init(receiver: Receiver, handsOn: Bool, written: String, place: String) {
        self.receiver = receiver
        self.handsOn = handsOn
        self.written = written
        self.place = place
    }
}

/// The reads of one stored context property on instances of its type, in the files that mention
/// both the property and the type (the first `maximumFiles` of them).
public struct InstanceContextReads: Hashable, Sendable {
    public let reads: [InstanceContextRead]
    /// More files mention the property and the type than were read.
    public let filesLeftOut: Int

    public init(reads: [InstanceContextRead], filesLeftOut: Int = 0) {
        self.reads = reads
        self.filesLeftOut = filesLeftOut
    }

    public static let none = InstanceContextReads(reads: [])

    /// How many files that mention the property and its type are read.
    public static let maximumFiles = EvaluatedContext.maximumSenders

    /// The property is handed on when code reads it on an instance of its own type and gives it
    /// to other code: the evaluated context is then the one that code hands to the Keychain.
    public var handOn: Bool {
        reads.contains { $0.receiver == .owner && $0.handsOn }
    }

    /// What the search could not tell, in words (for `--verbose`): a read that gives a context of
    /// that name to other code on a receiver whose type is not known (it may be this property),
    /// and files beyond the bound. Empty when the property is handed on.
    public func untold(property: String, owner: String) -> [String] {
        guard !handOn else { return [] }
        var words: [String] = []
        if let read = reads.first(where: { $0.receiver == .unknown && $0.handsOn }) {
            words.append("`\(read.written)` (\(read.place)) may hand on the property `\(property)` of `\(owner)`, but whether its receiver is a `\(owner)` is not known")
        }
        if filesLeftOut > 0 {
            words.append("the reads of the property `\(property)` of `\(owner)` in \(filesLeftOut) more files were not searched")
        }
        return words
    }
}
