#ifndef ENTRYKIT_POLKIT_AGENT_H
#define ENTRYKIT_POLKIT_AGENT_H

/* What `entrykit polkit-agent` needs in C: a PolkitAgentListener whose authentications Swift
 * runs, and a PolkitAgentSession whose signals reach Swift as one callback. Not part of the
 * library's API. */

#define POLKIT_AGENT_I_KNOW_API_IS_SUBJECT_TO_CHANGE
#include <gio/gio.h>
#include <polkitagent/polkitagent.h>

G_BEGIN_DECLS

/* ---- The listener ---------------------------------------------------------------------------- */

#define EK_TYPE_POLKIT_LISTENER (ek_polkit_listener_get_type())
G_DECLARE_FINAL_TYPE(EkPolkitListener, ek_polkit_listener, EK, POLKIT_LISTENER, PolkitAgentListener)

/* One authentication polkitd asks for (BeginAuthentication): what to show, whom it may be, and
 * the task to answer with ek_polkit_task_succeed or ek_polkit_task_cancel, exactly once.
 * `identities` holds PolkitIdentity objects; `cancellable` is cancelled when polkitd cancels the
 * authentication (CancelAuthentication: the program that asked went away). Each pointer is
 * borrowed for the call; take references to keep them. */
typedef void (*EkPolkitBeginHandler)(const gchar *action_id, const gchar *message, PolkitDetails *details,
                                     const gchar *cookie, GList *identities, GCancellable *cancellable, GTask *task,
                                     gpointer user_data);

/* A new listener, with a full reference, calling `begin` for every authentication. */
EkPolkitListener *ek_polkit_listener_new(EkPolkitBeginHandler begin, gpointer user_data);

/* Answers polkitd: the person authenticated (the helper has told polkitd who). */
void ek_polkit_task_succeed(GTask *task);

/* Answers polkitd with org.freedesktop.PolicyKit1.Error.Cancelled: the person dismissed the
 * dialog (pkcheck reports it as dismissed, status 3). */
void ek_polkit_task_cancel(GTask *task);

/* Registers `listener` for `subject` on the system bus; `fallback` makes it an agent polkitd uses
 * only when no other is registered for the subject (pkttyagent --fallback). Returns the
 * registration handle for polkit_agent_listener_unregister, or NULL with `error` set. */
gpointer ek_polkit_listener_register(EkPolkitListener *listener, PolkitSubject *subject, gboolean fallback,
                                     GError **error);

/* ---- Identities and details ------------------------------------------------------------------ */

/* The user id of a unix-user identity; -1 for any other kind (polkit expands groups to users). */
gint64 ek_polkit_identity_uid(PolkitIdentity *identity);

/* Whether `error` is polkit's "an agent already exists for the subject" refusal. */
gboolean ek_polkit_error_is_agent_exists(const GError *error);

/* ---- A session: one attempt to authenticate one identity ------------------------------------- */

typedef enum {
    /* PAM asks (`text` the prompt; `flag` whether the answer may be shown as it is typed). */
    EK_POLKIT_SESSION_REQUEST,
    /* PAM's error or information message (`text`). */
    EK_POLKIT_SESSION_SHOW_ERROR,
    EK_POLKIT_SESSION_SHOW_INFO,
    /* The attempt ended (`flag`: authenticated). No more events come. */
    EK_POLKIT_SESSION_COMPLETED,
} EkPolkitSessionEvent;

typedef void (*EkPolkitSessionHandler)(EkPolkitSessionEvent event, const gchar *text, gboolean flag,
                                       gpointer user_data);

/* Starts polkit-agent-helper-1 for `identity` and `cookie`; every event of the attempt goes to
 * `handler`. `destroy` releases `user_data` once ek_polkit_session_stop has run. */
PolkitAgentSession *ek_polkit_session_start(PolkitIdentity *identity, const gchar *cookie,
                                            EkPolkitSessionHandler handler, gpointer user_data, GDestroyNotify destroy);

/* Ends the attempt: no more events, the helper stopped, the session released once the signal
 * that may be running has returned. Takes the caller's reference. */
void ek_polkit_session_stop(PolkitAgentSession *session);

G_END_DECLS

#endif
