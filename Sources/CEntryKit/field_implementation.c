/* The fields' properties and signals, and the calls through to their Swift implementation. */

#include "field_private.h"

static EkImplementation implementation;
static gboolean implemented;

void ek_set_implementation(const EkImplementation *given) {
    g_return_if_fail(given != NULL);
    implementation = *given;
    implemented = TRUE;
}

gboolean ek_implementation_attaches_fields(void) { return implemented && implementation.field_constructed != NULL; }

const EkImplementation *ek_implementation(void) { return implemented ? &implementation : NULL; }

static const gchar *const property_names[EK_FIELD_PROPERTY_COUNT] = {
    [EK_FIELD_PROPERTY_ITEMS] = "items",
    [EK_FIELD_PROPERTY_SELECTED_INDEX] = "selected-index",
    [EK_FIELD_PROPERTY_PICKED_INDEX] = "picked-index",
    [EK_FIELD_PROPERTY_VISIBLE_ROW_COUNT] = "visible-row-count",
    [EK_FIELD_PROPERTY_ROW_HEIGHT] = "row-height",
    [EK_FIELD_PROPERTY_LIST_BORDER_COLOR] = "list-border-color",
    [EK_FIELD_PROPERTY_LIST_FONT] = "list-font",
    [EK_FIELD_PROPERTY_FREE_TEXT] = "free-text",
    [EK_FIELD_PROPERTY_IS_OPEN] = "is-open",
};

