#include "field_private.h"

/**
 * EkPickerField:
 *
 * An entry whose value is picked from a list of strings through a wheel that opens under it:
 * focusing or clicking it opens the wheel, the picked row in the middle; the text follows the
 * wheel live; Return or a click outside keeps the value, Escape restores the one it had. Closed,
 * Up and Down step the pick as a spin button does. Typing never changes the text.
 *
 * |[<!-- language="C" -->
 * GtkWidget *size = ek_picker_field_new ();
 * const gchar *items[] = { "Small", "Medium", "Large", NULL };
 * ek_picker_field_set_items (EK_PICKER_FIELD (size), items, "Size");
 * ek_picker_field_set_picked_index (EK_PICKER_FIELD (size), 1);
 * ]|
 *
 * Its keys are handled in the class's own key-press handler, which emits "picker-key-press"
 * before GtkEntry's key bindings: an application's #GtkWidget::key-press-event handlers run
 * first and see every key, as on any #GtkEntry.
 */
struct _EkPickerField {
    EkChooserEntry parent_instance;
};

G_DEFINE_TYPE(EkPickerField, ek_picker_field, EK_TYPE_CHOOSER_ENTRY)

enum { SIGNAL_PICKER_KEY_PRESS, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The class handler runs after every handler connected with g_signal_connect (key-press-event
 * is RUN_LAST), so an application sees a key before the picker uses it. */
static gboolean picker_key_press(GtkWidget *widget, GdkEventKey *event) {
    gboolean handled = FALSE;
    g_signal_emit(widget, signals[SIGNAL_PICKER_KEY_PRESS], 0, event, &handled);
    if (handled) return TRUE;
    return GTK_WIDGET_CLASS(ek_picker_field_parent_class)->key_press_event(widget, event);
}

static void ek_picker_field_class_init(EkPickerFieldClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->key_press_event = picker_key_press;
    gtk_widget_class_set_css_name(widget_class, "entry");
    static const EkFieldProperty properties[] = {
        EK_FIELD_PROPERTY_ITEMS,
        EK_FIELD_PROPERTY_PICKED_INDEX,
        EK_FIELD_PROPERTY_VISIBLE_ROW_COUNT,
        EK_FIELD_PROPERTY_IS_OPEN,
    };
    /**
     * EkPickerField:items: (type GStrv)
     *
     * The items to pick from. A #EkPickerField:picked-index set before them is checked when
     * they come.
     */
    /**
     * EkPickerField:picked-index:
     *
     * The index of the picked item, -1 for none. Setting it does not emit
     * #EkPickerField::picked; an index out of range is refused with a warning and the value
     * kept.
     */
    /**
     * EkPickerField:visible-row-count:
     *
     * The wheel's height in rows (5 by default).
     */
    /**
     * EkPickerField:is-open:
     *
     * Whether the wheel is open.
     */
    ek_field_class_install(G_OBJECT_CLASS(klass), properties, G_N_ELEMENTS(properties), "picked");
    /**
     * EkPickerField::picked:
     * @field: the field
     * @index: the item's index
     * @item: the item's text
     *
     * The user changed the pick (live, as the wheel moves; also when Escape restores an earlier
     * item).
     */
    /**
     * EkPickerField::opened:
     * @field: the field
     *
     * The wheel opened.
     */
    /**
     * EkPickerField::closed:
     * @field: the field
     *
     * The wheel closed.
     */
    /**
     * EkPickerField::picker-key-press: (skip)
     * @field: the field
     * @event: the key event
     *
     * The picker's own key handling. Returns: whether the key was used
     */
    signals[SIGNAL_PICKER_KEY_PRESS] = g_signal_new("picker-key-press", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                                    g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 1,
                                                    GDK_TYPE_EVENT | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void ek_picker_field_init(EkPickerField *field) { (void)field; }

/**
 * ek_picker_field_new:
 *
 * Returns: (transfer floating): a new field with no items (read-only until it gets some)
 */
GtkWidget *ek_picker_field_new(void) { return g_object_new(EK_TYPE_PICKER_FIELD, NULL); }

/**
 * ek_picker_field_set_items:
 * @field: a field
 * @items: (array zero-terminated=1) (nullable): the items, %NULL for none
 * @placeholder: (nullable): text shown while nothing is picked
 *
 * Sets #EkPickerField:items and the entry's placeholder.
 */
void ek_picker_field_set_items(EkPickerField *field, const gchar *const *items, const gchar *placeholder) {
    g_return_if_fail(EK_IS_PICKER_FIELD(field));
    g_object_set(field, "items", items, "placeholder-text", placeholder, NULL);
}

/**
 * ek_picker_field_set_items_from_bytes:
 * @field: a field
 * @text: (nullable): the items' UTF-8 text, each item ended by @separator (the last one may go
 *   without); %NULL for none
 * @separator: (nullable): what ends each item, one or more bytes; %NULL for "\n"
 *
 * Sets #EkPickerField:items from one buffer, split at each @separator inside the field without a
 * string per item: from a language binding, the fast way to hand over many items (see
 * ek_drop_down_field_set_items_from_bytes()). The placeholder stays as it is.
 */
void ek_picker_field_set_items_from_bytes(EkPickerField *field, GBytes *text, const gchar *separator) {
    g_return_if_fail(EK_IS_PICKER_FIELD(field));
    g_return_if_fail(separator == NULL || *separator != '\0');
    ek_field_set_items_from_bytes(G_OBJECT(field), text, separator);
}

/**
 * ek_picker_field_get_items:
 * @field: a field
 *
 * Returns: (transfer full) (array zero-terminated=1): a copy of #EkPickerField:items
 */
gchar **ek_picker_field_get_items(EkPickerField *field) {
    g_return_val_if_fail(EK_IS_PICKER_FIELD(field), NULL);
    return ek_field_dup_items(G_OBJECT(field));
}

/**
 * ek_picker_field_set_picked_index:
 * @field: a field
 * @index: an index in #EkPickerField:items, or -1 for none
 *
 * Sets #EkPickerField:picked-index.
 */
void ek_picker_field_set_picked_index(EkPickerField *field, gint index) {
    g_return_if_fail(EK_IS_PICKER_FIELD(field));
    g_object_set(field, "picked-index", index, NULL);
}

/**
 * ek_picker_field_get_picked_index:
 * @field: a field
 *
 * Returns: #EkPickerField:picked-index
 */
gint ek_picker_field_get_picked_index(EkPickerField *field) {
    g_return_val_if_fail(EK_IS_PICKER_FIELD(field), -1);
    gint index = -1;
    g_object_get(field, "picked-index", &index, NULL);
    return index;
}
