import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { placedPage, renderScene, worstCornerError } from "./synthetic";

const root = path.resolve(__dirname, "../../..");

describe("npm run detect", () => {
  it("prints one JSON line per PNG or JPEG with corners in the original pixels", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "detect-cli-"));
    const corners = placedPage(500, 380, 380, 520, 15);
    const f = renderScene({ width: 1000, height: 760, corners, background: "wood" });
    const png = new PNG({ width: f.width, height: f.height });
    png.data = Buffer.from(f.data);
    const pngFile = path.join(dir, "page.png"), jpgFile = path.join(dir, "page.jpg");
    writeFileSync(pngFile, PNG.sync.write(png));
    writeFileSync(jpgFile, jpeg.encode({ data: Buffer.from(f.data), width: f.width, height: f.height }, 90).data);
    const out = execFileSync(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/detect.ts"), pngFile, jpgFile], { encoding: "utf8" });
    const lines = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.file)).toEqual([pngFile, jpgFile]);
    for (const l of lines) {
      expect(Object.keys(l).sort()).toEqual(["confidence", "corners", "file", "ms"]);
      expect(l.corners).toHaveLength(4);
      expect(worstCornerError(l.corners, corners)).toBeLessThan(10);
      expect(l.confidence).toBeGreaterThan(0);
      expect(l.confidence).toBeLessThanOrEqual(1);
      expect(typeof l.ms).toBe("number");
    }
  }, 120_000);
});
