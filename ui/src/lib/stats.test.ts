import { describe, expect, it } from "vitest";
import {
  EMPTY_FILTER,
  allMonths,
  bucketLabel,
  dayLabel,
  daysCovered,
  figure,
  headToHeadText,
  isUnfiltered,
  monthLabel,
  percent,
  scoreText,
  seriesColours,
  SERIES_COLOURS,
  statsGames,
  thinLabels,
  titleCount,
  toFilter,
} from "./stats";

describe("the filter", () => {
  it("leaves out every field not chosen", () => {
    expect(toFilter(EMPTY_FILTER)).toEqual({ game: null, person: null, players: null, from: null, to: null });
    expect(isUnfiltered(EMPTY_FILTER)).toBe(true);
  });
  it("sends the chosen game, person, player count and days", () => {
    const form = { game: "middle-ages", person: "3", players: "2", from: "2025-01-01", to: " 2025-02-01 " };
    expect(toFilter(form)).toEqual({ game: "middle-ages", person: 3, players: 2, from: "2025-01-01", to: "2025-02-01" });
    expect(isUnfiltered(form)).toBe(false);
  });
});

describe("statsGames", () => {
  it("offers a live assistant and its scorepad as one game, under the shorter name", () => {
    const games = [
      { id: "a-live", name: "Alpha", stats_game: "a" },
      { id: "a", name: "Alpha (scorepad)", stats_game: "a" },
      { id: "b", name: "Beta", stats_game: "b" },
      { id: "b-pad", name: "Beta (scorepad)", stats_game: "b" },
    ];
    expect(statsGames(games)).toEqual([
      { key: "a", name: "Alpha" },
      { key: "b", name: "Beta" },
    ]);
  });
});

describe("figures in words", () => {
  it("rounds rates to whole percentages", () => {
    expect(percent(0.6)).toBe("60%");
    expect(percent(2 / 3)).toBe("67%");
    expect(percent(0)).toBe("0%");
    expect(percent(1)).toBe("100%");
    expect(percent(null)).toBe("–");
  });
  it("keeps at most one decimal", () => {
    expect(figure(42)).toBe("42");
    expect(figure(257 / 6)).toBe("42.8");
    expect(figure(-0.04)).toBe("0");
    expect(figure(null)).toBe("–");
  });
  it("shows a dash, never 0, where no play had a score", () => {
    expect(scoreText(null)).toBe("–");
    expect(scoreText(0)).toBe("0");
    expect(scoreText(-4)).toBe("-4");
  });
  it("labels buckets, months and days", () => {
    expect(bucketLabel({ from: 40, to: 49 })).toBe("40–49");
    expect(bucketLabel({ from: 7, to: 7 })).toBe("7");
    expect(bucketLabel({ from: -4, to: -3 })).toBe("-4–-3");
    expect(monthLabel("2025-01")).toBe("Jan 2025");
    expect(monthLabel("2025-12")).toBe("Dec 2025");
    expect(monthLabel("2025-13")).toBe("2025-13");
    expect(dayLabel("2025-03-05")).toBe("5 Mar 2025");
    expect(dayLabel(null)).toBe("");
  });
  it("says which days the figures cover, every day when no date is set", () => {
    expect(daysCovered("", "")).toBe("Every day");
    expect(daysCovered(" ", "")).toBe("Every day");
    expect(daysCovered("2025-01-10", "")).toBe("From 10 Jan 2025 on");
    expect(daysCovered("", "2025-06-29")).toBe("Up to 29 Jun 2025");
    expect(daysCovered("2021-03-02", "2023-06-29")).toBe("2 Mar 2021 to 29 Jun 2023");
  });
  it("says a head-to-head record with the ties only when there were some", () => {
    expect(headToHeadText({ games: 4, ahead: 2, behind: 1, tied: 1 })).toBe("4 games: ahead 2, behind 1, tied 1");
    expect(headToHeadText({ games: 1, ahead: 0, behind: 1, tied: 0 })).toBe("1 game: ahead 0, behind 1");
  });
});

describe("solo titles", () => {
  it("never doubles the punctuation of a title that is a sentence", () => {
    expect(titleCount("The King is impressed.", 1)).toBe("The King is impressed. (1 time)");
    expect(titleCount("Master Builder", 1)).toBe("Master Builder: 1 time");
    expect(titleCount("Pauper", 3)).toBe("Pauper: 3 times");
  });
});

describe("the win-rate chart's axis", () => {
  it("lists every month any line has, oldest first", () => {
    const series = [
      { points: [{ month: "2025-02" }, { month: "2025-03" }] },
      { points: [{ month: "2024-12" }, { month: "2025-02" }] },
    ];
    expect(allMonths(series)).toEqual(["2024-12", "2025-02", "2025-03"]);
    expect(allMonths([])).toEqual([]);
  });
  it("prints every label that fits, and thins the rest evenly back from the latest", () => {
    expect(thinLabels(0, 300, 80)).toEqual([]);
    expect(thinLabels(1, 300, 80)).toEqual([0]);
    expect(thinLabels(3, 300, 80)).toEqual([0, 1, 2]);
    // 300 px holds 3 labels of 80 px: every 4th of 12, back from the last.
    expect(thinLabels(12, 300, 80)).toEqual([3, 7, 11]);
    expect(thinLabels(4, 272, 80)).toEqual([1, 3]);
    // The first label joins when a whole step from the next one.
    expect(thinLabels(7, 300, 80)).toEqual([0, 3, 6]);
    expect(thinLabels(8, 300, 80)).toEqual([1, 4, 7]);
    expect(thinLabels(5, 160, 80)).toEqual([1, 4]);
    expect(thinLabels(5, 240, 80)).toEqual([0, 2, 4]);
  });
});

describe("seriesColours", () => {
  it("keeps each person's own colour, and gives a free one to a person whose colour is taken", () => {
    const own: Record<number, string> = { 1: "#AA0000", 2: "#aa0000", 3: "#00aa00" };
    expect(seriesColours([1, 2, 3, 4], (id) => own[id])).toEqual([
      "#aa0000",
      SERIES_COLOURS[0],
      "#00aa00",
      SERIES_COLOURS[1],
    ]);
  });
});
