// The live Estate: Raise the Realm tracker (game id "raise-the-realm-live"): wording, and
// building the actions' JSON from what a form holds. Every rule (what is legal, costs, ranks,
// scores) is the core's; nothing here decides legality.
import type {
  Seat,
  TrackerAction_Serialize as TrackerAction,
  TrackerActivationView_Serialize as TrackerActivationView,
  TrackerCardFacts_Serialize as TrackerCardFacts,
  TrackerCardView_Serialize as TrackerCardView,
  TrackerChange_Serialize as TrackerChange,
  TrackerMat,
  TrackerNeeds,
  TrackerResource,
  TrackerResources_Serialize as TrackerResources,
  TrackerSoloCardView_Serialize as TrackerSoloCardView,
  TrackerSpaceView_Serialize as TrackerSpaceView,
  TrackerTrack,
  TrackerView_Serialize as TrackerView,
} from "../../lib/bindings";
import type { GroupPlan } from "../../lib/actions";
import { figure, seatName, signed } from "../../lib/format";

/** The tracker's groups of offers: setting up first, then the Era's steps (drawn quietly: they end
 * a stage rather than make a move), then the turn's moves in the core's order. */
export const REALM_GROUPS: GroupPlan = {
  order: ["setup", "era"],
  titles: { setup: "Setup", era: "Era" },
  quiet: ["era"],
};

export type {
  TrackerAction,
  TrackerActivationView,
  TrackerCardFacts,
  TrackerCardView,
  TrackerChange,
  TrackerNeeds,
  TrackerResources,
  TrackerSoloCardView,
  TrackerView,
};

export const GAME_ID = "raise-the-realm-live";

export const RESOURCES: readonly TrackerResource[] = ["iron", "stone", "wood", "grain"];
export const TRACKS: readonly TrackerTrack[] = ["production", "noble", "gather"];

const RESOURCE_NAMES: Record<TrackerResource, string> = {
  iron: "Iron",
  stone: "Stone",
  wood: "Wood",
  grain: "Grain",
};
const TRACK_NAMES: Record<TrackerTrack, string> = {
  production: "Production",
  noble: "Noble",
  gather: "Gather",
};

export const resourceName = (r: TrackerResource): string => RESOURCE_NAMES[r];
export const trackName = (t: TrackerTrack): string => TRACK_NAMES[t];

/** A seat's player by name (one way for every game: lib/format). */
export { seatName };

// ---- resources and changes ------------------------------------------------------------------

export function noResources(): TrackerResources {
  return { iron: 0, stone: 0, wood: 0, grain: 0 };
}

/** "1 Iron, 2 Stone", signed when `asChange` ("+1 Iron, −2 Wood"); "nothing" when all are 0. */
export function resourcesText(r: TrackerResources, asChange = false): string {
  const parts = RESOURCES.filter((k) => r[k] !== 0).map((k) => {
    const n = r[k];
    const num = asChange ? signed(n) : figure(n);
    return `${num} ${resourceName(k)}`;
  });
  return parts.length === 0 ? "nothing" : parts.join(", ");
}

export function resourceTotal(r: TrackerResources): number {
  return RESOURCES.reduce((s, k) => s + r[k], 0);
}

/**
 * What a change form holds: signed amounts for the supply, Gold, hand and workers, and at most
 * one card to store on and one card to tuck under (`slot` null: none).
 */
export type ChangeDraft = {
  supply: TrackerResources;
  gold: number;
  hand: number;
  workers: number;
  temporary: number;
  storeSlot: number | null;
  store: TrackerResources;
  storeGold: number;
  tuckSlot: number | null;
  tuck: number;
  /** Cubes an effect removes from each track (Mage, Place of Worship). */
  cubes: Record<TrackerTrack, number>;
};

