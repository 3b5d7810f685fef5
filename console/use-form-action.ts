"use client";

import { useCallback, useState } from "react";
import type { z } from "zod";
import { ConsoleApiError, type FieldErrors } from "./api";
import { describeError } from "./messages";
import { validateWith } from "./validate";

export const FIELDS_NEED_ATTENTION = "Some fields need attention; see the messages next to them.";

/** Any thrown value as a `ConsoleApiError`, so a page has one kind of error to describe. */
export function toApiError(err: unknown): ConsoleApiError {
  return err instanceof ConsoleApiError ? err : new ConsoleApiError(0, "network", String(err));
}

/** Moves focus to the first field marked invalid, after React has rendered the messages. */
export function focusFirstInvalid(): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>("main [aria-invalid='true']")?.focus());
}

export interface FormAction {
  busy: boolean;
  fieldErrors: FieldErrors;
  /** The last failure in plain words, for a `Notice tone="error"`. */
  problem: string | null;
  /** Checks `values` with the API's own schema; on failure shows the field errors and returns false. */
  check: (schema: z.ZodType, values: unknown) => boolean;
  /** Runs one API call with a busy state; an error lands in `fieldErrors`/`problem` and gives `undefined`. */
  run: <T>(call: () => Promise<T>) => Promise<T | undefined>;
  clear: () => void;
}

/**
 * The state every console form and button shares: busy while the call waits, the API's
 * `fields` kept for their inputs, and the error in words (`messages` overrides per code).
 */
export function useFormAction(messages: Record<string, string> = {}): FormAction {
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  const clear = useCallback(() => {
    setFieldErrors({});
    setProblem(null);
  }, []);

  const check = useCallback((schema: z.ZodType, values: unknown) => {
    const invalid = validateWith(schema, values);
    setFieldErrors(invalid ?? {});
    setProblem(invalid ? FIELDS_NEED_ATTENTION : null);
    if (invalid) focusFirstInvalid();
    return !invalid;
  }, []);

  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      clear();
      try {
        return await call();
      } catch (err) {
        const error = toApiError(err);
        setFieldErrors(error.fields);
        setProblem(describeError(error, messages));
        if (Object.keys(error.fields).length > 0) focusFirstInvalid();
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    // `messages` is a literal per page: its identity does not matter.
    [clear],
  );

  return { busy, fieldErrors, problem, check, run, clear };
}
