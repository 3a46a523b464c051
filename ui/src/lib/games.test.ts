import { describe, expect, it } from "vitest";
import { hasTableScreen } from "./games.svelte";

describe("hasTableScreen", () => {
  it("offers only games whose table screen exists", () => {
    expect(hasTableScreen("nine-estates")).toBe(true);
    expect(hasTableScreen("the-estates")).toBe(false);
  });
});
