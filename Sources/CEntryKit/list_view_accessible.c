#include "list_view_private.h"
#include "test_hooks.h"

/* The list's accessible has one child per row, all of them, in their real order: screen readers
 * that count children and take a child's index (Orca) hear the true size and place, and those that
 * read "posinset"/"setsize" find them on every row. Row objects are made on demand, never one per
 * row up front: the rows on screen and the highlighted row are held by the list; any other row's
 * object lives only while someone holds it, and while it lives, asking for its row again gives the
 * same object. The list manages its descendants (ATK_STATE_MANAGES_DESCENDANTS), so the AT-SPI
 * bridge never walks a million children to cache them. Rows scrolling in and out of view stay the
 * same children; when the rows themselves change (a new filter, new items) every row object made
 * so far becomes defunct and the list's children change as a whole. */

/* ---- One row ---------------------------------------------------------------------------- */

#define EK_TYPE_LIST_ROW_ACCESSIBLE (ek_list_row_accessible_get_type())
G_DECLARE_FINAL_TYPE(EkListRowAccessible, ek_list_row_accessible, EK, LIST_ROW_ACCESSIBLE, AtkObject)

struct _EkListRowAccessible {
    AtkObject parent_instance;
    EkListView *view; /* weak */
    GObject *list;    /* weak: the list's accessible, whose table of live rows names this one */
    guint row;
    gboolean defunct;
    char *name; /* the last name handed out, owned here */
};

static gint live_rows;

static void row_action_interface_init(AtkActionIface *iface);
static void row_component_interface_init(AtkComponentIface *iface);

G_DEFINE_TYPE_WITH_CODE(EkListRowAccessible, ek_list_row_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, row_action_interface_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, row_component_interface_init))

/* The rows on screen: none while the list is not (a closed popup), so new items given to a
 * closed list make no row objects and announce none; mapping the view syncs the window. */
static void rows_on_screen(EkListView *view, guint *first, guint *count) {
    *first = *count = 0;
    if (view && gtk_widget_get_mapped(GTK_WIDGET(view))) ek_list_view_get_window(view, first, count);
}

static gboolean row_on_screen(EkListRowAccessible *self, guint *index) {
    if (!self->view || self->defunct) return FALSE;
    guint first, count;
    rows_on_screen(self->view, &first, &count);
    if (self->row < first || self->row >= first + count) return FALSE;
    if (index) *index = self->row - first;
    return TRUE;
}

static const gchar *row_get_name(AtkObject *object) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(object);
    if (object->name) return object->name; /* set explicitly */
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

/* The row's real index among all rows: every row is a child, on screen or not. */
static gint row_get_index_in_parent(AtkObject *object) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(object);
    if (!self->view || self->defunct || self->row >= ek_list_view_get_row_count(self->view)) return -1;
    return self->row > G_MAXINT ? -1 : (gint)self->row;
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

static gint row_get_n_actions(AtkAction *action) {
    (void)action;
    return 1;
}
static const gchar *row_get_action_name(AtkAction *action, gint index) {
    (void)action;
    return index == 0 ? "click" : NULL;
}

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

static void row_component_interface_init(AtkComponentIface *iface) { iface->get_extents = row_get_extents; }

static void list_forget_row(GObject *list, EkListRowAccessible *row);

static void row_finalize(GObject *object) {
    EkListRowAccessible *self = EK_LIST_ROW_ACCESSIBLE(object);
    if (self->view) g_object_remove_weak_pointer(G_OBJECT(self->view), (gpointer *)&self->view);
    if (self->list) {
        list_forget_row(self->list, self);
        g_object_remove_weak_pointer(self->list, (gpointer *)&self->list);
    }
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

static EkListRowAccessible *row_new(EkListView *view, GObject *list, guint row) {
    EkListRowAccessible *self = g_object_new(EK_TYPE_LIST_ROW_ACCESSIBLE, NULL);
    self->view = view;
    g_object_add_weak_pointer(G_OBJECT(view), (gpointer *)&self->view);
    self->list = list;
    g_object_add_weak_pointer(list, (gpointer *)&self->list);
    self->row = row;
    atk_object_set_role(ATK_OBJECT(self), ATK_ROLE_LIST_ITEM);
    return self;
}

static void row_make_defunct(EkListRowAccessible *self) {
    if (self->defunct) return;
    self->defunct = TRUE;
    atk_object_notify_state_change(ATK_OBJECT(self), ATK_STATE_DEFUNCT, TRUE);
}

guint ek_list_view_live_row_accessibles(void) { return (guint)g_atomic_int_get(&live_rows); }

/* ---- The list ----------------------------------------------------------------------------- */

struct _EkListViewAccessible {
    GtkWidgetAccessible parent_instance;
    guint first;                      /* the rows on screen: [first, first + rows->len) */
    GPtrArray *rows;                  /* their EkListRowAccessible, owned */
    GHashTable *live;                 /* row → every EkListRowAccessible alive and not defunct, not owned */
    EkListRowAccessible *highlighted; /* owned: the active descendant outlives its scrolling away */
    /* Owned: the row highlighted before it. A screen reader compares the new focus with the old
     * one; were the old row gone (End scrolls it away), Orca would take the focus for new and
     * announce the dialog and the combo box again. */
    EkListRowAccessible *previously_highlighted;
};

static void selection_interface_init(AtkSelectionIface *iface);
static void table_interface_init(AtkTableIface *iface);

G_DEFINE_TYPE_WITH_CODE(EkListViewAccessible, ek_list_view_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, selection_interface_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE, table_interface_init))

