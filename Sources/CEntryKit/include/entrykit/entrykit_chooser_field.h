#ifndef ENTRYKIT_CHOOSER_FIELD_H
#define ENTRYKIT_CHOOSER_FIELD_H

#include "entrykit_chooser_entry.h"

G_BEGIN_DECLS

/* EkChooserField: what EkDropDownField and EkPickerField share, declared once: the items, the
 * list's size, font, border and placeholder, whether it is open, and the "opened" and "closed"
 * signals. Each field adds only its own choice (selected-index, picked-index). */

#define EK_TYPE_CHOOSER_FIELD (ek_chooser_field_get_type())
G_DECLARE_DERIVABLE_TYPE(EkChooserField, ek_chooser_field, EK, CHOOSER_FIELD, EkChooserEntry)

struct _EkChooserFieldClass {
    EkChooserEntryClass parent_class;
    /*< private >*/
    /* Makes the field's behaviour (its Swift implementation, retained) when it is constructed. */
    void *(*create_implementation)(EkChooserField *field);
    gpointer padding[8];
};

/* Properties: written by scripts/object-properties from the declarations in
 * Sources/EntryKit/Chooser/ChooserFieldProperty.swift; edit those, then run it. */
/**
 * EkChooserField:items: (type GStrv)
 *
 * The items to choose from (the list's rows, in order). New items keep the field's choice
 * when its index still exists; a choice set before the first items waits for them.
 */

/**
 * ek_chooser_field_set_items:
 * @field: a field
 * @items: (array zero-terminated=1) (nullable): the new value
 *
 * Sets #EkChooserField:items.
 */
void ek_chooser_field_set_items(EkChooserField *field, const gchar *const *items);

/**
 * ek_chooser_field_get_items:
 * @field: a field
 *
 * Gets #EkChooserField:items.
 *
 * Returns: (transfer full) (array zero-terminated=1): #EkChooserField:items
 */
gchar **ek_chooser_field_get_items(EkChooserField *field);

/**
 * EkChooserField:visible-row-count:
 *
 * Rows shown without scrolling: a drop-down's list is as tall as the smaller of this and the
 * number of items; a picker's wheel always this many rows (made odd).
 */

/**
 * ek_chooser_field_set_visible_row_count:
 * @field: a field
 * @count: the new value
 *
 * Sets #EkChooserField:visible-row-count.
 */
void ek_chooser_field_set_visible_row_count(EkChooserField *field, gint count);

/**
 * ek_chooser_field_get_visible_row_count:
 * @field: a field
 *
 * Gets #EkChooserField:visible-row-count.
 *
 * Returns: #EkChooserField:visible-row-count
 */
gint ek_chooser_field_get_visible_row_count(EkChooserField *field);

/**
 * EkChooserField:row-height:
 *
 * Row height in pixels, or none (0) for the entry's own height (or the height the list's
 * font needs, where that is more).
 */

/**
 * ek_chooser_field_set_row_height:
 * @field: a field
 * @height: the new value
 *
 * Sets #EkChooserField:row-height.
 */
void ek_chooser_field_set_row_height(EkChooserField *field, gint height);

/**
 * ek_chooser_field_get_row_height:
 * @field: a field
 *
 * Gets #EkChooserField:row-height.
 *
 * Returns: #EkChooserField:row-height
 */
gint ek_chooser_field_get_row_height(EkChooserField *field);

/**
 * EkChooserField:list-border-color:
 *
 * The list's one-pixel border as a CSS color (`"#c0c0c0"`) or a color the theme names
 * (`"@borders"`, a drop-down's default); none for no border (a picker's default). A color
 * GTK cannot parse is refused.
 */

/**
 * ek_chooser_field_set_list_border_color:
 * @field: a field
 * @color: (nullable): the new value
 *
 * Sets #EkChooserField:list-border-color.
 */
void ek_chooser_field_set_list_border_color(EkChooserField *field, const gchar *color);

/**
 * ek_chooser_field_get_list_border_color:
 * @field: a field
 *
 * Gets #EkChooserField:list-border-color.
 *
 * Returns: (transfer full) (nullable): #EkChooserField:list-border-color
 */
gchar *ek_chooser_field_get_list_border_color(EkChooserField *field);

/**
 * EkChooserField:list-font:
 *
 * The rows' font as Pango describes it (`"Serif 14"`); none, the default, is the entry's.
 */

/**
 * ek_chooser_field_set_list_font:
 * @field: a field
 * @font: (nullable): the new value
 *
 * Sets #EkChooserField:list-font.
 */
void ek_chooser_field_set_list_font(EkChooserField *field, const gchar *font);

