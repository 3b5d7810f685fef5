import { describe, expect, it } from "vitest";
import { leadingStringMember } from "@/lib/request-body/json-leading-member";

const scan = (text: string) => leadingStringMember(Buffer.from(text), "session", "payload");

describe("leadingStringMember", () => {
  it.each([
    ['{"session":"tok","payload":"AAAA', { kind: "found", value: "tok" }],
    [' { "pages" : 3 , "report": [{"a": "}"}, [1]], "session" : "t\\"k", "payload"', { kind: "found", value: 't"k' }],
    ['{"payload":"AAAA","session":"tok"}', { kind: "stop" }],
    ['{"session":"to', { kind: "more" }],
    ['{"pages":3', { kind: "more" }],
    ["", { kind: "more" }],
    ['{"session":42,"payload":"x"}', { kind: "other" }],
    ['{"pages":3}', { kind: "other" }],
    ['["session","tok"]', { kind: "other" }],
    ['{"session" "tok"}', { kind: "other" }],
  ])("%s → %o", (text, expected) => {
    expect(scan(text)).toEqual(expected);
  });

  it("decodes escapes and non-ASCII in the value", () => {
    expect(scan('{"session":"\\u00e9\\n€","payload":""}')).toEqual({ kind: "found", value: "é\n€" });
  });
});
