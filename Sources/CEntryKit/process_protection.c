#include "entrykit_process_protection.h"

#include <errno.h>
#include <glib.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

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

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGQUIT, SIGTRAP, SIGSYS};

/* Async-signal-safe: one write of a fixed text, then the default action (no core file: the
 * limit is 0), so the parent sees the signal in the status. */
static void end_on_crash(int signal_number) {
    static const char before[] = "entrykit: stopped by signal ";
    static const char after[] = "; nothing was answered\n";
    char message[sizeof before + 2 + sizeof after];
    size_t length = sizeof before - 1;
    memcpy(message, before, length);
    if (signal_number >= 10) message[length++] = (char)('0' + signal_number / 10 % 10);
    message[length++] = (char)('0' + signal_number % 10);
    memcpy(message + length, after, sizeof after - 1);
    ssize_t ignored = write(STDERR_FILENO, message, length + sizeof after - 1);
    (void)ignored;
    struct sigaction fallback = {.sa_handler = SIG_DFL};
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}

int ek_process_end_on_crash_signals(void) {
    struct sigaction action = {.sa_handler = end_on_crash, .sa_flags = SA_RESETHAND | SA_NODEFER};
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < G_N_ELEMENTS(crash_signals); i++)
        if (sigaction(crash_signals[i], &action, NULL) != 0) return errno;
    return 0;
}

/* The prompt commands become undumpable as the program starts, before the Swift runtime and
 * GTK: a /proc/PID/mem opened later is refused. (Before this runs, the loader has mapped the
 * libraries and nothing secret exists yet; the password itself lives in secret memory where the
 * kernel has it.) Other programs loading EntryKit, and entrykit's other commands, are left as
 * they are. */
static const char *const prompt_commands[] = {"login", "pinentry", "askpass", "credential", "polkit-agent"};
/* The names the binary is also installed under, each a prompt (AppCommand.programNames). */
static const char *const prompt_programs[] = {"pinentry-entrykit", "entrykit-askpass", "git-credential-entrykit",
                                              "entrykit-polkit-agent"};

static gboolean is_prompt(int argc, char **argv) {
    if (argc < 1 || argv == NULL || argv[0] == NULL) return FALSE;
    const char *program = strrchr(argv[0], '/');
    program = program != NULL ? program + 1 : argv[0];
    for (size_t i = 0; i < G_N_ELEMENTS(prompt_programs); i++)
        if (strcmp(program, prompt_programs[i]) == 0) return TRUE;
    if (strcmp(program, "entrykit") != 0 || argc < 2 || argv[1] == NULL) return FALSE;
    for (size_t i = 0; i < G_N_ELEMENTS(prompt_commands); i++)
        if (strcmp(argv[1], prompt_commands[i]) == 0) return TRUE;
    return FALSE;
}

__attribute__((constructor)) static void keep_prompts_private_from_the_start(int argc, char **argv, char **envp) {
    (void)envp;
    if (is_prompt(argc, argv)) (void)ek_process_keep_memory_private();
}
