/** A small valid PDF and the phone's upload of it, through `POST /v1/scanner/upload`. */
import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { api } from "./api";

export async function tinyPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`page ${i + 1}`, { x: 50, y: 780, size: 24 });
  return Buffer.from(await doc.save());
}

const PHOTO = readFileSync(new URL("../../fixtures/camera-frames/0092.jpg", import.meta.url));

/** A PDF as the scanner makes it: one JPEG picture per page. */
export async function scannedPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(PHOTO);
  for (let i = 0; i < pages; i++) doc.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0 });
  return Buffer.from(await doc.save());
}

/** Completes a session exactly as the scanner does on its one-request path. */
export async function uploadPdf(clientToken: string, pdf: Buffer, pages: number) {
  const res = await api("POST", "/v1/scanner/upload", { json: { session: clientToken, payload: pdf.toString("base64"), pages } });
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { status: string; session_id: string; result: { url: string; page_count: number; bytes: number; content_type: string } };
}
