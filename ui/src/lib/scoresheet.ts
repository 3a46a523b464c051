// A scoresheet row's breakdown laid out as the Scorepad's table. The figures are the core's.
import type { Scoresheet_Serialize as Scoresheet } from "./bindings";

/**
 * A seat's total as the scorepad shows it: "no score" for a record another app kept with its
 * winners only (the core marks the row `unscored`; its total means nothing then).
 */
export function totalText(row: Pick<Scoresheet["rows"][number], "total" | "unscored">): string {
  return row.unscored ? "no score" : String(row.total);
}

export type ScoreTable = {
  /** Column headings (e.g. "Era 1", "Era 2"); one column named "" when categories are flat. */
  columns: string[];
  rows: { label: string; values: (number | null)[] }[];
};

/**
 * A scoresheet row's breakdown as a table. Categories named "Era N Label" become a column per Era
 * and a row per label; other category names become rows of a single column.
 */
export function scoreTable(sheet: Scoresheet, rowIndex = 0): ScoreTable {
  const row = sheet.rows[rowIndex];
  const values = row?.breakdown ?? [];
  const parsed = sheet.categories.map((c) => /^(Era \d+) (.+)$/.exec(c));
  if (parsed.length > 0 && parsed.every((m) => m !== null)) {
    const columns: string[] = [];
    const labels: string[] = [];
    for (const m of parsed) {
      if (!columns.includes(m![1])) columns.push(m![1]);
      if (!labels.includes(m![2])) labels.push(m![2]);
    }
    const rows = labels.map((label) => ({
      label,
      values: columns.map((col) => {
        const i = parsed.findIndex((m) => m![1] === col && m![2] === label);
        return i === -1 ? null : (values[i] ?? null);
      }),
    }));
    return { columns, rows };
  }
  return {
    columns: [""],
    rows: sheet.categories.map((label, i) => ({ label, values: [values[i] ?? null] })),
  };
}
