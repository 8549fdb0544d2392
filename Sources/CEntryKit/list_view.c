#include "entrykit_contrast.h"
#include "list_view_private.h"

#include <math.h>

/* Space left and right of a row's text, and above and below it when the height comes from the font. */
#define ROW_PADDING_X 8
#define ROW_PADDING_Y 6
/* At most this many emphasised ranges are drawn in one row. */
#define MAX_MARKS 16

struct _EkListView {
    GtkDrawingArea parent_instance;

    GtkAdjustment *hadjustment;
    GtkAdjustment *vadjustment;
    guint hscroll_policy : 1;
    guint vscroll_policy : 1;

    EkListViewSource source;
    gpointer source_data;
    GDestroyNotify source_destroy;

    guint row_count;
    gint requested_row_height; /* <= 0: from the font */
    gint font_row_height;      /* cached, 0 when the font changed */
    PangoFontDescription *font;
    gdouble xalign;
    GdkRGBA border_color;
    gboolean has_border;
    char *border_color_name; /* a theme's named colour ("borders"), looked up when drawn */
    char *empty_text;

    gint highlighted;
    gint hovered;
    GtkWidget *focus_owner;           /* weak */
    EkListViewAccessible *accessible; /* weak */
    GtkGesture *press;
    GtkGesture *drag; /* a primary-button drag scrolls, as a finger does */
    gdouble drag_start_value;
    gboolean dragging;

    gboolean wheel_style; /* wheel style: the highlighted row sits in the middle */
    guint settle_source;  /* snaps a wheel to a whole row after scrolling stops */
    guint pick_source;    /* picks a wheel's middle row once a scroll's emission is over */
    guint own_scrolls;    /* > 0 while the view moves its adjustment itself */
    gboolean mapped;      /* as gtk_widget_get_mapped, kept by map and unmap: read without a call into GTK */
};

enum {
    PROP_0,
    PROP_HADJUSTMENT,
    PROP_VADJUSTMENT,
    PROP_HSCROLL_POLICY,
    PROP_VSCROLL_POLICY,
};

