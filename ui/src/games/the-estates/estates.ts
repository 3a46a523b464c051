// The Estates (game id "the-estates"), view logic for its table: wording and grouping only. Every rule (what may be auctioned,
// bid, placed) lives in the core. The buttons come from the view's `shown` list, which is the same
// whatever a player holds (the legal `table.allowed` would tell who is short of money by what it
// leaves out); nothing here decides what is legal. Money never appears in the shared view: a
// seat's figures come only from `peek`.
import type {
  EstatesAction,
  EstatesBid_Serialize as EstatesBid,
  EstatesBuilding_Serialize as EstatesBuilding,
  EstatesCube,
  EstatesEnd,
  EstatesOptions_Deserialize,
  EstatesPermit,
  EstatesPiece,
  EstatesPlacement,
  EstatesRowView_Serialize as EstatesRowView,
  EstatesShown_Serialize as EstatesShown,
  EstatesView_Serialize as EstatesView,
  EstatesWhereabouts,
  GameOptions_Serialize,
  Seat,
} from "../../lib/bindings";
import { plural, seatName } from "../../lib/format";

export type { EstatesBuilding, EstatesCube, EstatesPiece, EstatesPlacement, EstatesRowView, EstatesShown, EstatesView };

// ---- names -----------------------------------------------------------------------------------

export const ROW_NAMES = ["Top", "Middle", "Bottom"] as const;

/** "Top", "Middle", "Bottom" (or "Row 4" for a board with more rows). */
export function rowName(row: number): string {
  return ROW_NAMES[row] ?? `Row ${row + 1}`;
}

export function colourName(colours: readonly string[], colour: number): string {
  return colours[colour] ?? `Colour ${colour + 1}`;
}

/** The CSS class that paints a cube of this colour index (c0…c5; cx for anything else). */
export function colourClass(colour: number): string {
  return Number.isInteger(colour) && colour >= 0 && colour < 6 ? `c${colour}` : "cx";
}

/** "Yellow 2". */
export function cubeName(colours: readonly string[], cube: EstatesCube): string {
  return `${colourName(colours, cube.colour)} ${cube.value}`;
}

/** "Yellow 2 floor cube", "rooftop 4", "building permit 2", "the mayor", "the cancel cube". */
export function pieceName(colours: readonly string[], piece: EstatesPiece): string {
  switch (piece.kind) {
    case "Cube":
      return `${cubeName(colours, piece.cube)} floor cube`;
    case "Rooftop":
      return `rooftop ${piece.value}`;
    case "Permit":
      return `building permit ${piece.value}`;
    case "Mayor":
      return "the mayor";
    case "Cancel":
      return "the cancel cube";
  }
}

/** A seat's player by name (one way for every game: lib/format). */
export { seatName };


export function permitText(p: EstatesPermit): string {
  return `${p.value} ${p.lengthen ? "longer" : "shorter"}`;
}

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

// ---- the board -------------------------------------------------------------------------------

export type Lot = {
  lot: number;
  sand: boolean;
  building: EstatesBuilding | null;
};

/** A row's lots from the street toward the river, up to its requirement (or its buildings). */
export function rowLots(row: EstatesRowView): Lot[] {
  const n = Math.max(row.requirement, row.buildings.length, 0);
  return Array.from({ length: n }, (_, lot) => ({
    lot,
    sand: row.sand.includes(lot),
    building: row.buildings[lot] ?? null,
  }));
}

/** The building's floors from the top down (the order they are drawn, roof first). */
export function floorsTopDown(b: EstatesBuilding): EstatesCube[] {
  return [...b.cubes].reverse();
}

/** A building's points as printed: its floor cubes plus its rooftop. */
export function buildingValue(b: EstatesBuilding): number {
  return b.cubes.reduce((s, c) => s + c.value, 0) + (b.rooftop ?? 0);
}

/** A building's points as the board prints them: "1 pt", "7 pts". */
export function pointsText(n: number): string {
  return plural(n, "pt");
}

/** What a row still lacks, or "complete": the core's words, capitalised for a line of its own. */
export function rowSummary(row: EstatesRowView): string {
  return capitalise(row.status);
}

// ---- the supply ------------------------------------------------------------------------------

