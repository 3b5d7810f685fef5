import { Card } from "../../ui/layout-parts";

/** A short pointer to signature verification; the README has the full receiver and a verifier to copy. */
export function SignatureHelp() {
  return (
    <Card title="Verify the signature" titleId="verify-title">
      <p>
        Each request carries <code>X-Scanner-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>. Compute HMAC-SHA256 of <code>t.body</code> (the timestamp, a dot, then the{" "}
        <strong>raw</strong> request body) with your signing secret as the key, compare it with <code>v1</code> in constant time, and reject timestamps more than 300 seconds old.
        Answer 2xx quickly; anything else is retried, up to three attempts.
      </p>
      <p className="c-muted">
        The section “Receiving webhooks” in the service&apos;s README (<code>README.md</code>) has the request format and a standalone verifier to copy (<code>lib/webhooks/verify-signature.ts</code>).
      </p>
    </Card>
  );
}
