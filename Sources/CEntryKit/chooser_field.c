/* EkChooserField: the properties and signals both fields share, declared once, and the calls
 * straight through to the field's Swift implementation. */

#include "field_private.h"

/**
 * EkChooserField:
 *
 * What #EkDropDownField and #EkPickerField share: the items, the open list's size, font,
 * border and placeholder text, whether it is open, and the #EkChooserField::opened and
 * #EkChooserField::closed signals. Each field adds its own choice.
 */

typedef struct {
    void *implementation; /* the Swift field, made in constructed, released in dispose */
} EkChooserFieldPrivate;

G_DEFINE_TYPE_WITH_PRIVATE(EkChooserField, ek_chooser_field, EK_TYPE_CHOOSER_ENTRY)

static GParamSpec *properties[EK_CHOOSER_FIELD_N_PROPS];

enum { SIGNAL_OPENED, SIGNAL_CLOSED, N_SIGNALS };
static guint signals[N_SIGNALS];

static EkChooserFieldPrivate *private_of(EkChooserField *field) { return ek_chooser_field_get_instance_private(field); }

void *ek_chooser_field_implementation(EkChooserField *field) { return private_of(field)->implementation; }

/* The field gets its behaviour before anything can set a property or call a method on it:
 * g_object_new sets the properties after constructed, whatever made the field (Swift, C, a
 * binding, GtkBuilder). */
static void field_constructed(GObject *object) {
    G_OBJECT_CLASS(ek_chooser_field_parent_class)->constructed(object);
    EkChooserField *field = EK_CHOOSER_FIELD(object);
    EkChooserFieldClass *klass = EK_CHOOSER_FIELD_GET_CLASS(field);
    g_return_if_fail(klass->create_implementation != NULL);
    private_of(field)->implementation = klass->create_implementation(field);
}

/* Released while the widget is still whole (its popover too); dispose may run twice. */
static void field_dispose(GObject *object) {
    void *implementation = g_steal_pointer(&private_of(EK_CHOOSER_FIELD(object))->implementation);
    if (implementation) ek_chooser_field_implementation_release(implementation);
    G_OBJECT_CLASS(ek_chooser_field_parent_class)->dispose(object);
}

