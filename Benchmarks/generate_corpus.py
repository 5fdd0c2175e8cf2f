#!/usr/bin/env python3
"""Generate realistic Keychain / LocalAuthentication Swift code with planted findings.

Part of the keychain-lint benchmark (Benchmarks/run.sh). Deterministic: the same seed and size
always give byte-identical files. Writes:

  OUT/ModuleNNNN/*.swift   one small "app module" per folder (configuration constants, an enum
                           mapping, stores, queries, a login controller, plain model code)
  OUT/EXPECTED.json        every planted finding and every planted decoy, with its kind and the
                           file/line locations where a tool may report it

A *finding* is something a complete keychain-lint (every rule as `keychain-lint explain` documents it) must report; a *decoy* is
something it must not report (strong flags, comparisons, comments and strings, ...). Each has a
`rule` (the keychain-lint rule id it belongs to) and a `kind` (how it is written). Locations:
`use` is where keychain-lint reports (the flags argument, the dictionary value); `origins` are the
lines that hold the weak value itself (a constant in another file, an enum case, a default value),
where a text or AST search reports instead. Both count as "found" for the evaluation.

Usage: generate_corpus.py OUT [--target-lines N | --modules N] [--seed S]
"""

import argparse
import json
import os
import random
import re
import shutil
import sys

WEAK_ACL = "swift.weak_biometric_acl"
WEAK_ACCESSIBILITY = "swift.weak_keychain_accessibility"
BOOL_AUTH = "swift.boolean_only_local_authentication"

MARK = re.compile(r"\s*⟦([UOD]):([^⟧]+)⟧")

WORDS = [
    "Acme", "Nimbus", "Harbor", "Orbit", "Summit", "Cedar", "Quartz", "Beacon", "Falcon", "Maple",
    "Atlas", "Ember", "Juniper", "Lumen", "Meridian", "Nova", "Pioneer", "Sierra", "Tundra", "Vertex",
]
SECRETS = ["sessionToken", "refreshToken", "pin", "signingKey", "apiKey", "walletSeed", "password", "otpSecret"]
STRONG_FLAGS = [
    ".biometryCurrentSet",
    "[.biometryCurrentSet, .privateKeyUsage]",
    ".touchIDCurrentSet",
    "SecAccessControlCreateFlags.biometryCurrentSet",
    "[.biometryCurrentSet, .or, .watch]",
]
WEAK_INLINE = [
    (".biometryAny", "inline"),
    (".userPresence", "inline"),
    (".touchIDAny", "inline"),
    ("SecAccessControlCreateFlags.biometryAny", "inline_qualified"),
    ("[.privateKeyUsage, .biometryAny]", "array_literal"),
    ("[SecAccessControlCreateFlags.touchIDAny, .privateKeyUsage]", "array_literal"),
    ("[.biometryAny, .or, .devicePasscode]", "userpresence_spelling"),
]
WEAK_VALUES = [".biometryAny", ".userPresence", ".touchIDAny", "[.biometryAny, .or, .devicePasscode]"]
PROTECTIONS = [
    "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
]
GOOD_ACCESSIBILITY = [
    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
    "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
    "kSecAttrAccessibleWhenUnlocked",
]
ALWAYS = ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAlwaysThisDeviceOnly"]


class Registry:
    """Planted findings and decoys, by id."""

    def __init__(self):
        self.items = {}
        self.counter = 0

    def new(self, category, rule, kind):
        self.counter += 1
        ident = f"{category[0]}{self.counter}"
        self.items[ident] = {"id": ident, "category": category, "rule": rule, "kind": kind,
                             "use": [], "origins": []}
        return ident

    def finding(self, rule, kind):
        return self.new("finding", rule, kind)

    def decoy(self, rule, kind):
        return self.new("decoy", rule, kind)


def mark(role, *ids):
    """Marker appended to a template line: stripped on output, recorded in EXPECTED.json."""
    return f" ⟦{role}:{','.join(ids)}⟧"


def emit(path, rel, text, registry):
    """Write `text` without markers and record the marked lines."""
    lines = text.rstrip("\n").split("\n")
    out = []
    for number, line in enumerate(lines, start=1):
        for role, ids in MARK.findall(line):
            for ident in ids.split(","):
                item = registry.items[ident]
                location = {"file": rel, "line": number}
                if role == "U" or role == "D":
                    item["use"].append(location)
                else:
                    item["origins"].append(location)
        out.append(MARK.sub("", line))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")
    return len(out)


