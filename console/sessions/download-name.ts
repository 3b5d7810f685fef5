/** The metadata keys that name an order, the first one present wins. */
const REFERENCE_KEYS = ["order", "order_id", "orderId", "order_number", "reference", "ref", "invoice"];

/**
 * The file name a session's PDF downloads as: `scan-<order reference>-<session id>.pdf` when
 * the metadata has one (a string or number under a usual key), else `scan-<session id>.pdf`.
 * Only letters, digits, `.`, `_` and `-` survive, so any file system takes it.
 */
export function downloadName(sessionId: string, metadata: Record<string, unknown>): string {
  const key = REFERENCE_KEYS.find((k) => typeof metadata?.[k] === "string" || typeof metadata?.[k] === "number");
  const reference = key ? safe(String(metadata[key])).slice(0, 60) : "";
  return `scan-${reference ? `${reference}-` : ""}${safe(sessionId)}.pdf`;
}

const safe = (s: string) => s.normalize("NFKD").replace(/[^\w.-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
