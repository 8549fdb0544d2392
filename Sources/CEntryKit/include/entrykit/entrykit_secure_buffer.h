#ifndef ENTRYKIT_SECURE_BUFFER_H
#define ENTRYKIT_SECURE_BUFFER_H

/* A GtkEntryBuffer whose text lives in locked memory.
 *
 * The bytes are kept in a private mapping that is mlock()ed (never swapped to disk) and marked
 * MADV_DONTDUMP (left out of core dumps) and MADV_DONTFORK. Every deletion wipes the bytes it
 * removes, growing wipes the old mapping before it is released, and finalize wipes the rest.
 * When the memory cannot be locked (RLIMIT_MEMLOCK, `ulimit -l 0`) the buffer still works and
 * says so once on standard error.
 *
 *     EkSecureBuffer *buffer = ek_secure_buffer_new ();
 *     GtkWidget *entry = gtk_entry_new_with_buffer (GTK_ENTRY_BUFFER (buffer));
 *     g_object_unref (buffer);
 */

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EK_TYPE_SECURE_BUFFER (ek_secure_buffer_get_type())
G_DECLARE_FINAL_TYPE(EkSecureBuffer, ek_secure_buffer, EK, SECURE_BUFFER, GtkEntryBuffer)

/* A new, empty buffer, with a full reference. */
EkSecureBuffer *ek_secure_buffer_new(void);

/* Writes the whole text to `fd` straight from the locked memory, retrying short writes.
 * Returns 0, or an errno value. */
int ek_secure_buffer_write_to_fd(EkSecureBuffer *buffer, int fd);

/* Writes the text to `fd` as the inside of a JSON string (no quotes): `"`, `\` and control
 * characters escaped, everything else (UTF-8) as is. Returns 0, or an errno value. */
int ek_secure_buffer_write_json_to_fd(EkSecureBuffer *buffer, int fd);

/* Writes the text to `fd` as Assuan data lines (`D ` + the bytes, `%`, CR and LF as `%25`,
 * `%0D`, `%0A`), each line at most 1000 bytes as the protocol allows, so a pinentry answers
 * GETPIN straight from the locked memory. Writes nothing for an empty text. Returns 0, or an
 * errno value. */
int ek_secure_buffer_write_assuan_data_to_fd(EkSecureBuffer *buffer, int fd);

/* Wipes and removes all text (emits deleted-text, as a user's deletion does). */
void ek_secure_buffer_wipe(EkSecureBuffer *buffer);

G_END_DECLS

#endif
