// Worker-thread entry (run-in-worker.ts): one document in, its pictures or its refusal out.
import { parentPort, workerData } from "node:worker_threads";
import { extractPagePictures } from "./extract.mjs";

const result = await extractPagePictures(workerData.pdf, workerData.limits);
if ("pictures" in result) {
  // A picture is a view into the whole PDF: posted as is, each would carry the whole file.
  const pictures = result.pictures.map((p) => ({ contentType: p.contentType, bytes: p.bytes.slice() }));
  parentPort.postMessage({ pages: result.pages, pictures }, pictures.map((p) => p.bytes.buffer));
} else {
  parentPort.postMessage(result);
}
