// The phone's page in words: its title, and a seat's secrets for a game without a view of its own
// for them. Pure: tested in phone.test.ts.
import type { SeatView } from "./transport";

/** "cash_box" → "Cash box"; "handSize" → "Hand size". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.length === 0 ? key : words[0].toUpperCase() + words.slice(1);
}

function shown(v: unknown): string {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "number" || typeof v === "string") return String(v);
  if (Array.isArray(v)) return v.map(shown).join(", ");
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${fieldLabel(k)}: ${shown(x)}`)
    .join("; ");
}

/** A seat's private view as labelled fields (a plain value is one field, "Yours"). */
export function privateFields(value: unknown): { key: string; label: string; value: string }[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== "object" || Array.isArray(value)) return [{ key: "value", label: "Yours", value: shown(value) }];
  return Object.entries(value as Record<string, unknown>).map(([key, v]) => ({ key, label: fieldLabel(key), value: shown(v) }));
}

/** The phone's header: "Bo's phone", "The board", or the app's name before the first view. */
export function phoneTitle(view: SeatView | null): string {
  if (view === null) return "Estate Steward";
  if (typeof view.seat !== "number") return "The board";
  const name = view.name ?? view.table.seats[view.seat - 1]?.name ?? `Seat ${view.seat}`;
  return `${name}'s phone`;
}

/** The seat's colour, for the header's dot (none for the board). */
export function seatColour(view: SeatView | null): string | null {
  if (view === null || typeof view.seat !== "number") return null;
  return view.table.seats[view.seat - 1]?.colour ?? null;
}
