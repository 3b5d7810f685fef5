export { parseJsonObject, readCapped, readJsonObject, JSON_BODY_LIMIT } from "../request-body/body";
export { REPORT_TEXT_BYTES } from "../request-body/report-room";
export { assertRepresentableParams, MAX_JSON_DEPTH } from "../request-body/hostile-text";
export { defer, flushDeferred } from "../defer";
export { json } from "./json";
export { methods, notFoundEverywhere } from "./methods";
export { errorResponse, route, type Params, type RouteHandler } from "./route";
export { UNTRUSTED_BYTES_HEADERS } from "./page-security";
