/* Notifying only when someone listens (see entrykit_notify.h). */

#include "entrykit_notify.h"

/* The plain "notify" handlers left out, as object data. */
typedef struct {
    guint count;
    gulong handlers[4];
} LeftOut;

static guint notify_signal(void) {
    static guint id;
    if (id == 0) id = g_signal_lookup("notify", G_TYPE_OBJECT);
    return id;
}

static GQuark left_out_quark(void) { return g_quark_from_static_string("entrykit-left-out-notify-handlers"); }

gboolean ek_object_notify_is_heard(GObject *object, GParamSpec *pspec) {
    /* GLib 2.74 matches a detail exactly: "notify::name" handlers, then plain "notify" ones. */
    if (g_signal_has_handler_pending(object, notify_signal(), g_param_spec_get_name_quark(pspec), FALSE)) return TRUE;
    LeftOut *left_out = g_object_get_qdata(object, left_out_quark());
    gulong blocked[G_N_ELEMENTS(left_out->handlers)];
    guint n_blocked = 0;
    for (guint i = 0; left_out && i < left_out->count; i++) {
        if (!g_signal_handler_is_connected(object, left_out->handlers[i])) continue;
        g_signal_handler_block(object, left_out->handlers[i]);
        blocked[n_blocked++] = left_out->handlers[i];
    }
    gboolean heard = g_signal_has_handler_pending(object, notify_signal(), 0, FALSE);
    for (guint i = 0; i < n_blocked; i++) g_signal_handler_unblock(object, blocked[i]);
    return heard;
}

void ek_object_notify_if_heard(GObject *object, GParamSpec *pspec) {
    if (ek_object_notify_is_heard(object, pspec)) g_object_notify_by_pspec(object, pspec);
}

static void hear_nothing(void) {}

gulong ek_object_notify_mark(GObject *object) {
    gulong mark = g_signal_connect(object, "notify", G_CALLBACK(hear_nothing), NULL);
    g_signal_handler_disconnect(object, mark);
    return mark;
}

void ek_object_leave_out_notify_handlers_since(GObject *object, gulong mark) {
    LeftOut *left_out = g_new0(LeftOut, 1);
    /* GLib finds only the first match: each one found is blocked until all are found. */
    const GSignalMatchType unblocked_plain = G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DETAIL | G_SIGNAL_MATCH_UNBLOCKED;
    gulong all[16];
    guint n_all = 0;
    gulong id;
    while (n_all < G_N_ELEMENTS(all) &&
           (id = g_signal_handler_find(object, unblocked_plain, notify_signal(), 0, NULL, NULL, NULL)) != 0) {
        g_signal_handler_block(object, id);
        all[n_all++] = id;
        if (id > mark && left_out->count < G_N_ELEMENTS(left_out->handlers)) left_out->handlers[left_out->count++] = id;
    }
    for (guint i = 0; i < n_all; i++) g_signal_handler_unblock(object, all[i]);
    g_object_set_qdata_full(object, left_out_quark(), left_out, g_free);
}
