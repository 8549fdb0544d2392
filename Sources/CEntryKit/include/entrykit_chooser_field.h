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

void ek_chooser_field_set_items(EkChooserField *field, const gchar *const *items);
void ek_chooser_field_set_items_from_bytes(EkChooserField *field, GBytes *text, const gchar *separator);
void ek_chooser_field_set_items_from_data(EkChooserField *field, const guint8 *data, gsize length,
                                          const gchar *separator);
gchar **ek_chooser_field_get_items(EkChooserField *field);
void ek_chooser_field_set_visible_row_count(EkChooserField *field, gint count);
gint ek_chooser_field_get_visible_row_count(EkChooserField *field);
void ek_chooser_field_set_row_height(EkChooserField *field, gint height);
gint ek_chooser_field_get_row_height(EkChooserField *field);
void ek_chooser_field_set_list_border_color(EkChooserField *field, const gchar *color);
gchar *ek_chooser_field_get_list_border_color(EkChooserField *field);
void ek_chooser_field_set_list_font(EkChooserField *field, const gchar *font);
gchar *ek_chooser_field_get_list_font(EkChooserField *field);
void ek_chooser_field_set_list_placeholder_text(EkChooserField *field, const gchar *text);
gchar *ek_chooser_field_get_list_placeholder_text(EkChooserField *field);
gboolean ek_chooser_field_get_is_open(EkChooserField *field);
void ek_chooser_field_open(EkChooserField *field);
void ek_chooser_field_close(EkChooserField *field);

G_END_DECLS

#endif
