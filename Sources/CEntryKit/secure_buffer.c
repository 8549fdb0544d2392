#include "entrykit_secure_buffer.h"
#include "entrykit_secure_answer.h"
#include "secure_memory.h"
#include "test_hooks.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* GtkEntry never holds more than this many bytes of text (its max-length is in characters,
 * at most 65535, each at most 4 bytes). */
#define MAX_TEXT_BYTES (65535u * 4u)

struct _EkSecureBuffer {
    GtkEntryBuffer parent_instance;
    char *text;     /* NUL-terminated, inside the mapping; NULL until the first insert */
    gsize capacity; /* size of the mapping */
    gsize n_bytes;
    guint n_chars;
    gboolean locked;
};

/**
 * EkSecureBuffer:
 *
 * A #GtkEntryBuffer whose text lives in locked memory: a private mapping that is never swapped
 * to disk, left out of core dumps and not inherited by child processes. Every deletion wipes the
 * bytes it removes, growing wipes the old mapping before it is released, and finalize wipes the
 * rest. Where the memory cannot be locked (`ulimit -l 0`) it still works and says so once on
 * standard error.
 *
 * |[<!-- language="C" -->
 * EkSecureBuffer *buffer = ek_secure_buffer_new ();
 * GtkWidget *entry = gtk_entry_new_with_buffer (GTK_ENTRY_BUFFER (buffer));
 * g_object_unref (buffer);
 * ]|
 */
G_DEFINE_FINAL_TYPE(EkSecureBuffer, ek_secure_buffer, GTK_TYPE_ENTRY_BUFFER)

/* Makes room for `needed` bytes plus the NUL: a new mapping, the text copied, the old one wiped. */
static gboolean reserve(EkSecureBuffer *self, gsize needed) {
    if (needed + 1 > MAX_TEXT_BYTES + 1) return FALSE;
    if (self->text != NULL && needed + 1 <= self->capacity) return TRUE;
    gsize capacity = 0;
    gboolean locked = FALSE;
    char *text = ek_secure_memory_map(MAX(needed + 1, self->capacity * 2), &capacity, &locked);
    if (self->text != NULL) memcpy(text, self->text, self->n_bytes + 1);
    ek_secure_memory_unmap(self->text, self->capacity, self->locked);
    self->text = text;
    self->capacity = capacity;
    self->locked = locked;
    return TRUE;
}

static const gchar *secure_get_text(GtkEntryBuffer *buffer, gsize *n_bytes) {
    EkSecureBuffer *self = EK_SECURE_BUFFER(buffer);
    if (n_bytes != NULL) *n_bytes = self->n_bytes;
    return self->text != NULL ? self->text : "";
}

static guint secure_get_length(GtkEntryBuffer *buffer) { return EK_SECURE_BUFFER(buffer)->n_chars; }

static guint secure_insert_text(GtkEntryBuffer *buffer, guint position, const gchar *chars, guint n_chars) {
    EkSecureBuffer *self = EK_SECURE_BUFFER(buffer);
    gsize n_bytes = g_utf8_offset_to_pointer(chars, n_chars) - chars;
    if (!reserve(self, self->n_bytes + n_bytes)) return 0;
    position = MIN(position, self->n_chars);
    gsize at = g_utf8_offset_to_pointer(self->text, position) - self->text;
    memmove(self->text + at + n_bytes, self->text + at, self->n_bytes - at);
    memcpy(self->text + at, chars, n_bytes);
    self->n_bytes += n_bytes;
    self->n_chars += n_chars;
    self->text[self->n_bytes] = '\0';
    gtk_entry_buffer_emit_inserted_text(buffer, position, chars, n_chars);
    return n_chars;
}

static guint secure_delete_text(GtkEntryBuffer *buffer, guint position, guint n_chars) {
    EkSecureBuffer *self = EK_SECURE_BUFFER(buffer);
    if (self->text == NULL || position >= self->n_chars) return 0;
    n_chars = MIN(n_chars, self->n_chars - position);
    gsize start = g_utf8_offset_to_pointer(self->text, position) - self->text;
    gsize end = g_utf8_offset_to_pointer(self->text, position + n_chars) - self->text;
    memmove(self->text + start, self->text + end, self->n_bytes - end);
    self->n_bytes -= end - start;
    self->n_chars -= n_chars;
    /* The tail the text moved away from still holds old bytes: wipe up to the old end. */
    ek_secure_memory_wipe(self->text + self->n_bytes, end - start + 1);
    gtk_entry_buffer_emit_deleted_text(buffer, position, n_chars);
    return n_chars;
}

static void secure_finalize(GObject *object) {
    EkSecureBuffer *self = EK_SECURE_BUFFER(object);
    ek_secure_memory_unmap(self->text, self->capacity, self->locked);
    self->text = NULL;
    self->capacity = self->n_bytes = self->n_chars = 0;
    G_OBJECT_CLASS(ek_secure_buffer_parent_class)->finalize(object);
}

