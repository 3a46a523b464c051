import { describe, expect, it } from "vitest";
import { hasTableScreen, scoreIsSecret } from "./games.svelte";

describe("hasTableScreen", () => {
  it("offers only games whose table screen exists", () => {
    expect(hasTableScreen("nine-estates")).toBe(true);
    expect(hasTableScreen("the-estates")).toBe(true);
    expect(hasTableScreen("raise-the-realm")).toBe(true);
    expect(hasTableScreen("middle-ages")).toBe(false);
  });
});

describe("scoreIsSecret", () => {
  it("hides The Estates' score (cash boxes) until the game is over", () => {
    expect(scoreIsSecret("the-estates", false)).toBe(true);
    expect(scoreIsSecret("the-estates", true)).toBe(false);
    expect(scoreIsSecret("nine-estates", false)).toBe(false);
  });
});
