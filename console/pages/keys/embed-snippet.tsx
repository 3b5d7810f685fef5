import type { ApiKey } from "../../types";
import { CopyButton } from "../../ui/copy-button";
import { Card } from "../../ui/layout-parts";

/**
 * "Add this to your page": the embedding guide's whole-page example (docs/guides/embedding.md,
 * `embed-page`) with this instance's base URL, and the owner's newest active test publishable
 * key in place of the guide's placeholder.
 */
export function EmbedSnippet({ template, placeholder, keys }: { template: string; placeholder: string; keys: ApiKey[] }) {
  const key = keys.find((k) => k.kind === "publishable" && k.mode === "test" && !k.revoked_at) ?? keys.find((k) => k.kind === "publishable" && !k.revoked_at);
  const snippet = key ? template.replaceAll(placeholder, key.display) : template;
  return (
    <Card title="Add the scanner to your page" titleId="embed-title">
      <p>
        A whole page that opens the scanner{key ? <> with your publishable key <code>{key.display}</code></> : " (create a publishable key below, and it is filled in here)"}. Serve it from an origin on your{" "}
        <a href="/console/origins">allowed origins</a>, open it and press the button.
      </p>
      <pre id="embed-snippet" tabIndex={0} aria-label="Embed example" className="c-snippet" data-snippet="embed-page">
        {snippet}
      </pre>
      <CopyButton value={snippet} label="Copy page" fallbackTargetId="embed-snippet" />
      <p className="c-muted">
        The guide <a href="/docs/guides/embedding">Embed the scanner</a> has inline mode, the QR hand-off to a phone, every event and error code.
      </p>
    </Card>
  );
}
