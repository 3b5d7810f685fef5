import type { BlobStore } from "../storage/types";
import { FILES_PREFIX, uploadKey } from "../sessions/upload-key";

/** Keys looked at per listing page. */
const PAGE = 200;

/**
 * Every stored object of a session: its two-step upload key, the file row's key, and every
 * key under `files/` that starts with `files/<session id>`: each completion's document
 * (`files/<id>-<random>.pdf`) and whatever is stored beside it under a key derived from the
 * document's (page pictures). Found by listing `files/` from just before the session's keys,
 * so keys a file row no longer names (a completion that lost a race) are found too.
 */
export async function sessionObjectKeys(storage: BlobStore, sessionId: string, fileKey: string | null): Promise<string[]> {
  const keys = new Set<string>([uploadKey(sessionId)]);
  if (fileKey) keys.add(fileKey);
  const prefix = `${FILES_PREFIX}${sessionId}`;
  for (let after = prefix; ; ) {
    const page = await storage.list(FILES_PREFIX, PAGE, after);
    const mine = page.filter((o) => o.key.startsWith(prefix));
    for (const o of mine) keys.add(o.key);
    if (page.length < PAGE || mine.length < page.length) break;
    after = page[page.length - 1].key;
  }
  return [...keys];
}

/** Deletes every object of the session; the first failure throws (absent objects are not one). */
export async function deleteSessionObjects(storage: BlobStore, sessionId: string, fileKey: string | null): Promise<number> {
  const keys = await sessionObjectKeys(storage, sessionId, fileKey);
  for (const key of keys) await storage.delete(key);
  return keys.length;
}
