// Middle Ages' scorepad (game id "middle-ages-scorepad"): parsing what is typed into a player's
// line. The ranges, the 84 tiles and the places are the core's.
import { parseChange } from "./middle";

export type PadForm = { coins: string; tiles: string[] };

export function startingPadForm(players: number): PadForm[] {
  return Array.from({ length: players }, () => ({ coins: "", tiles: Array.from({ length: 8 }, () => "") }));
}

export type PadEntry =
  | { kind: "ok"; action: { type: "Enter"; seat: number; coins: number; tiles: number[] } }
  | { kind: "bad"; field: string; reason: string; box: "coins" | number };

const ESTATES = ["Field", "Mill", "Village", "Rampart", "Market", "Barracks", "Church", "Palace"];

/** A player's line as an action, or what is wrong with what was typed (blank tiles are 0). */
export function padEntry(seat: number, form: PadForm): PadEntry {
  const coins = parseChange(form.coins);
  if (form.coins.trim() === "" || coins === null) {
    return { kind: "bad", field: "coins", reason: "enter the coins counted at the end, a whole number", box: "coins" };
  }
  const tiles: number[] = [];
  for (const [i, text] of form.tiles.entries()) {
    const n = parseChange(text);
    if (n === null || n < 0) {
      return { kind: "bad", field: `${ESTATES[i]} tiles`, reason: `"${text.trim()}" is not a number of tiles`, box: i };
    }
    tiles.push(n);
  }
  return { kind: "ok", action: { type: "Enter", seat, coins, tiles } };
}
