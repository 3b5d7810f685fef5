export { authenticateConsole, type ConsolePrincipal } from "./authenticate-console";
export { clearedConsoleCookie, consoleCookie, readConsoleCookie, servedOverHttps } from "./console-cookie";
export { logout } from "./console-session";
export { getAccount } from "./get-account";
export { login } from "./login";
export { LoginInput, SignupInput, UpdateSettingsInput } from "./schemas";
export { signup } from "./signup";
export { updateSettings } from "./update-settings";
