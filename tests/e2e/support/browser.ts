import { chromium, type Browser } from "playwright-core";
import { chromiumPath } from "./chromium";

export interface LaunchOptions {
  /** A .y4m (or .mjpeg) file the fake camera plays in a loop. */
  fakeVideoFile?: string;
  /** false: no camera device at all (getUserMedia fails), for the file-input fallback. */
  camera?: boolean;
}

/**
 * Headless Debian Chromium with the flags this machine needs (no background networking,
 * which the closed network would refuse) and, optionally, a fake camera.
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const path = chromiumPath();
  if (!path) throw new Error("Chromium not found: apt-get install -y chromium");
  const args = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--use-fake-ui-for-media-stream",
  ];
  if (options.camera !== false) args.push("--use-fake-device-for-media-stream");
  if (options.fakeVideoFile) args.push(`--use-file-for-fake-video-capture=${options.fakeVideoFile}`);
  return chromium.launch({ executablePath: path, headless: true, args });
}
