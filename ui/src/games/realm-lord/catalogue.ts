// Realm Lord's remembered cards as Settings lists them (the core's catalogue for "realm-lord"):
// reading the entries' keys and building a corrected value. Whether a correction is acceptable
// is the core's to say (`set_catalogue_entry` checks it as play would).
import type { CatalogueEntry } from "../../lib/bindings";
import { wholeNumber } from "../../lib/fields";
import { bonusDraft, bonusOf, bonusText, type BonusDraft } from "./bonus";
import { abilityDraft, abilityOf, abilityText, type AbilityDraft, type TagCard } from "./ability";
import type { LordAbility } from "../../lib/bindings";

export type EntryKind = "realms" | "target" | "lord" | "hero" | "quest" | "treasure" | "event" | "other";

export const KIND_TITLES: Record<EntryKind, string> = {
  realms: "The six Realms",
  target: "Last Hope Stone target",
  lord: "Lords",
  hero: "Heroes",
  quest: "Quests",
  treasure: "Treasures",
  event: "Events",
  other: "Other entries",
};

/** What a correction form holds, as text (numbers are checked by the core). */
export type EntryForm = {
  names: string[];
  target: string;
  homeland: string;
  location: string;
  kind: string;
  valor: string;
  might: string;
  craft: string;
  magic: string;
  difficulty: string;
  hope: string;
  text: string;
  /** A Lord's, Hero's or Treasure's check bonus (kept as it was unless corrected). */
  bonus: BonusDraft;
  /** A Lord's, Hero's, Quest's or Treasure's ability tagged to act at a moment. */
  ability: AbilityDraft;
};

export type Remembered = { key: string; kind: EntryKind; name: string; value: unknown };

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

export function readEntry(e: CatalogueEntry): Remembered {
  if (e.key === "realms" || e.key === "target") return { key: e.key, kind: e.key, name: KIND_TITLES[e.key], value: e.value };
  const m = /^(lord|hero|quest|treasure|event):(.+)$/.exec(e.key);
  if (m) return { key: e.key, kind: m[1] as EntryKind, name: m[2], value: e.value };
  return { key: e.key, kind: "other", name: e.key, value: e.value };
}

const ORDER: EntryKind[] = ["realms", "target", "lord", "hero", "quest", "treasure", "event", "other"];