/* Up to this many rows the list is a list; above it, a table of one column. Screen readers count a
 * list's items one child at a time over D-Bus (Orca 43 says "List with N items" after asking every
 * child for its role, about 3 ms each here: 0.3 s at 100 rows, 3 s at 1,000, an hour at a million), but
 * read a table's size in one call. Either way every row is a child at its true index, so the place
 * "k of N" a screen reader speaks for a row is true at any size. */
#define EK_LIST_ROLE_LIMIT 100

static AtkRole role_for_rows(guint rows) { return rows <= EK_LIST_ROLE_LIMIT ? ATK_ROLE_LIST : ATK_ROLE_TABLE; }

static EkListView *list_view_of(gpointer accessible) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(accessible));
    return widget ? EK_LIST_VIEW(widget) : NULL;
}

static void list_forget_row(GObject *list, EkListRowAccessible *row) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(list);
    if (self->live && g_hash_table_lookup(self->live, GUINT_TO_POINTER(row->row)) == row)
        g_hash_table_remove(self->live, GUINT_TO_POINTER(row->row));
}

/* The row's object: the one alive if there is one, else a new one (transfer full). */
static EkListRowAccessible *ref_row(EkListViewAccessible *self, EkListView *view, guint row) {
    EkListRowAccessible *item = g_hash_table_lookup(self->live, GUINT_TO_POINTER(row));
    if (item) return g_object_ref(item);
    item = row_new(view, G_OBJECT(self), row);
    g_hash_table_insert(self->live, GUINT_TO_POINTER(row), item);
    return item;
}

/* Holds the objects of the rows on screen, keeping those that stay. Rows scrolling in or out are
 * the same children as before: nothing is added or removed, only what is visible changed. */
static void sync_window(EkListViewAccessible *self, gboolean announce) {
    EkListView *view = list_view_of(self);
    guint first = 0, count = 0;
    rows_on_screen(view, &first, &count);
    if (first == self->first && count == self->rows->len) return;

    GPtrArray *rows = g_ptr_array_new_full(count, g_object_unref);
    for (guint row = first; row < first + count; row++) g_ptr_array_add(rows, ref_row(self, view, row));
    GPtrArray *old = self->rows;
    self->rows = rows;
    self->first = first;
    g_ptr_array_unref(old); /* rows scrolled away live on only if someone holds them */
    if (announce) g_signal_emit_by_name(self, "visible-data-changed");
}

/* Every row object made so far becomes defunct and leaves the table. */
static void forget_all_rows(EkListViewAccessible *self, gboolean announce) {
    GPtrArray *gone = g_ptr_array_new_with_free_func(g_object_unref);
    GHashTableIter iter;
    gpointer value;
    g_hash_table_iter_init(&iter, self->live);
    while (g_hash_table_iter_next(&iter, NULL, &value)) g_ptr_array_add(gone, g_object_ref(value));
    g_hash_table_remove_all(self->live);
    g_ptr_array_set_size(self->rows, 0);
    self->first = 0;
    g_clear_object(&self->highlighted);
    g_clear_object(&self->previously_highlighted);
    for (guint i = 0; i < gone->len; i++) {
        EkListRowAccessible *item = g_ptr_array_index(gone, i);
        if (announce) g_signal_emit_by_name(self, "children-changed::remove", item->row, item);
        row_make_defunct(item);
    }
    g_ptr_array_unref(gone);
}

/* The highlighted row (the active descendant) is held while the list is on screen (`view` is
 * mapped), so that moving away from it, even far enough to scroll it off, leaves the old focus
 * alive to compare with. */
static void hold_highlighted(EkListViewAccessible *self, EkListView *view) {
    gint highlighted = ek_list_view_get_highlighted(view);
    if (highlighted >= 0 && !self->highlighted) self->highlighted = ref_row(self, view, (guint)highlighted);
}

