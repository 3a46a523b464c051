// Count of the Nine Estates' remembered cards, as Settings lists them (the core's catalogue for
// "nine-estates"): reading the entries' keys and wording them. Whether an entry is acceptable is
// the core's to say.
import type {
  CatalogueEntry,
  EstateDef_Serialize as EstateDef,
  Face,
  FaceDef_Serialize as FaceDef,
  Resource,
} from "../../lib/bindings";
import { ROW_NAMES, resourceName } from "./nine";

export type RememberedCard =
  | { kind: "Structure"; key: string; card: number; face: Face; def: FaceDef }
  | { kind: "Estate"; key: string; card: number; def: EstateDef }
  | { kind: "Other"; key: string; value: unknown };

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

const isList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

function asFaceDef(v: unknown): FaceDef | null {
  if (!isObject(v) || typeof v.structure !== "string") return null;
  if (!isList(v.cost) || !isList(v.provides) || !isList(v.upright) || !isList(v.rotated)) return null;
  return {
    structure: v.structure,
    cost: v.cost as Resource[],
    requires: isList(v.requires) ? v.requires : [],
    provides: v.provides as Resource[],
    shields: typeof v.shields === "number" ? v.shields : 0,
    upright: v.upright as Resource[],
    rotated: v.rotated as Resource[],
  };
}

function asEstateDef(v: unknown): EstateDef | null {
  if (!isObject(v) || typeof v.name !== "string") return null;
  if (!isList(v.cost) || !isList(v.provides)) return null;
  return {
    name: v.name,
    cost: v.cost as Resource[],
    requires: isList(v.requires) ? v.requires : [],
    provides: v.provides as Resource[],
    shields: typeof v.shields === "number" ? v.shields : 0,
  };
}

/** "structure:4-Square" → Structure card 4, Square side; "estate:5" → Estate card 5. */
export function readEntry(entry: CatalogueEntry): RememberedCard {
  const s = /^structure:(\d+)-(Square|Round)$/.exec(entry.key);
  if (s) {
    const def = asFaceDef(entry.value);
    if (def) return { kind: "Structure", key: entry.key, card: Number(s[1]), face: s[2] as Face, def };
  }
  const e = /^estate:(\d+)$/.exec(entry.key);
  if (e) {
    const def = asEstateDef(entry.value);
    if (def) return { kind: "Estate", key: entry.key, card: Number(e[1]), def };
  }
  return { kind: "Other", key: entry.key, value: entry.value };
}

/** Structures by card and side, then Estates by number, then anything else by key. */
export function sortCards(cards: readonly RememberedCard[]): RememberedCard[] {
  const rank = (c: RememberedCard) => (c.kind === "Structure" ? 0 : c.kind === "Estate" ? 1 : 2);
  const num = (c: RememberedCard) => (c.kind === "Other" ? 0 : c.card * 2 + (c.kind === "Structure" && c.face === "Round" ? 1 : 0));
  return [...cards].sort((a, b) => rank(a) - rank(b) || num(a) - num(b) || a.key.localeCompare(b.key));
}

/** Estate cards 1–3 are Peasant, 4–6 Clergy, 7–9 Nobility (setup step 1). */
export function estateRow(card: number): string {
  if (card >= 7 && card <= 9) return ROW_NAMES[0];
  if (card >= 4 && card <= 6) return ROW_NAMES[1];
  if (card >= 1 && card <= 3) return ROW_NAMES[2];
  return "Estate";
}

export function cardTitle(c: RememberedCard): string {
  switch (c.kind) {
    case "Structure":
      return `Structure card ${c.card}, ${c.face} side`;
    case "Estate":
      return `${estateRow(c.card)} Estate card ${c.card}`;
    case "Other":
      return c.key;
  }
}

export function cardName(c: RememberedCard): string {
  return c.kind === "Structure" ? c.def.structure : c.kind === "Estate" ? c.def.name : "";
}

/** ["Wood", "Wood", "Stone"] → "2 Wood, Stone"; nothing → "free". */
export function costText(cost: readonly string[]): string {
  if (cost.length === 0) return "free";
  const counts = new Map<string, number>();
  for (const r of cost) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts]
    .map(([r, n]) => (n === 1 ? resourceName(r as Resource) : `${n} ${resourceName(r as Resource)}`))
    .join(", ");
}

/** One resource, or two with a slash ("Food/Gold"); nothing → "–". */
export function yieldText(list: readonly string[]): string {
  return list.length === 0 ? "–" : list.map((r) => resourceName(r as Resource)).join("/");
}

/** The facts of a remembered card as label/value lines. */
export function cardFacts(c: RememberedCard): { label: string; value: string }[] {
  if (c.kind === "Other") return [{ label: "Value", value: JSON.stringify(c.value) }];
  const facts = [
    { label: "Cost", value: costText(c.def.cost) },
    { label: "Requires", value: c.def.requires.length === 0 ? "nothing" : c.def.requires.join(", ") },
    { label: "Provides", value: yieldText(c.def.provides) },
    { label: "Shields", value: String(c.def.shields) },
  ];
  if (c.kind === "Structure") {
    facts.push({
      label: "Edges",
      value: `${yieldText(c.def.upright)} at the top upright, ${yieldText(c.def.rotated)} rotated`,
    });
  }
  return facts;
}
