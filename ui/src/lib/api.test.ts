import { describe, expect, it } from "vitest";
import { ApiFailure, call, describeError, fieldError } from "./api";

describe("call", () => {
  it("unwraps data and throws refusals as ApiFailure", async () => {
    await expect(call(Promise.resolve({ status: "ok" as const, data: 5 }))).resolves.toBe(5);
    const refused = call(
      Promise.resolve({
        status: "error" as const,
        error: { kind: "Rule" as const, rule: "nine.phase", message: "deal the cards first" },
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(ApiFailure);
    await expect(refused).rejects.toThrow("Deal the cards first");
  });
});

describe("describeError", () => {
  it("says a full disk as what it is", () => {
    const said = describeError({
      kind: "Store",
      error: { kind: "Sql", message: "the disk is full, so this was not saved; everything saved before is kept. Free some space on the disk and try again" },
    });
    expect(said.headline).toBe("The disk is full: this was not saved.");
    expect(said.detail).toContain("Everything saved before is kept");
  });

  it("shows a refusal's message, and keeps the rule and its citation for Why?", () => {
    const why = {
      says: "Estates are built in order: Peasant first, then Clergy, and lastly Nobility.",
      cite: "001 line 60: Estates must be built in order",
    };
    expect(
      describeError({ kind: "Rule", rule: "nine.estate-order", message: "build Peasant first", why }),
    ).toEqual({
      headline: "Build Peasant first",
      detail: null,
      why: { rule: "nine.estate-order", ...why },
    });
  });

  it("never puts a rule id or a rulebook line outside Why?", () => {
    const refusal = describeError({
      kind: "Rule",
      rule: "estates.bid-higher",
      message: "a bid must beat the last one (now 3)",
      why: { says: "Each bid must be higher than the one before.", cite: "002 line 86: higher" },
    });
    const outside = [refusal.headline, refusal.detail ?? ""].join(" ");
    expect(outside).not.toMatch(/\b[a-z-]+\.[a-z][a-z-]*\b/);
    expect(outside).not.toMatch(/\blines? \d/);
    // A rule no game lists (none of the core's refusals): no Why?, and still no id shown.
    const unlisted = describeError({ kind: "Rule", rule: "store.snapshot", message: "the state is missing", why: null });
    expect(unlisted).toEqual({ headline: "The state is missing", detail: null, why: null });
  });

  it("explains bad requests and missing things", () => {
    expect(describeError({ kind: "BadRequest", field: "undo", message: "there is nothing to undo" }))
      .toEqual({ headline: "There is nothing to undo", detail: "Field: undo" });
    expect(describeError({ kind: "NotFound", what: "game #9" }).headline).toBe(
      "Not found: game #9",
    );
  });

  it("explains each way the database can be refused", () => {
    const path = "/tmp/x.sqlite3";
    expect(
      describeError({ kind: "Store", error: { kind: "NotOurs", path, reason: "not SQLite" } }),
    ).toEqual({ headline: "This file is not an Estate Steward database.", detail: "Not SQLite" });
    expect(
      describeError({
        kind: "Store",
        error: { kind: "Newer", path, found: 9, supported: 2 },
      }).detail,
    ).toContain("version 9; this app reads up to version 2");
    expect(
      describeError({ kind: "Store", error: { kind: "Corrupt", path, detail: "bad page" } })
        .headline,
    ).toBe("This file is damaged and was not opened.");
    const readOnly = describeError({ kind: "Store", error: { kind: "ReadOnly", path, detail: "cannot open" } });
    expect(readOnly.headline).toBe("This file cannot be written here.");
    expect(readOnly.headline).not.toContain("damaged");
    expect(
      describeError({ kind: "Store", error: { kind: "Sql", message: "disk I/O error" } }),
    ).toEqual({ headline: "The database failed.", detail: "disk I/O error" });
  });

  it("unwraps ApiFailure and copes with anything else", () => {
    const f = new ApiFailure({ kind: "NotFound", what: "person #2" });
    expect(describeError(f).headline).toBe("Not found: person #2");
    expect(describeError("command not allowed")).toEqual({
      headline: "command not allowed",
      detail: null,
    });
    expect(describeError(new Error("boom")).headline).toBe("boom");
  });
});

describe("field errors", () => {
  it("puts a refused field's reason beside it", () => {
    const dup = new ApiFailure({ kind: "Store", error: { kind: "Invalid", field: "name", message: "Bob is already saved" } });
    expect(fieldError(dup)).toEqual({ field: "name", message: "Bob is already saved." });
    expect(fieldError({ kind: "BadRequest", field: "colour", message: "'x' is not a colour" })).toEqual({
      field: "colour",
      message: "'x' is not a colour.",
    });
    expect(fieldError({ kind: "NotFound", what: "person 9" })).toEqual({ field: null, message: "Not found: person 9" });
  });
});
