#include "entrykit_password.h"
#include "secure_memory.h"

#include <errno.h>
#include <gio/gio.h>
#include <string.h>
#include <unistd.h>

/**
 * EkPassword:
 *
 * A password in locked memory: the bytes (UTF-8, no terminator) live in a private mapping that is
 * `mlock`ed (never written to swap), left out of core dumps and out of forked children, and wiped
 * when the last reference goes or when ek_password_wipe() is called.
 *
 * Reading it copies nothing in C and Vala: ek_password_peek() gives the bytes where they lie.
 * Python and JavaScript bindings copy what ek_password_peek() returns into a `bytes` or
 * `Uint8Array` of their own, and ek_password_dup_string() always copies, into memory that
 * nothing locks or wipes; ek_password_write_to_fd() hands the bytes to a pipe or file without
 * any copy in every language.
 */
struct _EkPassword {
    gatomicrefcount references;
    char *bytes; /* inside the mapping; NULL when empty */
    gsize length;
    gsize capacity;
    gboolean locked;
};

G_DEFINE_BOXED_TYPE(EkPassword, ek_password, ek_password_ref, ek_password_unref)

/**
 * ek_password_new:
 * @bytes: (array length=length) (nullable): the password's bytes
 * @length: how many bytes
 *
 * Copies @bytes into a new locked mapping. Most callers receive passwords from
 * ek_account_panel_ask_finish() instead.
 *
 * Returns: (transfer full): a new password
 */
EkPassword *ek_password_new(const guint8 *bytes, gsize length) {
    g_return_val_if_fail(bytes != NULL || length == 0, NULL);
    EkPassword *password = g_new0(EkPassword, 1);
    g_atomic_ref_count_init(&password->references);
    if (length > 0) {
        password->bytes = ek_secure_memory_map(length, &password->capacity, &password->locked);
        memcpy(password->bytes, bytes, length);
        password->length = length;
    }
    return password;
}

/**
 * ek_password_ref:
 * @password: a password
 *
 * Adds a reference.
 *
 * Returns: (transfer full): @password, with one more reference
 */
EkPassword *ek_password_ref(EkPassword *password) {
    g_return_val_if_fail(password != NULL, NULL);
    g_atomic_ref_count_inc(&password->references);
    return password;
}

/**
 * ek_password_unref:
 * @password: (transfer full): a password
 *
 * Drops a reference; the last one wipes and unmaps the bytes.
 */
void ek_password_unref(EkPassword *password) {
    g_return_if_fail(password != NULL);
    if (!g_atomic_ref_count_dec(&password->references)) return;
    ek_password_wipe(password);
    g_free(password);
}

/**
 * ek_password_get_length:
 * @password: a password
 *
 * Gets the number of bytes (0 once wiped).
 *
 * Returns: the number of bytes (0 once wiped)
 */
gsize ek_password_get_length(EkPassword *password) {
    g_return_val_if_fail(password != NULL, 0);
    return password->length;
}

/**
 * ek_password_peek:
 * @password: a password
 * @length: (out): the number of bytes
 *
 * The bytes where they lie in locked memory, valid until @password is wiped or freed. C and
 * Vala read them in place; Python and JavaScript receive a copy in ordinary memory.
 *
 * Returns: (array length=length) (transfer none) (nullable): the bytes (UTF-8, no terminator)
 */
const guint8 *ek_password_peek(EkPassword *password, gsize *length) {
    g_return_val_if_fail(password != NULL, NULL);
    if (length != NULL) *length = password->length;
    return (const guint8 *)password->bytes;
}

/**
 * ek_password_dup_string:
 * @password: a password
 *
 * Copies the password into an ordinary string. Less safe: the copy can be swapped to disk or
 * dumped with a crash, and nothing wipes it. Prefer ek_password_peek() or
 * ek_password_write_to_fd().
 *
 * Returns: (transfer full): the password as a new string
 */
gchar *ek_password_dup_string(EkPassword *password) {
    g_return_val_if_fail(password != NULL, NULL);
    return g_strndup(password->bytes != NULL ? password->bytes : "", password->length);
}

/**
 * ek_password_write_to_fd:
 * @password: a password
 * @fd: a file descriptor open for writing (a pipe to another program)
 * @error: return location for a #GError
 *
 * Writes the bytes to @fd straight from locked memory, retrying short writes: no copy is made
 * in any language.
 *
 * Returns: %TRUE when every byte was written
 */
gboolean ek_password_write_to_fd(EkPassword *password, gint fd, GError **error) {
    g_return_val_if_fail(password != NULL, FALSE);
    gsize written = 0;
    while (written < password->length) {
        ssize_t count = write(fd, password->bytes + written, password->length - written);
        if (count < 0) {
            if (errno == EINTR) continue;
            int code = errno;
            g_set_error(error, G_IO_ERROR, g_io_error_from_errno(code), "cannot write the password: %s",
                        g_strerror(code));
            return FALSE;
        }
        written += (gsize)count;
    }
    return TRUE;
}

/**
 * ek_password_wipe:
 * @password: a password
 *
 * Zeroes and unmaps the bytes now; the password is empty afterwards. Call it as soon as the
 * password has been used.
 */
void ek_password_wipe(EkPassword *password) {
    g_return_if_fail(password != NULL);
    ek_secure_memory_unmap(password->bytes, password->capacity, password->locked);
    password->bytes = NULL;
    password->length = password->capacity = 0;
    password->locked = FALSE;
}

/**
 * ek_password_is_locked:
 * @password: a password
 *
 * Tells whether the bytes are in memory locked against swapping.
 *
 * Returns: whether the bytes are in memory locked against swapping (%FALSE when empty, or when
 *   `ulimit -l` forbade locking)
 */
gboolean ek_password_is_locked(EkPassword *password) {
    g_return_val_if_fail(password != NULL, FALSE);
    return password->locked;
}
