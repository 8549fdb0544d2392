#include "entrykit_keyring.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* The header for libsecret's types and prototypes only: the library itself is loaded when a
 * prompt first needs the keyring (see entrykit_keyring.h), so its functions are reached through
 * pointers whose types the header checks. */
#include <libsecret/secret.h>

typedef struct {
    __typeof__(secret_service_search) *search;
    __typeof__(secret_service_search_finish) *search_finish;
    __typeof__(secret_service_store) *store;
    __typeof__(secret_service_store_finish) *store_finish;
    __typeof__(secret_service_clear) *clear;
    __typeof__(secret_service_clear_finish) *clear_finish;
    __typeof__(secret_item_get_locked) *item_get_locked;
    __typeof__(secret_item_get_secret) *item_get_secret;
    __typeof__(secret_item_get_attributes) *item_get_attributes;
    __typeof__(secret_value_new) *value_new;
    __typeof__(secret_value_get) *value_get;
    __typeof__(secret_value_ref) *value_ref;
    __typeof__(secret_value_unref) *value_unref;
} Libsecret;

/* libsecret's functions, loaded once; NULL (and why) when it cannot be. */
static const Libsecret *libsecret(const char **why) {
    static Libsecret functions;
    static const char *failure;
    static gsize loaded = 0;
    if (g_once_init_enter(&loaded)) {
        void *library = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) {
            failure = "libsecret is not installed (Debian: libsecret-1-0)";
        } else {
#define LOAD(field, name) (functions.field = (__typeof__(functions.field))dlsym(library, name)) != NULL
            gboolean complete =
                LOAD(search, "secret_service_search") && LOAD(search_finish, "secret_service_search_finish") &&
                LOAD(store, "secret_service_store") && LOAD(store_finish, "secret_service_store_finish") &&
                LOAD(clear, "secret_service_clear") && LOAD(clear_finish, "secret_service_clear_finish") &&
                LOAD(item_get_locked, "secret_item_get_locked") && LOAD(item_get_secret, "secret_item_get_secret") &&
                LOAD(item_get_attributes, "secret_item_get_attributes") && LOAD(value_new, "secret_value_new") &&
                LOAD(value_get, "secret_value_get") && LOAD(value_ref, "secret_value_ref") &&
                LOAD(value_unref, "secret_value_unref");
#undef LOAD
            if (!complete) failure = "the libsecret installed lacks functions EntryKit needs (0.19 or later)";
        }
        g_once_init_leave(&loaded, 1);
    }
    if (failure != NULL && why != NULL) *why = failure;
    return failure == NULL ? &functions : NULL;
}

/* Whether the environment names a session bus (its address, or a runtime folder holding its
 * socket): GIO would otherwise autolaunch a bus of its own (dbus-launch) for a process that has
 * none. Read from the environment as it is now, not GLib's cached runtime folder. */
static gboolean has_session_bus(void) {
    if (g_getenv("DBUS_SESSION_BUS_ADDRESS") != NULL) return TRUE;
    const gchar *runtime = g_getenv("XDG_RUNTIME_DIR");
    if (runtime == NULL) return FALSE;
    gchar *socket = g_build_filename(runtime, "bus", NULL);
    gboolean exists = g_file_test(socket, G_FILE_TEST_EXISTS);
    g_free(socket);
    return exists;
}

/* ---- Results ------------------------------------------------------------------------------- */

struct _EkKeyringResult {
    EkKeyringStatus status;
    char *message;
    SecretValue *secret;
    GHashTable *attributes;
};

EkKeyringStatus ek_keyring_result_get_status(const EkKeyringResult *result) { return result->status; }

const char *ek_keyring_result_get_message(const EkKeyringResult *result) { return result->message; }

EkKeyringSecret *ek_keyring_result_get_secret(const EkKeyringResult *result) {
    return (EkKeyringSecret *)result->secret;
}

const char *ek_keyring_result_get_attribute(const EkKeyringResult *result, const char *name) {
    return result->attributes != NULL ? g_hash_table_lookup(result->attributes, name) : NULL;
}

