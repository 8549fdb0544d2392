import CGtk
import EntryKit

/// A `GtkStack` of titled pages, one visible at a time.
@MainActor
final class Stack: Widget {
    init() {
        super.init(taking: gtk_stack_new())
        gtk_stack_set_transition_type(cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    func addPage(_ page: Widget, name: String, title: String) {
        gtk_stack_add_titled(cast(), page.widget, name, title)
    }

    func setTitle(_ title: String, of page: Widget) {
        entrykit_stack_set_child_title(cast(), page.widget, title)
    }
}

/// The row of page buttons for a `Stack`, shown in the header bar.
@MainActor
final class StackSwitcher: Widget {
    init(stack: Stack) {
        super.init(taking: gtk_stack_switcher_new())
        gtk_stack_switcher_set_stack(cast(), stack.cast())
    }
}
