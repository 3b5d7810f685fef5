export { signFileUrl, verifyFileUrl } from "./file-url";
export { readFile } from "./read-file";
export { sweepExpiredFiles } from "./sweep-expired-files";
