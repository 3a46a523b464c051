// What the Statistics screen shows, as text: the filter it sends, the games it offers, and the
// figures and chart labels in words. The figures themselves are the core's (service::stats).
import type { GameInfo_Serialize, ScoreBucket, StatsFilter_Deserialize } from "./bindings";

/** The filter form's fields, as the inputs hold them ("" when not chosen). */
export type FilterForm = { game: string; person: string; players: string; from: string; to: string };

export const EMPTY_FILTER: FilterForm = { game: "", person: "", players: "", from: "", to: "" };

/** The `stats` command's filter for the form: every unchosen field left out. */
export function toFilter(form: FilterForm): StatsFilter_Deserialize {
  const number = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : null);
  const text = (v: string) => (v.trim() === "" ? null : v.trim());
  return {
    game: text(form.game),
    person: number(form.person),
    players: number(form.players),
    from: text(form.from),
    to: text(form.to),
  };
}

/** True when no field of the form narrows the games. */
export function isUnfiltered(form: FilterForm): boolean {
  return Object.values(form).every((v) => v.trim() === "");
}

/**
 * The games Statistics offers, one per statistics key (a live assistant and its scorepad count
 * as one game), in the app's order, each named by its shortest member's name (the scorepad's
 * name says "(scorepad)", the game's own does not).
 */
export function statsGames(games: readonly Pick<GameInfo_Serialize, "id" | "name" | "stats_game">[]): {
  key: string;
  name: string;
}[] {
  const out: { key: string; name: string }[] = [];
  for (const g of games) {
    const known = out.find((o) => o.key === g.stats_game);
    if (!known) out.push({ key: g.stats_game, name: g.name });
    else if (g.name.length < known.name.length) known.name = g.name;
  }
  return out;
}

/** A rate as a whole percentage: 0.6 → "60%", 2/3 → "67%"; none → "–". */
export function percent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return "–";
  return `${Math.round(rate * 100)}%`;
}

/** A figure with at most one decimal: 42 → "42", 257/6 → "42.8", -0.04 → "0". */
export function figure(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "–";
  const r = Math.round(n * 10) / 10;
  return (Object.is(r, -0) ? 0 : r).toString();
}

/** A score, or a dash where no play had one (a person whose plays were kept by winners only). */
export function scoreText(n: number | null | undefined): string {
  return n === null || n === undefined ? "–" : String(n);
}

/** A score bucket's label: "40–49", or "7" for a bucket one score wide. */
export function bucketLabel(b: Pick<ScoreBucket, "from" | "to">): string {
  return b.from === b.to ? `${b.from}` : `${b.from}–${b.to}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-01" → "Jan 2025" (anything else as it came). */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : month;
}

/** Every month any series has, oldest first ("YYYY-MM" sorts as text). */
export function allMonths(series: readonly { points: readonly { month: string }[] }[]): string[] {
  return [...new Set(series.flatMap((one) => one.points.map((p) => p.month)))].sort();
}

/**
 * Which of `count` evenly spaced axis labels to print so that labels `labelWidth` px wide fit
 * in `width` px: every k-th one counted back from the last (the latest month is always named),
 * and the first too when it does not crowd the one after it.
 */
export function thinLabels(count: number, width: number, labelWidth: number): number[] {
  if (count <= 0) return [];
  const fit = Math.max(1, Math.floor(width / labelWidth));
  const step = Math.max(1, Math.ceil(count / fit));
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) out.unshift(i);
  if (out[0] !== 0 && out[0] >= step) out.unshift(0);
  return out;
}

/** A solo title and how often it was earned: "Master Builder: 1 time", and for a title that is
 * a sentence, "The King is impressed. (2 times)" (never ".:"). */
export function titleCount(title: string, count: number): string {
  const times = count === 1 ? "1 time" : `${count} times`;
  return /[.!?…]$/.test(title.trim()) ? `${title.trim()} (${times})` : `${title.trim()}: ${times}`;
}

/** The head-to-head record in words: "4 games: ahead 2, behind 1, tied 1". */
export function headToHeadText(h: {
  games: number | null;
  ahead: number | null;
  behind: number | null;
  tied: number | null;
}): string {
  const n = (v: number | null) => v ?? 0;
  const parts = [`ahead ${n(h.ahead)}`, `behind ${n(h.behind)}`];
  if (n(h.tied) > 0) parts.push(`tied ${n(h.tied)}`);
  return `${n(h.games)} ${n(h.games) === 1 ? "game" : "games"}: ${parts.join(", ")}`;
}

/** A day as the core sends it (YYYY-MM-DD) in words: "5 Mar 2025"; none → "". */
export function dayLabel(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? "");
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${Number(m[3])} ${name} ${m[1]}` : (day ?? "");
}

/**
 * The days the figures cover, in words, for the line under From and To: an empty date field
 * shows a greyed date in some web views (today's), which reads like a filter set to that day.
 */
export function daysCovered(from: string, to: string): string {
  const [f, t] = [from.trim(), to.trim()];
  if (f && t) return `${dayLabel(f)} to ${dayLabel(t)}`;
  if (f) return `From ${dayLabel(f)} on`;
  if (t) return `Up to ${dayLabel(t)}`;
  return "Every day";
}

/** Distinct colours for people without one (the core gives every saved person a colour). */
export const SERIES_COLOURS = ["#1f77b4", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#a6761d"];

/**
 * A line colour per person: their own colour unless an earlier line already has it (people
 * entered with a result share the default colour), then the first unused colour of the set.
 */
export function seriesColours(ids: readonly number[], colourOf: (id: number) => string | undefined): string[] {
  const used = new Set<string>();
  return ids.map((id) => {
    const own = colourOf(id)?.toLowerCase();
    const pick = own && !used.has(own) ? own : (SERIES_COLOURS.find((c) => !used.has(c)) ?? SERIES_COLOURS[0]);
    used.add(pick);
    return pick;
  });
}
