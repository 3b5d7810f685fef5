export { normalizeOrigin } from "./normalize-origin";
