#ifndef ENTRYKIT_PICKER_FIELD_H
#define ENTRYKIT_PICKER_FIELD_H

#include "entrykit_chooser_entry.h"

G_BEGIN_DECLS

#define EK_TYPE_PICKER_FIELD (ek_picker_field_get_type())
G_DECLARE_FINAL_TYPE(EkPickerField, ek_picker_field, EK, PICKER_FIELD, EkChooserEntry)

GtkWidget *ek_picker_field_new(void);

void ek_picker_field_set_items(EkPickerField *field, const gchar *const *items, const gchar *placeholder);
void ek_picker_field_set_items_from_bytes(EkPickerField *field, GBytes *text, const gchar *separator);
gchar **ek_picker_field_get_items(EkPickerField *field);
void ek_picker_field_set_picked_index(EkPickerField *field, gint index);
gint ek_picker_field_get_picked_index(EkPickerField *field);

G_END_DECLS

#endif
