import { describe, expect, it } from "vitest";
import { scoreTable, totalText } from "./scoresheet";

describe("scoreTable", () => {
  it("makes a column per Era and a row per category", () => {
    const t = scoreTable({
      categories: [
        "Era 1 Structures",
        "Era 1 Total",
        "Era 2 Structures",
        "Era 2 Total",
      ],
      rows: [
        { seat: 0, name: "Ana", breakdown: [2, 1, 3, 0], total: 1, rank: 1, winner: false, title: null },
      ],
      final: false,
    });
    expect(t.columns).toEqual(["Era 1", "Era 2"]);
    expect(t.rows).toEqual([
      { label: "Structures", values: [2, 3] },
      { label: "Total", values: [1, 0] },
    ]);
  });

  it("keeps other categories as a single column", () => {
    const t = scoreTable({
      categories: ["Buildings", "Money"],
      rows: [{ seat: 0, name: "Bo", breakdown: [5], total: 5, rank: 1, winner: true, title: null }],
      final: true,
    });
    expect(t).toEqual({
      columns: [""],
      rows: [
        { label: "Buildings", values: [5] },
        { label: "Money", values: [null] },
      ],
    });
  });

  it("is empty before anything is scored", () => {
    expect(scoreTable({ categories: [], rows: [], final: false })).toEqual({
      columns: [""],
      rows: [],
    });
  });
});

describe("totalText", () => {
  it("says no score for a seat the record kept without one, never its 0", () => {
    expect(totalText({ total: 0, unscored: true })).toBe("no score");
    expect(totalText({ total: 0 })).toBe("0");
    expect(totalText({ total: -3, unscored: false })).toBe("-3");
  });
});
