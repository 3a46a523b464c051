import { describe, expect, it } from "vitest";
import type {
  AllowedAction_Serialize as AllowedAction,
  BuiltStructure,
  GridEstate_Serialize,
  Pay,
  Target,
} from "../../lib/bindings";
import {
  activeCardFor,
  buildColumns,
  countsToList,
  emptyCounts,
  emptyEstateForm,
  emptyStructureForm,
  eraLine,
  estateDescribeAction,
  gridRows,
  moreShields,
  nineActionGroups,
  buildOffers,
  paidWithOffers,
  orientation,
  paymentWords,
  phaseLabel,
  parseRequires,
  requestKey,
  sourceWords,
  statusLabel,
  structureDescribeAction,
  targetTitle,
  yieldOf,
  type ActiveCard,
  type DescribeRequest,
  type NineView,
} from "./nine";

describe("table layout", () => {
  const cell = (row: number, col: number, card: number): GridEstate_Serialize => ({
    row,
    col,
    card,
    kind: (["Nobility", "Clergy", "Peasant"] as const)[row],
    status: "Available",
    name: `card ${card}`,
    cost: null,
    shields: null,
    why_not: null,
  });

  it("puts the grid in rows, Nobility first, by column", () => {
    const rows = gridRows([cell(2, 1, 3), cell(0, 0, 8), cell(2, 0, 2), cell(1, 0, 5)]);
    expect(rows.map((r) => r.map((e) => e.card))).toEqual([[8], [5], [2, 3]]);
  });

  it("groups the build area by round, keeping each Structure's index", () => {
    const s = (name: string, round: number): BuiltStructure => ({
      card: 1,
      face: "Square",
      name,
      round,
      tilted: false,
    });
    const cols = buildColumns([s("Mill", 1), s("Well", 2), s("Farm", 1)]);
    expect(cols.map((c) => c.round)).toEqual([1, 2]);
    expect(cols[0].items.map((i) => [i.structure.name, i.index])).toEqual([
      ["Mill", 0],
      ["Farm", 2],
    ]);
  });

  it("words statuses and Era scores", () => {
    expect(statusLabel("Removed")).toBe("Discarded");
    expect(statusLabel("Built")).toBe("Built");
    expect(
      eraLine({ era: 1, structures: 3, duplicates: 1, shields: 2, rounds: -4, total: 2 }),
    ).toBe("3 Structures +1 duplicates +2 shields −4 rounds = 2");
    expect(
      eraLine({ era: 1, structures: 1, duplicates: 0, shields: 0, rounds: -2, total: -1 }),
    ).toBe("1 Structure +0 duplicates +0 shields −2 rounds = -1");
  });

  it("says where the game stands", () => {
    const at = { era: 2, round: 3, turn: 4 };
    expect(phaseLabel({ ...at, phase: "Deal" })).toBe("Era 2: deal the cards");
    expect(phaseLabel({ ...at, phase: "Playing" })).toBe("Era 2 · Round 3 · Turn 4");
    expect(phaseLabel({ ...at, phase: "Over" })).toBe("Game over");
  });
});

