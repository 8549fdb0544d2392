#include "entrykit_chooser_entry_private.h"
#include "test_hooks.h"

typedef struct {
    gboolean expandable;
    gboolean expanded;
    guint toggle_count;
    gint choice_count;         /* items there are to choose from */
    gint chosen;               /* the chosen item's index, -1 for none */
    GtkWidget *popup;          /* weak */
    GtkWidget *controlled;     /* weak */
    GtkWidget *watched_window; /* weak: the toplevel the outside-press gesture is on */
    GtkGesture *outside_press; /* while expanded */
} EkChooserEntryPrivate;

/**
 * EkChooserEntry:
 *
 * A #GtkEntry that opens a list of choices: the base of #EkChooserField, and so of
 * #EkDropDownField and #EkPickerField. It does what must be the same however the entry was made:
 * while #EkChooserEntry:expandable it is a combo box to assistive technologies, a primary click
 * emits #EkChooserEntry::toggle-requested once, and while #EkChooserEntry:expanded a press
 * outside it and its popup, or focus leaving it, emits #EkChooserEntry::dismiss-requested. It
 * shows nothing itself: a field opens and closes its list on those signals (use
 * ek_chooser_field_open() and ek_chooser_field_close() to do it from code).
 */
G_DEFINE_TYPE_WITH_PRIVATE(EkChooserEntry, ek_chooser_entry, GTK_TYPE_ENTRY)

enum { SIGNAL_TOGGLE_REQUESTED, SIGNAL_DISMISS_REQUESTED, SIGNAL_CHOOSE_REQUESTED, N_SIGNALS };
static guint signals[N_SIGNALS];

enum { PROP_0, PROP_EXPANDABLE, PROP_EXPANDED, N_PROPS };
static GParamSpec *properties[N_PROPS];

static AtkObject *accessible_made_if_needed(EkChooserEntry *entry) {
    /* GTK makes the accessible on the first call; the state changes it announces need one. */
    return gtk_widget_get_accessible(GTK_WIDGET(entry));
}

static gboolean is_inside(GtkWidget *widget, GtkWidget *container) {
    return widget && container && (widget == container || gtk_widget_is_ancestor(widget, container));
}

static void outside_pressed(GtkGestureMultiPress *gesture, gint presses, gdouble x, gdouble y, EkChooserEntry *entry) {
    (void)presses;
    (void)x;
    (void)y;
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    GdkEventSequence *sequence = gtk_gesture_single_get_current_sequence(GTK_GESTURE_SINGLE(gesture));
    const GdkEvent *event = gtk_gesture_get_last_event(GTK_GESTURE(gesture), sequence);
    GtkWidget *target = event ? gtk_get_event_widget((GdkEvent *)event) : NULL;
    /* The entry's own press toggles through "toggle-requested"; a press in the popup picks. Only
     * the rest dismisses, so a press is never counted twice. */
    if (is_inside(target, GTK_WIDGET(entry)) || is_inside(target, priv->popup)) return;
    g_signal_emit(entry, signals[SIGNAL_DISMISS_REQUESTED], 0);
}

static void stop_watching(EkChooserEntry *entry) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    /* A controller must go before its widget does; unmap (which comes before a toplevel's
     * destruction reaches the entry) and collapsing both stop watching, so the toplevel lives. */
    g_clear_object(&priv->outside_press);
    if (priv->watched_window) {
        g_object_remove_weak_pointer(G_OBJECT(priv->watched_window), (gpointer *)&priv->watched_window);
        priv->watched_window = NULL;
    }
}

/* Presses reach the toplevel's capture phase before any widget under them: the one place that
 * sees a press on a button, a label or an empty part of the window alike. */
