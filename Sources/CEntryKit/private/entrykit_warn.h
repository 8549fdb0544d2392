#ifndef ENTRYKIT_WARN_H
#define ENTRYKIT_WARN_H

#include <glib.h>

G_BEGIN_DECLS

/* Reports a refused call or a misuse as a GLib warning in the "EntryKit" domain. */
void ek_warn(const char *message);

G_END_DECLS

#endif
