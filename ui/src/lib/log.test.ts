import { describe, expect, it } from "vitest";
import { logLength, newestFirst } from "./log";

describe("the paged log", () => {
  it("numbers the latest lines in the whole log, newest first", () => {
    expect(newestFirst(["c", "d", "e"], 50, 2)).toEqual([
      { n: 53, text: "e" },
      { n: 52, text: "d" },
    ]);
    expect(logLength(["c", "d", "e"], 50)).toBe(53);
  });

  it("reads a whole log (no `log_from`) as before", () => {
    expect(newestFirst(["a", "b"], undefined, null)).toEqual([
      { n: 2, text: "b" },
      { n: 1, text: "a" },
    ]);
    expect(logLength(["a", "b"], null)).toBe(2);
  });
});
