"use client";

import { useState } from "react";
import { formatBytes, formatDateTime, formatNumber } from "../format";
import type { SessionDetail } from "../types";
import { Card } from "../ui/layout-parts";

type Result = NonNullable<SessionDetail["result"]>;

/** The scanned document: page pictures, count, size, and a download through a short-lived signed link. */
export function DocumentCard({ sessionId, result }: { sessionId: string; result: Result }) {
  const pages = Array.from({ length: result.page_count }, (_, i) => i + 1);
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
                <PagePicture src={`/v1/dashboard/sessions/${encodeURIComponent(sessionId)}/pages/${n}`} n={n} />
              </li>
            ))}
          </ol>
          <div className="c-actions">
            <a className="c-btn c-btn--primary" href={result.url} download={`${sessionId}.pdf`} data-testid="download-pdf">
              Download PDF
            </a>
          </div>
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

/** One page's picture; a PDF made elsewhere may hold none the console can show, which it then says. */
function PagePicture({ src, n }: { src: string; n: number }) {
  const [missing, setMissing] = useState(false);
  return (
    <>
      {missing ? <span className="c-thumbs__none">No picture of this page</span> : <img src={src} alt={`Page ${n}`} loading="lazy" decoding="async" onError={() => setMissing(true)} />}
      <span className="c-thumbs__n">Page {n}</span>
    </>
  );
}
