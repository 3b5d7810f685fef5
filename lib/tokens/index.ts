export { signClientToken, verifyClientToken, type ClientTokenCheck } from "./client-token";
export { signHandoffCode, verifyHandoffCode } from "./handoff-code";
