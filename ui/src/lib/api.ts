import type { ApiError, StoreError } from "./bindings";
import { errorMessage } from "./format";
import { HostFailure, windowTable, type TableCommands } from "./transport";

export type { TableCommands, HostCommands } from "./transport";

// The table screens' one way to the game, chosen when the page starts (main.ts): the app's
// commands in the window, the host's API on a phone. Screens call `tableCommands()` and never ask
// which it is.
let chosen: TableCommands = windowTable;

/** Chooses the table screens' transport; main.ts calls it once, before anything is shown. */
export function chooseTransport(t: TableCommands): void {
  chosen = t;
}

/** The table screens' calls: `table`, `act`, `peek`, `live`, and what else this page offers. */
export function tableCommands(): TableCommands {
  return chosen;
}

/** What a command answers: tauri-specta's result union. */
export type Result<T> = { status: "ok"; data: T } | { status: "error"; error: ApiError };

/** A refusal or failure from the core, carried as an exception so screens can `try` a call. */
export class ApiFailure extends Error {
  readonly error: ApiError;
  constructor(error: ApiError) {
    super(describeError(error).headline);
    this.error = error;
  }
}

/** Unwraps a command's result: its data, or an `ApiFailure` thrown. */
export async function call<T>(result: Promise<Result<T>>): Promise<T> {
  const r = await result;
  if (r.status === "ok") return r.data;
  throw new ApiFailure(r.error);
}

/** Why the rules refused, for the alert's "Why?" disclosure: the rule in a plain sentence, where
 * the rulebook says it, and the rule's id (for reporting a problem). */
export type RuleWhy = { rule: string; says: string; cite: string };

/** An alert's text: one headline in plain words, an optional detail line, and for a refusal by
 * the rules the rule behind it (shown only when asked, under "Why?"). */
export type AlertText = { headline: string; detail: string | null; why?: RuleWhy | null };

function storeText(e: StoreError): AlertText {
  // The path is shown where it matters (Home names the refused file); headlines stay short.
  switch (e.kind) {
    case "NotOurs":
      return { headline: "This file is not an Estate Steward database.", detail: capitalise(e.reason) };
    case "Newer":
      return {
        headline: "This file was written by a newer version of Estate Steward.",
        detail: `Its format is version ${e.found ?? "?"}; this app reads up to version ${e.supported ?? "?"}.`,
      };
    case "Corrupt":
      return { headline: "This file is damaged and was not opened.", detail: e.detail };
    case "ReadOnly":
      return {
        headline: "This file cannot be written here.",
        detail: "Estate Steward needs to write the file and the folder it is in; the file was left untouched.",
      };
    case "NotFound":
      return { headline: `Not found: ${e.what}`, detail: null };
    case "Invalid":
      return { headline: `${e.field}: ${e.message}`, detail: null };
    case "Sql":
      // The core's words for a full disk (store::DISK_FULL): said as what it is, not a failure.
      if (e.message.startsWith("the disk is full")) {
        const rest = e.message.split("; ").slice(1).join("; ");
        return { headline: "The disk is full: this was not saved.", detail: capitalise(rest || e.message) };
      }
      return { headline: "The database failed.", detail: e.message };
    case "Replaced":
      return {
        headline: `Game #${e.game_id} is no longer the game you had open.`,
        detail: "It was deleted, or a restore put another game under its number; nothing was saved. Open it again from History.",
      };
    case "Conflict":
      return {
        headline: "This game was changed elsewhere (another window or the steward command line).",
        detail: "It has been reloaded: look again and retry.",
      };
  }
}

/** Plain words for any error a command can return (or a stray exception). */
export function describeError(e: unknown): AlertText {
  if (e instanceof ApiFailure) return describeError(e.error);
  if (e instanceof HostFailure) return e.text ?? describeError(e.error);
  if (e !== null && typeof e === "object" && "kind" in e) {
    const err = e as ApiError;
    switch (err.kind) {
      case "Rule": {
        // The rule id and the rulebook's line stay off the main screen: they are the "Why?".
        const why = err.why ? { rule: err.rule, says: err.why.says, cite: err.why.cite } : null;
        return { headline: capitalise(err.message), detail: null, why };
      }
      case "BadRequest":
        return { headline: capitalise(err.message), detail: `Field: ${err.field}` };
      case "NotFound":
        return { headline: `Not found: ${err.what}`, detail: null };
      case "Store":
        return storeText(err.error);
    }
  }
  return { headline: errorMessage(e), detail: null };
}

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

/** A refusal of one field (an empty or duplicate name, a bad colour) as the words to show beside
 * that field, and which field it was; any other failure keeps its headline and no field. */
export function fieldError(e: unknown): { field: string | null; message: string } {
  const err = e instanceof ApiFailure ? e.error : e;
  if (err !== null && typeof err === "object" && "kind" in err) {
    const a = err as ApiError;
    if (a.kind === "BadRequest") return { field: a.field, message: capitalise(a.message) + "." };
    if (a.kind === "Store" && a.error.kind === "Invalid") {
      return { field: a.error.field, message: capitalise(a.error.message) + "." };
    }
  }
  return { field: null, message: describeError(e).headline };
}