static void field_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    EkChooserField *field = EK_CHOOSER_FIELD(object);
    switch (id) {
    case EK_CHOOSER_FIELD_PROP_ITEMS: ek_chooser_field_set_items(field, g_value_get_boxed(value)); break;
    case EK_CHOOSER_FIELD_PROP_VISIBLE_ROW_COUNT:
        ek_chooser_field_set_visible_row_count(field, g_value_get_int(value));
        break;
    case EK_CHOOSER_FIELD_PROP_ROW_HEIGHT: ek_chooser_field_set_row_height(field, g_value_get_int(value)); break;
    case EK_CHOOSER_FIELD_PROP_LIST_BORDER_COLOR:
        ek_chooser_field_set_list_border_color(field, g_value_get_string(value));
        break;
    case EK_CHOOSER_FIELD_PROP_LIST_FONT: ek_chooser_field_set_list_font(field, g_value_get_string(value)); break;
    case EK_CHOOSER_FIELD_PROP_LIST_PLACEHOLDER_TEXT:
        ek_chooser_field_set_list_placeholder_text(field, g_value_get_string(value));
        break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void field_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    EkChooserField *field = EK_CHOOSER_FIELD(object);
    switch (id) {
    case EK_CHOOSER_FIELD_PROP_ITEMS: g_value_take_boxed(value, ek_chooser_field_get_items(field)); break;
    case EK_CHOOSER_FIELD_PROP_VISIBLE_ROW_COUNT:
        g_value_set_int(value, ek_chooser_field_get_visible_row_count(field));
        break;
    case EK_CHOOSER_FIELD_PROP_ROW_HEIGHT: g_value_set_int(value, ek_chooser_field_get_row_height(field)); break;
    case EK_CHOOSER_FIELD_PROP_LIST_BORDER_COLOR:
        g_value_take_string(value, ek_chooser_field_get_list_border_color(field));
        break;
    case EK_CHOOSER_FIELD_PROP_LIST_FONT: g_value_take_string(value, ek_chooser_field_get_list_font(field)); break;
    case EK_CHOOSER_FIELD_PROP_LIST_PLACEHOLDER_TEXT:
        g_value_take_string(value, ek_chooser_field_get_list_placeholder_text(field));
        break;
    case EK_CHOOSER_FIELD_PROP_IS_OPEN: g_value_set_boolean(value, ek_chooser_field_get_is_open(field)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void ek_chooser_field_class_init(EkChooserFieldClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->constructed = field_constructed;
    object_class->dispose = field_dispose;
    object_class->set_property = field_set_property;
    object_class->get_property = field_get_property;
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "entry");
    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    /**
     * EkChooserField:items: (type GStrv)
     *
     * The items to choose from (the list's rows, in order). New items keep the field's choice
     * when its index still exists; a choice set before the first items waits for them.
     */
    properties[EK_CHOOSER_FIELD_PROP_ITEMS] =
        g_param_spec_boxed("items", "Items", "The items to choose from", G_TYPE_STRV, flags);
    /**
     * EkChooserField:visible-row-count:
     *
     * Rows shown without scrolling: a drop-down's list is as tall as the smaller of this and the
     * number of items; a picker's wheel always this many rows (made odd), 5 by default.
     */
    properties[EK_CHOOSER_FIELD_PROP_VISIBLE_ROW_COUNT] = g_param_spec_int(
        "visible-row-count", "Visible row count", "Rows shown without scrolling", 1, G_MAXINT, 5, flags);
    /**
     * EkChooserField:row-height:
     *
     * Row height in pixels; 0, the default, is the entry's own height (or what the list's font
     * needs, where that is more).
     */
    properties[EK_CHOOSER_FIELD_PROP_ROW_HEIGHT] = g_param_spec_int(
        "row-height", "Row height", "Row height in pixels; 0 for the entry's own height", 0, 4096, 0, flags);
    /**
     * EkChooserField:list-border-color:
     *
     * The list's one-pixel border as a CSS colour (`"#c0c0c0"`) or a colour the theme names
     * (`"@borders"`, a drop-down's default); %NULL for none (a picker's default). A colour GTK
     * cannot parse is refused.
     */
    properties[EK_CHOOSER_FIELD_PROP_LIST_BORDER_COLOR] = g_param_spec_string(
        "list-border-color", "List border colour",
        "The list's border as a CSS colour, or a theme colour such as @borders; NULL for none", NULL, flags);
    /**
     * EkChooserField:list-font:
     *
     * The rows' font as Pango describes it (`"Serif 14"`); %NULL, the default, is the entry's.
     */
    properties[EK_CHOOSER_FIELD_PROP_LIST_FONT] = g_param_spec_string(
        "list-font", "List font", "The rows' font as Pango describes it; NULL for the entry's", NULL, flags);
    /**
     * EkChooserField:list-placeholder-text:
     *
     * What the open list says when it has no row to show (no item matches the typed text, or
     * there are none); %NULL, the default, is the field's own localized text ("No matches",
     * "No items").
     */
    properties[EK_CHOOSER_FIELD_PROP_LIST_PLACEHOLDER_TEXT] =
        g_param_spec_string("list-placeholder-text", "List placeholder text",
                            "What the open list says with no row to show; NULL for the localized default", NULL, flags);
    /**
     * EkChooserField:is-open:
     *
     * Whether the list is open.
     */
    properties[EK_CHOOSER_FIELD_PROP_IS_OPEN] =
        g_param_spec_boolean("is-open", "Is open", "Whether the list is open", FALSE,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, EK_CHOOSER_FIELD_N_PROPS, properties);
    /**
     * EkChooserField::opened:
     * @field: the field
     *
     * The list opened.
     */
    signals[SIGNAL_OPENED] =
        g_signal_new("opened", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    /**
     * EkChooserField::closed:
     * @field: the field
     *
     * The list closed.
     */
    signals[SIGNAL_CLOSED] =
        g_signal_new("closed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void ek_chooser_field_init(EkChooserField *field) { (void)field; }

void ek_chooser_field_notify(EkChooserField *field, EkChooserFieldProperty property) {
    g_return_if_fail(property > EK_CHOOSER_FIELD_PROP_0 && property < EK_CHOOSER_FIELD_N_PROPS);
    /* Only when someone listens: GLib 2.74 (Debian 12's) emits a notification nobody listens
     * for all the same, and cold (a set after the main loop was idle) that costs tens of
     * microseconds, as much as setting a thousand items. */
    static guint notify_signal;
    if (notify_signal == 0) notify_signal = g_signal_lookup("notify", G_TYPE_OBJECT);
    if (!g_signal_has_handler_pending(field, notify_signal, g_param_spec_get_name_quark(properties[property]), FALSE))
        return;
    g_object_notify_by_pspec(G_OBJECT(field), properties[property]);
}

void ek_chooser_field_emit_opened(EkChooserField *field) { g_signal_emit(field, signals[SIGNAL_OPENED], 0); }

void ek_chooser_field_emit_closed(EkChooserField *field) { g_signal_emit(field, signals[SIGNAL_CLOSED], 0); }

void ek_warn(const char *message) { g_log("EntryKit", G_LOG_LEVEL_WARNING, "%s", message); }

/* The Swift entry points the setters and getters below call (at the end of
 * ChooserFieldImplementation.swift), with the implementation the field keeps. Strings and vectors
 * returned are newly allocated. */
void ek_chooser_field_implementation_set_items(void *field, const gchar *const *items);
void ek_chooser_field_implementation_set_items_from_bytes(void *field, const guint8 *bytes, gsize length,
                                                          const gchar *separator);
gchar **ek_chooser_field_implementation_get_items(void *field);
void ek_chooser_field_implementation_set_visible_row_count(void *field, gint count);
gint ek_chooser_field_implementation_get_visible_row_count(void *field);
void ek_chooser_field_implementation_set_row_height(void *field, gint height);
gint ek_chooser_field_implementation_get_row_height(void *field);
void ek_chooser_field_implementation_set_list_border_color(void *field, const gchar *color);
gchar *ek_chooser_field_implementation_get_list_border_color(void *field);
void ek_chooser_field_implementation_set_list_font(void *field, const gchar *font);
gchar *ek_chooser_field_implementation_get_list_font(void *field);
void ek_chooser_field_implementation_set_list_placeholder_text(void *field, const gchar *text);
gchar *ek_chooser_field_implementation_get_list_placeholder_text(void *field);
gboolean ek_chooser_field_implementation_get_is_open(void *field);
void ek_chooser_field_implementation_set_open(void *field, gboolean open);

/**
 * ek_chooser_field_set_items:
 * @field: a field
 * @items: (array zero-terminated=1) (nullable): the items, %NULL for none
 *
 * Sets #EkChooserField:items.
 */
void ek_chooser_field_set_items(EkChooserField *field, const gchar *const *items) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation) ek_chooser_field_implementation_set_items(implementation, items);
}

/**
 * ek_chooser_field_set_items_from_bytes:
 * @field: a field
 * @text: (nullable): the items' UTF-8 text, each item ended by @separator (the last one may go
 *   without); %NULL for none
 * @separator: (nullable): what ends each item, one or more bytes; %NULL for "\n"
 *
 * Sets #EkChooserField:items from one buffer, split at each @separator inside the field without
 * a string per item. From a language binding this is the fast way to hand over many items: a
 * list of strings is converted string by string first (a million take PyGObject about 0.3 s),
 * one #GBytes is not. Bytes that are not UTF-8 become U+FFFD. From Python,
 * ek_chooser_field_set_items_from_data() with a `bytes` object spares one more copy.
 *
 * |[<!-- language="C" -->
 * GBytes *lines = g_bytes_new_take (text, length);   // "apple\nbanana\n..."
 * ek_chooser_field_set_items_from_bytes (EK_CHOOSER_FIELD (field), lines, "\n");
 * g_bytes_unref (lines);
 * ]|
 */
void ek_chooser_field_set_items_from_bytes(EkChooserField *field, GBytes *text, const gchar *separator) {
    gsize length = 0;
    const guint8 *data = text != NULL ? g_bytes_get_data(text, &length) : NULL;
    ek_chooser_field_set_items_from_data(field, data, length, separator);
}

/**
 * ek_chooser_field_set_items_from_data:
 * @field: a field
 * @data: (array length=length) (element-type guint8) (nullable): the items' UTF-8 text, each
 *   item ended by @separator (the last one may go without); %NULL for none
 * @length: the bytes of @data
 * @separator: (nullable): what ends each item, one or more bytes; %NULL for "\n"
 *
 * ek_chooser_field_set_items_from_bytes() for text the caller holds: the field copies the items
 * during the call and keeps no reference to @data. From Python this is the fastest way to hand
 * over many items: a `bytes` object reaches the field without a copy, where making a #GBytes of
 * it copies it once more first.
 *
 * |[<!-- language="Python" -->
 * field.set_items_from_data("\n".join(items).encode(), "\n")
 * ]|
 */
void ek_chooser_field_set_items_from_data(EkChooserField *field, const guint8 *data, gsize length,
                                          const gchar *separator) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    g_return_if_fail(data != NULL || length == 0);
    g_return_if_fail(separator == NULL || *separator != '\0');
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation == NULL) return;
    ek_chooser_field_implementation_set_items_from_bytes(implementation, data, length, separator ? separator : "\n");
}

/**
 * ek_chooser_field_get_items:
 * @field: a field
 *
 * Gets a copy of #EkChooserField:items.
 *
 * Returns: (transfer full) (array zero-terminated=1): a copy of #EkChooserField:items
 */
gchar **ek_chooser_field_get_items(EkChooserField *field) {
    g_return_val_if_fail(EK_IS_CHOOSER_FIELD(field), NULL);
    void *implementation = ek_chooser_field_implementation(field);
    return implementation ? ek_chooser_field_implementation_get_items(implementation) : g_new0(gchar *, 1);
}

/**
 * ek_chooser_field_set_visible_row_count:
 * @field: a field
 * @count: rows shown without scrolling (at least 1)
 *
 * Sets #EkChooserField:visible-row-count.
 */
void ek_chooser_field_set_visible_row_count(EkChooserField *field, gint count) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation) ek_chooser_field_implementation_set_visible_row_count(implementation, count);
}

