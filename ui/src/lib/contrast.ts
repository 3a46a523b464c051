/** WCAG contrast of colours, for text drawn on a player's colour (a Lord's initials). */

/** The relative luminance of "#rgb" or "#rrggbb" (WCAG 2), or null for anything else. */
export function luminance(colour: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (hex === undefined) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two luminances, from 1 to 21. */
export function ratio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Black or white, whichever reads better on `colour`: a person's colour is theirs to choose, so
 * the text on it follows the colour rather than the theme. Unknown colours get white, as before.
 */
export function inkOn(colour: string): "#000000" | "#ffffff" {
  const l = luminance(colour);
  if (l === null) return "#ffffff";
  return ratio(l, 0) > ratio(l, 1) ? "#000000" : "#ffffff";
}
