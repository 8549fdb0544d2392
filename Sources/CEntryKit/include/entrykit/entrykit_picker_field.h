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

/* Properties: written by scripts/object-properties from the declarations in
 * Sources/EntryKit/PickerField/PickerFieldProperty.swift; edit those, then run it. */
/**
 * EkPickerField:picked-index:
 *
 * The index in the items of the picked item, -1 for none. Setting it shows that item's text
 * (and centres it in the picker) without emitting "picked". Set before the first items, any
 * index from -1 up waits for them (so the order of a builder file's or a binding's properties
 * does not matter); after, an index out of range is refused with a warning and the value kept.
 */

/**
 * ek_picker_field_set_picked_index:
 * @field: a field
 * @index: the new value
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

/* End of the properties. */

G_END_DECLS

#endif
