import { describe, expect, it } from "vitest";
import type {
  TrackerCardView_Serialize,
  TrackerSoloCardView_Serialize,
  TrackerSpaceView_Serialize,
  TrackerView_Serialize,
} from "../../lib/bindings";
import {
  actionType,
  activateAction,
  activationLabel,
  buildChange,
  buildFacts,
  buildMat,
  changeText,
  emptyChangeDraft,
  emptyMatDraft,
  effectEachAction,
  factsDraft,
  factsText,
  fillMeasures,
  formSpaces,
  emptySoloRevealDraft,
  isEmptyChange,
  noResources,
  parseWhole,
  phaseText,
  removeCardAction,
  resourceTotal,
  resourcesText,
  rewardText,
  seatName,
  soloAskText,
  soloRevealAction,
  spaceStatus,
  undescribedInPlay,
} from "./realmlive";

const seats = [{ name: "Ana" }, { name: "Bo" }];

function card(name: string, extra: Partial<TrackerCardView_Serialize> = {}): TrackerCardView_Serialize {
  return {
    name,
    count: 3,
    in_play: 0,
    facts: null,
    printed_track: null,
    printed_kind: null,
    printed_cost: null,
    printed_vp: null,
    once_per_era: false,
    automated: false,
    auto: null,
    solo_card: false,
    ...extra,
  };
}

function space(extra: Partial<TrackerSpaceView_Serialize>): TrackerSpaceView_Serialize {
  return {
    id: "x",
    name: "X",
    kind: "accumulating",
    level: 0,
    lying: 0,
    taken_by: null,
    tile: null,
    entered: false,
    locked: false,
    tile_needed: false,
    known_tiles: [],
    extra_actions: 0,
    why_not: null,
    ...extra,
  };
}

const zero = { iron: 0, stone: 0, wood: 0, grain: 0 };

/** A minimal view: two players, Ana's Estate holds a described Farm and an undescribed Quarry. */
function view(phase: TrackerView_Serialize["state"]["phase"] = "Playing"): TrackerView_Serialize {
  const tableauCard = (c: string, track: "production" | "noble" | "gather") => ({
    card: c,
    track,
    stored: { ...zero },
    stored_gold: 0,
    tucked: 0,
    used_this_era: false,
  });
  const player = (tableau: ReturnType<typeof tableauCard>[]) => ({
    leader: "Agrarian Lord",
    supply: { ...zero },
    gold: 0,
    hand: 0,
    workers: 4,
    waiting_workers: 0,
    temporary: 0,
    used: 0,
    cubes_removed: [0, 0, 0],
    tableau,
    crest_used: false,
    objective_vp: 0,
    objective_firsts: 0,
    game_end_vp: null,
    family_secret: null,
  });
  const facts = { track: "production" as const, kind: "citizen" as const, cost: { ...zero }, vp: 2, once_per_era: false, interactive: false };
  return {
    state: {
      solo: false,
      phase,
      era: 2,
      first_player: 0,
      current: 1,
      players: [player([tableauCard("Farm", "production"), tableauCard("Castle", "noble"), tableauCard("Quarry", "production")]), player([])],
      board: { accumulating: { ...zero }, taken: {}, tiles: {} },
      turn: { actions_left: 1, worker_placed: false, market_taken: 0, produce: null, spaces: [] },
      cards: {},
      mats: {},
      events: [],
      objectives: [],
      rewards: { vp_by_place: [6], final_vp_by_place: [6, 3, 1], second_cards: 1, second_resources: 1, others_cards: 1 },
      solo_events: {},
    },
    players: [0, 1].map((i) => ({
      track_values: [2, 1, 0],
      cubes_left: [5, 7, 7],
      workers_left: i === 1 ? 3 : 1,
      abilities: [],
      card_vp: 0,
      stored: 0,
      tucked: 0,
      total: 0,
    })),
    spaces: [],
    cards: [card("Farm", { facts }), card("Castle", { facts: { ...facts, track: "noble" } }), card("Quarry")],
    leaders: [],
    market_left: 4,
    eras: 5,
    objectives_met: 0,
    measures: [{ name: "Gold", values: [3, null] }],
    objectives_needed: 3,
    solo_objectives: [],
    second_takes_resource: true,
    activations: [],
    solo_cards: [],
    event_unnamed: false,
  };
}