static void ek_secure_buffer_class_init(EkSecureBufferClass *klass) {
    GtkEntryBufferClass *buffer_class = GTK_ENTRY_BUFFER_CLASS(klass);
    buffer_class->get_text = secure_get_text;
    buffer_class->get_length = secure_get_length;
    buffer_class->insert_text = secure_insert_text;
    buffer_class->delete_text = secure_delete_text;
    G_OBJECT_CLASS(klass)->finalize = secure_finalize;
}

static void ek_secure_buffer_init(EkSecureBuffer *self) { (void)self; }

/**
 * ek_secure_buffer_new:
 *
 * Makes a new, empty buffer.
 *
 * Returns: (transfer full): a new, empty buffer
 */
EkSecureBuffer *ek_secure_buffer_new(void) { return g_object_new(EK_TYPE_SECURE_BUFFER, NULL); }

gboolean ek_secure_buffer_is_locked(EkSecureBuffer *buffer) {
    g_return_val_if_fail(EK_IS_SECURE_BUFFER(buffer), FALSE);
    return buffer->text != NULL && buffer->locked;
}

static int write_all(int fd, const char *bytes, gsize size) {
    while (size > 0) {
        ssize_t written = write(fd, bytes, size);
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        bytes += written;
        size -= (gsize)written;
    }
    return 0;
}

/**
 * ek_secure_buffer_write_to_fd:
 * @buffer: a buffer
 * @fd: a file descriptor open for writing
 *
 * Writes the whole text to @fd straight from the locked memory, retrying short writes.
 *
 * Returns: 0, or an errno value
 */
int ek_secure_buffer_write_to_fd(EkSecureBuffer *buffer, int fd) {
    g_return_val_if_fail(EK_IS_SECURE_BUFFER(buffer), EINVAL);
    return buffer->text != NULL ? write_all(fd, buffer->text, buffer->n_bytes) : 0;
}

/* EntryKit's JSON strings are written by Swift's JSONString (EntryKitStrings). The password alone
   is escaped here, because it must not leave locked memory: it goes to the descriptor from the
   buffer, a run of plain bytes or one escape at a time. Controls are written as \u00XX, which
   JSON reads as JSONString's short forms (\n). */
/**
 * ek_secure_buffer_write_json_to_fd:
 * @buffer: a buffer
 * @fd: a file descriptor open for writing
 *
 * Writes the text to @fd as the inside of a JSON string (no quotes): `"`, `\` and control
 * characters escaped, everything else (UTF-8) as it is.
 *
 * Returns: 0, or an errno value
 */
int ek_secure_buffer_write_json_to_fd(EkSecureBuffer *buffer, int fd) {
    g_return_val_if_fail(EK_IS_SECURE_BUFFER(buffer), EINVAL);
    const char *text = buffer->text;
    gsize run = 0; /* start of the bytes not yet written that need no escape */
    for (gsize i = 0; text != NULL && i < buffer->n_bytes; i++) {
        unsigned char byte = (unsigned char)text[i];
        if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
        int error = write_all(fd, text + run, i - run);
        if (error != 0) return error;
        /* Escapes are written from a small stack buffer, wiped after: they spell one character. */
        char escape[7];
        int length = byte == '"' || byte == '\\' ? snprintf(escape, sizeof escape, "\\%c", byte)
                                                 : snprintf(escape, sizeof escape, "\\u%04x", byte);
        error = write_all(fd, escape, (gsize)length);
        ek_secure_memory_wipe(escape, sizeof escape);
        if (error != 0) return error;
        run = i + 1;
    }
    return text != NULL ? write_all(fd, text + run, buffer->n_bytes - run) : 0;
}

/**
 * ek_secure_buffer_write_assuan_data_to_fd:
 * @buffer: a buffer
 * @fd: a file descriptor open for writing
 *
 * Writes the text to @fd as Assuan `D` lines (a pinentry's answer to `GETPIN`): `%`, CR and LF
 * percent-escaped, lines split at the protocol's 1000 bytes, never inside an escape; the lines
 * are put together in locked memory and written from there. Writes nothing when the buffer is
 * empty.
 *
 * Returns: 0, or an errno value
 */
int ek_secure_buffer_write_assuan_data_to_fd(EkSecureBuffer *buffer, int fd) {
    g_return_val_if_fail(EK_IS_SECURE_BUFFER(buffer), EINVAL);
    if (buffer->text == NULL || buffer->n_bytes == 0) return 0;
    /* Escaped into secure memory of the answer's kind, and written from there whole. */
    EkSecureAnswer *answer = ek_secure_answer_new();
    ek_secure_answer_append_assuan_data(answer, buffer->text, buffer->n_bytes);
    EkAnswerWrite result = ek_secure_answer_write(answer, fd);
    ek_secure_answer_free(answer);
    return result.error;
}

/**
 * ek_secure_buffer_wipe:
 * @buffer: a buffer
 *
 * Wipes and removes all text (emitting #GtkEntryBuffer::deleted-text, as a user's deletion does).
 */
void ek_secure_buffer_wipe(EkSecureBuffer *buffer) {
    g_return_if_fail(EK_IS_SECURE_BUFFER(buffer));
    gtk_entry_buffer_delete_text(GTK_ENTRY_BUFFER(buffer), 0, -1);
}
