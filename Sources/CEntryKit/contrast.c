/* Contrast arithmetic for text drawn over a background, after WCAG 2. */

#include "entrykit_contrast.h"

#include <math.h>

/* WCAG's relative luminance and contrast ratio, from sRGB components. */
static gdouble luminance(const GdkRGBA *color) {
    gdouble channel[3] = {color->red, color->green, color->blue};
    for (int i = 0; i < 3; i++)
        channel[i] = channel[i] <= 0.04045 ? channel[i] / 12.92 : pow((channel[i] + 0.055) / 1.055, 2.4);
    return 0.2126 * channel[0] + 0.7152 * channel[1] + 0.0722 * channel[2];
}

static gdouble contrast(const GdkRGBA *a, const GdkRGBA *b) {
    gdouble la = luminance(a), lb = luminance(b);
    return (MAX(la, lb) + 0.05) / (MIN(la, lb) + 0.05);
}

#define LEGIBLE_CONTRAST 4.5 /* WCAG AA for text */

GdkRGBA ek_color_mix(const GdkRGBA *from, const GdkRGBA *to, gdouble amount) {
    GdkRGBA mixed = *from;
    mixed.red += (to->red - from->red) * amount;
    mixed.green += (to->green - from->green) * amount;
    mixed.blue += (to->blue - from->blue) * amount;
    return mixed;
}

/* How far (0 to `wanted`) text may be faded into the background and keep 4.5:1 against it: the
 * wheel's outer rows fade, but never below legible. A theme whose own text is under 4.5:1 gets
 * no fade at all. */
gdouble ek_legible_fade(const GdkRGBA *text, const GdkRGBA *background, gdouble wanted) {
    gdouble low = 0, high = wanted;
    if (contrast(text, background) <= LEGIBLE_CONTRAST) return 0;
    for (int step = 0; step < 20; step++) {
        gdouble middle = (low + high) / 2;
        GdkRGBA mixed = ek_color_mix(text, background, middle);
        if (contrast(&mixed, background) >= LEGIBLE_CONTRAST)
            low = middle;
        else
            high = middle;
    }
    return low;
}
