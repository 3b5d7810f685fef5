/**
 * A baseline JPEG encoder for one channel (grey), because a canvas can only write
 * three-channel JPEGs: a grey page as YCbCr carries two chroma planes of nothing, and
 * the PDF then says DeviceRGB. One component, the standard (Annex K) luminance tables
 * scaled by quality as libjpeg does, the AAN forward DCT.
 */

const ZIGZAG = new Uint8Array([
  0, 1, 5, 6, 14, 15, 27, 28, 2, 4, 7, 13, 16, 26, 29, 42, 3, 8, 12, 17, 25, 30, 41, 43, 9, 11, 18, 24, 31, 40, 44, 53,
  10, 19, 23, 32, 39, 45, 52, 54, 20, 22, 33, 38, 46, 51, 55, 60, 21, 34, 37, 47, 50, 56, 59, 61, 35, 36, 48, 49, 57, 58, 62, 63,
]);

const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];

const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_COUNTS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08,
  0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
  0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
  0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
  0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
  0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
  0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

/** AAN scale factors of the forward DCT, folded into the quantisation divisors. */
const AAN = [1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961, 0.275899379];

interface Huffman { code: Uint16Array; length: Uint8Array }

function huffman(counts: number[], values: number[]): Huffman {
  const code = new Uint16Array(256), length = new Uint8Array(256);
  let next = 0, k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < counts[len - 1]; i++, k++) {
      code[values[k]] = next++;
      length[values[k]] = len;
    }
    next <<= 1;
  }
  return { code, length };
}

const DC = huffman(DC_COUNTS, DC_VALUES);
const AC = huffman(AC_COUNTS, AC_VALUES);

