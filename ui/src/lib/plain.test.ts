import { describe, expect, it } from "vitest";

// Every component and module of the UI, as written (tests and the generated bindings aside).
const sources = import.meta.glob(["../**/*.ts", "../**/*.svelte", "!../**/*.test.ts", "!./bindings.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

const LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g;

/** The string literals of some code, comments left out. */
function literals(code: string): string[] {
  const uncommented = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  return [...uncommented.matchAll(LITERAL)].map((m) => m[0]);
}

/** What a player may read in a source file: its string literals, and a component's markup text
 * (tags, comments, styles and `{…}` expressions left out, their string literals kept). */
export function readable(path: string, text: string): string[] {
  if (!path.endsWith(".svelte")) return literals(text);
  const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  let markup = text
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  const out = scripts.flatMap(literals);
  // Innermost `{…}` first, until none is left: its literals are text, the rest is code.
  for (let before = ""; before !== markup; ) {
    before = markup;
    markup = markup.replace(/\{[^{}]*\}/g, (expr) => {
      out.push(...literals(expr));
      return " ";
    });
  }
  out.push(...markup.replace(/<[^>]*>/g, "\n").split("\n").map((t) => t.trim()).filter((t) => t !== ""));
  return out;
}

describe("the UI's own words", () => {
  it("are read from every component and module", () => {
    const paths = Object.keys(sources);
    expect(paths.some((p) => p.endsWith("AlertRegion.svelte"))).toBe(true);
    expect(paths.some((p) => p.endsWith("format.ts"))).toBe(true);
    expect(paths.some((p) => p.endsWith("bindings.ts"))).toBe(false);
    expect(readable("x.svelte", `<p>{n} card(s)</p>{#each rows as r, s (s)}{/each}`)).toContain("card(s)");
    expect(readable("x.svelte", `{#each rows as r, s (s)}<b>{f("a(s)")}</b>{/each}`)).toEqual(['"a(s)"']);
  });

  it("write plurals in full, never as (s)", () => {
    const bracketed = Object.entries(sources).flatMap(([path, text]) =>
      readable(path, text)
        .filter((t) => t.includes("(s)"))
        .map((t) => `${path}: ${t}`),
    );
    expect(bracketed).toEqual([]);
  });

  it("show no rule id on the main screen", () => {
    const ruleLabels = Object.entries(sources).flatMap(([path, text]) =>
      readable(path, text)
        .filter((t) => /\bRule: /.test(t))
        .map((t) => `${path}: ${t}`),
    );
    expect(ruleLabels).toEqual([]);
  });
});