describe("names and resources", () => {
  it("names a seat, or numbers one it does not know", () => {
    expect(seatName([{ name: "Ana" }, { name: "Bo" }], 1)).toBe("Bo");
    expect(seatName([{ name: "Ana" }], 2)).toBe("Player 3");
  });

  it("starts from no resources and adds them up", () => {
    expect(resourceTotal(noResources())).toBe(0);
    expect(resourceTotal({ iron: 1, stone: 2, wood: 0, grain: 3 })).toBe(6);
  });
});

describe("buildChange", () => {
  it("sends every field, and a store or tuck line only when it moves something", () => {
    const d = emptyChangeDraft();
    const c = buildChange(d);
    expect(c).toEqual({ supply: zero, gold: 0, hand: 0, store: [], tuck: [], workers: 0, temporary: 0, cubes: [] });
    expect(isEmptyChange(c)).toBe(true);

    d.supply.iron = 1;
    d.supply.wood = -2;
    d.gold = 3;
    d.storeSlot = 1; // chosen, but nothing stored yet
    d.tuckSlot = 0;
    d.tuck = 2;
    d.cubes.noble = 1;
    const c2 = buildChange(d);
    expect(c2.store).toEqual([]);
    expect(c2.tuck).toEqual([{ slot: 0, count: 2 }]);
    expect(c2.cubes).toEqual(["noble"]);
    expect(changeText(c2)).toBe("+1 Iron, −2 Wood, +3 Gold, 2 tucked under card 1, 1 Noble cube removed");

    d.store.grain = -1;
    expect(buildChange(d).store).toEqual([{ slot: 1, resources: { ...zero, grain: -1 }, gold: 0 }]);
  });

  it("copies the draft, so later edits do not change what was sent", () => {
    const d = emptyChangeDraft();
    const c = buildChange(d);
    d.supply.iron = 5;
    expect(c.supply.iron).toBe(0);
  });
});

describe("card facts", () => {
  it("prefills from the rulebook's printed facts when the card is unknown", () => {
    const d = factsDraft(card("Day Laborer", { printed_track: "production", printed_cost: { ...zero, grain: 3 }, printed_vp: 0, once_per_era: true }));
    expect(d).toEqual({ track: "production", kind: "", cost: { ...zero, grain: 3 }, vp: 0, once_per_era: true, interactive: false });
    expect(buildFacts(d)).toMatch(/Citizen or a Construction/);
    d.kind = "citizen";
    expect(buildFacts(d)).toEqual({ track: "production", kind: "citizen", cost: { ...zero, grain: 3 }, vp: 0, once_per_era: true, interactive: false });
  });

  it("asks for the track first and says the known facts in words", () => {
    expect(buildFacts(factsDraft(undefined))).toMatch(/track/);
    const f = { track: "noble" as const, kind: "construction" as const, cost: { iron: 1, stone: 3, wood: 1, grain: 0 }, vp: 5, once_per_era: false, interactive: false };
    expect(factsText(f)).toBe("Construction · Noble · costs 1 Iron, 3 Stone, 1 Wood · 5 VP");
  });
});

describe("buildMat", () => {
  it("reads 8 whole numbers per track and the player count", () => {
    const d = emptyMatDraft();
    d.production = ["1", "2", "2", "3", "3", "4", "4", "5"];
    d.noble = ["1", "1", "2", "2", "3", "3", "4", "4"];
    d.gather = ["0", "1", "1", "2", "2", "3", "3", " 4 "];
    d.players = "1";
    expect(buildMat(d)).toEqual({
      production: [1, 2, 2, 3, 3, 4, 4, 5],
      noble: [1, 1, 2, 2, 3, 3, 4, 4],
      gather: [0, 1, 1, 2, 2, 3, 3, 4],
      players: 1,
    });
  });

  it("names the first box that is empty or not a number (ranges are the core's)", () => {
    const d = emptyMatDraft();
    expect(buildMat(d)).toBe("Production track, the first value (no cube removed): enter a whole number");
    d.production = ["1", "2", "2", "3", "3", "4", "4", "5"];
    d.noble = ["1", "x", "", "", "", "", "", ""];
    expect(buildMat(d)).toBe("Noble track, value with 1 cube removed: enter a whole number");
    d.noble = ["1", "1", "2", "2", "3", "3", "4", "4"];
    d.gather = ["0", "1", "1", "2", "2", "3", "3", "4"];
    expect(buildMat(d)).toMatch(/^Player count/);
    d.players = "12";
    expect(buildMat(d)).not.toBeTypeOf("string"); // 12 is the core's to refuse
  });
});

