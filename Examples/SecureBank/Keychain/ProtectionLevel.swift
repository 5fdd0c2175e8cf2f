//
//  ProtectionLevel.swift
//  SecureBank
//
//  How strongly a stored document or key is protected.
//

import Foundation
import Security

/// How strongly a stored document or key is protected.
///
/// The level is chosen per document category in Settings and saved with the document's
/// metadata, so documents keep the level they were stored with.
enum ProtectionLevel: String, Codable, CaseIterable {
    /// Secure Enclave keys: the biometric set enrolled at creation time only.
    case high
    /// Everyday documents: the current biometric set.
    case standard
    /// Documents imported from SecureBank 1.x, which only knew Touch ID. They are
    /// re-protected with the current biometric set when they are imported.
    case legacy

    /// Access-control flags of items stored at this level.
    var accessControlFlags: SecAccessControlCreateFlags {
        switch self {
        case .high:
            return [.biometryCurrentSet, .privateKeyUsage]
        case .standard:
            return .biometryCurrentSet
        case .legacy:
            return .biometryCurrentSet
        }
    }

    /// Title shown in Settings.
    var localizedTitle: String {
        switch self {
        case .high:
            return NSLocalizedString("Maximum", comment: "Protection level")
        case .standard:
            return NSLocalizedString("Standard", comment: "Protection level")
        case .legacy:
            return NSLocalizedString("Imported", comment: "Protection level")
        }
    }
}
