import { describe, expect, it, vi } from "vitest";
import {
  defaultEstatesSettings,
  estatesOptions,
  asPurse,
  buildingValue,
  certificatesBySeat,
  colourClass,
  colourName,
  cubeName,
  floorsTopDown,
  highBid,
  HoldToPeek,
  mayorWhere,
  narrowToSeat,
  parseBid,
  permitWhere,
  pointsText,
  pieceName,
  placementLabel,
  prompt,
  rowLots,
  rowName,
  rowSummary,
  stepBid,
  sandLotName,
  stage,
  type EstatesShown,
  type EstatesView,
} from "./estates";

const COLOURS = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];
const SEATS = [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }];

function view(over: Partial<EstatesView> = {}): EstatesView {
  return {
    phase: { kind: "Choose", stashed: false },
    turn: 1,
    auctioneer: 1,
    bidder: null,
    waiting: [],
    market: [
      [
        { colour: 3, value: 2 },
        { colour: 0, value: 5 },
        { colour: 1, value: 1 },
      ],
      [{ colour: 2, value: 5 }],
      [],
    ],
    colours: COLOURS,
    rooftops_left: 12,
    cubes_left: 4,
    board: [
      {
        requirement: 4,
        status: "needs 3 more buildings and 1 roof",
        complete: false,
        buildings: [{ cubes: [{ colour: 1, value: 5 }, { colour: 3, value: 2 }], rooftop: null }],
        permits: [],
        sand: [1, 4],
        lots: [],
        spots: [],
      },
      { requirement: 5, complete: false, status: "needs 5 more buildings", buildings: [], permits: [{ value: 1, lengthen: true }], sand: [2], lots: [], spots: [] },
      { requirement: 1, complete: true, status: "complete", buildings: [{ cubes: [{ colour: 0, value: 6 }], rooftop: 4 }], permits: [{ value: 3, lengthen: false }], sand: [0, 5], lots: [], spots: [] },
    ],
    mayor: 2,
    mayor_at: "Placed",
    cancel_at: "Available",
    permits: [
      [1, "Placed"],
      [2, "Discarded"],
      [3, "Placed"],
    ],
    certificates: [2, 1, null, 1, null, null],
    projected: [0, -7, 20],
    shown: [],
    final_purses: null,
    ...over,
  };
}

const offer = (label: string, group: string, action: EstatesShown["action"]): EstatesShown => ({
  label,
  group,
  action,
  needs: null,
});

/** What `stage` reads: the view with the core's shown choices. */
const staged = (v: EstatesView, shown: EstatesShown[]) => stage({ ...v, shown }, SEATS);

describe("rows and colours", () => {
  it("names them, numbering any the rule table has no name for", () => {
    expect(rowName(0)).toBe("Top");
    expect(rowName(3)).toBe("Row 4");
    expect(colourName(COLOURS, 5)).toBe("Orange");
    expect(colourName(COLOURS, 6)).toBe("Colour 7");
    expect(cubeName(COLOURS, { colour: 3, value: 2 })).toBe("Yellow 2");
  });
});

describe("names", () => {
  it("names pieces as the core does", () => {
    expect(pieceName(COLOURS, { kind: "Cube", cube: { colour: 3, value: 2 } })).toBe("Yellow 2 floor cube");
    expect(pieceName(COLOURS, { kind: "Rooftop", value: 4 })).toBe("rooftop 4");
    expect(pieceName(COLOURS, { kind: "Permit", value: 2 })).toBe("building permit 2");
    expect(pieceName(COLOURS, { kind: "Mayor" })).toBe("the mayor");
  });
  it("gives each colour index its own class", () => {
    expect([0, 1, 2, 3, 4, 5].map(colourClass)).toEqual(["c0", "c1", "c2", "c3", "c4", "c5"]);
    expect(colourClass(9)).toBe("cx");
  });
  it("signs projected points", () => {
  });
});

