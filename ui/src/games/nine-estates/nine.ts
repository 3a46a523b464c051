// Count of the Nine Estates (game id "nine-estates"): view logic for its table, grouping and
// wording only, and the actions its forms send. Every rule lives in the core; nothing here
// decides what is legal.
import type {
  ActiveCard_Serialize as ActiveCard,
  AllowedAction_Serialize as AllowedAction,
  BuiltStructure,
  DescribeRequest_Serialize as DescribeRequest,
  EraScore,
  EstateDef_Serialize as EstateDef,
  EstateStatus,
  FaceDef_Serialize as FaceDef,
  GridEstate_Serialize as GridEstate,
  NineAction_Deserialize as NineAction,
  NineAction_Serialize as OfferedNineAction,
  NineView_Serialize as NineView,
  Pay,
  Resource,
  Slot,
  Source,
  Target,
} from "../../lib/bindings";
import { groupAllowed, type GroupPlan } from "../../lib/actions";
import { signed } from "../../lib/format";
import type { TapOffer } from "../../lib/tap";

export type { ActiveCard, DescribeRequest, GridEstate, NineView };

export const GAME_ID = "nine-estates";

export const RESOURCES: readonly Resource[] = ["Food", "Wood", "Stone", "Ore", "Gold", "WorkCrew"];

/** A shield past the 0–9 chips: 10 first, then one more point each tap. */
export function moreShields(value: number): number {
  return value >= 10 ? value + 1 : 10;
}

export function resourceName(r: Resource): string {
  return r === "WorkCrew" ? "Work Crew" : r;
}

// ---- the table -------------------------------------------------------------------------------

export const ROW_NAMES = ["Nobility", "Clergy", "Peasant"] as const;

/** The Estate grid as three rows (Nobility at the top), each ordered by column. */
export function gridRows(grid: readonly GridEstate[]): GridEstate[][] {
  const rows: GridEstate[][] = [[], [], []];
  for (const e of grid) if (e.row >= 0 && e.row < 3) rows[e.row].push(e);
  for (const r of rows) r.sort((a, b) => a.col - b.col);
  return rows.filter((r) => r.length > 0);
}

export function statusLabel(s: EstateStatus): string {
  switch (s) {
    case "Available":
      return "Available";
    case "Built":
      return "Built";
    case "Removed":
      return "Discarded";
  }
}

export function slotTitle(slot: Slot): string {
  switch (slot) {
    case "Left":
      return "Left: top of the deck";
    case "Centre":
      return "Centre";
    case "Discard":
      return "Discard pile top";
  }
}

export type BuildColumn = { round: number; items: { structure: BuiltStructure; index: number }[] };

/** The build area: one column per round, in round order; `index` is the Structure's position. */
export function buildColumns(structures: readonly BuiltStructure[]): BuildColumn[] {
  const cols = new Map<number, BuildColumn>();
  structures.forEach((structure, index) => {
    let c = cols.get(structure.round);
    if (!c) {
      c = { round: structure.round, items: [] };
      cols.set(structure.round, c);
    }
    c.items.push({ structure, index });
  });
  return [...cols.values()].sort((a, b) => a.round - b.round);
}

/** One Era's score in words: "2 Structures +1 duplicates +3 shields −2 rounds = 4". */
export function eraLine(e: EraScore): string {
  const s = e.structures === 1 ? "1 Structure" : `${e.structures} Structures`;
  return `${s} ${signed(e.duplicates, "+0")} duplicates ${signed(e.shields, "+0")} shields ${signed(e.rounds, "+0")} rounds = ${e.total}`;
}

export function phaseLabel(v: Pick<NineView, "phase" | "era" | "round" | "turn">): string {
  switch (v.phase) {
    case "Deal":
      return `Era ${v.era}: deal the cards`;
    case "Playing":
      return `Era ${v.era} · Round ${v.round} · Turn ${v.turn}`;
    case "RoundEnd":
      return `Era ${v.era} · Round ${v.round} ended: choose how the next round starts`;
    case "Over":
      return "Game over";
  }
}