export function emptyChangeDraft(): ChangeDraft {
  return {
    supply: noResources(),
    gold: 0,
    hand: 0,
    workers: 0,
    temporary: 0,
    storeSlot: null,
    store: noResources(),
    storeGold: 0,
    tuckSlot: null,
    tuck: 0,
    cubes: { production: 0, noble: 0, gather: 0 },
  };
}

/** The `TrackerChange` a change form describes (a store or tuck line only when it moves something). */
export function buildChange(d: ChangeDraft): TrackerChange {
  const store =
    d.storeSlot !== null && (resourceTotal(absResources(d.store)) > 0 || d.storeGold !== 0)
      ? [{ slot: d.storeSlot, resources: { ...d.store }, gold: d.storeGold }]
      : [];
  const tuck = d.tuckSlot !== null && d.tuck !== 0 ? [{ slot: d.tuckSlot, count: d.tuck }] : [];
  return {
    supply: { ...d.supply },
    gold: d.gold,
    hand: d.hand,
    store,
    tuck,
    workers: d.workers,
    temporary: d.temporary,
    cubes: TRACKS.flatMap((t) => Array.from({ length: Math.max(0, d.cubes[t]) }, () => t)),
  };
}

function absResources(r: TrackerResources): TrackerResources {
  return { iron: Math.abs(r.iron), stone: Math.abs(r.stone), wood: Math.abs(r.wood), grain: Math.abs(r.grain) };
}

/** True when the change does nothing at all. */
export function isEmptyChange(c: TrackerChange): boolean {
  return (
    RESOURCES.every((k) => c.supply[k] === 0) &&
    c.gold === 0 &&
    c.hand === 0 &&
    c.workers === 0 &&
    c.temporary === 0 &&
    c.store.length === 0 &&
    c.tuck.length === 0 &&
    c.cubes.length === 0
  );
}

/** A change in words, for a confirmation line ("+1 Iron, +2 Gold"). */
export function changeText(c: TrackerChange): string {
  const parts: string[] = [];
  if (RESOURCES.some((k) => c.supply[k] !== 0)) parts.push(resourcesText(c.supply, true));
  const signed = (n: number, what: string) => parts.push(`${n > 0 ? "+" : "−"}${Math.abs(n)} ${what}`);
  if (c.gold !== 0) signed(c.gold, "Gold");
  if (c.hand !== 0) signed(c.hand, Math.abs(c.hand) === 1 ? "card in hand" : "cards in hand");
  if (c.workers !== 0) signed(c.workers, Math.abs(c.workers) === 1 ? "worker" : "workers");
  if (c.temporary !== 0) signed(c.temporary, "temporary");
  for (const s of c.store) parts.push(`stored on card ${s.slot + 1}`);
  for (const t of c.tuck) parts.push(`${t.count} tucked under card ${t.slot + 1}`);
  for (const t of TRACKS) {
    const n = c.cubes.filter((x) => x === t).length;
    if (n > 0) parts.push(`${n} ${trackName(t)} cube${n === 1 ? "" : "s"} removed`);
  }
  return parts.length === 0 ? "nothing" : parts.join(", ");
}

// ---- card facts and mats --------------------------------------------------------------------

/** What a card description form holds (track and kind unset until chosen). */
export type FactsDraft = {
  track: TrackerTrack | "";
  kind: "citizen" | "construction" | "";
  cost: TrackerResources;
  vp: number;
  once_per_era: boolean;
  interactive: boolean;
};

/** The form's starting values: the card's known facts, else what the rulebook prints. */
export function factsDraft(card: TrackerCardView | undefined): FactsDraft {
  const f = card?.facts;
  if (f) return { ...f, cost: { ...f.cost } };
  return {
    track: card?.printed_track ?? "",
    kind: card?.printed_kind ?? "",
    cost: card?.printed_cost ? { ...card.printed_cost } : noResources(),
    vp: card?.printed_vp ?? 0,
    once_per_era: card?.once_per_era ?? false,
    interactive: false,
  };
}

