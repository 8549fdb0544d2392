import CEntryKit.TestHooks
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
