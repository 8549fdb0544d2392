/* Memory for secrets (secret or locked, undumped, unforked): the secure buffer's text, EkPassword
 * and the answers written from them. */

#include "secure_memory.h"
#include "entrykit_process_protection.h"
#include "test_hooks.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_memfd_secret
#define SYS_memfd_secret 447
#endif

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

/* What the last mapping was (EkSecureMemoryKind); secret memory stays off once the kernel refused it. */
static gint last_kind = -1;
static gint secret_refused = 0;

/* Pages the kernel takes out of its own direct map (memfd_secret(2), Linux 5.14+ when enabled):
 * no other process, not even root through /proc/PID/mem or ptrace, and no descriptor opened
 * before, can read them; they are locked as well. NULL when the kernel does not offer them or
 * RLIMIT_MEMLOCK is spent. */
static void *map_secret(gsize size) {
    if (g_atomic_int_get(&secret_refused)) return NULL;
    int fd = (int)syscall(SYS_memfd_secret, O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOSYS || errno == EINVAL || errno == EPERM) g_atomic_int_set(&secret_refused, 1);
        return NULL;
    }
    void *memory = MAP_FAILED;
    if (ftruncate(fd, (off_t)size) == 0) memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd); /* the mapping keeps the memory */
    return memory == MAP_FAILED ? NULL : memory;
}

/* A fresh mapping of at least `size` bytes, secret where the kernel allows it, else private and
 * locked; excluded from core dumps and forked children either way. */
char *ek_secure_memory_map(gsize size, gsize *capacity, gboolean *locked) {
    gsize page = (gsize)sysconf(_SC_PAGESIZE);
    gsize rounded = (size + page - 1) / page * page;
    void *memory = map_secret(rounded);
    if (memory != NULL) {
        *locked = TRUE;
        g_atomic_int_set(&last_kind, EK_SECURE_MEMORY_SECRET);
    } else {
        memory = mmap(NULL, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED)
            g_error("entrykit: cannot map %zu bytes for a password: %s", rounded, g_strerror(errno));
        *locked = mlock(memory, rounded) == 0;
        if (!*locked) warn_unlocked_once(errno);
        g_atomic_int_set(&last_kind, *locked ? EK_SECURE_MEMORY_LOCKED : EK_SECURE_MEMORY_ORDINARY);
    }
    madvise(memory, rounded, MADV_DONTDUMP);
    /* A forked child must not inherit a copy of the secret. */
    madvise(memory, rounded, MADV_DONTFORK);
    *capacity = rounded;
    return memory;
}

EkSecureMemoryKind ek_secure_memory_kind(void) {
    if (g_atomic_int_get(&last_kind) < 0) {
        gsize capacity = 0;
        gboolean locked = FALSE;
        ek_secure_memory_unmap(ek_secure_memory_map(1, &capacity, &locked), capacity, locked);
    }
    return (EkSecureMemoryKind)g_atomic_int_get(&last_kind);
}

void ek_secure_memory_unmap(char *memory, gsize capacity, gboolean locked) {
    if (memory == NULL) return;
    ek_secure_memory_wipe(memory, capacity);
    if (locked) munlock(memory, capacity);
    if (release_observer != NULL) release_observer(memory, capacity, release_observer_data);
    munmap(memory, capacity);
}
