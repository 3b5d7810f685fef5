// What bench/detector/detect-crossval.ts and bench/detector/detect-evidence.ts share to fit the detector's weights:
// the fit scripts run as child processes, their printed weights read back and installed in this process.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RANK_WEIGHTS } from "../../scanner/detector/rank-model";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export type Weights = Record<string, number>;

/** fit-ranking.py's options. Defaults: the shipped fit's (docs/detector.md): the rare kinds counted twice, λ 0.1. */
export interface RankingFitOptions {
  lambda: string;
  weigh: string;
}
export const SHIPPED_RANKING_FIT: RankingFitOptions = { lambda: "0.1", weigh: "small=2,partial=2,clutter=2" };

export function python(script: string, args: string[]): string {
  return execFileSync("python3", [path.join(repoRoot, "bench", "detector", script), ...args], { encoding: "utf8" });
}

/** The `key: value, ...` line a fit script prints, starting with `first`, as numbers. */
export function fittedWeights(output: string, first: string): Weights {
  const line = output.split("\n").filter((l) => l.trim().startsWith(`${first}:`)).pop();
  if (!line) throw new Error(`no weights in the fit's output:\n${output}`);
  return Object.fromEntries([...line.matchAll(/(\w+): (-?[\d.]+)/g)].map((m) => [m[1], Number(m[2])]));
}

/** Puts fitted weights in place of the shipped ones, in this process only: the detector reads these objects on every call. */
export function install(target: Weights, weights: Weights): void {
  for (const k of Object.keys(target)) {
    if (!(k in weights)) throw new Error(`fit gave no weight for ${k}`);
    target[k] = weights[k];
  }
}

/** Ranking weights fitted on the shortlist rows (bench/detector/detect-ranking.ts) of `files` only; `scratch` holds those rows while the fit runs. */
export function fitRanking(rankRows: readonly { file: string }[], files: ReadonlySet<string>, scratch: string, options: RankingFitOptions): Weights {
  writeFileSync(scratch, JSON.stringify(rankRows.filter((r) => files.has(r.file))));
  try {
    // 0 folds: no cross-validation report of its own, only the weights.
    return fittedWeights(python("fit-ranking.py", [scratch, options.lambda, "0", "--weigh", options.weigh]), "sides");
  } finally {
    rmSync(scratch, { force: true });
  }
}

export const installRanking = (weights: Weights) => install(RANK_WEIGHTS as unknown as Weights, weights);

/** Fold of each of n frames: its index mod `folds`, or its place in a shuffle seeded with `seed` (mulberry32) mod `folds`. */
export function foldOf(n: number, folds: number, seed: number | null): number[] {
  const order = [...Array(n).keys()];
  if (seed !== null) {
    let a = seed >>> 0;
    const random = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  const fold = new Array<number>(n);
  order.forEach((frame, place) => { fold[frame] = place % folds; });
  return fold;
}
