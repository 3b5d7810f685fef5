import { Card } from "../../ui/layout-parts";
import { VerifySnippet, type WebhookSnippets } from "./verify-snippet";

/** Signature verification in short, the pasteable receivers, and the served guide with the rest. */
export function SignatureHelp({ snippets }: { snippets: WebhookSnippets }) {
  return (
    <Card title="Verify the signature" titleId="verify-title">
      <p>
        Each request carries <code>X-Scanner-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>. Compute HMAC-SHA256 of <code>t.body</code> (the timestamp, a dot, then the{" "}
        <strong>raw</strong> request body) with your signing secret as the key, compare it with <code>v1</code> in constant time, and reject timestamps more than 300 seconds old.
        Answer 2xx quickly; anything else is retried 5 and 25 minutes later.
      </p>
      <VerifySnippet snippets={snippets} />
      <p className="c-muted">
        The guide <a href="/docs/guides/receiving-webhooks">Receive webhooks</a> has the request format, retries, replay and handling duplicates.
      </p>
    </Card>
  );
}
