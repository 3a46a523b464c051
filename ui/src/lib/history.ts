// History rows and the Game record's wording: names, dates and scores of any game.
import type { GameRow_Serialize } from "./bindings";
import { andList } from "./format";

/** A game's name from the core's list, or its id until that list has arrived. */
export function gameName(id: string, names: Record<string, string> = {}): string {
  return names[id] ?? id;
}

/** A game's status as History's badge says it (the database's "active", "finished" or
 * "abandoned"). */
export function statusLabel(status: string): string {
  switch (status) {
    case "finished":
      return "Finished";
    case "abandoned":
      return "Abandoned";
    default:
      return "In play";
  }
}

/** "2026-11-30T09:45:16.538Z" → "2026-11-30 09:45" (UTC, as stored). */
export function rowDate(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]}` : iso;
}

/** "Score 12 — The King is unmoved."; with several players, "Score 42 — won by Ana". */
export function rowScore(
  row: Pick<GameRow_Serialize, "score" | "title"> & Partial<Pick<GameRow_Serialize, "winners" | "players">>,
): string {
  const parts: string[] = [];
  if (row.score !== null && row.score !== undefined) parts.push(`Score ${row.score}`);
  if (row.title) parts.push(row.title);
  const winners = row.winners ?? [];
  if ((row.players?.length ?? 0) > 1 && winners.length > 0) {
    parts.push(winners.length === 1 ? `won by ${winners[0]}` : `shared by ${andList(winners)}`);
  }
  return parts.join(" — ");
}
