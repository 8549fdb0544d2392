#include "field_private.h"

/**
 * EkDropDownField:
 *
 * An entry with a list of items under it: a click opens the list (above the entry when there is
 * no room below), a click on an item puts it in the entry, typing jumps to an item, and with
 * #EkDropDownField:free-text the typed text filters the list. A million items open as fast as
 * three. With no items it is an ordinary entry.
 *
 * Over AT-SPI it is a combo box named by its label or placeholder, expandable, expanded while
 * open, controlling the list, whose every row is a child at its true index.
 *
 * |[<!-- language="C" -->
 * GtkWidget *fruit = ek_drop_down_field_new ();
 * const gchar *items[] = { "apple", "banana", "cherry", NULL };
 * ek_chooser_field_set_items (EK_CHOOSER_FIELD (fruit), items);
 * g_signal_connect (fruit, "selected", G_CALLBACK (on_selected), NULL);
 * ]|
 */
struct _EkDropDownField {
    EkChooserField parent_instance;
};

G_DEFINE_TYPE(EkDropDownField, ek_drop_down_field, EK_TYPE_CHOOSER_FIELD)

static GParamSpec *properties[EK_DROP_DOWN_FIELD_N_PROPS];

enum { SIGNAL_SELECTED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void drop_down_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    EkDropDownField *field = EK_DROP_DOWN_FIELD(object);
    switch (id) {
    case EK_DROP_DOWN_FIELD_PROP_SELECTED_INDEX:
        ek_drop_down_field_set_selected_index(field, g_value_get_int(value));
        break;
    case EK_DROP_DOWN_FIELD_PROP_FREE_TEXT: ek_drop_down_field_set_free_text(field, g_value_get_boolean(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void drop_down_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    EkDropDownField *field = EK_DROP_DOWN_FIELD(object);
    switch (id) {
    case EK_DROP_DOWN_FIELD_PROP_SELECTED_INDEX:
        g_value_set_int(value, ek_drop_down_field_get_selected_index(field));
        break;
    case EK_DROP_DOWN_FIELD_PROP_FREE_TEXT: g_value_set_boolean(value, ek_drop_down_field_get_free_text(field)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void ek_drop_down_field_class_init(EkDropDownFieldClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->set_property = drop_down_set_property;
    object_class->get_property = drop_down_get_property;
    EK_CHOOSER_FIELD_CLASS(klass)->create_implementation = ek_drop_down_field_implementation_new;
    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    /**
     * EkDropDownField:selected-index:
     *
     * The index in #EkChooserField:items of the item last picked, -1 when none is (or the text
     * was typed). Setting it puts that item's text in the entry without emitting
     * #EkDropDownField::selected. Set before the first items, it waits for them (so the order of
     * construct properties does not matter); an index out of range is refused with a warning and
     * the value kept.
     */
    properties[EK_DROP_DOWN_FIELD_PROP_SELECTED_INDEX] = g_param_spec_int(
        "selected-index", "Selected index", "The index of the item last picked, -1 for none", -1, G_MAXINT, -1, flags);
    /**
     * EkDropDownField:free-text:
     *
     * Whether typing changes the text freely and filters the open list; off, the text is only
     * ever an item and typed letters jump to the next item starting with them.
     */
    properties[EK_DROP_DOWN_FIELD_PROP_FREE_TEXT] = g_param_spec_boolean(
        "free-text", "Free text", "Whether typing is free and filters the open list", FALSE, flags);
    g_object_class_install_properties(object_class, EK_DROP_DOWN_FIELD_N_PROPS, properties);
    /**
     * EkDropDownField::selected:
     * @field: the field
     * @index: the item's index in #EkChooserField:items
     * @item: the item's text
     *
     * An item was picked (a click, Return, type-ahead, an assistive technology).
     */
    signals[SIGNAL_SELECTED] = g_signal_new("selected", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                            NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);
}

static void ek_drop_down_field_init(EkDropDownField *field) { (void)field; }

void ek_drop_down_field_notify(EkDropDownField *field, EkDropDownFieldProperty property) {
    g_return_if_fail(property > EK_DROP_DOWN_FIELD_PROP_0 && property < EK_DROP_DOWN_FIELD_N_PROPS);
    g_object_notify_by_pspec(G_OBJECT(field), properties[property]);
}

void ek_drop_down_field_emit_selected(EkDropDownField *field, gint index, const gchar *item) {
    g_signal_emit(field, signals[SIGNAL_SELECTED], 0, index, item);
}

/* The Swift entry points the setters and getters below call (DropDownFieldImplementation.swift). */
void ek_drop_down_field_implementation_set_selected_index(void *field, gint index);
gint ek_drop_down_field_implementation_get_selected_index(void *field);
void ek_drop_down_field_implementation_set_free_text(void *field, gboolean free_text);
gboolean ek_drop_down_field_implementation_get_free_text(void *field);

/**
 * ek_drop_down_field_new:
 *
 * Makes a new field with no items (an ordinary entry until it gets some).
 *
 * Returns: (transfer floating): a new field with no items (an ordinary entry until it gets some)
 */
GtkWidget *ek_drop_down_field_new(void) { return g_object_new(EK_TYPE_DROP_DOWN_FIELD, NULL); }

/**
 * ek_drop_down_field_set_selected_index:
 * @field: a field
 * @index: an index in #EkChooserField:items, or -1 for none
 *
 * Sets #EkDropDownField:selected-index.
 */
void ek_drop_down_field_set_selected_index(EkDropDownField *field, gint index) {
    g_return_if_fail(EK_IS_DROP_DOWN_FIELD(field));
    void *implementation = ek_chooser_field_implementation(EK_CHOOSER_FIELD(field));
    if (implementation) ek_drop_down_field_implementation_set_selected_index(implementation, index);
}

/**
 * ek_drop_down_field_get_selected_index:
 * @field: a field
 *
 * Gets #EkDropDownField:selected-index.
 *
 * Returns: #EkDropDownField:selected-index
 */
gint ek_drop_down_field_get_selected_index(EkDropDownField *field) {
    g_return_val_if_fail(EK_IS_DROP_DOWN_FIELD(field), -1);
    void *implementation = ek_chooser_field_implementation(EK_CHOOSER_FIELD(field));
    return implementation ? ek_drop_down_field_implementation_get_selected_index(implementation) : -1;
}

/**
 * ek_drop_down_field_set_free_text:
 * @field: a field
 * @free_text: whether typing is free and filters the open list
 *
 * Sets #EkDropDownField:free-text.
 */
void ek_drop_down_field_set_free_text(EkDropDownField *field, gboolean free_text) {
    g_return_if_fail(EK_IS_DROP_DOWN_FIELD(field));
    void *implementation = ek_chooser_field_implementation(EK_CHOOSER_FIELD(field));
    if (implementation) ek_drop_down_field_implementation_set_free_text(implementation, free_text);
}

/**
 * ek_drop_down_field_get_free_text:
 * @field: a field
 *
 * Gets #EkDropDownField:free-text.
 *
 * Returns: #EkDropDownField:free-text
 */
gboolean ek_drop_down_field_get_free_text(EkDropDownField *field) {
    g_return_val_if_fail(EK_IS_DROP_DOWN_FIELD(field), FALSE);
    void *implementation = ek_chooser_field_implementation(EK_CHOOSER_FIELD(field));
    return implementation ? ek_drop_down_field_implementation_get_free_text(implementation) : FALSE;
}
