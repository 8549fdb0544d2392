#ifndef ENTRYKIT_ACCOUNT_PANEL_PRIVATE_H
#define ENTRYKIT_ACCOUNT_PANEL_PRIVATE_H

/* What the panel's Swift state and behaviour call in EkAccountPanel beyond its public API. */

#include "entrykit/entrykit_account_panel.h"

G_BEGIN_DECLS

/* The Swift panel behind `panel` (its state: one AccountRequest), made when it was constructed
 * and kept until it is finalized (unretained): every typed setter and getter calls it directly. */
void *ek_account_panel_implementation(EkAccountPanel *panel);

/* Ends an ask: `username` is copied; `password` (may be NULL) is taken over. */
void ek_account_panel_complete(GTask *task, gboolean accepted, const gchar *username, EkPassword *password);
/* Emits "validate" with a copy of the password in locked memory, wiped when the handlers have
 * returned. Returns the first message a handler gave (g_free it), or NULL to accept. */
gchar *ek_account_panel_validate(EkAccountPanel *panel, const gchar *username, const guint8 *password, gsize length);
/* Whether anyone connected to "validate". */
gboolean ek_account_panel_validates(EkAccountPanel *panel);

G_END_DECLS

#endif
