"use client";

import { useState } from "react";
import { formatBytes, formatDateTime, formatNumber } from "../format";
import type { SessionDetail } from "../types";
import { Card } from "../ui/layout-parts";
import { downloadName } from "./download-name";
import { PageViewer } from "./page-viewer";

type Result = NonNullable<SessionDetail["result"]>;

/**
 * The scanned document: page pictures (each opens full size in the viewer), count, size, and
 * a download through a short-lived signed link, named after the session and its order reference.
 */
export function DocumentCard({ sessionId, result, metadata }: { sessionId: string; result: Result; metadata: Record<string, unknown> }) {
  const pages = Array.from({ length: result.page_count }, (_, i) => i + 1);
  const [viewing, setViewing] = useState<number | null>(null);
  const name = downloadName(sessionId, metadata);
  return (
    <Card title="The scanned document" titleId="result">
      <p data-testid="document-facts">
        {formatNumber(result.page_count)} {result.page_count === 1 ? "page" : "pages"}, {formatBytes(result.bytes)} PDF.{" "}
        {result.available ? `Kept until ${formatDateTime(result.retained_until)}.` : `Deleted at the end of its retention, ${formatDateTime(result.retained_until)}.`}
      </p>
      {result.available && result.url ? (
        <>
          <ol className="c-thumbs" aria-label="Pages">
            {pages.map((n) => (
              <li key={n}>
                {/* The page's own picture from the PDF, served to the console only; lazy, as documents run to 20 pages. */}
                {/* Named by what it shows ("Page 2"), then what it does: a name that starts with the visible text. */}
                <button type="button" className="c-thumbs__open" onClick={() => setViewing(n)}>
                  <PagePicture src={`/v1/dashboard/sessions/${encodeURIComponent(sessionId)}/pages/${n}`} n={n} />
                  <span className="c-visually-hidden"> (open full size)</span>
                </button>
              </li>
            ))}
          </ol>
          <div className="c-actions">
            <a className="c-btn c-btn--primary" href={result.url} download={name} data-testid="download-pdf" onClick={(e) => saveAs(e, result.url!, name)}>
              Download PDF
            </a>
          </div>
          {viewing !== null && <PageViewer sessionId={sessionId} pageCount={result.page_count} start={viewing} onClose={() => setViewing(null)} />}
          <p className="c-muted">The link is signed and short-lived, the same as <code>result.url</code> your server gets; reload the page for a fresh one.</p>
        </>
      ) : (
        <p className="c-notice c-notice--warning" data-testid="document-gone">
          The file is no longer kept (files are kept for FILE_RETENTION_SECONDS, a day by default), so it can no longer be seen or downloaded. Its page count, size and quality report stay.
        </p>
      )}
    </Card>
  );
}

/**
 * Saves the PDF under `name`. A link's `download` name is ignored across origins (S3 answers
 * with a redirect) and loses to the file route's own Content-Disposition, so the bytes are
 * fetched and saved from memory; if that fails, the plain link is followed.
 */
async function saveAs(e: React.MouseEvent, url: string, name: string) {
  e.preventDefault();
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(String(res.status));
    const href = URL.createObjectURL(await res.blob());
    const a = Object.assign(document.createElement("a"), { href, download: name });
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch {
    window.location.href = url;
  }
}

/** One page's picture and its number (which names it: the image itself is decorative); a PDF made elsewhere may hold none the console can show, which it then says. */
function PagePicture({ src, n }: { src: string; n: number }) {
  const [missing, setMissing] = useState(false);
  return (
    <>
      {missing ? <span className="c-thumbs__none">No picture of this page</span> : <img src={src} alt="" loading="lazy" decoding="async" onError={() => setMissing(true)} />}
      <span className="c-thumbs__n">Page {n}</span>
    </>
  );
}
