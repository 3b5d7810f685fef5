import type { EndpointKey } from "./endpoint";

/**
 * One whole example request body for each operation that takes a JSON body, shown in the
 * reference and imported by API tools (Postman, client generators). tests/api/openapi.test.ts
 * checks that every such operation has one and that each passes the operation's own schema.
 */
export const REQUEST_EXAMPLES: Partial<Record<EndpointKey, unknown>> = {
  "POST /v1/sessions": {
    metadata: { order: "A-1001", customer: "Jane Roe" },
    scanner: { locale: "en", options: { maxPages: 3, ocr: true } },
    allowed_origins: ["https://shop.example.com"],
    callback_url: "https://shop.example.com/docscan-webhook",
  },
  "POST /v1/scanner/complete": { session: "<client_token>", pages: 2 },
  "POST /v1/scanner/upload": { session: "<client_token>", payload: "JVBERi0xLjcK…(base64 PDF)", pages: 1 },
  "POST /v1/scanner/fail": { session: "<client_token>", reason: "camera_unavailable" },
  "POST /v1/auth/signup": { email: "owner@shop.example.com", password: "correct horse battery", name: "Jane Roe", company: "Shop Ltd" },
  "POST /v1/auth/login": { email: "owner@shop.example.com", password: "correct horse battery" },
  "PUT /v1/dashboard/settings": { theme_mode: "dark" },
  "POST /v1/dashboard/account/password": { current_password: "correct horse battery", new_password: "another long passphrase" },
  "DELETE /v1/dashboard/account": { confirm: "owner@shop.example.com" },
  "PUT /v1/dashboard/alerts": { low_balance_threshold: 25 },
  "PUT /v1/dashboard/retention": { document_retention_seconds: 43200, redact_after_days: 30 },
  "POST /v1/dashboard/keys": { name: "checkout server", kind: "secret", mode: "live" },
  "POST /v1/dashboard/domains": { domain: "https://shop.example.com" },
  "POST /v1/dashboard/domains/remove": { domain: "https://shop.example.com" },
  "POST /v1/dashboard/credits/topup": { amount: 500 },
  "PUT /v1/dashboard/scanner": { theme: { brandName: "Shop Ltd" }, options: { maxPages: 5 } },
  "POST /v1/dashboard/scanner/profiles": { name: "Receipts", scanner: { options: { filter: "bw", maxPages: 1 } } },
  "PUT /v1/dashboard/scanner/profiles/{id}": { name: "Receipts", make_default: true },
  "POST /v1/dashboard/scanner/preview-session": { scanner_id: "prof_3k9x2m" },
  "PUT /v1/dashboard/webhook": { url: "https://shop.example.com/docscan-webhook", events: ["scan.completed", "scan.failed"] },
};