/**
 * ek_chooser_field_get_visible_row_count:
 * @field: a field
 *
 * Gets #EkChooserField:visible-row-count.
 *
 * Returns: #EkChooserField:visible-row-count
 */
gint ek_chooser_field_get_visible_row_count(EkChooserField *field) {
    g_return_val_if_fail(EK_IS_CHOOSER_FIELD(field), 0);
    void *implementation = ek_chooser_field_implementation(field);
    return implementation ? ek_chooser_field_implementation_get_visible_row_count(implementation) : 0;
}

/**
 * ek_chooser_field_set_row_height:
 * @field: a field
 * @height: row height in pixels, 0 for the entry's own height
 *
 * Sets #EkChooserField:row-height.
 */
void ek_chooser_field_set_row_height(EkChooserField *field, gint height) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation) ek_chooser_field_implementation_set_row_height(implementation, height);
}

/**
 * ek_chooser_field_get_row_height:
 * @field: a field
 *
 * Gets #EkChooserField:row-height.
 *
 * Returns: #EkChooserField:row-height
 */
gint ek_chooser_field_get_row_height(EkChooserField *field) {
    g_return_val_if_fail(EK_IS_CHOOSER_FIELD(field), 0);
    void *implementation = ek_chooser_field_implementation(field);
    return implementation ? ek_chooser_field_implementation_get_row_height(implementation) : 0;
}

