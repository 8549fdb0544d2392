#include "entrykit_chooser_entry.h"
#include "test_hooks.h"

#include <gtk/gtk-a11y.h>

/* ---- The accessible: a combo box with expandable/expanded ---------------------------------- */

/* States like expandable/expanded only read back from a ref_state_set override (atk_object_set
 * state calls are overwritten by GtkEntryAccessible), so the entry gets its own accessible type. */

#define EK_TYPE_CHOOSER_ENTRY_ACCESSIBLE (ek_chooser_entry_accessible_get_type())
G_DECLARE_FINAL_TYPE(EkChooserEntryAccessible, ek_chooser_entry_accessible, EK, CHOOSER_ENTRY_ACCESSIBLE,
                     GtkEntryAccessible)

struct _EkChooserEntryAccessible {
    GtkEntryAccessible parent_instance;
};

static void accessible_action_interface_init(AtkActionIface *iface);
static void accessible_selection_interface_init(AtkSelectionIface *iface);

/* GtkEntryAccessible implements AtkAction already ("activate"); implementing it again here
 * replaces it for this type, and the parent's is chained to for the actions it has. */
G_DEFINE_TYPE_WITH_CODE(EkChooserEntryAccessible, ek_chooser_entry_accessible, GTK_TYPE_ENTRY_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, accessible_action_interface_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, accessible_selection_interface_init))

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
    /* The plain "notify" handlers GTK's accessible connects to the entry (see accessible_initialize). */
    gulong accessible_notify[4];
    guint n_accessible_notify;
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

static EkChooserEntry *entry_of_accessible(AtkObject *object) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    return widget && EK_IS_CHOOSER_ENTRY(widget) ? EK_CHOOSER_ENTRY(widget) : NULL;
}

static AtkRole accessible_get_role(AtkObject *object) {
    EkChooserEntry *entry = entry_of_accessible(object);
    if (entry && ek_chooser_entry_get_expandable(entry)) return ATK_ROLE_COMBO_BOX;
    return ATK_OBJECT_CLASS(ek_chooser_entry_accessible_parent_class)->get_role(object);
}

static AtkStateSet *accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(ek_chooser_entry_accessible_parent_class)->ref_state_set(object);
    EkChooserEntry *entry = entry_of_accessible(object);
    if (entry && ek_chooser_entry_get_expandable(entry)) {
        atk_state_set_add_state(states, ATK_STATE_EXPANDABLE);
        if (ek_chooser_entry_get_expanded(entry)) atk_state_set_add_state(states, ATK_STATE_EXPANDED);
    }
    return states;
}

/* A set name wins; else the mnemonic label's text, else the placeholder, as a sighted user reads it. */
static const gchar *accessible_get_name(AtkObject *object) {
    const gchar *name = ATK_OBJECT_CLASS(ek_chooser_entry_accessible_parent_class)->get_name(object);
    if (name && *name) return name;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (!widget) return name;
    GList *labels = gtk_widget_list_mnemonic_labels(widget);
    const gchar *label_text = labels && GTK_IS_LABEL(labels->data) ? gtk_label_get_text(GTK_LABEL(labels->data)) : NULL;
    g_list_free(labels);
    if (label_text && *label_text) return label_text; /* owned by the label */
    const gchar *placeholder = gtk_entry_get_placeholder_text(GTK_ENTRY(widget));
    return placeholder && *placeholder ? placeholder : name;
}

/* AtkAction: the entry's own actions ("activate": Enter, which accepts a dialog), then
 * "press", which opens and closes the list as GtkComboBoxAccessible's only action does. With no
 * keyboard (an AT-SPI client on Wayland cannot synthesize keys) it is the way to open the list. */

static AtkActionIface *parent_action_iface;

static gint parent_action_count(AtkAction *action) {
    return parent_action_iface && parent_action_iface->get_n_actions ? parent_action_iface->get_n_actions(action) : 0;
}

static gboolean is_press_action(AtkAction *action, gint index) {
    EkChooserEntry *entry = entry_of_accessible(ATK_OBJECT(action));
    return entry && ek_chooser_entry_get_expandable(entry) && index == parent_action_count(action);
}

static gint accessible_get_n_actions(AtkAction *action) {
    EkChooserEntry *entry = entry_of_accessible(ATK_OBJECT(action));
    return parent_action_count(action) + (entry && ek_chooser_entry_get_expandable(entry) ? 1 : 0);
}

static gboolean activate_later(gpointer data) {
    GtkWidget *entry = g_weak_ref_get(data);
    if (entry != NULL && gtk_widget_is_sensitive(entry)) gtk_widget_activate(entry);
    g_clear_object(&entry);
    return G_SOURCE_REMOVE;
}

static void free_weak_ref(gpointer data) {
    g_weak_ref_clear(data);
    g_free(data);
}

