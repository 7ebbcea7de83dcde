/** What a benchmark module hands back to bench/run.ts: a titled piece of RESULTS.md and its budgets. */
export interface BenchSection {
  title: string;
  /** Markdown under the title: tables and short notes. */
  body: string;
  /** Every budget the section checks, for the summary at the top. */
  budgets: BudgetCheck[];
}

export interface BudgetCheck {
  name: string;
  ok: boolean;
  /** The measured figure against the budget, e.g. "p99 4.1 ms ≤ 10 ms". */
  detail: string;
}

export const mark = (ok: boolean): string => (ok ? "✅" : "❌");

export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const align = header.map((_, i) => (i === 0 ? "---" : "---:"));
  return [header, align, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

export const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(2));
export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