export function whereabouts(w: EstatesWhereabouts, placed: string): string {
  switch (w) {
    case "Available":
      return "available";
    case "Placed":
      return placed;
    case "Discarded":
      return "out of the game";
  }
}

/** Where building permit `value` is: "available", "top row (2 shorter)", "out of the game". */
export function permitWhere(view: EstatesView, value: number, w: EstatesWhereabouts): string {
  if (w !== "Placed") return whereabouts(w, "placed");
  for (let r = 0; r < view.board.length; r++) {
    const p = view.board[r].permits.find((x) => x.value === value);
    if (p) return `${rowName(r).toLowerCase()} row (${p.lengthen ? "longer" : "shorter"})`;
  }
  return "placed";
}

export function mayorWhere(view: EstatesView): string {
  return view.mayor_at === "Placed" && view.mayor !== null
    ? `before the ${rowName(view.mayor).toLowerCase()} row`
    : whereabouts(view.mayor_at, "placed");
}

export function cancelWhere(view: EstatesView): string {
  return whereabouts(view.cancel_at, "used");
}

/** Each seat's company certificates (colour indexes). */
export function certificatesBySeat(view: EstatesView, seats: number): number[][] {
  const out: number[][] = Array.from({ length: seats }, () => []);
  view.certificates.forEach((holder, colour) => {
    if (holder !== null && holder >= 0 && holder < seats) out[holder].push(colour);
  });
  return out;
}

// ---- the auction as guided steps --------------------------------------------------------------

/** A button: its words and the action the core listed with it (sent back unchanged). */
export type Choice = { label: string; action: EstatesAction };
export type CubeChoice = Choice & { row: number; end: EstatesEnd; cube: EstatesCube | null };
export type PlaceChoice = Choice & { at: EstatesPlacement; row: number; title: string };
export type PlaceGroup = { row: number | null; title: string; choices: PlaceChoice[] };
export type BidLine = { seat: number; name: string; amount: number | null };

export type Stage =
  | { kind: "setup"; choices: Choice[] }
  | {
      kind: "choose";
      seat: number;
      stashed: boolean;
      stash: Choice | null;
      cubes: CubeChoice[];
      /** One choice per number a rooftop may show; the screen asks which one it showed. */
      rooftops: (Choice & { value: number })[];
      others: Choice[];
    }
  | {
      kind: "bid";
      seat: number;
      auctioneer: number;
      piece: EstatesPiece;
      bids: BidLine[];
      /** Seats still to answer after this one, in order. */
      waiting: number[];
      high: { seat: number; amount: number } | null;
      pass: Choice | null;
      /** The smallest bid the core allows; the only amount shown as a button (more would tell the cash). */
      minBid: number | null;
    }
  | {
      kind: "decide";
      auctioneer: number;
      seat: number;
      amount: number;
      piece: EstatesPiece;
      sell: Choice | null;
      buy: Choice | null;
    }
  | {
      kind: "place";
      holder: number;
      piece: EstatesPiece;
      /** Everyone passed: the auctioneer took it free (and may discard any piece). */
      free: boolean;
      groups: PlaceGroup[];
      discard: Choice | null;
    }
  | { kind: "over" };

export function highBid(bids: readonly EstatesBid[]): { seat: number; amount: number } | null {
  let best: { seat: number; amount: number } | null = null;
  for (const b of bids) {
    if (b.amount !== null && b.amount !== undefined && (best === null || b.amount > best.amount)) {
      best = { seat: b.seat, amount: b.amount };
    }
  }
  return best;
}

/**
 * A short label for a placement, read against the board as it stands; `needs` is what the core
 * says a permit's or the cancel cube's row will need afterwards.
 */
