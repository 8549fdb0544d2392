#include "list_view_private.h"

/* The list's accessible exposes only the rows on screen as children, as virtualized lists on the
 * web and GTK 4's list view do: a screen reader never pages through a million objects. Each row
 * carries "posinset"/"setsize" so its real place among all rows can still be spoken. Row objects
 * keep their identity while they stay on screen; those that scroll away become defunct. */

/* ---- One row ---------------------------------------------------------------------------- */

#define EK_TYPE_LIST_ROW_ACCESSIBLE (ek_list_row_accessible_get_type())
G_DECLARE_FINAL_TYPE(EkListRowAccessible, ek_list_row_accessible, EK, LIST_ROW_ACCESSIBLE, AtkObject)

struct _EkListRowAccessible {
    AtkObject parent_instance;
    EkListView *view;  /* weak */
    guint row;
    gboolean defunct;
    char *name;        /* the last name handed out, owned here */
};

static gint live_rows;

static void row_action_interface_init(AtkActionIface *iface);
static void row_component_interface_init(AtkComponentIface *iface);

G_DEFINE_TYPE_WITH_CODE(EkListRowAccessible, ek_list_row_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, row_action_interface_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, row_component_interface_init))

static gboolean row_on_screen(EkListRowAccessible *self, guint *index) {
    if (!self->view || self->defunct) return FALSE;
    guint first, count;
    ek_list_view_get_window(self->view, &first, &count);
    if (self->row < first || self->row >= first + count) return FALSE;
    if (index) *index = self->row - first;
    return TRUE;
}

static const gchar *row_get_name(AtkObject *object) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(object);
    if (object->name) return object->name;  /* set explicitly */
    if (!self->view || self->defunct) return NULL;
    g_free(self->name);
    self->name = ek_list_view_copy_row_text(self->view, self->row);
    return self->name;
}

/* The parent is looked up, not held: a held parent and its held rows would keep each other alive. */
static AtkObject *row_get_parent(AtkObject *object) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(object);
    return self->view && !self->defunct ? gtk_widget_get_accessible(GTK_WIDGET(self->view)) : NULL;
}

static gint row_get_index_in_parent(AtkObject *object) {
    guint index;
    return row_on_screen(EK_LIST_ROW_ACCESSIBLE(object), &index) ? (gint)index : -1;
}

static AtkStateSet *row_ref_state_set(AtkObject *object) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(object);
    AtkStateSet *states = ATK_OBJECT_CLASS(ek_list_row_accessible_parent_class)->ref_state_set(object);
    if (!self->view || self->defunct || self->row >= ek_list_view_get_row_count(self->view)) {
        atk_state_set_add_state(states, ATK_STATE_DEFUNCT);
        return states;
    }
    atk_state_set_add_state(states, ATK_STATE_ENABLED);
    atk_state_set_add_state(states, ATK_STATE_SENSITIVE);
    atk_state_set_add_state(states, ATK_STATE_SELECTABLE);
    atk_state_set_add_state(states, ATK_STATE_FOCUSABLE);
    atk_state_set_add_state(states, ATK_STATE_VISIBLE);
    if (row_on_screen(self, NULL) && gtk_widget_is_drawable(GTK_WIDGET(self->view)))
        atk_state_set_add_state(states, ATK_STATE_SHOWING);
    if (ek_list_view_get_highlighted(self->view) == (gint)self->row) {
        atk_state_set_add_state(states, ATK_STATE_SELECTED);
        atk_state_set_add_state(states, ATK_STATE_ACTIVE);
    }
    return states;
}

static AtkAttributeSet *add_attribute(AtkAttributeSet *set, const char *name, guint value) {
    AtkAttribute *attribute = g_new(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = g_strdup_printf("%u", value);
    return g_slist_append(set, attribute);
}

static AtkAttributeSet *row_get_attributes(AtkObject *object) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(object);
    if (!self->view || self->defunct) return NULL;
    AtkAttributeSet *set = add_attribute(NULL, "posinset", self->row + 1);
    return add_attribute(set, "setsize", ek_list_view_get_row_count(self->view));
}

