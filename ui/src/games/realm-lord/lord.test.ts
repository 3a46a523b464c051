import { describe, expect, it } from "vitest";
import {
  atHeroLimit,
  blankFacts,
  changeOf,
  draftNeeds,
  figuresOf,
  isDescribed,
  limitDiscard,
  newDraft,
  phaseText,
  pieceKey,
  pieceOf,
  questLines,
  type LordQuestOutcome,
  type LordView,
} from "./lord";
import { factsText, formOf, groupEntries, readEntry, valueOf } from "./catalogue";
import { bonusText, bonusesText } from "./bonus";
import { abilityDraft, abilityOf, abilityText } from "./ability";

const seats = [{ name: "Ana" }, { name: "Bo" }];

function figure(seat: number, name: string, lord: boolean, id: number, exhausted = false) {
  return {
    piece: lord ? ({ kind: "Lord", seat } as const) : ({ kind: "Hero", id } as const),
    seat,
    name,
    lord,
    exhausted,
    treasure: null,
    attributes: { valor: 2, might: 3, craft: 1, magic: 2 },
    at_homeland: true,
    why_not: { quest: null, treasure: null, travel: [] },
    check_bonuses: [],
  };
}

/** A small view as the core sends it: two players in the Actions phase. */
function view(): LordView {
  const realms = ["Darkthorn", "Mysteria", "Blackboil", "Frostvale", "Emberfall", "Stormreach"];
  return {
    state: {
      phase: "Actions",
      target: 10,
      suggested_target: null,
      lord_counts: false,
      realms: realms.map((name) => ({ name, quest: null })),
      realms_named: true,
      seats: [
        { lord: null, homeland: 0, heroes: [], hand: 7, hope: 3, skip_next: false },
        { lord: null, homeland: 1, heroes: [], hand: 5, hope: 0, skip_next: false },
      ],
      current: 0,
      turn: 3,
      first: 0,
      actions_used: 1,
      actions_allowed: 3,
      discard_need: 0,
      discard_pile: [],
      next_hero_id: 2,
      winners: [],
      rolls: 0,
      last_quest: null,
      pending: [],
      catalogue: { realms, target: 10, lords: {}, heroes: {}, quests: {}, treasures: {}, events: {} },
    },
    realms: realms.map((name, index) => ({
      index,
      name,
      quest: null,
      figures: index === 0 ? [figure(0, "Thraken", true, 0), figure(0, "Dirk", false, 1, true)] : index === 1 ? [figure(1, "Lyra", true, 0)] : [],
    })),
    players: [
      { seat: 0, lord: "Thraken", homeland: "Darkthorn", hand: 7, hope: 3, to_target: 7, heroes: 1, skip_next: false },
      { seat: 1, lord: "Lyra", homeland: "Mysteria", hand: 5, hope: 0, to_target: 10, heroes: 0, skip_next: false },
    ],
    actions_left: 2,
    rules: {
      hand_limit: 8,
      hero_limit: 5,
      draw_per_turn: 2,
      starting_hand: 5,
      actions_per_turn: 3,
      die_sides: 6,
      attribute: [0, 20],
      difficulty: [1, 30],
      quest_hope: [1, 20],
      modifier: [-20, 20],
      target: [1, 99],
      hope_change: [-20, 20],
      hand_change: [-20, 20],
    },
    cards: [
      { kind: "Hero", name: "Dirk", text: "", described: true, homeland: null, location: null },
      { kind: "Quest", name: "Riddle Of Song", text: "Discard a card.", described: false, homeland: null, location: "Mysteria" },
    ],
  };
}

describe("wording", () => {
  it("says where the turn stands, with right plurals", () => {
    expect(phaseText(view(), seats)).toBe("Turn 3 · Ana · 2 actions left");
    const v = view();
    v.state.phase = "Discard";
    v.state.discard_need = 1;
    expect(phaseText(v, seats)).toBe("Turn 3 · Ana: discard 1 card down to 8");
    v.state.phase = "Draw";
    expect(phaseText(v, seats)).toBe("Turn 3 · Ana: draw 2 cards");
  });

  it("words a quest's outcome, naturals included", () => {
    const o = {
      piece: { kind: "Lord", seat: 0 } as const,
      seat: 0,
      hero: "Thraken",
      quest: "Troll Bridge",
      realm: 0,
      kind: "Might" as const,
      die: 1,
      rolled_by_app: true,
      attribute: 3,
      modifier: 20,
      score: 24,
      difficulty: 7,
      success: false,
      natural: "one",
      hope: 0,
    };
    expect(questLines(o, view())).toEqual({
      headline: "A natural 1! Thraken fails Troll Bridge and returns to Darkthorn",
      sum: "1 + Might 3 + 20 = 24 against 7",
    });
    expect(questLines({ ...o, die: 4, modifier: -1, score: 6, success: true, natural: null, hope: 3 }, view()).headline).toBe(
      "Thraken completes Troll Bridge: +3 Hope Stones",
    );
  });
});

