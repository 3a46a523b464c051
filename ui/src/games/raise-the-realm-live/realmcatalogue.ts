// Settings' list of what the live Raise the Realm tracker remembers (game id
// "raise-the-realm-live"): card facts under "card:<Card>", Leader mats under "mat:<Leader>" and
// Solo Era Events' objective rewards under "event:<Event>".
// Reading, ordering and wording the entries, and the forms' starting values. Whether an entry is
// acceptable (a cost against the rulebook, a mat's ranges) is the core's to say.
import type {
  CatalogueEntry,
  TrackerCardFacts_Serialize as TrackerCardFacts,
  TrackerMat,
  TrackerSoloEvent,
} from "../../lib/bindings";
import { MAT_SPACES, RESOURCES, TRACKS, type FactsDraft, type MatDraft } from "./realmlive";

export type RememberedRealm =
  | { kind: "card"; key: string; name: string; facts: TrackerCardFacts }
  | { kind: "mat"; key: string; leader: string; mat: TrackerMat }
  | { kind: "event"; key: string; name: string; event: TrackerSoloEvent }
  | { kind: "other"; key: string; value: unknown };

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

function asFacts(v: unknown): TrackerCardFacts | null {
  if (!isObject(v)) return null;
  if (v.track !== "production" && v.track !== "noble" && v.track !== "gather") return null;
  if (v.kind !== "citizen" && v.kind !== "construction") return null;
  const cost = v.cost;
  if (!isObject(cost) || !RESOURCES.every((r) => isWhole(cost[r]))) return null;
  if (!isWhole(v.vp)) return null;
  return {
    track: v.track,
    kind: v.kind,
    cost: { iron: cost.iron as number, stone: cost.stone as number, wood: cost.wood as number, grain: cost.grain as number },
    vp: v.vp,
    once_per_era: v.once_per_era === true,
    interactive: v.interactive === true,
  };
}

function asMat(v: unknown): TrackerMat | null {
  if (!isObject(v) || !isWhole(v.players)) return null;
  const rows = TRACKS.map((t) => v[t]);
  if (!rows.every((r) => Array.isArray(r) && r.length === MAT_SPACES && r.every(isWhole))) return null;
  return {
    production: [...(v.production as number[])],
    noble: [...(v.noble as number[])],
    gather: [...(v.gather as number[])],
    players: v.players,
  };
}

/**
 * "card:Farm" → the Farm's facts; "mat:Agrarian Lord" → that Leader's mat; "event:Era of Famine"
 * → that Solo Era Event's objective reward; else kept as it is.
 */
export function readRealmEntry(entry: CatalogueEntry): RememberedRealm {
  if (entry.key.startsWith("card:")) {
    const facts = asFacts(entry.value);
    const name = entry.key.slice("card:".length);
    if (facts && name !== "") return { kind: "card", key: entry.key, name, facts };
  } else if (entry.key.startsWith("mat:")) {
    const mat = asMat(entry.value);
    const leader = entry.key.slice("mat:".length);
    if (mat && leader !== "") return { kind: "mat", key: entry.key, leader, mat };
  } else if (entry.key.startsWith("event:")) {
    const name = entry.key.slice("event:".length);
    const v = entry.value;
    if (isObject(v) && isWhole(v.objective_vp) && name !== "") {
      return { kind: "event", key: entry.key, name, event: { objective_vp: v.objective_vp } };
    }
  }
  return { kind: "other", key: entry.key, value: entry.value };
}

const entryName = (e: RememberedRealm) =>
  e.kind === "card" || e.kind === "event" ? e.name : e.kind === "mat" ? e.leader : e.key;

const RANK: Record<RememberedRealm["kind"], number> = { mat: 0, card: 1, event: 2, other: 3 };

/** Leader mats, then cards, then Solo Era Events, then anything else; each by name. */
export function sortRealmEntries(list: readonly RememberedRealm[]): RememberedRealm[] {
  const rank = (e: RememberedRealm) => RANK[e.kind];
  return [...list].sort((a, b) => rank(a) - rank(b) || entryName(a).localeCompare(entryName(b)));
}

/** A remembered card's facts as a form's starting values. */
export function factsDraftOf(f: TrackerCardFacts): FactsDraft {
  return { ...f, cost: { ...f.cost } };
}

/** A remembered mat as the mat form's boxes. */
export function matDraftOf(m: TrackerMat): MatDraft {
  const row = (t: (typeof TRACKS)[number]) =>
    Array.from({ length: MAT_SPACES }, (_, i) => (m[t][i] === undefined ? "" : String(m[t][i])));
  return { production: row("production"), noble: row("noble"), gather: row("gather"), players: String(m.players) };
}
