"use client";

import { useState } from "react";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Card, EmptyState } from "../ui/layout-parts";
import { Notice } from "../ui/notice";
import { ProfileNameForm } from "./profile-name-form";
import type { ScannerOverview, ScannerProfile } from "./types";
import { useProfileActions } from "./use-profile-actions";

interface ProfilesCardProps {
  overview: ScannerOverview;
  selectedId: string | null;
  replace: (next: ScannerOverview) => void;
  select: (id: string) => void;
}

/** The tenant's scanner profiles: which one is edited, which is the default, and the verbs on them. */
export function ProfilesCard({ overview, selectedId, replace, select }: ProfilesCardProps) {
  const actions = useProfileActions(overview, replace, select);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ScannerProfile | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const focusRow = (id: string, action: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-profile="${CSS.escape(id)}"] [data-action="${action}"]`)?.focus());

  async function makeDefault(profile: ScannerProfile) {
    setBusy(`default:${profile.id}`);
    await actions.makeDefault(profile);
    setBusy(null);
    focusRow(profile.id, "edit");
  }

  async function confirmDelete(profile: ScannerProfile) {
    setBusy(`delete:${profile.id}`);
    await actions.remove(profile);
    setBusy(null);
    setDeleting(null);
  }

  return (
    <Card title="Profiles" titleId="profiles-title">
      <p className="c-muted c-small">
        A session uses the profile its <code>scanner_id</code> names, or the default one. Sessions keep the settings they were created with.
      </p>
      {overview.profiles.length === 0 ? (
        <EmptyState title="No profiles yet">Create one below; it starts from the platform defaults.</EmptyState>
      ) : (
        <ul className="c-profiles" aria-labelledby="profiles-title">
          {overview.profiles.map((p) => {
            const isDefault = p.id === overview.default_profile_id;
            const isSelected = p.id === selectedId;
            return (
              <li key={p.id} className={isSelected ? "c-profile c-profile--selected" : "c-profile"} data-profile={p.id}>
                {renaming === p.id ? (
                  <ProfileNameForm
                    label={`New name for “${p.name}”`}
                    initial={p.name}
                    submitLabel="Save name"
                    busyLabel="Saving…"
                    onSubmit={async (name) => {
                      const problems = await actions.rename(p, name);
                      if (!problems) {
                        setRenaming(null);
                        focusRow(p.id, "rename");
                      }
                      return problems;
                    }}
                    onCancel={() => {
                      setRenaming(null);
                      focusRow(p.id, "rename");
                    }}
                  />
                ) : (
                  <>
                    <div className="c-profile__name">
                      <span className="c-swatch" style={{ background: p.scanner.theme.accent }} aria-hidden="true" />
                      <strong>{p.name}</strong>
                      {isDefault && <span className="c-badge c-badge--accent">Default</span>}
                      {isSelected && <span className="c-badge">Editing</span>}
                    </div>
                    <div className="c-actions">
                      {!isSelected && (
                        <Button variant="secondary" data-action="edit" onClick={() => select(p.id)}>
                          Edit settings<span className="c-visually-hidden"> of {p.name}</span>
                        </Button>
                      )}
                      <Button variant="ghost" data-action="rename" onClick={() => setRenaming(p.id)}>
                        Rename<span className="c-visually-hidden"> {p.name}</span>
                      </Button>
                      {!isDefault && (
                        <Button variant="ghost" data-action="default" busy={busy === `default:${p.id}`} busyLabel="Working…" onClick={() => void makeDefault(p)}>
                          Make default<span className="c-visually-hidden"> ({p.name})</span>
                        </Button>
                      )}
                      <Button variant="ghost" className="c-btn--danger-text" data-action="delete" onClick={() => setDeleting(p)}>
                        Delete<span className="c-visually-hidden"> {p.name}</span>
                      </Button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Notice tone="error" testId="profiles-problem">
        {actions.announcement?.tone === "error" ? actions.announcement.text : null}
      </Notice>
      <Notice tone="success" testId="profiles-status">
        {actions.announcement?.tone === "success" ? actions.announcement.text : null}
      </Notice>
      <h3 className="c-subhead">New profile</h3>
      <ProfileNameForm label="Profile name" hint="Starts from the platform defaults; change any setting after." submitLabel="Create profile" busyLabel="Creating…" onSubmit={actions.create} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ""}”?`}
        confirmLabel="Delete profile"
        busy={busy?.startsWith("delete:")}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Sessions already created with it keep their settings. Integrations that pass its <code>scanner_id</code> will get an error until they name another profile.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