describe("objective measures", () => {
  it("fills the steppers from a tracked count, keeping what is unknown", () => {
    expect(fillMeasures([1, 1], view().measures[0])).toEqual([3, 1]);
    expect(fillMeasures([1, 1], undefined)).toEqual([1, 1]);
  });
});

describe("the board", () => {
  it("says what lies on a space, who took it, and which level the core says is locked", () => {
    expect(spaceStatus(space({ lying: 2 }), seats)).toEqual({ text: "2 lying there", locked: false, taken: false });
    expect(spaceStatus(space({ taken_by: 1 }), seats).text).toBe("Taken by Bo");
    const l3 = space({ kind: "advanced", level: 3 });
    expect(spaceStatus({ ...l3, locked: true }, seats)).toEqual({ text: "Needs Gather 3", locked: true, taken: false });
    expect(spaceStatus(l3, seats)).toEqual({ text: "Free", locked: false, taken: false });
    expect(spaceStatus(space({ kind: "open" }), seats).text).toBe("Open to every worker");
  });

  it("offers the Gather form the spaces whose yield is entered or whose tile is still to name", () => {
    const all = [
      space({ id: "iron" }),
      space({ id: "open-1", kind: "open", entered: true }),
      space({ id: "level-1", kind: "advanced", level: 1, entered: true }),
      space({ id: "level-4", kind: "advanced", level: 4, tile_needed: true, entered: true }),
      space({ id: "level-3", kind: "advanced", level: 3, tile: "Take 2", extra_actions: 2 }),
    ];
    expect(formSpaces(all).map((s) => s.id)).toEqual(["open-1", "level-1", "level-4"]);
  });
});

describe("wording", () => {
  it("says the phase with the Era, whose turn and the workers left", () => {
    expect(phaseText(view(), seats)).toBe("Era 2 of 5 · Bo's turn · 3 workers left");
    expect(phaseText(view("EraStart"), seats)).toBe("Era 2 of 5: reveal the Era Event");
    expect(phaseText(view("EraEnd"), seats)).toBe("Era 2 of 5 is over: score the objective");
    expect(phaseText(view("Setup"), seats)).toMatch(/Setting up/);
  });

  it("lists resources, signed for changes", () => {
    expect(resourcesText(zero)).toBe("nothing");
    expect(resourcesText({ iron: 1, stone: 0, wood: 2, grain: 0 })).toBe("1 Iron, 2 Wood");
    expect(resourcesText({ iron: -1, stone: 0, wood: 2, grain: 0 }, true)).toBe("−1 Iron, +2 Wood");
  });

  it("says a Solo Era Event's reward, or that it is not yet told", () => {
    expect(rewardText(null)).toBe("not yet told");
    expect(rewardText(6)).toBe("6 VP");
  });

  it("lists the cards in play whose facts are unknown, once each", () => {
    expect(undescribedInPlay(view())).toEqual(["Quarry"]);
  });

  it("reads whole numbers and action types", () => {
    expect(parseWhole(" 12 ")).toBe(12);
    expect(parseWhole("−3")).toBe(-3);
    expect(parseWhole("1.5")).toBeNull();
    expect(parseWhole("")).toBeNull();
    expect(actionType({ type: "EndTurn" })).toBe("EndTurn");
    expect(actionType(null)).toBeNull();
  });
});