void ek_list_view_accessible_window_changed(EkListViewAccessible *self) {
    EkListView *view = list_view_of(self);
    if (view && gtk_widget_get_mapped(GTK_WIDGET(view))) {
        hold_highlighted(self, view);
    } else {
        /* Closed, the list is no one's focus: its rows live on only if a client holds them, and
         * new items need not retire them. */
        g_clear_object(&self->highlighted);
        g_clear_object(&self->previously_highlighted);
    }
    sync_window(self, TRUE);
}

/* New rows (a filter, new items): the list's children change as a whole. The objects made for
 * the old rows are removed and defunct; the rows on screen get new objects, announced as added.
 * A closed list has none on screen: it makes no objects and announces no visible change. */
void ek_list_view_accessible_rows_changed(EkListViewAccessible *self, EkListView *view, guint count, gboolean mapped) {
    /* A closed list whose rows nobody holds has none to retire. */
    if (g_hash_table_size(self->live) > 0 || self->rows->len > 0 || self->highlighted || self->previously_highlighted)
        forget_all_rows(self, TRUE);
    else
        self->first = 0;
    /* The role read from the field atk_object_get_role returns (no class here overrides it),
     * and the view's state from the caller: for new items given to a closed list, no calls into
     * ATK and GTK that find nothing to do. */
    AtkRole role = role_for_rows(count);
    if (((AtkObject *)self)->role != role) atk_object_set_role(ATK_OBJECT(self), role);
    if (!mapped) return;
    hold_highlighted(self, view);
    sync_window(self, FALSE);
    for (guint i = 0; i < self->rows->len; i++)
        g_signal_emit_by_name(self, "children-changed::add", self->first + i, g_ptr_array_index(self->rows, i));
    g_signal_emit_by_name(self, "visible-data-changed");
}

/* The object of a real row, made if need be (transfer full), or NULL past the end. */
static EkListRowAccessible *row_object(EkListViewAccessible *self, guint row) {
    EkListView *view = list_view_of(self);
    if (!view || row >= ek_list_view_get_row_count(view)) return NULL;
    sync_window(self, TRUE);
    return ref_row(self, view, row);
}

void ek_list_view_accessible_highlight_changed(EkListViewAccessible *self, gint old_row, gint new_row,
                                               AtkObject *focus_owner) {
    /* Only an object someone may hold needs telling that it is no longer selected. */
    EkListRowAccessible *old_item = old_row >= 0 ? g_hash_table_lookup(self->live, GINT_TO_POINTER(old_row)) : NULL;
    if (old_item) atk_object_notify_state_change(ATK_OBJECT(old_item), ATK_STATE_SELECTED, FALSE);
    g_clear_object(&self->previously_highlighted);
    self->previously_highlighted = g_steal_pointer(&self->highlighted);
    EkListRowAccessible *new_item = new_row >= 0 ? row_object(self, (guint)new_row) : NULL;
    self->highlighted = new_item; /* owned */
    if (new_item) atk_object_notify_state_change(ATK_OBJECT(new_item), ATK_STATE_SELECTED, TRUE);
    g_signal_emit_by_name(self, "selection-changed");
    if (!new_item) return;
    g_signal_emit_by_name(self, "active-descendant-changed", new_item);
    if (focus_owner) g_signal_emit_by_name(focus_owner, "active-descendant-changed", new_item);
}

static gint list_get_n_children(AtkObject *object) {
    EkListView *view = list_view_of(object);
    guint count = view ? ek_list_view_get_row_count(view) : 0;
    return (gint)MIN(count, (guint)G_MAXINT);
}

static AtkObject *list_ref_child(AtkObject *object, gint index) {
    if (index < 0) return NULL;
    EkListRowAccessible *item = row_object(EK_LIST_VIEW_ACCESSIBLE(object), (guint)index);
    return item ? ATK_OBJECT(item) : NULL;
}

/* A million children are not for walking: the bridge caches none of them, and the rows tell of
 * themselves through events (the active descendant, selection, states). */
static AtkStateSet *list_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(ek_list_view_accessible_parent_class)->ref_state_set(object);
    if (list_view_of(object)) atk_state_set_add_state(states, ATK_STATE_MANAGES_DESCENDANTS);
    return states;
}

static void list_initialize(AtkObject *object, gpointer data) {
    ATK_OBJECT_CLASS(ek_list_view_accessible_parent_class)->initialize(object, data);
    atk_object_set_role(object, role_for_rows(ek_list_view_get_row_count(EK_LIST_VIEW(data))));
    ek_list_view_attach_accessible(EK_LIST_VIEW(data), EK_LIST_VIEW_ACCESSIBLE(object));
}

/* The widget is gone: its rows are defunct at once, whoever still holds them. */
static void list_widget_unset(GtkAccessible *accessible) {
    forget_all_rows(EK_LIST_VIEW_ACCESSIBLE(accessible), FALSE);
    GTK_ACCESSIBLE_CLASS(ek_list_view_accessible_parent_class)->widget_unset(accessible);
}

