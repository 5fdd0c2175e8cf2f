import KeychainLintAnalysis
@testable import KeychainLintEngine
import Testing

/// The result cache's search for the Objective-C files mentioning a name: one pass per file gives
/// the same files as a whole-word text search per name.
@Suite("Objective-C mentions for the result cache")
struct ObjectiveCMentionsTests {
    static let texts = [
        "NSString *const kService = @\"vault\";\n",
        "// kService in a comment\nstatic int kServiceCount = 1;\n",
        "x = kServiceName; y = _kService; z = kService2;\n",
        "[self.kService setValue:@\"é kService\" forKey:k$Service];\n",
        "",
    ]

    @Test(arguments: ["kService", "kServiceCount", "Service", "self", "forKey", "k$Service", "é", "kService.name", "absent"])
    func sameFilesAsAWholeWordTextSearch(_ name: String) {
        let texts = Self.texts
        let files = Array(texts.indices)
        let mentions = ObjectiveCMentions(files: files, threads: 2) { texts[$0] }
        let expected = files.filter { TextSearch.containsWord(texts[$0], Array(name.utf8)) }
        #expect(mentions.files(mentioning: name) == expected, "\(name)")
    }
}
