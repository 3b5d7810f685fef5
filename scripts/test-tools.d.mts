export interface TestTool {
  tool: string;
  apt: string;
  project: "service" | "fault" | "e2e";
  files: string[] | null;
  what: string;
  find: () => string | null;
}
export const TOOLS: readonly TestTool[];
export function chromiumPath(): string | null;
export function onPath(name: string): string | null;
export function toolsRequired(): boolean;
export function missingTools(): TestTool[];
export function installCommand(tools: readonly TestTool[]): string;
