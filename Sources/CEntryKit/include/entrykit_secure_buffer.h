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
 *     GtkEntryBuffer *buffer = entrykit_secure_buffer_new ();
 *     GtkWidget *entry = gtk_entry_new_with_buffer (buffer);
 *     g_object_unref (buffer);
 *
 * The header takes and returns plain pointers (a GtkEntryBuffer *), so it needs no GTK headers:
 * Swift sees GTK's types through the CGtk module only, never twice.
 */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A new, empty buffer: a GtkEntryBuffer * with a full reference. */
void *entrykit_secure_buffer_new (void);

/* Whether `buffer` is an EntryKit secure buffer. */
int entrykit_is_secure_buffer (const void *buffer);

/* Whether the buffer's memory is locked against swapping (false while it holds no memory). */
int entrykit_secure_buffer_is_locked (void *buffer);

/* Writes the whole text to `fd` straight from the locked memory, retrying short writes.
 * Returns 0, or an errno value. */
int entrykit_secure_buffer_write_to_fd (void *buffer, int fd);

/* Writes the text to `fd` as the inside of a JSON string (no quotes): `"`, `\` and control
 * characters escaped, everything else (UTF-8) as is. Returns 0, or an errno value. */
int entrykit_secure_buffer_write_json_to_fd (void *buffer, int fd);

/* Wipes and removes all text (emits deleted-text, as a user's deletion does). */
void entrykit_secure_buffer_wipe (void *buffer);

/* For tests: called with each mapping after it is wiped and unlocked, just before it is
 * unmapped (on growth and on finalize). NULL removes the observer. */
typedef void (*EntryKitSecureReleaseObserver) (const void *memory, size_t size, void *user_data);
void entrykit_secure_memory_set_release_observer (EntryKitSecureReleaseObserver observer, void *user_data);

#ifdef __cplusplus
}
#endif

#endif
