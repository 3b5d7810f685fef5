/** Sessions: your server (secret key) or your page (publishable key). */
import { z } from "zod";
import { SessionListQuery } from "../../sessions/list-query";
import { CreateSessionInput } from "../../sessions/schemas";
import { endpoints, jsonResponse as json } from "../endpoint";
import { SESSION_LIST_EXAMPLE } from "../examples";
import * as R from "../responses";

const ClientTokenQuery = z.object({ t: z.string().meta({ description: "The session's client token." }) });

export const SESSIONS = endpoints({
  "POST /v1/sessions": {
    summary: "Create a session",
    description: "Opens a short-lived scan session and returns the `scan_url` to show the person scanning. Needs a balance of at least one credit; the credit is spent when the scan completes.",
    tag: "Sessions",
    auth: "apiKey",
    body: CreateSessionInput,
    // Checked by the verb, with the profile and the override, so every problem comes at once.
    handlerValidates: "body",
    idempotent: true,
    cors: true,
    responses: { 201: json("The session, with its scan URL and client token.", R.CreatedSession) },
    errors: ["origin_not_allowed", "insufficient_credits", "invalid_scanner_config", "not_found", "rate_limited"],
  },
  "GET /v1/sessions": {
    summary: "List sessions",
    description:
      "Your sessions, newest first, a page at a time: pass the answer's `next_cursor` as `cursor` for the next page (null on the last). Filters combine; `q` finds a session by its id or by text in a top-level metadata value, e.g. `curl -H \"Authorization: Bearer $DOCSCAN_SECRET_KEY\" \"$BASE/v1/sessions?q=A-1001&status=completed&limit=20\"`.",
    tag: "Sessions",
    auth: "secretKey",
    query: SessionListQuery,
    responses: { 200: { description: "A page of sessions, each as `GET /v1/sessions/{id}` reads it.", schema: R.SessionPage, example: SESSION_LIST_EXAMPLE } },
    errors: ["invalid_request"],
  },
  "GET /v1/sessions/{id}": {
    summary: "Read a session",
    description: "Status, metadata and, once completed, `result` with a freshly signed download link.",
    tag: "Sessions",
    auth: "secretKey",
    responses: { 200: json("The session.", R.Session) },
    errors: ["not_found"],
  },
  "POST /v1/sessions/{id}/redact": {
    summary: "Redact a session",
    description:
      "Removes the session's document and page pictures from storage, its metadata, its pages' text and the stored payloads of its webhook deliveries (replays send the redacted body); keeps its id, status, timestamps, mode and the credit it spent. A live session is failed first, so its scanner link stops working. Sends `session.redacted`. Idempotent: a redacted session is answered as it is. A storage outage answers 503 with nothing cleared; the scheduled run finishes the redaction.",
    tag: "Sessions",
    auth: "secretKey",
    responses: { 200: json("The session after redaction (`redacted: true`, `metadata: {}`, `result: null`).", R.Session) },
    errors: ["not_found"],
  },
  "GET /v1/sessions/{id}/status": {
    summary: "Poll a session's status",
    description: "For the page that opened the scanner (QR hand-off): authorised by the session's client token.",
    tag: "Sessions",
    auth: "clientToken",
    query: ClientTokenQuery,
    handlerValidates: "query",
    cors: true,
    noReferrer: true,
    responses: { 200: json("The session's status and result.", R.SessionStatusView) },
    errors: ["invalid_token", "not_found", "session_expired"],
  },
  "GET /v1/sessions/{id}/qr": {
    summary: "QR code of the scan URL",
    tag: "Sessions",
    auth: "clientToken",
    query: ClientTokenQuery,
    handlerValidates: "query",
    noReferrer: true,
    responses: { 200: { description: "An SVG QR code that opens the scanner on a phone.", contentTypes: ["image/svg+xml"] } },
    errors: ["invalid_token", "not_found", "session_expired", "token_already_used"],
  },
});
