export function listenHost(env: Record<string, string | undefined>): string | undefined;
export function isLoopbackHost(host: string | undefined): boolean;
