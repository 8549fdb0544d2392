#ifndef ENTRYKIT_DROP_DOWN_FIELD_H
#define ENTRYKIT_DROP_DOWN_FIELD_H

#include "entrykit_chooser_field.h"

G_BEGIN_DECLS

#define EK_TYPE_DROP_DOWN_FIELD (ek_drop_down_field_get_type())
G_DECLARE_FINAL_TYPE(EkDropDownField, ek_drop_down_field, EK, DROP_DOWN_FIELD, EkChooserField)

GtkWidget *ek_drop_down_field_new(void);

/* The names of 0.1.0, now EkChooserField's: C sources written for it still build. */
#define ek_drop_down_field_set_items(field, items) ek_chooser_field_set_items(EK_CHOOSER_FIELD(field), (items))
#define ek_drop_down_field_get_items(field) ek_chooser_field_get_items(EK_CHOOSER_FIELD(field))
#define ek_drop_down_field_set_visible_row_count(field, count)                                                         \
    ek_chooser_field_set_visible_row_count(EK_CHOOSER_FIELD(field), (count))
#define ek_drop_down_field_get_visible_row_count(field) ek_chooser_field_get_visible_row_count(EK_CHOOSER_FIELD(field))

/* Properties: written by scripts/object-properties from the declarations in
 * Sources/EntryKit/DropDownField/DropDownFieldProperty.swift; edit those, then run it. */
/**
 * EkDropDownField:selected-index:
 *
 * The index in the items of the item last picked, or none (-1) when none is (or the text was
 * typed). Setting it puts that item's text in the entry without emitting "selected". Set
 * before the first items, it waits for them (so the order of a builder file's or a binding's
 * properties does not matter); an index out of range is refused with a warning and the value
 * kept.
 */

/**
 * ek_drop_down_field_set_selected_index:
 * @field: a field
 * @index: the new value
 *
 * Sets #EkDropDownField:selected-index.
 */
void ek_drop_down_field_set_selected_index(EkDropDownField *field, gint index);

/**
 * ek_drop_down_field_get_selected_index:
 * @field: a field
 *
 * Gets #EkDropDownField:selected-index.
 *
 * Returns: #EkDropDownField:selected-index
 */
gint ek_drop_down_field_get_selected_index(EkDropDownField *field);

/**
 * EkDropDownField:free-text:
 *
 * Whether typing changes the text freely and filters the open list; off, the text is only
 * ever an item and typed letters jump to the next item starting with them.
 */

/**
 * ek_drop_down_field_set_free_text:
 * @field: a field
 * @free_text: the new value
 *
 * Sets #EkDropDownField:free-text.
 */
void ek_drop_down_field_set_free_text(EkDropDownField *field, gboolean free_text);

/**
 * ek_drop_down_field_get_free_text:
 * @field: a field
 *
 * Gets #EkDropDownField:free-text.
 *
 * Returns: #EkDropDownField:free-text
 */
gboolean ek_drop_down_field_get_free_text(EkDropDownField *field);

/**
 * EkDropDownField:list-max-height:
 *
 * The tallest the open list may be, in pixels, or none (0) for no limit but the window's
 * room: the list shows the whole rows that fit and scrolls for the rest, and opens below the
 * entry when that height fits there. A form whose field has many or tall rows keeps its list
 * to the room the form leaves it.
 */

/**
 * ek_drop_down_field_set_list_max_height:
 * @field: a field
 * @height: the new value
 *
 * Sets #EkDropDownField:list-max-height.
 */
void ek_drop_down_field_set_list_max_height(EkDropDownField *field, gint height);

/**
 * ek_drop_down_field_get_list_max_height:
 * @field: a field
 *
 * Gets #EkDropDownField:list-max-height.
 *
 * Returns: #EkDropDownField:list-max-height
 */
gint ek_drop_down_field_get_list_max_height(EkDropDownField *field);

/* End of the properties. */

G_END_DECLS

#endif