static gboolean activate_later(gpointer data) {
    EkListRowAccessible *self = data;
    if (self->view && !self->defunct && self->row < ek_list_view_get_row_count(self->view))
        ek_list_view_activate_row(self->view, self->row);
    return G_SOURCE_REMOVE;
}

/* Assistive technologies call over D-Bus and wait; choosing a row may close a popover and
 * destroy the caller's objects, so the choice happens after the call returns, as GTK's do. */
static void activate_row_later(EkListRowAccessible *self) {
    g_idle_add_full(G_PRIORITY_DEFAULT, activate_later, g_object_ref(self), g_object_unref);
}

static gboolean row_do_action(AtkAction *action, gint index) {
    if (index != 0 || !EK_LIST_ROW_ACCESSIBLE(action)->view) return FALSE;
    activate_row_later(EK_LIST_ROW_ACCESSIBLE(action));
    return TRUE;
}

static gint row_get_n_actions(AtkAction *action) { (void)action; return 1; }
static const gchar *row_get_action_name(AtkAction *action, gint index) { (void)action; return index == 0 ? "click" : NULL; }

static void row_action_interface_init(AtkActionIface *iface) {
    iface->do_action = row_do_action;
    iface->get_n_actions = row_get_n_actions;
    iface->get_name = row_get_action_name;
}

static void row_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(component);
    *x = *y = *width = *height = 0;
    GdkRectangle area;
    if (!self->view || !ek_list_view_get_row_area(self->view, self->row, &area)) return;
    AtkObject *list = gtk_widget_get_accessible(GTK_WIDGET(self->view));
    gint list_x, list_y;
    atk_component_get_extents(ATK_COMPONENT(list), &list_x, &list_y, NULL, NULL, coords);
    *x = list_x + area.x;
    *y = list_y + area.y;
    *width = area.width;
    *height = area.height;
}

static void row_component_interface_init(AtkComponentIface *iface) {
    iface->get_extents = row_get_extents;
}

static void row_finalize(GObject *object) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(object);
    if (self->view) g_object_remove_weak_pointer(G_OBJECT(self->view), (gpointer *)&self->view);
    g_free(self->name);
    g_atomic_int_add(&live_rows, -1);
    G_OBJECT_CLASS(ek_list_row_accessible_parent_class)->finalize(object);
}

static void ek_list_row_accessible_class_init(EkListRowAccessibleClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = row_finalize;
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->get_name = row_get_name;
    atk_class->get_parent = row_get_parent;
    atk_class->get_index_in_parent = row_get_index_in_parent;
    atk_class->ref_state_set = row_ref_state_set;
    atk_class->get_attributes = row_get_attributes;
}

static void ek_list_row_accessible_init(EkListRowAccessible *self) {
    (void)self;
    g_atomic_int_add(&live_rows, 1);
}

static EkListRowAccessible *row_new(EkListView *view, guint row) {
    EkListRowAccessible *self = g_object_new(EK_TYPE_LIST_ROW_ACCESSIBLE, NULL);
    self->view = view;
    g_object_add_weak_pointer(G_OBJECT(view), (gpointer *)&self->view);
    self->row = row;
    atk_object_set_role(ATK_OBJECT(self), ATK_ROLE_LIST_ITEM);
    return self;
}

static void row_make_defunct(EkListRowAccessible *self) {
    self->defunct = TRUE;
    atk_object_notify_state_change(ATK_OBJECT(self), ATK_STATE_DEFUNCT, TRUE);
}

guint ek_list_view_live_row_accessibles(void) {
    return (guint)g_atomic_int_get(&live_rows);
}

/* ---- The list ----------------------------------------------------------------------------- */

