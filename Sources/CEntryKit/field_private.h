#ifndef ENTRYKIT_FIELD_PRIVATE_H
#define ENTRYKIT_FIELD_PRIVATE_H

#include "entrykit_field_implementation.h"

/* The Swift entry points the C types call (EntryKit's ObjectImplementation.swift, @_cdecl), each
 * with the field's implementation as ek_chooser_field_set_implementation gave it: a call from C
 * reaches the Swift code with no look-up. Strings and vectors returned are newly allocated. */

/* Each field class's EkChooserFieldClass.create_implementation: the field's behaviour, retained
 * for the object, which releases it in dispose. */
void *ek_drop_down_field_implementation_new(EkChooserField *field);
void *ek_picker_field_implementation_new(EkChooserField *field);
void ek_chooser_field_implementation_release(void *field);
void ek_chooser_field_implementation_set_items(void *field, const gchar *const *items);
gchar **ek_chooser_field_implementation_get_items(void *field);
void ek_chooser_field_implementation_set_visible_row_count(void *field, gint count);
gint ek_chooser_field_implementation_get_visible_row_count(void *field);
void ek_chooser_field_implementation_set_row_height(void *field, gint height);
gint ek_chooser_field_implementation_get_row_height(void *field);
void ek_chooser_field_implementation_set_list_border_color(void *field, const gchar *color);
gchar *ek_chooser_field_implementation_get_list_border_color(void *field);
void ek_chooser_field_implementation_set_list_font(void *field, const gchar *font);
gchar *ek_chooser_field_implementation_get_list_font(void *field);
void ek_chooser_field_implementation_set_list_placeholder_text(void *field, const gchar *text);
gchar *ek_chooser_field_implementation_get_list_placeholder_text(void *field);
gboolean ek_chooser_field_implementation_get_is_open(void *field);
void ek_chooser_field_implementation_set_open(void *field, gboolean open);

void ek_drop_down_field_implementation_set_selected_index(void *field, gint index);
gint ek_drop_down_field_implementation_get_selected_index(void *field);
void ek_drop_down_field_implementation_set_free_text(void *field, gboolean free_text);
gboolean ek_drop_down_field_implementation_get_free_text(void *field);

void ek_picker_field_implementation_set_picked_index(void *field, gint index);
gint ek_picker_field_implementation_get_picked_index(void *field);

/* Shows the panel; the implementation answers once with ek_account_panel_complete(task, ...). */
void ek_account_panel_implementation_ask(EkAccountPanel *panel, GtkWindow *parent, GTask *task);
/* The task's cancellable was cancelled: close its panel (or drop it from the queue). */
void ek_account_panel_implementation_cancel(GTask *task);

#endif