describe("the board", () => {
  it("draws lots from the street up to the requirement, marking sand lots", () => {
    const lots = rowLots(view().board[0]);
    expect(lots.map((l) => l.lot)).toEqual([0, 1, 2, 3]);
    expect(lots.map((l) => l.sand)).toEqual([false, true, false, false]);
    expect(lots[0].building?.cubes.length).toBe(2);
    expect(lots[1].building).toBeNull();
    expect(rowLots(view().board[1])).toHaveLength(5);
    expect(rowSummary(view().board[1])).toBe("Needs 5 more buildings");
    expect(rowSummary(view().board[2])).toBe("Complete");
  });
  it("stacks a building top down and adds its rooftop to its value", () => {
    const b = view().board[0].buildings[0];
    expect(floorsTopDown(b).map((c) => c.value)).toEqual([2, 5]);
    expect(buildingValue(b)).toBe(7);
    expect(buildingValue(view().board[2].buildings[0])).toBe(10);
    expect([1, 7].map(pointsText)).toEqual(["1 pt", "7 pts"]);
  });
  it("says where the permits, the mayor and the certificates are", () => {
    const v = view();
    expect(permitWhere(v, 1, "Placed")).toBe("middle row (longer)");
    expect(permitWhere(v, 2, "Discarded")).toBe("out of the game");
    expect(permitWhere(v, 3, "Placed")).toBe("bottom row (shorter)");
    expect(mayorWhere(v)).toBe("before the bottom row");
    expect(certificatesBySeat(v, 3)).toEqual([[], [1, 3], [0]]);
  });
});

describe("stage: choosing a piece", () => {
  const rooftops = [3, 1, 2].map((value) =>
    offer(`Auction rooftop ${value}`, "choose", { type: "Choose", choice: { kind: "Rooftop", value } }),
  );
  const list = [
    offer("Stash a check in the cash box", "stash", { type: "Stash" }),
    offer("Auction Yellow 2 floor cube", "choose", { type: "Choose", choice: { kind: "Cube", row: 0, end: "Left" } }),
    offer("Auction Blue 1 floor cube", "choose", { type: "Choose", choice: { kind: "Cube", row: 0, end: "Right" } }),
    ...rooftops,
    offer("Auction the mayor", "choose", { type: "Choose", choice: { kind: "Mayor" } }),
  ];
  it("reads the cubes at the row ends, one rooftop question, and the rest", () => {
    const s = staged(view(), list);
    if (s.kind !== "choose") throw new Error(s.kind);
    expect(s.seat).toBe(1);
    expect(s.stash?.action).toEqual({ type: "Stash" });
    expect(s.cubes.map((c) => [c.row, c.end, c.cube])).toEqual([
      [0, "Left", { colour: 3, value: 2 }],
      [0, "Right", { colour: 1, value: 1 }],
    ]);
    expect(s.rooftops.map((r) => r.value)).toEqual([1, 2, 3]);
    expect(s.rooftops[2].action).toEqual({ type: "Choose", choice: { kind: "Rooftop", value: 3 } });
    expect(s.others.map((o) => o.label)).toEqual(["The mayor"]);
    expect(prompt(view(), SEATS)).toBe("Bo, choose a piece");
  });
  it("offers no stash once the core stops listing it", () => {
    const s = staged(view({ phase: { kind: "Choose", stashed: true } }), list.slice(1));
    expect(s.kind === "choose" && s.stash).toBeNull();
    expect(s.kind === "choose" && s.stashed).toBe(true);
  });
});

describe("stage: bidding", () => {
  const bidding = view({
    phase: { kind: "Bidding", piece: { kind: "Cube", cube: { colour: 3, value: 2 } }, bids: [{ seat: 2, amount: 3 }] },
    bidder: 0,
  });
  it("shows the public bids by name, who is next, and only the smallest bid", () => {
    const amounts = [4, 5, 6, 7, 8, 9];
    const list = [
      offer("Pass", "bid", { type: "Pass" }),
      ...amounts.map((amount) => offer(`Bid ${amount}`, "bid", { type: "Bid", amount })),
    ];
    const s = staged(bidding, list);
    if (s.kind !== "bid") throw new Error(s.kind);
    expect(s.seat).toBe(0);
    expect(s.bids).toEqual([{ seat: 2, name: "Cy", amount: 3 }]);
    expect(s.high).toEqual({ seat: 2, amount: 3 });
    expect(s.minBid).toBe(4);
    expect(s.pass?.action).toEqual({ type: "Pass" });
    expect(s.waiting).toEqual([]);
    expect(prompt(bidding, SEATS)).toBe("Ana: bid or pass");
    // Who answers next is the core's list, in its order.
    const s2 = staged({ ...bidding, waiting: [2, 1] }, list);
    expect(s2.kind === "bid" && s2.waiting).toEqual([2, 1]);
  });
  it("has no bid button when the core lists no bid", () => {
    const s = staged(bidding, [offer("Pass", "bid", { type: "Pass" })]);
    expect(s.kind === "bid" && s.minBid).toBeNull();
  });
  it("finds the high bid", () => {
    expect(highBid([{ seat: 1, amount: null }, { seat: 2, amount: 2 }, { seat: 0, amount: 5 }])).toEqual({ seat: 0, amount: 5 });
    expect(highBid([{ seat: 1, amount: null }])).toBeNull();
  });
});

