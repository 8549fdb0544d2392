#ifndef ENTRYKIT_ACCOUNT_PANEL_H
#define ENTRYKIT_ACCOUNT_PANEL_H

#include "entrykit_password.h"
#include <gio/gio.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EK_TYPE_ACCOUNT_PANEL (ek_account_panel_get_type())
G_DECLARE_FINAL_TYPE(EkAccountPanel, ek_account_panel, EK, ACCOUNT_PANEL, GObject)

EkAccountPanel *ek_account_panel_new(const gchar *title);

const gchar *ek_account_panel_get_title(EkAccountPanel *panel);
void ek_account_panel_set_title(EkAccountPanel *panel, const gchar *title);
const gchar *ek_account_panel_get_message(EkAccountPanel *panel);
void ek_account_panel_set_message(EkAccountPanel *panel, const gchar *message);
const gchar *ek_account_panel_get_username(EkAccountPanel *panel);
void ek_account_panel_set_username(EkAccountPanel *panel, const gchar *username);
gboolean ek_account_panel_get_requires_username(EkAccountPanel *panel);
void ek_account_panel_set_requires_username(EkAccountPanel *panel, gboolean requires);
gboolean ek_account_panel_get_requires_password(EkAccountPanel *panel);
void ek_account_panel_set_requires_password(EkAccountPanel *panel, gboolean requires);

void ek_account_panel_ask(EkAccountPanel *panel, GtkWindow *parent, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data);
gboolean ek_account_panel_ask_finish(EkAccountPanel *panel, GAsyncResult *result, gchar **username,
                                     EkPassword **password, GError **error);
gboolean ek_account_panel_run(EkAccountPanel *panel, GtkWindow *parent, gchar **username, EkPassword **password);

G_END_DECLS

#endif