/* A secret from a lookup is libsecret's SecretValue: its bytes live in libsecret's secure memory
 * (locked, wiped when the last reference goes). The library is loaded whenever one exists. */
EkKeyringSecret *ek_keyring_secret_ref(EkKeyringSecret *secret) {
    return (EkKeyringSecret *)libsecret(NULL)->value_ref((SecretValue *)secret);
}

void ek_keyring_secret_unref(EkKeyringSecret *secret) {
    if (secret != NULL) libsecret(NULL)->value_unref((SecretValue *)secret);
}

const char *ek_keyring_secret_get_bytes(EkKeyringSecret *secret, gsize *length) {
    return libsecret(NULL)->value_get((SecretValue *)secret, length);
}

/* ---- Calls --------------------------------------------------------------------------------- */

typedef struct {
    EkKeyringCallback callback;
    void *user_data;
    EkKeyringResult result;
} Call;

static Call *call_new(EkKeyringCallback callback, void *user_data) {
    Call *call = g_new0(Call, 1);
    call->callback = callback;
    call->user_data = user_data;
    return call;
}

/* Calls back once, then lets go of everything the result held. */
static void call_finish(Call *call) {
    call->callback(&call->result, call->user_data);
    if (call->result.secret != NULL) libsecret(NULL)->value_unref(call->result.secret);
    if (call->result.attributes != NULL) g_hash_table_unref(call->result.attributes);
    g_free(call->result.message);
    g_free(call);
}

static void call_fail(Call *call, EkKeyringStatus status, const char *message) {
    call->result.status = status;
    call->result.message = g_strdup(message);
    call_finish(call);
}

static gboolean finish_from_idle(gpointer data) {
    call_finish(data);
    return G_SOURCE_REMOVE;
}

/* No keyring can be reached: said from the main loop, as every answer is. */
static void call_fail_later(Call *call, const char *message) {
    call->result.status = EK_KEYRING_UNAVAILABLE;
    call->result.message = g_strdup(message);
    g_idle_add(finish_from_idle, call);
}

/* libsecret, once a session bus exists; else NULL, the call answered as having no keyring. */
static const Libsecret *usable_libsecret(Call *call) {
    if (!has_session_bus()) {
        call_fail_later(call, "no session bus");
        return NULL;
    }
    const char *why = NULL;
    const Libsecret *functions = libsecret(&why);
    if (functions == NULL) call_fail_later(call, why);
    return functions;
}

/* Nothing answers for the Secret Service, or no bus could be reached: no keyring. Anything else
 * the service said is a failure. */
static void call_fail_with_error(Call *call, GError *error) {
    gboolean unreachable =
        (error->domain == G_DBUS_ERROR &&
         (error->code == G_DBUS_ERROR_SERVICE_UNKNOWN || error->code == G_DBUS_ERROR_NAME_HAS_NO_OWNER ||
          error->code == G_DBUS_ERROR_NO_SERVER || error->code == G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND ||
          error->code == G_DBUS_ERROR_SPAWN_EXEC_FAILED || error->code == G_DBUS_ERROR_SPAWN_CHILD_EXITED ||
          error->code == G_DBUS_ERROR_SPAWN_FAILED)) ||
        (error->domain == G_IO_ERROR && error->code != G_IO_ERROR_CANCELLED);
    call_fail(call, unreachable ? EK_KEYRING_UNAVAILABLE : EK_KEYRING_FAILED, error->message);
    g_error_free(error);
}

static GHashTable *attribute_table(const char *const *attributes) {
    GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    for (gsize i = 0; attributes[i] != NULL && attributes[i + 1] != NULL; i += 2)
        g_hash_table_insert(table, g_strdup(attributes[i]), g_strdup(attributes[i + 1]));
    return table;
}

/* ---- Lookup -------------------------------------------------------------------------------- */

