/** The hosted scanner's calls (client token), and the signed links: local storage's upload target and the download. */
import { z } from "zod";
import { JSON_BODY_LIMIT } from "../../request-body/body";
import { REPORT_TEXT_BYTES } from "../../request-body/report-room";
import { CompleteInput, FailInput, UploadJsonInput } from "../../sessions/schemas";
import { endpoints, jsonResponse as json } from "../endpoint";
import * as R from "../responses";

const SignedUrlQuery = z.object({
  exp: z.string().meta({ description: "Expiry, unix seconds." }),
  sig: z.string().meta({ description: "HMAC signature of the path and `exp`." }),
});
const Pdf = z.string().meta({ format: "binary", description: "The PDF's bytes." });
const MultipartUpload = z.object({
  session: z.string().optional().meta({ description: "The client token, unless sent as X-Client-Token; must come before `file`." }),
  pages: z.string().optional().meta({ description: "Page count (decimal digits)." }),
  report: z.string().optional().meta({ description: "JSON text of an array of PageReport objects, one per page in page order." }),
  file: Pdf,
});

export const SCANNER = endpoints({
  "GET /v1/scanner/config": {
    summary: "Open a session in the scanner",
    description: "Marks the session `opened` and returns what the scanner needs: settings and upload targets. `c` is the short code of the QR hand-off, an alternative to `t`.",
    tag: "Scanner",
    auth: "clientToken",
    query: z.object({ t: z.string().optional(), c: z.string().optional() }),
    handlerValidates: "query",
    noReferrer: true,
    responses: { 200: json("The scanner's configuration.", R.ScannerConfig) },
    errors: ["invalid_request", "invalid_token", "not_found", "session_expired", "token_already_used"],
  },
  "PUT /v1/scanner/blob": {
    summary: "Upload the PDF to local storage (presigned PUT)",
    description: "The local-storage stand-in for an S3 presigned PUT: the URL comes from the config's `upload.url`.",
    tag: "Scanner",
    auth: "signedUrl",
    query: SignedUrlQuery.extend({ key: z.string() }),
    handlerValidates: "query",
    rawBodies: { "application/pdf": Pdf },
    responses: { 204: { description: "Stored; call complete next." } },
    errors: ["invalid_signature", "invalid_request", "invalid_file", "empty_file", "file_too_large", "session_expired", "token_already_used", "request_timeout"],
  },
  "POST /v1/scanner/complete": {
    summary: "Complete after a presigned upload",
    tag: "Scanner",
    auth: "clientToken",
    body: CompleteInput,
    // Room for the page report's JSON text besides the fields.
    bodyLimit: JSON_BODY_LIMIT + REPORT_TEXT_BYTES,
    responses: { 200: json("The session is completed; one credit was spent.", R.UploadDone) },
    errors: ["invalid_token", "not_found", "session_expired", "token_already_used", "upload_not_found", "empty_file", "invalid_file", "file_too_large", "insufficient_credits"],
  },
  "POST /v1/scanner/upload": {
    summary: "Upload the PDF in one request",
    description: "Multipart (`session`, `pages`, then `file`) or JSON with a base64 `payload`. The client token may instead come in `X-Client-Token`.",
    tag: "Scanner",
    auth: "clientToken",
    headers: z.object({ "X-Client-Token": z.string().optional().meta({ description: "The client token, instead of the `session` field." }) }),
    // uploadDocument streams the request itself (multipart or JSON), under its own byte cap.
    rawBodies: { "application/json": UploadJsonInput, "multipart/form-data": MultipartUpload },
    responses: { 200: json("The session is completed; one credit was spent.", R.UploadDone) },
    errors: ["invalid_token", "invalid_request", "not_found", "session_expired", "token_already_used", "empty_file", "invalid_file", "file_too_large", "insufficient_credits", "request_timeout"],
  },
  "POST /v1/scanner/fail": {
    summary: "Report that the scan cannot be done",
    tag: "Scanner",
    auth: "clientToken",
    body: FailInput,
    responses: { 200: json("The session is failed; no credit is spent.", R.FailDone) },
    errors: ["invalid_token", "not_found", "session_expired", "token_already_used"],
  },
  "GET /v1/files/{id}": {
    summary: "Download a scanned PDF",
    description: "The signed link from `result.url`. Local storage streams the file; S3 answers 302 to a short presigned GET.",
    tag: "Files",
    auth: "signedUrl",
    query: SignedUrlQuery,
    handlerValidates: "query",
    responses: {
      200: { description: "The PDF.", contentTypes: ["application/pdf"] },
      302: { description: "Redirect to the object store." },
    },
    errors: ["invalid_signature", "not_found"],
  },
});
