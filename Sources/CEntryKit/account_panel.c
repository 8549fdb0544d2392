#include "entrykit_account_panel_private.h"
#include "swift_entry_points.h"

/**
 * EkAccountPanel:
 *
 * A modal dialog asking for a username and a password, localized, the password typed into
 * locked memory. Only one panel is on screen at a time: a panel asked for while another is open
 * waits for it to close.
 *
 * |[<!-- language="C" -->
 * static void
 * answered (GObject *source, GAsyncResult *result, gpointer data)
 * {
 *   g_autofree gchar *username = NULL;
 *   g_autoptr (EkPassword) password = NULL;
 *   g_autoptr (GError) error = NULL;
 *   if (ek_account_panel_ask_finish (EK_ACCOUNT_PANEL (source), result, &username, &password, &error))
 *     sign_in (username, password);
 * }
 *
 * EkAccountPanel *panel = ek_account_panel_new ("Sign in");
 * ek_account_panel_ask (panel, parent_window, NULL, answered, NULL);
 * ]|
 *
 * OK answers %TRUE with the values (a field left empty gives %NULL); Cancel, Escape or closing
 * the window answer %FALSE with no error; a cancelled #GCancellable closes the panel and
 * answers %FALSE with %G_IO_ERROR_CANCELLED.
 */
struct _EkAccountPanel {
    GObject parent_instance;
    void *implementation; /* the Swift panel and its state, made in constructed, released in finalize */
};

G_DEFINE_FINAL_TYPE(EkAccountPanel, ek_account_panel, G_TYPE_OBJECT)

enum { SIGNAL_VALIDATE, N_SIGNALS };
static guint signals[N_SIGNALS];

void *ek_account_panel_implementation(EkAccountPanel *panel) { return panel->implementation; }

/* What an ask ends with. */
typedef struct {
    gboolean accepted;
    gchar *username;
    EkPassword *password;
} Answer;

static void answer_free(gpointer data) {
    Answer *answer = data;
    g_free(answer->username);
    if (answer->password) ek_password_unref(answer->password);
    g_free(answer);
}

/* What a task carries while its panel is up: the cancellable's handler. */
typedef struct {
    GCancellable *cancellable;
    gulong cancelled_handler;
    guint cancel_source;
} Ask;

static void ask_free(gpointer data) {
    Ask *ask = data;
    if (ask->cancel_source) g_source_remove(ask->cancel_source);
    g_free(ask);
}

/* The panel gets its state before anything can set a property: g_object_new sets the
 * properties after constructed, whatever made the panel (Swift, C, a binding, GtkBuilder). */
static void panel_constructed(GObject *object) {
    G_OBJECT_CLASS(ek_account_panel_parent_class)->constructed(object);
    EkAccountPanel *panel = EK_ACCOUNT_PANEL(object);
    panel->implementation = ek_account_panel_implementation_new(panel);
}

/* Released last: a panel is no widget, nothing destroys it while a reference (a handle, an ask's
 * task) still reads it. */
static void panel_finalize(GObject *object) {
    ek_account_panel_implementation_release(EK_ACCOUNT_PANEL(object)->implementation);
    G_OBJECT_CLASS(ek_account_panel_parent_class)->finalize(object);
}

/* "validate" stops at the first handler that returns a message. */
static gboolean first_message(GSignalInvocationHint *hint, GValue *accumulated, const GValue *returned, gpointer data) {
    (void)hint;
    (void)data;
    const gchar *message = g_value_get_string(returned);
    g_value_set_string(accumulated, message);
    return message == NULL;
}

static void ek_account_panel_class_init(EkAccountPanelClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->constructed = panel_constructed;
    object_class->finalize = panel_finalize;
    /* The properties are declared with their state, in Swift. */
    ek_account_panel_install_properties(object_class);

    /**
     * EkAccountPanel::validate:
     * @panel: the panel
     * @username: (nullable): the username, %NULL when empty
     * @password: the password, lent: it is wiped when the handlers have returned
     *
     * Emitted on OK. Return a message to keep the panel open for another try (it shows under the
     * fields and the password is cleared), or %NULL to accept.
     *
     * Returns: (transfer full) (nullable): why the values are refused, or %NULL
     */
    signals[SIGNAL_VALIDATE] = g_signal_new("validate", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, first_message,
                                            NULL, NULL, G_TYPE_STRING, 2, G_TYPE_STRING, EK_TYPE_PASSWORD);
}

static void ek_account_panel_init(EkAccountPanel *panel) { (void)panel; }

/**
 * ek_account_panel_new:
 * @title: the window title
 *
 * Makes a new panel; nothing shows until ek_account_panel_ask() or ek_account_panel_run().
 *
 * Returns: (transfer full): a new panel; nothing shows until ek_account_panel_ask() or
 *   ek_account_panel_run()
 */
EkAccountPanel *ek_account_panel_new(const gchar *title) {
    return g_object_new(EK_TYPE_ACCOUNT_PANEL, "title", title != NULL ? title : "", NULL);
}

/* The panel goes away from an idle callback: a cancellable's handler must not disconnect
 * itself, which closing the panel (and so completing the task) would do. */
static gboolean cancel_now(gpointer data) {
    GTask *task = data;
    Ask *ask = g_task_get_task_data(task);
    ask->cancel_source = 0;
    EkAccountPanel *panel = g_task_get_source_object(task);
    ek_account_panel_implementation_cancel(panel->implementation, task);
    return G_SOURCE_REMOVE;
}