static void on_searched(GObject *source, GAsyncResult *async_result, gpointer data) {
    Call *call = data;
    const Libsecret *functions = libsecret(NULL);
    GError *error = NULL;
    GList *items = functions->search_finish((SecretService *)source, async_result, &error);
    if (error != NULL) {
        call_fail_with_error(call, error);
        return;
    }
    if (items == NULL) {
        call_fail(call, EK_KEYRING_NOT_FOUND, NULL);
        return;
    }
    SecretItem *item = items->data;
    SecretValue *secret = functions->item_get_locked(item) ? NULL : functions->item_get_secret(item);
    if (secret == NULL) {
        /* The unlock was cancelled (the search does not fail for that): the item stays locked. */
        call->result.status = EK_KEYRING_LOCKED;
    } else {
        gsize length = 0;
        const char *bytes = functions->value_get(secret, &length);
        if (!g_utf8_validate(bytes, (gssize)length, NULL)) {
            call->result.status = EK_KEYRING_FAILED;
            call->result.message = g_strdup("the item's secret is not text");
            functions->value_unref(secret);
        } else {
            call->result.status = EK_KEYRING_DONE;
            call->result.secret = secret;
            call->result.attributes = functions->item_get_attributes(item);
        }
    }
    g_list_free_full(items, g_object_unref);
    call_finish(call);
}

void ek_keyring_lookup(const char *const *attributes, EkKeyringCallback callback, void *user_data) {
    g_return_if_fail(attributes != NULL && callback != NULL);
    Call *call = call_new(callback, user_data);
    const Libsecret *functions = usable_libsecret(call);
    if (functions == NULL) return;
    GHashTable *table = attribute_table(attributes);
    functions->search(NULL, NULL, table, SECRET_SEARCH_UNLOCK | SECRET_SEARCH_LOAD_SECRETS, NULL, on_searched, call);
    g_hash_table_unref(table);
}

/* ---- Store and clear ----------------------------------------------------------------------- */

static void on_stored(GObject *source, GAsyncResult *async_result, gpointer data) {
    GError *error = NULL;
    libsecret(NULL)->store_finish((SecretService *)source, async_result, &error);
    if (error != NULL)
        call_fail_with_error(data, error);
    else
        call_fail(data, EK_KEYRING_DONE, NULL);
}

void ek_keyring_store(const char *const *attributes, const char *label, const char *secret, gsize length,
                      EkKeyringCallback callback, void *user_data) {
    g_return_if_fail(attributes != NULL && label != NULL && (secret != NULL || length == 0) && callback != NULL);
    Call *call = call_new(callback, user_data);
    const Libsecret *functions = usable_libsecret(call);
    if (functions == NULL) return;
    GHashTable *table = attribute_table(attributes);
    /* Copied into libsecret's secure memory here: the caller's bytes may go once this returns. */
    SecretValue *value = functions->value_new(length > 0 ? secret : "", (gssize)length, "text/plain");
    functions->store(NULL, NULL, table, SECRET_COLLECTION_DEFAULT, label, value, NULL, on_stored, call);
    functions->value_unref(value);
    g_hash_table_unref(table);
}

static void on_cleared(GObject *source, GAsyncResult *async_result, gpointer data) {
    GError *error = NULL;
    gboolean removed = libsecret(NULL)->clear_finish((SecretService *)source, async_result, &error);
    if (error != NULL)
        call_fail_with_error(data, error);
    else
        call_fail(data, removed ? EK_KEYRING_DONE : EK_KEYRING_NOT_FOUND, NULL);
}

void ek_keyring_clear(const char *const *attributes, EkKeyringCallback callback, void *user_data) {
    g_return_if_fail(attributes != NULL && callback != NULL);
    Call *call = call_new(callback, user_data);
    const Libsecret *functions = usable_libsecret(call);
    if (functions == NULL) return;
    GHashTable *table = attribute_table(attributes);
    functions->clear(NULL, NULL, table, NULL, on_cleared, call);
    g_hash_table_unref(table);
}
