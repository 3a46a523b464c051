// A card's check bonus as the table tags it (reading B7): what a form holds, the value the core
// takes, and the words for it. Adding it to a quest is the core's (`check_bonuses`).
import type { LordAttribute, LordBonusWhose, LordCheckBonus_Serialize as LordCheckBonus } from "../../lib/bindings";
import { signed } from "../../lib/format";

/** What the bonus part of a card's form holds: off, or an amount for one quest type (or every
 *  quest), for the card's own quests or all its owner's heroes'. */
export type BonusDraft = { on: boolean; quest: LordAttribute | "any"; amount: number; whose: LordBonusWhose };

export function blankBonus(): BonusDraft {
  return { on: false, quest: "any", amount: 1, whose: "Own" };
}

/** A remembered bonus (or none) as a form holds it. */
export function bonusDraft(b: { quest?: LordAttribute | null; amount: number; whose?: LordBonusWhose } | null | undefined): BonusDraft {
  if (!b) return blankBonus();
  return { on: true, quest: b.quest ?? "any", amount: b.amount, whose: b.whose ?? "Own" };
}

/** The value the core takes: `null` when the card's ability changes no check. A Treasure's
 *  bonus is always its bearer's. */
export function bonusOf(d: BonusDraft, treasure = false): LordCheckBonus | null {
  if (!d.on) return null;
  return { quest: d.quest === "any" ? null : d.quest, amount: d.amount, whose: treasure ? "Own" : d.whose };
}

/** "+2 to its own Might quests", "−1 to every quest of its owner's heroes". */
export function bonusText(b: { quest?: LordAttribute | null; amount: number; whose?: LordBonusWhose }): string {
  const n = signed(b.amount);
  const quests = b.quest ? `${b.quest} quests` : "quests";
  return (b.whose ?? "Own") === "YourHeroes" ? `${n} to all its owner's heroes' ${quests}` : `${n} to its own ${quests}`;
}

/** The bonuses that cards added to a check, in words: "Thraken +1, Sword +1". */
export function bonusesText(list: readonly { card: string; amount: number }[]): string {
  return list.map((b) => `${b.card} ${b.amount > 0 ? "+" : "−"}${Math.abs(b.amount)}`).join(", ");
}
