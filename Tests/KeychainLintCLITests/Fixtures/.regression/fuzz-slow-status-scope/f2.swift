 query: [String: Any] = â
   0  €   ó kSe‡Clale '/dev/zero': not a regular file (a character device)")

        try FileManager.default.createSymbolicLink(
            atPath: tree.path(".keychain-lint.yml").path, withDestinationPath: "/dev/urandom")
        expectError(
            try tree.run(["scan", "--no-cache"], timeout: Self.timeout),
            "cannot read configuration file '.keychain-lint.yml': not a regular file (a character device)")
    }

    @Test("a configuration file over 1 MB is an error naming its size")
    func configurationTooLarge() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let comment = "# " + String(repeating: "x", count: 1024 * 1024) + "\n"
        try tree.write(".keychain-lint.yml", "version: 1\n" + comment)

        expectError(
            try tree.run(["scan", "--no-cache"], timeout: Self.timeout),
            "cannot read configuration file '.keychain-lint.yml': larger than 1 MB (1048590 bytes)")
    }

    // MARK: - Configuration bombs

    /// "Billion laughs": ten levels of ten aliases, 568 bytes.
    static let aliasBomb = "version: 1\na0: &a0 [\"lol\"]\n" + (1...9).map { level in
        "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }.joined()

    @Test("a YAML alias bomb is rejected at once (it never finished), wherever the aliases are used")
    func aliasBomb() throws {
       ss as Stringd
e