describe("stage: sell or buy, and placing", () => {
  it("offers buying as the core shows it, whatever the auctioneer holds", () => {
    const v = view({ phase: { kind: "Decide", piece: { kind: "Mayor" }, seat: 2, amount: 40 } });
    const s = staged(v, [
      offer("Sell to the high bidder", "decide", { type: "Sell" }),
      offer("Buy it: pay 40 to the high bidder", "decide", { type: "Buy" }),
    ]);
    expect(s.kind === "decide" && [s.sell?.action, s.buy?.action]).toEqual([{ type: "Sell" }, { type: "Buy" }]);
  });
  it("offers sell and buy as the core lists them", () => {
    const v = view({ phase: { kind: "Decide", piece: { kind: "Mayor" }, seat: 2, amount: 4 } });
    const s = staged(v, [offer("Sell to the high bidder", "decide", { type: "Sell" })]);
    if (s.kind !== "decide") throw new Error(s.kind);
    expect(s.sell?.action).toEqual({ type: "Sell" });
    expect(s.buy).toBeNull();
    expect(prompt(v, SEATS)).toBe("Bo: sell to Cy for 4, or buy it for 4");
  });
  it("groups placements by row with short labels", () => {
    const v = view({ phase: { kind: "Place", piece: { kind: "Cube", cube: { colour: 4, value: 1 } }, holder: 0, free: false } });
    const list = [
      offer("Place … top row, lot 1", "place", { type: "Place", at: { kind: "Cube", row: 0, lot: 0 } }),
      offer("Place … top row, lot 2", "place", { type: "Place", at: { kind: "Cube", row: 0, lot: 1 } }),
      offer("Place … middle row, lot 1", "place", { type: "Place", at: { kind: "Cube", row: 1, lot: 0 } }),
    ];
    const s = staged(v, list);
    if (s.kind !== "place") throw new Error(s.kind);
    expect(s.groups.map((g) => [g.title, g.choices.map((c) => c.label)])).toEqual([
      ["Top row", ["Lot 1: on Yellow 2", "Lot 2: new building (sand lot)"]],
      ["Middle row", ["Lot 1: new building"]],
    ]);
    expect(s.groups[0].choices[0].title).toBe("Place … top row, lot 1");
    expect(s.discard).toBeNull();
    expect(s.free).toBe(false);
    expect(prompt(v, SEATS)).toBe("Ana places Purple 1 floor cube");
  });
  it("words permits, rooftops, the mayor and the cancel cube", () => {
    const permit = view({ phase: { kind: "Place", piece: { kind: "Permit", value: 2 }, holder: 1, free: false } });
    // What a row will need comes from the core (`shown[].needs`); the label only words it.
    expect(placementLabel(permit, { kind: "Permit", row: 1, lengthen: true }, 7)).toBe("Longer: needs 7");
    expect(placementLabel(permit, { kind: "Permit", row: 0, lengthen: false }, 2)).toBe("Shorter: needs 2");
    expect(placementLabel(permit, { kind: "Permit", row: 0, lengthen: false })).toBe("Shorter");
    expect(placementLabel(view(), { kind: "Rooftop", row: 0, lot: 0 })).toBe("Roof lot 1 (Yellow 2 on top)");
    expect(placementLabel(view(), { kind: "Mayor", row: 1 })).toBe("Stand before the middle row");
    expect(placementLabel(view(), { kind: "Cancel", row: 1, index: 0 }, 4)).toBe("Remove permit 1 longer: needs 4");
    const mayor = view({ phase: { kind: "Place", piece: { kind: "Mayor" }, holder: 1, free: false } });
    const s = staged(mayor, [
      offer("Stand the mayor before the top row", "place", { type: "Place", at: { kind: "Mayor", row: 0 } }),
      offer("Discard the mayor", "place", { type: "Discard" }),
    ]);
    expect(s.kind === "place" && s.groups.map((g) => g.title)).toEqual(["Rows"]);
    expect(s.kind === "place" && s.discard?.action).toEqual({ type: "Discard" });
  });
  it("offers a piece everyone passed on for discarding, as the core shows it", () => {
    const v = view({ phase: { kind: "Place", piece: { kind: "Rooftop", value: 4 }, holder: 2, free: true } });
    const s = staged(v, [
      offer("Roof the building in the top row, lot 1", "place", { type: "Place", at: { kind: "Rooftop", row: 0, lot: 0 } }),
      offer("Discard rooftop 4", "place", { type: "Discard" }),
    ]);
    if (s.kind !== "place") throw new Error(s.kind);
    expect(s.free).toBe(true);
    expect(s.discard?.action).toEqual({ type: "Discard" });
  });
  it("has nothing to do once the game is over", () => {
    expect(staged(view({ phase: { kind: "Over" } }), [])).toEqual({ kind: "over" });
    expect(prompt(view({ phase: { kind: "Setup" } }), SEATS)).toMatch(/^Set up/);
  });
});

