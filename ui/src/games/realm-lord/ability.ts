// A card's ability tagged to act at its moment (reading B19): what a form holds, the value the
// core takes, and the words for it. When it fires and what it offers is the core's.
import type { LordAbility } from "../../lib/bindings";
import { plural } from "../../lib/format";

export type WhenKind = LordAbility["when"]["kind"];
export type DoesKind = LordAbility["does"]["kind"];
export type TagCard = "Lord" | "Hero" | "Quest" | "Treasure";

/** The moments each kind of card can have (the core refuses the others). */
export const WHEN_CHOICES: readonly { kind: WhenKind; label: string; on: readonly TagCard[] }[] = [
  { kind: "OtherPlayersHeroFails", label: "another's hero fails a quest", on: ["Lord", "Hero"] },
  { kind: "ThisCardBanished", label: "this card is banished", on: ["Lord", "Hero"] },
  { kind: "HeroGoesOnThisQuest", label: "a hero goes on this quest", on: ["Quest"] },
  { kind: "OnUse", label: "it is used (“Use:”)", on: ["Treasure"] },
  { kind: "TurnStartsWithHeroIn", label: "a turn starts, hero in a Realm", on: ["Lord", "Hero", "Quest", "Treasure"] },
];

export const DOES_CHOICES: readonly { kind: DoesKind; label: string }[] = [
  { kind: "Hope", label: "Hope Stones ±" },
  { kind: "Hand", label: "cards drawn or discarded" },
  { kind: "SkipNextTurn", label: "loses the next turn" },
  { kind: "BanishOthersHere", label: "banishes others' heroes there" },
  { kind: "Table", label: "the table does it" },
];

/** What the ability part of a card's form holds. */
export type AbilityDraft = { on: boolean; when: WhenKind; realm: string; does: DoesKind; amount: number };

export function blankAbility(card: TagCard): AbilityDraft {
  const when = WHEN_CHOICES.find((w) => w.on.includes(card))?.kind ?? "TurnStartsWithHeroIn";
  return { on: false, when, realm: "", does: "Table", amount: -1 };
}

/** A remembered ability (or none) as a form holds it. */
export function abilityDraft(a: LordAbility | null | undefined, card: TagCard): AbilityDraft {
  if (!a) return blankAbility(card);
  const amount = a.does.kind === "Hope" || a.does.kind === "Hand" ? a.does.delta : -1;
  const realm = a.when.kind === "TurnStartsWithHeroIn" ? a.when.realm : "";
  return { on: true, when: a.when.kind, realm, does: a.does.kind, amount };
}

/** The value the core takes: `null` when the card's ability is not tagged. */
export function abilityOf(d: AbilityDraft): LordAbility | null {
  if (!d.on) return null;
  const when: LordAbility["when"] =
    d.when === "TurnStartsWithHeroIn" ? { kind: d.when, realm: d.realm.trim() } : { kind: d.when };
  const does: LordAbility["does"] = d.does === "Hope" || d.does === "Hand" ? { kind: d.does, delta: d.amount } : { kind: d.does };
  return { when, does };
}

/** "When another player's hero fails a quest: that player loses 1 Hope Stone." */
export function abilityText(a: LordAbility): string {
  const WHEN_WORDS: Record<WhenKind, string> = {
    OtherPlayersHeroFails: "another player's hero fails a quest",
    ThisCardBanished: "this card is banished",
    HeroGoesOnThisQuest: "a hero goes on this quest",
    OnUse: "it is used",
    TurnStartsWithHeroIn: "a turn starts",
  };
  const when = a.when.kind === "TurnStartsWithHeroIn"
    ? `a turn starts with the player's hero in ${a.when.realm}`
    : WHEN_WORDS[a.when.kind];
  let does: string;
  switch (a.does.kind) {
    case "Hope":
      does = `that player ${a.does.delta > 0 ? "gains" : "loses"} ${plural(Math.abs(a.does.delta), "Hope Stone")}`;
      break;
    case "Hand":
      does = `that player ${a.does.delta > 0 ? "draws" : "discards"} ${plural(Math.abs(a.does.delta), "card")}`;
      break;
    case "SkipNextTurn":
      does = "that player loses their next turn";
      break;
    case "BanishOthersHere":
      does = "the other players' heroes in its Realm are banished";
      break;
    case "Table":
      does = "the table carries it out";
      break;
  }
  return `When ${when}: ${does}.`;
}
