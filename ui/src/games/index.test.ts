import { describe, expect, it } from "vitest";
import { allGames, gameUi, isGameId, scoreIsSecret } from "./index";

describe("the registry", () => {
  it("knows the games whose UI exists, and no other", () => {
    expect(isGameId("nine-estates")).toBe(true);
    expect(isGameId("the-estates")).toBe(true);
    expect(isGameId("raise-the-realm")).toBe(true);
    expect(isGameId("raise-the-realm-live")).toBe(true);
    expect(isGameId("middle-ages")).toBe(true);
    expect(isGameId("middle-ages-scorepad")).toBe(true);
    expect(isGameId("realm-lord")).toBe(true);
    expect(isGameId("realm-lord-scorepad")).toBe(true);
    expect(isGameId("toString")).toBe(false);
    expect(gameUi("chess")).toBeNull();
  });

  it("gives every listed game a table of its own", () => {
    for (const { id, ui } of allGames()) expect(ui.table, id).toBeDefined();
  });

  it("has a replay only where a step shows more than the score", () => {
    expect(gameUi("nine-estates")?.replay).toBeDefined();
    expect(gameUi("raise-the-realm-live")?.replay).toBeDefined();
    expect(gameUi("raise-the-realm")?.replay).toBeUndefined();
  });

  it("offers New game options only for games that have any", () => {
    expect(gameUi("the-estates")?.options).toBeDefined();
    expect(gameUi("raise-the-realm-live")?.options).toBeDefined();
    expect(gameUi("nine-estates")?.options).toBeUndefined();
    expect(gameUi("raise-the-realm")?.options).toBeUndefined();
    expect(gameUi("realm-lord")?.options).toBeDefined();
    expect(gameUi("realm-lord-scorepad")?.options).toBeUndefined();
  });
});

describe("scoreIsSecret", () => {
  it("hides The Estates' score (cash boxes) until the game is over", () => {
    expect(scoreIsSecret("the-estates", false)).toBe(true);
    expect(scoreIsSecret("the-estates", true)).toBe(false);
    expect(scoreIsSecret("nine-estates", false)).toBe(false);
    expect(scoreIsSecret("middle-ages", false)).toBe(false);
  });
});