/* GtkEntryAccessible's "activate" emits the entry's activate at once, inside the dispatch of the
 * assistive technology's bus call: a handler that runs a nested loop there (a synchronous dialog)
 * would wait for ever for a bus that cannot be read until it returns. As GtkButtonAccessible does
 * for "click", the activation runs from an idle once the call has been answered. */
static gboolean activate_from_the_loop(AtkAction *action) {
    EkChooserEntry *entry = entry_of_accessible(ATK_OBJECT(action));
    if (entry == NULL || !gtk_widget_is_sensitive(GTK_WIDGET(entry))) return FALSE;
    GWeakRef *reference = g_new0(GWeakRef, 1);
    g_weak_ref_init(reference, entry);
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, activate_later, reference, free_weak_ref);
    return TRUE;
}

static gboolean accessible_do_action(AtkAction *action, gint index) {
    if (!is_press_action(action, index)) {
        if (index >= parent_action_count(action)) return FALSE;
        if (g_strcmp0(parent_action_iface->get_name(action, index), "activate") == 0)
            return activate_from_the_loop(action);
        return parent_action_iface->do_action(action, index);
    }
    EkChooserEntry *entry = entry_of_accessible(ATK_OBJECT(action));
    if (!gtk_widget_is_sensitive(GTK_WIDGET(entry)) || !gtk_widget_get_mapped(GTK_WIDGET(entry))) return FALSE;
    g_signal_emit(entry, signals[SIGNAL_TOGGLE_REQUESTED], 0);
    return TRUE;
}

static const gchar *accessible_get_action_name(AtkAction *action, gint index) {
    if (is_press_action(action, index)) return "press";
    return index < parent_action_count(action) ? parent_action_iface->get_name(action, index) : NULL;
}

static const gchar *accessible_get_action_description(AtkAction *action, gint index) {
    if (is_press_action(action, index)) return "Opens or closes the list";
    return index < parent_action_count(action) && parent_action_iface->get_description
               ? parent_action_iface->get_description(action, index)
               : NULL;
}

static const gchar *accessible_get_keybinding(AtkAction *action, gint index) {
    if (is_press_action(action, index)) return "<Alt>Down";
    return index < parent_action_count(action) && parent_action_iface->get_keybinding
               ? parent_action_iface->get_keybinding(action, index)
               : NULL;
}

static void accessible_action_interface_init(AtkActionIface *iface) {
    parent_action_iface = g_type_interface_peek_parent(iface);
    iface->get_n_actions = accessible_get_n_actions;
    iface->do_action = accessible_do_action;
    iface->get_name = accessible_get_action_name;
    iface->get_localized_name = accessible_get_action_name;
    iface->get_description = accessible_get_action_description;
    iface->get_keybinding = accessible_get_keybinding;
}

/* AtkSelection, as GtkComboBoxAccessible has it: the selection is the chosen item, by its index
 * among all the items; selecting one chooses it ("choose-requested"), as gtk_combo_box_set_active
 * does, without accepting anything. The owner says what there is with ek_chooser_entry_set_choices. */

static EkChooserEntryPrivate *choices_of(AtkSelection *selection) {
    EkChooserEntry *entry = entry_of_accessible(ATK_OBJECT(selection));
    return entry && ek_chooser_entry_get_expandable(entry) ? ek_chooser_entry_get_instance_private(entry) : NULL;
}

static gboolean request_choice(AtkSelection *selection, gint index) {
    EkChooserEntry *entry = entry_of_accessible(ATK_OBJECT(selection));
    if (!gtk_widget_is_sensitive(GTK_WIDGET(entry))) return FALSE;
    g_signal_emit(entry, signals[SIGNAL_CHOOSE_REQUESTED], 0, index);
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    return priv->chosen == index;
}

static gboolean selection_add(AtkSelection *selection, gint index) {
    EkChooserEntryPrivate *priv = choices_of(selection);
    if (!priv || index < 0 || index >= priv->choice_count) return FALSE;
    return request_choice(selection, index);
}

static gboolean selection_clear(AtkSelection *selection) {
    EkChooserEntryPrivate *priv = choices_of(selection);
    if (!priv) return FALSE;
    return priv->chosen < 0 || request_choice(selection, -1);
}

static gboolean selection_remove(AtkSelection *selection, gint index) {
    EkChooserEntryPrivate *priv = choices_of(selection);
    if (!priv || index != 0 || priv->chosen < 0) return FALSE;
    return request_choice(selection, -1);
}

static gint selection_count(AtkSelection *selection) {
    EkChooserEntryPrivate *priv = choices_of(selection);
    return priv && priv->chosen >= 0 ? 1 : 0;
}

static gboolean selection_is_selected(AtkSelection *selection, gint index) {
    EkChooserEntryPrivate *priv = choices_of(selection);
    return priv && priv->chosen >= 0 && index == priv->chosen;
}

/* The chosen item's row object, when the open list shows it (the list's own selection is its
 * highlighted row, which is the chosen item while nothing else is highlighted). A closed or
 * virtualized-away row has no object: NULL, as GTK gives for a combo box with no menu. */
