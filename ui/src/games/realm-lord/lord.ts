// Realm Lord (game id "realm-lord"): wording, and building the actions' JSON from what a form
// holds. Every rule (what is legal, limits, quest scores, the win) is the core's; nothing here
// decides legality: a form sends what the table entered and shows the core's refusal.
import type {
  Seat,
  LordAttribute,
  LordCardKind,
  LordChange,
  LordPiece,
  LordView_Serialize as LordView,
  LordFigureView_Serialize as LordFigureView,
  LordQuestOutcome,
} from "../../lib/bindings";
import { blankBonus, bonusOf, type BonusDraft } from "./bonus";
import { abilityOf, blankAbility, type AbilityDraft } from "./ability";
import { plural, seatName } from "../../lib/format";

export type { LordView, LordFigureView, LordChange, LordPiece, LordAttribute, LordCardKind, LordQuestOutcome };

export const GAME_ID = "realm-lord";
export const ATTRIBUTES: readonly LordAttribute[] = ["Valor", "Might", "Craft", "Magic"];
/** The ids of the table's two forms, which the turn panel opens ("Play a card", "An ability fired"). */
export const PLAY_FORM = "lord-play-form";
export const EFFECT_FORM = "lord-effect-form";

/** Folds the disclosure a form sits in (after it was sent: the board comes back up). */
export function closeForm(form: HTMLFormElement | undefined): void {
  const d = form?.closest("details");
  if (d) d.open = false;
}

/** A seat's player by name (one way for every game: lib/format). */
export { seatName };


/** Where the game stands, in one line for the header. */
export function phaseText(view: LordView, seats: readonly Pick<Seat, "name">[]): string {
  const s = view.state;
  const who = seatName(seats, s.current);
  switch (s.phase) {
    case "Setup":
      return "Setting up";
    case "Over":
      return "Game over";
    case "Draw":
      return `Turn ${s.turn} · ${who}: draw ${plural(view.rules.draw_per_turn, "card")}`;
    case "Discard":
      return `Turn ${s.turn} · ${who}: discard ${plural(s.discard_need, "card")} down to ${view.rules.hand_limit}`;
    case "Actions":
      return `Turn ${s.turn} · ${who} · ${plural(view.actions_left, "action")} left`;
  }
}

/** A stable key for a piece ("lord-0", "hero-3"). */
export function pieceKey(p: LordPiece): string {
  return p.kind === "Lord" ? `lord-${p.seat}` : `hero-${p.id}`;
}

export function pieceOf(key: string): LordPiece | null {
  const m = /^(lord|hero)-(\d+)$/.exec(key);
  if (!m) return null;
  return m[1] === "lord" ? { kind: "Lord", seat: Number(m[2]) } : { kind: "Hero", id: Number(m[2]) };
}

/** Every figure in play, realm by realm. */
export function allFigures(view: LordView): LordFigureView[] {
  return view.realms.flatMap((r) => r.figures);
}

export function findFigure(view: LordView, key: string): LordFigureView | undefined {
  return allFigures(view).find((f) => pieceKey(f.piece) === key);
}

/** A seat's figures in play (its Lord first). */
export function figuresOf(view: LordView, seat: number): LordFigureView[] {
  return allFigures(view)
    .filter((f) => f.seat === seat)
    .sort((a, b) => Number(b.lord) - Number(a.lord));
}

/** "Dirk (Ana)" for a figure in a list of everyone's. */
export function figureLabel(f: LordFigureView, seats: readonly Pick<Seat, "name">[]): string {
  return `${f.name} (${seatName(seats, f.seat)}${f.lord ? "'s Lord" : ""})`;
}

/** The names of cards of a kind the table can pick (described ones and the rulebook's examples). */
export function cardNames(view: LordView, kind: LordCardKind): string[] {
  return view.cards.filter((c) => c.kind === kind).map((c) => c.name);
}

