/**
 * The words the app says things in, shared by every screen and game: names, lists, counts with
 * their units (VP, Hope Stones, checks: each game names its own unit, this writes it), figures and
 * changes. One way of writing a number: a true minus sign (−), as the rulebooks print it.
 */

/** Text for the version line, from what the shell told us (or failed to). */
export type VersionState =
  | { kind: "loading" }
  | { kind: "ready"; version: string }
  | { kind: "error"; message: string };

export function versionLabel(state: VersionState): string {
  switch (state.kind) {
    case "loading":
      return "Loading…";
    case "ready": {
      const v = state.version.trim();
      return v === "" ? "Version unknown" : `Version ${v.replace(/^v/i, "")}`;
    }
    case "error":
      return `Version unavailable: ${state.message}`;
  }
}

/** A readable message from whatever a rejected promise carried. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === "string") return e;
  try {
    return JSON.stringify(e) ?? String(e);
  } catch {
    return String(e);
  }
}

/** "Ana" · "Ana and Bo" · "Ana, Bo and Cy". */
export function andList(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "1 action", "2 actions", "1 pt", "7 pts": a count with its noun or unit, singular only for one. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${figure(n)} ${Math.abs(n) === 1 ? one : many}`;
}

/** A figure that may be below zero: "12", "0", "−12" (a true minus, not a hyphen). */
export function figure(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}

/**
 * A change, signed: "+2", "−3"; `zero` for no change ("0" unless a line reads better with "+0"
 * in a sum, or "·" on a step button).
 */
export function signed(n: number, zero = "0"): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : zero;
}

/**
 * A seat's player by name, as every game's screen says it: the seat's name, "Player N" (seats
 * counted from 1) for a seat the table has not named, "?" when no seat is meant.
 */
export function seatName(seats: readonly { name: string }[], seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return "?";
  return seats[seat]?.name ?? `Player ${seat + 1}`;
}
