import { ocrAssetResponse } from "@/lib/scanner-assets/ocr-assets";

export const dynamic = "force-dynamic";

/** The scanner's text-recognition engine and language data, from our own origin (lib/scanner-assets). */
export async function GET(_req: Request, { params }: { params: Promise<{ asset: string[] }> }): Promise<Response> {
  const [version = "", ...rest] = (await params).asset;
  return ocrAssetResponse(version, rest.join("/"));
}
