import { describe, expect, it } from "vitest";
import { characterErrorRate, chromaHue, edgeBackground, hueDistance, levenshtein, markColour, normaliseText, paperCast, paperEvenness, type Grey, type Rgba } from "../../bench/pages/metrics";

const grey = (width: number, height: number, at: (x: number, y: number) => number): Grey => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = at(x, y);
  return { width, height, data };
};

describe("text normalisation and CER", () => {
  it("collapses whitespace inside lines, trims them, drops empty lines, keeps line breaks", () => {
    expect(normaliseText("  Dear   Sir,\t \n\n  thank  you \r\n")).toBe("Dear Sir,\nthank you");
  });

  it("spells typographic quotes, dashes and ligatures in ASCII", () => {
    expect(normaliseText("the committee’s “ﬁnal” report – ﬂoor 2…")).toBe("the committee's \"final\" report - floor 2...");
  });

  it("counts edits by code point", () => {
    expect(levenshtein("kitten", "sitting")).toBe(3);
    expect(levenshtein("", "abc")).toBe(3);
    expect(levenshtein("abc", "")).toBe(3);
    expect(levenshtein("né", "ne")).toBe(1);
  });

  it("is the edit distance over the truth's normalised length", () => {
    expect(characterErrorRate("Hello  world\n", "Hello world")).toBe(0);
    expect(characterErrorRate("abcd\nefgh", "abXd\nefgh")).toBeCloseTo(1 / 9);
    expect(characterErrorRate("abcd", "")).toBe(1);
    // OCR noise added to a perfect reading raises it
    expect(characterErrorRate("abcd", "abcd ~~")).toBeCloseTo(3 / 4);
  });
});

describe("paper evenness", () => {
  it("is 0 on even paper with text, whatever the ink", () => {
    const page = grey(160, 160, (x, y) => (y % 10 < 2 && x % 7 < 4 ? 20 : 240));
    expect(paperEvenness(page).evenness).toBe(0);
  });

  it("reads a dense table or bold heading (60 % ink) as the paper around it", () => {
    const page = grey(160, 160, (x, y) => (y < 80 && x % 10 < 6 ? 15 : 240));
    expect(paperEvenness(page).evenness).toBe(0);
  });

  it("measures a gradient from the paper's brightness, not the ink's", () => {
    const page = grey(160, 160, (x) => Math.round(250 - x * 0.75)); // 250 → 131
    const { evenness, cells } = paperEvenness(page);
    expect(cells).toHaveLength(64);
    expect(evenness).toBeGreaterThan(0.4);
    expect(evenness).toBeLessThan(0.5);
  });

  it("leaves out cells under a printed photo", () => {
    const page = grey(160, 160, (x, y) => (x < 40 && y < 40 ? 60 : 240));
    expect(paperEvenness(page).evenness).toBeGreaterThan(0.7);
    expect(paperEvenness(page, [[0, 0, 0.2, 0.2]]).evenness).toBe(0);
  });
});

describe("edge background", () => {
  it("finds a dark margin left along one edge, and not on clean paper", () => {
    const clean = grey(200, 280, () => 245);
    expect(edgeBackground(clean).any).toBe(false);
    const cropped = grey(200, 280, (x) => (x >= 196 ? 70 : 245)); // 4 px of desk on the right (band is 6 px)
    const r = edgeBackground(cropped);
    expect(r.dark.right).toBeCloseTo(4 / 6, 2);
    expect(r.dark.left).toBe(0);
    expect(r.any).toBe(true);
  });

  it("follows a lighting gradient instead of calling the dim side background", () => {
    const lit = grey(200, 280, (x) => Math.round(250 - x * 0.6)); // 250 → 131 across
    expect(edgeBackground(lit).any).toBe(false);
  });
});

describe("mark colour", () => {
  it("reads chroma and hue of pure colours", () => {
    expect(chromaHue(255, 0, 0)).toEqual([255, 0]);
    expect(chromaHue(0, 0, 200)).toEqual([200, 240]);
    expect(chromaHue(90, 90, 90)).toEqual([0, 0]);
    expect(hueDistance(350, 10)).toBe(20);
  });

  it("averages the most chromatic pixels in the box, so a greyed stamp keeps less", () => {
    const img = (r: number, g: number, b: number): Rgba => {
      const data = new Uint8Array(10 * 10 * 4).fill(250);
      for (let i = 0; i < 20; i++) data.set([r, g, b, 255], 4 * (33 + i));
      return { width: 10, height: 10, data };
    };
    const flat = markColour(img(210, 30, 40), [0, 0, 1, 1]);
    expect(flat.count).toBe(20);
    const faded = markColour(img(150, 90, 95), [0, 0, 1, 1], flat.count);
    expect(faded.chroma / flat.chroma).toBeCloseTo(60 / 180, 2);
    expect(hueDistance(faded.hue, flat.hue)).toBeLessThan(5);
  });
});

describe("mark colour under a colour cast", () => {
  // a 100 × 100 page: paper of one colour, a 10 × 10 red stamp in the middle
  const page = (paper: [number, number, number], ink: [number, number, number]): Rgba => {
    const data = new Uint8Array(100 * 100 * 4);
    for (let i = 0; i < 10000; i++) {
      const x = i % 100, y = Math.floor(i / 100), inside = x >= 45 && x < 55 && y >= 45 && y < 55;
      data.set([...(inside ? ink : paper), 255], 4 * i);
    }
    return { width: 100, height: 100, data };
  };
  const box: [number, number, number, number] = [0.4, 0.4, 0.6, 0.6];

  it("judges the mark against its paper: the same stamp under tungsten light keeps its colour", () => {
    const white = markColour(page([255, 255, 255], [210, 30, 40]), box);
    const tungsten = markColour(page([240, 204, 144], [198, 25, 24]), box, white.count);
    expect(white.count).toBe(100);
    expect(tungsten.chroma / white.chroma).toBeGreaterThan(0.9);
    expect(hueDistance(tungsten.hue, white.hue)).toBeLessThan(8);
  });

  it("does not take the cast for colour: grey ink under the same light has none", () => {
    const grey = markColour(page([240, 204, 144], [144, 122, 86]), box, 100);
    expect(grey.chroma).toBeLessThan(5);
  });

  it("reports the paper's own cast", () => {
    expect(paperCast(page([255, 255, 255], [0, 0, 0]))).toBe(0);
    expect(paperCast(page([240, 204, 144], [0, 0, 0]))).toBe(96);
  });
});