// ---- describing cards ------------------------------------------------------------------------

export type Counts = Record<Resource, number>;
export type YieldChoice = [Resource | "", Resource | ""];

export function emptyCounts(): Counts {
  return { Food: 0, Wood: 0, Stone: 0, Ore: 0, Gold: 0, WorkCrew: 0 };
}

/** Resource counters to a cost list, in the fixed resource order. */
export function countsToList(c: Counts): Resource[] {
  const out: Resource[] = [];
  for (const r of RESOURCES) for (let i = 0; i < Math.max(0, Math.floor(c[r] ?? 0)); i++) out.push(r);
  return out;
}

/** "Mill, Well ," → ["Mill", "Well"]. */
export function parseRequires(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** One resource, or two separated by a slash; blanks are left out (the core checks the count). */
export function yieldOf(choice: YieldChoice): Resource[] {
  return choice.filter((r): r is Resource => r !== "");
}

/**
 * The card's edge resources as the catalogue keeps them. The form asks what is at the top and
 * bottom edges as the card lies now; an upright card has its "upright" resource on top.
 */
export function orientation(
  top: Resource[],
  bottom: Resource[],
  upright: boolean,
): { upright: Resource[]; rotated: Resource[] } {
  return upright ? { upright: top, rotated: bottom } : { upright: bottom, rotated: top };
}

export type StructureForm = {
  name: string;
  cost: Counts;
  requires: string;
  provides: YieldChoice;
  shields: number;
  top: YieldChoice;
  bottom: YieldChoice;
};

export type EstateForm = {
  name: string;
  cost: Counts;
  requires: string;
  provides: YieldChoice;
  shields: number;
};

export function emptyStructureForm(): StructureForm {
  return {
    name: "",
    cost: emptyCounts(),
    requires: "",
    provides: ["", ""],
    shields: 0,
    top: ["", ""],
    bottom: ["", ""],
  };
}

export function emptyEstateForm(): EstateForm {
  return { name: "", cost: emptyCounts(), requires: "", provides: ["", ""], shields: 0 };
}

// ---- quick descriptions: taps on resource icons ---------------------------------------------

/**
 * A tap on a resource of a one-or-two ("Food/Gold") choice. Tapping a chosen resource takes it
 * off; with `slash` on and one resource chosen, another is added after the slash; otherwise the
 * tapped one replaces the choice (one tap changes a wrong pick).
 */
export function tapYield(value: YieldChoice, r: Resource, slash: boolean): YieldChoice {
  const chosen = yieldOf(value);
  if (chosen.includes(r)) {
    const rest = chosen.filter((x) => x !== r);
    return [rest[0] ?? "", ""];
  }
  if (slash && chosen.length === 1) return [chosen[0], r];
  return [r, ""];
}

/** A cost less one of `r` (never below none). */
export function takeOne(c: Counts, r: Resource): Counts {
  return { ...c, [r]: Math.max(0, (c[r] ?? 0) - 1) };
}

/** A cost with one more `r`; at most `max` resources in all (the core's limit is checked there). */
export function addOne(c: Counts, r: Resource, max = 8): Counts {
  const total = RESOURCES.reduce((n, x) => n + (c[x] ?? 0), 0);
  return total >= max ? c : { ...c, [r]: (c[r] ?? 0) + 1 };
}

/** The comma list of required Structures with `name` added, or taken off when it is there. */
export function toggleRequire(text: string, name: string): string {
  const list = parseRequires(text);
  const at = list.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  if (at >= 0) list.splice(at, 1);
  else list.push(name);
  return list.join(", ");
}

export function requiresHas(text: string, name: string): boolean {
  return parseRequires(text).some((n) => n.toLowerCase() === name.toLowerCase());
}

/**
 * A Structure request's form: empty, but with the edges the core suggests from the card's other
 * side (as the card lies now) already filled.
 */
export function requestStructureForm(req: DescribeRequest, upright: boolean): StructureForm {
  // A side told before (its top edge as the card lies now is what is missing) comes back whole.
  const form = req.described ? structureFormOf(req.described) : emptyStructureForm();
  if (req.described && !upright) [form.top, form.bottom] = [form.bottom, form.top];
  if (req.edges) {
    if (yieldOf(form.top).length === 0) form.top = listToYield(req.edges.top);
    if (yieldOf(form.bottom).length === 0) form.bottom = listToYield(req.edges.bottom);
  }
  return form;
}

/**
 * Estate requests in the order they can be built (001 line 60: Peasant, then Clergy, then
 * Nobility; cards 1–3, 4–6, 7–9), each row left to right as the core lists it.
 */
export function inBuildOrder(reqs: readonly DescribeRequest[]): DescribeRequest[] {
  const rank = (r: DescribeRequest) => (r.card <= 3 ? 0 : r.card <= 6 ? 1 : 2);
  return reqs.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map((x) => x.r);
}

/** The active card a Structure request is about (its `upright` says how the card lies now). */
export function activeCardFor(
  req: DescribeRequest,
  active: readonly ActiveCard[],
): ActiveCard | undefined {
  return active.find((a) => a.card === req.card && a.face === req.face);
}

/** A Structure face as the catalogue keeps it; `upright` says how the card lay when described. */
export function structureDef(form: StructureForm, upright: boolean): FaceDef {
  const edges = orientation(yieldOf(form.top), yieldOf(form.bottom), upright);
  return {
    structure: form.name.trim(),
    cost: countsToList(form.cost),
    requires: parseRequires(form.requires),
    provides: yieldOf(form.provides),
    shields: form.shields,
    upright: edges.upright,
    rotated: edges.rotated,
  };
}

export function estateDef(form: EstateForm): EstateDef {
  return {
    name: form.name.trim(),
    cost: countsToList(form.cost),
    requires: parseRequires(form.requires),
    provides: yieldOf(form.provides),
    shields: form.shields,
  };
}

export function structureDescribeAction(
  req: DescribeRequest,
  form: StructureForm,
  upright: boolean,
): NineAction {
  return {
    type: "Describe",
    card: { kind: "Structure", card: req.card, face: req.face ?? "Square", def: structureDef(form, upright) },
  };
}

export function estateDescribeAction(req: DescribeRequest, form: EstateForm): NineAction {
  return { type: "Describe", card: { kind: "Estate", card: req.card, def: estateDef(form) } };
}

// ---- forms filled from what is remembered ----------------------------------------------------

/** A cost list as resource counters (the inverse of `countsToList`; unknown names are left out). */
export function listToCounts(list: readonly string[]): Counts {
  const c = emptyCounts();
  for (const r of list) if ((RESOURCES as readonly string[]).includes(r)) c[r as Resource] += 1;
  return c;
}

/** One resource or two (a slash) as the form's two selects. */
export function listToYield(list: readonly string[]): YieldChoice {
  const pick = (r: string | undefined): Resource | "" =>
    r !== undefined && (RESOURCES as readonly string[]).includes(r) ? (r as Resource) : "";
  return [pick(list[0]), pick(list[1])];
}

/** The Structure form filled from a remembered face, card upright (top edge: its "upright" resource). */
export function structureFormOf(def: FaceDef): StructureForm {
  return {
    name: def.structure,
    cost: listToCounts(def.cost),
    requires: (def.requires ?? []).join(", "),
    provides: listToYield(def.provides),
    shields: def.shields ?? 0,
    top: listToYield(def.upright),
    bottom: listToYield(def.rotated),
  };
}

export function estateFormOf(def: EstateDef): EstateForm {
  return {
    name: def.name,
    cost: listToCounts(def.cost),
    requires: (def.requires ?? []).join(", "),
    provides: listToYield(def.provides),
    shields: def.shields ?? 0,
  };
}

/** A stable id for a request's form ("describe-structure-9-Square", "describe-estate-2"). */
export function requestKey(req: Pick<DescribeRequest, "kind" | "card" | "face"> & Partial<DescribeRequest>): string {
  return req.kind === "Estate"
    ? `describe-estate-${req.card}`
    : `describe-structure-${req.card}-${req.face ?? "Square"}`;
}

export function requestTitle(req: DescribeRequest): string {
  return req.kind === "Estate"
    ? `Estate card ${req.card} (${req.place})`
    : `Structure card ${req.card}, ${req.face ?? "Square"} side (${req.place})`;
}

// ---- the table's own deal --------------------------------------------------------------------

/** The Estate grid's rows from the top, with the card numbers each row holds (setup step 1). */
export const DEAL_ROWS: readonly { name: (typeof ROW_NAMES)[number]; cards: readonly number[] }[] = [
  { name: "Nobility", cards: [7, 8, 9] },
  { name: "Clergy", cards: [4, 5, 6] },
  { name: "Peasant", cards: [1, 2, 3] },
];

export const STRUCTURE_CARDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export type DealForm = {
  /** Card numbers by row (Nobility, Clergy, Peasant), columns left to right. */
  grid: number[][];
  /** The Structure deck from the top. */
  deck: { card: number; upright: boolean }[];
};

/** A form that starts in card order, everything upright: the table changes what differs. */
export function startingDealForm(): DealForm {
  return {
    grid: DEAL_ROWS.map((r) => [...r.cards]),
    deck: STRUCTURE_CARDS.map((card) => ({ card, upright: true })),
  };
}

/** The Deal action for the table's own deal; Estates only in Era 1 (they stay after). */
export function recordedDealAction(form: DealForm, era: number): NineAction {
  return {
    type: "Deal",
    deal: {
      kind: "Recorded",
      grid: era === 1 ? form.grid.map((row) => [...row]) : null,
      deck: form.deck.map((c) => ({ card: c.card, upright: c.upright })),
    },
  };
}

// ---- what can be done now --------------------------------------------------------------------

/** One button: an allowed action as the core labels it. */
export type ActionButton = {
  key: string;
  label: string;
  text: string;
  action: OfferedNineAction;
  /** The core's own group for the action (the group shown may be the set-apart one). */
  group: string;
  /** The question asked before the action is sent, when the core gives one. */
  confirm?: string;
};

/** A group's entry: a button, or several that are one decision (a build's ways to pay). */
export type ActionItem =
  | ({ kind: "one" } & ActionButton)
  | { kind: "many"; key: string; title: string; options: ActionButton[] };

export type NineActionGroup = { group: string; title: string; items: ActionItem[] };

/** "the left card", "your Mill": where a payment's resource comes from, as the core words it. */
export function sourceWords(from: Source, view: Pick<NineView, "structures" | "estates">): string {
  switch (from.kind) {
    case "Left":
      return "the left card";
    case "Centre":
      return "the centre card";
    case "Discard":
      return "the discard pile's top card";
    case "Structure":
      return `your ${view.structures[from.index]?.name ?? `Structure ${from.index + 1}`}`;
    case "Estate":
      return `your ${view.estates[from.index] ?? `Estate ${from.index + 1}`}`;
  }
}

/** One way to pay in words: "Pay with the left card (Wood) and your Mill (Gold)", or "Free". */
export function paymentWords(payment: readonly Pay[], view: Pick<NineView, "structures" | "estates">): string {
  if (payment.length === 0) return "Free";
  const parts = payment.map((p) => `${sourceWords(p.from, view)} (${resourceName(p.resource)})`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  return `Pay with ${list}`;
}

/** What a build target is called on the table, with its cost: "Mill (Wood, Wood)". */
export function targetTitle(target: Target, view: Pick<NineView, "active" | "grid">): string {
  if (target.kind === "Structure") {
    const card = view.active.find((a) => a.slot === target.slot);
    const name = card?.name ?? `the ${slotTitle(target.slot).toLowerCase()}`;
    return card?.cost ? `${name} (${card.cost})` : name;
  }
  const estate = view.grid.find((e) => e.row === target.row && e.col === target.col);
  const name = estate?.name ?? `the Estate in row ${target.row + 1}, column ${target.col + 1}`;
  return estate?.cost ? `${name} (${estate.cost})` : name;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The core's allowed actions in its groups' order, for buttons. Every offer is kept; only the
 * ways to pay for one build become one entry (a list that opens), and so do the cards that may be
 * rotated, so that a long list stays short on a phone. Nothing here decides what is legal.
 */
/** Nine Estates' groups of offers in the order a turn goes; ending the Era is drawn quietly. */
export const NINE_GROUPS: GroupPlan = {
  order: ["setup", "build", "pass", "round", "era"],
  titles: { setup: "Setup", build: "Build", pass: "Pass", round: "End of the round", era: "Era" },
  quiet: ["era"],
};

export function nineActionGroups(allowed: readonly AllowedAction[], view: NineView): NineActionGroup[] {
  return groupAllowed(allowed, NINE_GROUPS).map((g) => {
    const items: ActionItem[] = [];
    const many = new Map<string, Extract<ActionItem, { kind: "many" }>>();
    for (const a of g.actions) {
      const action = a.action as OfferedNineAction;
      const button: ActionButton = { key: a.key, label: a.label, text: a.label, action, group: a.group };
      if (a.confirm) button.confirm = a.confirm;
      let key: string | null = null;
      let title = "";
      if (action.type === "Build") {
        key = `build:${JSON.stringify(action.target)}`;
        title = `Build ${targetTitle(action.target, view)}`;
        button.text = paymentWords(action.payment, view);
      } else if (action.type === "RotateCard") {
        key = "rotate";
        title = "Rotate one card of the deck";
      }
      if (key === null) {
        items.push({ kind: "one", ...button });
        continue;
      }
      let item = many.get(key);
      if (!item) {
        item = { kind: "many", key, title, options: [] };
        many.set(key, item);
        items.push(item);
      }
      item.options.push(button);
    }
    // A decision with a single option is a plain button, labelled as the core labels it.
    const flat = items.map((i): ActionItem =>
      i.kind === "many" && i.options.length === 1 ? { kind: "one", ...i.options[0], text: i.options[0].label } : i,
    );
    for (const i of flat) {
      if (i.kind !== "many") continue;
      const n = i.options.length;
      i.title += i.key === "rotate" ? `: ${plural(n, "card", "cards")}` : `: ${plural(n, "way", "ways")} to pay`;
    }
    return { group: g.group, title: g.title, items: flat };
  });
}


// ---- a tapped card ---------------------------------------------------------------------------

/** The same card to build (compared field by field: the core's JSON orders keys its own way). */
export function sameTarget(a: Target, b: Target): boolean {
  if (a.kind === "Structure" || b.kind === "Structure") {
    return a.kind === b.kind && a.kind === "Structure" && b.kind === "Structure" && a.slot === b.slot;
  }
  return a.row === b.row && a.col === b.col;
}

/**
 * The builds offered now that a built Structure or Estate helps pay for (`from` among their
 * payments), each labelled with what it builds and how it is paid: what a tap on that card offers.
 */
export function paidWithOffers(
  allowed: readonly AllowedAction[],
  from: Source,
  view: Pick<NineView, "structures" | "estates" | "active" | "grid">,
): TapOffer[] {
  return allowed.flatMap((a) => {
    const action = a.action as OfferedNineAction;
    if (action.type !== "Build") return [];
    if (!action.payment.some((p) => sameSource(p.from, from))) return [];
    const label = `Build ${targetTitle(action.target, view)}: ${paymentWords(action.payment, view)}`;
    return [{ key: a.label, label, action: action as NineAction }];
  });
}

function sameSource(a: Source, b: Source): boolean {
  if (a.kind !== b.kind) return false;
  return !("index" in a && "index" in b) || a.index === b.index;
}

/** Every way to build `target` the core offers now, each a button worded as the action list does. */
export function buildOffers(
  allowed: readonly AllowedAction[],
  target: Target,
  view: Pick<NineView, "structures" | "estates">,
): TapOffer[] {
  return allowed.flatMap((a) => {
    const action = a.action as OfferedNineAction;
    if (action.type !== "Build" || !sameTarget(action.target, target)) return [];
    return [{ key: a.label, label: paymentWords(action.payment, view), action: action as NineAction }];
  });
}
