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

#endif
