import { describe, expect, it } from "vitest";
import { mergeSentence, outcomeReport } from "./files";

const person = (id: number, name: string) => ({ id, name, colour: "#1f77b4" });

describe("file reports", () => {
  it("says a closed dialog did nothing", () => {
    expect(outcomeReport({ kind: "Cancelled", message: "Nothing was exported: no file was chosen." })).toEqual({
      headline: "Nothing was exported: no file was chosen.",
      lines: [],
    });
  });

  it("counts what an export wrote", () => {
    const r = outcomeReport({ kind: "Exported", report: { format: "csv", path: "/x/h.csv", people: 1, games: 2 } });
    expect(r.headline).toBe("Exported 2 games and 1 person as CSV.");
    expect(r.lines).toEqual(["Saved to /x/h.csv"]);
  });

  it("lists what an import matched, created and skipped", () => {
    const r = outcomeReport({
      kind: "Imported",
      report: {
        format: "bgstats",
        people_created: ["Cy"],
        people_matched: ["Ana", "Bo"],
        games_added: 1,
        games_already_here: 2,
        skipped: ["play 7: Catan is not a game this app hosts"],
        cards_added: 0,
        cards_updated: 0,
        backup: null,
      },
    });
    expect(r.headline).toBe("Imported 1 game from the BG Stats export.");
    expect(r.lines).toEqual([
      "2 games were already here and left as they are.",
      "Matched: Ana and Bo.",
      "New people: Cy.",
      "Skipped 1 entry:",
      "play 7: Catan is not a game this app hosts",
    ]);
  });

  it("names the safety copy of a restore", () => {
    const r = outcomeReport({ kind: "Restored", report: { restored_from: "/b.sqlite3", safety_copy: "/s.sqlite3" } });
    expect(r.lines).toEqual(["From /b.sqlite3", "What it replaced was kept at /s.sqlite3"]);
  });

  it("says what a merge moves", () => {
    const bob = { person: person(1, "Bob"), games: 3 };
    expect(mergeSentence(bob, { person: person(2, "Bo"), games: 12 })).toBe(
      "Bo's 12 games become Bob's, and Bo is removed from the list of people. This cannot be undone.",
    );
    expect(mergeSentence(bob, { person: person(2, "Bo"), games: 1 })).toMatch(/^Bo's 1 game becomes Bob's/);
    expect(mergeSentence(bob, { person: person(2, "Bo"), games: 0 })).toMatch(/^Bo has no games, and/);
  });
});
