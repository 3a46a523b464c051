import { describe, expect, it } from "vitest";
import {
  eventNames,
  estateTokens,
  incomeText,
  nextEvent,
  parseChange,
  plotLabel,
  previewText,
  printingText,
  prompt,
  rowRole,
  signed,
  takeAction,
  tapPlot,
  tieBreakCounts,
  track,
  TILE_TYPES,
  type MiddleView,
  type PlayerView,
  type PlotView,
  type TurnView,
} from "./middle";
import { padEntry, startingPadForm } from "./scorepad";

const SEATS = [{ name: "Ana" }, { name: "Bo" }];

function plot(over: Partial<PlotView> = {}): PlotView {
  return { tile: "Field", lord: null, scout: null, why_not: "Lords move to the next row, row 2", ...over };
}

function player(seat: number, tiles: number[] = [1, 1, 1, 1, 1, 1, 1, 1]): PlayerView {
  return {
    seat,
    coins: 10,
    estates: TILE_TYPES.map((kind, i) => ({
      kind,
      tiles: tiles[i] ?? 0,
      extra_coin: false,
      plot: null,
      rewards: [kind],
      rate: 2,
    })),
    cemetery: [],
    lord: null,
    scout: null,
    farmers: 0,
    chests: 0,
    empty_estates: 0,
    penalty: 0,
    total: 10,
    rank: 1,
  };
}

function turn(over: Partial<TurnView> = {}): TurnView {
  return {
    seat: 0,
    from: { row: 0, slot: 0 },
    kind: "Mill",
    moves: true,
    choices: [],
    choice_labels: [],
    effect: "each player with fewer Mills pays you 2 coins; then 2 coins for each Mill",
    preview: [4, -2],
    printed: null,
    ...over,
  };
}

function view(over: Partial<MiddleView> = {}): MiddleView {
  return {
    game: "middle-ages",
    phase: { kind: "Turns" },
    round: 3,
    rounds: 16,
    event_rounds: [4, 8, 12, 16],
    refill_through_round: 12,
    current_row: 2,
    next_row: 3,
    actor: 1,
    order: [1, 0],
    turns_done: 0,
    rows: [
      [plot(), plot(), plot({ tile: null })],
      [plot(), plot(), plot()],
      [plot({ lord: 1 }), plot({ lord: 0 }), plot({ tile: null })],
      [plot({ why_not: null }), plot({ scout: 0, why_not: "Ana's Scout reserves row 4, plot 2" }), plot({ why_not: null })],
    ],
    players: [player(0), player(1)],
    turn: turn({ seat: 1 }),
    events: [],
    known_events: [],
    bag: 60,
    discard: 2,
    tokens_left: { extra_coin: 8, plot: 8 },
    max_symbols: 5,
    ...over,
  } as MiddleView;
}

describe("where the game stands", () => {
  it("says whose move it is and where to", () => {
    expect(prompt(view(), SEATS)).toBe("Round 3: Bo moves to row 4");
    expect(prompt(view({ next_row: null, round: 16 }), SEATS)).toBe("Round 16: Bo takes the plot under their Lord");
    expect(prompt(view({ phase: { kind: "EventDue" }, round: 4 }), SEATS)).toBe("Round 4 is over: enter its event");
    expect(prompt(view({ phase: { kind: "RefillDue" }, current_row: 2 }), SEATS)).toBe("Round 3 is over: refill row 3");
    expect(prompt(view({ phase: { kind: "Placing", order: [1, 0], next: 0 } }), SEATS)).toBe(
      "Setup: Bo places a Lord on row 1",
    );
  });
  it("lays out the 16 rounds with the events and the refills", () => {
    const t = track(view());
    expect(t).toHaveLength(16);
    expect(t.filter((c) => c.event).map((c) => c.round)).toEqual([4, 8, 12, 16]);
    expect(t.filter((c) => !c.refill).map((c) => c.round)).toEqual([13, 14, 15, 16]);
    expect(t.find((c) => c.now)?.round).toBe(3);
    expect(nextEvent(view())).toBe("Next event after round 4");
    expect(nextEvent(view({ phase: { kind: "EventDue" }, round: 8 }))).toBe("Event due now (round 8)");
    expect(nextEvent(view({ phase: { kind: "Over" }, round: 16 }))).toBeNull();
  });
});