struct _EkListViewAccessible {
    GtkWidgetAccessible parent_instance;
    guint first;        /* the rows that have objects: [first, first + rows->len) */
    GPtrArray *rows;    /* EkListRowAccessible, owned */
};

static void selection_interface_init(AtkSelectionIface *iface);

G_DEFINE_TYPE_WITH_CODE(EkListViewAccessible, ek_list_view_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, selection_interface_init))

static EkListView *list_view_of(gpointer accessible) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget ? EK_LIST_VIEW(widget) : NULL;
}

/* Brings the row objects in line with the rows on screen, keeping those that stay. */
static void sync_window(EkListViewAccessible *self, gboolean announce) {
    EkListView *view = list_view_of(self);
    guint first = 0, count = 0;
    if (view) ek_list_view_get_window(view, &first, &count);
    if (first == self->first && count == self->rows->len) return;

    GPtrArray *rows = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint row = first; row < first + count; row++) {
        gboolean kept = row >= self->first && row < self->first + self->rows->len;
        g_ptr_array_add(rows, kept ? g_object_ref(g_ptr_array_index(self->rows, row - self->first))
                                   : row_new(view, row));
    }
    for (guint i = 0; i < self->rows->len; i++) {
        guint row = self->first + i;
        if (row >= first && row < first + count) continue;
        EkListRowAccessible *gone = g_ptr_array_index(self->rows, i);
        if (announce) g_signal_emit_by_name(self, "children-changed::remove", i, gone);
        row_make_defunct(gone);
    }
    guint old_first = self->first, old_count = self->rows->len;
    g_ptr_array_unref(self->rows);
    self->rows = rows;
    self->first = first;
    if (!announce) return;
    for (guint i = 0; i < rows->len; i++) {
        guint row = first + i;
        EkListRowAccessible *item = g_ptr_array_index(rows, i);
        if (item->row == row && (row < old_first || row >= old_first + old_count))
            g_signal_emit_by_name(self, "children-changed::add", i, item);
    }
    g_signal_emit_by_name(self, "visible-data-changed");
}

void ek_list_view_accessible_window_changed(EkListViewAccessible *self) {
    sync_window(self, TRUE);
}

void ek_list_view_accessible_rows_changed(EkListViewAccessible *self) {
    /* Texts may have changed under the same rows: every row object is new. */
    for (guint i = 0; i < self->rows->len; i++) {
        g_signal_emit_by_name(self, "children-changed::remove", i, g_ptr_array_index(self->rows, i));
        row_make_defunct(g_ptr_array_index(self->rows, i));
    }
    g_ptr_array_set_size(self->rows, 0);
    self->first = 0;
    sync_window(self, TRUE);
}

static EkListRowAccessible *row_object(EkListViewAccessible *self, guint row) {
    sync_window(self, TRUE);
    if (row < self->first || row >= self->first + self->rows->len) return NULL;
    return g_ptr_array_index(self->rows, row - self->first);
}

void ek_list_view_accessible_highlight_changed(EkListViewAccessible *self, gint old_row, gint new_row, AtkObject *focus_owner) {
    EkListRowAccessible *old_item = old_row >= 0 ? row_object(self, (guint)old_row) : NULL;
    if (old_item) atk_object_notify_state_change(ATK_OBJECT(old_item), ATK_STATE_SELECTED, FALSE);
    EkListRowAccessible *new_item = new_row >= 0 ? row_object(self, (guint)new_row) : NULL;
    if (new_item) atk_object_notify_state_change(ATK_OBJECT(new_item), ATK_STATE_SELECTED, TRUE);
    g_signal_emit_by_name(self, "selection-changed");
    if (!new_item) return;
    g_signal_emit_by_name(self, "active-descendant-changed", new_item);
    if (focus_owner) g_signal_emit_by_name(focus_owner, "active-descendant-changed", new_item);
}

static gint list_get_n_children(AtkObject *object) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(object);
    sync_window(self, FALSE);
    return (gint)self->rows->len;
}

