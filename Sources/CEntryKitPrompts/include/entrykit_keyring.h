#ifndef ENTRYKIT_KEYRING_H
#define ENTRYKIT_KEYRING_H

/* The desktop's keyring: the Secret Service on the session bus (gnome-keyring, KeePassXC,
 * KWallet's bridge), through libsecret.
 *
 * libsecret is loaded the first time a prompt needs the keyring, not linked: every other command
 * starts without it, and a system without it only means no keyring. Every call is asynchronous:
 * it returns at once and calls back from the thread's main context, so a dialog's main loop keeps
 * running while the service answers (or while it shows its own unlock prompt).
 *
 * An item is named by its attributes: "name", "value" pairs ending with NULL. The schema is the
 * attribute "xdg:schema", given like any other when it must match or be stored, so one call finds
 * items that several programs store under different schemas.
 *
 * A secret found stays in libsecret's secure memory (locked, wiped when released), where the
 * caller reads it to write it out; a secret stored is copied from the caller's bytes (in locked
 * memory of its own) straight into libsecret's.
 *
 *     static const char *const item[] = {"xdg:schema", "org.gnupg.Passphrase", "keygrip", "n/0123…", NULL};
 *     ek_keyring_lookup (item, on_found, data);
 */

#include "entrykit_prompts_base.h"

G_BEGIN_DECLS

typedef enum {
    /* Done: the secret was found (lookup), stored, or removed (clear). */
    EK_KEYRING_DONE,
    /* No unlocked item matches (lookup), or none was removed (clear). */
    EK_KEYRING_NOT_FOUND,
    /* An item matches but stayed locked: the person cancelled the unlock. */
    EK_KEYRING_LOCKED,
    /* No keyring: no libsecret, no session bus, or no Secret Service on it. */
    EK_KEYRING_UNAVAILABLE,
    /* The service refused or failed (the message says why). */
    EK_KEYRING_FAILED,
} EkKeyringStatus;

/* What a call came to; valid during the callback only. */
typedef struct _EkKeyringResult EkKeyringResult;

/* A secret a lookup found, where libsecret keeps it (a SecretValue). */
typedef struct _EkKeyringSecret EkKeyringSecret;

EkKeyringSecret *ek_keyring_secret_ref(EkKeyringSecret *secret);
/* Releases a reference; the last one wipes the bytes (NULL does nothing). */
void ek_keyring_secret_unref(EkKeyringSecret *secret);
/* The secret's bytes (UTF-8, no NUL inside) and their number, where they lie. */
const char *ek_keyring_secret_get_bytes(EkKeyringSecret *secret, gsize *length);

typedef void (*EkKeyringCallback)(const EkKeyringResult *result, void *user_data);

EkKeyringStatus ek_keyring_result_get_status(const EkKeyringResult *result);
/* Why the keyring could not be used (EK_KEYRING_UNAVAILABLE, EK_KEYRING_FAILED), else NULL. */
const char *ek_keyring_result_get_message(const EkKeyringResult *result);
/* The secret a lookup found; NULL otherwise. Take a reference to keep it past the callback. */
EkKeyringSecret *ek_keyring_result_get_secret(const EkKeyringResult *result);
/* An attribute of the item a lookup found (git's "user"), else NULL. */
const char *ek_keyring_result_get_attribute(const EkKeyringResult *result, const char *name);

/* The first item matching `attributes`, unlocked if it is locked (the service may ask the person),
 * with its secret. A secret that is not UTF-8 text is reported as EK_KEYRING_FAILED. */
void ek_keyring_lookup(const char *const *attributes, EkKeyringCallback callback, void *user_data);

/* Stores `length` bytes of `secret` under `attributes` and `label` in the default collection,
 * replacing an item with the same attributes. The bytes are copied before this returns. */
void ek_keyring_store(const char *const *attributes, const char *label, const char *secret, gsize length,
                      EkKeyringCallback callback, void *user_data);

/* Removes every unlocked item matching `attributes`: EK_KEYRING_DONE when one was, else
 * EK_KEYRING_NOT_FOUND. */
void ek_keyring_clear(const char *const *attributes, EkKeyringCallback callback, void *user_data);

G_END_DECLS

#endif
