import CGtk
import EntryKit

/// A `GtkStack` of titled pages, one visible at a time.
@MainActor
public final class Stack: Widget {
    public init() {
        super.init(transferFull: gtk_stack_new())
        gtk_stack_set_transition_type(cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    public func addPage(_ page: Widget, name: String, title: String) {
        gtk_stack_add_titled(cast(), page.widget, name, title)
    }

    public func setTitle(_ title: String, of page: Widget) {
        ek_stack_set_child_title(cast(), page.widget, title)
    }
}

/// The row of page buttons for a `Stack`, shown in the header bar.
@MainActor
public final class StackSwitcher: Widget {
    public init(stack: Stack) {
        super.init(transferFull: gtk_stack_switcher_new())
        gtk_stack_switcher_set_stack(cast(), stack.cast())
    }
}
