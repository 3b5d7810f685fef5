import { Card } from "../../ui/layout-parts";

/** A short pointer to signature verification: the README has the full receiver, packages/verify-webhook the verifier. */
export function SignatureHelp() {
  return (
    <Card title="Verify the signature" titleId="verify-title">
      <p>
        Each request carries <code>X-Scanner-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>. Compute HMAC-SHA256 of <code>t.body</code> (the timestamp, a dot, then the{" "}
        <strong>raw</strong> request body) with your signing secret as the key, compare it with <code>v1</code> in constant time, and reject timestamps more than 300 seconds old.
        Answer 2xx quickly; anything else is retried, up to three attempts.
      </p>
      <p className="c-muted">
        The section “Receiving webhooks” in the service&apos;s README (<code>README.md</code>) has the request format and an example handler; the verifier is the dependency-free package <code>@docscan/verify-webhook</code> (<code>packages/verify-webhook</code>: install it or copy its two files).
      </p>
    </Card>
  );
}