export function groupEntries(list: Remembered[]): { kind: EntryKind; title: string; entries: Remembered[] }[] {
  return ORDER.map((kind) => ({
    kind,
    title: KIND_TITLES[kind],
    entries: list.filter((r) => r.kind === kind).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((g) => g.entries.length > 0);
}

/** The facts of an entry in words ("Darkthorn · Valor 2, Might 3, Craft 1, Magic 2"). */
export function factsText(r: Remembered): string {
  const v = obj(r.value);
  const attrs = `Valor ${str(v.valor)}, Might ${str(v.might)}, Craft ${str(v.craft)}, Magic ${str(v.magic)}`;
  const tagged = obj(v.bonus);
  const bonus = typeof tagged.amount === "number" ? ` · ${bonusText(tagged as Parameters<typeof bonusText>[0])}` : "";
  const acts = isAbility(v.ability) ? ` · ${abilityText(v.ability)}` : "";
  const text = `${bonus}${acts}${str(v.text) === "" ? "" : ` — “${str(v.text)}”`}`;
  switch (r.kind) {
    case "realms":
      return Array.isArray(r.value) ? r.value.map(str).join(", ") : "";
    case "target":
      return `${str(r.value)} Hope Stones`;
    case "lord":
      return `Homeland ${str(v.homeland)} · ${attrs}${text}`;
    case "hero":
      return `${attrs}${text}`;
    case "quest":
      return `${str(v.kind)} ${str(v.difficulty)} · ${str(v.hope)} Hope Stones · at ${str(v.location)}${text}`;
    case "treasure":
    case "event":
      return `${str(v.text) === "" ? "(no text)" : `“${str(v.text)}”`}${bonus}${acts}`;
    case "other":
      return JSON.stringify(r.value);
  }
}

export function formOf(r: Remembered): EntryForm {
  const v = obj(r.value);
  return {
    names: Array.isArray(r.value) ? r.value.map(str) : ["", "", "", "", "", ""],
    target: r.kind === "target" ? str(r.value) : "",
    homeland: str(v.homeland),
    location: str(v.location),
    kind: str(v.kind) || "Might",
    valor: str(v.valor),
    might: str(v.might),
    craft: str(v.craft),
    magic: str(v.magic),
    difficulty: str(v.difficulty),
    hope: str(v.hope),
    text: str(v.text),
    bonus: bonusDraft(typeof obj(v.bonus).amount === "number" ? (v.bonus as Parameters<typeof bonusDraft>[0]) : null),
    ability: abilityDraft(isAbility(v.ability) ? v.ability : null, tagCard(r.kind)),
  };
}

/** A remembered ability, as the core wrote it. */
function isAbility(v: unknown): v is LordAbility {
  return typeof obj(obj(v).when).kind === "string" && typeof obj(obj(v).does).kind === "string";
}

/** The kind of card an entry's ability is tagged on. */
export function tagCard(kind: EntryKind): TagCard {
  return kind === "lord" ? "Lord" : kind === "hero" ? "Hero" : kind === "quest" ? "Quest" : "Treasure";
}

/** A typed number, or the text itself so that the core refuses it with its reason. */
function num(t: string): number | string {
  const s = t.trim();
  return /^-?\d+$/.test(s) ? Number(s) : s;
}

/** The corrected value to send for an entry of `kind`. */
export function valueOf(kind: EntryKind, f: EntryForm): unknown {
  const attrs = { valor: num(f.valor), might: num(f.might), craft: num(f.craft), magic: num(f.magic) };
  switch (kind) {
    case "realms":
      return f.names.map((n) => n.trim());
    case "target":
      return num(f.target);
    case "lord":
      return { homeland: f.homeland.trim(), ...attrs, text: f.text.trim(), bonus: bonusOf(f.bonus), ability: abilityOf(f.ability) };
    case "hero":
      return { ...attrs, text: f.text.trim(), bonus: bonusOf(f.bonus), ability: abilityOf(f.ability) };
    case "quest":
      return {
        kind: f.kind,
        difficulty: num(f.difficulty),
        hope: num(f.hope),
        location: f.location.trim(),
        text: f.text.trim(),
        ability: abilityOf(f.ability),
      };
    case "treasure":
      return { text: f.text.trim(), bonus: bonusOf(f.bonus, true), ability: abilityOf(f.ability) };
    case "event":
      return { text: f.text.trim() };
    case "other":
      return null;
  }
}

/** The number boxes each kind of entry shows, with their labels. */
const NUMBER_FIELDS: Partial<Record<EntryKind, [NumberField, string][]>> = {
  target: [["target", "Hope Stones"]],
  lord: [
    ["valor", "Valor"],
    ["might", "Might"],
    ["craft", "Craft"],
    ["magic", "Magic"],
  ],
  hero: [
    ["valor", "Valor"],
    ["might", "Might"],
    ["craft", "Craft"],
    ["magic", "Magic"],
  ],
  quest: [
    ["difficulty", "Difficulty"],
    ["hope", "Hope Stones"],
  ],
};

export type NumberField = "target" | "valor" | "might" | "craft" | "magic" | "difficulty" | "hope";

/** What is wrong with each number box of a correction ("abc" is no number), said at the box;
 *  the ranges are the core's, said when it refuses the correction. */
export function numberErrors(kind: EntryKind, f: EntryForm): Partial<Record<NumberField, string>> {
  const out: Partial<Record<NumberField, string>> = {};
  for (const [field, label] of NUMBER_FIELDS[kind] ?? []) {
    const read = wholeNumber(f[field], label);
    if (read.error) out[field] = read.error;
  }
  return out;
}
