export { getSessionDetail } from "./get-session-detail";
export { redactSession } from "./redact-session";
export { getRetentionPolicy, RetentionPolicyInput, setRetentionPolicy } from "./retention-policy";
export { sweepRedactions } from "./sweep-redactions";