export function placementLabel(view: EstatesView, at: EstatesPlacement, needs: number | null = null): string {
  const row = view.board[at.row];
  switch (at.kind) {
    case "Cube": {
      const b = row?.buildings[at.lot];
      const sand = row?.sand.includes(at.lot) ? " (sand lot)" : "";
      if (!b || b.cubes.length === 0) return `Lot ${at.lot + 1}: new building${sand}`;
      return `Lot ${at.lot + 1}: on ${cubeName(view.colours, b.cubes[b.cubes.length - 1])}`;
    }
    case "Rooftop": {
      const b = row?.buildings[at.lot];
      const top = b && b.cubes.length > 0 ? ` (${cubeName(view.colours, b.cubes[b.cubes.length - 1])} on top)` : "";
      return `Roof lot ${at.lot + 1}${top}`;
    }
    case "Permit":
      return `${at.lengthen ? "Longer" : "Shorter"}${needsText(needs)}`;
    case "Mayor":
      return `Stand before the ${rowName(at.row).toLowerCase()} row`;
    case "Cancel": {
      const p = row?.permits[at.index];
      if (!p) return `Remove permit #${at.index + 1}`;
      return `Remove permit ${permitText(p)}${needsText(needs)}`;
    }
  }
}

function needsText(needs: number | null): string {
  return needs === null ? "" : `: needs ${needs}`;
}

/** Placement choices grouped by row (the mayor's choices form one group). */
export function placeGroups(view: EstatesView, shown: readonly EstatesShown[]): PlaceGroup[] {
  const choices: PlaceChoice[] = [];
  for (const a of shown) {
    const act = a.action;
    if (a.group !== "place" || act.type !== "Place") continue;
    const at = act.at;
    choices.push({ label: placementLabel(view, at, a.needs ?? null), title: a.label, action: a.action, at, row: at.row });
  }
  if (choices.length > 0 && choices.every((c) => c.at.kind === "Mayor")) {
    return [{ row: null, title: "Rows", choices }];
  }
  const groups: PlaceGroup[] = [];
  for (const c of choices) {
    let g = groups.find((x) => x.row === c.row);
    if (!g) {
      g = { row: c.row, title: `${rowName(c.row)} row`, choices: [] };
      groups.push(g);
    }
    g.choices.push(c);
  }
  return groups.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}

/**
 * What the table does now, read from the phase and the choices the core shows (`view.shown`):
 * the same for a rich and a poor player, so the buttons tell nobody's money.
 */
export function stage(view: EstatesView, seats: readonly Pick<Seat, "name">[]): Stage {
  const phase = view.phase;
  const shown = view.shown;
  const find = (type: string, group?: string): Choice | null => {
    const a = shown.find((x) => x.action.type === type && (group === undefined || x.group === group));
    return a ? { label: a.label, action: a.action } : null;
  };
  switch (phase.kind) {
    case "Setup":
      return {
        kind: "setup",
        choices: shown.filter((a) => a.group === "setup").map((a) => ({ label: a.label, action: a.action })),
      };
    case "Choose": {
      const cubes: CubeChoice[] = [];
      const rooftops: (Choice & { value: number })[] = [];
      const others: Choice[] = [];
      for (const a of shown) {
        const act = a.action;
        if (a.group !== "choose" || act.type !== "Choose") continue;
        const c = act.choice;
        if (c.kind === "Cube") {
          const r = view.market[c.row] ?? [];
          const cube = (c.end === "Left" ? r[0] : r[r.length - 1]) ?? null;
          cubes.push({ label: a.label, action: a.action, row: c.row, end: c.end, cube });
        } else if (c.kind === "Rooftop") {
          rooftops.push({ label: a.label, action: a.action, value: c.value });
        } else {
          others.push({ label: capitalise(a.label.replace(/^Auction /, "")), action: a.action });
        }
      }
      rooftops.sort((a, b) => a.value - b.value);
      return {
        kind: "choose",
        seat: view.auctioneer,
        stashed: phase.stashed,
        stash: find("Stash", "stash"),
        cubes,
        rooftops,
        others,
      };
    }
    case "Bidding": {
      const seat = view.bidder ?? 0;
      const amounts = shown.flatMap((a) => (a.group === "bid" && a.action.type === "Bid" ? [a.action.amount] : []));
      return {
        kind: "bid",
        seat,
        auctioneer: view.auctioneer,
        piece: phase.piece,
        bids: phase.bids.map((b) => ({ seat: b.seat, name: seatName(seats, b.seat), amount: b.amount ?? null })),
        waiting: view.waiting,
        high: highBid(phase.bids),
        pass: find("Pass", "bid"),
        minBid: amounts.length > 0 ? Math.min(...amounts) : null,
      };
    }
    case "Decide":
      return {
        kind: "decide",
        auctioneer: view.auctioneer,
        seat: phase.seat,
        amount: phase.amount,
        piece: phase.piece,
        sell: find("Sell", "decide"),
        buy: find("Buy", "decide"),
      };
    case "Place":
      return {
        kind: "place",
        holder: phase.holder,
        piece: phase.piece,
        free: phase.free,
        groups: placeGroups(view, shown),
        discard: find("Discard", "place"),
      };
    case "Over":
      return { kind: "over" };
  }
}

