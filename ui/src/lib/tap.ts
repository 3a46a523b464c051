// Every tap answers (product.md "At the table"): what a tap on a board spot or a card shows. The
// core computes each spot's `why_not` by asking the rules themselves; the UI only says it, or
// offers the legal action there.
import type { GameAction_Deserialize } from "./bindings";

export type TapOffer = { key: string; label: string; action: GameAction_Deserialize };

/** What a tap answers: a title naming the spot, and the reason it is refused or its offers. */
export type TapAnswer = { spot: string; title: string; reason: string | null; offers: TapOffer[] };

/** The core's sentence as it starts a line on screen. */
export function sentence(s: string): string {
  const t = s.trim();
  if (t === "") return t;
  const first = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** The answer to a tap on `spot`: refused with the core's reason, or offering its actions. */
export function answerTap(spot: string, title: string, whyNot: string | null, offers: TapOffer[]): TapAnswer {
  if (whyNot !== null) return { spot, title, reason: sentence(whyNot), offers: [] };
  return { spot, title, reason: null, offers };
}
