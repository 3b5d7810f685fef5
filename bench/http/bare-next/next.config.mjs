/** The bare-Next baseline (bench/http/baselines/bare-next.ts): the same Next, pg and redis as the app, nothing else. */
export default {
  serverExternalPackages: ["pg", "redis"],
  poweredByHeader: false,
};
