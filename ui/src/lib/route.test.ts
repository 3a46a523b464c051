import { describe, expect, it } from "vitest";
import { href, parseRoute, type Route } from "./route";

describe("parseRoute", () => {
  it("reads every screen's hash", () => {
    expect(parseRoute("")).toEqual({ name: "home" });
    expect(parseRoute("#/")).toEqual({ name: "home" });
    expect(parseRoute("#/new")).toEqual({ name: "new" });
    expect(parseRoute("#/history")).toEqual({ name: "history" });
    expect(parseRoute("#/stats")).toEqual({ name: "stats" });
    expect(parseRoute("#/settings")).toEqual({ name: "settings" });
    expect(parseRoute("#/people")).toEqual({ name: "people" });
    expect(parseRoute("#/table/12")).toEqual({ name: "table", id: 12 });
    expect(parseRoute("#/record/3")).toEqual({ name: "record", id: 3 });
  });

  it("falls back for unknown or malformed hashes", () => {
    expect(parseRoute("#/nowhere")).toEqual({ name: "home" });
    expect(parseRoute("#/table/abc")).toEqual({ name: "home" });
    expect(parseRoute("#/table/0")).toEqual({ name: "home" });
    expect(parseRoute("#/table/-4")).toEqual({ name: "home" });
    expect(parseRoute("#/record/1.5")).toEqual({ name: "history" });
    expect(parseRoute("#/table/99999999999999999999")).toEqual({ name: "home" });
  });

  it("round-trips with href", () => {
    const routes: Route[] = [
      { name: "home" },
      { name: "new" },
      { name: "history" },
      { name: "stats" },
      { name: "settings" },
      { name: "people" },
      { name: "table", id: 7 },
      { name: "record", id: 8 },
    ];
    for (const r of routes) expect(parseRoute(href(r))).toEqual(r);
  });
});
