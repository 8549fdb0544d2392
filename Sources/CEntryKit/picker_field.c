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
    EkChooserField parent_instance;
};

G_DEFINE_TYPE(EkPickerField, ek_picker_field, EK_TYPE_CHOOSER_FIELD)

static GParamSpec *properties[EK_PICKER_FIELD_N_PROPS];

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

static void picker_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    switch (id) {
    case EK_PICKER_FIELD_PROP_PICKED_INDEX:
        ek_picker_field_set_picked_index(EK_PICKER_FIELD(object), g_value_get_int(value));
        break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void picker_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    switch (id) {
    case EK_PICKER_FIELD_PROP_PICKED_INDEX:
        g_value_set_int(value, ek_picker_field_get_picked_index(EK_PICKER_FIELD(object)));
        break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void ek_picker_field_class_init(EkPickerFieldClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = picker_set_property;
    object_class->get_property = picker_get_property;
    EK_CHOOSER_FIELD_CLASS(klass)->create_implementation = ek_picker_field_implementation_new;
    widget_class->key_press_event = picker_key_press;
    /**
     * EkPickerField:picked-index:
     *
     * The index of the picked item, -1 for none. Setting it does not emit
     * #EkPickerField::picked. Set before the first items, it waits for them (so the order of
     * construct properties does not matter); an index out of range is refused with a warning
     * and the value kept.
     */
    properties[EK_PICKER_FIELD_PROP_PICKED_INDEX] =
        g_param_spec_int("picked-index", "Picked index", "The index of the picked item, -1 for none", -1, G_MAXINT, -1,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, EK_PICKER_FIELD_N_PROPS, properties);
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

void ek_picker_field_notify(EkPickerField *field, EkPickerFieldProperty property) {
    g_return_if_fail(property > EK_PICKER_FIELD_PROP_0 && property < EK_PICKER_FIELD_N_PROPS);
    g_object_notify_by_pspec(G_OBJECT(field), properties[property]);
}

void ek_picker_field_emit_picked(EkPickerField *field, gint index, const gchar *item) {
    g_signal_emit(field, signals[SIGNAL_PICKED], 0, index, item);
}

/* The Swift entry points the setters and getters below call (PickerFieldImplementation.swift). */
void ek_picker_field_implementation_set_picked_index(void *field, gint index);
gint ek_picker_field_implementation_get_picked_index(void *field);

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

/**
 * ek_picker_field_set_picked_index:
 * @field: a field
 * @index: an index in #EkChooserField:items, or -1 for none
 *
 * Sets #EkPickerField:picked-index.
 */
void ek_picker_field_set_picked_index(EkPickerField *field, gint index) {
    g_return_if_fail(EK_IS_PICKER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(EK_CHOOSER_FIELD(field));
    if (implementation) ek_picker_field_implementation_set_picked_index(implementation, index);
}

/**
 * ek_picker_field_get_picked_index:
 * @field: a field
 *
 * Gets #EkPickerField:picked-index.
 *
 * Returns: #EkPickerField:picked-index
 */
gint ek_picker_field_get_picked_index(EkPickerField *field) {
    g_return_val_if_fail(EK_IS_PICKER_FIELD(field), -1);
    void *implementation = ek_chooser_field_implementation(EK_CHOOSER_FIELD(field));
    return implementation ? ek_picker_field_implementation_get_picked_index(implementation) : -1;
}
