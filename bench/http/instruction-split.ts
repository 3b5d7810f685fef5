/**
 * Splits a callgrind profile (`callgrind_annotate` output, self cost per function) into what V8's
 * optimizing compiler did, what its garbage collector did and everything else (the "mutator":
 * JavaScript, builtins, Node, the drivers), per request. Code generated at run time has no symbol
 * (`???:0x…`) and counts as mutator. Used by bench/http/instructions.ts.
 */
export interface InstructionSplit {
  mutator: number;
  gc: number;
  compiler: number;
  total: number;
}

const COMPILER = /v8::internal::(compiler|maglev)::|v8::internal::Zone\b|LiveRange|Turbofan/;
const GC = /Scaveng|Marking|Sweep|MarkCompact|Evacuat|heap::base::|MemoryChunk|ActiveSystemPages|RememberedSet|SlotSet|GCTracer|v8::internal::Heap::|BodyDescriptor|SizeFromMap/;
const LINE = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/;

export function splitInstructions(annotated: string, requests: number): InstructionSplit {
  const split = { mutator: 0, gc: 0, compiler: 0, total: 0 };
  for (const line of annotated.split("\n")) {
    const match = LINE.exec(line);
    if (!match || match[2].includes("PROGRAM TOTALS")) continue;
    const cost = Number(match[1].replaceAll(",", ""));
    const part = COMPILER.test(match[2]) ? "compiler" : GC.test(match[2]) ? "gc" : "mutator";
    split[part] += cost;
    split.total += cost;
  }
  for (const part of ["mutator", "gc", "compiler", "total"] as const) split[part] /= requests;
  return split;
}
