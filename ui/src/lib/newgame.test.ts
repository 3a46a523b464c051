import { describe, expect, it } from "vitest";
import { defaultRealmRewards, startOptions } from "./newgame";

const defaults = {
  rewards: { vp_by_place: [6], final_vp_by_place: [6, 3, 1], second_cards: 1, second_resources: 1, others_cards: 1 },
};

describe("Raise the Realm's reward options", () => {
  it("reads the core's defaults", () => {
    const r = defaultRealmRewards(defaults);
    expect(r?.eraFirst).toBe(6);
    expect(r?.finalPlaces).toEqual([6, 3, 1]);
  });

  it("refuses what is not a reward table", () => {
    expect(defaultRealmRewards(null)).toBeNull();
    expect(defaultRealmRewards({ rewards: { vp_by_place: ["x"], final_vp_by_place: [1] } })).toBeNull();
  });

  it("sends the changed places and keeps the rest of the defaults", () => {
    const r = defaultRealmRewards(defaults);
    if (!r) throw new Error("no defaults");
    r.finalPlaces[0] = 8;
    r.eraFirst = 5;
    expect(startOptions("raise-the-realm-live", { allMoneyScores: false, realmRewards: r })).toEqual({
      rewards: { ...defaults.rewards, vp_by_place: [5], final_vp_by_place: [8, 3, 1] },
    });
  });

  it("sends nothing for a game without options", () => {
    expect(startOptions("nine-estates", { allMoneyScores: false })).toBeNull();
    expect(startOptions("raise-the-realm-live", { allMoneyScores: false, realmRewards: null })).toBeNull();
  });
});
