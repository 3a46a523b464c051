import { describe, expect, it } from "vitest";
import { errorMessage, figure, plural, seatName, signed, versionLabel } from "./format";

describe("versionLabel", () => {
  it("shows a loading hint before the shell answers", () => {
    expect(versionLabel({ kind: "loading" })).toBe("Loading…");
  });

  it("shows the version without a duplicated v prefix", () => {
    expect(versionLabel({ kind: "ready", version: "0.1.0" })).toBe("Version 0.1.0");
    expect(versionLabel({ kind: "ready", version: "v1.2.3" })).toBe("Version 1.2.3");
  });

  it("never shows an empty version", () => {
    expect(versionLabel({ kind: "ready", version: "  " })).toBe("Version unknown");
  });

  it("explains a failure", () => {
    expect(versionLabel({ kind: "error", message: "no IPC" })).toBe(
      "Version unavailable: no IPC",
    );
  });
});

describe("errorMessage", () => {
  it("reads errors, strings and typed error objects", () => {
    expect(errorMessage(new Error("boom"))).toBe("boom");
    expect(errorMessage("denied")).toBe("denied");
    expect(errorMessage({ code: "NotFound" })).toBe('{"code":"NotFound"}');
    expect(errorMessage(undefined)).toBe("undefined");
  });
});

describe("plural", () => {
  it("counts one thing in the singular and any other number in the plural", () => {
    expect(plural(1, "action")).toBe("1 action");
    expect(plural(0, "action")).toBe("0 actions");
    expect(plural(2, "action")).toBe("2 actions");
    expect(plural(3, "category", "categories")).toBe("3 categories");
  });
});

describe("a seat's name", () => {
  const seats = [{ name: "Ana" }, { name: "Bo" }];
  it("is the seat's player, counted from 1 when the seat is not there, ? when none is meant", () => {
    expect(seatName(seats, 1)).toBe("Bo");
    expect(seatName(seats, 2)).toBe("Player 3");
    expect(seatName(seats, null)).toBe("?");
    expect(seatName(seats, undefined)).toBe("?");
  });
});

describe("figure and signed", () => {
  it("writes a figure below zero with a true minus sign, not a hyphen", () => {
    expect([12, 0, -12].map(figure)).toEqual(["12", "0", "−12"]);
    expect(plural(-1, "VP", "VP")).toBe("−1 VP");
    expect(plural(-2, "pt")).toBe("−2 pts");
  });
  it("signs a change, and says no change as its caller asks", () => {
    expect([3, -5, 0].map((n) => signed(n))).toEqual(["+3", "−5", "0"]);
    expect(signed(0, "+0")).toBe("+0");
    expect(signed(0, "·")).toBe("·");
  });
});