describe("describing cards", () => {
  const centre: DescribeRequest = {
    kind: "Structure",
    card: 9,
    face: "Square",
    place: "the centre card",
    edges: null,
    described: null,
  };
  const peasant: DescribeRequest = {
    kind: "Estate",
    card: 2,
    face: null,
    place: "Peasant row, column 1",
    edges: null,
    described: null,
  };

  it("turns counters, lists and choices into the card's data", () => {
    const c = emptyCounts();
    c.Stone = 2;
    c.Food = 1;
    c.WorkCrew = 1;
    expect(countsToList(c)).toEqual(["Food", "Stone", "Stone", "WorkCrew"]);
    expect(parseRequires(" Mill, Well ,, ")).toEqual(["Mill", "Well"]);
    expect(parseRequires("")).toEqual([]);
    expect(yieldOf(["Food", ""])).toEqual(["Food"]);
    expect(yieldOf(["Food", "Gold"])).toEqual(["Food", "Gold"]);
    expect(yieldOf(["", ""])).toEqual([]);
  });

  it("maps the top and bottom edges by how the card lies", () => {
    expect(orientation(["Wood"], ["Ore"], true)).toEqual({ upright: ["Wood"], rotated: ["Ore"] });
    expect(orientation(["Wood"], ["Ore"], false)).toEqual({ upright: ["Ore"], rotated: ["Wood"] });
  });

  it("finds the active card a request is about", () => {
    const cards: ActiveCard[] = [
      { slot: "Left", card: 4, face: "Square", upright: true, tilted: false, name: null, offers: null, cost: null, why_not: null },
      { slot: "Centre", card: 9, face: "Square", upright: false, tilted: false, name: null, offers: null, cost: null, why_not: null },
    ];
    expect(activeCardFor(centre, cards)?.slot).toBe("Centre");
    expect(activeCardFor({ ...centre, face: "Round" }, cards)).toBeUndefined();
  });

  it("builds a Structure description for a rotated card", () => {
    const form = emptyStructureForm();
    form.name = "  Mill ";
    form.cost.Wood = 1;
    form.requires = "Well";
    form.provides = ["Food", "Gold"];
    form.shields = 1;
    form.top = ["Stone", ""];
    form.bottom = ["Ore", ""];
    expect(structureDescribeAction(centre, form, false)).toEqual({
      type: "Describe",
      card: {
        kind: "Structure",
        card: 9,
        face: "Square",
        def: {
          structure: "Mill",
          cost: ["Wood"],
          requires: ["Well"],
          provides: ["Food", "Gold"],
          shields: 1,
          upright: ["Ore"],
          rotated: ["Stone"],
        },
      },
    });
  });

  it("sends blanks as they are, for the core to refuse", () => {
    const a = structureDescribeAction(centre, emptyStructureForm(), true);
    expect(a).toMatchObject({ card: { def: { structure: "", provides: [], upright: [] } } });
  });

  it("builds an Estate description", () => {
    const form = emptyEstateForm();
    form.name = "Farm";
    form.cost.Wood = 1;
    form.requires = "Mill";
    form.provides = ["Food", ""];
    form.shields = 2;
    expect(estateDescribeAction(peasant, form)).toEqual({
      type: "Describe",
      card: {
        kind: "Estate",
        card: 2,
        def: { name: "Farm", cost: ["Wood"], requires: ["Mill"], provides: ["Food"], shields: 2 },
      },
    });
  });

  it("gives each request a stable key", () => {
    expect(requestKey(centre)).toBe("describe-structure-9-Square");
    expect(requestKey(peasant)).toBe("describe-estate-2");
  });
});

describe("a shield past the chips", () => {
  it("goes to 10 first, then one point a tap", () => {
    expect(moreShields(0)).toBe(10);
    expect(moreShields(9)).toBe(10);
    expect(moreShields(10)).toBe(11);
    expect(moreShields(14)).toBe(15);
  });
});

describe("the table's own deal", () => {
  it("records the grid in Era 1 and only the deck afterwards", async () => {
    const { recordedDealAction, startingDealForm } = await import("./nine");
    const form = startingDealForm();
    expect(form.grid).toEqual([
      [7, 8, 9],
      [4, 5, 6],
      [1, 2, 3],
    ]);
    form.deck[0] = { card: 1, upright: false };
    const a = recordedDealAction(form, 1);
    expect(a).toMatchObject({ type: "Deal", deal: { kind: "Recorded", grid: form.grid } });
    expect((a as { deal: { deck: unknown[] } }).deal.deck[0]).toEqual({ card: 1, upright: false });
    expect(recordedDealAction(form, 2)).toMatchObject({ deal: { kind: "Recorded", grid: null } });
  });
});

