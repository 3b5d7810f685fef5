/** The console API lists sessions (newest first, at most 200) but has no single-session read. */
export const SESSION_LIST_LIMIT = 200;
export const SESSION_LIST_PATH = `/v1/dashboard/sessions?limit=${SESSION_LIST_LIMIT}`;
