#ifndef ENTRYKIT_FIELD_PRIVATE_H
#define ENTRYKIT_FIELD_PRIVATE_H

#include "entrykit_field_implementation.h"

/* What the field classes share; not for EntryKit's Swift side. */

/* The installed implementation, or NULL before Swift installed one. */
const EkImplementation *ek_implementation(void);

/* Installs `properties` on the class, routes them to the implementation, and adds the signals
 * `chosen_signal` (index, item), "opened" and "closed". */
void ek_field_class_install(GObjectClass *object_class, const EkFieldProperty *properties, guint count,
                            const gchar *chosen_signal);
void ek_field_constructed(GObject *object);
void ek_field_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec);
void ek_field_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec);
void ek_field_set_open(GObject *field, gboolean open);
gchar **ek_field_dup_items(GObject *field);
/* Sets the items from `text` split at each `separator` (NULL: "\n"), in the item store itself. */
void ek_field_set_items_from_bytes(GObject *field, GBytes *text, const gchar *separator);

#endif
