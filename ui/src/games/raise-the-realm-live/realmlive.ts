// The live Estate: Raise the Realm tracker (game id "raise-the-realm-live"): wording, and
// building the actions' JSON from what a form holds. Every rule (what is legal, costs, ranks,
// scores) is the core's; nothing here decides legality.
import type {
  Seat,
  TrackerAction_Serialize as TrackerAction,
  TrackerCardFacts_Serialize as TrackerCardFacts,
  TrackerCardView_Serialize as TrackerCardView,
  TrackerChange_Serialize as TrackerChange,
  TrackerMat,
  TrackerResource,
  TrackerResources_Serialize as TrackerResources,
  TrackerSpaceView_Serialize as TrackerSpaceView,
  TrackerTrack,
  TrackerView_Serialize as TrackerView,
} from "../../lib/bindings";

export { namePlayers, nameError } from "../raise-the-realm/realm";
export type { TrackerAction, TrackerCardFacts, TrackerCardView, TrackerChange, TrackerResources, TrackerView };

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

export function seatName(seats: readonly Pick<Seat, "name">[], seat: number): string {
  return seats[seat]?.name ?? `Player ${seat + 1}`;
}

// ---- resources and changes ------------------------------------------------------------------

export function noResources(): TrackerResources {
  return { iron: 0, stone: 0, wood: 0, grain: 0 };
}

/** "1 Iron, 2 Stone", signed when `signed` ("+1 Iron, −2 Wood"); "nothing" when all are 0. */
export function resourcesText(r: TrackerResources, signed = false): string {
  const parts = RESOURCES.filter((k) => r[k] !== 0).map((k) => {
    const n = r[k];
    const num = signed ? (n > 0 ? `+${n}` : `−${-n}`) : String(n);
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

/** A space's status line: what lies there, who took it, or why it is closed to `gatherValue`. */
export function spaceStatus(
  space: TrackerSpaceView,
  seats: readonly Pick<Seat, "name">[],
  gatherValue: number | null,
): { text: string; locked: boolean; taken: boolean } {
  if (space.taken_by !== null) {
    return { text: `Taken by ${seatName(seats, space.taken_by)}`, locked: false, taken: true };
  }
  if (space.kind === "advanced" && gatherValue !== null && space.level > gatherValue) {
    return { text: `Needs Gather ${space.level}`, locked: true, taken: false };
  }
  if (space.kind === "accumulating") {
    return { text: `${space.lying} lying there`, locked: false, taken: false };
  }
  if (space.kind === "open") return { text: "Open to every worker", locked: false, taken: false };
  return { text: "Free", locked: false, taken: false };
}

/** Spaces whose yield the table enters (open and advanced): the Gather form's choices. */
export function enteredSpaces(spaces: readonly TrackerSpaceView[]): TrackerSpaceView[] {
  return spaces.filter((s) => s.kind !== "accumulating");
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

/** Slots of a player's tableau that are Production cards, with a label each ("1. Farm"). */
export function productionSlots(
  tableau: readonly { card: string; track: TrackerTrack }[],
): { slot: number; label: string }[] {
  return tableau
    .map((c, slot) => ({ slot, label: `${slot + 1}. ${c.card}`, track: c.track }))
    .filter((c) => c.track === "production")
    .map(({ slot, label }) => ({ slot, label }));
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

/** Whether a player holds the ability to use a Merchant a second time: the core lists each
 *  player's automated abilities (a Spy Master's copies included) and checks the crest. */
export function mayUseMerchantTwice(player: { abilities: readonly string[] } | undefined): boolean {
  return player?.abilities.includes("merchant_twice") ?? false;
}

/**
 * The cards an activation may name during a Produce action: the Production cards not yet used
 * in it, and, when `secondUse` (the Leader may use a Merchant twice), a Merchant already used,
 * marked `again` ("1. Merchant (again)").
 */
export function activationSlots(
  tableau: readonly { card: string; track: TrackerTrack }[],
  used: readonly number[],
  secondUse: boolean,
): { slot: number; label: string; again: boolean }[] {
  return productionSlots(tableau)
    .map((s) => ({ ...s, again: used.includes(s.slot) }))
    .filter((s) => !s.again || (secondUse && tableau[s.slot]?.card === "Merchant"))
    .map((s) => (s.again ? { ...s, label: `${s.label} (again)` } : s));
}

/**
 * What a card's activation needs entered: nothing (the core computes it), the Charcoal Burner's
 * Wood, or a change. `cards` is the view's card list.
 */
export function activationNeeds(
  card: string | null,
  cards: readonly Pick<TrackerCardView, "name" | "automated" | "auto">[],
): "none" | "wood" | "change" {
  if (card === null) return "none";
  const info = cards.find((c) => c.name === card);
  if (info?.auto === "charcoal_burner") return "wood";
  return info?.automated ? "none" : "change";
}

/** An Activate action (`ability`: the Trade Queen's second Merchant use). */
export function activateAction(
  slot: number,
  needs: "none" | "wood" | "change",
  change: ChangeDraft,
  wood: number,
  ability: boolean,
): TrackerAction {
  return {
    type: "Activate",
    slot,
    change: needs === "change" ? buildChange(change) : null,
    wood: needs === "wood" ? wood : null,
    ability,
  };
}

/** What the solo reveal form holds. */
export type SoloRevealDraft = {
  card: string;
  /** Resources chosen (Thief, Harbor, Barn Cat). */
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

/**
 * The SoloReveal action a form describes, or a sentence saying what is still to choose.
 * `tableau` and `cards` say what the Merchant's card is and whether the core computes it.
 */
export function soloRevealAction(
  d: SoloRevealDraft,
  tableau: readonly { card: string }[],
  cards: readonly Pick<TrackerCardView, "name" | "automated" | "auto">[],
): TrackerAction | string {
  if (d.card === "") return "Choose the Solo card revealed";
  if (d.card === "Merchant") {
    if (d.merchantSlot === null) return "Choose the Production card the Merchant activates";
    const needs = activationNeeds(tableau[d.merchantSlot]?.card ?? null, cards);
    return {
      type: "SoloReveal",
      card: d.card,
      resources: [],
      slot: d.merchantSlot,
      change: needs === "change" ? buildChange(d.change) : null,
      wood: needs === "wood" ? d.wood : null,
      from_market: d.fromMarket,
    };
  }
  return {
    type: "SoloReveal",
    card: d.card,
    resources: RESOURCES.flatMap((r) => Array.from({ length: d.picked[r] }, () => r)),
    slot: d.storeSlot,
    change: null,
    wood: null,
    from_market: d.fromMarket,
  };
}

/** A RemoveCard action, or a sentence saying what is still to choose. */
export function removeCardAction(seat: number, slot: number | null, by: string): TrackerAction | string {
  if (slot === null) return "Choose the card that leaves the Estate";
  const name = by.trim();
  if (name === "") return "Name the card or effect that removed it";
  return { type: "RemoveCard", seat, slot, by: name };
}
