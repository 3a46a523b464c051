// What a file command (export, import, backup, restore) did, in plain sentences for Settings.
import type { FileOutcome_Serialize as FileOutcome, PersonGames } from "./bindings";
import { andList, plural } from "./format";

/** A report: its headline and the lines under it. */
export type FileReport = { headline: string; lines: string[] };

const FORMATS: Record<string, string> = {
  json: "Estate Steward export",
  csv: "CSV",
  bgstats: "BG Stats export",
  "estate-steward": "Estate Steward export",
};

function formatName(format: string): string {
  return FORMATS[format] ?? format;
}

/** The sentences for a file command's answer. */
export function outcomeReport(o: FileOutcome): FileReport {
  switch (o.kind) {
    case "Cancelled":
      return { headline: o.message, lines: [] };
    case "Exported": {
      const r = o.report;
      return {
        headline: `Exported ${plural(r.games ?? 0, "game")} and ${plural(r.people ?? 0, "person", "people")} as ${formatName(r.format)}.`,
        lines: [`Saved to ${r.path}`],
      };
    }
    case "Imported": {
      const r = o.report;
      const added = r.games_added ?? 0;
      const here = r.games_already_here ?? 0;
      const lines: string[] = [];
      if (here > 0) lines.push(`${plural(here, "game was", "games were")} already here and left as they are.`);
      if (r.people_matched.length > 0) lines.push(`Matched: ${andList(r.people_matched)}.`);
      if (r.people_created.length > 0) lines.push(`New people: ${andList(r.people_created)}.`);
      const cards = (r.cards_added ?? 0) + (r.cards_updated ?? 0);
      if (cards > 0) lines.push(`Remembered cards: ${r.cards_added ?? 0} added, ${r.cards_updated ?? 0} updated.`);
      if (r.skipped.length > 0) {
        lines.push(`Skipped ${plural(r.skipped.length, "entry", "entries")}:`);
        lines.push(...r.skipped);
      }
      if (r.backup) lines.push(`A backup from just before is at ${r.backup}`);
      return { headline: `Imported ${plural(added, "game")} from the ${formatName(r.format)}.`, lines };
    }
    case "BackedUp":
      return { headline: "The database was backed up and checked.", lines: [`Saved to ${o.path}`] };
    case "Restored": {
      const lines = [`From ${o.report.restored_from}`];
      if (o.report.safety_copy) lines.push(`What it replaced was kept at ${o.report.safety_copy}`);
      return { headline: "The database was restored.", lines };
    }
  }
}

/** What merging `gone` into `keep` will do, said before it is done. */
export function mergeSentence(keep: PersonGames, gone: PersonGames): string {
  const games = gone.games ?? 0;
  const moved =
    games === 0
      ? `${gone.person.name} has no games`
      : `${gone.person.name}'s ${plural(games, "game")} ${games === 1 ? "becomes" : "become"} ${keep.person.name}'s`;
  return `${moved}, and ${gone.person.name} is removed from the list of people. This cannot be undone.`;
}
