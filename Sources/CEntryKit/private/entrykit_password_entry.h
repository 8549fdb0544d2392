#ifndef ENTRYKIT_PASSWORD_ENTRY_H
#define ENTRYKIT_PASSWORD_ENTRY_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* EkPasswordEntry: a GtkEntry for a secret, with an accessible that never gives the secret out.
 *
 * The entry shows invisible characters, has the password input purpose and no emoji or spelling
 * help, and leaves GTK's caps-lock icon off (its tooltip would speak GTK's start-up language;
 * the owner shows its own warning). Pair it with a secure buffer (entrykit_secure_buffer_new).
 *
 * Its accessible is GTK's entry accessible, less the ways to the real text that GTK 3's leaves
 * open to any client on the accessibility bus: AtkText reads give the invisible characters
 * (selection included: GTK's returns the real selected text), and AtkEditableText's copy_text
 * and cut_text do nothing (GTK's put the real text on the clipboard, where any client of the
 * display reads it). Typing through AtkEditableText (set_text_contents, insert_text,
 * delete_text, paste_text) still works, so a test robot can fill the field. */
#define EK_TYPE_PASSWORD_ENTRY (ek_password_entry_get_type())
G_DECLARE_FINAL_TYPE(EkPasswordEntry, ek_password_entry, EK, PASSWORD_ENTRY, GtkEntry)

/* A new password entry holding its text in `buffer` (a GtkEntryBuffer; the entry takes its own
 * reference). */
GtkWidget *ek_password_entry_new_with_buffer(GtkEntryBuffer *buffer);

G_END_DECLS

#endif
