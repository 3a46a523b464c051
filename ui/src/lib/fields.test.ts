import { describe, expect, it } from "vitest";
import { filled, invalid, wholeNumber } from "./fields";

describe("a field's reading", () => {
  it("reads whole numbers and says what is wrong at the field", () => {
    expect(wholeNumber(" 12 ", "Hope Stones")).toEqual({ value: 12 });
    expect(wholeNumber(7, "Hope Stones")).toEqual({ value: 7 });
    expect(wholeNumber("-3", "Change")).toEqual({ value: -3 });
    expect(wholeNumber("abc", "Hope Stones")).toEqual({ error: 'Hope Stones: "abc" is not a whole number' });
    expect(wholeNumber("2.5", "Coins")).toEqual({ error: 'Coins: "2.5" is not a whole number' });
    expect(wholeNumber("", "Coins")).toEqual({ error: "Coins: enter a whole number" });
    expect(wholeNumber(null, "Coins")).toEqual({ error: "Coins: enter a whole number" });
    expect(wholeNumber("99", "Hope Stones to win", [1, 30])).toEqual({
      error: "Hope Stones to win: enter a number from 1 to 30",
    });
    expect(wholeNumber("30", "Hope Stones to win", [1, 30])).toEqual({ value: 30 });
  });

  it("needs words where words are asked", () => {
    expect(filled("  Bo ", "Name")).toEqual({ value: "Bo" });
    expect(filled("  ", "Name", "enter the person's name")).toEqual({ error: "Name: enter the person's name" });
  });

  it("ties a field to its message only when there is one", () => {
    expect(invalid("Coins: enter a whole number", "coins-error")).toEqual({
      "aria-invalid": "true",
      "aria-describedby": "coins-error",
    });
    expect(invalid(null, "coins-error")).toEqual({ "aria-invalid": "false", "aria-describedby": undefined });
  });
});
