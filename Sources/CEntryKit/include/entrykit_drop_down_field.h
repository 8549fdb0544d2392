#ifndef ENTRYKIT_DROP_DOWN_FIELD_H
#define ENTRYKIT_DROP_DOWN_FIELD_H

#include "entrykit_chooser_entry.h"

G_BEGIN_DECLS

#define EK_TYPE_DROP_DOWN_FIELD (ek_drop_down_field_get_type())
G_DECLARE_FINAL_TYPE(EkDropDownField, ek_drop_down_field, EK, DROP_DOWN_FIELD, EkChooserEntry)

GtkWidget *ek_drop_down_field_new(void);

void ek_drop_down_field_set_items(EkDropDownField *field, const gchar *const *items);
void ek_drop_down_field_set_items_from_bytes(EkDropDownField *field, GBytes *text, const gchar *separator);
gchar **ek_drop_down_field_get_items(EkDropDownField *field);
void ek_drop_down_field_set_selected_index(EkDropDownField *field, gint index);
gint ek_drop_down_field_get_selected_index(EkDropDownField *field);
void ek_drop_down_field_set_visible_row_count(EkDropDownField *field, gint count);
gint ek_drop_down_field_get_visible_row_count(EkDropDownField *field);

G_END_DECLS

#endif
