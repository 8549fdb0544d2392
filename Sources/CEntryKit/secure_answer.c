#include "entrykit_secure_answer.h"
#include "secure_memory.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct _EkSecureAnswer {
    char *bytes;
    gsize length;
    gsize capacity;
    gboolean locked;
};

EkSecureAnswer *ek_secure_answer_new(void) { return g_new0(EkSecureAnswer, 1); }

void ek_secure_answer_free(EkSecureAnswer *answer) {
    if (answer == NULL) return;
    ek_secure_memory_unmap(answer->bytes, answer->capacity, answer->locked);
    g_free(answer);
}

/* Room for `more` bytes: a larger mapping, the bytes moved, the old one wiped. */
static void reserve(EkSecureAnswer *answer, gsize more) {
    if (answer->length + more <= answer->capacity) return;
    gsize capacity = 0;
    gboolean locked = FALSE;
    char *bytes = ek_secure_memory_map(MAX(answer->length + more, answer->capacity * 2), &capacity, &locked);
    if (answer->bytes != NULL) memcpy(bytes, answer->bytes, answer->length);
    ek_secure_memory_unmap(answer->bytes, answer->capacity, answer->locked);
    answer->bytes = bytes;
    answer->capacity = capacity;
    answer->locked = locked;
}

void ek_secure_answer_append(EkSecureAnswer *answer, const char *bytes, gsize length) {
    g_return_if_fail(answer != NULL);
    if (length == 0) return;
    reserve(answer, length);
    memcpy(answer->bytes + answer->length, bytes, length);
    answer->length += length;
}

/* JSON escapes are at most six bytes (\u00XX); the text is reserved for at once. */
static void append_json(EkSecureAnswer *answer, const char *text, gsize length) {
    reserve(answer, length * 6);
    for (gsize i = 0; i < length; i++) {
        unsigned char byte = (unsigned char)text[i];
        char *end = answer->bytes + answer->length;
        if (byte >= 0x20 && byte != '"' && byte != '\\') {
            *end = (char)byte;
            answer->length += 1;
        } else if (byte == '"' || byte == '\\') {
            end[0] = '\\';
            end[1] = (char)byte;
            answer->length += 2;
        } else {
            static const char hex[] = "0123456789abcdef";
            memcpy(end, "\\u00", 4);
            end[4] = hex[byte >> 4];
            end[5] = hex[byte & 0xF];
            answer->length += 6;
        }
    }
}

void ek_secure_answer_append_secret(EkSecureAnswer *answer, EkSecureBuffer *buffer, EkSecretEncoding encoding) {
    g_return_if_fail(answer != NULL && EK_IS_SECURE_BUFFER(buffer));
    const char *text = gtk_entry_buffer_get_text(GTK_ENTRY_BUFFER(buffer));
    gsize length = gtk_entry_buffer_get_bytes(GTK_ENTRY_BUFFER(buffer));
    if (encoding == EK_SECRET_JSON)
        append_json(answer, text, length);
    else
        ek_secure_answer_append(answer, text, length);
}

void ek_secure_answer_append_assuan_data(EkSecureAnswer *answer, const char *bytes, gsize length) {
    g_return_if_fail(answer != NULL && (bytes != NULL || length == 0));
    if (length == 0) return;
    /* Room on a line after "D ": 1000 bytes less the prefix. */
    const gsize room = 1000 - 2;
    /* Every byte escaped, and "\nD " for each line begun: reserved at once. */
    reserve(answer, 2 + length * 3 + (length * 3 / room + 1) * 3 + 1);
    static const char hex[] = "0123456789ABCDEF";
    char *end = answer->bytes + answer->length;
    memcpy(end, "D ", 2);
    end += 2;
    gsize line = 0; /* bytes on the current line after "D " */
    for (gsize i = 0; i < length; i++) {
        unsigned char byte = (unsigned char)bytes[i];
        gboolean escaped = byte == '%' || byte == '\r' || byte == '\n';
        gsize width = escaped ? 3 : 1;
        if (line + width > room) {
            memcpy(end, "\nD ", 3);
            end += 3;
            line = 0;
        }
        if (escaped) {
            *end++ = '%';
            *end++ = hex[byte >> 4];
            *end++ = hex[byte & 0xF];
        } else {
            *end++ = (char)byte;
        }
        line += width;
    }
    *end++ = '\n';
    answer->length = (gsize)(end - answer->bytes);
}

const char *ek_secure_answer_get_bytes(const EkSecureAnswer *answer, gsize *length) {
    g_return_val_if_fail(answer != NULL, NULL);
    if (length != NULL) *length = answer->length;
    return answer->bytes != NULL ? answer->bytes : "";
}

/* Where a regular file's answer starts, to cut a partial one off again; -1 for anything else. */
static off_t regular_file_start(int fd) {
    struct stat status;
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) return -1;
    int flags = fcntl(fd, F_GETFL);
    if (flags != -1 && (flags & O_APPEND)) return status.st_size;
    return lseek(fd, 0, SEEK_CUR);
}

EkAnswerWrite ek_secure_answer_write(EkSecureAnswer *answer, int fd) {
    EkAnswerWrite result = {0, 0, answer != NULL ? answer->length : 0, FALSE};
    g_return_val_if_fail(answer != NULL, result);
    off_t start = regular_file_start(fd);
    while (result.written < result.total) {
        ssize_t written = write(fd, answer->bytes + result.written, result.total - result.written);
        if (written >= 0) {
            result.written += (gsize)written;
            continue;
        }
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            /* A non-blocking descriptor that is full: wait for room, as a blocking one would. */
            struct pollfd room = {.fd = fd, .events = POLLOUT};
            if (poll(&room, 1, -1) >= 0 || errno == EINTR) continue;
        }
        result.error = errno;
        break;
    }
    if (result.error != 0 && result.written > 0 && start >= 0 && ftruncate(fd, start) == 0) {
        if (!(fcntl(fd, F_GETFL) & O_APPEND)) lseek(fd, start, SEEK_SET);
        result.recalled = TRUE;
        result.written = 0;
    }
    return result;
}
