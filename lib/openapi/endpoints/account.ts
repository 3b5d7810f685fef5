/** The console account: sign-up and cookie login, and the signed-in user's own settings. */
import { ChangePasswordInput, DeleteAccountInput, LoginInput, SignupInput, UpdateSettingsInput } from "../../accounts/schemas";
import { endpoints, jsonResponse as json } from "../endpoint";
import * as R from "../responses";

const signedOut = { tag: "Console account", auth: "none", errors: [] } as const;
const signedIn = { tag: "Console account", auth: "console", errors: [] } as const;

export const ACCOUNT = endpoints({
  "POST /v1/auth/signup": {
    ...signedOut,
    summary: "Sign up",
    description: "Creates the account, its tenant with 250 credits, a publishable and a secret test key (the secret's value is in this answer only), and signs in (sets the console cookie).",
    body: SignupInput,
    responses: { 201: json("The new account, and its test secret key shown this once.", R.SignedUp) },
    errors: ["email_taken", "rate_limited"],
  },
  "POST /v1/auth/login": {
    ...signedOut,
    summary: "Log in",
    body: LoginInput,
    responses: { 200: json("Signed in; the console cookie is set.", R.Account) },
    errors: ["invalid_credentials", "rate_limited"],
  },
  "POST /v1/auth/logout": { ...signedOut, summary: "Log out", responses: { 200: json("Signed out; the cookie is cleared.", R.Ok) } },
  "GET /v1/auth/me": { ...signedIn, summary: "The signed-in account", responses: { 200: json("The account.", R.Account) } },
  "PUT /v1/dashboard/settings": { ...signedIn, summary: "Update account settings", body: UpdateSettingsInput, responses: { 200: json("The account.", R.Account) } },
  "POST /v1/dashboard/account/password": {
    ...signedIn,
    summary: "Change the password",
    description: "Needs the current password (a wrong one is `fields.current_password`, and counts like a failed login). Every other console session of the user is logged out; this one stays.",
    body: ChangePasswordInput,
    responses: { 200: json("Changed; the user's other console sessions have ended.", R.PasswordChanged) },
    errors: ["rate_limited"],
  },
  "DELETE /v1/dashboard/account": {
    ...signedIn,
    summary: "Delete the account",
    description: "`confirm` must be the account's email address. Revokes every key, deletes sessions, files, deliveries, profiles, users and console sessions; the credit ledger is kept as the record.",
    body: DeleteAccountInput,
    responses: { 200: json("Deleted; the cookie is cleared.", R.AccountDeleted) },
  },
});
