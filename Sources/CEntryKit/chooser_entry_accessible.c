/* EkChooserEntry's accessible: a combo box with expandable/expanded, the action "press" and
 * AtkSelection over the choices. */

#include "entrykit_chooser_entry_private.h"
#include "entrykit_notify.h"

/* States like expandable/expanded only read back from a ref_state_set override (atk_object_set
 * state calls are overwritten by GtkEntryAccessible), so the entry gets its own accessible type. */

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
    ek_chooser_entry_request_toggle(entry);
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

/* The entry whose choices the selection is: an expandable one. */
static EkChooserEntry *choices_of(AtkSelection *selection) {
    EkChooserEntry *entry = entry_of_accessible(ATK_OBJECT(selection));
    return entry && ek_chooser_entry_get_expandable(entry) ? entry : NULL;
}

static gboolean request_choice(AtkSelection *selection, gint index) {
    EkChooserEntry *entry = entry_of_accessible(ATK_OBJECT(selection));
    if (!gtk_widget_is_sensitive(GTK_WIDGET(entry))) return FALSE;
    ek_chooser_entry_request_choice(entry, index);
    return ek_chooser_entry_get_chosen(entry) == index;
}

static gboolean selection_add(AtkSelection *selection, gint index) {
    EkChooserEntry *entry = choices_of(selection);
    if (!entry || index < 0 || index >= ek_chooser_entry_get_choice_count(entry)) return FALSE;
    return request_choice(selection, index);
}

static gboolean selection_clear(AtkSelection *selection) {
    EkChooserEntry *entry = choices_of(selection);
    if (!entry) return FALSE;
    return ek_chooser_entry_get_chosen(entry) < 0 || request_choice(selection, -1);
}

static gboolean selection_remove(AtkSelection *selection, gint index) {
    EkChooserEntry *entry = choices_of(selection);
    if (!entry || index != 0 || ek_chooser_entry_get_chosen(entry) < 0) return FALSE;
    return request_choice(selection, -1);
}

static gint selection_count(AtkSelection *selection) {
    EkChooserEntry *entry = choices_of(selection);
    return entry && ek_chooser_entry_get_chosen(entry) >= 0 ? 1 : 0;
}

static gboolean selection_is_selected(AtkSelection *selection, gint index) {
    EkChooserEntry *entry = choices_of(selection);
    return entry && ek_chooser_entry_get_chosen(entry) >= 0 && index == ek_chooser_entry_get_chosen(entry);
}

/* The chosen item's row object, when the open list shows it (the list's own selection is its
 * highlighted row, which is the chosen item while nothing else is highlighted). A closed or
 * virtualized-away row has no object: NULL, as GTK gives for a combo box with no menu. */
static AtkObject *selection_ref(AtkSelection *selection, gint index) {
    EkChooserEntry *entry = choices_of(selection);
    GtkWidget *controlled = entry ? ek_chooser_entry_get_controlled(entry) : NULL;
    if (!entry || index != 0 || ek_chooser_entry_get_chosen(entry) < 0 || !ek_chooser_entry_get_expanded(entry) ||
        !controlled)
        return NULL;
    AtkObject *list = gtk_widget_get_accessible(controlled);
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

/* GtkWidgetAccessible connects a plain "notify" handler to the widget, which reads only GTK's own
 * properties: left out, so that a notification of the field's own properties goes out only when
 * someone else listens (see entrykit_notify.h). */
static void accessible_initialize(AtkObject *object, gpointer data) {
    gulong mark = EK_IS_CHOOSER_ENTRY(data) ? ek_object_notify_mark(G_OBJECT(data)) : 0;
    ATK_OBJECT_CLASS(ek_chooser_entry_accessible_parent_class)->initialize(object, data);
    if (mark) ek_object_leave_out_notify_handlers_since(G_OBJECT(data), mark);
}

static void ek_chooser_entry_accessible_class_init(EkChooserEntryAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->initialize = accessible_initialize;
    atk_class->get_role = accessible_get_role;
    atk_class->ref_state_set = accessible_ref_state_set;
    atk_class->get_name = accessible_get_name;
}

static void ek_chooser_entry_accessible_init(EkChooserEntryAccessible *self) { (void)self; }
