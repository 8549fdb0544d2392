/* The fields' items from one buffer (ek_drop_down_field_set_items_from_bytes and the picker's). */

#include <string.h>

#include "field_private.h"

/* Defined by EntryKit's Swift side: splits the text into the field's items; FALSE when the field
 * has no Swift wrapper yet. */
gboolean entrykit_swift_set_field_items_from_bytes(GObject *field, const guint8 *bytes, gsize length,
                                                   const gchar *separator);

void ek_field_set_items_from_bytes(GObject *field, GBytes *text, const gchar *separator) {
    if (separator == NULL) separator = "\n";
    gsize length = 0;
    const guint8 *bytes = text ? g_bytes_get_data(text, &length) : NULL;
    if (entrykit_swift_set_field_items_from_bytes(field, bytes, length, separator)) return;
    /* No wrapper yet: the items go through the property, which keeps them for it. */
    GPtrArray *items = g_ptr_array_new_with_free_func(g_free);
    const gsize separator_length = strlen(separator);
    const guint8 *cursor = bytes, *end = bytes + length;
    while (cursor < end) {
        const guint8 *found = cursor;
        while (found + separator_length <= end && memcmp(found, separator, separator_length) != 0) found++;
        if (found + separator_length > end) found = end;
        g_ptr_array_add(items, g_strndup((const gchar *)cursor, (gsize)(found - cursor)));
        cursor = found == end ? end : found + separator_length;
    }
    g_ptr_array_add(items, NULL);
    g_object_set(field, "items", items->pdata, NULL);
    g_ptr_array_unref(items);
}
