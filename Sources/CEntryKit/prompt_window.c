#include "entrykit_prompt_window.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#ifdef GDK_WINDOWING_X11
#include <gdk/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/gdkwayland.h>
#endif

/* ---- Wayland: an overlay layer surface -------------------------------------------------------
 * gtk-layer-shell (0.8, made for GTK 3) is loaded when a prompt first needs it, not linked: a
 * desktop without a layer shell (GNOME) needs none of it, and a missing library only means the
 * plain window. The values are gtk-layer-shell.h's. */

#ifdef GDK_WINDOWING_WAYLAND
enum { LAYER_OVERLAY = 3, KEYBOARD_MODE_EXCLUSIVE = 1 };

typedef struct {
    gboolean (*is_supported)(void);
    void (*init_for_window)(GtkWindow *window);
    void (*set_layer)(GtkWindow *window, int layer);
    void (*set_keyboard_mode)(GtkWindow *window, int mode);
    void (*set_namespace)(GtkWindow *window, const char *name_space);
} LayerShell;

static const LayerShell *layer_shell(void) {
    static LayerShell functions;
    static gsize loaded = 0;
    static gboolean available = FALSE;
    if (g_once_init_enter(&loaded)) {
        void *library = dlopen("libgtk-layer-shell.so.0", RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) {
            functions.is_supported = (gboolean(*)(void))dlsym(library, "gtk_layer_is_supported");
            functions.init_for_window = (void (*)(GtkWindow *))dlsym(library, "gtk_layer_init_for_window");
            functions.set_layer = (void (*)(GtkWindow *, int))dlsym(library, "gtk_layer_set_layer");
            functions.set_keyboard_mode = (void (*)(GtkWindow *, int))dlsym(library, "gtk_layer_set_keyboard_mode");
            functions.set_namespace = (void (*)(GtkWindow *, const char *))dlsym(library, "gtk_layer_set_namespace");
            available = functions.is_supported && functions.init_for_window && functions.set_layer &&
                        functions.set_keyboard_mode && functions.set_namespace;
        }
        g_once_init_leave(&loaded, 1);
    }
    return available ? &functions : NULL;
}

static gboolean make_overlay(GtkWindow *window) {
    /* Asked of GDK's registry first: gtk_layer_is_supported warns on a compositor without the
     * protocol (GNOME, weston), where the plain window is what is wanted. */
    GdkDisplay *display = gtk_widget_get_display(GTK_WIDGET(window));
    if (!gdk_wayland_display_query_registry(display, "zwlr_layer_shell_v1")) return FALSE;
    const LayerShell *shell = layer_shell();
    if (shell == NULL || !shell->is_supported()) return FALSE;
    shell->init_for_window(window);
    shell->set_namespace(window, "entrykit-prompt");
    shell->set_layer(window, LAYER_OVERLAY);
    /* No edge anchored: the compositor centres the surface on the output. */
    shell->set_keyboard_mode(window, KEYBOARD_MODE_EXCLUSIVE);
    /* A layer surface is as wide as the window's natural size, not its default size: keep the
     * width the window would have. */
    gint width = -1;
    gtk_window_get_default_size(window, &width, NULL);
    if (width > 0) gtk_widget_set_size_request(GTK_WIDGET(window), width, -1);
    return TRUE;
}
#endif

/* ---- Every backend ---------------------------------------------------------------------------- */

static void clear_urgency_once_active(GtkWindow *window, GParamSpec *pspec, gpointer data) {
    (void)pspec;
    (void)data;
    if (gtk_window_is_active(window)) gtk_window_set_urgency_hint(window, FALSE);
}

gboolean ek_prompt_window_prepare(GtkWindow *window, gboolean holds_keyboard) {
    g_return_val_if_fail(GTK_IS_WINDOW(window), FALSE);
    g_return_val_if_fail(!gtk_widget_get_realized(GTK_WIDGET(window)), FALSE);
#ifdef GDK_WINDOWING_WAYLAND
    if (GDK_IS_WAYLAND_DISPLAY(gtk_widget_get_display(GTK_WIDGET(window)))) {
        if (holds_keyboard && make_overlay(window)) return TRUE;
        /* sway and other tilers float a toplevel whose size is fixed (its minimum is its maximum). */
        gtk_window_set_resizable(window, FALSE);
    }
#else
    (void)holds_keyboard;
#endif
    gtk_window_set_type_hint(window, GDK_WINDOW_TYPE_HINT_DIALOG);
    gtk_window_set_keep_above(window, TRUE);
    /* Urgent until the person has it: a window manager that keeps it back (i3 behind a full-screen
     * window, focus-stealing prevention) shows that it asks for attention. */
    gtk_window_set_urgency_hint(window, TRUE);
    g_signal_connect(window, "notify::is-active", G_CALLBACK(clear_urgency_once_active), NULL);
    return FALSE;
}

#ifdef GDK_WINDOWING_X11
/* The time of the startup notification that started the program (DESKTOP_STARTUP_ID ends in
 * "_TIME<timestamp>"), which GDK read at start-up; 0 without one. */
static guint32 startup_time(GdkDisplay *display) {
    const gchar *id = gdk_x11_display_get_startup_notification_id(display);
    const gchar *time = id != NULL ? g_strrstr(id, "_TIME") : NULL;
    if (time == NULL) return 0;
    gchar *end = NULL;
    guint64 value = g_ascii_strtoull(time + strlen("_TIME"), &end, 10);
    return end != NULL && *end == '\0' && value <= G_MAXUINT32 ? (guint32)value : 0;
}

/* A timestamp the window manager takes as the person's: the startup notification's, else now by
 * the X server's clock (one round trip). */
static guint32 x11_timestamp(GdkWindow *window) {
    guint32 time = startup_time(gdk_window_get_display(window));
    return time != 0 ? time : gdk_x11_get_server_time(window);
}
#endif

void ek_window_show_and_present(GtkWindow *window) {
    g_return_if_fail(GTK_IS_WINDOW(window));
    /* Shown first: gtk_window_present on a hidden window only shows it, and asks for focus once
     * it is mapped, which a window manager may never do (i3 behind a full-screen window). */
    gtk_widget_show(GTK_WIDGET(window));
    guint32 time = GDK_CURRENT_TIME;
#ifdef GDK_WINDOWING_X11
    GdkWindow *gdk_window = gtk_widget_get_window(GTK_WIDGET(window));
    if (GDK_IS_X11_WINDOW(gdk_window)) time = x11_timestamp(gdk_window);
#endif
    gtk_window_present_with_time(window, time);
}

void ek_window_focus_now(GtkWindow *window) {
    g_return_if_fail(GTK_IS_WINDOW(window));
    GdkWindow *gdk_window = gtk_widget_get_window(GTK_WIDGET(window));
    if (gdk_window == NULL) return;
    guint32 time = GDK_CURRENT_TIME;
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_WINDOW(gdk_window)) time = x11_timestamp(gdk_window);
#endif
    gdk_window_focus(gdk_window, time);
}
