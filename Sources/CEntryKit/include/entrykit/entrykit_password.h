#ifndef ENTRYKIT_PASSWORD_H
#define ENTRYKIT_PASSWORD_H

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _EkPassword EkPassword;

#define EK_TYPE_PASSWORD (ek_password_get_type())
GType ek_password_get_type(void) G_GNUC_CONST;

EkPassword *ek_password_new(const guint8 *bytes, gsize length);
EkPassword *ek_password_ref(EkPassword *password);
void ek_password_unref(EkPassword *password);
gsize ek_password_get_length(EkPassword *password);
const guint8 *ek_password_peek(EkPassword *password, gsize *length);
gchar *ek_password_dup_string(EkPassword *password);
gboolean ek_password_write_to_fd(EkPassword *password, gint fd, GError **error);
void ek_password_wipe(EkPassword *password);
gboolean ek_password_is_locked(EkPassword *password);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(EkPassword, ek_password_unref)

G_END_DECLS

#endif