static GParamSpec *make_property(EkFieldProperty property) {
    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    const gchar *name = property_names[property];
    switch (property) {
    case EK_FIELD_PROPERTY_ITEMS:
        return g_param_spec_boxed(name, "Items", "The items to choose from", G_TYPE_STRV, flags);
    case EK_FIELD_PROPERTY_SELECTED_INDEX:
        return g_param_spec_int(name, "Selected index", "The index of the item last picked, -1 for none", -1, G_MAXINT,
                                -1, flags);
    case EK_FIELD_PROPERTY_PICKED_INDEX:
        return g_param_spec_int(name, "Picked index", "The index of the picked item, -1 for none", -1, G_MAXINT, -1,
                                flags);
    case EK_FIELD_PROPERTY_VISIBLE_ROW_COUNT:
        return g_param_spec_int(name, "Visible row count", "Rows shown without scrolling", 1, G_MAXINT, 5, flags);
    case EK_FIELD_PROPERTY_ROW_HEIGHT:
        return g_param_spec_int(name, "Row height", "Row height in pixels; 0 for the entry's own height", 0, 4096, 0,
                                flags);
    case EK_FIELD_PROPERTY_LIST_BORDER_COLOR:
        return g_param_spec_string(name, "List border colour",
                                   "The list's border as a CSS colour, or a theme colour such as @borders; "
                                   "NULL for none",
                                   "@borders", flags);
    case EK_FIELD_PROPERTY_LIST_FONT:
        return g_param_spec_string(name, "List font", "The rows' font as Pango describes it; NULL for the entry's",
                                   NULL, flags);
    case EK_FIELD_PROPERTY_FREE_TEXT:
        return g_param_spec_boolean(name, "Free text", "Whether typing is free and filters the open list", FALSE,
                                    flags);
    case EK_FIELD_PROPERTY_IS_OPEN:
        return g_param_spec_boolean(name, "Is open", "Whether the list is open", FALSE,
                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    default: g_assert_not_reached();
    }
}

/* The properties each field class installed, so that a notification finds its GParamSpec without
 * a look-up by name (ek_field_notify runs on every change of items or choice). */
typedef struct {
    GType type;
    GParamSpec *specs[EK_FIELD_PROPERTY_COUNT];
} FieldClassProperties;
static FieldClassProperties field_classes[2]; /* EkDropDownField, EkPickerField */
static guint field_class_count;

void ek_field_class_install(GObjectClass *object_class, const EkFieldProperty *properties, guint count,
                            const gchar *chosen_signal) {
    object_class->constructed = ek_field_constructed;
    object_class->set_property = ek_field_set_property;
    object_class->get_property = ek_field_get_property;
    GType type = G_TYPE_FROM_CLASS(object_class);
    FieldClassProperties *installed = &field_classes[field_class_count++];
    g_assert(field_class_count <= G_N_ELEMENTS(field_classes));
    installed->type = type;
    for (guint i = 0; i < count; i++) {
        GParamSpec *pspec = make_property(properties[i]);
        g_object_class_install_property(object_class, properties[i], pspec);
        installed->specs[properties[i]] = pspec;
    }
    g_signal_new(chosen_signal, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT,
                 G_TYPE_STRING);
    g_signal_new("opened", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    g_signal_new("closed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* The field class (EkDropDownField or EkPickerField) an object is, or derives from. */
static const FieldClassProperties *field_class_of(GObject *object) {
    for (guint i = 0; i < field_class_count; i++)
        if (g_type_is_a(G_OBJECT_TYPE(object), field_classes[i].type)) return &field_classes[i];
    return NULL;
}

void ek_field_constructed(GObject *object) {
    /* Chained up from the field class, not the object's own: a subclass made in another language
     * inherits this handler, and its parent would be the field class again. */
    GObjectClass *parent = g_type_class_peek(g_type_parent(field_class_of(object)->type));
    if (parent->constructed) parent->constructed(object);
    if (ek_implementation_attaches_fields()) implementation.field_constructed(object);
}

/* Values set while a field has no Swift wrapper: a Swift application wraps a builder's object
 * only after the builder has set its properties. Nothing is lost; the wrapper takes them. */
typedef struct {
    GValue values[EK_FIELD_PROPERTY_COUNT];
} PendingValues;

static void pending_values_free(gpointer data) {
    PendingValues *pending = data;
    for (guint i = 0; i < EK_FIELD_PROPERTY_COUNT; i++)
        if (G_IS_VALUE(&pending->values[i])) g_value_unset(&pending->values[i]);
    g_free(pending);
}

static GQuark pending_quark(void) { return g_quark_from_static_string("ek-field-pending-values"); }

static void keep_pending(GObject *object, guint id, const GValue *value) {
    PendingValues *pending = g_object_get_qdata(object, pending_quark());
    if (pending == NULL) {
        pending = g_new0(PendingValues, 1);
        g_object_set_qdata_full(object, pending_quark(), pending, pending_values_free);
    }
    if (G_IS_VALUE(&pending->values[id])) g_value_unset(&pending->values[id]);
    g_value_init(&pending->values[id], G_VALUE_TYPE(value));
    g_value_copy(value, &pending->values[id]);
}

void ek_field_apply_pending(GObject *field) {
    PendingValues *pending = g_object_steal_qdata(field, pending_quark());
    if (pending == NULL || !implemented) return;
    for (guint i = 1; i < EK_FIELD_PROPERTY_COUNT; i++)
        if (G_IS_VALUE(&pending->values[i]))
            implementation.field_set_property(field, (EkFieldProperty)i, &pending->values[i]);
    pending_values_free(pending);
}

void ek_field_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    if (id == 0 || id >= EK_FIELD_PROPERTY_COUNT) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    if (!implemented || !implementation.field_set_property(object, (EkFieldProperty)id, value))
        keep_pending(object, id, value);
}

void ek_field_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    if (id == 0 || id >= EK_FIELD_PROPERTY_COUNT) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    if (implemented && implementation.field_get_property(object, (EkFieldProperty)id, value)) return;
    PendingValues *pending = g_object_get_qdata(object, pending_quark());
    if (pending != NULL && G_IS_VALUE(&pending->values[id]))
        g_value_copy(&pending->values[id], value);
    else
        g_param_value_set_default(pspec, value);
}

void ek_field_set_open(GObject *field, gboolean open) {
    if (implemented) implementation.field_set_open(field, open);
}

void ek_field_notify(GObject *field, EkFieldProperty property) {
    g_return_if_fail(property > 0 && property < EK_FIELD_PROPERTY_COUNT);
    /* Each class installs only its own properties (a picker has no "selected-index"); subclasses
     * made in other languages notify their field class's. */
    const FieldClassProperties *field_class = field_class_of(field);
    GParamSpec *pspec = field_class ? field_class->specs[property] : NULL;
    if (pspec) g_object_notify_by_pspec(field, pspec);
}

void ek_field_emit_chosen(GObject *field, gint index, const gchar *item) {
    g_signal_emit_by_name(field, EK_IS_PICKER_FIELD(field) ? "picked" : "selected", index, item);
}

void ek_field_emit_opened(GObject *field) { g_signal_emit_by_name(field, "opened"); }

void ek_field_emit_closed(GObject *field) { g_signal_emit_by_name(field, "closed"); }

gchar **ek_field_dup_items(GObject *field) {
    gchar **items = NULL;
    g_object_get(field, "items", &items, NULL);
    return items;
}

void ek_warn(const char *message) { g_log("EntryKit", G_LOG_LEVEL_WARNING, "%s", message); }
