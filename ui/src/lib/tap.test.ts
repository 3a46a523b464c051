import { describe, expect, it } from "vitest";
import { answerTap, sentence } from "./tap";

describe("a tap's answer", () => {
  it("says the core's refusal as one sentence, offering nothing", () => {
    const offer = { key: "k", label: "Place it here", action: { type: "Pass" } as never };
    expect(answerTap("lot-0-2", "Top row, lot 3", "the first cube of the top row goes next to the street", [offer])).toEqual({
      spot: "lot-0-2",
      title: "Top row, lot 3",
      reason: "The first cube of the top row goes next to the street.",
      offers: [],
    });
  });

  it("offers the legal actions when the core refuses nothing", () => {
    const offer = { key: "k", label: "Place it here", action: { type: "Pass" } as never };
    expect(answerTap("lot-0-0", "Top row, lot 1", null, [offer])).toEqual({
      spot: "lot-0-0",
      title: "Top row, lot 1",
      reason: null,
      offers: [offer],
    });
  });

  it("keeps a sentence's own end and capital", () => {
    expect(sentence("Ana has no actions left.")).toBe("Ana has no actions left.");
    expect(sentence("is it? ")).toBe("Is it?");
    expect(sentence("")).toBe("");
  });
});