enum { SIGNAL_ROW_ACTIVATED, SIGNAL_HIGHLIGHT_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_TYPE_WITH_CODE(EkListView, ek_list_view, GTK_TYPE_DRAWING_AREA,
                        G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

/* The accessible, if anyone asked for it: without an assistive technology none is made. */
static EkListViewAccessible *existing_accessible(EkListView *view) { return view->accessible; }

void ek_list_view_attach_accessible(EkListView *view, EkListViewAccessible *accessible) {
    if (view->accessible) g_object_remove_weak_pointer(G_OBJECT(view->accessible), (gpointer *)&view->accessible);
    view->accessible = accessible;
    if (accessible) g_object_add_weak_pointer(G_OBJECT(accessible), (gpointer *)&view->accessible);
}

/* The height the font needs: the text and the padding round it, cached until the font changes. */
static gint text_row_height(EkListView *view) {
    if (view->font_row_height == 0) {
        PangoContext *context = gtk_widget_get_pango_context(GTK_WIDGET(view));
        PangoFontMetrics *metrics = pango_context_get_metrics(context, view->font, NULL);
        gint text = PANGO_PIXELS_CEIL(pango_font_metrics_get_ascent(metrics) + pango_font_metrics_get_descent(metrics));
        pango_font_metrics_unref(metrics);
        view->font_row_height = MAX(text, 1) + 2 * ROW_PADDING_Y;
    }
    return view->font_row_height;
}

static gint row_height(EkListView *view) {
    return view->requested_row_height > 0 ? view->requested_row_height : text_row_height(view);
}

static gdouble scroll_offset(EkListView *view) {
    return view->vadjustment ? gtk_adjustment_get_value(view->vadjustment) : 0;
}

/* Empty space above the first row and below the last: in wheel style, enough for either to sit
 * in the middle. */
static gdouble inset(EkListView *view) {
    if (!view->wheel_style) return 0;
    return MAX((gtk_widget_get_allocated_height(GTK_WIDGET(view)) - row_height(view)) / 2.0, 0);
}

/* Where a row's top edge is drawn, in the view's coordinates. */
static gdouble row_y(EkListView *view, guint row) {
    return inset(view) + (gdouble)row * row_height(view) - scroll_offset(view);
}

/* Scrolling the view does itself (to a row, within new bounds, to keep its place) moves no
 * wheel's pick: only a person's scrolling does. */
static void set_scroll_value(EkListView *view, gdouble value) {
    if (!view->vadjustment) return;
    view->own_scrolls++;
    gtk_adjustment_set_value(view->vadjustment, value); /* clamped by the adjustment */
    view->own_scrolls--;
}

static void configure_vadjustment(EkListView *view) {
    if (!view->vadjustment) return;
    gdouble height = gtk_widget_get_allocated_height(GTK_WIDGET(view));
    gdouble upper = (gdouble)view->row_count * row_height(view) + 2 * inset(view);
    GtkAdjustment *adjustment = view->vadjustment;
    gdouble value = CLAMP(gtk_adjustment_get_value(adjustment), 0, MAX(upper - height, 0));
    gdouble step = row_height(view), page = MAX(height - step, step);
    /* gtk_adjustment_configure emits "changed" even when nothing changes, and the scrolled
     * window and its scrollbar lay themselves out again for it: new items of the same count
     * change nothing here. */
    if (gtk_adjustment_get_value(adjustment) == value && gtk_adjustment_get_lower(adjustment) == 0 &&
        gtk_adjustment_get_upper(adjustment) == MAX(upper, height) &&
        gtk_adjustment_get_step_increment(adjustment) == step &&
        gtk_adjustment_get_page_increment(adjustment) == page && gtk_adjustment_get_page_size(adjustment) == height)
        return;
    view->own_scrolls++;
    gtk_adjustment_configure(adjustment, value, 0, MAX(upper, height), step, page, height);
    view->own_scrolls--;
}

static void configure_hadjustment(EkListView *view) {
    if (!view->hadjustment) return;
    gdouble width = gtk_widget_get_allocated_width(GTK_WIDGET(view));
    gtk_adjustment_configure(view->hadjustment, 0, 0, width, width * 0.1, width * 0.9, width);
}

void ek_list_view_get_window(EkListView *view, guint *first, guint *count) {
    gint height = row_height(view);
    gdouble top = scroll_offset(view) - inset(view);
    gint visible = gtk_widget_get_allocated_height(GTK_WIDGET(view));
    guint start = (guint)MAX(floor(top / height), 0);
    guint end = (guint)MAX(ceil((top + MAX(visible, 0)) / height), 0);
    start = MIN(start, view->row_count);
    end = MIN(end, view->row_count);
    *first = start;
    *count = end > start ? end - start : 0;
}

static void visible_rows_moved(EkListView *view) {
    gtk_widget_queue_draw(GTK_WIDGET(view));
    EkListViewAccessible *accessible = existing_accessible(view);
    if (accessible) ek_list_view_accessible_window_changed(accessible);
}

static gboolean settle(gpointer data) {
    EkListView *view = data;
    view->settle_source = 0;
    if (view->highlighted >= 0 && !view->dragging)
        ek_list_view_scroll_to_row(view, (guint)view->highlighted, EK_LIST_SCROLL_CENTER);
    return G_SOURCE_REMOVE;
}

static gboolean pick_middle(gpointer data) {
    EkListView *view = data;
    view->pick_source = 0;
    gint middle = ek_list_view_row_at_y(view, gtk_widget_get_allocated_height(GTK_WIDGET(view)) / 2.0);
    if (middle >= 0) ek_list_view_set_highlighted(view, middle);
    return G_SOURCE_REMOVE;
}

static void vadjustment_value_changed(GtkAdjustment *adjustment, EkListView *view) {
    (void)adjustment;
    visible_rows_moved(view);
    /* Only a person scrolls a wheel, and only one on screen. */
    if (!view->wheel_style || view->row_count == 0 || view->own_scrolls > 0 || !gtk_widget_get_mapped(GTK_WIDGET(view)))
        return;
    /* A wheel picks what scrolls into the middle, and comes to rest on a whole row. The pick runs
     * the application's code, which may destroy the list and its window: it waits until GTK's
     * emission of this signal is over, and no longer (ahead of the next event and of the
     * re-centring that ends a drag). */
    if (!view->pick_source) view->pick_source = g_idle_add_full(G_PRIORITY_HIGH, pick_middle, view, NULL);
    if (view->settle_source) g_source_remove(view->settle_source);
    view->settle_source = g_timeout_add(150, settle, view);
}

static void set_adjustment(EkListView *view, GtkAdjustment **slot, GtkAdjustment *adjustment, gboolean vertical) {
    if (*slot == adjustment && adjustment) return;
    if (*slot) {
        if (vertical) g_signal_handlers_disconnect_by_func(*slot, vadjustment_value_changed, view);
        g_object_unref(*slot);
    }
    if (!adjustment) adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    *slot = g_object_ref_sink(adjustment);
    if (vertical) {
        g_signal_connect(adjustment, "value-changed", G_CALLBACK(vadjustment_value_changed), view);
        configure_vadjustment(view);
    } else {
        configure_hadjustment(view);
    }
}

static void ek_list_view_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    EkListView *view = EK_LIST_VIEW(object);
    switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(view, &view->hadjustment, g_value_get_object(value), FALSE); break;
    case PROP_VADJUSTMENT: set_adjustment(view, &view->vadjustment, g_value_get_object(value), TRUE); break;
    case PROP_HSCROLL_POLICY: view->hscroll_policy = g_value_get_enum(value); break;
    case PROP_VSCROLL_POLICY: view->vscroll_policy = g_value_get_enum(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void ek_list_view_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    EkListView *view = EK_LIST_VIEW(object);
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, view->hadjustment); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, view->vadjustment); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, view->hscroll_policy); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, view->vscroll_policy); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void ek_list_view_size_allocate(GtkWidget *widget, GtkAllocation *allocation) {
    GTK_WIDGET_CLASS(ek_list_view_parent_class)->size_allocate(widget, allocation);
    EkListView *view = EK_LIST_VIEW(widget);
    configure_hadjustment(view);
    configure_vadjustment(view);
    visible_rows_moved(view);
}

