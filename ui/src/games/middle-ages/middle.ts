// Middle Ages (game id "middle-ages"), view logic for its table: wording, grouping and the
// shapes of the actions it sends. Every rule (where a Lord may go and why not, what an Effect
// asks, what it pays) lives in the core and reaches the screen in the view; nothing here decides.
import type { Seat } from "../../lib/bindings";
import type { ViewOf } from "../types";
import { figure, plural, seatName, signed } from "../../lib/format";

export type MiddleView = ViewOf<"middle-ages">;
export type PlotView = MiddleView["rows"][number][number];
export type PlayerView = MiddleView["players"][number];
export type EstateView = PlayerView["estates"][number];
export type TileType = EstateView["kind"];
export type TurnView = NonNullable<MiddleView["turn"]>;
export type Choice = TurnView["choices"][number];
export type Pos = { row: number; slot: number };

/** The eight Estates, left to right on the Fief board. */
export const TILE_TYPES: readonly TileType[] = [
  "Field",
  "Mill",
  "Village",
  "Rampart",
  "Market",
  "Barracks",
  "Church",
  "Palace",
];

/** Short names for a plot when a row holds five or six plots across a phone. */
const SHORT: Record<TileType, string> = {
  Field: "Field",
  Mill: "Mill",
  Village: "Vill",
  Rampart: "Ramp",
  Market: "Mkt",
  Barracks: "Barr",
  Church: "Chur",
  Palace: "Pal",
};

/** A plot's name as the board shows it: whole while a row holds up to four plots. */
export function shortName(t: TileType, plots = 3): string {
  return plots >= 5 ? SHORT[t] : t;
}

/** "row 2, plot 3": people count from 1. */
export function plotName(at: Pos): string {
  return `row ${at.row + 1}, plot ${at.slot + 1}`;
}

/** Names, counts, figures and changes, written one way for every game (lib/format). */
export { figure, plural, seatName, signed };

// ---- where the game stands ----------------------------------------------------------------------

/** One line for the header: whose move it is, or what the table does next. */
export function prompt(view: MiddleView, seats: readonly Pick<Seat, "name">[]): string {
  const who = seatName(seats, view.actor);
  switch (view.phase.kind) {
    case "LayRows":
      return "Setup: lay the four rows of plots";
    case "ChooseFirst":
      return "Setup: who places a Lord first?";
    case "Placing":
      return `Setup: ${who} places a Lord on row 1`;
    case "Turns":
      return view.next_row === null
        ? `Round ${view.round}: ${who} takes the plot under their Lord`
        : `Round ${view.round}: ${who} moves to row ${view.next_row + 1}`;
    case "EventDue":
      return `Round ${view.round} is over: enter its event`;
    case "RefillDue":
      return `Round ${view.round} is over: refill row ${(view.current_row ?? 0) + 1}`;
    case "Over":
      return "Game over";
  }
}

/** The round and event track: one cell per round, with what happens after it. */
export function track(view: MiddleView): { round: number; event: boolean; refill: boolean; now: boolean; done: boolean }[] {
  return Array.from({ length: view.rounds }, (_, i) => {
    const round = i + 1;
    return {
      round,
      event: view.event_rounds.includes(round),
      refill: round <= view.refill_through_round,
      now: round === view.round && view.phase.kind !== "Over",
      done: round < view.round || view.phase.kind === "Over",
    };
  });
}

/** "Next event after round 8", or null once the last one is entered. */
export function nextEvent(view: MiddleView): string | null {
  const due = view.phase.kind === "EventDue";
  const next = view.event_rounds.find((r) => r > view.round || (r === view.round && due));
  if (next === undefined || view.phase.kind === "Over") return null;
  return next === view.round ? `Event due now (round ${next})` : `Next event after round ${next}`;
}

// ---- the board ----------------------------------------------------------------------------------

export type RowRole = "current" | "next" | "other";

export function rowRole(view: MiddleView, row: number): RowRole {
  if (view.phase.kind === "Placing" && row === 0) return "next";
  if (view.next_row === row && view.phase.kind === "Turns") return "next";
  if (view.current_row === row && view.round > 0) return "current";
  return "other";
}

