import { describe, expect, it } from "vitest";
import { gameName, rowDate, rowScore, statusLabel } from "./history";
import { moveSeat, seatLimit } from "./newgame";

describe("history rows", () => {
  it("names games, dates and scores", () => {
    const names = { "nine-estates": "Count of the Nine Estates" };
    expect(gameName("nine-estates", names)).toBe("Count of the Nine Estates");
    expect(gameName("other", names)).toBe("other");
    expect(rowDate("2026-11-30T09:45:16.538Z")).toBe("2026-11-30 09:45");
    expect(rowDate("yesterday")).toBe("yesterday");
    expect(rowScore({ score: 12, title: "The King is unmoved." })).toBe(
      "Score 12 — The King is unmoved.",
    );
    expect(rowScore({ score: -3, title: null })).toBe("Score -3");
    expect(rowScore({ score: null, title: null })).toBe("");
    expect(rowScore({ score: 42, title: null, players: ["Ana", "Bo"], winners: ["Ana"] })).toBe(
      "Score 42 — won by Ana",
    );
    expect(rowScore({ score: 42, title: null, players: ["Ana", "Bo"], winners: ["Ana", "Bo"] })).toBe(
      "Score 42 — shared by Ana and Bo",
    );
    expect(rowScore({ score: 9, title: "Pauper", players: ["Ana"], winners: ["Ana"] })).toBe(
      "Score 9 — Pauper",
    );
  });
});

describe("history status", () => {
  it("says abandoned games are abandoned, not in play", () => {
    expect(statusLabel("abandoned")).toBe("Abandoned");
    expect(statusLabel("finished")).toBe("Finished");
    expect(statusLabel("active")).toBe("In play");
  });
});

describe("new game", () => {
  it("moves seats within the list", () => {
    expect(moveSeat([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveSeat([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveSeat([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveSeat([1, 2, 3], 5, 1)).toEqual([1, 2, 3]);
  });

  it("counts seats from the game", () => {
    expect(seatLimit(undefined)).toBe(0);
    expect(seatLimit({ max_players: 1 })).toBe(1);
  });
});
