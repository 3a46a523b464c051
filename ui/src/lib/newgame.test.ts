import { describe, expect, it } from "vitest";
import { fitSeats } from "./newgame";

describe("seats when another game is chosen", () => {
  it("keeps the first ones that still fit", () => {
    expect(fitSeats([1, 2, 3], 1)).toEqual([1]);
    expect(fitSeats([1, 2], 5)).toEqual([1, 2]);
    expect(fitSeats([1, 2], 0)).toEqual([]);
  });
});
