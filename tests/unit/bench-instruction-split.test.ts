import { describe, expect, it } from "vitest";
import { splitInstructions } from "../../bench/http/instruction-split";

// A trimmed `callgrind_annotate` report: the header's totals line is not a function.
const REPORT = `--------------------------------------------------------------------------------
1,000,000 (100.0%)  PROGRAM TOTALS
--------------------------------------------------------------------------------
Ir                    file:function
--------------------------------------------------------------------------------
400,000 (40.00%)  ???:Builtins_LoadIC [/usr/bin/node]
200,000 (20.00%)  ???:0x000000000d1b9300 [???]
150,000 (15.00%)  ???:heap::base::SlotCallbackResult v8::internal::Scavenger::ScavengeObject<v8::internal::FullHeapObjectSlot>(v8::internal::FullHeapObjectSlot, v8::internal::HeapObject) [/usr/bin/node]
 50,000 ( 5.00%)  ???:v8::internal::Sweeper::RawSweep(v8::internal::Page*) [/usr/bin/node]
120,000 (12.00%)  ???:v8::internal::compiler::GraphReducer::ReduceTop() [/usr/bin/node]
 80,000 ( 8.00%)  ???:bool ada::unicode::percent_encode<true>(std::basic_string_view<char>) [/usr/bin/node]
`;

describe("splitInstructions", () => {
  it("puts the compiler's and the collector's functions apart from the rest, per request", () => {
    expect(splitInstructions(REPORT, 100)).toEqual({ mutator: 6_800, gc: 2_000, compiler: 1_200, total: 10_000 });
  });

  it("reads nothing from text that is not a report", () => {
    expect(splitInstructions("no profile here\n", 10)).toEqual({ mutator: 0, gc: 0, compiler: 0, total: 0 });
  });
});
