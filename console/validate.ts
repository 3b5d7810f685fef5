import type { z } from "zod";
import { issuesToFields } from "@/lib/validation";
import type { FieldErrors } from "./api";

/**
 * Checks a form against the same zod schema the API validates with, and reports problems
 * keyed and worded as the API's `fields` would be, so the form shows one kind of message
 * whether it was caught in the browser or on the server.
 */
export function validateWith(schema: z.ZodType, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values);
  return result.success ? null : issuesToFields(result.error.issues);
}