/**
 * ek_chooser_field_set_list_border_color:
 * @field: a field
 * @color: (nullable): a CSS colour or a theme colour (`"@borders"`), %NULL for no border
 *
 * Sets #EkChooserField:list-border-color.
 */
void ek_chooser_field_set_list_border_color(EkChooserField *field, const gchar *color) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation) ek_chooser_field_implementation_set_list_border_color(implementation, color);
}

/**
 * ek_chooser_field_get_list_border_color:
 * @field: a field
 *
 * Gets #EkChooserField:list-border-color.
 *
 * Returns: (transfer full) (nullable): #EkChooserField:list-border-color
 */
gchar *ek_chooser_field_get_list_border_color(EkChooserField *field) {
    g_return_val_if_fail(EK_IS_CHOOSER_FIELD(field), NULL);
    void *implementation = ek_chooser_field_implementation(field);
    return implementation ? ek_chooser_field_implementation_get_list_border_color(implementation) : NULL;
}

/**
 * ek_chooser_field_set_list_font:
 * @field: a field
 * @font: (nullable): a Pango font description, %NULL for the entry's font
 *
 * Sets #EkChooserField:list-font.
 */
void ek_chooser_field_set_list_font(EkChooserField *field, const gchar *font) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation) ek_chooser_field_implementation_set_list_font(implementation, font);
}