static void start_watching(EkChooserEntry *entry) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    stop_watching(entry);
    GtkWidget *toplevel = gtk_widget_get_toplevel(GTK_WIDGET(entry));
    if (!gtk_widget_is_toplevel(toplevel)) return;
    priv->watched_window = toplevel;
    g_object_add_weak_pointer(G_OBJECT(toplevel), (gpointer *)&priv->watched_window);
    priv->outside_press = gtk_gesture_multi_press_new(toplevel);
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(priv->outside_press), 0);
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(priv->outside_press), GTK_PHASE_CAPTURE);
    g_signal_connect(priv->outside_press, "pressed", G_CALLBACK(outside_pressed), entry);
}

/**
 * ek_chooser_entry_set_expandable:
 * @entry: an entry
 * @expandable: whether there is a list to open
 *
 * Sets #EkChooserEntry:expandable.
 */
void ek_chooser_entry_set_expandable(EkChooserEntry *entry, gboolean expandable) {
    g_return_if_fail(EK_IS_CHOOSER_ENTRY(entry));
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    expandable = !!expandable;
    if (priv->expandable == expandable) return;
    priv->expandable = expandable;
    if (!expandable) ek_chooser_entry_set_expanded(entry, FALSE);
    AtkObject *accessible = accessible_made_if_needed(entry);
    g_object_notify(G_OBJECT(accessible), "accessible-role");
    atk_object_notify_state_change(accessible, ATK_STATE_EXPANDABLE, expandable);
    g_object_notify_by_pspec(G_OBJECT(entry), properties[PROP_EXPANDABLE]);
}

/**
 * ek_chooser_entry_get_expandable:
 * @entry: an entry
 *
 * Gets #EkChooserEntry:expandable.
 *
 * Returns: #EkChooserEntry:expandable
 */
gboolean ek_chooser_entry_get_expandable(EkChooserEntry *entry) {
    g_return_val_if_fail(EK_IS_CHOOSER_ENTRY(entry), FALSE);
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    return priv->expandable;
}

/**
 * ek_chooser_entry_set_expanded:
 * @entry: an entry
 * @expanded: whether the list is shown (only an expandable entry expands)
 *
 * Sets #EkChooserEntry:expanded.
 */
void ek_chooser_entry_set_expanded(EkChooserEntry *entry, gboolean expanded) {
    g_return_if_fail(EK_IS_CHOOSER_ENTRY(entry));
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    expanded = !!expanded && priv->expandable;
    if (priv->expanded == expanded) return;
    priv->expanded = expanded;
    if (expanded)
        start_watching(entry);
    else
        stop_watching(entry);
    atk_object_notify_state_change(accessible_made_if_needed(entry), ATK_STATE_EXPANDED, expanded);
    g_object_notify_by_pspec(G_OBJECT(entry), properties[PROP_EXPANDED]);
}

/**
 * ek_chooser_entry_get_expanded:
 * @entry: an entry
 *
 * Gets #EkChooserEntry:expanded.
 *
 * Returns: #EkChooserEntry:expanded
 */
gboolean ek_chooser_entry_get_expanded(EkChooserEntry *entry) {
    g_return_val_if_fail(EK_IS_CHOOSER_ENTRY(entry), FALSE);
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    return priv->expanded;
}

static void set_weak(GtkWidget **slot, GtkWidget *widget) {
    if (*slot) g_object_remove_weak_pointer(G_OBJECT(*slot), (gpointer *)slot);
    *slot = widget;
    if (widget) g_object_add_weak_pointer(G_OBJECT(widget), (gpointer *)slot);
}

/**
 * ek_chooser_entry_set_popup:
 * @entry: an entry
 * @popup: (nullable): the widget shown while expanded (a #GtkPopover): presses inside it are not
 *   outside the entry
 * @controlled: (nullable): the widget whose accessible the entry is "controller-for" (the list)
 *
 * Both are held weakly.
 */