static void cancelled(GCancellable *cancellable, gpointer data) {
    (void)cancellable;
    GTask *task = data;
    Ask *ask = g_task_get_task_data(task);
    if (!ask->cancel_source) ask->cancel_source = g_idle_add(cancel_now, task);
}

/**
 * ek_account_panel_ask:
 * @panel: a panel
 * @parent: (nullable): the window the panel belongs to (modal for it)
 * @cancellable: (nullable): closes the panel when cancelled
 * @callback: (scope async): called once when the panel closes
 * @user_data: data for @callback
 *
 * Shows the panel (or queues it behind the one on screen) and returns at once; @callback gets
 * the answer through ek_account_panel_ask_finish().
 */
void ek_account_panel_ask(EkAccountPanel *panel, GtkWindow *parent, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data) {
    g_return_if_fail(EK_IS_ACCOUNT_PANEL(panel));
    g_return_if_fail(parent == NULL || GTK_IS_WINDOW(parent));
    g_return_if_fail(cancellable == NULL || G_IS_CANCELLABLE(cancellable));
    GTask *task = g_task_new(panel, cancellable, callback, user_data);
    g_task_set_source_tag(task, ek_account_panel_ask);
    Ask *ask = g_new0(Ask, 1);
    g_task_set_task_data(task, ask, ask_free);
    if (g_task_return_error_if_cancelled(task)) {
        g_object_unref(task);
        return;
    }
    if (cancellable) {
        ask->cancellable = cancellable;
        ask->cancelled_handler = g_cancellable_connect(cancellable, G_CALLBACK(cancelled), task, NULL);
    }
    /* The task's reference passes to the implementation, which gives it back in
     * ek_account_panel_complete. */
    ek_account_panel_implementation_ask(panel->implementation, parent, task);
}

void ek_account_panel_complete(GTask *task, gboolean accepted, const gchar *username, EkPassword *password) {
    g_return_if_fail(G_IS_TASK(task));
    Ask *ask = g_task_get_task_data(task);
    if (ask->cancellable) g_cancellable_disconnect(ask->cancellable, ask->cancelled_handler);
    ask->cancellable = NULL;
    if (ask->cancel_source) {
        g_source_remove(ask->cancel_source);
        ask->cancel_source = 0;
    }
    Answer *answer = g_new0(Answer, 1);
    answer->accepted = accepted;
    answer->username = g_strdup(username);
    answer->password = password;
    /* A cancelled task answers G_IO_ERROR_CANCELLED (and frees the answer). */
    g_task_return_pointer(task, answer, answer_free);
    g_object_unref(task);
}

/**
 * ek_account_panel_ask_finish:
 * @panel: a panel
 * @result: the result @callback received
 * @username: (out) (optional) (nullable) (transfer full): the username, %NULL when cancelled or empty
 * @password: (out) (optional) (nullable) (transfer full): the password in locked memory, %NULL when
 *   cancelled or empty
 * @error: return location for a #GError: %G_IO_ERROR_CANCELLED when the cancellable closed the panel
 *
 * Ends ek_account_panel_ask(): what the user answered.
 *
 * Returns: %TRUE when the user pressed OK
 */
gboolean ek_account_panel_ask_finish(EkAccountPanel *panel, GAsyncResult *result, gchar **username,
                                     EkPassword **password, GError **error) {
    if (username) *username = NULL;
    if (password) *password = NULL;
    g_return_val_if_fail(g_task_is_valid(result, panel), FALSE);
    Answer *answer = g_task_propagate_pointer(G_TASK(result), error);
    if (answer == NULL) return FALSE;
    gboolean accepted = answer->accepted;
    if (username) *username = g_steal_pointer(&answer->username);
    if (password) *password = g_steal_pointer(&answer->password);
    answer_free(answer);
    return accepted;
}

/**
 * ek_account_panel_run:
 * @panel: a panel
 * @parent: (nullable): the window the panel belongs to
 * @username: (out) (optional) (nullable) (transfer full): the username
 * @password: (out) (optional) (nullable) (transfer full): the password in locked memory
 *
 * Shows the panel and returns when it closes, running a nested main loop meanwhile (as
 * gtk_dialog_run() does).
 *
 * Returns: %TRUE when the user pressed OK
 */
gboolean ek_account_panel_run(EkAccountPanel *panel, GtkWindow *parent, gchar **username, EkPassword **password) {
    if (username) *username = NULL;
    if (password) *password = NULL;
    g_return_val_if_fail(EK_IS_ACCOUNT_PANEL(panel), FALSE);
    g_return_val_if_fail(parent == NULL || GTK_IS_WINDOW(parent), FALSE);
    return ek_account_panel_implementation_run(panel->implementation, parent, username, password);
}

gboolean ek_account_panel_validates(EkAccountPanel *panel) {
    return g_signal_has_handler_pending(panel, signals[SIGNAL_VALIDATE], 0, FALSE);
}

gchar *ek_account_panel_validate(EkAccountPanel *panel, const gchar *username, const guint8 *bytes, gsize length) {
    EkPassword *password = ek_password_new(bytes, length);
    gchar *message = NULL;
    g_signal_emit(panel, signals[SIGNAL_VALIDATE], 0, username, password, &message);
    /* Lent for the handlers only: a binding that kept the boxed value sees it empty. */
    ek_password_wipe(password);
    ek_password_unref(password);
    return message;
}
