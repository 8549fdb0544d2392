#include "entrykit_first_draw.h"

typedef struct {
    GSourceFunc work;
    gpointer data;
    GDestroyNotify destroy;
    gulong handler;
} FirstDraw;

static void first_draw_free(gpointer pointer, GClosure *closure) {
    (void)closure;
    FirstDraw *first = pointer;
    if (first->destroy) first->destroy(first->data);
    g_free(first);
}

static gboolean drawn(GtkWidget *widget, cairo_t *cr, FirstDraw *first) {
    (void)cr;
    /* An idle runs after the frame clock's paint is over, and a round trip made then reaches the
     * display server after the frame's drawing. */
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, first->work, first->data, first->destroy);
    first->destroy = NULL; /* the idle owns the data now */
    g_signal_handler_disconnect(widget, first->handler);
    return FALSE;
}

void ek_widget_after_first_draw(GtkWidget *widget, GSourceFunc work, gpointer data, GDestroyNotify destroy) {
    g_return_if_fail(GTK_IS_WIDGET(widget));
    FirstDraw *first = g_new0(FirstDraw, 1);
    *first = (FirstDraw){work, data, destroy, 0};
    first->handler = g_signal_connect_data(widget, "draw", G_CALLBACK(drawn), first, first_draw_free, G_CONNECT_AFTER);
}