void ek_chooser_entry_set_popup(EkChooserEntry *entry, GtkWidget *popup, GtkWidget *controlled) {
    g_return_if_fail(EK_IS_CHOOSER_ENTRY(entry));
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    AtkObject *accessible = accessible_made_if_needed(entry);
    if (priv->controlled) {
        AtkObject *old = gtk_widget_get_accessible(priv->controlled);
        atk_object_remove_relationship(accessible, ATK_RELATION_CONTROLLER_FOR, old);
        atk_object_remove_relationship(old, ATK_RELATION_CONTROLLED_BY, accessible);
    }
    set_weak(&priv->popup, popup);
    set_weak(&priv->controlled, controlled);
    if (controlled) {
        /* Relations hold their targets weakly: no cycle between the two accessibles. */
        AtkObject *target = gtk_widget_get_accessible(controlled);
        atk_object_add_relationship(accessible, ATK_RELATION_CONTROLLER_FOR, target);
        atk_object_add_relationship(target, ATK_RELATION_CONTROLLED_BY, accessible);
    }
}

/**
 * ek_chooser_entry_set_choices:
 * @entry: an entry
 * @count: how many items there are to choose from
 * @chosen: the index of the chosen item, -1 for none
 *
 * Tells the accessible what there is to choose, for its #AtkSelection; emits
 * "selection-changed" on it when @chosen changes.
 */
void ek_chooser_entry_set_choices(EkChooserEntry *entry, gint count, gint chosen) {
    g_return_if_fail(EK_IS_CHOOSER_ENTRY(entry));
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    count = MAX(count, 0);
    chosen = chosen >= 0 && chosen < count ? chosen : -1;
    if (priv->choice_count == count && priv->chosen == chosen) return;
    gboolean selection_changed = priv->chosen != chosen;
    priv->choice_count = count;
    priv->chosen = chosen;
    if (selection_changed) g_signal_emit_by_name(accessible_made_if_needed(entry), "selection-changed");
}

gint ek_chooser_entry_get_choice_count(EkChooserEntry *entry) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    return priv->choice_count;
}

gint ek_chooser_entry_get_chosen(EkChooserEntry *entry) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    return priv->chosen;
}

GtkWidget *ek_chooser_entry_get_controlled(EkChooserEntry *entry) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    return priv->controlled;
}

void ek_chooser_entry_request_toggle(EkChooserEntry *entry) {
    g_signal_emit(entry, signals[SIGNAL_TOGGLE_REQUESTED], 0);
}

void ek_chooser_entry_request_choice(EkChooserEntry *entry, gint index) {
    g_signal_emit(entry, signals[SIGNAL_CHOOSE_REQUESTED], 0, index);
}

guint ek_chooser_entry_get_toggle_count(EkChooserEntry *entry) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    return priv->toggle_count;
}

/* One click, one toggle: only the first press of a click counts (a double click sends a second
 * GDK_BUTTON_PRESS and a GDK_2BUTTON_PRESS; the latter is not counted), whichever way the entry
 * was made, since this is the class's own handler and the only one. */
static gboolean chooser_button_press(GtkWidget *widget, GdkEventButton *event) {
    gboolean handled = GTK_WIDGET_CLASS(ek_chooser_entry_parent_class)->button_press_event(widget, event);
    EkChooserEntry *entry = EK_CHOOSER_ENTRY(widget);
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    if (priv->expandable && event->type == GDK_BUTTON_PRESS && event->button == GDK_BUTTON_PRIMARY) {
        priv->toggle_count++;
        g_signal_emit(entry, signals[SIGNAL_TOGGLE_REQUESTED], 0);
        return TRUE;
    }
    return handled;
}

static gboolean chooser_focus_out(GtkWidget *widget, GdkEventFocus *event) {
    gboolean handled = GTK_WIDGET_CLASS(ek_chooser_entry_parent_class)->focus_out_event(widget, event);
    if (ek_chooser_entry_get_expanded(EK_CHOOSER_ENTRY(widget)))
        g_signal_emit(widget, signals[SIGNAL_DISMISS_REQUESTED], 0);
    return handled;
}

static void chooser_unmap(GtkWidget *widget) {
    if (ek_chooser_entry_get_expanded(EK_CHOOSER_ENTRY(widget)))
        g_signal_emit(widget, signals[SIGNAL_DISMISS_REQUESTED], 0);
    stop_watching(EK_CHOOSER_ENTRY(widget));
    GTK_WIDGET_CLASS(ek_chooser_entry_parent_class)->unmap(widget);
}