static void ek_list_view_get_preferred_height(GtkWidget *widget, gint *minimum, gint *natural) {
    EkListView *view = EK_LIST_VIEW(widget);
    *minimum = row_height(view);
    *natural = row_height(view) * (gint)MIN(MAX(view->row_count, 1u), 10u);
}

static void ek_list_view_style_updated(GtkWidget *widget) {
    GTK_WIDGET_CLASS(ek_list_view_parent_class)->style_updated(widget);
    EK_LIST_VIEW(widget)->font_row_height = 0;
    configure_vadjustment(EK_LIST_VIEW(widget));
}

static gboolean lookup_color(GtkStyleContext *context, const char *name, GdkRGBA *color, const char *fallback) {
    if (gtk_style_context_lookup_color(context, name, color)) return TRUE;
    return gdk_rgba_parse(color, fallback);
}

#define MAX_ROW_TEXT_BYTES 8192

static PangoLayout *row_layout(EkListView *view, guint row, gint width) {
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(view), NULL);
    if (view->font) pango_layout_set_font_description(layout, view->font);
    gsize length = 0;
    const char *text = view->source.row_text ? view->source.row_text(view->source_data, row, &length) : NULL;
    /* No row is wider than a screen: beyond a few thousand characters Pango would only spend
     * time, and past about two million pixels its units overflow and the text is misplaced. */
    if (text && length > MAX_ROW_TEXT_BYTES)
        length = (gsize)(g_utf8_find_prev_char(text, text + MAX_ROW_TEXT_BYTES + 1) - text);
    pango_layout_set_text(layout, text ? text : "", text ? (int)length : 0);
    /* One line per row, as in an entry: line breaks show as a symbol instead of spilling over. */
    pango_layout_set_single_paragraph_mode(layout, TRUE);
    pango_layout_set_width(layout, MAX(width, 1) * PANGO_SCALE);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    if (view->source.row_marks) {
        guint ranges[2 * MAX_MARKS];
        guint marks = view->source.row_marks(view->source_data, row, ranges, MAX_MARKS);
        if (marks > 0) {
            PangoAttrList *attributes = pango_attr_list_new();
            for (guint i = 0; i < MIN(marks, MAX_MARKS); i++) {
                PangoAttribute *bold = pango_attr_weight_new(PANGO_WEIGHT_BOLD);
                PangoAttribute *underline = pango_attr_underline_new(PANGO_UNDERLINE_SINGLE);
                bold->start_index = underline->start_index = ranges[2 * i];
                bold->end_index = underline->end_index = ranges[2 * i + 1];
                pango_attr_list_insert(attributes, bold);
                pango_attr_list_insert(attributes, underline);
            }
            pango_layout_set_attributes(layout, attributes);
            pango_attr_list_unref(attributes);
        }
    }
    return layout;
}

static void draw_text(cairo_t *cr, PangoLayout *layout, gdouble xalign, gint x, gint y, gint width, gint height,
                      const GdkRGBA *color) {
    PangoRectangle extent;
    pango_layout_get_pixel_extents(layout, NULL, &extent);
    /* Ellipsizing keeps the width at most `width`; alignment places what is left over. */
    gint left = x + (gint)round((width - MIN(extent.width, width)) * xalign) - extent.x;
    gint top = y + (height - extent.height) / 2 - extent.y;
    gdk_cairo_set_source_rgba(cr, color);
    cairo_move_to(cr, left, top);
    pango_cairo_show_layout(cr, layout);
}

