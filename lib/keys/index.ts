export { authenticateApiKey, authenticateSecretKey, type ApiKeyPrincipal } from "./authenticate-key";
export { createKey } from "./create-key";
export { displayKey, keyPrefix, newKeyValue, parseKeyValue, type KeyKind, type KeyMode } from "./key-format";
export { listKeys } from "./list-keys";
export { mintKey } from "./mint-key";
export { revokeKey } from "./revoke-key";
export { CreateKeyInput } from "./schemas";
export { keyView, type KeyView } from "./views";
