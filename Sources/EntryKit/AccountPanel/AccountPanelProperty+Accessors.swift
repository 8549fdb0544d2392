// Written by scripts/object-properties from AccountPanelProperty.swift: edit the declarations there, then run it.

import CEntryKit
import CGtk
import EntryKitList

extension AccountPanelProperty {
    /// EkAccountPanel's properties, in the order of their ids, each with its state's direct accessors.
    static let all = ObjectProperties([
        title.accessing(get: { $0.request.title }, set: { $0.request.title = $1 }),
        message.accessing(get: { $0.request.message }, set: { $0.request.message = $1 }),
        username.accessing(get: { $0.request.username }, set: { $0.request.username = $1 }),
        requiresUsername.accessing(get: { $0.request.requiresUsername }, set: { $0.request.requiresUsername = $1 }),
        requiresPassword.accessing(get: { $0.request.requiresPassword }, set: { $0.request.requiresPassword = $1 }),
        timeout.accessing(get: { $0.request.timeout }, set: { $0.request.timeout = $1 }),
    ])
}

/// EkAccountPanel's `class_init` installs its properties and points `set_property` and
/// `get_property` at them.
@_cdecl("ek_account_panel_install_properties")
func ek_account_panel_install_properties(_ objectClass: UnsafeMutablePointer<GObjectClass>) {
    objectClass.pointee.set_property = { object, id, value, _ in AccountPanelProperty.all.set(object, id, value) }
    objectClass.pointee.get_property = { object, id, value, _ in AccountPanelProperty.all.get(object, id, value) }
    AccountPanelProperty.all.install(on: objectClass)
}

// MARK: title

@_cdecl("ek_account_panel_set_title")
@_spi(CAccessors) public func ek_account_panel_set_title(_ panel: OpaquePointer?, _ value: UnsafePointer<gchar>?) {
    AccountPanelProperty.title.set(value, of: panel)
}

@_cdecl("ek_account_panel_get_title")
@_spi(CAccessors) public func ek_account_panel_get_title(_ panel: OpaquePointer?) -> UnsafePointer<gchar>? {
    AccountPanelProperty.title.lend(of: panel)
}

// MARK: message

@_cdecl("ek_account_panel_set_message")
@_spi(CAccessors) public func ek_account_panel_set_message(_ panel: OpaquePointer?, _ value: UnsafePointer<gchar>?) {
    AccountPanelProperty.message.set(value, of: panel)
}

@_cdecl("ek_account_panel_get_message")
@_spi(CAccessors) public func ek_account_panel_get_message(_ panel: OpaquePointer?) -> UnsafePointer<gchar>? {
    AccountPanelProperty.message.lend(of: panel)
}

// MARK: username

@_cdecl("ek_account_panel_set_username")
@_spi(CAccessors) public func ek_account_panel_set_username(_ panel: OpaquePointer?, _ value: UnsafePointer<gchar>?) {
    AccountPanelProperty.username.set(value, of: panel)
}

@_cdecl("ek_account_panel_get_username")
@_spi(CAccessors) public func ek_account_panel_get_username(_ panel: OpaquePointer?) -> UnsafePointer<gchar>? {
    AccountPanelProperty.username.lend(of: panel)
}

// MARK: requires-username

@_cdecl("ek_account_panel_set_requires_username")
@_spi(CAccessors) public func ek_account_panel_set_requires_username(_ panel: OpaquePointer?, _ value: gboolean) {
    AccountPanelProperty.requiresUsername.set(value, of: panel)
}

@_cdecl("ek_account_panel_get_requires_username")
@_spi(CAccessors) public func ek_account_panel_get_requires_username(_ panel: OpaquePointer?) -> gboolean {
    AccountPanelProperty.requiresUsername.get(of: panel)
}

// MARK: requires-password

@_cdecl("ek_account_panel_set_requires_password")
@_spi(CAccessors) public func ek_account_panel_set_requires_password(_ panel: OpaquePointer?, _ value: gboolean) {
    AccountPanelProperty.requiresPassword.set(value, of: panel)
}

@_cdecl("ek_account_panel_get_requires_password")
@_spi(CAccessors) public func ek_account_panel_get_requires_password(_ panel: OpaquePointer?) -> gboolean {
    AccountPanelProperty.requiresPassword.get(of: panel)
}

// MARK: timeout

@_cdecl("ek_account_panel_set_timeout")
@_spi(CAccessors) public func ek_account_panel_set_timeout(_ panel: OpaquePointer?, _ value: gint) {
    AccountPanelProperty.timeout.set(value, of: panel)
}

@_cdecl("ek_account_panel_get_timeout")
@_spi(CAccessors) public func ek_account_panel_get_timeout(_ panel: OpaquePointer?) -> gint {
    AccountPanelProperty.timeout.get(of: panel)
}
