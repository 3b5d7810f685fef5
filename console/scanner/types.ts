import type { z } from "zod";
import type * as R from "@/lib/openapi/responses";

/** The shapes of `/v1/dashboard/scanner*`: the API's response schemas, as types only (see ../types.ts). */
export type ScannerProfile = z.infer<typeof R.Profile>;
export type ScannerOverview = z.infer<typeof R.ScannerOverview>;
export type ProfileUpdated = z.infer<typeof R.UpdatedProfile>;
/** `POST /v1/dashboard/scanner/preview-session` answers like `POST /v1/sessions`. */
export type PreviewSession = z.infer<typeof R.CreatedSession>;
