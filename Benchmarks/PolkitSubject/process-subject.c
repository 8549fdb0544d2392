/* Preloaded into a polkit agent that registers for its login session (mate-polkit, lxpolkit), so
 * that it runs where no session exists (no logind: a container, a CI machine). The benchmark's
 * polkit has no sessions; the agents are asked to serve one process instead, the same process
 * EntryKit's agent serves with --process, named in ENTRYKIT_BENCHMARK_SUBJECT_PID.
 *
 * libpolkit-gobject-1's polkit_unix_session_new_for_process_sync (what those agents call to find
 * their session) is answered with that process as the subject: everything else the agents do,
 * registering, their dialog, the helper, is theirs. */
#define _GNU_SOURCE
#include <polkit/polkit.h>
#include <stdlib.h>

PolkitSubject *polkit_unix_session_new_for_process_sync(gint pid, GCancellable *cancellable, GError **error) {
    (void)pid;
    (void)cancellable;
    const char *subject = getenv("ENTRYKIT_BENCHMARK_SUBJECT_PID");
    if (subject == NULL) {
        g_set_error(error, POLKIT_ERROR, POLKIT_ERROR_FAILED, "ENTRYKIT_BENCHMARK_SUBJECT_PID is not set");
        return NULL;
    }
    return polkit_unix_process_new_for_owner(atoi(subject), 0, -1);
}