/** The one line that says who does what now. */
export function prompt(view: EstatesView, seats: readonly Pick<Seat, "name">[]): string {
  const p = view.phase;
  const name = (s: number | null | undefined) => seatName(seats, s);
  switch (p.kind) {
    case "Setup":
      return "Set up: draw the cube rows and the first auctioneer";
    case "Choose":
      return `${name(view.auctioneer)}, choose a piece`;
    case "Bidding":
      return `${name(view.bidder)}: bid or pass`;
    case "Decide":
      return `${name(view.auctioneer)}: sell to ${name(p.seat)} for ${p.amount}, or buy it for ${p.amount}`;
    case "Place":
      return `${name(p.holder)} places ${pieceName(view.colours, p.piece)}`;
    case "Over":
      return "Game over";
  }
}

// ---- a seat's phone ----------------------------------------------------------------------------

/** Whose decision the auction waits for now (null: the table's, at setup; or nobody's). */
export function decider(view: EstatesView): number | null {
  const p = view.phase;
  switch (p.kind) {
    case "Choose":
    case "Decide":
      return view.auctioneer;
    case "Bidding":
      return view.bidder ?? null;
    case "Place":
      return p.holder;
    case "Setup":
    case "Over":
      return null;
  }
}

/**
 * The view as a client that may make only the decisions in `allowed` sees it (the registry's
 * `narrow`). Every decision of The Estates at one moment is one seat's (the auctioneer's, the
 * bidder's, the holder's) or the table's, so a client offered nothing now (a phone whose seat is
 * not the one deciding) is shown no choice, and a tap on the board says whose decision it is; a
 * client offered anything keeps every choice shown, the unaffordable ones included (refused with
 * their reason when tried).
 */
export function narrowToSeat<V extends EstatesView>(
  view: V,
  allowed: readonly unknown[],
  seats: readonly Pick<Seat, "name">[],
): V {
  if (allowed.length > 0 || view.shown.length === 0) return view;
  const who = decider(view);
  const reason =
    who === null
      ? "the table sets this up from the host's screen"
      : `it is ${seatName(seats, who)}'s decision, on ${seatName(seats, who)}'s phone or the host's screen`;
  const closed = <T extends { why_not: string | null }>(s: T): T => (s.why_not === null ? { ...s, why_not: reason } : s);
  return {
    ...view,
    shown: [],
    board: view.board.map((row) => ({ ...row, lots: row.lots.map(closed), spots: row.spots.map(closed) })),
  };
}

// ---- bids and peeks --------------------------------------------------------------------------

/**
 * A typed bid: a whole number of $1M checks, or why it is not one. How much a bid must be is the
 * core's rule: it refuses a bid too small with its reason.
 */
export function parseBid(text: string): { amount: number } | { error: string } {
  const t = text.trim();
  if (t === "") return { error: "Enter a bid: a whole number of checks" };
  if (!/^\d+$/.test(t)) return { error: "A bid is a whole number of checks" };
  const amount = Number(t);
  if (amount > 1_000_000) return { error: "That bid is more money than the game holds" };
  return { amount };
}

/**
 * The typed bid one step up or down (`by`), from the smallest bid when none is typed or it is
 * not a number: never below the smallest bid (or 1 when any amount may be bid). A stepper rather
 * than buttons per amount: those would tell the bidder's cash.
 */
export function stepBid(text: string, minBid: number | null, by: 1 | -1): string {
  const floor = minBid ?? 1;
  const typed = parseBid(text);
  const from = "amount" in typed && typed.amount >= floor ? typed.amount : floor;
  return String(Math.max(floor, from + by));
}

