// Every bad entry gets feedback at the field (product.md "At the table"): what a typed value
// means, or what is wrong with it, in words the field shows under itself (with aria-invalid and
// aria-describedby). Only the form of an entry is read here; what the rules allow is the core's,
// and a range is one the core's view gives.

/** A reading of a field: its value, or the sentence shown under it. */
export type Read<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

/**
 * A whole number typed into a field (a number field's value, or text): `what` names it in the
 * message ("Hope Stones to win"). `range` is the core's [min, max], when it gives one.
 */
export function wholeNumber(
  typed: string | number | null | undefined,
  what: string,
  range?: readonly [number, number],
): Read<number> {
  const t = typed === null || typed === undefined ? "" : String(typed).trim();
  if (t === "") return { error: `${what}: enter a whole number` };
  if (!/^[-−]?\d+$/.test(t)) return { error: `${what}: "${t}" is not a whole number` };
  const value = Number(t.replace("−", "-"));
  if (range && (value < range[0] || value > range[1])) {
    return { error: `${what}: enter a number from ${range[0]} to ${range[1]}` };
  }
  return { value };
}

/** A name or other words a field needs: the trimmed text, or "what: enter …". */
export function filled(typed: string | null | undefined, what: string, ask = "fill this in"): Read<string> {
  const t = (typed ?? "").trim();
  return t === "" ? { error: `${what}: ${ask}` } : { value: t };
}

/** The attributes that tie a field to its message: aria-invalid and aria-describedby. */
export function invalid(error: string | null | undefined, id: string) {
  return { "aria-invalid": error ? "true" : "false", "aria-describedby": error ? id : undefined } as const;
}
