#ifndef ENTRYKIT_DROP_DOWN_FIELD_H
#define ENTRYKIT_DROP_DOWN_FIELD_H

#include "entrykit_chooser_field.h"

G_BEGIN_DECLS

#define EK_TYPE_DROP_DOWN_FIELD (ek_drop_down_field_get_type())
G_DECLARE_FINAL_TYPE(EkDropDownField, ek_drop_down_field, EK, DROP_DOWN_FIELD, EkChooserField)

GtkWidget *ek_drop_down_field_new(void);

void ek_drop_down_field_set_selected_index(EkDropDownField *field, gint index);
gint ek_drop_down_field_get_selected_index(EkDropDownField *field);
void ek_drop_down_field_set_free_text(EkDropDownField *field, gboolean free_text);
gboolean ek_drop_down_field_get_free_text(EkDropDownField *field);

/* The names of 0.1.0, now EkChooserField's: C sources written for it still build. */
#define ek_drop_down_field_set_items(field, items) ek_chooser_field_set_items(EK_CHOOSER_FIELD(field), (items))
#define ek_drop_down_field_get_items(field) ek_chooser_field_get_items(EK_CHOOSER_FIELD(field))
#define ek_drop_down_field_set_visible_row_count(field, count)                                                         \
    ek_chooser_field_set_visible_row_count(EK_CHOOSER_FIELD(field), (count))
#define ek_drop_down_field_get_visible_row_count(field) ek_chooser_field_get_visible_row_count(EK_CHOOSER_FIELD(field))

G_END_DECLS

#endif
