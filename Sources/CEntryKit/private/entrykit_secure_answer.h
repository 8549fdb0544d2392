#ifndef ENTRYKIT_SECURE_ANSWER_H
#define ENTRYKIT_SECURE_ANSWER_H

/* An answer that holds a password (`name|password`, `{"username":…,"password":…}`), put together
 * in secure memory and written out whole or not at all, as far as the descriptor allows.
 *
 * The bytes are assembled in a mapping of the secure buffer's kind and go out in one write() where
 * the descriptor takes them (a pipe with room, a file), retrying short writes and waiting while a
 * non-blocking descriptor is full. When a write fails (a closed pipe, a full disk, the file size
 * limit with SIGXFSZ ignored) the caller is told how far it got; on a regular file, what was
 * written is cut off again, so no partial answer stays on disk. What reached a pipe or a terminal
 * cannot be recalled. Freeing wipes the memory.
 *
 *     EkSecureAnswer *answer = ek_secure_answer_new ();
 *     ek_secure_answer_append (answer, "ada|", 4);
 *     ek_secure_answer_append_secret (answer, buffer, EK_SECRET_RAW);
 *     ek_secure_answer_append (answer, "\n", 1);
 *     EkAnswerWrite result = ek_secure_answer_write (answer, STDOUT_FILENO);
 *     ek_secure_answer_free (answer);
 */

#include "entrykit/entrykit_secure_buffer.h"

G_BEGIN_DECLS

typedef struct _EkSecureAnswer EkSecureAnswer;

typedef enum {
    /* The password's bytes as they are. */
    EK_SECRET_RAW,
    /* As the inside of a JSON string: `"`, `\` and control characters escaped. */
    EK_SECRET_JSON,
} EkSecretEncoding;

/* How a write went: `error` 0 when every byte was written, else its errno; `written` bytes stayed
 * written; `recalled` when the bytes written before the failure were cut from a regular file. */
typedef struct {
    int error;
    gsize written;
    gsize total;
    gboolean recalled;
} EkAnswerWrite;

EkSecureAnswer *ek_secure_answer_new(void);
/* Wipes and releases the answer (NULL does nothing). */
void ek_secure_answer_free(EkSecureAnswer *answer);
void ek_secure_answer_append(EkSecureAnswer *answer, const char *bytes, gsize length);
/* Appends the buffer's text from where it lies, encoded, without another copy. */
void ek_secure_answer_append_secret(EkSecureAnswer *answer, EkSecureBuffer *buffer, EkSecretEncoding encoding);
/* Appends `bytes` as Assuan `D` lines (a pinentry's answer to GETPIN): `D `, the bytes with `%`,
 * CR and LF as `%25`, `%0D`, `%0A`, at most 1000 bytes a line, an escape never split, each line
 * ended by a line feed. Nothing for no bytes. */
void ek_secure_answer_append_assuan_data(EkSecureAnswer *answer, const char *bytes, gsize length);
/* The bytes so far, where they lie, and their number: valid until the next append or the free. */
const char *ek_secure_answer_get_bytes(const EkSecureAnswer *answer, gsize *length);
EkAnswerWrite ek_secure_answer_write(EkSecureAnswer *answer, int fd);

G_END_DECLS

#endif
