import { SecretReveal } from "../../ui/secret-reveal";
import { VerifySnippet, type WebhookSnippets } from "./verify-snippet";

/** The signing secret made when the first endpoint URL was saved: shown this once, with the check that uses it. */
export function FirstSecret({ secret, snippets, onDone }: { secret: string; snippets: WebhookSnippets; onDone: () => void }) {
  return (
    <SecretReveal title="Your webhook signing secret" value={secret} copyLabel="Copy signing secret" onDone={onDone} testId="first-webhook-secret">
      Every delivery to your endpoint, the test ping included, is signed with it. Store it where your receiver reads its settings (for example <code>DOCSCAN_WEBHOOK_SECRET</code>); after this, rotating is the only way to see a secret again.
      <VerifySnippet snippets={snippets} />
    </SecretReveal>
  );
}
