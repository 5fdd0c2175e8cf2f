@testable import KeychainLintEngine
import Testing

/// The digest against the test vectors of FIPS 180-4's examples (NIST's "SHA256.pdf" example
/// values and the long-message vectors published with the Secure Hash Standard).
@Suite("SHA-256")
struct SHA256Tests {
    private func digest(_ bytes: [UInt8]) -> String {
        SHA256.hex(bytes.withUnsafeBytes { SHA256.hash($0) })
    }

    @Test("the empty message")
    func empty() {
        #expect(SHA256.hexDigest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("\"abc\" (one block)")
    func abc() {
        #expect(SHA256.hexDigest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("the 448-bit message (padding needs a second block)")
    func twoBlocks() {
        #expect(SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("the 896-bit message")
    func longerMessage() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hexDigest(message) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test("one million 'a'")
    func millionA() {
        #expect(digest([UInt8](repeating: 0x61, count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("input given in pieces of every size from 1 to 130 bytes gives the same digest as whole")
    func pieces() {
        let message = [UInt8]((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let whole = digest(message)
        for size in 1...130 {
            var hasher = SHA256()
            var start = 0
            while start < message.count {
                let end = min(start + size, message.count)
                message[start..<end].withUnsafeBytes { hasher.update($0) }
                start = end
            }
            #expect(SHA256.hex(hasher.finalize()) == whole, "pieces of \(size)")
        }
    }

    @Test("messages of 55, 56, 63, 64 and 65 bytes (the padding's edge cases)")
    func paddingEdges() {
        // Reference digests of "a" repeated n times.
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        for (count, hex) in expected {
            #expect(digest([UInt8](repeating: 0x61, count: count)) == hex, "\(count) bytes")
        }
    }
}
