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
export type OptionChoices = { allMoneyScores: boolean; realmRewards?: RealmRewards | null };

/**
 * Raise the Realm's objective rewards as the table set them: the game's defaults (`base`, from
 * the core's default options) with Era 1–4's first place and Era 5's places changed.
 */
export type RealmRewards = { base: Record<string, unknown>; eraFirst: number; finalPlaces: number[] };

/** The core's default Raise the Realm rewards (from `GameInfo.default_options`), if present. */
export function defaultRealmRewards(defaults: unknown): RealmRewards | null {
  const rewards = (defaults as { rewards?: Record<string, unknown> } | null)?.rewards;
  const first = rewards?.vp_by_place;
  const last = rewards?.final_vp_by_place;
  if (!rewards || !Array.isArray(first) || !Array.isArray(last)) return null;
  if (![...first, ...last].every((v) => typeof v === "number")) return null;
  return { base: rewards, eraFirst: Number(first[0] ?? 0), finalPlaces: last.map(Number) };
}

/**
 * The options sent with startGame: The Estates' house rule, or Raise the Realm's reward table,
 * when chosen; else null (the game's defaults; the record keeps what was used).
 */
export function startOptions(gameId: string, choices: OptionChoices): Record<string, unknown> | null {
  if (gameId === "the-estates") return { all_money_scores: choices.allMoneyScores };
  if (gameId === "raise-the-realm-live" && choices.realmRewards) {
    const r = choices.realmRewards;
    const base = Array.isArray(r.base.vp_by_place) ? (r.base.vp_by_place as number[]) : [];
    return {
      rewards: {
        ...r.base,
        vp_by_place: [r.eraFirst, ...base.slice(1)],
        final_vp_by_place: [...r.finalPlaces],
      },
    };
  }
  return null;
}

/** Seats that still fit when another game is chosen. */
export function fitSeats<T>(seats: readonly T[], max: number): T[] {
  return seats.slice(0, Math.max(0, max));
}
