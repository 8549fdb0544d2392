#ifndef ENTRYKIT_FIELD_IMPLEMENTATION_H
#define ENTRYKIT_FIELD_IMPLEMENTATION_H

/* What EntryKit's Swift classes (DropDownField, PickerField, AccountPanel) call in C, the types
 * whose behaviour they are. Not public API: the library's users see properties, signals and
 * methods. The other way, C calls the Swift entry points declared in field_private.h. */

#include "entrykit_account_panel.h"
#include "entrykit_chooser_field.h"
#include "entrykit_drop_down_field.h"
#include "entrykit_picker_field.h"

G_BEGIN_DECLS

/* The Swift field behind `field`, made when it was constructed (unretained): every typed setter
 * and getter calls it directly. NULL once the field is disposed (destroyed): calls then do
 * nothing. */
void *ek_chooser_field_implementation(EkChooserField *field);

/* Whether a notification of `pspec`, one of the field's own properties, reaches anyone: a
 * "notify::name" handler, or a plain "notify" handler other than those GTK's accessible connects
 * to every widget it serves (they read only GTK's own properties, never the field's). */
gboolean ek_chooser_entry_notify_is_heard(EkChooserEntry *entry, GParamSpec *pspec);

void ek_chooser_field_emit_opened(EkChooserField *field);
void ek_chooser_field_emit_closed(EkChooserField *field);
void ek_drop_down_field_emit_selected(EkDropDownField *field, gint index, const gchar *item);
void ek_picker_field_emit_picked(EkPickerField *field, gint index, const gchar *item);

/* Reports a refused call or a misuse as a GLib warning in the "EntryKit" domain. */
void ek_warn(const char *message);

/* The Swift panel behind `panel` (its state: title, message, username, what it requires), made
 * when it was constructed and kept until it is finalized (unretained): every typed setter and
 * getter calls it directly. */
void *ek_account_panel_implementation(EkAccountPanel *panel);

/* Ends an ask: `username` is copied; `password` (may be NULL) is taken over. */
void ek_account_panel_complete(GTask *task, gboolean accepted, const gchar *username, EkPassword *password);
/* Emits "validate" with a copy of the password in locked memory, wiped when the handlers have
 * returned. Returns the first message a handler gave (g_free it), or NULL to accept. */
gchar *ek_account_panel_validate(EkAccountPanel *panel, const gchar *username, const guint8 *password, gsize length);
/* Whether anyone connected to "validate". */
gboolean ek_account_panel_validates(EkAccountPanel *panel);

G_END_DECLS

#endif