/** Whether the app knows a card's numbers (else the form asks for them, once). */
export function isDescribed(view: LordView, kind: LordCardKind, name: string): boolean {
  return view.cards.some((c) => c.kind === kind && c.name === name.trim() && c.described);
}

export function cardText(view: LordView, kind: LordCardKind, name: string): string {
  return view.cards.find((c) => c.kind === kind && c.name === name.trim())?.text ?? "";
}

/** A rulebook example's printed Homeland or Realm, to fill in a form. */
export function cardPlace(view: LordView, kind: LordCardKind, name: string): string | null {
  const c = view.cards.find((c) => c.kind === kind && c.name === name.trim());
  return c?.homeland ?? c?.location ?? null;
}

/** The player's heroes counted against the limit are at it: a new one needs a discard. */
export function atHeroLimit(view: LordView, seat: number): boolean {
  return (view.players[seat]?.heroes ?? 0) >= view.rules.hero_limit;
}

/** A quest's outcome in words, for the die screen and the result. */
export function questLines(o: LordQuestOutcome, view: LordView): { headline: string; sum: string } {
  const signed = (n: number, name = "") => (n === 0 ? "" : `${n > 0 ? " + " : " − "}${name ? `${name} ` : ""}${Math.abs(n)}`);
  const cards = (o.bonuses ?? []).map((b) => signed(b.amount, b.card)).join("");
  const sum = `${o.die} + ${o.kind} ${o.attribute}${cards}${signed(o.modifier)} = ${o.score} against ${o.difficulty}`;
  const home = view.realms[view.state.seats[o.seat]?.homeland ?? 0]?.name ?? "its Homeland";
  let headline: string;
  if (o.success) {
    headline = `${o.natural === "six" ? "A natural 6! " : ""}${o.hero} completes ${o.quest}: +${plural(o.hope, "Hope Stone")}`;
  } else {
    headline = `${o.natural === "one" ? "A natural 1! " : ""}${o.hero} fails ${o.quest} and returns to ${home}`;
  }
  return { headline, sum };
}

// ---- changes: what a card did ----------------------------------------------------------------

export const CHANGE_KINDS = [
  { kind: "Hope", label: "Hope Stones" },
  { kind: "Hand", label: "Cards in hand" },
  { kind: "Move", label: "Move a figure" },
  { kind: "Banish", label: "Banish a figure" },
  { kind: "Exhaust", label: "Exhaust" },
  { kind: "Ready", label: "Ready" },
  { kind: "SkipNextTurn", label: "Loses next turn" },
  { kind: "ExtraActions", label: "Extra actions" },
  { kind: "DiscardQuest", label: "Discard a Quest" },
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number]["kind"];

/** What one line of a change form holds. */
export type ChangeDraft = {
  kind: ChangeKind;
  seat: number;
  amount: number;
  piece: string;
  realm: number;
  treasure: boolean;
};

export function newDraft(kind: ChangeKind = "Hope", seat = 0): ChangeDraft {
  return { kind, seat, amount: 1, piece: "", realm: 0, treasure: false };
}

/** The change a line stands for; null while it still lacks a figure. */
export function changeOf(d: ChangeDraft): LordChange | null {
  const piece = pieceOf(d.piece);
  switch (d.kind) {
    case "Hope":
      return { kind: "Hope", seat: d.seat, delta: d.amount };
    case "Hand":
      return { kind: "Hand", seat: d.seat, delta: d.amount };
    case "SkipNextTurn":
      return { kind: "SkipNextTurn", seat: d.seat };
    case "ExtraActions":
      return { kind: "ExtraActions", count: d.amount };
    case "DiscardQuest":
      return { kind: "DiscardQuest", realm: d.realm };
    case "Move":
      return piece && { kind: "Move", piece, to: d.realm };
    case "Banish":
      return piece && { kind: "Banish", piece };
    case "Exhaust":
      return piece && { kind: "Exhaust", piece, treasure: d.treasure };
    case "Ready":
      return piece && { kind: "Ready", piece, treasure: d.treasure };
  }
}