/* Wheel style: rows fade into the background towards the top and bottom edges, as far as the
 * text stays legible. */
static void draw_fades(EkListView *view, cairo_t *cr, gint width, gint height, const GdkRGBA *text) {
    GdkRGBA base;
    lookup_color(gtk_widget_get_style_context(GTK_WIDGET(view)), "theme_base_color", &base, "#ffffff");
    gdouble reach = inset(view);
    gdouble strongest = ek_legible_fade(text, &base, 0.9);
    if (reach <= 0 || strongest <= 0) return;
    for (int edge = 0; edge < 2; edge++) {
        gdouble from = edge == 0 ? 0 : height, to = edge == 0 ? reach : height - reach;
        cairo_pattern_t *fade = cairo_pattern_create_linear(0, from, 0, to);
        cairo_pattern_add_color_stop_rgba(fade, 0, base.red, base.green, base.blue, strongest);
        cairo_pattern_add_color_stop_rgba(fade, 1, base.red, base.green, base.blue, 0);
        cairo_set_source(cr, fade);
        cairo_rectangle(cr, 0, MIN(from, to), width, fabs(to - from));
        cairo_fill(cr);
        cairo_pattern_destroy(fade);
    }
}

/* Where a row's text sits across: as a GtkEntry places its text, by the text's own direction
 * (Latin to the left, Hebrew to the right, in any locale), and by the widget's when the text has
 * none (digits). So a field and its rows line up in right-to-left locales too. */
static gdouble row_xalign(EkListView *view, PangoLayout *layout) {
    /* The layout resolves its direction from its first strong character, else takes the
     * widget's (gtk_widget_create_pango_layout sets that as its base). */
    PangoLayoutLine *line = pango_layout_get_line_readonly(layout, 0);
    gboolean rtl = line ? pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
                        : gtk_widget_get_direction(GTK_WIDGET(view)) == GTK_TEXT_DIR_RTL;
    return rtl ? 1 - view->xalign : view->xalign;
}

static gboolean ek_list_view_draw(GtkWidget *widget, cairo_t *cr) {
    EkListView *view = EK_LIST_VIEW(widget);
    GtkStyleContext *context = gtk_widget_get_style_context(widget);
    gint width = gtk_widget_get_allocated_width(widget);
    gint height = gtk_widget_get_allocated_height(widget);
    gtk_render_background(context, cr, 0, 0, width, height);

    GdkRGBA text_color, selected_bg, selected_fg;
    gtk_style_context_get_color(context, gtk_style_context_get_state(context), &text_color);
    lookup_color(context, "theme_selected_bg_color", &selected_bg, "#3584e4");
    lookup_color(context, "theme_selected_fg_color", &selected_fg, "#ffffff");
    gint text_width = width - 2 * ROW_PADDING_X;

    if (view->row_count == 0 && view->empty_text) {
        PangoLayout *layout = gtk_widget_create_pango_layout(widget, view->empty_text);
        if (view->font) pango_layout_set_font_description(layout, view->font);
        pango_layout_set_width(layout, MAX(text_width, 1) * PANGO_SCALE);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        /* Dimmer than the rows, as a placeholder is, but no less legible than 4.5:1. */
        GdkRGBA base;
        lookup_color(context, "theme_base_color", &base, "#ffffff");
        GdkRGBA dim = ek_color_mix(&text_color, &base, ek_legible_fade(&text_color, &base, 0.45));
        draw_text(cr, layout, 0.5, ROW_PADDING_X, 0, text_width, MIN(height, row_height(view)), &dim);
        g_object_unref(layout);
    }

    guint first, count;
    ek_list_view_get_window(view, &first, &count);
    gint h = row_height(view);
    for (guint row = first; row < first + count; row++) {
        gint y = (gint)floor(row_y(view, row));
        const GdkRGBA *color = &text_color;
        if ((gint)row == view->highlighted) {
            gdk_cairo_set_source_rgba(cr, &selected_bg);
            cairo_rectangle(cr, 0, y, width, h);
            cairo_fill(cr);
            color = &selected_fg;
        } else if ((gint)row == view->hovered) {
            GdkRGBA hover = text_color;
            hover.alpha *= 0.08;
            gdk_cairo_set_source_rgba(cr, &hover);
            cairo_rectangle(cr, 0, y, width, h);
            cairo_fill(cr);
        }
        PangoLayout *layout = row_layout(view, row, text_width);
        draw_text(cr, layout, row_xalign(view, layout), ROW_PADDING_X, y, text_width, h, color);
        g_object_unref(layout);
    }

    if (view->wheel_style) draw_fades(view, cr, width, height, &text_color);

    GdkRGBA border = view->border_color;
    if (view->border_color_name) lookup_color(context, view->border_color_name, &border, "#aaaaaa");
    if (view->has_border) {
        gdk_cairo_set_source_rgba(cr, &border);
        cairo_set_line_width(cr, 1);
        cairo_rectangle(cr, 0.5, 0.5, width - 1, height - 1);
        cairo_stroke(cr);
    }
    return FALSE;
}

