import { describe, expect, it } from "vitest";
import type { Scoresheet_Serialize as Scoresheet } from "../../lib/bindings";
import {
  REALM_CATEGORIES,
  allEntered,
  andList,
  categoryHint,
  enteredCount,
  missingText,
  parseEntry,
  shownEntry,
  stepObjectives,
  tiedForFirst,
  type RealmState,
  type RealmView,
} from "./realm";

const seats = [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }];

function sheet(totals: number[]): Scoresheet {
  return {
    categories: ["Card VP"],
    final: false,
    rows: totals.map((total, seat) => ({
      seat,
      name: seats[seat].name,
      breakdown: [total],
      total,
      rank: 1,
      winner: false,
      title: null,
    })),
  };
}

function state(scores: (number | null)[][], extra: Partial<RealmState> = {}): RealmState {
  return {
    solo: scores.length === 1,
    scores,
    objective_firsts: scores.map(() => null),
    estate_cards: scores.map(() => null),
    objectives_met: null,
    finished: false,
    ...extra,
  };
}

const full = (v: number) => REALM_CATEGORIES.map(() => v);

describe("Raise the Realm scorepad", () => {
  it("counts the categories each player has entered", () => {
    const s = state([full(1), [3, null, 4, null, null, null, null, null]]);
    expect(enteredCount(s, 0)).toBe(8);
    expect(enteredCount(s, 1)).toBe(2);
    expect(enteredCount(s, 5)).toBe(0);
  });

  it("reads what is typed; the range is the core's to check", () => {
    expect(parseEntry("")).toEqual({ kind: "empty" });
    expect(parseEntry("  ")).toEqual({ kind: "empty" });
    expect(parseEntry(" 12 ")).toEqual({ kind: "number", value: 12 });
    expect(parseEntry("-3")).toEqual({ kind: "number", value: -3 });
    expect(parseEntry("−3")).toEqual({ kind: "number", value: -3 });
    expect(parseEntry("1000")).toEqual({ kind: "number", value: 1000 });
    expect(parseEntry("12.5")).toEqual({ kind: "bad" });
    expect(parseEntry("ten")).toEqual({ kind: "bad" });
    expect(parseEntry("1e3")).toEqual({ kind: "bad" });
  });

  it("finds a tie for first only between two or more players", () => {
    expect(tiedForFirst(sheet([42, 42, 37]))).toEqual([0, 1]);
    expect(tiedForFirst(sheet([42, 40, 42]))).toEqual([0, 2]);
    expect(tiedForFirst(sheet([42, 41, 41]))).toEqual([]);
    expect(tiedForFirst(sheet([42]))).toEqual([]);
  });

  it("says what is still missing before the pad can close", () => {
    const s = state([full(5), [...full(5).slice(0, 6), null, null], full(5)]);
    expect(allEntered(s)).toBe(false);
    expect(missingText(s, sheet([40, 30, 40]), seats)).toEqual(["Bo: 2 categories to enter"]);
    const tied = state([full(5), full(5), full(4)], { objective_firsts: [2, null, null], estate_cards: [3, null, null] });
    expect(missingText(tied, sheet([40, 40, 32]), seats)).toEqual(["Bo: tie-breakers"]);
    const solo = state([full(5)]);
    expect(missingText(solo, sheet([40]), seats)).toEqual(["How many Era objectives were met"]);
  });

  it("steps the objectives met within 0 and the Eras the core says a game has", () => {
    expect(stepObjectives(null, -1, 5)).toBe(0);
    expect(stepObjectives(null, 1, 5)).toBe(1);
    expect(stepObjectives(0, -1, 5)).toBe(0);
    expect(stepObjectives(4, 1, 5)).toBe(5);
    expect(stepObjectives(5, 1, 5)).toBe(5);
    expect(stepObjectives(3, 1, 3)).toBe(3);
  });

  it("joins names", () => {
    expect(andList([])).toBe("");
    expect(andList(["Ana"])).toBe("Ana");
    expect(andList(["Ana", "Bo"])).toBe("Ana and Bo");
    expect(andList(["Ana", "Bo", "Cy"])).toBe("Ana, Bo and Cy");
  });
});

describe("empty tracks", () => {
  const view = (scores: (number | null)[][], counts: (number | null)[]): RealmView => ({
    ...state(scores),
    eras: 5,
    objectives_needed: 3,
    lost: false,
    empty_tracks: counts,
    points_per_empty_track: 7,
    tracks: 3,
  });
  it("shows the count the table entered, not the points the core scored", () => {
    const v = view([[4, null, null, null, null, null, null, 14]], [2]);
    expect(shownEntry(v, 0, "empty_tracks")).toBe(2);
    expect(shownEntry(v, 0, "card_vp")).toBe(4);
    expect(shownEntry(v, 0, "gold")).toBeNull();
    expect(shownEntry(view([[null, null, null, null, null, null, null, null]], [null]), 0, "empty_tracks")).toBeNull();
  });
  it("asks for tracks, with the core's points each", () => {
    expect(categoryHint("empty_tracks", 7)).toBe("how many: 7 points each");
    expect(categoryHint("gold", 7)).toBeNull();
  });
});

