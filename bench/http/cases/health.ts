import type { BenchCase } from "../harness";

const BODY = JSON.stringify({ service: "docscan", status: "ok", version: 1 });

/** GET /v1/health beside a plain node:http server answering the same JSON. */
export const healthCase: BenchCase = {
  name: "health",
  async run(ctx) {
    const baselineUrl = await ctx.startBaseline((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
      res.end(BODY);
    });
    const subject = await ctx.measure({ url: `${ctx.baseUrl}/v1/health` });
    const baseline = await ctx.measure({ url: `${baselineUrl}/v1/health` });
    return [{ name: "GET /v1/health", subject, baselineName: "node:http", baseline }];
  },
};
