import { describe, expect, it } from "vitest";
import { fieldLabel, phoneTitle, privateFields, seatColour } from "./phone";
import type { SeatView } from "./transport";
import type { TableView_Serialize as TableView } from "./bindings";

const table = {
  seats: [
    { person_id: 1, name: "Ana", colour: "#1f77b4" },
    { person_id: 2, name: "Bo", colour: "#d62728" },
  ],
} as unknown as TableView;

describe("the phone's header", () => {
  it("names the seat's phone and its colour, or the board", () => {
    const bo: SeatView = { seat: 2, name: "Bo", version: "0.1", table };
    expect(phoneTitle(bo)).toBe("Bo's phone");
    expect(seatColour(bo)).toBe("#d62728");
    const board: SeatView = { seat: null, name: null, version: "0.1", table };
    expect(phoneTitle(board)).toBe("The board");
    expect(seatColour(board)).toBeNull();
    expect(phoneTitle(null)).toBe("Estate Steward");
  });
});

describe("a seat's secrets without a view of their own", () => {
  it("labels each field in words", () => {
    expect(fieldLabel("cash_box")).toBe("Cash box");
    expect(fieldLabel("handSize")).toBe("Hand size");
    expect(privateFields({ cash: 12, cash_box: 0, hand: ["Ox", "Cart"], ready: true })).toEqual([
      { key: "cash", label: "Cash", value: "12" },
      { key: "cash_box", label: "Cash box", value: "0" },
      { key: "hand", label: "Hand", value: "Ox, Cart" },
      { key: "ready", label: "Ready", value: "Yes" },
    ]);
    expect(privateFields(null)).toEqual([]);
    expect(privateFields(7)).toEqual([{ key: "value", label: "Yours", value: "7" }]);
    expect(privateFields({ purse: { cash: 3 } })[0].value).toBe("Cash: 3");
  });
});
