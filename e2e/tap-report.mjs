// The tap-and-scroll count of the e2e run at phone size, per game: how many taps the tests made
// (a click, or typing into a field) and how many of them a player would have had to scroll for
// first (the spot was off the screen, or under something drawn over it: the action bar, the
// header). helpers.mjs notes every tap of an app started at phone width in artifacts/taps/; this
// prints the table and writes it to artifacts/tap-count.md. Run after the e2e tests:
//   node e2e/tap-report.mjs
// It fails (exit 1) when a game the core registers was not played at phone size at all, and lists
// the games where more than 5% of the taps needed a scroll first (the goal of "At the table"),
// which is reported until every game meets it. The screens outside a table (in parentheses) are
// reported, not held to the goal.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { appBinary, artifactsDir } from "./helpers.mjs";

/** At most this share of a game's taps may need a scroll first. */
const GOAL = 0.05;

/**
 * Test files that visit rather than play: every-tap taps every spot of every board in turn (to
 * check each spot's answer), themes opens every screen for its colours. Their taps are no
 * player's path through a game, so they are left out of the count (a player taps the spots of
 * the turn at hand, not the whole board from top to bottom).
 */
const VISITS = ["every-tap.test.mjs", "themes.test.mjs"];

const dir = join(artifactsDir, "taps");
const all = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".jsonl")) : [];
const files = all.filter((f) => !VISITS.some((v) => f.startsWith(`${v}-`)));
/** game (or the screen outside a table) → { taps, scrolls } */
const count = new Map();
for (const file of files) {
  for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
    if (!line.trim()) continue;
    const tap = JSON.parse(line);
    const where = tap.game ?? `(${tap.screen})`;
    const c = count.get(where) ?? { taps: 0, scrolls: 0, spots: new Map() };
    c.taps += 1;
    if (!tap.reachable) {
      c.scrolls += 1;
      c.spots.set(tap.what, (c.spots.get(tap.what) ?? 0) + 1);
    }
    count.set(where, c);
  }
}
const rows = [...count.entries()].sort(([a], [b]) => a.localeCompare(b));
const pct = (c) => (c.taps ? ((100 * c.scrolls) / c.taps).toFixed(1) : "0.0");
const table = [
  "| game or screen | taps | needing a scroll first | share |",
  "| --- | --- | --- | --- |",
  ...rows.map(([where, c]) => `| ${where} | ${c.taps} | ${c.scrolls} | ${pct(c)}% |`),
].join("\n");
// Where the scrolls were needed: what to mend next.
const spots = rows
  .filter(([, c]) => c.scrolls > 0)
  .map(([where, c]) => `- ${where}: ${[...c.spots].map(([what, n]) => `${what} (${n})`).join(", ")}`)
  .join("\n");
writeFileSync(join(artifactsDir, "tap-count.md"), `${table}\n\nNeeding a scroll first:\n${spots}\n`);
console.log(
  `Taps at phone size in the e2e run (${files.length} test files; not counted, as visits: ${VISITS.join(", ")}):\n${table}\n${spots}`,
);

// Every game the core registers (the CLI's list), so that a new game is held to the goal too.
const steward = join(dirname(appBinary()), "steward");
// A database of its own in a temporary folder: the report never opens the user's.
const scratch = mkdtempSync(join(tmpdir(), "tap-report-"));
const registered = JSON.parse(
  execFileSync(steward, ["--json", "games"], {
    encoding: "utf8",
    env: { ...process.env, ESTATE_STEWARD_DB: join(scratch, "games.sqlite3") },
  }),
).map((g) => g.id);
rmSync(scratch, { recursive: true, force: true });
// A game not played at phone size at all fails the run; the share of taps needing a scroll is
// held against the goal and reported (not yet met in every game: docs/tap-count.md).
const unplayed = registered.filter((g) => !count.has(g));
const missed = rows
  .filter(([where, c]) => !where.startsWith("(") && c.scrolls > GOAL * c.taps)
  .map(([where, c]) => `${where}: ${c.scrolls} of ${c.taps} taps needed a scroll first (${pct(c)}%, goal ${GOAL * 100}%)`);
if (missed.length > 0) console.log(`Goal missed (reported, not yet held):\n${missed.map((m) => `- ${m}`).join("\n")}`);
if (unplayed.length > 0) {
  console.error(`Registered games with no tap at phone size in the e2e run:\n${unplayed.map((g) => `- ${g}`).join("\n")}`);
  process.exit(1);
}