describe("pieces and cards", () => {
  it("keys pieces both ways", () => {
    expect(pieceKey({ kind: "Hero", id: 3 })).toBe("hero-3");
    expect(pieceOf("lord-1")).toEqual({ kind: "Lord", seat: 1 });
    expect(pieceOf("x")).toBeNull();
    expect(limitDiscard("new")).toEqual({ kind: "New" });
    expect(limitDiscard("hero-4")).toEqual({ kind: "Hero", id: 4 });
    expect(limitDiscard("lord-0")).toBeNull();
  });

  it("lists a seat's figures Lord first and knows which cards are described", () => {
    expect(figuresOf(view(), 0).map((f) => f.name)).toEqual(["Thraken", "Dirk"]);
    expect(isDescribed(view(), "Hero", "Dirk ")).toBe(true);
    expect(isDescribed(view(), "Quest", "Riddle Of Song")).toBe(false);
    const f = blankFacts(view(), "Quest", "Riddle Of Song");
    expect([f.location, f.text]).toEqual(["Mysteria", "Discard a card."]);
  });

  it("tells the hero limit from the core's count", () => {
    const v = view();
    expect(atHeroLimit(v, 0)).toBe(false);
    v.players[0].heroes = 5;
    expect(atHeroLimit(v, 0)).toBe(true);
  });
});

describe("changes", () => {
  it("builds what a line says, and waits for a figure where one is needed", () => {
    expect(changeOf({ ...newDraft("Hope", 1), amount: -1 })).toEqual({ kind: "Hope", seat: 1, delta: -1 });
    expect(changeOf(newDraft("Banish"))).toBeNull();
    expect(changeOf({ ...newDraft("Move"), piece: "hero-2", realm: 3 })).toEqual({
      kind: "Move",
      piece: { kind: "Hero", id: 2 },
      to: 3,
    });
    expect(changeOf({ ...newDraft("Exhaust"), piece: "lord-0", treasure: true })).toEqual({
      kind: "Exhaust",
      piece: { kind: "Lord", seat: 0 },
      treasure: true,
    });
    expect(draftNeeds("SkipNextTurn")).toEqual({ seat: true, amount: false, piece: false, realm: false, treasure: false });
  });
});

describe("the remembered catalogue", () => {
  it("reads, groups, words and corrects entries", () => {
    const list = [
      { key: "hero:Dirk", value: { valor: 1, might: 3, craft: 0, magic: 0, text: "" } },
      { key: "realms", value: ["A", "B", "C", "D", "E", "F"] },
      { key: "quest:Troll Bridge", value: { kind: "Might", difficulty: 7, hope: 3, location: "Darkthorn", text: "" } },
    ].map(readEntry);
    expect(groupEntries(list).map((g) => g.kind)).toEqual(["realms", "hero", "quest"]);
    expect(factsText(list[0])).toBe("Valor 1, Might 3, Craft 0, Magic 0");
    expect(factsText(list[2])).toBe("Might 7 · 3 Hope Stones · at Darkthorn");
    const form = formOf(list[0]);
    form.might = "4";
    expect(valueOf("hero", form)).toEqual({ valor: 1, might: 4, craft: 0, magic: 0, text: "", bonus: null, ability: null });
    form.might = "lots";
    expect((valueOf("hero", form) as { might: unknown }).might).toBe("lots");
    expect(valueOf("realms", formOf(list[1]))).toEqual(["A", "B", "C", "D", "E", "F"]);
  });
});

