import { describe, expect, it } from "vitest";
import { fitSeats, nextFreeColour } from "./newgame";

describe("seats when another game is chosen", () => {
  it("keeps the first ones that still fit", () => {
    expect(fitSeats([1, 2, 3], 1)).toEqual([1]);
    expect(fitSeats([1, 2], 5)).toEqual([1, 2]);
    expect(fitSeats([1, 2], 0)).toEqual([]);
  });
});

describe("the next colour for a seat", () => {
  const palette = ["#1f77b4", "#d62728", "#2ca02c"];
  it("skips the colours others at the table have", () => {
    expect(nextFreeColour(palette, "#1f77b4", ["#d62728"])).toBe("#2ca02c");
  });
  it("goes round the palette, ignoring case", () => {
    expect(nextFreeColour(palette, "#2CA02C", ["#D62728"])).toBe("#1f77b4");
  });
  it("starts at the palette's first colour for a colour not in it", () => {
    expect(nextFreeColour(palette, "#123456", [])).toBe("#1f77b4");
  });
  it("has none when every other colour is taken", () => {
    expect(nextFreeColour(palette, "#1f77b4", ["#d62728", "#2ca02c"])).toBeUndefined();
  });
});