/** The facts to send, or a sentence saying what is still to choose. */
export function buildFacts(d: FactsDraft): TrackerCardFacts | string {
  if (d.track === "") return "Choose the card's track (Production, Noble or Gather)";
  if (d.kind === "") return "Choose whether the card is a Citizen or a Construction";
  return {
    track: d.track,
    kind: d.kind,
    cost: { ...d.cost },
    vp: d.vp,
    once_per_era: d.once_per_era,
    interactive: d.interactive,
  };
}

export const MAT_SPACES = 8;

export type MatDraft = { production: string[]; noble: string[]; gather: string[]; players: string };

export function emptyMatDraft(): MatDraft {
  const row = () => Array.from({ length: MAT_SPACES }, () => "");
  return { production: row(), noble: row(), gather: row(), players: "" };
}

/**
 * A mat's boxes before the table taps anything: every track flat at 1 (a value to start from, not
 * a rule: the table taps where its mat's numbers go up), the player count not chosen yet.
 */
export function startingMatDraft(): MatDraft {
  const row = () => Array.from({ length: MAT_SPACES }, () => "1");
  return { production: row(), noble: row(), gather: row(), players: "" };
}

/** A box's number, 0 while it holds no whole number (typed boxes may hold anything). */
function cell(d: MatDraft, t: TrackerTrack, i: number): number {
  const text = (d[t][i] ?? "").trim();
  return /^\d{1,2}$/.test(text) ? Number(text) : 0;
}

/** How much a track goes up at box `i` (from box `i − 1`); 0 for the first box. */
export function matStep(d: MatDraft, t: TrackerTrack, i: number): number {
  return i <= 0 ? 0 : cell(d, t, i) - cell(d, t, i - 1);
}

/** Moves box `i` and every box after it by `by`, keeping the steps between them. */
function shiftFrom(d: MatDraft, t: TrackerTrack, i: number, by: number): MatDraft {
  const row = d[t].map((_, j) => String(j >= i ? Math.max(0, cell(d, t, j) + by) : cell(d, t, j)));
  return { ...d, [t]: row };
}

/**
 * One tap on box `i` of a track: the step up there cycles none → +1 → +2 → none, and the boxes
 * after it keep their own steps. So a mat is described by tapping where its numbers go up.
 */
export function tapMatStep(d: MatDraft, t: TrackerTrack, i: number): MatDraft {
  if (i <= 0 || i >= MAT_SPACES) return d;
  const step = matStep(d, t, i);
  const next = step >= 0 && step < 2 ? step + 1 : 0;
  return shiftFrom(d, t, i, next - step);
}

/** The track's first value (no cube removed) set to `v`, the steps after it kept. */
export function setMatStart(d: MatDraft, t: TrackerTrack, v: number): MatDraft {
  return shiftFrom(d, t, 0, Math.max(0, v) - cell(d, t, 0));
}

/**
 * The mat to send, or a sentence naming the first box that is not a whole number. The ranges
 * and the never-decreasing rule are the core's to check.
 */
export function buildMat(d: MatDraft): TrackerMat | string {
  const out: TrackerMat = { production: [], noble: [], gather: [], players: 0 };
  for (const t of TRACKS) {
    for (let i = 0; i < MAT_SPACES; i++) {
      const text = (d[t][i] ?? "").trim();
      if (!/^\d{1,2}$/.test(text)) {
        return `${trackName(t)} track, ${i === 0 ? "the first value (no cube removed)" : `value with ${i} cube${i === 1 ? "" : "s"} removed`}: enter a whole number`;
      }
      out[t].push(Number(text));
    }
  }
  const p = d.players.trim();
  if (!/^\d{1,2}$/.test(p)) return "Player count (upper right of the mat): enter a whole number";
  out.players = Number(p);
  return out;
}

// ---- the board and the turn -----------------------------------------------------------------

/**
 * A space's status line: what lies there, who took it, or that the current player's Gather value
 * keeps them off it (the core says so in `locked`).
 */