describe("a card's check bonus", () => {
  it("is kept through a correction, worded, and a Treasure's is its bearer's", () => {
    const tagged = readEntry({
      key: "hero:Dirk",
      value: { valor: 1, might: 3, craft: 0, magic: 0, text: "", bonus: { quest: "Might", amount: 2, whose: "YourHeroes" } },
    });
    expect(factsText(tagged)).toBe("Valor 1, Might 3, Craft 0, Magic 0 · +2 to all its owner's heroes' Might quests");
    const form = formOf(tagged);
    form.valor = "2";
    expect(valueOf("hero", form)).toEqual({
      valor: 2,
      might: 3,
      craft: 0,
      magic: 0,
      text: "",
      bonus: { quest: "Might", amount: 2, whose: "YourHeroes" },
      ability: null,
    });
    const sword = formOf(readEntry({ key: "treasure:Sword", value: { text: "" } }));
    expect(valueOf("treasure", sword)).toEqual({ text: "", bonus: null, ability: null });
    sword.bonus = { on: true, quest: "any", amount: -1, whose: "YourHeroes" };
    expect(valueOf("treasure", sword)).toEqual({ text: "", bonus: { quest: null, amount: -1, whose: "Own" }, ability: null });
    expect(bonusText({ quest: null, amount: -1, whose: "Own" })).toBe("−1 to its own quests");
  });

  it("is named card by card in a quest's sum", () => {
    const o: LordQuestOutcome = {
      piece: { kind: "Hero", id: 1 },
      seat: 0,
      hero: "Dirk",
      quest: "Troll Bridge",
      realm: 0,
      kind: "Might",
      die: 2,
      rolled_by_app: false,
      attribute: 3,
      modifier: -1,
      bonuses: [
        { card: "Thraken", amount: 1 },
        { card: "Sword", amount: 2 },
      ],
      score: 7,
      difficulty: 7,
      success: true,
      natural: null,
      hope: 3,
    };
    expect(questLines(o, view()).sum).toBe("2 + Might 3 + Thraken 1 + Sword 2 − 1 = 7 against 7");
    expect(bonusesText(o.bonuses ?? [])).toBe("Thraken +1, Sword +2");
  });
});

describe("a card's ability tagged to act at its moment", () => {
  it("reads back, words, and keeps its Realm and amount", () => {
    const thraken = readEntry({
      key: "lord:Thraken",
      value: {
        homeland: "Darkthorn",
        valor: 2,
        might: 3,
        craft: 1,
        magic: 2,
        text: "",
        bonus: null,
        ability: { when: { kind: "OtherPlayersHeroFails" }, does: { kind: "Hope", delta: -1 } },
      },
    });
    expect(factsText(thraken)).toBe(
      "Homeland Darkthorn · Valor 2, Might 3, Craft 1, Magic 2 · When another player's hero fails a quest: that player loses 1 Hope Stone.",
    );
    const form = formOf(thraken);
    expect(form.ability).toEqual({ on: true, when: "OtherPlayersHeroFails", realm: "", does: "Hope", amount: -1 });
    expect((valueOf("lord", form) as { ability: unknown }).ability).toEqual({
      when: { kind: "OtherPlayersHeroFails" },
      does: { kind: "Hope", delta: -1 },
    });
    const pit = abilityDraft(null, "Quest");
    expect(pit.when).toBe("HeroGoesOnThisQuest");
    pit.on = true;
    pit.when = "TurnStartsWithHeroIn";
    pit.realm = " Blackboil ";
    pit.does = "SkipNextTurn";
    const tag = abilityOf(pit);
    expect(tag).toEqual({ when: { kind: "TurnStartsWithHeroIn", realm: "Blackboil" }, does: { kind: "SkipNextTurn" } });
    expect(abilityText(tag!)).toBe("When a turn starts with the player's hero in Blackboil: that player loses their next turn.");
  });
});

describe("describing a card as its name is typed", () => {
  it("fills a rulebook example's Realm and text into blank fields only", async () => {
    const { refill } = await import("./lord");
    const typed = blankFacts(view(), "Quest", "R");
    expect(typed.location).toBe("");
    const filled = refill(typed, view(), "Quest", "Riddle Of Song");
    expect([filled.location, filled.text]).toEqual(["Mysteria", "Discard a card."]);
    expect(refill({ ...typed, location: "Darkthorn" }, view(), "Quest", "Riddle Of Song").location).toBe("Darkthorn");
  });
});
