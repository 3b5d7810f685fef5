import { CopyButton } from "../../ui/copy-button";

const SNIPPET = `import { verifySignature } from "@docscan/verify-webhook";

// In your webhook handler: the raw body, before any JSON parsing.
const rawBody = await req.text();
const ok = verifySignature({
  rawBody,
  header: req.headers.get("x-scanner-signature"),
  secret: process.env.DOCSCAN_WEBHOOK_SECRET,
});
if (!ok) return new Response("bad signature", { status: 400 });`;

/** The receiver's check in a few lines, to paste beside the secret it needs. */
export function VerifySnippet() {
  return (
    <>
      <p>Check every request with it (Node.js, with the dependency-free <code>@docscan/verify-webhook</code>):</p>
      <pre id="verify-snippet" tabIndex={0} aria-label="Signature check example" className="c-snippet">
        {SNIPPET}
      </pre>
      <CopyButton value={SNIPPET} label="Copy example" fallbackTargetId="verify-snippet" />
    </>
  );
}
