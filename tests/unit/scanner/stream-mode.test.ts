import { describe, expect, it } from "vitest";
import { largerMode, STREAM_REQUESTS, UHD } from "@/scanner/camera/stream-mode";
import { stillScale } from "@/scanner/camera/take-still";

describe("the camera stream asked for", () => {
  it("asks for 4K first, then the rear camera at any size, then any camera", () => {
    expect(STREAM_REQUESTS[0].video).toMatchObject({ width: { ideal: UHD.long }, height: { ideal: UHD.short } });
    expect(STREAM_REQUESTS[1].video).toEqual({ facingMode: { ideal: "environment" } });
    expect(STREAM_REQUESTS[2].video).toBe(true);
    // only ideal values: no request can be refused for its size
    expect(JSON.stringify(STREAM_REQUESTS)).not.toMatch(/"(exact|min|max)"/);
  });

  it("asks again for the camera's largest mode, up to 4K in its own orientation, when the stream is smaller", () => {
    // a phone upright: answered 720×1280 to the landscape request; its modes reach 2160×3840
    expect(largerMode({ width: 720, height: 1280 }, { width: { max: 2160 }, height: { max: 3840 } })).toEqual({ width: 2160, height: 3840 });
    // landscape capabilities larger than 4K: scaled to fit 3840×2160 (a 4:3 sensor gives 2880×2160)
    expect(largerMode({ width: 1920, height: 1080 }, { width: { max: 4000 }, height: { max: 3000 } })).toEqual({ width: 2880, height: 2160 });
    // portrait capabilities larger than 4K
    expect(largerMode({ width: 1080, height: 1920 }, { width: { max: 3000 }, height: { max: 4000 } })).toEqual({ width: 2160, height: 2880 });
  });

  it("leaves the stream alone when it is already the largest, or the camera does not say", () => {
    expect(largerMode({ width: 3840, height: 2160 }, { width: { max: 3840 }, height: { max: 2160 } })).toBeNull();
    expect(largerMode({ width: 2160, height: 3840 }, { width: { max: 3840 }, height: { max: 2160 } })).toBeNull();
    expect(largerMode({ width: 1280, height: 720 }, {})).toBeNull();
    expect(largerMode({}, { width: { max: 3840 }, height: { max: 2160 } })).toBeNull();
  });
});

describe("still scale", () => {
  it("a 12 MP 4:3 photo over a 16:9 video: the frame is the photo's full-width band, whatever the orientations", () => {
    expect(stillScale({ width: 1920, height: 1080 }, { width: 4032, height: 3024 })).toBeCloseTo(2.1, 6);
    expect(stillScale({ width: 1080, height: 1920 }, { width: 4032, height: 3024 })).toBeCloseTo(2.1, 6);
    expect(stillScale({ width: 1280, height: 720 }, { width: 1280, height: 720 })).toBe(1);
    expect(stillScale({ width: 1920, height: 1080 }, { width: 1280, height: 720 })).toBe(1);
  });
});
