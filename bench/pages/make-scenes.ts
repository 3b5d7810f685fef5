// Writes the benchmark's scenes to bench/out/pages/scenes/ (or the directory given as
// --out DIR); `--only 1,7` renders only those scenes.
import { makeScenes, SCENES_DIR } from "./scenes";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = arg("--only")?.split(",").map(Number);
const t = performance.now();
await makeScenes(arg("--out") ?? SCENES_DIR, only);
console.log(`scenes written to ${arg("--out") ?? SCENES_DIR} in ${((performance.now() - t) / 1000).toFixed(0)} s`);
