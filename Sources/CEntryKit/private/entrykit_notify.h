#ifndef ENTRYKIT_NOTIFY_H
#define ENTRYKIT_NOTIFY_H

#include <glib-object.h>

G_BEGIN_DECLS

/* Notifying only when someone listens. GLib 2.74 (Debian 12's) emits "notify" whether anyone
 * listens or not, and cold (a set after the main loop was idle) that costs tens of microseconds,
 * as much as setting a thousand items. So EntryKit's classes notify their own properties only
 * when a handler would hear it: one connected to "notify::name", or a plain "notify" handler
 * other than those the object was told to leave out (GTK's accessible connects one to every
 * widget it serves, which reads only GTK's own properties). */

/* Whether a notification of `pspec`, a property of `object`, reaches anyone. */
gboolean ek_object_notify_is_heard(GObject *object, GParamSpec *pspec);
/* Emits the notification of `pspec` when anyone hears it. */
void ek_object_notify_if_heard(GObject *object, GParamSpec *pspec);

/* A mark in the order handlers are connected in (their ids grow). */
gulong ek_object_notify_mark(GObject *object);
/* The plain "notify" handlers connected to `object` since `mark` hear nothing of its own
 * properties: they do not count as listeners. */
void ek_object_leave_out_notify_handlers_since(GObject *object, gulong mark);

G_END_DECLS

#endif
