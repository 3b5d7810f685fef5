import type { Locale } from "../contract";
import { Recognizer } from "./recognizer";
import { ReadingQueue } from "./reading-queue";

export interface ReadingSession {
  queue: ReadingQueue;
  dispose(): void;
}

/**
 * The recognizer and its queue for one scanner session, the engine warming at once. A module
 * of its own so the scanner loads it (as a separate chunk) only on sessions with OCR.
 */
export function startReading(locale: Locale, origin: string, onChange: () => void): ReadingSession {
  const recognizer = new Recognizer(locale, origin);
  const queue: ReadingQueue = new ReadingQueue(recognizer, onChange);
  recognizer.warm();
  return { queue, dispose: () => recognizer.dispose() };
}