describe("bids and money", () => {
  it("accepts whole positive bids only", () => {
    expect(parseBid(" 5 ")).toEqual({ amount: 5 });
    expect(parseBid("")).toHaveProperty("error");
    expect(parseBid("2.5")).toHaveProperty("error");
    expect(parseBid("-1")).toHaveProperty("error");
    // Too small a bid is the core's refusal, with its reason, not the screen's.
    expect(parseBid("0")).toEqual({ amount: 0 });
  });
  it("steps a bid from the smallest one, never below it", () => {
    expect(stepBid("", 1, 1)).toBe("2");
    expect(stepBid("2", 1, 1)).toBe("3");
    expect(stepBid("3", 1, -1)).toBe("2");
    expect(stepBid("2", 2, -1)).toBe("2");
    expect(stepBid("abc", 4, 1)).toBe("5");
    // A typed bid under the smallest starts from it.
    expect(stepBid("1", 4, 1)).toBe("5");
    expect(stepBid("", null, 1)).toBe("2");
  });
  it("reads a peek", () => {
    expect(asPurse({ cash: 9, cash_box: 1 })).toEqual({ cash: 9, cash_box: 1 });
    expect(asPurse(null)).toBeNull();
  });
});

describe("HoldToPeek", () => {
  it("shows only after the hold time and hides on release", async () => {
    vi.useFakeTimers();
    try {
      const shown: (number | null)[] = [];
      const reveal = vi.fn(async () => 12);
      const hold = new HoldToPeek(reveal, (v) => shown.push(v), undefined, 600);
      hold.press();
      await vi.advanceTimersByTimeAsync(599);
      expect(reveal).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(shown).toEqual([12]);
      hold.release();
      expect(shown).toEqual([12, null]);
    } finally {
      vi.useRealTimers();
    }
  });
  it("never asks when released early, and drops an answer that arrives after release", async () => {
    vi.useFakeTimers();
    try {
      const shown: (number | null)[] = [];
      let answer: (v: number) => void = () => {};
      const reveal = vi.fn(() => new Promise<number>((res) => (answer = res)));
      const hold = new HoldToPeek(reveal, (v) => shown.push(v), undefined, 600);
      hold.press();
      await vi.advanceTimersByTimeAsync(300);
      hold.release();
      await vi.advanceTimersByTimeAsync(1000);
      expect(reveal).not.toHaveBeenCalled();
      hold.press();
      await vi.advanceTimersByTimeAsync(600);
      expect(reveal).toHaveBeenCalledTimes(1);
      hold.release();
      answer(9);
      await vi.advanceTimersByTimeAsync(0);
      expect(shown).toEqual([null, null]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("new game options", () => {
  const defaults = {
    all_money_scores: false,
    sand_lots: [
      [0, 1],
      [0, 4],
      [1, 2],
      [2, 0],
      [2, 5],
    ] as [number, number][],
    rooftop_values: [1, 6] as [number, number],
  };
  it("starts from the core's defaults, lots counted from 1 at the street", () => {
    const s = defaultEstatesSettings(defaults);
    expect(s?.sandLots).toEqual([
      { row: 0, lot: 2 },
      { row: 0, lot: 5 },
      { row: 1, lot: 3 },
      { row: 2, lot: 1 },
      { row: 2, lot: 6 },
    ]);
    expect(s && sandLotName(s.sandLots[2])).toBe("Middle row, lot 3");
    expect([s?.rooftopLow, s?.rooftopHigh]).toEqual([1, 6]);
    expect(defaultEstatesSettings({})).toBeNull();
    expect(defaultEstatesSettings(null)).toBeNull();
  });
  it("sends every setting as the table corrected it, for the record", () => {
    const s = defaultEstatesSettings(defaults);
    if (s === null) throw new Error("no settings");
    s.allMoneyScores = true;
    s.sandLots[1] = { row: 1, lot: 1 };
    s.rooftopHigh = 8;
    expect(estatesOptions(s)).toEqual({
      all_money_scores: true,
      sand_lots: [
        [0, 1],
        [1, 0],
        [1, 2],
        [2, 0],
        [2, 5],
      ],
      rooftop_values: [1, 8],
    });
    expect(estatesOptions(defaultEstatesSettings(defaults) ?? s)).toEqual(defaults);
  });
});

describe("recorded draw", () => {
  it("starts with 24 different cubes and builds the core's Setup action", async () => {
    const { startingDrawForm, recordedSetupAction } = await import("./estates");
    const form = startingDrawForm();
    const keys = new Set(form.rows.flat().map((c) => `${c.colour}-${c.value}`));
    expect(keys.size).toBe(24);
    form.first = 2;
    const action = recordedSetupAction(form) as { type: string; setup: { kind: string; market: unknown[][]; first: number } };
    expect(action.type).toBe("Setup");
    expect(action.setup.kind).toBe("Recorded");
    expect(action.setup.market.length).toBe(3);
    expect(action.setup.market[0].length).toBe(8);
    expect(action.setup.first).toBe(2);
  });
});

describe("a seat's phone", () => {
  const placing = view({
    phase: { kind: "Place", piece: { kind: "Cube", cube: { colour: 4, value: 1 } }, holder: 0, free: false },
    shown: [offer("Place … top row, lot 1", "place", { type: "Place", at: { kind: "Cube", row: 0, lot: 0 } })],
  });
  placing.board[0].lots = [
    { at: { kind: "Cube", row: 0, lot: 0 }, label: "Place it on lot 1", why_not: null },
    { at: { kind: "Cube", row: 0, lot: 1 }, label: "Place it on lot 2", why_not: "a floor must be lower than the cube below it" },
  ];
  const legal = [{ label: "Place", group: "place", action: { type: "Place", at: { kind: "Cube", row: 0, lot: 0 } } }];

  it("keeps every choice shown when the seat decides now (the window: always)", () => {
    expect(narrowToSeat(placing, legal, SEATS)).toBe(placing);
  });

  it("offers nothing when another seat decides, and a tap on the board says whose decision it is", () => {
    const other = narrowToSeat(placing, [], SEATS);
    expect(other.shown).toEqual([]);
    expect(other.board[0].lots.map((l) => l.why_not)).toEqual([
      "it is Ana's decision, on Ana's phone or the host's screen",
      "a floor must be lower than the cube below it",
    ]);
    expect(placing.board[0].lots[0].why_not).toBeNull(); // the view itself is untouched
    const setup = narrowToSeat(view({ phase: { kind: "Setup" }, shown: [offer("Draw", "setup", { type: "Setup" } as never)] }), [], SEATS);
    expect(setup.shown).toEqual([]);
  });
});