/**
 * ek_chooser_field_get_list_font:
 * @field: a field
 *
 * Gets #EkChooserField:list-font.
 *
 * Returns: (transfer full) (nullable): #EkChooserField:list-font
 */
gchar *ek_chooser_field_get_list_font(EkChooserField *field);

/**
 * EkChooserField:list-placeholder-text:
 *
 * What the open list says when it has no row to show (no item matches the typed text, or
 * there are none); none, the default, is the field's own localized text ("No matches",
 * "No items").
 */

/**
 * ek_chooser_field_set_list_placeholder_text:
 * @field: a field
 * @text: (nullable): the new value
 *
 * Sets #EkChooserField:list-placeholder-text.
 */
void ek_chooser_field_set_list_placeholder_text(EkChooserField *field, const gchar *text);

/**
 * ek_chooser_field_get_list_placeholder_text:
 * @field: a field
 *
 * Gets #EkChooserField:list-placeholder-text.
 *
 * Returns: (transfer full) (nullable): #EkChooserField:list-placeholder-text
 */
gchar *ek_chooser_field_get_list_placeholder_text(EkChooserField *field);

/**
 * EkChooserField:is-open:
 *
 * Whether the list is open.
 */

/**
 * ek_chooser_field_get_is_open:
 * @field: a field
 *
 * Gets #EkChooserField:is-open.
 *
 * Returns: #EkChooserField:is-open
 */
gboolean ek_chooser_field_get_is_open(EkChooserField *field);

/**
 * EkChooserField:list-transition-duration:
 *
 * How long the list takes to slide open or closed, in milliseconds, as ANZDropDownField's
 * list took 0.2 s; 0 for none. With the desktop's animations off (`gtk-enable-animations`)
 * it never slides.
 */

/**
 * ek_chooser_field_set_list_transition_duration:
 * @field: a field
 * @duration: the new value
 *
 * Sets #EkChooserField:list-transition-duration.
 */
void ek_chooser_field_set_list_transition_duration(EkChooserField *field, gint duration);

/**
 * ek_chooser_field_get_list_transition_duration:
 * @field: a field
 *
 * Gets #EkChooserField:list-transition-duration.
 *
 * Returns: #EkChooserField:list-transition-duration
 */
gint ek_chooser_field_get_list_transition_duration(EkChooserField *field);

/* End of the properties. */

/**
 * ek_chooser_field_set_items_from_bytes:
 * @field: a field
 * @text: (nullable): the items' UTF-8 text, each item ended by @separator (the last one may go
 *   without); %NULL for none
 * @separator: (nullable): what ends each item, one or more bytes; %NULL for "\n"
 *
 * Sets #EkChooserField:items from one buffer, split at each @separator inside the field without
 * a string per item. From a language binding this is the fast way to hand over many items: a
 * list of strings is converted string by string first (a million take PyGObject about 0.3 s),
 * one #GBytes is not. Bytes that are not UTF-8 become U+FFFD. From Python,
 * ek_chooser_field_set_items_from_data() with a `bytes` object spares one more copy.
 *
 * |[<!-- language="C" -->
 * GBytes *lines = g_bytes_new_take (text, length);   // "apple\nbanana\n..."
 * ek_chooser_field_set_items_from_bytes (EK_CHOOSER_FIELD (field), lines, "\n");
 * g_bytes_unref (lines);
 * ]|
 */
void ek_chooser_field_set_items_from_bytes(EkChooserField *field, GBytes *text, const gchar *separator);

/**
 * ek_chooser_field_set_items_from_data:
 * @field: a field
 * @data: (array length=length) (element-type guint8) (nullable): the items' UTF-8 text, each
 *   item ended by @separator (the last one may go without); %NULL for none
 * @length: the bytes of @data
 * @separator: (nullable): what ends each item, one or more bytes; %NULL for "\n"
 *
 * ek_chooser_field_set_items_from_bytes() for text the caller holds: the field copies the items
 * during the call and keeps no reference to @data. From Python this is the fastest way to hand
 * over many items: a `bytes` object reaches the field without a copy (as in
 * `field.set_items_from_data("\n".join(items).encode(), "\n")`), where making a #GBytes of it
 * copies it once more first.
 */
void ek_chooser_field_set_items_from_data(EkChooserField *field, const guint8 *data, gsize length,
                                          const gchar *separator);

/**
 * ek_chooser_field_open:
 * @field: a field
 *
 * Opens the list as a click does: a drop-down with its picked item highlighted, a picker at its
 * pick. Nothing happens with no items or while open.
 */
void ek_chooser_field_open(EkChooserField *field);

/**
 * ek_chooser_field_close:
 * @field: a field
 *
 * Closes the list, keeping the text and the choice.
 */
void ek_chooser_field_close(EkChooserField *field);

G_END_DECLS

#endif
