import CEntryKit
import CEntryKit.TestHooks
import CGtk
import EntryKit

// What tests read of the C layer's test hooks (see test_hooks.h): no part of EntryKit's API.

extension ListView {
    /// Row accessibles alive in the process, for leak tests.
    package nonisolated static var liveRowAccessibles: Int { Int(ek_list_view_live_row_accessibles()) }
}

extension ChooserEntry {
    /// How many clicks asked for a toggle, for tests of one click, one toggle.
    package var toggleRequestCount: Int { Int(ek_chooser_entry_get_toggle_count(chooserEntry)) }
}

/// Whether a notification of `spec`, one of the field's own properties, reaches anyone other than
/// GTK's accessible: the one check every EntryKit class makes before it notifies
/// (`ek_object_notify_is_heard`, entrykit_notify.h), asked of a chooser entry.
package func ek_chooser_entry_notify_is_heard(
    _ entry: UnsafeMutablePointer<EkChooserEntry>, _ spec: UnsafeMutablePointer<GParamSpec>
)
    -> gboolean
{
    entry.withMemoryRebound(to: GObject.self, capacity: 1) { ek_object_notify_is_heard($0, spec) }
}
