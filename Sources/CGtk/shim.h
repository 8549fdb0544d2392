#ifndef ENTRYKIT_CGTK_SHIM_H
#define ENTRYKIT_CGTK_SHIM_H

#include <gtk/gtk.h>

/* Swift cannot import GLib's function-like macros; these inline functions stand in for them. */

static inline gboolean entrykit_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

static inline gboolean entrykit_is_floating(gpointer object) {
    return g_object_is_floating(object);
}

static inline const gchar *entrykit_type_name_of(gpointer instance) {
    return G_OBJECT_TYPE_NAME(instance);
}

/* GNU gettext's catalog generation counter: bumping it makes gettext look up translations
   again after LANGUAGE changed, so GTK's own strings can follow a language chosen at run time. */
extern int _nl_msg_cat_cntr;

static inline void entrykit_gettext_reload(void) {
    ++_nl_msg_cat_cntr;
}

/* gtk_container_child_set is variadic, which Swift cannot call. */
static inline void entrykit_stack_set_child_title(GtkStack *stack, GtkWidget *child, const gchar *title) {
    gtk_container_child_set(GTK_CONTAINER(stack), child, "title", title, NULL);
}

#endif