static AtkObject *list_ref_child(AtkObject *object, gint index) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(object);
    sync_window(self, FALSE);
    if (index < 0 || (guint)index >= self->rows->len) return NULL;
    return g_object_ref(g_ptr_array_index(self->rows, index));
}

static void list_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(ek_list_view_accessible_parent_class)->initialize(object, data);
    atk_object_set_role(object, ATK_ROLE_LIST);
    ek_list_view_attach_accessible(EK_LIST_VIEW(data), EK_LIST_VIEW_ACCESSIBLE(object));
}

/* The widget is gone: its rows are defunct at once, whoever still holds them. */
static void list_widget_unset(GtkAccessible *accessible) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(accessible);
    for (guint i = 0; i < self->rows->len; i++) row_make_defunct(g_ptr_array_index(self->rows, i));
    g_ptr_array_set_size(self->rows, 0);
    self->first = 0;
    GTK_ACCESSIBLE_CLASS(ek_list_view_accessible_parent_class)->widget_unset(accessible);
}

static void list_finalize(GObject *object) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(object);
    for (guint i = 0; i < self->rows->len; i++) row_make_defunct(g_ptr_array_index(self->rows, i));
    g_ptr_array_unref(self->rows);
    G_OBJECT_CLASS(ek_list_view_accessible_parent_class)->finalize(object);
}

static void ek_list_view_accessible_class_init(EkListViewAccessibleClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = list_finalize;
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->initialize = list_initialize;
    atk_class->get_n_children = list_get_n_children;
    atk_class->ref_child = list_ref_child;
    GTK_ACCESSIBLE_CLASS(klass)->widget_unset = list_widget_unset;
}

static void ek_list_view_accessible_init(EkListViewAccessible *self) {
    self->rows = g_ptr_array_new_with_free_func(g_object_unref);
}

/* AtkSelection: the highlighted row is the selection; selecting a row chooses it, as a click does. */

static gboolean selection_add(AtkSelection *selection, gint index) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(selection);
    sync_window(self, FALSE);
    if (index < 0 || (guint)index >= self->rows->len) return FALSE;
    activate_row_later(g_ptr_array_index(self->rows, index));
    return TRUE;
}

static gboolean selection_clear(AtkSelection *selection) {
    EkListView *view = list_view_of(selection);
    if (view) ek_list_view_set_highlighted(view, -1);
    return view != NULL;
}

/* Selection speaks of children: a highlighted row scrolled off screen is no child, so counts not. */
static gint selection_count(AtkSelection *selection) {
    EkListView *view = list_view_of(selection);
    if (!view || ek_list_view_get_highlighted(view) < 0) return 0;
    return row_object(EK_LIST_VIEW_ACCESSIBLE(selection), (guint)ek_list_view_get_highlighted(view)) ? 1 : 0;
}

static AtkObject *selection_ref(AtkSelection *selection, gint index) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(selection);
    EkListView *view = list_view_of(selection);
    if (!view || index != 0 || ek_list_view_get_highlighted(view) < 0) return NULL;
    EkListRowAccessible *item = row_object(self, (guint)ek_list_view_get_highlighted(view));
    return item ? g_object_ref(ATK_OBJECT(item)) : NULL;
}

static gboolean selection_is_selected(AtkSelection *selection, gint index) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(selection);
    EkListView *view = list_view_of(selection);
    sync_window(self, FALSE);
    return view && index >= 0 && ek_list_view_get_highlighted(view) == (gint)(self->first + (guint)index);
}

static gboolean selection_remove(AtkSelection *selection, gint index) {
    if (!selection_is_selected(selection, index)) return FALSE;
    return selection_clear(selection);
}

static void selection_interface_init(AtkSelectionIface *iface) {
    iface->add_selection = selection_add;
    iface->clear_selection = selection_clear;
    iface->get_selection_count = selection_count;
    iface->ref_selection = selection_ref;
    iface->is_child_selected = selection_is_selected;
    iface->remove_selection = selection_remove;
}
