import { ScanFailure, failureFromResponse } from "./errors";

export interface HttpRequest {
  method: "GET" | "POST" | "PUT";
  url: string;
  body?: XMLHttpRequestBodyInit | null;
  headers?: Record<string, string>;
  /** Called with 0..1 while the body uploads. */
  onProgress?: (fraction: number) => void;
}

/**
 * One request over XMLHttpRequest (fetch has no upload progress). Resolves with
 * the parsed JSON body of a 2xx; rejects with a ScanFailure ("network" for a
 * transport error, which the caller may retry).
 */
export function sendRequest(r: HttpRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(r.method, r.url);
    for (const [k, v] of Object.entries(r.headers ?? {})) xhr.setRequestHeader(k, v);
    if (r.onProgress) {
      const report = r.onProgress;
      xhr.upload.onprogress = (e) => e.lengthComputable && report(e.loaded / e.total);
    }
    xhr.onerror = () => reject(new ScanFailure("network", "transport error"));
    xhr.ontimeout = () => reject(new ScanFailure("network", "timeout"));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(failureFromResponse(xhr.status, body));
    };
    xhr.send(r.body ?? null);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
