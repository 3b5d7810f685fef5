import { describe, expect, it } from "vitest";
import { leadingStringMember, plainStringMember } from "@/lib/request-body/json-leading-member";

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

describe("plainStringMember", () => {
  const span = (text: string, name = "payload") => {
    const bytes = Buffer.from(text);
    const found = plainStringMember(bytes, name);
    return found && bytes.toString("utf8", found.start, found.end);
  };

  it.each([
    ['{"session":"tok","payload":"QUJD"}', "QUJD"],
    [' { "pages" : 3 , "report": [{"payload": "no"}], "payload" : "" , "x": 1 }', ""],
    ['{"session":"a\\"b","payload":"QUJD","x":{"payload":1}}', "QUJD"],
    ['{"payload":"QUJD","payload":""}', null],
    ['{"payload":"QU\\/D"}', null],
    ['{"payload":42}', null],
    ['{"session":"tok"}', null],
    ['{"session":"tok" "payload":"QUJD"}', null],
    ['["payload","QUJD"]', null],
    ['{"payload":"QUJD', null],
  ])("%s → %o", (text, expected) => {
    expect(span(text)).toBe(expected);
  });
});
