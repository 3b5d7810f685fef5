"use client";
import type { LiveDetection } from "../worker/protocol";

/**
 * The detected page drawn over the preview. The SVG uses the video's own pixel
 * size as its viewBox with `meet`, which matches the video's `object-fit: contain`,
 * so normalised corners land on the same screen pixels as the image.
 */
export function Overlay({ detection, width, height }: { detection: LiveDetection | null; width: number; height: number }) {
  if (!width || !height) return null;
  const q = detection?.corners;
  const points = q?.map(([x, y]) => `${x * width},${y * height}`).join(" ");
  return (
    <svg className="ds-overlay" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="xMidYMid meet" aria-hidden="true"
      data-detected={q ? "true" : "false"} data-stable={detection?.stable ? "true" : "false"}>
      {points && (
        <polygon points={points} className={detection?.stable ? "ds-quad ds-quad-stable" : "ds-quad"}
          style={{ strokeWidth: Math.max(width, height) / 160 }} />
      )}
    </svg>
  );
}
