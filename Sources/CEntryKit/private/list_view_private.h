#ifndef ENTRYKIT_LIST_VIEW_PRIVATE_H
#define ENTRYKIT_LIST_VIEW_PRIVATE_H

#include "entrykit_list_view.h"
#include <gtk/gtk-a11y.h>

/* What the view and its accessible share; not for EntryKit's Swift side. */

/* The row's text as a new NUL-terminated string (g_free it), or NULL past the end. */
char *ek_list_view_copy_row_text(EkListView *view, guint row);
/* The row's rectangle in the view's coordinates; FALSE when it is not on screen. */
gboolean ek_list_view_get_row_area(EkListView *view, guint row, GdkRectangle *area);
/* Rows at least partly on screen: [*first, *first + *count). */
void ek_list_view_get_window(EkListView *view, guint *first, guint *count);

#define EK_TYPE_LIST_VIEW_ACCESSIBLE (ek_list_view_accessible_get_type())
G_DECLARE_FINAL_TYPE(EkListViewAccessible, ek_list_view_accessible, EK, LIST_VIEW_ACCESSIBLE, GtkWidgetAccessible)

/* The accessible introduces itself to its view when it is made. */
void ek_list_view_attach_accessible(EkListView *view, EkListViewAccessible *accessible);

/* The view tells its accessible what changed: new rows (`count` of them; the view is `mapped`
 * or not), or its window on them. */
void ek_list_view_accessible_rows_changed(EkListViewAccessible *accessible, EkListView *view, guint count,
                                          gboolean mapped);
void ek_list_view_accessible_window_changed(EkListViewAccessible *accessible);
void ek_list_view_accessible_highlight_changed(EkListViewAccessible *accessible, gint old_row, gint new_row,
                                               AtkObject *focus_owner);

#endif
