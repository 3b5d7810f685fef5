/** The console's session list filters, as the API's query parameters name them. */
export interface SessionFilters {
  q: string;
  status: string;
  mode: string;
  source: "api" | "preview" | "all";
  from: string;
  to: string;
}

/** Previews of the scanner page are hidden until asked for: they are the owner's own tries, not traffic. */
export const NO_FILTERS: SessionFilters = { q: "", status: "", mode: "", source: "api", from: "", to: "" };

export const SESSION_PAGE_SIZE = 50;

/** The query string of a filter set (empty values left out); `source=all` is the API's default. */
export function filterQuery(f: SessionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (value && !(key === "source" && value === "all")) params.set(key, value);
  return params;
}

/** The console page's own query: as the API's, but the page's default source (`api`) left out and `all` written. */
export function pageQuery(f: SessionFilters): URLSearchParams {
  const params = filterQuery(f);
  if (f.source === "api") params.delete("source");
  if (f.source === "all") params.set("source", "all");
  return params;
}

/** Filters read back from a page URL's query (so a filtered list survives back and reload). */
export function filtersFrom(search: string): SessionFilters {
  const p = new URLSearchParams(search);
  const source = p.get("source");
  return {
    q: p.get("q") ?? "",
    status: p.get("status") ?? "",
    mode: p.get("mode") ?? "",
    source: source === "preview" || source === "all" ? source : "api",
    from: p.get("from") ?? "",
    to: p.get("to") ?? "",
  };
}

export const sessionListPath = (f: SessionFilters, cursor?: string) => {
  const q = filterQuery(f);
  q.set("limit", String(SESSION_PAGE_SIZE));
  if (cursor) q.set("cursor", cursor);
  return `/v1/dashboard/sessions?${q.toString()}`;
};

export const sessionExportPath = (f: SessionFilters) => `/v1/dashboard/sessions/export?${filterQuery(f).toString()}`;