describe("the board", () => {
  it("marks the row the Lords stand in and the one they move to", () => {
    expect(rowRole(view(), 2)).toBe("current");
    expect(rowRole(view(), 3)).toBe("next");
    expect(rowRole(view(), 0)).toBe("other");
    expect(rowRole(view({ phase: { kind: "Placing", order: [0, 1], next: 0 }, round: 0 }), 0)).toBe("next");
  });
  it("offers an open plot and explains a closed one in plain words", () => {
    expect(tapPlot(view(), { row: 3, slot: 0 })).toEqual({ kind: "offer", at: { row: 3, slot: 0 } });
    expect(tapPlot(view(), { row: 3, slot: 1 })).toEqual({
      kind: "refuse",
      at: { row: 3, slot: 1 },
      reason: "Ana's Scout reserves row 4, plot 2",
    });
    expect(tapPlot(view(), { row: 0, slot: 0 })).toMatchObject({ reason: "Lords move to the next row, row 2" });
    expect(tapPlot(view(), { row: 9, slot: 0 })).toMatchObject({ kind: "refuse" });
  });
  it("reads a plot out with its tile, Lord and Scout", () => {
    expect(plotLabel(plot({ lord: 1, scout: 0 }), { row: 2, slot: 0 }, SEATS)).toBe(
      "Row 3, plot 1: Field, Bo's Lord, Ana's Scout",
    );
    expect(plotLabel(plot({ tile: null }), { row: 0, slot: 2 }, SEATS)).toBe("Row 1, plot 3: empty");
  });
});

describe("a turn", () => {
  it("previews who gains and who pays", () => {
    expect(previewText(turn(), SEATS)).toBe("Ana +4, Bo −2");
    expect(previewText(turn({ preview: [0, 0] }), SEATS)).toBe("No coins change");
  });
  it("builds the Take the core expects", () => {
    expect(takeAction({ row: 3, slot: 1 }, 2, 0, null)).toEqual({
      type: "Take",
      to: { row: 3, slot: 1 },
      symbols: { farmers: 2, chests: 0 },
      choice: null,
      teach: false,
    });
    expect(takeAction(null, 1, 0, null, true).teach).toBe(true);
  });
  it("words what every tile of a type prints", () => {
    expect(printingText({ farmers: 1, chests: 0 })).toBe("1 Farmer");
    expect(printingText({ farmers: 2, chests: 1 })).toBe("2 Farmers, 1 Chest");
    expect(printingText({ farmers: 0, chests: 0 })).toBe("no symbols");
  });
});

describe("events", () => {
  it("reads typed coin changes", () => {
    expect(parseChange("")).toBe(0);
    expect(parseChange("+3")).toBe(3);
    expect(parseChange("−2")).toBe(-2);
    expect(parseChange("-2")).toBe(-2);
    expect(parseChange("two")).toBeNull();
    expect(parseChange("1.5")).toBeNull();
    expect(signed(2)).toBe("+2");
    expect(signed(-3)).toBe("−3");
  });
  it("offers remembered and earlier event names once each", () => {
    const v = view({ known_events: ["Plague", "Fair"], events: [{ round: 4, name: "Plague", coins: [0, 0] }] });
    expect(eventNames(v)).toEqual(["Fair", "Plague"]);
  });
});

describe("the Fief", () => {
  it("shows an Estate's tokens and what its income counts", () => {
    const e = { ...player(0).estates[6], extra_coin: true, plot: "Village" as const, rewards: ["Church", "Village"] as ("Church" | "Village")[], rate: 3 };
    expect(estateTokens(e)).toEqual(["+1 coin", "+Village"]);
    expect(incomeText(e)).toBe("3 per Church and Village");
  });
  it("lists the tie-break counts from the Palace leftwards", () => {
    const counts = tieBreakCounts(player(0, [1, 2, 3, 4, 5, 6, 7, 8]));
    expect(counts.map((c) => c.kind)).toEqual(["Palace", "Church", "Barracks", "Market", "Rampart", "Village", "Mill", "Field"]);
    expect(counts.map((c) => c.tiles)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });
});

describe("the scorepad's lines", () => {
  it("turns a typed line into an entry, blank tiles as 0", () => {
    const form = startingPadForm(2)[1];
    form.coins = "42";
    form.tiles[7] = "2";
    expect(padEntry(1, form)).toEqual({
      kind: "ok",
      action: { type: "Enter", seat: 1, coins: 42, tiles: [0, 0, 0, 0, 0, 0, 0, 2] },
    });
  });
  it("says what is wrong with a line before asking the core", () => {
    const form = startingPadForm(1)[0];
    expect(padEntry(0, form)).toMatchObject({ kind: "bad", field: "coins" });
    form.coins = "10";
    form.tiles[2] = "x";
    expect(padEntry(0, form)).toMatchObject({ kind: "bad", field: "Village tiles" });
  });
});

describe("short names", () => {
  it("keeps whole names on narrow tables and shortens rows of five or six plots", async () => {
    const { shortName, figure } = await import("./middle");
    expect(shortName("Rampart", 3)).toBe("Rampart");
    expect(shortName("Rampart", 6)).toBe("Ramp");
    expect(figure(-12)).toBe("−12");
    expect(figure(7)).toBe("7");
  });
});
