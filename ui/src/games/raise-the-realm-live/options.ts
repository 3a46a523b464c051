// The live Raise the Realm tracker's New game options: the Era objective rewards, started from
// the core's defaults (data/raise_the_realm.json) and changed where the table plays otherwise.
import type {
  GameOptions_Serialize,
  TrackerOptions_Deserialize,
  TrackerRewards_Serialize as TrackerRewards,
} from "../../lib/bindings";

/**
 * The rewards as the table sets them: the game's defaults (`base`) with Era 1–4's first place and
 * Era 5's places changed.
 */
export type RealmRewards = { base: TrackerRewards; eraFirst: number; finalPlaces: number[] };

/** The core's default rewards (from `GameInfo.default_options`), if its options hold any. */
export function defaultRealmRewards(defaults: GameOptions_Serialize | null): RealmRewards | null {
  if (defaults === null || !("rewards" in defaults)) return null;
  const rewards = defaults.rewards;
  return { base: rewards, eraFirst: rewards.vp_by_place[0] ?? 0, finalPlaces: [...rewards.final_vp_by_place] };
}

/** The options sent with startGame; null (the defaults) when there is no reward table. */
export function rewardOptions(r: RealmRewards | null): TrackerOptions_Deserialize | null {
  if (r === null) return null;
  return {
    rewards: {
      ...r.base,
      vp_by_place: [r.eraFirst, ...r.base.vp_by_place.slice(1)],
      final_vp_by_place: [...r.finalPlaces],
    },
  };
}
