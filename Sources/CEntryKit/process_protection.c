#include "entrykit_process_protection.h"

#include <errno.h>
#include <sys/prctl.h>
#include <sys/resource.h>

int ek_process_keep_memory_private(void) {
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return errno;
    struct rlimit none = {0, 0};
    if (setrlimit(RLIMIT_CORE, &none) != 0) return errno;
    return 0;
}

int ek_process_memory_is_private(void) {
    struct rlimit core;
    if (getrlimit(RLIMIT_CORE, &core) != 0) return 0;
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0 && core.rlim_cur == 0 && core.rlim_max == 0;
}
