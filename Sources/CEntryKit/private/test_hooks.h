#ifndef EK_TEST_HOOKS_H
#define EK_TEST_HOOKS_H

/* What tests look at and nothing else uses: leak counts, click counts, the secure buffer's
 * memory. Not part of the API: Swift reaches these through `import CEntryKit.TestHooks` only
 * (see module.modulemap). */

/* GTK belongs to the CGtk module alone (see CEntryKit.h). */
#if __has_feature(modules)
#pragma clang module import CGtk
#endif
#include "entrykit/entrykit_chooser_entry.h"
#include "entrykit/entrykit_secure_buffer.h"

G_BEGIN_DECLS

/* How many primary clicks asked the entry for a toggle (one click, one toggle). */
guint ek_chooser_entry_get_toggle_count(EkChooserEntry *entry);

/* Row accessibles alive in the process. */
guint ek_list_view_live_row_accessibles(void);

/* Whether the buffer's memory is locked against swapping (false while it holds no memory). */
gboolean ek_secure_buffer_is_locked(EkSecureBuffer *buffer);

/* Called with each mapping after it is wiped and unlocked, just before it is unmapped (on
 * growth and on finalize). NULL removes the observer. */
typedef void (*EkSecureReleaseObserver)(const void *memory, size_t size, void *user_data);
void ek_secure_memory_set_release_observer(EkSecureReleaseObserver observer, void *user_data);

G_END_DECLS

#endif