/** What a plot shows to a screen reader: its tile, who stands there, whose Scout reserves it. */
export function plotLabel(plot: PlotView, at: Pos, seats: readonly Pick<Seat, "name">[]): string {
  const parts = [`${capitalise(plotName(at))}: ${plot.tile ?? "empty"}`];
  if (plot.lord !== null) parts.push(`${seatName(seats, plot.lord)}'s Lord`);
  if (plot.scout !== null) parts.push(`${seatName(seats, plot.scout)}'s Scout`);
  return parts.join(", ");
}

/** What tapping a plot does: offer the move (placement or turn), or say why not in plain words. */
export type Tap = { kind: "offer"; at: Pos } | { kind: "refuse"; at: Pos; reason: string };

export function tapPlot(view: MiddleView, at: Pos): Tap {
  const plot = view.rows[at.row]?.[at.slot];
  if (!plot) return { kind: "refuse", at, reason: "There is no such plot." };
  if (plot.why_not === null) return { kind: "offer", at };
  return { kind: "refuse", at, reason: capitalise(plot.why_not) };
}

// ---- a turn ---------------------------------------------------------------------------------------

/** The choice in words (the core names the players). */
export function choiceText(turn: TurnView, index: number): string {
  return capitalise(turn.choice_labels[index] ?? "");
}

/** What the take pays everyone (the preview with no symbols and the first choice). */
export function previewText(turn: TurnView, seats: readonly Pick<Seat, "name">[]): string {
  const parts = turn.preview
    .map((c, seat) => ({ c, seat }))
    .filter((p) => p.c !== 0)
    .map((p) => `${seatName(seats, p.seat)} ${p.c > 0 ? "+" : "−"}${Math.abs(p.c)}`);
  return parts.length === 0 ? "No coins change" : parts.join(", ");
}

export type TakeAction = {
  type: "Take";
  to: Pos | null;
  symbols: { farmers: number; chests: number };
  choice: Choice | null;
  /** Every tile of this type prints these symbols: the core remembers them (reading A21). */
  teach: boolean;
};

export function takeAction(
  to: Pos | null,
  farmers: number,
  chests: number,
  choice: Choice | null,
  teach = false,
): TakeAction {
  return { type: "Take", to, symbols: { farmers, chests }, choice, teach };
}

/** What every tile of a type prints, in words ("1 Farmer", "2 Chests", "no symbols"). */
export function printingText(p: { farmers: number; chests: number }): string {
  const parts = [p.farmers > 0 && plural(p.farmers, "Farmer"), p.chests > 0 && plural(p.chests, "Chest")].filter(Boolean);
  return parts.length === 0 ? "no symbols" : parts.join(", ");
}

// ---- events and refills ---------------------------------------------------------------------------

/** A coin change as typed ("-2", "+3", "", "4"): a whole number, or null when it is not one. */
export function parseChange(text: string): number | null {
  const t = text.trim().replace(/^\+/, "").replace("−", "-");
  if (t === "") return 0;
  return /^-?\d+$/.test(t) ? Number(t) : null;
}

/** Names to offer for an event: those the app remembers and those entered in this game. */
export function eventNames(view: MiddleView): string[] {
  return [...new Set([...view.known_events, ...view.events.map((e) => e.name)])].sort();
}

// ---- the Fief -------------------------------------------------------------------------------------

/** The badges of an Estate: its Extra Coin token and its Plot token's type. */
export function estateTokens(e: EstateView): string[] {
  const out: string[] = [];
  if (e.extra_coin) out.push("+1 coin");
  if (e.plot !== null) out.push(`+${e.plot}`);
  return out;
}

/** What an Estate's income counts, e.g. "2 per Village and Rampart". */
export function incomeText(e: EstateView): string {
  return `${e.rate} per ${e.rewards.join(" and ")}`;
}

/** The tie-break counts in the rulebook's order (Palace first, then right to left). */
export function tieBreakCounts(p: PlayerView): { kind: TileType; tiles: number }[] {
  return [...TILE_TYPES].reverse().map((kind) => ({
    kind,
    tiles: p.estates.find((e) => e.kind === kind)?.tiles ?? 0,
  }));
}

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}
