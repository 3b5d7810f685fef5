/**
 * CCITT Group 4 (ITU-T T.6) for `bw` pages: each row is coded against the row above
 * (pass, vertical and horizontal modes), which is what a printed page is made of, edges
 * that move little from row to row. PDF readers decode it with /CCITTFaxDecode /K -1.
 * Pure TypeScript, no platform API: it runs in the scanner's worker.
 */

import type { Bitmap1 } from "../pixels";

/** A prefix code: `code` in the low `length` bits, written most significant bit first. */
interface Code {
  code: number;
  length: number;
}

const codes = (bits: string): Code[] => bits.trim().split(/\s+/).map((s) => ({ code: parseInt(s, 2), length: s.length }));

// T.4 table 2: terminating codes for runs 0..63, white then black.
const WHITE_TERMINATING = codes(`
  00110101 000111 0111 1000 1011 1100 1110 1111 10011 10100 00111 01000 001000 000011 110100 110101
  101010 101011 0100111 0001100 0001000 0010111 0000011 0000100 0101000 0101011 0010011 0100100 0011000 00000010 00000011 00011010
  00011011 00010010 00010011 00010100 00010101 00010110 00010111 00101000 00101001 00101010 00101011 00101100 00101101 00000100 00000101 00001010
  00001011 01010010 01010011 01010100 01010101 00100100 00100101 01011000 01011001 01011010 01011011 01001010 01001011 00110010 00110011 00110100`);
const BLACK_TERMINATING = codes(`
  0000110111 010 11 10 011 0011 0010 00011 000101 000100 0000100 0000101 0000111 00000100 00000111 000011000
  0000010111 0000011000 0000001000 00001100111 00001101000 00001101100 00000110111 00000101000 00000010111 00000011000 000011001010 000011001011 000011001100 000011001101 000001101000 000001101001
  000001101010 000001101011 000011010010 000011010011 000011010100 000011010101 000011010110 000011010111 000001101100 000001101101 000011011010 000011011011 000001010100 000001010101 000001010110 000001010111
  000001100100 000001100101 000001010010 000001010011 000000100100 000000110111 000000111000 000000100111 000000101000 000001011000 000001011001 000000101011 000000101100 000001011010 000001100110 000001100111`);

// T.4 table 3a: make-up codes for 64, 128, ... 1728.
const WHITE_MAKEUP = codes(`
  11011 10010 010111 0110111 00110110 00110111 01100100 01100101 01101000 01100111 011001100 011001101 011010010 011010011
  011010100 011010101 011010110 011010111 011011000 011011001 011011010 011011011 010011000 010011001 010011010 011000 010011011`);
const BLACK_MAKEUP = codes(`
  0000001111 000011001000 000011001001 000001011011 000000110011 000000110100 000000110101 0000001101100 0000001101101
  0000001001010 0000001001011 0000001001100 0000001001101 0000001110010 0000001110011 0000001110100 0000001110101
  0000001110110 0000001110111 0000001010010 0000001010011 0000001010100 0000001010101 0000001011010 0000001011011 0000001100100 0000001100101`);

// T.4 table 3b: make-up codes for 1792, 1856, ... 2560, the same for both colours.
const EXTENDED_MAKEUP = codes(`
  00000001000 00000001100 00000001101 000000010010 000000010011 000000010100 000000010101
  000000010110 000000010111 000000011100 000000011101 000000011110 000000011111`);

/** Make-up codes for 64 × (index + 1): the colour's own up to 1728, then the shared ones. */
const WHITE_RUNS = { terminating: WHITE_TERMINATING, makeup: [...WHITE_MAKEUP, ...EXTENDED_MAKEUP] };
const BLACK_RUNS = { terminating: BLACK_TERMINATING, makeup: [...BLACK_MAKEUP, ...EXTENDED_MAKEUP] };
type RunCodes = typeof WHITE_RUNS;

// T.4 table 4 (two-dimensional codes). VERTICAL[d + 3] codes a1 − b1 = d.
const PASS = codes("0001")[0];
const HORIZONTAL = codes("001")[0];
const VERTICAL = codes("0000010 000010 010 1 011 000011 0000011");
const EOL = codes("000000000001")[0];

/** The longest make-up code, repeated for runs beyond it. */
const MAX_MAKEUP = 2560;

/** Bits into a growing byte buffer, most significant first. */
class BitWriter {
  private out: Uint8Array;
  private at = 0;
  private acc = 0;
  private pending = 0;

  constructor(capacity: number) {
    this.out = new Uint8Array(Math.max(64, capacity));
  }