export function spaceStatus(
  space: TrackerSpaceView,
  seats: readonly Pick<Seat, "name">[],
): { text: string; locked: boolean; taken: boolean } {
  if (space.taken_by !== null) {
    return { text: `Taken by ${seatName(seats, space.taken_by)}`, locked: false, taken: true };
  }
  if (space.locked) {
    return { text: `Needs Gather ${space.level}`, locked: true, taken: false };
  }
  if (space.kind === "accumulating") {
    return { text: `${space.lying} lying there`, locked: false, taken: false };
  }
  if (space.kind === "open") return { text: "Open to every worker", locked: false, taken: false };
  return { text: "Free", locked: false, taken: false };
}

/**
 * The Gather form's choices: the spaces the core's buttons cannot take whole, those whose yield
 * the table enters or whose tile is still to name.
 */
export function formSpaces(spaces: readonly TrackerSpaceView[]): TrackerSpaceView[] {
  return spaces.filter((s) => s.entered || s.tile_needed);
}

/** The header's line for the phase. */
export function phaseText(view: TrackerView, seats: readonly Pick<Seat, "name">[]): string {
  const s = view.state;
  const era = `Era ${s.era} of ${view.eras}`;
  switch (s.phase) {
    case "Setup":
      return "Setting up: Leaders and their mats";
    case "EraStart":
      return `${era}: reveal the Era Event`;
    case "Playing": {
      const who = seatName(seats, s.current);
      const left = view.players[s.current]?.workers_left ?? 0;
      return `${era} · ${who}'s turn · ${left} worker${left === 1 ? "" : "s"} left`;
    }
    case "EraEnd":
      return `${era} is over: score the objective`;
    case "FinalScoring":
      return "Final scoring: Game End and Family Secret VP";
    case "Over":
      return "Game over";
  }
}

/** Names of cards in any Estate whose facts are still unknown (their VP cannot count yet). */
export function undescribedInPlay(view: TrackerView): string[] {
  const known = new Map(view.cards.map((c) => [c.name, c.facts !== null]));
  const out = new Set<string>();
  for (const p of view.state.players) {
    for (const c of p.tableau) if (known.get(c.card) === false) out.add(c.card);
  }
  return [...out];
}

/** A whole number typed in a box ("" or junk → null). */
export function parseWhole(text: string | number): number | null {
  if (typeof text === "number") return Number.isInteger(text) ? text : null;
  const t = text.trim().replace(/^−/, "-");
  return /^-?\d{1,6}$/.test(t) ? Number(t) : null;
}

/** The action type of an allowed action's JSON. */
export function actionType(action: unknown): string | null {
  const t = (action as { type?: unknown } | null)?.type;
  return typeof t === "string" ? t : null;
}

/** A card's known facts in words: "Citizen · Production · costs 1 Stone, 1 Wood · 2 VP". */
export function factsText(f: TrackerCardFacts): string {
  const parts = [
    f.kind === "citizen" ? "Citizen" : "Construction",
    trackName(f.track),
    `costs ${resourcesText(f.cost)}`,
    `${f.vp} VP`,
  ];
  if (f.once_per_era) parts.push("once per Era");
  if (f.interactive) parts.push("Interactive Deck");
  return parts.join(" · ");
}

/**
 * The objective form's counts filled from one of the counts the core tracks (`measure.values`,
 * per seat); a seat whose count is unknown (an undescribed card's type) keeps what was typed.
 */
export function fillMeasures(current: readonly number[], measure: { values: (number | null)[] } | undefined): number[] {
  if (!measure) return [...current];
  return current.map((v, i) => measure.values[i] ?? v);
}

// ---- actions with new fields ----------------------------------------------------------------

/** An activation in words, as the form lists it: "1. Merchant (again)". */
export function activationLabel(a: Pick<TrackerActivationView, "slot" | "card" | "again">): string {
  return `${a.slot + 1}. ${a.card}${a.again ? " (again)" : ""}`;
}

