"use client";

import { useState } from "react";
import { api, ConsoleApiError, type FieldErrors } from "../api";
import { describeError } from "../messages";
import type { ProfileUpdated, ScannerOverview, ScannerProfile } from "./types";

export type Announcement = { tone: "success" | "error"; text: string } | null;

const profilePath = (id: string) => `/v1/dashboard/scanner/profiles/${encodeURIComponent(id)}`;

export function asApiError(err: unknown): ConsoleApiError {
  return err instanceof ConsoleApiError ? err : new ConsoleApiError(0, "network", String(err));
}

/**
 * The profile list's verbs (create, rename, make default, delete) over the page's copy of
 * `GET /v1/dashboard/scanner`: each applies the API's answer to that copy and says what
 * happened. Name problems come back as `fields` for the form that asked.
 */
export function useProfileActions(overview: ScannerOverview, replace: (next: ScannerOverview) => void, select: (id: string) => void) {
  const [announcement, setAnnouncement] = useState<Announcement>(null);
  const say = (tone: "success" | "error", text: string) => setAnnouncement({ tone, text });

  function applyUpdate(updated: ProfileUpdated) {
    replace({
      ...overview,
      default_profile_id: updated.default_profile_id,
      profiles: overview.profiles.map((p) => (p.id === updated.profile.id ? updated.profile : p)),
    });
  }

  /** Runs a name-changing call; resolves to the field problems to show, or null when it worked. */
  async function withName(run: () => Promise<void>): Promise<FieldErrors | null> {
    try {
      await run();
      return null;
    } catch (err) {
      const error = asApiError(err);
      if (error.fields.name) return error.fields;
      say("error", describeError(error));
      return {};
    }
  }

  return {
    announcement,
    applyUpdate,
    create: (name: string) =>
      withName(async () => {
        const { profile } = await api.post<{ profile: ScannerProfile }>("/v1/dashboard/scanner/profiles", { name });
        replace({ ...overview, profiles: [...overview.profiles, profile] });
        select(profile.id);
        say("success", `Created “${profile.name}” from the platform defaults. Its settings are open below.`);
      }),
    rename: (profile: ScannerProfile, name: string) =>
      withName(async () => {
        const updated = await api.put<ProfileUpdated>(profilePath(profile.id), { name });
        applyUpdate(updated);
        say("success", `Renamed “${profile.name}” to “${updated.profile.name}”.`);
      }),
    async makeDefault(profile: ScannerProfile) {
      try {
        applyUpdate(await api.put<ProfileUpdated>(profilePath(profile.id), { make_default: true }));
        say("success", `“${profile.name}” is now the default: sessions that name no profile use it.`);
      } catch (err) {
        say("error", describeError(asApiError(err)));
      }
    },
    async remove(profile: ScannerProfile): Promise<boolean> {
      try {
        await api.delete(profilePath(profile.id));
        // The page falls back to the default profile when the one being edited is gone.
        replace({ ...overview, profiles: overview.profiles.filter((p) => p.id !== profile.id) });
        say("success", `Deleted “${profile.name}”. Sessions created with it keep their settings.`);
        return true;
      } catch (err) {
        say("error", describeError(asApiError(err), {
          default_profile: `“${profile.name}” is the default profile, so it cannot be deleted. Make another profile the default first (or create one), then delete this one.`,
        }));
        return false;
      }
    },
  };
}