static void chooser_hierarchy_changed(GtkWidget *widget, GtkWidget *previous_toplevel) {
    if (GTK_WIDGET_CLASS(ek_chooser_entry_parent_class)->hierarchy_changed)
        GTK_WIDGET_CLASS(ek_chooser_entry_parent_class)->hierarchy_changed(widget, previous_toplevel);
    EkChooserEntry *entry = EK_CHOOSER_ENTRY(widget);
    if (ek_chooser_entry_get_expanded(entry)) start_watching(entry); /* follow the new toplevel */
}

static void chooser_dispose(GObject *object) {
    EkChooserEntry *entry = EK_CHOOSER_ENTRY(object);
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    stop_watching(entry);
    set_weak(&priv->popup, NULL);
    set_weak(&priv->controlled, NULL);
    G_OBJECT_CLASS(ek_chooser_entry_parent_class)->dispose(object);
}

static void chooser_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    EkChooserEntry *entry = EK_CHOOSER_ENTRY(object);
    switch (id) {
    case PROP_EXPANDABLE: ek_chooser_entry_set_expandable(entry, g_value_get_boolean(value)); break;
    case PROP_EXPANDED: ek_chooser_entry_set_expanded(entry, g_value_get_boolean(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void chooser_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    EkChooserEntry *entry = EK_CHOOSER_ENTRY(object);
    switch (id) {
    case PROP_EXPANDABLE: g_value_set_boolean(value, ek_chooser_entry_get_expandable(entry)); break;
    case PROP_EXPANDED: g_value_set_boolean(value, ek_chooser_entry_get_expanded(entry)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void ek_chooser_entry_class_init(EkChooserEntryClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = chooser_dispose;
    object_class->set_property = chooser_set_property;
    object_class->get_property = chooser_get_property;
    widget_class->button_press_event = chooser_button_press;
    widget_class->focus_out_event = chooser_focus_out;
    widget_class->unmap = chooser_unmap;
    widget_class->hierarchy_changed = chooser_hierarchy_changed;

    /**
     * EkChooserEntry:expandable:
     *
     * Whether there is a list to open: a combo box to assistive technologies, not a plain entry.
     */
    properties[PROP_EXPANDABLE] =
        g_param_spec_boolean("expandable", "Expandable", "Whether there is a list to open", FALSE,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * EkChooserEntry:expanded:
     *
     * Whether the list is shown (the state "expanded" to assistive technologies).
     */
    properties[PROP_EXPANDED] =
        g_param_spec_boolean("expanded", "Expanded", "Whether the list is shown", FALSE,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * EkChooserEntry::toggle-requested:
     * @entry: the entry
     *
     * A primary click (once per click) or the accessible's "press" action asks to open or close
     * the list.
     */
    signals[SIGNAL_TOGGLE_REQUESTED] = g_signal_new("toggle-requested", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
    /**
     * EkChooserEntry::dismiss-requested:
     * @entry: the entry
     *
     * While expanded, a press outside the entry and its popup, or focus leaving the entry, asks
     * to close the list.
     */
    signals[SIGNAL_DISMISS_REQUESTED] = g_signal_new("dismiss-requested", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                                     0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    /**
     * EkChooserEntry::choose-requested:
     * @entry: the entry
     * @index: the item an assistive technology selected, -1 when it cleared the selection
     *
     * The owner chooses the item and reports it back with ek_chooser_entry_set_choices().
     */
    signals[SIGNAL_CHOOSE_REQUESTED] = g_signal_new("choose-requested", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
    gtk_widget_class_set_accessible_type(widget_class, EK_TYPE_CHOOSER_ENTRY_ACCESSIBLE);
}

static void ek_chooser_entry_init(EkChooserEntry *entry) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    priv->chosen = -1;
}