static void list_finalize(GObject *object) {
    EkListViewAccessible *self = EK_LIST_VIEW_ACCESSIBLE(object);
    forget_all_rows(self, FALSE);
    g_ptr_array_unref(self->rows);
    g_clear_pointer(&self->live, g_hash_table_unref);
    G_OBJECT_CLASS(ek_list_view_accessible_parent_class)->finalize(object);
}

static void ek_list_view_accessible_class_init(EkListViewAccessibleClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = list_finalize;
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->initialize = list_initialize;
    atk_class->get_n_children = list_get_n_children;
    atk_class->ref_child = list_ref_child;
    atk_class->ref_state_set = list_ref_state_set;
    GTK_ACCESSIBLE_CLASS(klass)->widget_unset = list_widget_unset;
}

static void ek_list_view_accessible_init(EkListViewAccessible *self) {
    self->rows = g_ptr_array_new_with_free_func(g_object_unref);
    self->live = g_hash_table_new(g_direct_hash, g_direct_equal);
}

/* AtkSelection: the highlighted row is the selection; selecting a row chooses it, as a click does.
 * Indices are rows' real indices, as the children's are. */

static gboolean selection_add(AtkSelection *selection, gint index) {
    if (index < 0) return FALSE;
    EkListRowAccessible *item = row_object(EK_LIST_VIEW_ACCESSIBLE(selection), (guint)index);
    if (!item) return FALSE;
    activate_row_later(item);
    g_object_unref(item);
    return TRUE;
}

static gboolean selection_clear(AtkSelection *selection) {
    EkListView *view = list_view_of(selection);
    if (view) ek_list_view_set_highlighted(view, -1);
    return view != NULL;
}

static gint selection_count(AtkSelection *selection) {
    EkListView *view = list_view_of(selection);
    return view && ek_list_view_get_highlighted(view) >= 0 ? 1 : 0;
}

static AtkObject *selection_ref(AtkSelection *selection, gint index) {
    EkListView *view = list_view_of(selection);
    if (!view || index != 0 || ek_list_view_get_highlighted(view) < 0) return NULL;
    EkListRowAccessible *item =
        row_object(EK_LIST_VIEW_ACCESSIBLE(selection), (guint)ek_list_view_get_highlighted(view));
    return item ? ATK_OBJECT(item) : NULL;
}

static gboolean selection_is_selected(AtkSelection *selection, gint index) {
    EkListView *view = list_view_of(selection);
    return view && index >= 0 && ek_list_view_get_highlighted(view) == index;
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

/* AtkTable: the rows as a table of one column, so its size is one call (see EK_LIST_ROLE_LIMIT).
 * Cell (row, 0) is the row's own object, and a cell's index is its row's. */

static gint table_get_n_rows(AtkTable *table) { return list_get_n_children(ATK_OBJECT(table)); }

static gint table_get_n_columns(AtkTable *table) { return list_view_of(table) ? 1 : 0; }

static AtkObject *table_ref_at(AtkTable *table, gint row, gint column) {
    return column == 0 ? list_ref_child(ATK_OBJECT(table), row) : NULL;
}

static gint table_get_index_at(AtkTable *table, gint row, gint column) {
    return column == 0 && row >= 0 && row < table_get_n_rows(table) ? row : -1;
}

static gint table_get_row_at_index(AtkTable *table, gint index) {
    return index >= 0 && index < table_get_n_rows(table) ? index : -1;
}

static gint table_get_column_at_index(AtkTable *table, gint index) {
    return table_get_row_at_index(table, index) >= 0 ? 0 : -1;
}

static gboolean table_is_row_selected(AtkTable *table, gint row) {
    return selection_is_selected(ATK_SELECTION(table), row);
}

static gboolean table_is_selected(AtkTable *table, gint row, gint column) {
    return column == 0 && table_is_row_selected(table, row);
}

static gint table_get_selected_rows(AtkTable *table, gint **selected) {
    EkListView *view = list_view_of(table);
    gint highlighted = view ? ek_list_view_get_highlighted(view) : -1;
    if (highlighted < 0) {
        if (selected) *selected = NULL;
        return 0;
    }
    if (selected) {
        *selected = g_new(gint, 1);
        (*selected)[0] = highlighted;
    }
    return 1;
}

static void table_interface_init(AtkTableIface *iface) {
    iface->get_n_rows = table_get_n_rows;
    iface->get_n_columns = table_get_n_columns;
    iface->ref_at = table_ref_at;
    iface->get_index_at = table_get_index_at;
    iface->get_row_at_index = table_get_row_at_index;
    iface->get_column_at_index = table_get_column_at_index;
    iface->is_row_selected = table_is_row_selected;
    iface->is_selected = table_is_selected;
    iface->get_selected_rows = table_get_selected_rows;
}
