#ifndef ENTRYKIT_CGTK_SHIM_H
#define ENTRYKIT_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Swift cannot import GLib's function-like macros; these inline functions stand in for them. */

static inline gboolean ek_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

static inline gboolean ek_is_floating(gpointer object) { return g_object_is_floating(object); }

static inline const gchar *ek_type_name_of(gpointer instance) { return G_OBJECT_TYPE_NAME(instance); }

static inline GType ek_type_of(gpointer instance) { return G_OBJECT_TYPE(instance); }

/* A signal's parameter and return types carry a flag bit that is no part of the type. */
static inline GType ek_signal_type_without_scope(GType type) { return type & ~G_SIGNAL_TYPE_STATIC_SCOPE; }

/* libdispatch's hooks for a run loop that is not its own (CoreFoundation's use them): a file
   descriptor that becomes readable when work is queued on the main queue, and the call that runs
   that work. GLib's main loop watches the one and calls the other, so work queued for the main
   actor runs while GTK's loop owns the main thread. */
extern int _dispatch_get_main_queue_handle_4CF(void);
static inline gboolean ek_is_process_main_thread(void) { return getpid() == (pid_t)syscall(SYS_gettid); }
extern void _dispatch_main_queue_callback_4CF(void *message);

/* gtk_container_child_set is variadic, which Swift cannot call. */
static inline void ek_stack_set_child_title(GtkStack *stack, GtkWidget *child, const gchar *title) {
    gtk_container_child_set(GTK_CONTAINER(stack), child, "title", title, NULL);
}

#endif