/** The luminance table for a quality of 1..100, in natural order (libjpeg's scaling). */
export function quantTable(quality: number): Uint8Array {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return Uint8Array.from(LUMA_QUANT, (v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

/** Bits of the entropy-coded segment, with 0xFF byte stuffing. */
class BitWriter {
  private buf = new Uint8Array(1 << 16);
  private len = 0;
  private acc = 0;
  private count = 0;

  write(code: number, bits: number): void {
    this.acc = (this.acc << bits) | (code & ((1 << bits) - 1));
    this.count += bits;
    while (this.count >= 8) {
      const byte = (this.acc >>> (this.count - 8)) & 0xff;
      this.byte(byte);
      if (byte === 0xff) this.byte(0);
      this.count -= 8;
    }
    this.acc &= (1 << this.count) - 1;
  }

  /** Pads the last byte with one-bits, as the standard asks. */
  flush(): void {
    if (this.count > 0) this.write(0x7f, 8 - this.count);
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }

  byte(b: number): void {
    if (this.len === this.buf.length) {
      const grown = new Uint8Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.len++] = b;
  }
}

/** Bit size of a coefficient (its JPEG "category"). */
function category(v: number): number {
  let a = v < 0 ? -v : v, n = 0;
  while (a) {
    n++;
    a >>= 1;
  }
  return n;
}

function forwardDct(d: Float32Array): void {
  for (let o = 0; o < 64; o += 8) dct8(d, o, 1);
  for (let o = 0; o < 8; o++) dct8(d, o, 8);
}

/** One 8-point AAN forward DCT over d[o], d[o+s], ..., d[o+7s], in place (unscaled). */
function dct8(d: Float32Array, o: number, s: number): void {
  const d0 = d[o], d1 = d[o + s], d2 = d[o + 2 * s], d3 = d[o + 3 * s];
  const d4 = d[o + 4 * s], d5 = d[o + 5 * s], d6 = d[o + 6 * s], d7 = d[o + 7 * s];
  const t0 = d0 + d7, t7 = d0 - d7, t1 = d1 + d6, t6 = d1 - d6, t2 = d2 + d5, t5 = d2 - d5, t3 = d3 + d4, t4 = d3 - d4;
  let t10 = t0 + t3;
  const t13 = t0 - t3;
  let t11 = t1 + t2, t12 = t1 - t2;
  d[o] = t10 + t11;
  d[o + 4 * s] = t10 - t11;
  const z1 = (t12 + t13) * 0.707106781;
  d[o + 2 * s] = t13 + z1;
  d[o + 6 * s] = t13 - z1;
  t10 = t4 + t5;
  t11 = t5 + t6;
  t12 = t6 + t7;
  const z5 = (t10 - t12) * 0.382683433, z2 = 0.5411961 * t10 + z5, z4 = 1.306562965 * t12 + z5, z3 = t11 * 0.707106781;
  const z11 = t7 + z3, z13 = t7 - z3;
  d[o + 5 * s] = z13 + z2;
  d[o + 3 * s] = z13 - z2;
  d[o + s] = z11 + z4;
  d[o + 7 * s] = z11 - z4;
}

function segment(out: number[], marker: number, body: number[]): void {
  out.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
}

function headers(width: number, height: number, quant: Uint8Array): number[] {
  const out = [0xff, 0xd8];
  segment(out, 0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]); // JFIF 1.1, no density, no thumbnail
  const zq = new Array<number>(64);
  for (let i = 0; i < 64; i++) zq[ZIGZAG[i]] = quant[i];
  segment(out, 0xdb, [0, ...zq]);
  segment(out, 0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  segment(out, 0xc4, [0x00, ...DC_COUNTS, ...DC_VALUES, 0x10, ...AC_COUNTS, ...AC_VALUES]);
  segment(out, 0xda, [1, 1, 0x00, 0, 63, 0]);
  return out;
}

/**
 * Encodes one grey plane (`grey[y * width + x]`, 0..255) as a baseline JPEG with one
 * component, at `quality` 1..100 (libjpeg's scale). Edge blocks repeat the last row and
 * column, so no dark seam appears at the page's border.
 */
export function encodeGreyJpeg(grey: Uint8Array | Uint8ClampedArray, width: number, height: number, quality: number): Uint8Array {
  if (width < 1 || height < 1 || width > 65535 || height > 65535) throw new RangeError("encodeGreyJpeg: bad size");
  const quant = quantTable(quality);
  const divisor = new Float32Array(64);
  for (let r = 0, k = 0; r < 8; r++) for (let c = 0; c < 8; c++, k++) divisor[k] = 1 / (quant[k] * AAN[r] * AAN[c] * 8);
  const block = new Float32Array(64), coef = new Int16Array(64);
  const bits = new BitWriter();
  let prevDc = 0;
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let y = 0; y < 8; y++) {
        const row = Math.min(by + y, height - 1) * width;
        for (let x = 0; x < 8; x++) block[y * 8 + x] = grey[row + Math.min(bx + x, width - 1)] - 128;
      }
      forwardDct(block);
      for (let k = 0; k < 64; k++) coef[ZIGZAG[k]] = Math.round(block[k] * divisor[k]);
      prevDc = encodeBlock(bits, coef, prevDc);
    }
  }
  bits.flush();
  const head = headers(width, height, quant), body = bits.bytes();
  const out = new Uint8Array(head.length + body.length + 2);
  out.set(head);
  out.set(body, head.length);
  out.set([0xff, 0xd9], head.length + body.length);
  return out;
}

/** Writes one block's coefficients (zigzag order); returns its DC for the next block's difference. */
function encodeBlock(bits: BitWriter, coef: Int16Array, prevDc: number): number {
  const diff = coef[0] - prevDc, dcCat = category(diff);
  bits.write(DC.code[dcCat], DC.length[dcCat]);
  if (dcCat) bits.write(diff < 0 ? diff - 1 : diff, dcCat);
  let last = 63;
  while (last > 0 && coef[last] === 0) last--;
  let run = 0;
  for (let k = 1; k <= last; k++) {
    const v = coef[k];
    if (v === 0) {
      run++;
      continue;
    }
    while (run >= 16) {
      bits.write(AC.code[0xf0], AC.length[0xf0]);
      run -= 16;
    }
    const cat = category(v), symbol = (run << 4) | cat;
    bits.write(AC.code[symbol], AC.length[symbol]);
    bits.write(v < 0 ? v - 1 : v, cat);
    run = 0;
  }
  if (last < 63) bits.write(AC.code[0x00], AC.length[0x00]);
  return coef[0];
}
