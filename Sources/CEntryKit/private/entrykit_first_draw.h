#ifndef ENTRYKIT_FIRST_DRAW_H
#define ENTRYKIT_FIRST_DRAW_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Runs `work` once, from an idle callback after `widget` is first drawn, so that work which is no
 * part of the first frame (a round trip to the display server) does not delay it. Nothing runs if
 * the widget is destroyed before it is drawn; `destroy` frees `data` in either case. */
void ek_widget_after_first_draw(GtkWidget *widget, GSourceFunc work, gpointer data, GDestroyNotify destroy);

G_END_DECLS

#endif
