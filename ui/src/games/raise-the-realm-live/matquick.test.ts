import { describe, expect, it } from "vitest";
import { buildMat, matStep, setMatStart, startingMatDraft, tapMatStep } from "./realmlive";

describe("a Leader mat described with taps", () => {
  it("starts every track flat at 1 with the player count still to choose", () => {
    const d = startingMatDraft();
    expect(d.production).toEqual(["1", "1", "1", "1", "1", "1", "1", "1"]);
    expect(d.players).toBe("");
    expect(typeof buildMat(d)).toBe("string");
  });

  it("raises the track from a tapped box on, keeping the steps after it", () => {
    let d = startingMatDraft();
    for (const i of [1, 3, 5, 7]) d = tapMatStep(d, "production", i);
    expect(d.production.map(Number)).toEqual([1, 2, 2, 3, 3, 4, 4, 5]);
    // Tapping an earlier box again lifts everything after it too.
    d = tapMatStep(d, "production", 2);
    expect(d.production.map(Number)).toEqual([1, 2, 3, 4, 4, 5, 5, 6]);
    expect(matStep(d, "production", 2)).toBe(1);
  });

  it("cycles a box's step none, +1, +2, none", () => {
    let d = startingMatDraft();
    d = tapMatStep(d, "noble", 4);
    expect(matStep(d, "noble", 4)).toBe(1);
    d = tapMatStep(d, "noble", 4);
    expect(d.noble.map(Number)).toEqual([1, 1, 1, 1, 3, 3, 3, 3]);
    d = tapMatStep(d, "noble", 4);
    expect(d.noble.map(Number)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    // The first box is the start value, not a step.
    expect(tapMatStep(d, "noble", 0)).toBe(d);
  });

  it("moves the whole track with its start value", () => {
    let d = tapMatStep(startingMatDraft(), "gather", 1);
    d = setMatStart(d, "gather", 0);
    expect(d.gather.map(Number)).toEqual([0, 1, 1, 1, 1, 1, 1, 1]);
    expect(setMatStart(d, "gather", -3).gather[0]).toBe("0");
  });

  it("gives the core a whole mat once the player count is chosen", () => {
    const d = { ...startingMatDraft(), players: "1" };
    expect(buildMat(d)).toEqual({
      production: [1, 1, 1, 1, 1, 1, 1, 1],
      noble: [1, 1, 1, 1, 1, 1, 1, 1],
      gather: [1, 1, 1, 1, 1, 1, 1, 1],
      players: 1,
    });
  });
});