/** An Activate action for a card the core lists (`again`: the Trade Queen's second Merchant use). */
export function activateAction(
  a: Pick<TrackerActivationView, "slot" | "again" | "needs">,
  change: ChangeDraft,
  wood: number,
): TrackerAction {
  return {
    type: "Activate",
    slot: a.slot,
    change: a.needs === "change" ? buildChange(change) : null,
    wood: a.needs === "wood" ? wood : null,
    ability: a.again,
  };
}

/** What the solo reveal form holds. */
export type SoloRevealDraft = {
  card: string;
  /** Resources chosen (Thief, Harbor, Barn Cat, Thieves Guild). */
  picked: TrackerResources;
  /** Thieves Guild: the card a stored resource leaves. */
  storeSlot: number | null;
  /** Merchant: the Production card it activates. */
  merchantSlot: number | null;
  change: ChangeDraft;
  wood: number;
  fromMarket: boolean;
};

export function emptySoloRevealDraft(): SoloRevealDraft {
  return {
    card: "",
    picked: noResources(),
    storeSlot: null,
    merchantSlot: null,
    change: emptyChangeDraft(),
    wood: 0,
    fromMarket: false,
  };
}

/** How many resources a Solo card's reveal asks for, in words ("choose 4", "up to 3"). */
export function soloAskText(c: Pick<TrackerSoloCardView, "choose_min" | "choose_max">): string {
  if (c.choose_max === 0) return "none to choose";
  if (c.choose_min === c.choose_max) return `choose ${c.choose_max}`;
  return `up to ${c.choose_max}`;
}

/**
 * The SoloReveal action a form describes, or a sentence saying what is still to choose. `info`
 * is the core's view of the card: where its resources come from, and what the Merchant may
 * activate with what each needs.
 */
export function soloRevealAction(d: SoloRevealDraft, info: TrackerSoloCardView | undefined): TrackerAction | string {
  if (d.card === "" || info === undefined) return "Choose the Solo card revealed";
  const base = { type: "SoloReveal" as const, card: d.card, from_market: d.fromMarket };
  if (info.choice === "activate") {
    const target = info.activations.find((a) => a.slot === d.merchantSlot);
    if (target === undefined) return `Choose the Production card the ${info.card} activates`;
    return {
      ...base,
      resources: [],
      slot: target.slot,
      change: target.needs === "change" ? buildChange(d.change) : null,
      wood: target.needs === "wood" ? d.wood : null,
    };
  }
  // Only what this card's counters show (a count left from another card is not sent).
  const resources =
    info.choice === "nothing"
      ? []
      : RESOURCES.flatMap((r) => Array.from({ length: Math.min(d.picked[r], info.each_max[r]) }, () => r));
  return {
    ...base,
    resources,
    slot: info.choice === "stored" ? d.storeSlot : null,
    change: null,
    wood: null,
  };
}

/** An Era Event's (or card's) effect on each of the players chosen, or what is still missing. */
export function effectEachAction(source: string, seats: readonly number[], change: ChangeDraft): TrackerAction | string {
  const name = source.trim();
  if (name === "") return "Name the Era Event whose effect this was";
  if (seats.length === 0) return "Choose the players the effect touches";
  return { type: "EffectEach", source: name, seats: [...seats], change: buildChange(change) };
}

/** A Solo Era Event's objective reward in words: "6 VP", or "not yet told". */
export function rewardText(reward: number | null): string {
  return reward === null ? "not yet told" : `${reward} VP`;
}

/** A RemoveCard action, or a sentence saying what is still to choose. */
export function removeCardAction(seat: number, slot: number | null, by: string): TrackerAction | string {
  if (slot === null) return "Choose the card that leaves the Estate";
  const name = by.trim();
  if (name === "") return "Name the card or effect that removed it";
  return { type: "RemoveCard", seat, slot, by: name };
}