static void set_hovered(EkListView *view, gint row) {
    if (view->hovered == row) return;
    view->hovered = row;
    gtk_widget_queue_draw(GTK_WIDGET(view));
}

/* Both chain up: GTK 3 runs a widget's gestures (press, drag) from the default handlers. */
static gboolean ek_list_view_motion_notify(GtkWidget *widget, GdkEventMotion *event) {
    set_hovered(EK_LIST_VIEW(widget), ek_list_view_row_at_y(EK_LIST_VIEW(widget), event->y));
    return GTK_WIDGET_CLASS(ek_list_view_parent_class)->motion_notify_event(widget, event);
}

static gboolean ek_list_view_leave_notify(GtkWidget *widget, GdkEventCrossing *event) {
    set_hovered(EK_LIST_VIEW(widget), -1);
    GtkWidgetClass *parent = GTK_WIDGET_CLASS(ek_list_view_parent_class);
    return parent->leave_notify_event ? parent->leave_notify_event(widget, event) : FALSE;
}

static void press_released(GtkGestureMultiPress *gesture, gint presses, gdouble x, gdouble y, EkListView *view) {
    (void)gesture;
    (void)presses;
    (void)x;
    if (view->dragging) return; /* the press became a drag: it scrolled, it chose nothing */
    gint row = ek_list_view_row_at_y(view, y);
    if (row >= 0) ek_list_view_activate_row(view, (guint)row);
}

static gboolean forget_drag(gpointer data) {
    EkListView *view = data;
    view->dragging = FALSE;
    if (view->wheel_style && view->highlighted >= 0)
        ek_list_view_scroll_to_row(view, (guint)view->highlighted, EK_LIST_SCROLL_CENTER);
    return G_SOURCE_REMOVE;
}

static void drag_begin(GtkGestureDrag *gesture, gdouble x, gdouble y, EkListView *view) {
    (void)gesture;
    (void)x;
    (void)y;
    view->dragging = FALSE;
    view->drag_start_value = scroll_offset(view);
}

static void drag_end(GtkGestureDrag *gesture, gdouble dx, gdouble dy, EkListView *view) {
    (void)gesture;
    (void)dx;
    (void)dy;
    /* The release that ends a drag is still to come to the press gesture: forget the drag after it. */
    if (view->dragging) g_idle_add_full(G_PRIORITY_DEFAULT, forget_drag, g_object_ref(view), g_object_unref);
}

static void drag_update(GtkGestureDrag *gesture, gdouble dx, gdouble dy, EkListView *view) {
    (void)gesture;
    (void)dx;
    gint threshold = 8;
    g_object_get(gtk_widget_get_settings(GTK_WIDGET(view)), "gtk-dnd-drag-threshold", &threshold, NULL);
    if (!view->dragging && fabs(dy) < threshold) return;
    view->dragging = TRUE;
    if (view->vadjustment) gtk_adjustment_set_value(view->vadjustment, view->drag_start_value - dy);
}

static void ek_list_view_dispose(GObject *object) {
    EkListView *view = EK_LIST_VIEW(object);
    g_clear_object(&view->press);
    g_clear_object(&view->drag);
    if (view->settle_source) g_source_remove(view->settle_source);
    view->settle_source = 0;
    if (view->pick_source) g_source_remove(view->pick_source);
    view->pick_source = 0;
    if (view->vadjustment) {
        g_signal_handlers_disconnect_by_func(view->vadjustment, vadjustment_value_changed, view);
        g_clear_object(&view->vadjustment);
    }
    g_clear_object(&view->hadjustment);
    ek_list_view_set_focus_owner(view, NULL);
    ek_list_view_attach_accessible(view, NULL);
    if (view->source_destroy && view->source_data) view->source_destroy(view->source_data);
    view->source_destroy = NULL;
    view->source_data = NULL;
    memset(&view->source, 0, sizeof view->source);
    G_OBJECT_CLASS(ek_list_view_parent_class)->dispose(object);
}

