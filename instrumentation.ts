/**
 * Next calls `register()` once per server start, in every runtime. Only the Node runtime
 * starts the service; the condition is written this way so an edge bundle
 * drops the Node-only import entirely.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./instrumentation-node");
    await registerNode();
  }
}
