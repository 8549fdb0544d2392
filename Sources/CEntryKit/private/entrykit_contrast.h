#ifndef ENTRYKIT_CONTRAST_H
#define ENTRYKIT_CONTRAST_H

#include <gdk/gdk.h>

G_BEGIN_DECLS

/* `from` moved `amount` (0 to 1) of the way to `to`, keeping from's alpha. */
GdkRGBA ek_color_mix(const GdkRGBA *from, const GdkRGBA *to, gdouble amount);

/* How far (0 to `wanted`) `text` may be faded into `background` and keep WCAG's 4.5:1 against
 * it; 0 when the text is under 4.5:1 already. */
gdouble ek_legible_fade(const GdkRGBA *text, const GdkRGBA *background, gdouble wanted);

G_END_DECLS

#endif