static void ek_list_view_finalize(GObject *object) {
    EkListView *view = EK_LIST_VIEW(object);
    g_clear_pointer(&view->font, pango_font_description_free);
    g_free(view->border_color_name);
    g_clear_pointer(&view->empty_text, g_free);
    G_OBJECT_CLASS(ek_list_view_parent_class)->finalize(object);
}

/* Rows come on screen and leave it with the view: its accessible follows. */
static void ek_list_view_map(GtkWidget *widget) {
    GTK_WIDGET_CLASS(ek_list_view_parent_class)->map(widget);
    EK_LIST_VIEW(widget)->mapped = TRUE;
    visible_rows_moved(EK_LIST_VIEW(widget));
}

static void ek_list_view_unmap(GtkWidget *widget) {
    GTK_WIDGET_CLASS(ek_list_view_parent_class)->unmap(widget);
    EK_LIST_VIEW(widget)->mapped = FALSE;
    visible_rows_moved(EK_LIST_VIEW(widget));
}

static void ek_list_view_class_init(EkListViewClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = ek_list_view_set_property;
    object_class->get_property = ek_list_view_get_property;
    object_class->dispose = ek_list_view_dispose;
    object_class->finalize = ek_list_view_finalize;
    widget_class->size_allocate = ek_list_view_size_allocate;
    widget_class->get_preferred_height = ek_list_view_get_preferred_height;
    widget_class->style_updated = ek_list_view_style_updated;
    widget_class->draw = ek_list_view_draw;
    widget_class->motion_notify_event = ek_list_view_motion_notify;
    widget_class->leave_notify_event = ek_list_view_leave_notify;
    widget_class->map = ek_list_view_map;
    widget_class->unmap = ek_list_view_unmap;

    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

    /* (guint row): a click, a tap or an assistive technology chose the row. */
    signals[SIGNAL_ROW_ACTIVATED] = g_signal_new("row-activated", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
    /* (gint row): the highlighted row changed; -1 for none. */
    signals[SIGNAL_HIGHLIGHT_CHANGED] = g_signal_new("highlight-changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

    gtk_widget_class_set_css_name(widget_class, "list");
    gtk_widget_class_set_accessible_type(widget_class, EK_TYPE_LIST_VIEW_ACCESSIBLE);
}

static void ek_list_view_init(EkListView *view) {
    view->highlighted = -1;
    view->hovered = -1;
    view->xalign = 0;
    gtk_widget_add_events(GTK_WIDGET(view), GDK_POINTER_MOTION_MASK | GDK_LEAVE_NOTIFY_MASK | GDK_BUTTON_PRESS_MASK |
                                                GDK_BUTTON_RELEASE_MASK | GDK_TOUCH_MASK | GDK_SCROLL_MASK |
                                                GDK_SMOOTH_SCROLL_MASK); /* for the scrolled window */
    gtk_style_context_add_class(gtk_widget_get_style_context(GTK_WIDGET(view)), GTK_STYLE_CLASS_VIEW);
    view->press = gtk_gesture_multi_press_new(GTK_WIDGET(view));
    gtk_gesture_single_set_touch_only(GTK_GESTURE_SINGLE(view->press), FALSE);
    g_signal_connect(view->press, "released", G_CALLBACK(press_released), view);
    view->drag = gtk_gesture_drag_new(GTK_WIDGET(view));
    g_signal_connect(view->drag, "drag-begin", G_CALLBACK(drag_begin), view);
    g_signal_connect(view->drag, "drag-update", G_CALLBACK(drag_update), view);
    g_signal_connect(view->drag, "drag-end", G_CALLBACK(drag_end), view);
}

GtkWidget *ek_list_view_new(void) { return g_object_new(EK_TYPE_LIST_VIEW, NULL); }

void ek_list_view_set_source(EkListView *view, const EkListViewSource *source, gpointer data, GDestroyNotify destroy) {
    g_return_if_fail(EK_IS_LIST_VIEW(view));
    if (view->source_destroy && view->source_data) view->source_destroy(view->source_data);
    view->source = source ? *source : (EkListViewSource){0};
    view->source_data = data;
    view->source_destroy = destroy;
    ek_list_view_set_row_count(view, view->row_count);
}

void ek_list_view_set_row_count(EkListView *view, guint count) {
    g_return_if_fail(EK_IS_LIST_VIEW(view));
    /* The natural height counts up to ten rows: only a change below that needs a new layout,
     * which would otherwise cost every keystroke of a filter over a long list. */
    gboolean resize = MIN(view->row_count, 10u) != MIN(count, 10u);
    gboolean count_changed = view->row_count != count;
    view->row_count = count;
    if (view->highlighted >= (gint)count) ek_list_view_set_highlighted(view, count > 0 ? (gint)count - 1 : -1);
    if (view->hovered >= (gint)count) view->hovered = -1;
    /* Of the extent's inputs only the count changes here; every other one (allocation, row
     * height, font, style, wheel style) configures the adjustment itself when it changes. */
    if (count_changed) configure_vadjustment(view);
    if (resize) gtk_widget_queue_resize(GTK_WIDGET(view));
    /* GTK draws nothing of an unmapped widget (mapping draws it whole): new items for a closed
     * list need no region queued. */
    if (view->mapped) gtk_widget_queue_draw(GTK_WIDGET(view));
    EkListViewAccessible *accessible = existing_accessible(view);
    if (accessible) ek_list_view_accessible_rows_changed(accessible, view, count, view->mapped);
}

guint ek_list_view_get_row_count(EkListView *view) { return view->row_count; }

void ek_list_view_set_row_height(EkListView *view, gint height) {
    g_return_if_fail(EK_IS_LIST_VIEW(view));
    guint top = ek_list_view_get_first_visible_row(view);
    view->requested_row_height = height;
    configure_vadjustment(view);
    /* Keep the same first row on screen at the new height; a wheel keeps its pick in the middle. */
    if (view->wheel_style && view->highlighted >= 0)
        ek_list_view_scroll_to_row(view, (guint)view->highlighted, EK_LIST_SCROLL_CENTER);
    else
        set_scroll_value(view, (gdouble)top * row_height(view) + inset(view));
    gtk_widget_queue_resize(GTK_WIDGET(view));
    visible_rows_moved(view);
}

gint ek_list_view_get_row_height(EkListView *view) { return row_height(view); }

void ek_list_view_set_font(EkListView *view, const PangoFontDescription *font) {
    g_return_if_fail(EK_IS_LIST_VIEW(view));
    g_clear_pointer(&view->font, pango_font_description_free);
    if (font) view->font = pango_font_description_copy(font);
    view->font_row_height = 0;
    configure_vadjustment(view);
    gtk_widget_queue_resize(GTK_WIDGET(view));
    gtk_widget_queue_draw(GTK_WIDGET(view));
}

void ek_list_view_set_text_xalign(EkListView *view, gdouble xalign) {
    view->xalign = isnan(xalign) ? 0 : CLAMP(xalign, 0, 1); /* NaN passes CLAMP unchanged */
    gtk_widget_queue_draw(GTK_WIDGET(view));
}

gboolean ek_list_view_set_border_color_name(EkListView *view, const char *name) {
    g_return_val_if_fail(EK_IS_LIST_VIEW(view), FALSE);
    GdkRGBA color;
    if (!gtk_style_context_lookup_color(gtk_widget_get_style_context(GTK_WIDGET(view)), name, &color)) return FALSE;
    g_free(view->border_color_name);
    view->border_color_name = g_strdup(name);
    view->has_border = TRUE;
    gtk_widget_queue_draw(GTK_WIDGET(view));
    return TRUE;
}

gint ek_list_view_get_text_row_height(EkListView *view) {
    g_return_val_if_fail(EK_IS_LIST_VIEW(view), 0);
    return text_row_height(view);
}

void ek_list_view_set_border_color(EkListView *view, const GdkRGBA *color) {
    g_clear_pointer(&view->border_color_name, g_free);
    view->has_border = color != NULL;
    if (color) view->border_color = *color;
    gtk_widget_queue_draw(GTK_WIDGET(view));
}

void ek_list_view_set_wheel_style(EkListView *view, gboolean wheel_style) {
    g_return_if_fail(EK_IS_LIST_VIEW(view));
    view->wheel_style = wheel_style != FALSE;
    configure_vadjustment(view);
    if (view->highlighted >= 0) ek_list_view_scroll_to_row(view, (guint)view->highlighted, EK_LIST_SCROLL_CENTER);
    visible_rows_moved(view);
}

gboolean ek_list_view_get_wheel_style(EkListView *view) { return view->wheel_style; }

void ek_list_view_set_empty_text(EkListView *view, const char *text) {
    g_free(view->empty_text);
    view->empty_text = g_strdup(text);
    gtk_widget_queue_draw(GTK_WIDGET(view));
}

void ek_list_view_set_highlighted(EkListView *view, gint row) {
    g_return_if_fail(EK_IS_LIST_VIEW(view));
    if (row < -1 || row >= (gint)view->row_count) row = -1;
    if (view->highlighted == row) return;
    gint old = view->highlighted;
    view->highlighted = row;
    gtk_widget_queue_draw(GTK_WIDGET(view));
    /* With a focus owner the accessible is made now: the owner's active descendant is a row. */
    if (view->focus_owner) gtk_widget_get_accessible(GTK_WIDGET(view));
    EkListViewAccessible *accessible = existing_accessible(view);
    if (accessible) {
        AtkObject *owner = view->focus_owner ? gtk_widget_get_accessible(view->focus_owner) : NULL;
        ek_list_view_accessible_highlight_changed(accessible, old, row, owner);
    }
    g_signal_emit(view, signals[SIGNAL_HIGHLIGHT_CHANGED], 0, row);
}

gint ek_list_view_get_highlighted(EkListView *view) { return view->highlighted; }
gint ek_list_view_get_hovered(EkListView *view) { return view->hovered; }

void ek_list_view_set_focus_owner(EkListView *view, GtkWidget *owner) {
    if (view->focus_owner == owner) return;
    if (view->focus_owner) g_object_remove_weak_pointer(G_OBJECT(view->focus_owner), (gpointer *)&view->focus_owner);
    view->focus_owner = owner;
    if (owner) g_object_add_weak_pointer(G_OBJECT(owner), (gpointer *)&view->focus_owner);
}

void ek_list_view_scroll_to_row(EkListView *view, guint row, EkListScroll placement) {
    g_return_if_fail(EK_IS_LIST_VIEW(view));
    if (!view->vadjustment || row >= view->row_count) return;
    gint h = row_height(view);
    gdouble page = gtk_adjustment_get_page_size(view->vadjustment);
    gdouble value = gtk_adjustment_get_value(view->vadjustment);
    gdouble top = (gdouble)row * h + inset(view);
    if (view->wheel_style) placement = EK_LIST_SCROLL_CENTER; /* a wheel shows its row in the middle */
    switch (placement) {
    case EK_LIST_SCROLL_TOP: value = top; break;
    case EK_LIST_SCROLL_CENTER: value = top - (page - h) / 2; break;
    case EK_LIST_SCROLL_NEAREST:
        if (top < value)
            value = top;
        else if (top + h > value + page)
            value = top + h - page;
        break;
    }
    /* The adjustment is configured already: every input of its extent (count, row height, font,
     * style, wheel style, allocation, a new adjustment) configures it when it changes. */
    set_scroll_value(view, value);
}

guint ek_list_view_get_first_visible_row(EkListView *view) {
    guint first, count;
    ek_list_view_get_window(view, &first, &count);
    return first;
}

guint ek_list_view_get_visible_row_capacity(EkListView *view) {
    gint height = gtk_widget_get_allocated_height(GTK_WIDGET(view));
    return (guint)MAX(height / row_height(view), 1);
}

gint ek_list_view_row_at_y(EkListView *view, gdouble y) {
    if (y < 0 || y >= gtk_widget_get_allocated_height(GTK_WIDGET(view))) return -1;
    gdouble row = floor((y - row_y(view, 0)) / row_height(view));
    return row >= 0 && row < view->row_count ? (gint)row : -1;
}

void ek_list_view_activate_row(EkListView *view, guint row) {
    g_return_if_fail(EK_IS_LIST_VIEW(view));
    if (row >= view->row_count) return;
    ek_list_view_set_highlighted(view, (gint)row);
    g_signal_emit(view, signals[SIGNAL_ROW_ACTIVATED], 0, row);
}

char *ek_list_view_copy_row_text(EkListView *view, guint row) {
    if (row >= view->row_count || !view->source.row_text) return NULL;
    gsize length = 0;
    const char *text = view->source.row_text(view->source_data, row, &length);
    return g_strndup(text ? text : "", text ? length : 0);
}

gboolean ek_list_view_get_row_area(EkListView *view, guint row, GdkRectangle *area) {
    guint first, count;
    ek_list_view_get_window(view, &first, &count);
    if (row < first || row >= first + count) return FALSE;
    gint h = row_height(view);
    area->x = 0;
    area->y = (gint)floor(row_y(view, row));
    area->width = gtk_widget_get_allocated_width(GTK_WIDGET(view));
    area->height = h;
    return TRUE;
}