static AtkObject *selection_ref(AtkSelection *selection, gint index) {
    EkChooserEntryPrivate *priv = choices_of(selection);
    if (!priv || index != 0 || priv->chosen < 0 || !priv->expanded || !priv->controlled) return NULL;
    AtkObject *list = gtk_widget_get_accessible(priv->controlled);
    if (!ATK_IS_SELECTION(list) || atk_selection_get_selection_count(ATK_SELECTION(list)) < 1) return NULL;
    return atk_selection_ref_selection(ATK_SELECTION(list), 0);
}

static void accessible_selection_interface_init(AtkSelectionIface *iface) {
    iface->add_selection = selection_add;
    iface->clear_selection = selection_clear;
    iface->remove_selection = selection_remove;
    iface->get_selection_count = selection_count;
    iface->is_child_selected = selection_is_selected;
    iface->ref_selection = selection_ref;
}

static guint notify_signal;

/* The plain "notify" handlers connected after `newer_than`, up to `capacity` of them. GLib finds
 * only the first match: each one found is blocked until all are found. */
static guint plain_notify_handlers(gpointer instance, gulong newer_than, gulong *found, guint capacity) {
    const GSignalMatchType unblocked_plain = G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DETAIL | G_SIGNAL_MATCH_UNBLOCKED;
    gulong all[16];
    guint n_all = 0, n_found = 0;
    gulong id;
    while (n_all < G_N_ELEMENTS(all) &&
           (id = g_signal_handler_find(instance, unblocked_plain, notify_signal, 0, NULL, NULL, NULL)) != 0) {
        g_signal_handler_block(instance, id);
        all[n_all++] = id;
        if (id > newer_than && n_found < capacity) found[n_found++] = id;
    }
    for (guint i = 0; i < n_all; i++) g_signal_handler_unblock(instance, all[i]);
    return n_found;
}

/* GtkWidgetAccessible connects a plain "notify" handler to the widget, which reads only GTK's own
 * properties: remembered here, so that a notification of the field's own properties can be left
 * out when that handler is all there is (ek_chooser_entry_notify_is_heard). Handler ids grow, so
 * those connected while the parent initializes are the ones newer than a handler made just before. */
static void accessible_initialize(AtkObject *object, gpointer data) {
    gulong mark = EK_IS_CHOOSER_ENTRY(data) ? g_signal_connect(data, "notify", G_CALLBACK(gtk_false), NULL) : 0;
    if (mark) g_signal_handler_disconnect(data, mark);
    ATK_OBJECT_CLASS(ek_chooser_entry_accessible_parent_class)->initialize(object, data);
    if (!mark) return;
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(EK_CHOOSER_ENTRY(data));
    priv->n_accessible_notify =
        plain_notify_handlers(data, mark, priv->accessible_notify, G_N_ELEMENTS(priv->accessible_notify));
}

static void ek_chooser_entry_accessible_class_init(EkChooserEntryAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->initialize = accessible_initialize;
    atk_class->get_role = accessible_get_role;
    atk_class->ref_state_set = accessible_ref_state_set;
    atk_class->get_name = accessible_get_name;
}

static void ek_chooser_entry_accessible_init(EkChooserEntryAccessible *self) { (void)self; }

/* ---- The entry ------------------------------------------------------------------------------ */

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

gboolean ek_chooser_entry_notify_is_heard(EkChooserEntry *entry, GParamSpec *pspec) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    /* GLib 2.74 matches a detail exactly: "notify::name" handlers, then plain "notify" ones. */
    if (g_signal_has_handler_pending(entry, notify_signal, g_param_spec_get_name_quark(pspec), FALSE)) return TRUE;
    gulong blocked[G_N_ELEMENTS(priv->accessible_notify)];
    guint n_blocked = 0;
    for (guint i = 0; i < priv->n_accessible_notify; i++) {
        if (!g_signal_handler_is_connected(entry, priv->accessible_notify[i])) continue;
        g_signal_handler_block(entry, priv->accessible_notify[i]);
        blocked[n_blocked++] = priv->accessible_notify[i];
    }
    gboolean heard = g_signal_has_handler_pending(entry, notify_signal, 0, FALSE);
    for (guint i = 0; i < n_blocked; i++) g_signal_handler_unblock(entry, blocked[i]);
    return heard;
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
    notify_signal = g_signal_lookup("notify", G_TYPE_OBJECT);
}

static void ek_chooser_entry_init(EkChooserEntry *entry) {
    EkChooserEntryPrivate *priv = ek_chooser_entry_get_instance_private(entry);
    priv->chosen = -1;
}

/**
 * ek_chooser_entry_new:
 *
 * Makes a new entry, not expandable (an ordinary entry).
 *
 * Returns: (transfer floating): a new entry, not expandable (an ordinary entry)
 */
GtkWidget *ek_chooser_entry_new(void) { return g_object_new(EK_TYPE_CHOOSER_ENTRY, NULL); }
