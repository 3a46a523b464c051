// Estate: Raise the Realm's scorepad (game id "raise-the-realm"): parsing what is typed, wording
// and the tie shown on screen. Every rule (ranges, 7 per empty track, tie-breakers, titles, the
// Era objectives a solo game needs) is the core's.
import type {
  RealmState_Serialize,
  RealmView_Serialize,
  Scoresheet_Serialize as Scoresheet,
  Seat,
} from "../../lib/bindings";
import { seatName } from "../../lib/format";

export { andList } from "../../lib/format";

/** The core's `RealmState`: the pad as entered (nothing on it is secret). */
export type RealmState = RealmState_Serialize;

/**
 * The core's `RealmView`: the pad with what the rules make of it (the Eras, the objectives a solo
 * game needs, and whether it is lost).
 */
export type RealmView = RealmView_Serialize;

/**
 * The category ids the `Enter` action takes, in the order of the scoresheet's categories
 * (data/raise_the_realm.json; the names shown come from the core's scoresheet).
 */
export const REALM_CATEGORIES = [
  "card_vp",
  "game_end_vp",
  "gold",
  "tucked",
  "stored",
  "objectives",
  "family_secret",
  "empty_tracks",
] as const;
export type RealmCategory = (typeof REALM_CATEGORIES)[number];

/**
 * A short hint under a category's name, where the scorepad asks for something particular: empty
 * tracks are counted, not scored (the core gives `per` points for each).
 */
export function categoryHint(id: string, per: number): string | null {
  return id === "empty_tracks" ? `how many: ${per} points each` : null;
}

/**
 * What a cell shows as entered: the count of empty tracks (the core's view says it), else the
 * points.
 */
export function shownEntry(view: RealmView, seat: number, id: string): number | null {
  if (id === "empty_tracks") return view.empty_tracks[seat] ?? null;
  const index = REALM_CATEGORIES.indexOf(id as RealmCategory);
  return view.scores[seat]?.[index] ?? null;
}

export type Entry = { kind: "empty" } | { kind: "number"; value: number } | { kind: "bad" };

/** What was typed in a cell: nothing, a whole number (range is the core's to check), or not a number. */
export function parseEntry(text: string): Entry {
  const t = text.trim().replace(/^−/, "-");
  if (t === "") return { kind: "empty" };
  if (!/^[-+]?\d{1,9}$/.test(t)) return { kind: "bad" };
  return { kind: "number", value: Number(t) };
}

/** Seats tied for the highest total (two or more), else none. */
export function tiedForFirst(sheet: Scoresheet): number[] {
  if (sheet.rows.length < 2) return [];
  const best = Math.max(...sheet.rows.map((r) => r.total));
  const tied = sheet.rows.filter((r) => r.total === best).map((r) => r.seat);
  return tied.length > 1 ? tied : [];
}

/** Categories entered per seat. */
export function enteredCount(state: RealmState, seat: number): number {
  return (state.scores[seat] ?? []).filter((v) => v !== null).length;
}

export function allEntered(state: RealmState): boolean {
  return state.scores.every((row) => row.every((v) => v !== null));
}

/**
 * What still stands between the table and closing the pad, in words, for the hint next to the
 * (not yet offered) "Close the scorepad" button. The core decides; this only explains.
 */
export function missingText(state: RealmState, sheet: Scoresheet, seats: readonly Pick<Seat, "name">[]): string[] {
  const out: string[] = [];
  state.scores.forEach((row, seat) => {
    const left = row.filter((v) => v === null).length;
    if (left > 0) {
      const who = seatName(seats, seat);
      out.push(`${who}: ${left} ${left === 1 ? "category" : "categories"} to enter`);
    }
  });
  if (state.solo && state.objectives_met === null) out.push("How many Era objectives were met");
  if (!state.solo && allEntered(state)) {
    for (const seat of tiedForFirst(sheet)) {
      if (state.objective_firsts[seat] == null || state.estate_cards[seat] == null) {
        out.push(`${seatName(seats, seat)}: tie-breakers`);
      }
    }
  }
  return out;
}

/** The stepper's next count among the game's `eras` objectives: from "not entered", − means none
 *  met and + means one. */
export function stepObjectives(current: number | null, delta: 1 | -1, eras: number): number {
  if (current === null) return delta < 0 ? 0 : 1;
  return Math.min(eras, Math.max(0, current + delta));
}