/**
 * ek_chooser_field_get_list_font:
 * @field: a field
 *
 * Gets #EkChooserField:list-font.
 *
 * Returns: (transfer full) (nullable): #EkChooserField:list-font
 */
gchar *ek_chooser_field_get_list_font(EkChooserField *field) {
    g_return_val_if_fail(EK_IS_CHOOSER_FIELD(field), NULL);
    void *implementation = ek_chooser_field_implementation(field);
    return implementation ? ek_chooser_field_implementation_get_list_font(implementation) : NULL;
}

/**
 * ek_chooser_field_set_list_placeholder_text:
 * @field: a field
 * @text: (nullable): what the list says with no row to show, %NULL for the localized default
 *
 * Sets #EkChooserField:list-placeholder-text.
 */
void ek_chooser_field_set_list_placeholder_text(EkChooserField *field, const gchar *text) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation) ek_chooser_field_implementation_set_list_placeholder_text(implementation, text);
}

/**
 * ek_chooser_field_get_list_placeholder_text:
 * @field: a field
 *
 * Gets #EkChooserField:list-placeholder-text.
 *
 * Returns: (transfer full) (nullable): #EkChooserField:list-placeholder-text
 */
gchar *ek_chooser_field_get_list_placeholder_text(EkChooserField *field) {
    g_return_val_if_fail(EK_IS_CHOOSER_FIELD(field), NULL);
    void *implementation = ek_chooser_field_implementation(field);
    return implementation ? ek_chooser_field_implementation_get_list_placeholder_text(implementation) : NULL;
}

/**
 * ek_chooser_field_get_is_open:
 * @field: a field
 *
 * Gets #EkChooserField:is-open.
 *
 * Returns: #EkChooserField:is-open
 */
gboolean ek_chooser_field_get_is_open(EkChooserField *field) {
    g_return_val_if_fail(EK_IS_CHOOSER_FIELD(field), FALSE);
    void *implementation = ek_chooser_field_implementation(field);
    return implementation != NULL && ek_chooser_field_implementation_get_is_open(implementation);
}

/**
 * ek_chooser_field_open:
 * @field: a field
 *
 * Opens the list as a click does: a drop-down with its picked item highlighted, a picker at its
 * pick. Nothing happens with no items or while open.
 */
void ek_chooser_field_open(EkChooserField *field) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation) ek_chooser_field_implementation_set_open(implementation, TRUE);
}

/**
 * ek_chooser_field_close:
 * @field: a field
 *
 * Closes the list, keeping the text and the choice.
 */
void ek_chooser_field_close(EkChooserField *field) {
    g_return_if_fail(EK_IS_CHOOSER_FIELD(field));
    void *implementation = ek_chooser_field_implementation(field);
    if (implementation) ek_chooser_field_implementation_set_open(implementation, FALSE);
}
