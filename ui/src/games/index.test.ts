import { describe, expect, it } from "vitest";
import { ApiFailure } from "../lib/api";
import { allGames, gameUi, isGameId, nameError, nameLogLine, scoreIsSecret } from "./index";

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

describe("nameLogLine", () => {
  const seats = [{ name: "Ana" }, { name: "Bo" }];
  it("names The Estates' seats", () => {
    expect(nameLogLine("the-estates", "seat 2 bids 3", seats)).toBe("Bo bids 3");
  });
  it("names Middle Ages' players, in both modes", () => {
    expect(nameLogLine("middle-ages", "player 2 moves to row 2, plot 1: player 1 pays 2", seats)).toBe(
      "Bo moves to row 2, plot 1: Ana pays 2",
    );
    expect(nameLogLine("middle-ages-scorepad", "player 1: 30 coins", seats)).toBe("Ana: 30 coins");
  });
  it("names Raise the Realm's players, in both modes", () => {
    expect(nameLogLine("raise-the-realm-live", "player 1 gathers at open-1", seats)).toBe("Ana gathers at open-1");
    expect(nameLogLine("raise-the-realm", "player 2 enters 4", seats)).toBe("Bo enters 4");
  });
  it("names Realm Lord's players, in both modes", () => {
    expect(nameLogLine("realm-lord", "player 2's Dirk travels to Mysteria", seats)).toBe("Bo's Dirk travels to Mysteria");
    expect(nameLogLine("realm-lord-scorepad", "player 1 gains 2 Hope Stones (5 in all)", seats)).toBe(
      "Ana gains 2 Hope Stones (5 in all)",
    );
  });
  it("leaves other games' lines and unknown seats as they are", () => {
    expect(nameLogLine("nine-estates", "player 1 builds", seats)).toBe("player 1 builds");
    expect(nameLogLine("raise-the-realm-live", "player 3 ends the turn", seats)).toBe("player 3 ends the turn");
    expect(nameLogLine("realm-lord", "seat 1 takes a plot", seats)).toBe("seat 1 takes a plot");
  });
});

describe("nameError", () => {
  it("names the players in Raise the Realm's refusals only", () => {
    const refusal = () => new ApiFailure({ kind: "Rule", rule: "realm.x", message: "player 2 has no Wood" });
    expect((nameError("raise-the-realm-live", refusal(), [{ name: "Ana" }, { name: "Bo" }]) as ApiFailure).message).toBe(
      "Bo has no Wood",
    );
    expect((nameError("nine-estates", refusal(), [{ name: "Ana" }, { name: "Bo" }]) as ApiFailure).message).toBe(
      "Player 2 has no Wood",
    );
  });
});
