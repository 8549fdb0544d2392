#ifndef ENTRYKIT_FIELD_PRIVATE_H
#define ENTRYKIT_FIELD_PRIVATE_H

#include "entrykit_field_implementation.h"

/* The Swift entry points the C types call (EntryKit's ObjectImplementation.swift, @_cdecl), each
 * with the field's implementation as ek_chooser_field_set_implementation gave it: a call from C
 * reaches the Swift code with no look-up. Strings and vectors returned are newly allocated. */

/* Constructed outside Swift (C, a language binding, GtkBuilder): give it its behaviour, if this
 * program's fields get it on construction (the library's do). */
void ek_chooser_field_implementation_constructed(EkChooserField *field);
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

/* What the field classes share. The field's implementation, or NULL while it has none: `value`
 * (set through set_property) is then kept for it. */
void *ek_chooser_field_implementation(EkChooserField *field);
void ek_chooser_field_keep_value(EkChooserField *field, GParamSpec *pspec, const GValue *value);
/* A kept value of `pspec` into `value` (TRUE), or FALSE when none was kept. */
gboolean ek_chooser_field_kept_value(EkChooserField *field, GParamSpec *pspec, GValue *value);
void ek_chooser_field_keep_int(EkChooserField *field, GParamSpec *pspec, gint integer);
gint ek_chooser_field_kept_int(EkChooserField *field, GParamSpec *pspec);
void ek_chooser_field_keep_boolean(EkChooserField *field, GParamSpec *pspec, gboolean boolean);
gboolean ek_chooser_field_kept_boolean(EkChooserField *field, GParamSpec *pspec);

#endif
