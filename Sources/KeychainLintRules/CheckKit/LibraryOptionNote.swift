/// How the Objective-C rules read a library's own options, for the rules' notes: the same words in
/// every rule whose value may come from one.
enum LibraryOptionNote {
    static let objectiveC =
        "In a library, a public method (one a header of the scan declares for its class) whose parameter is the library's own `enum` (`typedef NS_OPTIONS(NSUInteger, VaultPolicy) { … }` in a header of the scan), or a public property of that type that is not `readonly`, takes what the library's users choose: when no code of the scan calls that method or sets that property (and no Swift file of the scan may), each constant the enum declares is a possible value, reported with a step of its path naming the public method or property, as the weak presets and defaults a library offers are. An `NS_OPTIONS` value may combine several constants; each declared constant is read alone, as Swift's enum cases are, and no combination the library's users might make is invented. Where the scan does call the method or set the property (an app), the values its code passes decide. Such a constant is not counted as a use of Face ID by an app of the scan (missing_faceid_usage_description): the app would have to choose it."

}
