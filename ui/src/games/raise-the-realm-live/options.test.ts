import { describe, expect, it } from "vitest";
import type { TrackerOptions_Serialize } from "../../lib/bindings";
import { defaultRealmRewards, rewardOptions } from "./options";

const defaults: TrackerOptions_Serialize = {
  rewards: { vp_by_place: [6], final_vp_by_place: [6, 3, 1], second_cards: 1, second_resources: 1, others_cards: 1 },
  catalogue: { cards: {}, mats: {}, events: {} },
};

describe("Raise the Realm's reward options", () => {
  it("reads the core's defaults", () => {
    const r = defaultRealmRewards(defaults);
    expect(r?.eraFirst).toBe(6);
    expect(r?.finalPlaces).toEqual([6, 3, 1]);
  });

  it("finds no reward table in another game's options", () => {
    expect(defaultRealmRewards(null)).toBeNull();
    expect(defaultRealmRewards({ all_money_scores: false, sand_lots: [[0, 0]], rooftop_values: [1, 6] })).toBeNull();
  });

  it("sends the changed places and keeps the rest of the defaults", () => {
    const r = defaultRealmRewards(defaults);
    if (!r) throw new Error("no defaults");
    r.finalPlaces[0] = 8;
    r.eraFirst = 5;
    expect(rewardOptions(r)).toEqual({
      rewards: { ...defaults.rewards, vp_by_place: [5], final_vp_by_place: [8, 3, 1] },
    });
  });

  it("sends nothing without a reward table", () => {
    expect(rewardOptions(null)).toBeNull();
  });
});
