#include "entrykit_picker_field_private.h"
#include "swift_entry_points.h"

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
    EkChooserField parent_instance;
};

G_DEFINE_TYPE(EkPickerField, ek_picker_field, EK_TYPE_CHOOSER_FIELD)

enum { SIGNAL_PICKED, SIGNAL_PICKER_KEY_PRESS, N_SIGNALS };
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
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    EK_CHOOSER_FIELD_CLASS(klass)->create_implementation = ek_picker_field_implementation_new;
    widget_class->key_press_event = picker_key_press;
    /* The properties are declared with their behaviour, in Swift. */
    ek_picker_field_install_properties(object_class);
    /**
     * EkPickerField::picked:
     * @field: the field
     * @index: the item's index
     * @item: the item's text
     *
     * The user changed the pick (live, as the wheel moves; also when Escape restores an earlier
     * item).
     */
    signals[SIGNAL_PICKED] = g_signal_new("picked", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);
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

void ek_picker_field_emit_picked(EkPickerField *field, gint index, const gchar *item) {
    g_signal_emit(field, signals[SIGNAL_PICKED], 0, index, item);
}

/**
 * ek_picker_field_new:
 *
 * Makes a new field with no items (read-only until it gets some).
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
 * Sets #EkChooserField:items and the entry's placeholder.
 */
void ek_picker_field_set_items(EkPickerField *field, const gchar *const *items, const gchar *placeholder) {
    g_return_if_fail(EK_IS_PICKER_FIELD(field));
    gtk_entry_set_placeholder_text(GTK_ENTRY(field), placeholder);
    ek_chooser_field_set_items(EK_CHOOSER_FIELD(field), items);
}
