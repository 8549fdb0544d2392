#ifndef ENTRYKIT_PROCESS_PROTECTION_H
#define ENTRYKIT_PROCESS_PROTECTION_H

/* Keeping a process's memory to itself (what Swift cannot call: prctl is variadic).
 *
 * ek_process_keep_memory_private makes the process undumpable (PR_SET_DUMPABLE 0: other
 * processes of the same user can no longer ptrace it or open /proc/PID/mem, and no core file is
 * written) and sets RLIMIT_CORE to 0, so a crash leaves no copy of what the process held (key
 * events, pasted text) on disk. It lasts until the process execs or ends. Returns 0, or the
 * errno of the first call that failed. */
int ek_process_keep_memory_private(void);

/* Whether the process is undumpable and may write no core file. */
int ek_process_memory_is_private(void);

/* Ends the process at once on a crash signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
 * SIGQUIT, SIGTRAP, SIGSYS), saying only which signal on standard error: no crash report
 * printing registers and the memory they point at, no handler that lets the process go on to
 * answer. Returns 0, or the errno of the first sigaction that failed. */
int ek_process_end_on_crash_signals(void);

/* What passwords are kept in: the kind of memory the secure buffer maps. */
typedef enum {
    /* Ordinary pages: mlock was refused (RLIMIT_MEMLOCK); still wiped, left out of core dumps. */
    EK_SECURE_MEMORY_ORDINARY = 0,
    /* Private pages, mlock()ed: never swapped; readable by root and through a /proc/PID/mem
     * opened before the process became undumpable. */
    EK_SECURE_MEMORY_LOCKED = 1,
    /* memfd_secret(2) pages: out of the kernel's direct map, readable by no other process, not
     * even root, through no descriptor. */
    EK_SECURE_MEMORY_SECRET = 2,
} EkSecureMemoryKind;

/* The kind the last password mapping got (one page is mapped to find out when none was yet). */
EkSecureMemoryKind ek_secure_memory_kind(void);

#endif
