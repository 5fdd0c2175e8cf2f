//
//  AccountsView.swift
//  SecureBank
//
//  The list of saved logins shown after unlocking.
//

import Foundation
import Security
import SwiftUI

/// A login saved in the Keychain.
struct SavedAccount: Identifiable, Hashable {
    let id: String
    let label: String
    let modified: Date?

    init?(attributes: [String: Any]) {
        guard let account = attributes[kSecAttrAccount as String] as? String else { return nil }
        id = account
        label = attributes[kSecAttrLabel as String] as? String ?? account
        modified = attributes[kSecAttrModificationDate as String] as? Date
    }
}

/// Loads the saved logins from the Keychain.
@MainActor
final class AccountListModel: ObservableObject {
    @Published private(set) var accounts: [SavedAccount] = []
    @Published var errorMessage: String?

    /// Lists the saved logins. Only attributes are returned, which the Keychain hands out
    /// without authentication; should any matching item still need the user, it is skipped
    /// (kSecUseAuthenticationUISkip) instead of showing a Face ID prompt for the list.
    func load() {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: KeychainConfiguration.loginService,
            kSecMatchLimit as String: kSecMatchLimitAll,
            kSecReturnAttributes as String: true,
            kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip,
        ]

        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            let items = result as? [[String: Any]] ?? []
            accounts = items.compactMap(SavedAccount.init(attributes:)).sorted { $0.label < $1.label }
        case errSecItemNotFound:
            accounts = []
        default:
            errorMessage = KeychainError.unexpectedStatus(status).description
        }
    }

    /// Forgets a saved login.
    func remove(_ account: SavedAccount) {
        do {
            try CredentialVault.shared.deleteLoginPassword(username: account.id)
            accounts.removeAll { $0.id == account.id }
        } catch {
            errorMessage = String(describing: error)
        }
    }
}

/// The saved logins, with swipe-to-delete.
struct AccountsView: View {
    @StateObject private var model = AccountListModel()

    var body: some View {
        NavigationStack {
            List {
                ForEach(model.accounts) { account in
                    VStack(alignment: .leading) {
                        Text(account.label).font(.headline)
                        if let modified = account.modified {
                            Text(modified, style: .date)
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        }
                    }
                    .swipeActions {
                        Button("Forget", role: .destructive) { model.remove(account) }
                    }
                }
            }
            .navigationTitle("Saved logins")
            .overlay {
                if model.accounts.isEmpty {
                    ContentUnavailableView("No saved logins", systemImage: "key")
                }
            }
            .alert("Keychain error", isPresented: .constant(model.errorMessage != nil)) {
                Button("OK") { model.errorMessage = nil }
            } message: {
                Text(model.errorMessage ?? "")
            }
            .onAppear { model.load() }
        }
    }
}
