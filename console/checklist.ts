/**
 * Getting-started steps that the API cannot tell us about (the owner copied the
 * publishable key) are remembered in this browser, per tenant. Flags only: never a key.
 */
export type LocalStep = "copied_publishable_key";

const storageKey = (tenantId: string, step: LocalStep) => `docscan.checklist.${tenantId}.${step}`;

export function markStepDone(tenantId: string, step: LocalStep): void {
  try {
    localStorage.setItem(storageKey(tenantId, step), "1");
  } catch {
    // Storage disabled: the step simply shows as not done.
  }
}

export function isStepDone(tenantId: string, step: LocalStep): boolean {
  try {
    return localStorage.getItem(storageKey(tenantId, step)) === "1";
  } catch {
    return false;
  }
}
