#include "entrykit_drop_down_field_private.h"
#include "swift_entry_points.h"

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

enum { SIGNAL_SELECTED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void ek_drop_down_field_class_init(EkDropDownFieldClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    EK_CHOOSER_FIELD_CLASS(klass)->create_implementation = ek_drop_down_field_implementation_new;
    /* The properties are declared with their behaviour, in Swift. */
    ek_drop_down_field_install_properties(object_class);
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

void ek_drop_down_field_emit_selected(EkDropDownField *field, gint index, const gchar *item) {
    g_signal_emit(field, signals[SIGNAL_SELECTED], 0, index, item);
}

/**
 * ek_drop_down_field_new:
 *
 * Makes a new field with no items (an ordinary entry until it gets some).
 *
 * Returns: (transfer floating): a new field with no items (an ordinary entry until it gets some)
 */
GtkWidget *ek_drop_down_field_new(void) { return g_object_new(EK_TYPE_DROP_DOWN_FIELD, NULL); }
