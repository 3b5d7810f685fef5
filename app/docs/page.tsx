import type { Metadata } from "next";
import { ERRORS } from "@/lib/errors";
import { openApiDocument } from "@/lib/openapi/document";
import { outlineSchema, type OutlineRow } from "@/lib/openapi/schema-outline";
import "@/console/console.css";
import { GUIDES, guideTitle } from "@/lib/guides/guides";
import { DocsFrame } from "./docs-root";
import "./docs.css";

export const metadata: Metadata = { title: "API reference · docscan", description: "Every endpoint, request, response and error code of the docscan API." };

type Json = Record<string, unknown>;
interface OperationView {
  method: string;
  path: string;
  op: Json;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The API reference, rendered from the same OpenAPI document /v1/openapi.json serves. */
export default async function ApiReferencePage() {
  const doc = openApiDocument() as unknown as Json;
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, unknown>;
  const tags = (doc.tags as { name: string; description?: string }[]) ?? [];
  const operations: OperationView[] = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json })),
  );
  const info = doc.info as { title: string; version: string; description: string };
  return (
    <DocsFrame
      navLabel="Endpoints"
      nav={
        <>
          {tags.map((tag) => (
            <div key={tag.name}>
              <a className="d-nav__tag" href={`#tag-${slug(tag.name)}`}>
                {tag.name}
              </a>
              <ul className="d-nav__ops">
                {operations
                  .filter((o) => (o.op.tags as string[])[0] === tag.name)
                  .map((o) => (
                    <li key={String(o.op.operationId)}>
                      <a href={`#${String(o.op.operationId)}`}>{String(o.op.summary)}</a>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
          <a className="d-nav__tag" href="#webhooks">
            Webhook events
          </a>
          <a className="d-nav__tag" href="#errors">
            Error codes
          </a>
        </>
      }
    >
        <main className="d-main">
          <header className="d-header">
            <h1>{info.title} reference</h1>
            <p className="d-lead">
              <Prose text={info.description.replace(/; see docs\/api-errors\.md\.$/, ".")} />
            </p>
            <p>
              Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1; import it into Postman or a client generator).
              Authentication: <code>Authorization: Bearer sk_…</code> for your server, a publishable <code>pk_…</code> key from allowlisted
              pages, the client token for the scanner, the console cookie for the console API.
            </p>
          </header>
          <section aria-labelledby="guides">
            <h2 id="guides" className="d-tag">
              Guides
            </h2>
            <ul className="d-guide-list">
              {GUIDES.map((g) => (
                <li key={g.slug}>
                  <a href={`/docs/guides/${g.slug}`}>{guideTitle(g.slug)}</a> <span className="d-muted">{g.summary}</span>
                </li>
              ))}
            </ul>
          </section>
          {tags.map((tag) => (
            <section key={tag.name} aria-labelledby={`tag-${slug(tag.name)}`}>
              <h2 id={`tag-${slug(tag.name)}`} className="d-tag">
                {tag.name}
              </h2>
              {tag.description && <p className="d-muted">{tag.description}</p>}
              {operations
                .filter((o) => (o.op.tags as string[])[0] === tag.name)
                .map((o) => (
                  <OperationSection key={String(o.op.operationId)} view={o} components={components} />
                ))}
            </section>
          ))}
          <section aria-labelledby="webhooks">
            <h2 id="webhooks" className="d-tag">
              Webhook events
            </h2>
            <Webhooks doc={doc} components={components} />
          </section>
          <section aria-labelledby="errors">
            <h2 id="errors" className="d-tag">
              Error codes
            </h2>
            <p className="d-muted">
              Every failure is <code>{"{ error, message, fields? }"}</code>: <code>error</code> is stable, <code>message</code> is for logs,
              <code> fields</code> (validation only) holds every problem at once, keyed by field path. Retry only 429 and 5xx.
            </p>
            <ul className="d-fields">
              {Object.entries(ERRORS).map(([code, { status, message }]) => (
                <li key={code} id={`error-${code}`}>
                  <code className="d-field">{code}</code> <span className="d-status d-status--error">{status}</span> {message}
                </li>
              ))}
            </ul>
          </section>
        </main>
    </DocsFrame>
  );
}

function OperationSection({ view, components }: { view: OperationView; components: Record<string, unknown> }) {
  const { op } = view;
  const parameters = (op.parameters as { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[] | undefined) ?? [];
  const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
  const responses = Object.entries(op.responses as Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>);
  const security = (op.security as Record<string, unknown>[] | undefined)?.flatMap((s) => Object.keys(s)) ?? [];
  return (
    <article className="d-op" id={String(op.operationId)} aria-labelledby={`${String(op.operationId)}-title`}>
      <h3 id={`${String(op.operationId)}-title`} className="d-op__title">
        {String(op.summary)}
      </h3>
      <p className="d-op__line">
        <span className={`d-method d-method--${view.method}`}>{view.method.toUpperCase()}</span>
        <code className="d-path">{view.path}</code>
      </p>
      {typeof op.description === "string" && (
        <p>
          <Prose text={op.description} />
        </p>
      )}
      <p className="d-muted">Authorisation: {security.length > 0 ? security.map(authWords).join(" or ") : authWords(view.path)}</p>
      {parameters.length > 0 && (
        <>
          <h4>Parameters</h4>
          <Rows
            rows={parameters.map((p) => ({
              name: p.name,
              type: `${p.in}, ${outlineSchema(p.schema, components).type}`,
              required: p.required === true,
              description: p.description,
              limits: [],
              children: [],
            }))}
          />
        </>
      )}
      {body &&
        Object.entries(body.content).map(([type, media]) => {
          const outline = outlineSchema(media.schema, components);
          return (
            <div key={type}>
              <h4>
                Request body <span className="d-muted">({type})</span>
              </h4>
              {outline.rows.length > 0 ? <Rows rows={outline.rows} /> : <p className="d-muted">{outline.description ?? outline.type}</p>}
            </div>
          );
        })}
      <h4>Responses</h4>
      <ul className="d-responses">
        {responses.map(([status, r]) => {
          const schema = r.content?.["application/json"]?.schema;
          const outline = schema ? outlineSchema(schema, components) : undefined;
          const ok = status.startsWith("2") || status.startsWith("3");
          const badge = <span className={`d-status ${ok ? "d-status--ok" : "d-status--error"}`}>{status}</span>;
          if (!ok) {
            return (
              <li key={status}>
                {badge} <ErrorCodes text={r.description} />
              </li>
            );
          }
          return (
            <li key={status}>
              <details open>
                <summary>
                  {badge} <Prose text={r.description} />
                </summary>
                {outline && outline.rows.length > 0 && <Rows rows={outline.rows} />}
              </details>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

/** Every webhook event the document lists, each with its payload (the same shape for all). */
function Webhooks({ doc, components }: { doc: Json; components: Record<string, unknown> }) {
  return (
    <>
      {Object.entries(doc.webhooks as Record<string, Json>).map(([event, item]) => {
        const hook = item.post as Json;
        const schema = ((hook.requestBody as Json).content as Record<string, { schema: unknown }>)["application/json"].schema;
        return (
          <article key={event} className="d-op" id={`webhook-${slug(event)}`}>
            <h3 className="d-op__title">
              <code>{event}</code>
            </h3>
            <p>
              <Prose text={String(hook.description)} />
            </p>
            <Rows rows={outlineSchema(schema, components).rows} />
          </article>
        );
      })}
    </>
  );
}

function Rows({ rows }: { rows: OutlineRow[] }) {
  return (
    <ul className="d-fields">
      {rows.map((row) => (
        <li key={row.name}>
          <code className="d-field">{row.name}</code> <span className="d-type">{row.type}</span>
          {row.required && <span className="d-required">required</span>}
          {row.description && (
            <span className="d-desc">
              {" "}
              <Prose text={row.description} />
            </span>
          )}
          {row.limits.length > 0 && <span className="d-muted"> ({row.limits.join(", ")})</span>}
          {row.children.length > 0 && <Rows rows={row.children} />}
        </li>
      ))}
    </ul>
  );
}

/** Text with `code` spans, as the document's descriptions are written. */
function Prose({ text }: { text: string }) {
  return <>{text.split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

/** An error response's description (the codes, in backticks) as links to the codes' entries. */
function ErrorCodes({ text }: { text: string }) {
  const codes = [...text.matchAll(/`(\w+)`/g)].map((m) => m[1]);
  return (
    <>
      {codes.map((code, i) => (
        <span key={code}>
          {i > 0 && ", "}
          <a href={`#error-${code}`}>
            <code>{code}</code>
          </a>
        </span>
      ))}
    </>
  );
}

const slug = (name: string) => name.toLowerCase().replace(/\W+/g, "-");

function authWords(scheme: string): string {
  if (scheme === "apiKey") return "API key (Bearer)";
  if (scheme === "consoleCookie") return "console cookie, same origin";
  if (scheme === "cronSecret") return "operator secret (Bearer CRON_SECRET)";
  if (scheme.startsWith("/v1/files") || scheme === "/v1/scanner/blob") return "the signed URL itself";
  if (scheme.startsWith("/v1/scanner") || scheme.startsWith("/v1/sessions/")) return "the session's client token";
  return "none";
}
