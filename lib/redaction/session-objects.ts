import type { BlobStore } from "../storage/types";
import { pagePicturesFolder } from "../files/page-pictures/stored";
import { FILES_PREFIX, uploadKey } from "../sessions/upload-key";

/** Keys looked at per listing page. */
const PAGE = 200;

/**
 * Every stored object of a session: its two-step upload key, the file row's key, every key
 * under `files/` that starts with `files/<session id>` (each completion's document,
 * `files/<id>-<random>.pdf`), and each document's page pictures (`page-pictures/<document
 * key>/…`). Found by listing from just before the session's keys, so keys a file row no longer
 * names (a completion that lost a race) are found too.
 */
export async function sessionObjectKeys(storage: BlobStore, sessionId: string, fileKey: string | null): Promise<string[]> {
  const documents = new Set(await keysStartingWith(storage, FILES_PREFIX, `${FILES_PREFIX}${sessionId}`));
  if (fileKey) documents.add(fileKey);
  const keys = new Set<string>([uploadKey(sessionId), ...documents]);
  for (const document of documents) {
    const folder = pagePicturesFolder(document);
    for (const key of await keysStartingWith(storage, folder, folder)) keys.add(key);
  }
  return [...keys];
}

/** The keys under `folder` that start with `prefix`, listed from just before them. */
async function keysStartingWith(storage: BlobStore, folder: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for (let after = prefix; ; ) {
    const page = await storage.list(folder, PAGE, after);
    const mine = page.filter((o) => o.key.startsWith(prefix));
    found.push(...mine.map((o) => o.key));
    if (page.length < PAGE || mine.length < page.length) break;
    after = page[page.length - 1].key;
  }
  return found;
}

/** Deletes every object of the session; the first failure throws (absent objects are not one). */
export async function deleteSessionObjects(storage: BlobStore, sessionId: string, fileKey: string | null): Promise<number> {
  const keys = await sessionObjectKeys(storage, sessionId, fileKey);
  for (const key of keys) await storage.delete(key);
  return keys.length;
}
