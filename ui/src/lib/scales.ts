// The few chart scales Statistics needs, written out: d3-scale (and LayerCake, which builds on
// it) import d3-color, whose set-up assigns `constructor` on plain objects, and that throws in
// this app's web view, where Tauri freezes the built-in prototypes (`freezePrototype`).

/** A value in `domain` to a position in `range`, in proportion (a flat domain maps to its start). */
export function linear(domain: [number, number], range: [number, number]): (v: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (v) => (span === 0 ? r0 : r0 + ((v - d0) / span) * (r1 - r0));
}

/** Evenly spaced bands along `range`, one per key, with gaps between (`inner`) and at the ends
 * (`outer`), each a fraction of a band's step. */
export function band(
  keys: readonly string[],
  range: [number, number],
  { inner = 0, outer = 0 }: { inner?: number; outer?: number } = {},
): { at: (key: string) => number; bandwidth: number } {
  const [r0, r1] = range;
  const n = keys.length;
  const step = n === 0 ? 0 : (r1 - r0) / Math.max(1, n - inner + 2 * outer);
  const start = r0 + step * outer;
  return {
    at: (key) => {
      const i = keys.indexOf(key);
      return i < 0 ? r0 : start + i * step;
    },
    bandwidth: step * (1 - inner),
  };
}

/** Evenly spaced points along `range`, one per key, `padding` steps in from each end (a lone
 * point sits in the middle). */
export function point(keys: readonly string[], range: [number, number], padding = 0.5): (key: string) => number {
  const [r0, r1] = range;
  const n = keys.length;
  const step = (r1 - r0) / Math.max(1, n - 1 + 2 * padding);
  const start = r0 + step * padding;
  return (key) => {
    const i = keys.indexOf(key);
    if (n === 1) return (r0 + r1) / 2;
    return i < 0 ? r0 : start + i * step;
  };
}

/** Where a horizontal bar goes in a chart whose values may be negative (a category that took
 * points away): bars grow right from zero, or left to it, on one scale over [min(0, …), max(0,
 * …)] across `space` pixels from `left`; the value is written right of the bar or of zero,
 * never over the labels left of `left`. */
export function horizontalBar(
  value: number,
  values: readonly number[],
  left: number,
  space: number,
): { x: number; width: number; textX: number } {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const x = linear([lo, hi === lo ? lo + 1 : hi], [left, left + space]);
  const zero = x(0);
  const end = x(value);
  return { x: Math.min(zero, end), width: Math.abs(end - zero), textX: Math.max(zero, end) + 6 };
}
