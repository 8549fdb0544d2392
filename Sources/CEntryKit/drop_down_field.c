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
 * ek_drop_down_field_set_items (EK_DROP_DOWN_FIELD (fruit), items);
 * g_signal_connect (fruit, "selected", G_CALLBACK (on_selected), NULL);
 * ]|
 */
struct _EkDropDownField {
    EkChooserEntry parent_instance;
};

G_DEFINE_TYPE(EkDropDownField, ek_drop_down_field, EK_TYPE_CHOOSER_ENTRY)

static void ek_drop_down_field_class_init(EkDropDownFieldClass *klass) {
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "entry");
    static const EkFieldProperty properties[] = {
        EK_FIELD_PROPERTY_ITEMS,      EK_FIELD_PROPERTY_SELECTED_INDEX,    EK_FIELD_PROPERTY_VISIBLE_ROW_COUNT,
        EK_FIELD_PROPERTY_ROW_HEIGHT, EK_FIELD_PROPERTY_LIST_BORDER_COLOR, EK_FIELD_PROPERTY_LIST_FONT,
        EK_FIELD_PROPERTY_FREE_TEXT,  EK_FIELD_PROPERTY_IS_OPEN,
    };
    /**
     * EkDropDownField:items: (type GStrv)
     *
     * The items to choose from (the list's rows, in order). Setting new items keeps
     * #EkDropDownField:selected-index when that index still exists.
     */
    /**
     * EkDropDownField:selected-index:
     *
     * The index in #EkDropDownField:items of the item last picked, -1 when none is (or the text
     * was typed). Setting it puts that item's text in the entry without emitting
     * #EkDropDownField::selected; an index out of range is refused and the value kept.
     */
    /**
     * EkDropDownField:visible-row-count:
     *
     * Rows shown without scrolling: the open list is as tall as the smaller of this and the
     * number of items.
     */
    /**
     * EkDropDownField:row-height:
     *
     * Row height in pixels; 0, the default, is the entry's own height (or what the list's font
     * needs, where that is more).
     */
    /**
     * EkDropDownField:list-border-color:
     *
     * The list's one-pixel border as a CSS colour (`"#c0c0c0"`) or a colour the theme names
     * (`"@borders"`, the default); %NULL for none. A colour GTK cannot parse is refused.
     */
    /**
     * EkDropDownField:list-font:
     *
     * The rows' font as Pango describes it (`"Serif 14"`); %NULL, the default, is the entry's.
     */
    /**
     * EkDropDownField:free-text:
     *
     * Whether typing changes the text freely and filters the open list; off, the text is only
     * ever an item and typed letters jump to the next item starting with them.
     */
    /**
     * EkDropDownField:is-open:
     *
     * Whether the list is open.
     */
    ek_field_class_install(G_OBJECT_CLASS(klass), properties, G_N_ELEMENTS(properties), "selected");
    /**
     * EkDropDownField::selected:
     * @field: the field
     * @index: the item's index in #EkDropDownField:items
     * @item: the item's text
     *
     * An item was picked (a click, Return, type-ahead, an assistive technology).
     */
    /**
     * EkDropDownField::opened:
     * @field: the field
     *
     * The list opened.
     */
    /**
     * EkDropDownField::closed:
     * @field: the field
     *
     * The list closed.
     */
}

static void ek_drop_down_field_init(EkDropDownField *field) { (void)field; }

/**
 * ek_drop_down_field_new:
 *
 * Returns: (transfer floating): a new field with no items (an ordinary entry until it gets some)
 */
GtkWidget *ek_drop_down_field_new(void) { return g_object_new(EK_TYPE_DROP_DOWN_FIELD, NULL); }

/**
 * ek_drop_down_field_set_items:
 * @field: a field
 * @items: (array zero-terminated=1) (nullable): the items, %NULL for none
 *
 * Sets #EkDropDownField:items.
 */
void ek_drop_down_field_set_items(EkDropDownField *field, const gchar *const *items) {
    g_return_if_fail(EK_IS_DROP_DOWN_FIELD(field));
    g_object_set(field, "items", items, NULL);
}

/**
 * ek_drop_down_field_set_items_from_bytes:
 * @field: a field
 * @text: (nullable): the items' UTF-8 text, each item ended by @separator (the last one may go
 *   without); %NULL for none
 * @separator: (nullable): what ends each item, one or more bytes; %NULL for "\n"
 *
 * Sets #EkDropDownField:items from one buffer, split at each @separator inside the field without
 * a string per item. From a language binding this is the fast way to hand over many items: a
 * list of strings is converted string by string first (a million take PyGObject about 0.3 s),
 * one #GBytes is not. Bytes that are not UTF-8 become U+FFFD.
 *
 * |[<!-- language="Python" -->
 * field.set_items_from_bytes(GLib.Bytes.new("\n".join(names).encode()), "\n")
 * ]|
 */
void ek_drop_down_field_set_items_from_bytes(EkDropDownField *field, GBytes *text, const gchar *separator) {
    g_return_if_fail(EK_IS_DROP_DOWN_FIELD(field));
    g_return_if_fail(separator == NULL || *separator != '\0');
    ek_field_set_items_from_bytes(G_OBJECT(field), text, separator);
}

/**
 * ek_drop_down_field_get_items:
 * @field: a field
 *
 * Returns: (transfer full) (array zero-terminated=1): a copy of #EkDropDownField:items
 */
gchar **ek_drop_down_field_get_items(EkDropDownField *field) {
    g_return_val_if_fail(EK_IS_DROP_DOWN_FIELD(field), NULL);
    return ek_field_dup_items(G_OBJECT(field));
}

/**
 * ek_drop_down_field_set_selected_index:
 * @field: a field
 * @index: an index in #EkDropDownField:items, or -1 for none
 *
 * Sets #EkDropDownField:selected-index.
 */
void ek_drop_down_field_set_selected_index(EkDropDownField *field, gint index) {
    g_return_if_fail(EK_IS_DROP_DOWN_FIELD(field));
    g_object_set(field, "selected-index", index, NULL);
}

/**
 * ek_drop_down_field_get_selected_index:
 * @field: a field
 *
 * Returns: #EkDropDownField:selected-index
 */
gint ek_drop_down_field_get_selected_index(EkDropDownField *field) {
    g_return_val_if_fail(EK_IS_DROP_DOWN_FIELD(field), -1);
    gint index = -1;
    g_object_get(field, "selected-index", &index, NULL);
    return index;
}

/**
 * ek_drop_down_field_set_visible_row_count:
 * @field: a field
 * @count: rows shown without scrolling (at least 1)
 *
 * Sets #EkDropDownField:visible-row-count.
 */
void ek_drop_down_field_set_visible_row_count(EkDropDownField *field, gint count) {
    g_return_if_fail(EK_IS_DROP_DOWN_FIELD(field));
    g_object_set(field, "visible-row-count", count, NULL);
}

/**
 * ek_drop_down_field_get_visible_row_count:
 * @field: a field
 *
 * Returns: #EkDropDownField:visible-row-count
 */
gint ek_drop_down_field_get_visible_row_count(EkDropDownField *field) {
    g_return_val_if_fail(EK_IS_DROP_DOWN_FIELD(field), 0);
    gint count = 0;
    g_object_get(field, "visible-row-count", &count, NULL);
    return count;
}
