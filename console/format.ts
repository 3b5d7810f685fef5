/** Dates and numbers as owners read them: one locale-neutral format across the console. */
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const integer = new Intl.NumberFormat("en");

export const formatDateTime = (iso: string | null): string => (iso ? `${dateTime.format(new Date(iso))} UTC` : "—");
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));
export const formatNumber = (n: number): string => integer.format(n);
export const formatPercent = (ratio: number): string => `${(ratio * 100).toFixed(ratio > 0 && ratio < 0.1 ? 1 : 0)} %`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
