#include "entrykit_secret_input.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

/* Whether the bytes so far hold the end of git's request: a blank line (one at the start, or a
 * line feed right after another), wherever a read cut them. */
static gboolean ends_request(const char *bytes, gsize length) {
    if (length >= 1 && bytes[0] == '\n') return TRUE;
    for (gsize i = 1; i < length; i++)
        if (bytes[i - 1] == '\n' && bytes[i] == '\n') return TRUE;
    return FALSE;
}

int ek_secret_input_read_request(EkSecureAnswer *into, int fd, gsize limit) {
    g_return_val_if_fail(into != NULL, EINVAL);
    char chunk[4096];
    int error = 0;
    gsize total = 0;
    while (TRUE) {
        ssize_t count = read(fd, chunk, sizeof chunk);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) {
            error = errno;
            break;
        }
        if (count == 0) break;
        if (total + (gsize)count > limit) {
            error = E2BIG;
            break;
        }
        ek_secure_answer_append(into, chunk, (gsize)count);
        total += (gsize)count;
        gsize length = 0;
        const char *bytes = ek_secure_answer_get_bytes(into, &length);
        if (ends_request(bytes, length)) break;
    }
    explicit_bzero(chunk, sizeof chunk);
    return error;
}
