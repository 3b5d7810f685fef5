// Turbopack (Next 16.4) otherwise builds the enclosing app's instrumentation.ts into this one.
export function register() {}