describe("what can be done now", () => {
  const view = {
    phase: "Playing",
    era: 1,
    round: 1,
    turn: 3,
    deck_left: 5,
    discard_count: 1,
    active: [
      { slot: "Left", card: 4, face: "Square", upright: true, tilted: false, name: "Well", offers: "Wood", cost: "Wood", why_not: "the payment is short: still needed Wood" },
      { slot: "Centre", card: 3, face: "Square", upright: true, tilted: false, name: "Mill", offers: "Wood", cost: "Wood, Wood", why_not: null },
    ],
    grid: [
      { row: 2, col: 0, card: 1, kind: "Peasant", status: "Available", name: "Farm", cost: "Wood", shields: 2, why_not: null },
    ],
    structures: [
      { card: 1, face: "Square", name: "Sq1", round: 1, tilted: false },
      { card: 2, face: "Square", name: "Sq2", round: 1, tilted: false },
    ],
    structure_why_not: [null, null],
    estates: ["Abbey"],
    built_estates: [{ card: 1, row: 2, col: 0, era: 1, used: false }],
    estate_why_not: [null],
    undescribed: [],
    structure_names: [],
    era_scores: [],
    current_era: null,
    total: 0,
    title: null,
  } satisfies NineView;
  const centre = { kind: "Structure", slot: "Centre" } as const;
  const build = (label: string, target: Target, payment: Pay[]): AllowedAction => ({
    label,
    group: "build",
    action: { type: "Build", target, payment },
  });
  const allowed: AllowedAction[] = [
    build("Build Mill with the left card (Wood), the centre card (Wood)", centre, [
      { from: { kind: "Left" }, resource: "Wood" },
      { from: { kind: "Centre" }, resource: "Wood" },
    ]),
    build("Build Mill with your Sq1 (Wood), your Sq2 (Wood)", centre, [
      { from: { kind: "Structure", index: 0 }, resource: "Wood" },
      { from: { kind: "Structure", index: 1 }, resource: "Gold" },
    ]),
    build("Build Farm with your Abbey (Gold)", { kind: "Estate", row: 2, col: 0 }, [
      { from: { kind: "Estate", index: 0 }, resource: "Gold" },
    ]),
    { label: "End Era 1", group: "era", action: { type: "EndEra" } },
    { label: "Pass: flip the centre card onto the discard pile", group: "pass", action: { type: "Pass" } },
    { label: "Rotate Well (card 4, the deck's top card, the left card): Wood → Stone", group: "round", action: { type: "RotateCard", card: 4 } },
    { label: "Rotate card 7 (2nd in the deck)", group: "round", action: { type: "RotateCard", card: 7 } },
  ];

  it("names where each resource comes from, as the core does", () => {
    expect(sourceWords({ kind: "Discard" }, view)).toBe("the discard pile's top card");
    expect(sourceWords({ kind: "Structure", index: 1 }, view)).toBe("your Sq2");
    expect(sourceWords({ kind: "Estate", index: 0 }, view)).toBe("your Abbey");
    expect(paymentWords([], view)).toBe("Free");
    expect(
      paymentWords(
        [
          { from: { kind: "Left" }, resource: "Wood" },
          { from: { kind: "Centre" }, resource: "Gold" },
          { from: { kind: "Structure", index: 0 }, resource: "WorkCrew" },
        ],
        view,
      ),
    ).toBe("Pay with the left card (Wood), the centre card (Gold) and your Sq1 (Work Crew)");
    expect(targetTitle(centre, view)).toBe("Mill (Wood, Wood)");
    expect(targetTitle({ kind: "Estate", row: 2, col: 0 }, view)).toBe("Farm (Wood)");
  });

  it("keeps every offer, one list per build that can be paid in several ways", () => {
    const groups = nineActionGroups(allowed, view);
    expect(groups.map((g) => g.group)).toEqual(["build", "pass", "round", "era"]);
    const [builds, pass, round] = groups;
    expect(builds.items.map((i) => i.kind)).toEqual(["many", "one"]);
    const mill = builds.items[0];
    if (mill.kind !== "many") throw new Error("the Mill's ways to pay are one list");
    expect(mill.title).toBe("Build Mill (Wood, Wood): 2 ways to pay");
    expect(mill.options.map((o) => o.text)).toEqual([
      "Pay with the left card (Wood) and the centre card (Wood)",
      "Pay with your Sq1 (Wood) and your Sq2 (Gold)",
    ]);
    expect(mill.options.map((o) => o.label)).toEqual([allowed[0].label, allowed[1].label]);
    expect(mill.options[1].action).toBe(allowed[1].action);
    // One way to pay: a plain button with the core's own label.
    expect(builds.items[1]).toMatchObject({ kind: "one", text: "Build Farm with your Abbey (Gold)" });
    expect(pass.items).toMatchObject([{ kind: "one", text: allowed[4].label }]);
    const rotate = round.items[0];
    if (rotate.kind !== "many") throw new Error("the cards to rotate are one list");
    expect(rotate.title).toBe("Rotate one card of the deck: 2 cards");
    expect(rotate.options.map((o) => o.text)).toEqual([allowed[5].label, allowed[6].label]);
  });

  it("offers a tapped card's builds, every way to pay, worded as the action list words them", () => {
    expect(buildOffers(allowed, centre, view)).toEqual([
      { key: allowed[0].label, label: "Pay with the left card (Wood) and the centre card (Wood)", action: allowed[0].action },
      { key: allowed[1].label, label: "Pay with your Sq1 (Wood) and your Sq2 (Gold)", action: allowed[1].action },
    ]);
    expect(buildOffers(allowed, { kind: "Estate", row: 2, col: 0 }, view).map((o) => o.label)).toEqual([
      "Pay with your Abbey (Gold)",
    ]);
    expect(buildOffers(allowed, { kind: "Structure", slot: "Left" }, view)).toEqual([]);
    // The core's JSON may order a target's keys otherwise: the same card all the same.
    const sorted = { ...allowed[2], action: { type: "Build", payment: [], target: { col: 0, kind: "Estate", row: 2 } } } as AllowedAction;
    expect(buildOffers([sorted], { kind: "Estate", row: 2, col: 0 }, view)).toHaveLength(1);
  });

  it("offers a tapped built card's builds: those it helps pay for", () => {
    expect(paidWithOffers(allowed, { kind: "Structure", index: 1 }, view)).toEqual([
      { key: allowed[1].label, label: "Build Mill (Wood, Wood): Pay with your Sq1 (Wood) and your Sq2 (Gold)", action: allowed[1].action },
    ]);
    expect(paidWithOffers(allowed, { kind: "Estate", index: 0 }, view).map((o) => o.label)).toEqual([
      "Build Farm (Wood): Pay with your Abbey (Gold)",
    ]);
    // Another Estate than the one paying, and the left card's kind of source: nothing.
    expect(paidWithOffers(allowed, { kind: "Estate", index: 1 }, view)).toEqual([]);
    expect(paidWithOffers(allowed, { kind: "Discard" }, view)).toEqual([]);
  });

  it("shows the round's end choices as the core offers them", () => {
    const choice = (label: string, kind: "Keep" | "RotateAll"): AllowedAction => ({
      label,
      group: "round",
      action: { type: "ChooseRoundEnd", choice: { kind } },
    });
    const groups = nineActionGroups(
      [choice("Rotate the whole deck", "RotateAll"), choice("Keep the deck as it is", "Keep")],
      { ...view, phase: "RoundEnd" },
    );
    expect(groups[0].items.map((i) => (i.kind === "one" ? i.text : i.title))).toEqual([
      "Rotate the whole deck",
      "Keep the deck as it is",
    ]);
  });
});
