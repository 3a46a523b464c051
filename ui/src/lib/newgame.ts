import type { GameInfo } from "./bindings";

/** Colours offered for a new person (the colour input allows any other). */
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

/** The table's choices on the New game screen, as far as a game has any. */
export type OptionChoices = { allMoneyScores: boolean };

/**
 * The options sent with startGame: The Estates' house rule when chosen, else null (the game's
 * defaults; the record keeps what was used).
 */
export function startOptions(gameId: string, choices: OptionChoices): { all_money_scores: boolean } | null {
  if (gameId === "the-estates") return { all_money_scores: choices.allMoneyScores };
  return null;
}

/** Seats that still fit when another game is chosen. */
export function fitSeats<T>(seats: readonly T[], max: number): T[] {
  return seats.slice(0, Math.max(0, max));
}