export type Purse = { cash: number; cash_box: number };

/** The answer of `peek` for The Estates, or null when it is not a purse. */
export function asPurse(v: unknown): Purse | null {
  if (v === null || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  return typeof o.cash === "number" && typeof o.cash_box === "number"
    ? { cash: o.cash, cash_box: o.cash_box }
    : null;
}


/** How long a peek button must be held before the figures show. */
export const PEEK_HOLD_MS = 600;

type Timers = {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Press-and-hold: `press()` starts the hold; after `ms` held, `reveal` runs (it may be async, e.g.
 * the peek request). `release()` hides again at once; an answer that arrives after the release is
 * dropped, so figures never show once the finger has lifted.
 */
export class HoldToPeek<T> {
  private handle: unknown = null;
  private serial = 0;
  held = false;

  constructor(
    private readonly reveal: () => Promise<T>,
    private readonly show: (value: T | null) => void,
    private readonly onError: (e: unknown) => void = () => {},
    private readonly ms = PEEK_HOLD_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  press(): void {
    if (this.held) return;
    this.held = true;
    const serial = ++this.serial;
    this.handle = this.timers.set(() => {
      this.handle = null;
      this.reveal().then(
        (v) => {
          if (this.held && serial === this.serial) this.show(v);
        },
        (e) => {
          if (serial === this.serial) this.onError(e);
        },
      );
    }, this.ms);
  }

  release(): void {
    this.held = false;
    this.serial++;
    if (this.handle !== null) this.timers.clear(this.handle);
    this.handle = null;
    this.show(null);
  }
}

/** The table's own draw, as a form: 3 rows of 8 cubes (colour index, number) and the first auctioneer. */
export type DrawForm = { rows: { colour: number; value: number }[][]; first: number };

/** A starting form whose 24 cubes are all different (the table then corrects it to match). */
export function startingDrawForm(): DrawForm {
  const rows = [0, 1, 2].map((r) =>
    Array.from({ length: 8 }, (_, i) => {
      const n = r * 8 + i;
      return { colour: n % 6, value: Math.floor(n / 6) + 1 };
    }),
  );
  return { rows, first: 0 };
}

/** The Setup action for a recorded draw; the core checks that the 24 cubes are distinct. */
export function recordedSetupAction(form: DrawForm): EstatesAction {
  return {
    type: "Setup",
    setup: {
      kind: "Recorded",
      market: form.rows.map((row) => row.map((c) => ({ colour: Number(c.colour), value: Number(c.value) }))),
      first: Number(form.first),
    },
  };
}

// ---- New game ------------------------------------------------------------------------------

/**
 * The New game form: the house rule and the board settings a table may correct, as the table
 * reads them (rows by name, lots counted from 1 at the street). The core checks them at start.
 */
export type EstatesSettings = {
  allMoneyScores: boolean;
  sandLots: { row: number; lot: number }[];
  rooftopLow: number;
  rooftopHigh: number;
};

/** The form filled with the core's defaults (`GameInfo.default_options`, cited in data/), if they are The Estates'. */
export function defaultEstatesSettings(defaults: GameOptions_Serialize | null): EstatesSettings | null {
  if (defaults === null || !("sand_lots" in defaults) || !("rooftop_values" in defaults)) return null;
  const [low, high] = defaults.rooftop_values;
  return {
    allMoneyScores: defaults.all_money_scores,
    sandLots: defaults.sand_lots.map(([row, lot]) => ({ row, lot: lot + 1 })),
    rooftopLow: low,
    rooftopHigh: high,
  };
}

/** The options sent with startGame: every setting, so the game's record keeps what it used. */
export function estatesOptions(s: EstatesSettings): EstatesOptions_Deserialize {
  return {
    all_money_scores: s.allMoneyScores,
    sand_lots: s.sandLots.map((l) => [Number(l.row), l.lot - 1] as [number, number]),
    rooftop_values: [s.rooftopLow, s.rooftopHigh],
  };
}

/** "Top row, lot 2" for a sand lot of the form. */
export function sandLotName(l: { row: number; lot: number }): string {
  return `${rowName(Number(l.row))} row, lot ${l.lot}`;
}