  put({ code, length }: Code): void {
    if (this.at + 4 > this.out.length) {
      const grown = new Uint8Array(this.out.length * 2);
      grown.set(this.out);
      this.out = grown;
    }
    this.acc = (this.acc << length) | code;
    this.pending += length;
    while (this.pending >= 8) {
      this.pending -= 8;
      this.out[this.at++] = (this.acc >>> this.pending) & 0xff;
    }
    this.acc &= (1 << this.pending) - 1;
  }

  /** The bytes written, the last one padded with zero bits. */
  finish(): Uint8Array {
    if (this.pending) this.put({ code: 0, length: 8 - this.pending });
    return this.out.slice(0, this.at);
  }
}

/** A run of one colour: make-up codes while it is 64 or more, then a terminating code. */
function putRun(w: BitWriter, run: number, table: RunCodes): void {
  while (run >= MAX_MAKEUP + 64) {
    w.put(table.makeup[MAX_MAKEUP / 64 - 1]);
    run -= MAX_MAKEUP;
  }
  if (run >= 64) {
    w.put(table.makeup[(run >> 6) - 1]);
    run &= 63;
  }
  w.put(table.terminating[run]);
}

/**
 * The row's changing elements (pixels whose colour differs from the one before; the one
 * before the first pixel is white) into `out`, followed by three copies of `width` so the
 * coder can look two changes past the last one. Even indices turn black, odd ones white.
 * Returns how many there are.
 */
export function changingElements(bits: Uint8Array, start: number, width: number, out: Int32Array): number {
  let n = 0, white = true;
  const bytes = (width + 7) >> 3;
  for (let i = 0; i < bytes; i++) {
    const v = bits[start + i];
    // 1 = white in the bitmap: the bits that differ from the current colour.
    let diff = white ? ~v & 0xff : v;
    while (diff) {
      const bit = Math.clz32(diff) - 24, x = (i << 3) + bit;
      if (x >= width) break; // padding bits past the row's end
      out[n++] = x;
      white = !white;
      diff = (white ? ~v : v) & (0xff >> (bit + 1));
    }
  }
  out[n] = out[n + 1] = out[n + 2] = width;
  return n;
}

/** Codes one row against the reference row's changing elements (T.4, 4.2.1.3). */
function encodeRow(w: BitWriter, cur: Int32Array, ref: Int32Array, width: number): void {
  // a0 starts on an imaginary white element before the first pixel; `colour` is a0's
  // (0 white, 1 black), so the next change on either row must turn to the other colour.
  let a0 = -1, colour = 0, ai = 0, bi = 0;
  while (a0 < width) {
    const a1 = cur[ai];
    // b1: the first change on the reference row right of a0 that turns to the colour
    // opposite a0's, i.e. an index of a0's parity. a0 only moves right, but a colour
    // flip may make the change just before the last b1 the right one, hence the step back.
    while (bi > 0 && ref[bi - 1] > a0) bi--;
    while (ref[bi] <= a0) bi++;
    if ((bi & 1) !== colour) bi++;
    const b1 = ref[bi], b2 = ref[bi + 1];
    if (b2 < a1) {
      w.put(PASS);
      a0 = b2;
    } else if (a1 - b1 <= 3 && b1 - a1 <= 3) {
      w.put(VERTICAL[a1 - b1 + 3]);
      a0 = a1;
      ai++;
      colour ^= 1;
    } else {
      const a2 = cur[ai + 1];
      w.put(HORIZONTAL);
      putRun(w, a1 - Math.max(a0, 0), colour ? BLACK_RUNS : WHITE_RUNS);
      putRun(w, a2 - a1, colour ? WHITE_RUNS : BLACK_RUNS);
      a0 = a2;
      ai += 2;
    }
  }
}

/**
 * The bitmap as a T.6 stream: no EOLs, rows not byte-aligned, EOFB at the end, white
 * coded as white (1 = white in `Bitmap1`, so /BlackIs1 false in a PDF).
 */
export function encodeG4(b: Bitmap1): Uint8Array {
  const w = new BitWriter(b.rowBytes * b.height >> 4);
  let ref = new Int32Array(b.width + 3), cur = new Int32Array(b.width + 3);
  ref.fill(b.width); // the imaginary all-white row above the first
  for (let y = 0; y < b.height; y++) {
    changingElements(b.bits, y * b.rowBytes, b.width, cur);
    encodeRow(w, cur, ref, b.width);
    [ref, cur] = [cur, ref];
  }
  w.put(EOL);
  w.put(EOL);
  return w.finish();
}
