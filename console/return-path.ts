/**
 * Where to go after log-in: only a console path on this origin, so a crafted `?next=`
 * cannot send the owner to another site (`//evil.example`, `/\evil.example`, `javascript:`).
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/console") || next.startsWith("//") || next.includes("\\")) return "/console";
  try {
    const url = new URL(next, "http://console.invalid");
    return url.origin === "http://console.invalid" && url.pathname.startsWith("/console") ? `${url.pathname}${url.search}` : "/console";
  } catch {
    return "/console";
  }
}

export function loginPathFor(currentPath: string): string {
  return `/console/login?next=${encodeURIComponent(safeReturnPath(currentPath))}`;
}
