"use client";

import { useState } from "react";
import { DomainInput } from "@/lib/domains/schemas";
import { useAccount } from "../account";
import { api } from "../api";
import { useApiData } from "../use-api-data";
import { useFormAction } from "../use-form-action";
import { ActionForm } from "../ui/action-form";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TextField } from "../ui/field";
import { DataGate } from "../ui/data-gate";
import { Card, EmptyState, PageHeader } from "../ui/layout-parts";
import { Notice } from "../ui/notice";
import { addedOrigin, localhostHttpHint } from "./origins/origin-hints";

type Domains = { domains: string[] };

/** The origin allowlist: add (showing what was stored), remove with confirmation. */
export function OriginsPage() {
  const { refresh } = useAccount();
  const read = useApiData<Domains>("/v1/dashboard/domains");
  const { data, setData } = read;
  const [input, setInput] = useState("");
  const [status, setStatus] = useState<string | null>(null);
  const [httpHint, setHttpHint] = useState<{ stored: string; http: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const add = useFormAction();
  const remove = useFormAction({ not_found: "That origin was no longer on the list. The list below is current." });
  const domains = data?.domains ?? [];

  async function addOrigin(domain: string): Promise<string | null> {
    setStatus(null);
    const answer = await add.run(() => api.post<Domains>("/v1/dashboard/domains", { domain }));
    if (!answer) return null;
    const stored = addedOrigin(domains, answer.domains, domain);
    setData(answer);
    void refresh();
    return stored;
  }

  async function submit() {
    setHttpHint(null);
    if (!add.check(DomainInput, { domain: input.trim() })) return;
    const stored = await addOrigin(input.trim());
    if (!stored) return;
    setStatus(stored === input.trim() ? `Added ${stored}.` : `Added ${stored} (you typed “${input.trim()}”; the allowlist keeps only the scheme, host and port).`);
    const http = localhostHttpHint(input, stored);
    setHttpHint(http ? { stored, http } : null);
    setInput("");
  }

  async function useHttp() {
    if (!httpHint) return;
    const stored = await addOrigin(httpHint.http);
    if (!stored) return;
    setStatus(`Added ${stored}. ${httpHint.stored} is still on the list: remove it below if nothing on your machine serves https.`);
    setHttpHint(null);
  }

  async function confirmRemove() {
    if (!removing) return;
    const answer = await remove.run(() => api.post<Domains>("/v1/dashboard/domains/remove", { domain: removing }));
    if (answer) {
      setData(answer);
      setStatus(`Removed ${removing}. Publishable keys no longer work on pages served from it.`);
      void refresh();
    } else void read.reload();
    setRemoving(null);
  }

  return (
    <>
      <PageHeader
        title="Allowed origins"
        intro="The sites your publishable keys work from. A browser call with a publishable key is refused (403 origin_not_allowed) unless the page's origin (scheme, host and port, matched exactly) is on this list, and the hosted scanner refuses to be embedded in frames on any other site. Secret keys on your server do not need an origin."
      />
      <Notice tone="success" testId="origins-status">
        {status}
      </Notice>
      {httpHint && (
        <div className="c-notice c-notice--warning" data-testid="localhost-http-hint">
          <p className="c-notice__text">
            An address typed without a scheme is stored as https, so this entry is <code>{httpHint.stored}</code>. Development servers on your own machine usually serve plain http: you probably meant <code>{httpHint.http}</code>.
          </p>
          <Button variant="secondary" onClick={useHttp} busy={add.busy} busyLabel="Adding…">
            Add {httpHint.http}
          </Button>
        </div>
      )}
      <Card title="Add an origin" titleId="add-origin-title">
        <ActionForm aria-labelledby="add-origin-title" action={add} onSubmit={submit} submitLabel="Add origin" busyLabel="Adding…">
          <TextField
            label="Origin"
            name="domain"
            autoComplete="off"
            spellCheck={false}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            error={add.fieldErrors.domain}
            hint={
              <>
                A hostname or URL, such as <code>shop.example.com</code> or <code>http://localhost:3000</code>. A bare hostname means https; paths are dropped; no wildcards, so add each subdomain.
              </>
            }
          />
        </ActionForm>
      </Card>
      <Card title="Your allowed origins" titleId="origins-list-title">
        <Notice tone="error">{remove.problem}</Notice>
        <DataGate state={read} what="your allowed origins">
          {() =>
            domains.length === 0 ? (
              <EmptyState title="No origins yet">Add the origin of each page that embeds the scanner, for example https://shop.example.com, with the form above.</EmptyState>
            ) : (
              <ul className="c-list" data-testid="origins-list" aria-labelledby="origins-list-title">
                {domains.map((d) => (
                  <li key={d} className="c-list__row">
                    <code className="c-list__main">{d}</code>
                    <Button variant="secondary" onClick={() => setRemoving(d)} aria-label={`Remove ${d}`}>
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </DataGate>
      </Card>
      <ConfirmDialog open={removing !== null} title={`Remove ${removing ?? "origin"}?`} confirmLabel="Remove origin" busy={remove.busy} onConfirm={confirmRemove} onCancel={() => setRemoving(null)}>
        <p>Publishable keys stop working on pages served from {removing}, and the scanner can no longer be embedded there. You can add it again at any time.</p>
      </ConfirmDialog>
    </>
  );
}
