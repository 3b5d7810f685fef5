export { getSessionDetail } from "./get-session-detail";
export { redactSession } from "./redact-session";
export { getRetentionPolicy, setRetentionPolicy } from "./retention-policy";
export { RetentionPolicyInput, retentionPolicyInput } from "./schemas";
export { sweepRedactions } from "./sweep-redactions";
