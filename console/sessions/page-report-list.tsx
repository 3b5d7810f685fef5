import type { CaptureSource, CornerOrigin, PageReport, PageWarning } from "@/scanner/contract";
import { formatNumber } from "../format";
import { FILTER_WORDS } from "../scanner/filter-words";
import { brightnessVerdict, cornersVerdict, dpiVerdict, evennessVerdict, glareVerdict, percent, sharpnessVerdict, type Verdict } from "./page-quality";

const SOURCE_WORDS: Record<CaptureSource, string> = { camera: "Live camera", file: "A photo picked from the phone" };
const CORNER_WORDS: Record<CornerOrigin, string> = { detected: "Found by the scanner", adjusted: "Set by hand", default: "Not found; the whole frame was kept" };
const WARNING_WORDS: Record<PageWarning, string> = { blurry: "blurry", dark: "too dark", glare: "glare", low_resolution: "too far (low resolution)" };
const VERDICT_WORDS: Record<Verdict, { text: string; tone: string }> = {
  good: { text: "good", tone: "c-badge--success" },
  fair: { text: "fair", tone: "c-badge--warning" },
  poor: { text: "poor", tone: "c-badge--danger" },
};

function Judged({ value, verdict }: { value: string; verdict: Verdict }) {
  const { text, tone } = VERDICT_WORDS[verdict];
  return (
    <>
      {value} <span className={`c-badge ${tone}`}>{text}</span>
    </>
  );
}

/**
 * The scanner's per-page quality report (`result.pages`) in words: one short block per page,
 * label above value below 480 px, so it reads on a phone without scrolling sideways. Each
 * number carries its verdict in words ("good", "fair", "poor"), never by colour alone.
 */
export function PageReportList({ pages }: { pages: PageReport[] }) {
  if (pages.length === 0) return null;
  return (
    <ol className="c-page-reports" data-testid="page-reports">
      {pages.map((p, i) => (
        <li key={i} className="c-page-report">
          <h3 className="c-page-report__title">
            Page {i + 1} · {FILTER_WORDS[p.filter].label}
          </h3>
          <dl className="c-details">
            <dt>Sharpness</dt>
            <dd>
              <Judged value={p.sharpness.toFixed(2)} verdict={sharpnessVerdict(p.sharpness)} />
            </dd>
            <dt>Glare</dt>
            <dd>
              <Judged value={percent(p.glare)} verdict={glareVerdict(p.glare)} />
            </dd>
            <dt>Paper brightness</dt>
            <dd>
              <Judged value={p.brightness.toFixed(2)} verdict={brightnessVerdict(p.brightness)} />
            </dd>
            <dt>Uneven light</dt>
            <dd>
              <Judged value={`${percent(p.unevenness_before)} → ${percent(p.unevenness_after)}`} verdict={evennessVerdict(p.unevenness_after)} />
            </dd>
            <dt>Corners</dt>
            <dd>
              <Judged value={p.corners === "detected" ? `${CORNER_WORDS.detected} (confidence ${percent(p.confidence)})` : CORNER_WORDS[p.corners]} verdict={cornersVerdict(p)} />
            </dd>
            <dt>Resolution</dt>
            <dd>
              <Judged value={`${formatNumber(p.dpi)} dpi, ${formatNumber(p.width)} × ${formatNumber(p.height)} px`} verdict={dpiVerdict(p.dpi)} />
            </dd>
            <dt>Taken with</dt>
            <dd>{SOURCE_WORDS[p.source]}</dd>
            <dt>Kept despite</dt>
            <dd>{p.warnings.length > 0 ? p.warnings.map((w) => WARNING_WORDS[w]).join(", ") : "no warning"}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
