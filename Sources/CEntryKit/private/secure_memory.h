#ifndef ENTRYKIT_SECURE_MEMORY_H
#define ENTRYKIT_SECURE_MEMORY_H

#include <glib.h>

/* Memory for secrets, shared by EkSecureBuffer and EkPassword; not for EntryKit's Swift side. */

/* A fresh mapping of at least `size` bytes for a secret: secret memory (memfd_secret) where the
 * kernel offers it, else private and mlock()ed (never swapped; when the limit forbids it,
 * *locked is FALSE and a warning says so once); left out of core dumps and out of forked
 * children either way. */
char *ek_secure_memory_map(gsize size, gsize *capacity, gboolean *locked);
/* Wipes, unlocks and unmaps a mapping from ek_secure_memory_map (NULL does nothing). */
void ek_secure_memory_unmap(char *memory, gsize capacity, gboolean locked);
/* Zeroes memory in a way the compiler does not remove. */
void ek_secure_memory_wipe(void *memory, gsize size);

#endif
