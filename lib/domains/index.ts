export { addDomain } from "./add-domain";
export { listDomains } from "./list-domains";
export { normalizeOrigin } from "./normalize-origin";
export { removeDomain } from "./remove-domain";
export { DomainInput } from "./schemas";
