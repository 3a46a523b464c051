// The New game screen's seat list and colours, for any game (a game's own options are its
// folder's, through the registry).
import type { GameInfo } from "./bindings";

/** Colours offered for a new person until the core's palette arrives (`table_colours` gives
 * the same list; the colour input allows any other). */
export const PALETTE = [
  "#1f77b4",
  "#d62728",
  "#2ca02c",
  "#ff7f0e",
  "#9467bd",
  "#8c564b",
  "#e377c2",
  "#17becf",
] as const;

/** The palette's next colour after `current` that none of `others` has (case-insensitive),
 * going round; undefined when every colour is taken. */
export function nextFreeColour(
  palette: readonly string[],
  current: string,
  others: readonly string[],
): string | undefined {
  const taken = new Set(others.map((c) => c.toLowerCase()));
  const from = palette.findIndex((c) => c.toLowerCase() === current.toLowerCase());
  for (let k = 1; k <= palette.length; k++) {
    const c = palette[(from + k + palette.length) % palette.length];
    if (!taken.has(c.toLowerCase()) && c.toLowerCase() !== current.toLowerCase()) return c;
  }
  return undefined;
}

/** How many seats the chosen game has (none until a game is chosen). */
export function seatLimit(game: Pick<GameInfo, "max_players"> | undefined): number {
  return game ? Math.max(0, game.max_players) : 0;
}

/** Seat order with the seat at `index` moved by `delta` (clamped to the list). */
export function moveSeat<T>(seats: readonly T[], index: number, delta: number): T[] {
  const to = Math.min(seats.length - 1, Math.max(0, index + delta));
  if (index < 0 || index >= seats.length || to === index) return [...seats];
  const out = [...seats];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item);
  return out;
}

/** Seats that still fit when another game is chosen. */
export function fitSeats<T>(seats: readonly T[], max: number): T[] {
  return seats.slice(0, Math.max(0, max));
}
