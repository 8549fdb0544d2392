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
void ek_picker_field_set_picked_index(EkPickerField *field, gint index);
gint ek_picker_field_get_picked_index(EkPickerField *field);

G_END_DECLS

#endif