/** Which fields a change line shows. */
export function draftNeeds(kind: ChangeKind): { seat: boolean; amount: boolean; piece: boolean; realm: boolean; treasure: boolean } {
  return {
    seat: kind === "Hope" || kind === "Hand" || kind === "SkipNextTurn",
    amount: kind === "Hope" || kind === "Hand" || kind === "ExtraActions",
    piece: kind === "Move" || kind === "Banish" || kind === "Exhaust" || kind === "Ready",
    realm: kind === "Move" || kind === "DiscardQuest",
    treasure: kind === "Exhaust" || kind === "Ready",
  };
}

/** The table's six Realm names as typed: trimmed (the core checks them). */
export function realmNames(texts: readonly string[]): string[] {
  return texts.map((t) => t.trim());
}

/** A whole number typed in a box, or null. */
export function wholeNumber(text: string): number | null {
  const t = text.trim().replace(/^−/, "-");
  return /^[-+]?\d{1,4}$/.test(t) ? Number(t) : null;
}

// ---- describing a card once ------------------------------------------------------------------

/** What a card's description form holds (the fields its kind uses). */
export type Facts = {
  homeland: string;
  location: string;
  valor: number;
  might: number;
  craft: number;
  magic: number;
  kind: LordAttribute;
  difficulty: number;
  hope: number;
  text: string;
  /** A Lord's or Hero's ability that adds to quest checks. */
  bonus: BonusDraft;
  /** Its ability, tagged to act at a moment. */
  ability: AbilityDraft;
};

/** A blank description, with a rulebook example's printed Realm and text filled in. */
export function blankFacts(view: LordView, kind: LordCardKind, name: string): Facts {
  const place = cardPlace(view, kind, name) ?? "";
  return {
    homeland: kind === "Lord" ? place : "",
    location: kind === "Quest" ? place : "",
    valor: 0,
    might: 0,
    craft: 0,
    magic: 0,
    kind: "Might",
    difficulty: view.rules.difficulty[0],
    hope: view.rules.quest_hope[0],
    text: cardText(view, kind, name),
    bonus: blankBonus(),
    ability: blankAbility(kind === "Lord" || kind === "Hero" || kind === "Quest" ? kind : "Treasure"),
  };
}

export function lordFacts(f: Facts) {
  return {
    homeland: f.homeland,
    valor: f.valor,
    might: f.might,
    craft: f.craft,
    magic: f.magic,
    text: f.text.trim(),
    bonus: bonusOf(f.bonus),
    ability: abilityOf(f.ability),
  };
}

export function heroFacts(f: Facts) {
  return { valor: f.valor, might: f.might, craft: f.craft, magic: f.magic, text: f.text.trim(), bonus: bonusOf(f.bonus), ability: abilityOf(f.ability) };
}

export function questFacts(f: Facts) {
  return {
    kind: f.kind,
    difficulty: f.difficulty,
    hope: f.hope,
    location: f.location,
    text: f.text.trim(),
    ability: abilityOf(f.ability),
  };
}

/** The hero-limit choice as the core takes it: "new" (the hero just played) or a hero's key. */
export function limitDiscard(choice: string): { kind: "New" } | { kind: "Hero"; id: number } | null {
  if (choice === "new") return { kind: "New" };
  const p = pieceOf(choice);
  return p?.kind === "Hero" ? { kind: "Hero", id: p.id } : null;
}

/** As the name is typed: a rulebook example's printed Realm and text fill the blank fields. */
export function refill(f: Facts, view: LordView, kind: LordCardKind, name: string): Facts {
  const place = cardPlace(view, kind, name);
  const text = cardText(view, kind, name);
  return {
    ...f,
    homeland: kind === "Lord" && f.homeland === "" && place ? place : f.homeland,
    location: kind === "Quest" && f.location === "" && place ? place : f.location,
    text: f.text === "" ? text : f.text,
  };
}
