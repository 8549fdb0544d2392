#ifndef ENTRYKIT_LIST_VIEW_H
#define ENTRYKIT_LIST_VIEW_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* EkListView: a list of text rows that draws only the rows on screen.
 *
 * It keeps no items: it knows how many rows there are and asks its source for a row's text when
 * it paints or when an assistive technology reads it, so a million rows cost nothing until they
 * are seen. It implements GtkScrollable (put it in a GtkScrolledWindow); its vertical extent is
 * row count × row height. The highlighted row is drawn selected, reported to ATK as selected and
 * as the active descendant. A click, a tap, ATK's "click" action or ATK selection activates a row
 * ("row-activated"). Its accessible is a list whose children are the rows now on screen, each a
 * list item with "posinset" and "setsize" attributes giving its place among all rows. */

#define EK_TYPE_LIST_VIEW (ek_list_view_get_type())
G_DECLARE_FINAL_TYPE(EkListView, ek_list_view, EK, LIST_VIEW, GtkDrawingArea)

/* Where rows come from. `row_text` returns the UTF-8 bytes of a row (not NUL-terminated), valid
 * until the next call; `row_marks` writes up to `capacity` [start, end) byte ranges to emphasise
 * (matches of a filter) and returns how many it wrote. */
typedef struct {
    const char *(*row_text)(gpointer data, guint row, gsize *length);
    guint (*row_marks)(gpointer data, guint row, guint *ranges, guint capacity);
} EkListViewSource;

/* How `ek_list_view_scroll_to_row` places the row. */
typedef enum {
    EK_LIST_SCROLL_NEAREST,
    EK_LIST_SCROLL_TOP,
    EK_LIST_SCROLL_CENTER,
} EkListScroll;

GtkWidget *ek_list_view_new(void);

/* `data` is passed to the source's functions; `destroy` frees it with the view. */
void ek_list_view_set_source(EkListView *view, const EkListViewSource *source, gpointer data, GDestroyNotify destroy);

/* The rows changed (count, texts or marks): relayout, redraw, refresh the accessible rows. */
void ek_list_view_set_row_count(EkListView *view, guint count);
guint ek_list_view_get_row_count(EkListView *view);

/* Row height in pixels; 0 or less means "from the font". */
void ek_list_view_set_row_height(EkListView *view, gint height);
gint ek_list_view_get_row_height(EkListView *view);

/* The font for row text (NULL: the widget's own). */
void ek_list_view_set_font(EkListView *view, const PangoFontDescription *font);
/* Horizontal alignment of row text: 0 left (start), 0.5 centre, 1 right (end). */
void ek_list_view_set_text_xalign(EkListView *view, gdouble xalign);
/* Colour of the one-pixel border around the list (NULL: no border). */
void ek_list_view_set_border_color(EkListView *view, const GdkRGBA *color);
/* The border in a colour the theme names ("borders"), looked up each time it is drawn, so it
 * follows theme changes; FALSE, and nothing changed, when the theme has no such colour. */
gboolean ek_list_view_set_border_color_name(EkListView *view, const char *name);
/* The height a row takes from the font: the text and the padding round it. */
gint ek_list_view_get_text_row_height(EkListView *view);
/* Wheel style, as a picker shows it: the highlighted row sits in the middle with its neighbours
 * above and below fading towards the edges; scrolling highlights the row that reaches the middle
 * and comes to rest on a whole row. */
void ek_list_view_set_wheel_style(EkListView *view, gboolean wheel_style);
gboolean ek_list_view_get_wheel_style(EkListView *view);
/* Text shown, dimmed and centred, when there are no rows (NULL: nothing). */
void ek_list_view_set_empty_text(EkListView *view, const char *text);

/* The highlighted row, -1 for none. Setting it redraws, moves ATK's selection and emits
 * "active-descendant-changed" on the list's accessible and on the focus owner's, if any. */
void ek_list_view_set_highlighted(EkListView *view, gint row);
gint ek_list_view_get_highlighted(EkListView *view);

/* The widget that keeps keyboard focus while the list is shown (the entry): its accessible also
 * reports the highlighted row as its active descendant. */
void ek_list_view_set_focus_owner(EkListView *view, GtkWidget *owner);

void ek_list_view_scroll_to_row(EkListView *view, guint row, EkListScroll placement);
/* The first row at least partly on screen, and how many rows fit in the visible height. */
guint ek_list_view_get_first_visible_row(EkListView *view);
guint ek_list_view_get_visible_row_capacity(EkListView *view);
/* The row under widget coordinate y, or -1. */
gint ek_list_view_row_at_y(EkListView *view, gdouble y);
/* The row the pointer is over, or -1. */
gint ek_list_view_get_hovered(EkListView *view);

/* Activates `row` as a click does ("row-activated"). */
void ek_list_view_activate_row(EkListView *view, guint row);

G_END_DECLS

#endif
