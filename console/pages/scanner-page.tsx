"use client";

import { useCallback, useRef, useState } from "react";
import { describeError } from "../messages";
import { ProfilesCard } from "../scanner/profiles-card";
import { ScannerPreview } from "../scanner/scanner-preview";
import { SettingsEditor } from "../scanner/settings-editor";
import type { ProfileUpdated, ScannerOverview } from "../scanner/types";
import { useApiData } from "../use-api-data";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Card, EmptyState, Loading, PageHeader } from "../ui/layout-parts";
import { Notice } from "../ui/notice";

/**
 * Scanner profiles, an editor for every setting of the chosen one, and the real scanner
 * beside it as a live preview (below it on narrow screens).
 */
export function ScannerPage() {
  const { data, error, loading, reload, setData } = useApiData<ScannerOverview>("/v1/dashboard/scanner");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saves, setSaves] = useState(0);
  const dirty = useRef(false);
  const markDirty = useCallback((d: boolean) => (dirty.current = d), []);

  const header = <PageHeader title="Scanner" intro="How the hosted scanner looks and behaves for the people who scan: brand, colours, language, capture options, watermark." />;
  if (!data) {
    return (
      <>
        {header}
        {error ? (
          <>
            <Notice tone="error">{describeError(error)}</Notice>
            <Button onClick={() => void reload()} busy={loading} busyLabel="Loading…">
              Try again
            </Button>
          </>
        ) : (
          <Loading what="your scanner profiles" />
        )}
      </>
    );
  }

  const selected = data.profiles.find((p) => p.id === selectedId) ?? data.profiles.find((p) => p.id === data.default_profile_id) ?? data.profiles[0] ?? null;

  /** Switches the edited profile, after asking when the current one has unsaved changes. */
  function choose(id: string) {
    if (id === selected?.id) return;
    if (dirty.current && selected && !window.confirm(`Discard your unsaved changes to “${selected.name}”?`)) return;
    dirty.current = false;
    setSelectedId(id);
  }

  function saved(updated: ProfileUpdated) {
    if (!data) return;
    setData({ ...data, default_profile_id: updated.default_profile_id, profiles: data.profiles.map((p) => (p.id === updated.profile.id ? updated.profile : p)) });
    setSaves((n) => n + 1);
  }

  return (
    <>
      {header}
      <ProfilesCard overview={data} selectedId={selected?.id ?? null} replace={setData} select={choose} />
      {selected ? (
        <div className="c-scanner-layout">
          <Card
            title={`Settings of “${selected.name}”`}
            titleId="editor-title"
            actions={
              <span className="c-profile-id">
                <code id="profile-id">{selected.id}</code>
                <CopyButton value={selected.id} label="Copy scanner_id" fallbackTargetId="profile-id" />
              </span>
            }
          >
            <SettingsEditor key={selected.id} profile={selected} onSaved={saved} onDirty={markDirty} />
          </Card>
          <div className="c-scanner-layout__preview">
            <ScannerPreview profile={selected} refreshKey={saves} />
          </div>
        </div>
      ) : (
        <EmptyState title="No profile to edit">Create a profile above; sessions use the platform defaults until then.</EmptyState>
      )}
    </>
  );
}
