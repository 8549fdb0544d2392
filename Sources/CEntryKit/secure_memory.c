/* Locked, undumped, unforked memory for secrets: the secure buffer's text and EkPassword. */

#include "secure_memory.h"
#include "test_hooks.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static EkSecureReleaseObserver release_observer;
static void *release_observer_data;

void ek_secure_memory_set_release_observer(EkSecureReleaseObserver observer, void *user_data) {
    release_observer = observer;
    release_observer_data = user_data;
}

/* explicit_bzero is not optimised away even when the memory is freed right after. */
void ek_secure_memory_wipe(void *memory, gsize size) {
    if (memory != NULL && size > 0) explicit_bzero(memory, size);
}

static void warn_unlocked_once(int error) {
    static gsize warned = 0;
    if (g_once_init_enter(&warned)) {
        fprintf(stderr,
                "entrykit: warning: cannot lock password memory (mlock: %s); it may be written to swap "
                "(raise the limit shown by `ulimit -l`)\n",
                g_strerror(error));
        g_once_init_leave(&warned, 1);
    }
}

/* A fresh private mapping of at least `size` bytes, locked and excluded from core dumps. */
char *ek_secure_memory_map(gsize size, gsize *capacity, gboolean *locked) {
    gsize page = (gsize)sysconf(_SC_PAGESIZE);
    gsize rounded = (size + page - 1) / page * page;
    void *memory = mmap(NULL, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) g_error("entrykit: cannot map %zu bytes for a password: %s", rounded, g_strerror(errno));
    *locked = mlock(memory, rounded) == 0;
    if (!*locked) warn_unlocked_once(errno);
    madvise(memory, rounded, MADV_DONTDUMP);
    /* A forked child must not inherit a copy of the secret. */
    madvise(memory, rounded, MADV_DONTFORK);
    *capacity = rounded;
    return memory;
}

void ek_secure_memory_unmap(char *memory, gsize capacity, gboolean locked) {
    if (memory == NULL) return;
    ek_secure_memory_wipe(memory, capacity);
    if (locked) munlock(memory, capacity);
    if (release_observer != NULL) release_observer(memory, capacity, release_observer_data);
    munmap(memory, capacity);
}
