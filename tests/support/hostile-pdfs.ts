import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

/**
 * Hand-written PDFs of the shapes the security review used against the console's page pictures.
 * Each has a first page whose picture is a real JPEG, so a reader without limits answers 200
 * with it (after its stall) and a test expecting a refusal fails there.
 */
export const JPEG = readFileSync(new URL("../fixtures/camera-frames/0092.jpg", import.meta.url));

type Body = string | Buffer;

/** A PDF from object bodies (object n is `bodies[n - 1]`), with a classic xref table; object 1 is the catalog. */
export function rawPdf(bodies: Body[]): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let at = parts[0].length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"), Buffer.from("\nendobj\n")]);
    parts.push(obj);
    at += obj.length;
  });
  const xref = [`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

export function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from("\nendstream")]);
}

const image = (jpeg: Buffer = JPEG) => stream("/Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode", jpeg);
const page = (parent: number, extra = "") => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 8 8] /Resources << /XObject << /Im 4 0 R >> >>${extra} >>`;

/** One JPEG page (objects 1-4), then `more`. */
function withJpegPage(more: Body[], pageExtra = ""): Body[] {
  return ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", page(2, pageExtra), image(), ...more];
}

/** An object stream whose Flate data inflates to `mib` MiB of spaces (the review's bomb). */
export function objectStreamBomb(mib: number): Buffer {
  const data = deflateSync(Buffer.concat([Buffer.from("6 0 "), Buffer.alloc(mib << 20, 0x20)]), { level: 9 });
  return rawPdf(withJpegPage([stream("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", data)]));
}

/** A page tree whose every node's `/Kids` is `[next next]`, `levels` deep: 2^levels leaves, all one page. */
export function branchingPageTree(levels: number): Buffer {
  const bodies: Body[] = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [5 0 R 5 0 R] /Count 2 >>", page(2), image()];
  for (let i = 0; i < levels; i++) {
    const n = 5 + i;
    bodies.push(i === levels - 1 ? "<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>" : `<< /Type /Pages /Kids [${n + 1} 0 R ${n + 1} 0 R] /Count 2 >>`);
  }
  return rawPdf(bodies);
}

/** `count` flat pages, the first with the JPEG. */
export function manyPages(count: number): Buffer {
  const kids = ["3 0 R", ...Array.from({ length: count - 1 }, (_, i) => `${5 + i} 0 R`)];
  const bodies: Body[] = ["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${count} >>`, page(2), image()];
  for (let i = 1; i < count; i++) bodies.push("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 8 8] >>");
  return rawPdf(bodies);
}

/** A page whose `/Thumb` is `bytes` declared as a JPEG. */
export function withThumb(bytes: Buffer): Buffer {
  return rawPdf(withJpegPage([stream("/Filter /DCTDecode", bytes)], " /Thumb 5 0 R"));
}
