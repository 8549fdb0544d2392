#ifndef ENTRYKIT_ACCOUNT_PANEL_H
#define ENTRYKIT_ACCOUNT_PANEL_H

#include "entrykit_password.h"
#include <gio/gio.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EK_TYPE_ACCOUNT_PANEL (ek_account_panel_get_type())
G_DECLARE_FINAL_TYPE(EkAccountPanel, ek_account_panel, EK, ACCOUNT_PANEL, GObject)

EkAccountPanel *ek_account_panel_new(const gchar *title);

/* Properties: written by scripts/object-properties from the declarations in
 * Sources/EntryKit/AccountPanel/AccountPanelProperty.swift; edit those, then run it. */
/**
 * EkAccountPanel:title:
 *
 * The window title, which also names the dialog for screen readers.
 */

/**
 * ek_account_panel_set_title:
 * @panel: a panel
 * @title: the new value
 *
 * Sets #EkAccountPanel:title.
 */
void ek_account_panel_set_title(EkAccountPanel *panel, const gchar *title);

/**
 * ek_account_panel_get_title:
 * @panel: a panel
 *
 * Gets #EkAccountPanel:title.
 *
 * Returns: (transfer none): #EkAccountPanel:title
 */
const gchar *ek_account_panel_get_title(EkAccountPanel *panel);

/**
 * EkAccountPanel:message:
 *
 * A line above the fields (what the account is for); none when empty.
 */

/**
 * ek_account_panel_set_message:
 * @panel: a panel
 * @message: (nullable): the new value
 *
 * Sets #EkAccountPanel:message.
 */
void ek_account_panel_set_message(EkAccountPanel *panel, const gchar *message);

/**
 * ek_account_panel_get_message:
 * @panel: a panel
 *
 * Gets #EkAccountPanel:message.
 *
 * Returns: (transfer none) (nullable): #EkAccountPanel:message
 */
const gchar *ek_account_panel_get_message(EkAccountPanel *panel);

/**
 * EkAccountPanel:username:
 *
 * A name to pre-fill; with one, focus starts in the password field.
 */

/**
 * ek_account_panel_set_username:
 * @panel: a panel
 * @username: (nullable): the new value
 *
 * Sets #EkAccountPanel:username.
 */
void ek_account_panel_set_username(EkAccountPanel *panel, const gchar *username);

/**
 * ek_account_panel_get_username:
 * @panel: a panel
 *
 * Gets #EkAccountPanel:username.
 *
 * Returns: (transfer none) (nullable): #EkAccountPanel:username
 */
const gchar *ek_account_panel_get_username(EkAccountPanel *panel);

/**
 * EkAccountPanel:requires-username:
 *
 * Keeps OK disabled while the username field is empty.
 */

/**
 * ek_account_panel_set_requires_username:
 * @panel: a panel
 * @requires_username: the new value
 *
 * Sets #EkAccountPanel:requires-username.
 */
void ek_account_panel_set_requires_username(EkAccountPanel *panel, gboolean requires_username);

/**
 * ek_account_panel_get_requires_username:
 * @panel: a panel
 *
 * Gets #EkAccountPanel:requires-username.
 *
 * Returns: #EkAccountPanel:requires-username
 */
gboolean ek_account_panel_get_requires_username(EkAccountPanel *panel);

/**
 * EkAccountPanel:requires-password:
 *
 * Keeps OK disabled while the password field is empty.
 */

/**
 * ek_account_panel_set_requires_password:
 * @panel: a panel
 * @requires_password: the new value
 *
 * Sets #EkAccountPanel:requires-password.
 */
void ek_account_panel_set_requires_password(EkAccountPanel *panel, gboolean requires_password);

/**
 * ek_account_panel_get_requires_password:
 * @panel: a panel
 *
 * Gets #EkAccountPanel:requires-password.
 *
 * Returns: #EkAccountPanel:requires-password
 */
gboolean ek_account_panel_get_requires_password(EkAccountPanel *panel);

/**
 * EkAccountPanel:timeout:
 *
 * Seconds the panel waits for an answer before it closes as if cancelled (as pinentry's
 * `--timeout`); 0, the default, waits as long as it takes.
 */

/**
 * ek_account_panel_set_timeout:
 * @panel: a panel
 * @timeout: the new value
 *
 * Sets #EkAccountPanel:timeout.
 */
void ek_account_panel_set_timeout(EkAccountPanel *panel, gint timeout);

/**
 * ek_account_panel_get_timeout:
 * @panel: a panel
 *
 * Gets #EkAccountPanel:timeout.
 *
 * Returns: #EkAccountPanel:timeout
 */
gint ek_account_panel_get_timeout(EkAccountPanel *panel);

/* End of the properties. */

void ek_account_panel_ask(EkAccountPanel *panel, GtkWindow *parent, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data);
gboolean ek_account_panel_ask_finish(EkAccountPanel *panel, GAsyncResult *result, gchar **username,
                                     EkPassword **password, GError **error);
gboolean ek_account_panel_run(EkAccountPanel *panel, GtkWindow *parent, gchar **username, EkPassword **password);

G_END_DECLS

#endif
