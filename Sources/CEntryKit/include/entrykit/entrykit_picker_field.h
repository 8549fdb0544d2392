#ifndef ENTRYKIT_PICKER_FIELD_H
#define ENTRYKIT_PICKER_FIELD_H

#include "entrykit_chooser_field.h"

G_BEGIN_DECLS

#define EK_TYPE_PICKER_FIELD (ek_picker_field_get_type())
G_DECLARE_FINAL_TYPE(EkPickerField, ek_picker_field, EK, PICKER_FIELD, EkChooserField)

GtkWidget *ek_picker_field_new(void);

void ek_picker_field_set_items(EkPickerField *field, const gchar *const *items, const gchar *placeholder);

/* The name of 0.1.0, now EkChooserField's: C sources written for it still build. */
#define ek_picker_field_get_items(field) ek_chooser_field_get_items(EK_CHOOSER_FIELD(field))

/* Each property is declared with its behaviour, in Swift, and documented here. */

/**
 * EkPickerField:picked-index:
 *
 * The index of the picked item, -1 for none. Setting it does not emit
 * #EkPickerField::picked. Set before the first items, it waits for them (so the order of
 * construct properties does not matter); an index out of range is refused with a warning
 * and the value kept.
 */

/**
 * ek_picker_field_set_picked_index:
 * @field: a field
 * @index: an index in #EkChooserField:items, or -1 for none
 *
 * Sets #EkPickerField:picked-index.
 */
void ek_picker_field_set_picked_index(EkPickerField *field, gint index);

/**
 * ek_picker_field_get_picked_index:
 * @field: a field
 *
 * Gets #EkPickerField:picked-index.
 *
 * Returns: #EkPickerField:picked-index
 */
gint ek_picker_field_get_picked_index(EkPickerField *field);

G_END_DECLS

#endif