describe("the new action fields", () => {
  const solo = (extra: Partial<TrackerSoloCardView_Serialize>): TrackerSoloCardView_Serialize => ({
    card: "Thief",
    effect: "",
    choice: "supply",
    choose_min: 1,
    choose_max: 1,
    each_max: { iron: 1, stone: 0, wood: 1, grain: 0 },
    stored_slots: [],
    activations: [],
    ...extra,
  });
  const merchant = solo({
    card: "Merchant",
    choice: "activate",
    choose_min: 0,
    choose_max: 0,
    each_max: { ...zero },
    activations: [
      { slot: 0, card: "Merchant", again: false, needs: "change", refused: null },
      { slot: 2, card: "Charcoal Burner", again: false, needs: "wood", refused: null },
      { slot: 3, card: "Farm", again: false, needs: "nothing", refused: null },
    ],
  });

  it("labels an activation the core lists, a second use marked", () => {
    expect(activationLabel({ slot: 0, card: "Merchant", again: true })).toBe("1. Merchant (again)");
    expect(activationLabel({ slot: 2, card: "Farm", again: false })).toBe("3. Farm");
  });

  it("builds an Activate from the core's activation: its second use, the Wood or the change", () => {
    const d = emptyChangeDraft();
    d.gold = 2;
    expect(activateAction({ slot: 0, again: true, needs: "change" }, d, 1)).toEqual({
      type: "Activate",
      slot: 0,
      change: buildChange(d),
      wood: null,
      ability: true,
    });
    expect(activateAction({ slot: 2, again: false, needs: "wood" }, d, 3)).toEqual({
      type: "Activate",
      slot: 2,
      change: null,
      wood: 3,
      ability: false,
    });
    expect(activateAction({ slot: 3, again: false, needs: "nothing" }, d, 3)).toEqual({
      type: "Activate",
      slot: 3,
      change: null,
      wood: null,
      ability: false,
    });
  });

  it("builds a solo Merchant reveal naming a card the core says it may activate", () => {
    const d = emptySoloRevealDraft();
    expect(soloRevealAction(d, undefined)).toBe("Choose the Solo card revealed");
    d.card = "Merchant";
    d.picked.iron = 2; // left over from another card: not sent for the Merchant
    d.storeSlot = 1;
    expect(soloRevealAction(d, merchant)).toBe("Choose the Production card the Merchant activates");
    d.merchantSlot = 3;
    d.fromMarket = true;
    expect(soloRevealAction(d, merchant)).toEqual({
      type: "SoloReveal",
      card: "Merchant",
      resources: [],
      slot: 3,
      change: null,
      wood: null,
      from_market: true,
    });
    d.merchantSlot = 2;
    d.wood = 2;
    expect(soloRevealAction(d, merchant)).toMatchObject({ slot: 2, change: null, wood: 2 });
    d.merchantSlot = 0;
    d.change.gold = 1;
    expect(soloRevealAction(d, merchant)).toMatchObject({ slot: 0, change: buildChange(d.change), wood: null });
  });

  it("builds any other solo reveal from the resources its counters show and the stored card", () => {
    const d = emptySoloRevealDraft();
    d.card = "Thieves Guild";
    d.picked.wood = 1;
    d.picked.grain = 2; // no grain counter for this card: not sent
    d.storeSlot = 1;
    d.merchantSlot = 0; // left over from the Merchant: not sent
    const guild = solo({ card: "Thieves Guild", choice: "stored", stored_slots: [1] });
    expect(soloRevealAction(d, guild)).toEqual({
      type: "SoloReveal",
      card: "Thieves Guild",
      resources: ["wood"],
      slot: 1,
      change: null,
      wood: null,
      from_market: false,
    });
    d.card = "Barn Cat";
    d.picked = { iron: 1, stone: 0, wood: 0, grain: 4 };
    const cat = solo({ card: "Barn Cat", choice: "gain", choose_min: 4, choose_max: 4, each_max: { iron: 4, stone: 4, wood: 4, grain: 4 } });
    expect(soloRevealAction(d, cat)).toMatchObject({ resources: ["iron", "grain", "grain", "grain", "grain"], slot: null });
    d.card = "Treasurer";
    expect(soloRevealAction(d, solo({ card: "Treasurer", choice: "nothing", choose_min: 0, choose_max: 0 }))).toMatchObject({
      resources: [],
    });
  });

  it("says how many resources a reveal asks for", () => {
    expect(soloAskText({ choose_min: 4, choose_max: 4 })).toBe("choose 4");
    expect(soloAskText({ choose_min: 0, choose_max: 3 })).toBe("up to 3");
    expect(soloAskText({ choose_min: 0, choose_max: 0 })).toBe("none to choose");
  });

  it("builds an Era Event's effect on each player chosen, or says what is missing", () => {
    const d = emptyChangeDraft();
    d.supply.grain = 1;
    expect(effectEachAction(" Era of Plenty ", [0, 2], d)).toEqual({
      type: "EffectEach",
      source: "Era of Plenty",
      seats: [0, 2],
      change: buildChange(d),
    });
    expect(effectEachAction("Era of Plenty", [], d)).toBe("Choose the players the effect touches");
    expect(effectEachAction(" ", [0], d)).toBe("Name the Era Event whose effect this was");
  });

  it("builds a RemoveCard, or says what is missing", () => {
    expect(removeCardAction(1, null, "Mage")).toBe("Choose the card that leaves the Estate");
    expect(removeCardAction(1, 2, "  ")).toBe("Name the card or effect that removed it");
    expect(removeCardAction(1, 2, " Era of Fire ")).toEqual({ type: "RemoveCard", seat: 1, slot: 2, by: "Era of Fire" });
  });
});
