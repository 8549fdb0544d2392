#include "entrykit_polkit_agent.h"

#include <string.h>

/* ---- The listener ---------------------------------------------------------------------------- */

struct _EkPolkitListener {
    PolkitAgentListener parent_instance;
    EkPolkitBeginHandler begin;
    gpointer user_data;
};

G_DEFINE_TYPE(EkPolkitListener, ek_polkit_listener, POLKIT_AGENT_TYPE_LISTENER)

static void initiate_authentication(PolkitAgentListener *listener, const gchar *action_id, const gchar *message,
                                    const gchar *icon_name, PolkitDetails *details, const gchar *cookie,
                                    GList *identities, GCancellable *cancellable, GAsyncReadyCallback callback,
                                    gpointer user_data) {
    (void)icon_name; /* the dialog is EntryKit's; an action's icon names no file */
    EkPolkitListener *self = EK_POLKIT_LISTENER(listener);
    GTask *task = g_task_new(listener, cancellable, callback, user_data);
    g_task_set_source_tag(task, initiate_authentication);
    /* The answer is the agent's own: Cancelled after a cancellation too, not GIO's error. */
    g_task_set_check_cancellable(task, FALSE);
    self->begin(action_id, message, details, cookie, identities, cancellable, task, self->user_data);
    g_object_unref(task); /* the handler keeps its own reference until it answers */
}

static gboolean initiate_authentication_finish(PolkitAgentListener *listener, GAsyncResult *result, GError **error) {
    g_return_val_if_fail(g_task_is_valid(result, listener), FALSE);
    return g_task_propagate_boolean(G_TASK(result), error);
}

static void ek_polkit_listener_class_init(EkPolkitListenerClass *klass) {
    PolkitAgentListenerClass *listener_class = POLKIT_AGENT_LISTENER_CLASS(klass);
    listener_class->initiate_authentication = initiate_authentication;
    listener_class->initiate_authentication_finish = initiate_authentication_finish;
}

static void ek_polkit_listener_init(EkPolkitListener *self) { (void)self; }

EkPolkitListener *ek_polkit_listener_new(EkPolkitBeginHandler begin, gpointer user_data) {
    EkPolkitListener *listener = g_object_new(EK_TYPE_POLKIT_LISTENER, NULL);
    listener->begin = begin;
    listener->user_data = user_data;
    return listener;
}

void ek_polkit_task_succeed(GTask *task) { g_task_return_boolean(task, TRUE); }

void ek_polkit_task_cancel(GTask *task) {
    g_task_return_new_error(task, POLKIT_ERROR, POLKIT_ERROR_CANCELLED, "The authentication dialog was dismissed");
}

gpointer ek_polkit_listener_register(EkPolkitListener *listener, PolkitSubject *subject, gboolean fallback,
                                     GError **error) {
    GVariant *options = NULL;
    if (fallback) {
        GVariantBuilder builder;
        g_variant_builder_init(&builder, G_VARIANT_TYPE_VARDICT);
        g_variant_builder_add(&builder, "{sv}", "fallback", g_variant_new_boolean(TRUE));
        options = g_variant_builder_end(&builder);
    }
    return polkit_agent_listener_register_with_options(
        POLKIT_AGENT_LISTENER(listener), POLKIT_AGENT_REGISTER_FLAGS_NONE, subject, NULL, options, NULL, error);
}

/* ---- Identities and errors ------------------------------------------------------------------- */

gint64 ek_polkit_identity_uid(PolkitIdentity *identity) {
    return POLKIT_IS_UNIX_USER(identity) ? polkit_unix_user_get_uid(POLKIT_UNIX_USER(identity)) : -1;
}

gboolean ek_polkit_error_is_agent_exists(const GError *error) {
    /* polkitd answers org.freedesktop.PolicyKit1.Error.Failed with this text (polkitbackend). */
    return error != NULL && error->message != NULL &&
           strstr(error->message, "An authentication agent already exists for the given subject") != NULL;
}

/* ---- Sessions -------------------------------------------------------------------------------- */

typedef struct {
    EkPolkitSessionHandler handler;
    gpointer user_data;
    GDestroyNotify destroy;
} SessionHandler;

static const char session_handler_key[] = "entrykit-session-handler";

static void session_handler_free(gpointer data) {
    SessionHandler *handler = data;
    if (handler->destroy != NULL) handler->destroy(handler->user_data);
    g_free(handler);
}

static void on_request(PolkitAgentSession *session, const gchar *request, gboolean echo_on, gpointer data) {
    (void)session;
    SessionHandler *handler = data;
    handler->handler(EK_POLKIT_SESSION_REQUEST, request, echo_on, handler->user_data);
}

static void on_show_error(PolkitAgentSession *session, const gchar *text, gpointer data) {
    (void)session;
    SessionHandler *handler = data;
    handler->handler(EK_POLKIT_SESSION_SHOW_ERROR, text, FALSE, handler->user_data);
}

static void on_show_info(PolkitAgentSession *session, const gchar *text, gpointer data) {
    (void)session;
    SessionHandler *handler = data;
    handler->handler(EK_POLKIT_SESSION_SHOW_INFO, text, FALSE, handler->user_data);
}

static void on_completed(PolkitAgentSession *session, gboolean gained_authorization, gpointer data) {
    (void)session;
    SessionHandler *handler = data;
    handler->handler(EK_POLKIT_SESSION_COMPLETED, NULL, gained_authorization, handler->user_data);
}

PolkitAgentSession *ek_polkit_session_start(PolkitIdentity *identity, const gchar *cookie,
                                            EkPolkitSessionHandler handler, gpointer user_data,
                                            GDestroyNotify destroy) {
    PolkitAgentSession *session = polkit_agent_session_new(identity, cookie);
    SessionHandler *data = g_new0(SessionHandler, 1);
    data->handler = handler;
    data->user_data = user_data;
    data->destroy = destroy;
    /* Released with the session, which ek_polkit_session_stop lets go of only from the main loop. */
    g_object_set_data_full(G_OBJECT(session), session_handler_key, data, session_handler_free);
    g_signal_connect(session, "request", G_CALLBACK(on_request), data);
    g_signal_connect(session, "show-error", G_CALLBACK(on_show_error), data);
    g_signal_connect(session, "show-info", G_CALLBACK(on_show_info), data);
    g_signal_connect(session, "completed", G_CALLBACK(on_completed), data);
    polkit_agent_session_initiate(session);
    return session;
}

static gboolean release_session(gpointer session) {
    g_object_unref(session);
    return G_SOURCE_REMOVE;
}

void ek_polkit_session_stop(PolkitAgentSession *session) {
    g_signal_handlers_disconnect_by_data(session, g_object_get_data(G_OBJECT(session), session_handler_key));
    /* Stops the helper if it still runs (a finished session has stopped it already). */
    polkit_agent_session_cancel(session);
    /* Called from one of the session's own signals, often: the handler and the object it calls
     * must outlive that emission. */
    g_idle_add(release_session, session);
}