class Module:
    def __init__(self, index, rng, registry):
        self.index = index
        self.rng = rng
        self.reg = registry
        word = WORDS[index % len(WORDS)]
        self.prefix = f"{word}{index:04d}"
        self.files = {}

    # -- pieces -------------------------------------------------------------------------------

    def configuration(self):
        """Static constants; some weak ones are used from the store (other file)."""
        p, rng, reg = self.prefix, self.rng, self.reg
        self.static_uses = []  # (constant name, finding id or None)
        members = []
        for n in range(rng.randint(2, 4)):
            name = f"{rng.choice(SECRETS)}Flags{n}"
            if rng.random() < 0.55:
                ident = reg.finding(WEAK_ACL, "static_other_file")
                value = rng.choice(WEAK_VALUES)
                members.append(f"    static let {name}: SecAccessControlCreateFlags = {value}{mark('O', ident)}")
                self.static_uses.append((name, ident))
            else:
                ident = reg.decoy(WEAK_ACL, "static_strong")
                members.append(f"    static let {name}: SecAccessControlCreateFlags = {rng.choice(STRONG_FLAGS)}")
                self.static_uses.append((name, ident))
        self.always_constant = None
        if rng.random() < 0.4:
            ident = reg.finding(WEAK_ACCESSIBILITY, "static_constant")
            constant = rng.choice(ALWAYS)
            members.append(f"    static let backgroundAccessibility = {constant}{mark('O', ident)}")
            self.always_constant = ident
        members.append(f"    static let defaultAccessibility = {rng.choice(GOOD_ACCESSIBILITY)}")
        members.append(f'    static let service = "com.{p.lower()}.keychain"')
        body = "\n".join(members)
        note = reg.decoy(WEAK_ACL, "comment_or_string")
        self.files[f"{p}KeychainConfiguration.swift"] = f"""\
import Foundation
import Security

/// Keychain settings shared by the {p} stores.
/// Note: never use .biometryAny for payment keys (see SECURITY.md).{mark('D', note)}
enum {p}KeychainConfiguration {{
{body}
    static let accessGroup: String? = nil
    static let migrationVersion = {rng.randint(1, 9)}
}}
"""

    def protection_level(self):
        """An enum that maps its cases to flags with `switch self`."""
        p, rng, reg = self.prefix, self.rng, self.reg
        self.enum_weak = reg.finding(WEAK_ACL, "enum_switch_self")
        self.enum_strong = reg.decoy(WEAK_ACL, "enum_strong_case")
        weak = rng.choice([".touchIDAny", ".biometryAny", ".userPresence"])
        self.files[f"{p}ProtectionLevel.swift"] = f"""\
import Security

enum {p}ProtectionLevel: String, CaseIterable, Codable {{
    case high
    case standard
    case legacy

    var accessFlags: SecAccessControlCreateFlags {{
        switch self {{
        case .high:
            return [.biometryCurrentSet, .privateKeyUsage]
        case .standard:
            return .biometryCurrentSet
        case .legacy:
            return {weak}{mark('O', self.enum_weak)}
        }}
    }}

    var displayName: String {{
        switch self {{
        case .high: return "High (current biometry, Secure Enclave)"
        case .standard: return "Standard"
        case .legacy: return "Legacy (any biometry)"
        }}
    }}
}}
"""

    def store(self):
        p, rng, reg = self.prefix, self.rng, self.reg
        methods = []
        secret = rng.choice(SECRETS)

        def call(flags_line, protection=None, indent="        ", prefix="let access = "):
            protection = protection or rng.choice(PROTECTIONS)
            if rng.random() < 0.5:
                return (f"{indent}{prefix}SecAccessControlCreateWithFlags(nil, {protection}, {flags_line}, &error)")
            return (f"{indent}{prefix}SecAccessControlCreateWithFlags(\n"
                    f"{indent}    kCFAllocatorDefault,\n"
                    f"{indent}    {protection},\n"
                    f"{indent}    {flags_line},\n"
                    f"{indent}    &error\n"
                    f"{indent})")

        def wrap(name, lines, params=""):
            body = "\n".join(lines)
            return f"""\
    func {name}({params}) throws -> SecAccessControl {{
        var error: Unmanaged<CFError>?
{body}
        guard let access else {{
            throw {p}KeychainError.accessControl(error?.takeRetainedValue())
        }}
        return access
    }}
"""

        count = rng.randint(3, 6)
        for n in range(count):
            choice = rng.random()
            if choice < 0.30:
                value, kind = rng.choice(WEAK_INLINE)
                ident = reg.finding(WEAK_ACL, kind)
                methods.append(wrap(f"inlineAccess{n}", [call(value + mark("U", ident))]))
            elif choice < 0.55:
                ident = reg.decoy(WEAK_ACL, "strong_inline")
                methods.append(wrap(f"strongAccess{n}", [call(rng.choice(STRONG_FLAGS) + mark("D", ident))]))
            elif choice < 0.70:
                ident = reg.finding(WEAK_ACL, "local_var_branch")
                weak = rng.choice(WEAK_VALUES)
                methods.append(wrap(f"branchAccess{n}", [
                    "        var flags: SecAccessControlCreateFlags = .biometryCurrentSet",
                    "        if allowFallback {",
                    f"            flags = {weak}{mark('O', ident)}",
                    "        } else if signing {",
                    "            flags.insert(.privateKeyUsage)",
                    "        }",
                    call("flags" + mark("U", ident)),
                ], params="allowFallback: Bool, signing: Bool"))
            elif choice < 0.78:
                ident = reg.finding(WEAK_ACL, "ternary")
                weak = rng.choice([".biometryAny", ".touchIDAny", ".userPresence"])
                methods.append(wrap(f"ternaryAccess{n}", [
                    f"        let flags: SecAccessControlCreateFlags = legacyDevice ? {weak} : .biometryCurrentSet{mark('O', ident)}",
                    call("flags" + mark("U", ident)),
                ], params="legacyDevice: Bool"))
            elif choice < 0.86:
                ident = reg.finding(WEAK_ACL, "set_algebra")
                methods.append(wrap(f"unionAccess{n}", [
                    "        var flags: SecAccessControlCreateFlags = [.privateKeyUsage]",
                    f"        flags.insert(.biometryAny){mark('O', ident)}",
                    call("flags" + mark("U", ident)),
                ]))
            else:
                ident = reg.decoy(WEAK_ACL, "strong_branches")
                methods.append(wrap(f"strictAccess{n}", [
                    "        var flags: SecAccessControlCreateFlags = .biometryCurrentSet",
                    "        if signing { flags = [.biometryCurrentSet, .privateKeyUsage] }",
                    call("flags" + mark("D", ident)),
                ], params="signing: Bool"))

        # Static constants from the configuration file (other file).
        for n, (name, ident) in enumerate(self.static_uses):
            role = "U" if self.reg.items[ident]["category"] == "finding" else "D"
            methods.append(wrap(f"configuredAccess{n}", [
                call(f"{p}KeychainConfiguration.{name}" + mark(role, ident)),
            ]))

        # Enum mapping: the weak case and a strong case.
        methods.append(wrap("legacyAccess", [
            call(f"{p}ProtectionLevel.legacy.accessFlags" + mark("U", self.enum_weak)),
        ]))
        methods.append(wrap("highAccess", [
            call(f"{p}ProtectionLevel.high.accessFlags" + mark("D", self.enum_strong)),
        ]))

        # Stored property and function result.
        prop_ident = None
        if rng.random() < 0.5:
            prop_ident = reg.finding(WEAK_ACL, "stored_property")
            prop_line = f"    private let biometricFlags: SecAccessControlCreateFlags = {rng.choice(WEAK_VALUES)}{mark('O', prop_ident)}"
            methods.append(wrap("propertyAccess", [call("biometricFlags" + mark("U", prop_ident))]))
        else:
            prop_line = "    private let biometricFlags: SecAccessControlCreateFlags = .biometryCurrentSet"
        func_ident = None
        if rng.random() < 0.5:
            func_ident = reg.finding(WEAK_ACL, "function_result")
            func_lines = [
                "    func defaultFlags() -> SecAccessControlCreateFlags {",
                f"        return {rng.choice(['.touchIDAny', '.biometryAny'])}{mark('O', func_ident)}",
                "    }",
            ]
            methods.append(wrap("functionAccess", [call("self.defaultFlags()" + mark("U", func_ident))]))
        else:
            func_lines = [
                "    func defaultFlags() -> SecAccessControlCreateFlags {",
                "        return [.biometryCurrentSet, .privateKeyUsage]",
                "    }",
            ]

        # Default argument value: used by a caller (finding) or always overridden (decoy).
        default_used = rng.random() < 0.6
        if default_used:
            ident = reg.finding(WEAK_ACL, "default_argument")
            callers = [
                "        let token = try makeAccessControl()",
                "        let strict = try makeAccessControl(flags: .biometryCurrentSet)",
            ]
            role = "U"
        else:
            ident = reg.decoy(WEAK_ACL, "default_overridden")
            callers = [
                "        let token = try makeAccessControl(flags: .biometryCurrentSet)",
                "        let strict = try makeAccessControl(flags: [.biometryCurrentSet, .privateKeyUsage])",
            ]
            role = "D"
        weak_default = rng.choice([".userPresence", ".biometryAny"])
        # The weak default value itself: where a text or AST search reports.
        default_origin = mark("O" if default_used else "D", ident)
        default_func = f"""\
    func makeAccessControl(flags: SecAccessControlCreateFlags = {weak_default}) throws -> SecAccessControl {{{default_origin}
        var error: Unmanaged<CFError>?
{call("flags" + mark(role, ident), protection="kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly")}
        guard let access else {{
            throw {p}KeychainError.accessControl(error?.takeRetainedValue())
        }}
        return access
    }}

    func prepareAccessControls() throws -> [SecAccessControl] {{
{chr(10).join(callers)}
        return [token, strict]
    }}
"""
        methods.append(default_func)

        # Decoy: an unrelated enum with a userPresence case.
        decoy_enum = reg.decoy(WEAK_ACL, "unrelated_enum_member")
        methods.append(f"""\
    func describe(mode: {p}AuthMode) -> String {{
        switch mode {{
        case .userPresence:{mark('D', decoy_enum)}
            return "Face ID, Touch ID or passcode"
        case .pin:
            return "PIN"
        }}
    }}
""")

        save = f"""\
    func save(_ secret: Data, account: String, access: SecAccessControl) throws {{
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: {p}KeychainConfiguration.service,
            kSecAttrAccount as String: account,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: secret,
        ]
        SecItemDelete(query as CFDictionary)
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess else {{
            throw {p}KeychainError.unhandled(status)
        }}
    }}
"""
        methods.append(save)
        rng.shuffle(methods)
        body = "\n".join(methods)
        func_body = "\n".join(func_lines)
        self.files[f"{p}CredentialStore.swift"] = f"""\
import Foundation
import LocalAuthentication
import Security

enum {p}AuthMode {{
    case userPresence
    case pin
}}

enum {p}KeychainError: Error {{
    case accessControl(CFError?)
    case unhandled(OSStatus)
    case notFound
}}

/// Stores the {secret} of the {p} app in the Keychain.
final class {p}CredentialStore {{
{prop_line}
    private let account: String

    init(account: String) {{
        self.account = account
    }}

{func_body}

{body}}}
"""

    def queries(self):
        p, rng, reg = self.prefix, self.rng, self.reg
        parts = []
        for n in range(rng.randint(2, 4)):
            choice = rng.random()
            if choice < 0.25:
                ident = reg.finding(WEAK_ACCESSIBILITY, "dictionary_literal")
                value = rng.choice(ALWAYS)
                parts.append(f"""\
    func widgetQuery{n}(account: String, data: Data) -> [String: Any] {{
        return [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: {p}KeychainConfiguration.service,
            kSecAttrAccount as String: account,
            kSecAttrAccessible as String: {value},{mark('U', ident)}
            kSecValueData as String: data,
        ]
    }}
""")
            elif choice < 0.45:
                ident = reg.finding(WEAK_ACCESSIBILITY, "subscript_assignment")
                value = rng.choice(ALWAYS)
                parts.append(f"""\
    func backgroundQuery{n}(account: String) -> [String: Any] {{
        var query = [String: Any]()
        query[kSecClass as String] = kSecClassGenericPassword
        query[kSecAttrAccount as String] = account
        query[kSecAttrAccessible as String] = {value}{mark('U', ident)}
        return query
    }}
""")
            elif choice < 0.55:
                ident = reg.finding(WEAK_ACCESSIBILITY, "protection_argument")
                value = rng.choice(ALWAYS)
                parts.append(f"""\
    func alwaysAccess{n}() -> SecAccessControl? {{
        return SecAccessControlCreateWithFlags(nil, {value}, .biometryCurrentSet, nil){mark('U', ident)}
    }}
""")
            elif choice < 0.62:
                ident = reg.finding(WEAK_ACCESSIBILITY, "raw_string")
                raw = rng.choice(['"dk"', '"dku"'])
                parts.append(f"""\
    func legacyQuery{n}(account: String) -> [String: Any] {{
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
        query[kSecAttrAccount as String] = account
        query[kSecAttrAccessible as String] = {raw}{mark('U', ident)}
        return query
    }}
""")
            elif choice < 0.77:
                ident = reg.decoy(WEAK_ACCESSIBILITY, "after_first_unlock")
                value = rng.choice(["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", "kSecAttrAccessibleAfterFirstUnlock"])
                parts.append(f"""\
    func refreshQuery{n}(account: String, data: Data) -> [String: Any] {{
        return [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecAttrAccessible as String: {value},{mark('D', ident)}
            kSecValueData as String: data,
        ]
    }}
""")
            elif choice < 0.88:
                ident = reg.decoy(WEAK_ACCESSIBILITY, "comparison_or_case_label")
                ident2 = reg.decoy(WEAK_ACCESSIBILITY, "comparison_or_case_label")
                parts.append(f"""\
    func describeAccessibility{n}(_ value: CFString) -> String {{
        if value == kSecAttrAccessibleAlways {{{mark('D', ident)}
            return "always (deprecated)"
        }}
        switch value {{
        case kSecAttrAccessibleAlwaysThisDeviceOnly:{mark('D', ident2)}
            return "always, this device only (deprecated)"
        case kSecAttrAccessibleWhenUnlocked:
            return "when unlocked"
        default:
            return "other"
        }}
    }}
""")
            else:
                parts.append(f"""\
    func defaultQuery{n}(account: String, data: Data) -> [String: Any] {{
        return [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecAttrAccessible as String: {p}KeychainConfiguration.defaultAccessibility,
            kSecValueData as String: data,
        ]
    }}
""")
        if self.always_constant:
            parts.append(f"""\
    func backgroundRefreshQuery(account: String) -> [String: Any] {{
        return [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecAttrAccessible as String: {p}KeychainConfiguration.backgroundAccessibility,{mark('U', self.always_constant)}
        ]
    }}
""")
        rng.shuffle(parts)
        self.files[f"{p}TokenQueries.swift"] = f"""\
import Foundation
import Security

/// Query dictionaries for the {p} token cache.
struct {p}TokenQueries {{
{chr(10).join(parts)}}}
"""

    def login(self):
        p, rng, reg = self.prefix, self.rng, self.reg
        parts = []
        if rng.random() < 0.6:
            ident = reg.finding(BOOL_AUTH, "evaluate_policy_bool_only")
            policy = rng.choice([".deviceOwnerAuthenticationWithBiometrics", ".deviceOwnerAuthentication"])
            parts.append(f"""\
    func unlock() {{
        let context = LAContext()
        context.localizedCancelTitle = "Use PIN"
        context.evaluatePolicy({policy}, localizedReason: "Unlock {p}") {{ success, error in{mark('U', ident)}
            DispatchQueue.main.async {{
                if success {{
                    self.showAccounts()
                }} else {{
                    self.showError(error)
                }}
            }}
        }}
    }}
""")
        else:
            ident = reg.decoy(BOOL_AUTH, "evaluate_then_keychain")
            parts.append(f"""\
    func unlock() {{
        let context = LAContext()
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock {p}") {{ success, _ in{mark('D', ident)}
            guard success else {{ return }}
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: {p}KeychainConfiguration.service,
                kSecUseAuthenticationContext as String: context,
                kSecReturnData as String: true,
            ]
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            DispatchQueue.main.async {{
                if status == errSecSuccess {{ self.showAccounts() }}
            }}
        }}
    }}
""")
        comment_ident = reg.decoy(WEAK_ACL, "comment_or_string")
        string_ident = reg.decoy(WEAK_ACL, "comment_or_string")
        type_ident = reg.decoy(WEAK_ACL, "biometry_type_comparison")
        parts.append(f"""\
    // SecAccessControlCreateWithFlags(nil, protection, .biometryAny, nil) would accept a new finger.{mark('D', comment_ident)}
    let helpText = "Items use .biometryCurrentSet; .userPresence and .biometryAny are not allowed."{mark('D', string_ident)}

    var biometryLabel: String {{
        let context = LAContext()
        var error: NSError?
        guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else {{
            return "Passcode"
        }}
        if context.biometryType == .faceID || requestedFlags == .biometryAny {{{mark('D', type_ident)}
            return "Face ID"
        }}
        return context.biometryType == .touchID ? "Touch ID" : "Optic ID"
    }}

    var requestedFlags: SecAccessControlCreateFlags = .biometryCurrentSet

    func showAccounts() {{
        print("accounts")
    }}

    func showError(_ error: Error?) {{
        print(error?.localizedDescription ?? "cancelled")
    }}
""")
        self.files[f"{p}BiometricLoginController.swift"] = f"""\
import Foundation
import LocalAuthentication
import Security

/// Login screen logic of {p}.
final class {p}BiometricLoginController {{
{chr(10).join(parts)}}}
"""

    def models(self):
        """Plain code without any Keychain API: what most files of an app look like."""
        p, rng = self.prefix, self.rng
        structs = []
        for n in range(rng.randint(3, 6)):
            fields = [(f"field{k}", rng.choice(["String", "Int", "Double", "Bool", "Date", "[String]"]))
                      for k in range(rng.randint(3, 8))]
            decl = "\n".join(f"    var {name}: {kind}" for name, kind in fields)
            keys = "\n".join(f"        case {name}" for name, _ in fields)
            summary = " + \", \" + ".join(f'"{name}=\\({name})"' for name, _ in fields[:3])
            structs.append(f"""\
struct {p}Record{n}: Codable, Equatable, Identifiable {{
    var id: UUID
{decl}

    enum CodingKeys: String, CodingKey {{
        case id
{keys}
    }}

    var summary: String {{
        return {summary}
    }}

    func matches(_ query: String) -> Bool {{
        guard !query.isEmpty else {{ return true }}
        return summary.localizedCaseInsensitiveContains(query)
    }}
}}
""")
        self.files[f"{p}Models.swift"] = f"""\
import Foundation

{chr(10).join(structs)}
enum {p}Formatting {{
    static let currency: NumberFormatter = {{
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.maximumFractionDigits = 2
        return formatter
    }}()

    static func amount(_ value: Double) -> String {{
        return currency.string(from: NSNumber(value: value)) ?? "\\(value)"
    }}
}}
"""

    def build(self):
        self.configuration()
        self.protection_level()
        self.store()
        self.queries()
        self.login()
        self.models()
        return self.files


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--target-lines", type=int, default=150_000,
                      help="generate modules until at least this many lines (default 150000)")
    size.add_argument("--modules", type=int, help="generate exactly this many modules")
    parser.add_argument("--seed", type=int, default=20240611)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    registry = Registry()
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)
    os.makedirs(args.out)
    total_lines = 0
    total_files = 0
    index = 0
    while (args.modules is not None and index < args.modules) or (
            args.modules is None and total_lines < args.target_lines):
        module = Module(index, rng, registry)
        folder = f"Module{index:04d}"
        os.makedirs(os.path.join(args.out, folder))
        for name, text in sorted(module.build().items()):
            rel = f"{folder}/{name}"
            total_lines += emit(os.path.join(args.out, rel), rel, text, registry)
            total_files += 1
        index += 1

    items = sorted(registry.items.values(), key=lambda item: int(item["id"][1:]))
    for item in items:
        if not item["use"]:
            sys.exit(f"generator bug: {item['id']} ({item['kind']}) has no use location")
    counts = {}
    for item in items:
        bucket = counts.setdefault(item["category"] + "s", {}).setdefault(item["rule"], {})
        bucket[item["kind"]] = bucket.get(item["kind"], 0) + 1
    summary = {
        "generator": "Benchmarks/generate_corpus.py",
        "seed": args.seed,
        "modules": index,
        "files": total_files,
        "lines": total_lines,
        "totals": {
            "findings": {rule: sum(kinds.values()) for rule, kinds in counts.get("findings", {}).items()},
            "decoys": {rule: sum(kinds.values()) for rule, kinds in counts.get("decoys", {}).items()},
        },
        "counts": counts,
        "items": items,
    }
    with open(os.path.join(args.out, "EXPECTED.json"), "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=1, sort_keys=True)
        handle.write("\n")
    print(f"generated {total_files} files, {total_lines} lines in {index} modules; "
          f"planted findings: {json.dumps(summary['totals']['findings'], sort_keys=True)}; "
          f"decoys: {json.dumps(summary['totals']['decoys'], sort_keys=True)}")


if __name__ == "__main__":
    main()
