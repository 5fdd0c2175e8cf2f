import KeychainLintModel

/// What one call of a modelled Keychain wrapper library sets for one role (its accessibility, its
/// access-control flags), in any language: the argument as written, every value it can have read
/// through the library's model with the path each took, and how the app wrote the call. Each front
/// end recognises the library's calls in its own syntax (`CheckContext.wrapperSetting(of:role:)`);
/// a check judges the Security meaning only, as for the raw Security calls. Only calls that
/// configure an instance or write are settings: a search's argument only selects items.
public struct ProgramWrapperSetting {
    public let model: WrapperModel
    public let call: WrapperCall
    public let argument: WrapperArgument
    /// The argument as written at the call (for a property the app's type implements, the call
    /// that writes with it): findings are reported here.
    public let expression: ProgramExpression
    let values: [(option: WrapperOption, trace: [TraceStep])]
    /// The resolution, for `--verbose` when no value could be read.
    public let resolution: Resolution
    /// The instance the call configures is a public key's (a public key is no secret).
    public let configuresPublicKey: Bool
    /// The call the setting was read from, to ask for its other settings
    /// (`wrapperSetting(of:role:)`); nil for a property assignment.
    public let programCall: ProgramCall?
    /// The instance the call configures, as written (`store` in `store.accessibility = …`); nil
    /// for a class method, and where the front end finds the item's other settings itself.
    public var receiver: ProgramExpression? = nil
    /// The option as the app writes it at this call, and the library:
    /// "`.accessibility(.always)` (KeychainAccess)", "`setAccessibilityType:kSecAttrAccessibleAlways` (SAMKeychain)".
    let written: (WrapperOption) -> String

    /// "accessibility given to SAMKeychain `setAccessibilityType`": the question a gap answers.
    func question(_ what: String) -> String {
        "\(what) given to \(model.library) `\(call.name)`"
    }
}

extension ProgramWrapperSetting {
    /// How Objective-C files' calls of wrapper libraries are recognised, for the rules' notes.
    static let objectiveCRecognitionNote =
        "Objective-C calls of the wrapper libraries with an Objective-C API (SAMKeychain, UICKeyChainStore) are judged through their built-in models in a file that includes one of the library's headers (`#import <SAMKeychain/SAMKeychain.h>`, `#import \"UICKeyChainStore.h\"`) or `@import`s its module, and does not itself declare or implement the library's class (the library's own source, or a copy of it, is not an app calling the library): a class method when the receiver is the class (`[SAMKeychain setAccessibilityType:…]`), an instance method or property when the receiver is visibly an instance (made there with `new` or `alloc`/`init…`, or held by a local, parameter or property declared with the class; an instance returned by a class factory and used at once, `[[UICKeyChainStore keyChainStore] setAccessibility:…]`, is not followed). Options are read in Objective-C's spelling (`UICKeyChainStoreAccessibilityAlways`, flags joined with `|`) and messages quote the selector piece or property as written."
}

extension WrapperOption {
    /// The option as written in an Objective-C file's call of a library: the selector piece
    /// before the argument (`setAccessibilityType:kSecAttrAccessibleAlways`), or the property
    /// assigned (`accessibility = UICKeyChainStoreAccessibilityAlways`), and the library.
    static func writtenInObjectiveC(_ option: WrapperOption, argument: WrapperArgument, call: WrapperCall, model: WrapperModel) -> String {
        if call.isSetter { return "`\(call.name) = \(option.spelling)` (\(model.library))" }
        let pieces = (call.selector ?? call.name).split(separator: ":").map(String.init)
        let piece: String
        switch argument.place {
        case .label(let label): piece = label
        case .position(let index): piece = pieces.indices.contains(index) ? pieces[index] : call.name
        }
        return "`\(piece):\(option.spelling)` (\(model.library))"
    }
}
