/**
 * Every endpoint the API serves, in the reference's order: the declarations of
 * ./endpoints, which the routes serve through `route()` (lib/http). `document.ts` renders
 * this list as OpenAPI 3.1; tests/api/route-declarations.test.ts holds it against the route
 * files, and tests/support/app.ts every answer a test receives against its entry.
 */
import type { Endpoint } from "./endpoint";
import { ACCOUNT } from "./endpoints/account";
import { CONSOLE } from "./endpoints/console";
import { OPS } from "./endpoints/ops";
import { SCANNER } from "./endpoints/scanner";
import { SESSIONS } from "./endpoints/sessions";

export const OPERATIONS: Endpoint[] = [SESSIONS, SCANNER, ACCOUNT, CONSOLE, OPS].flatMap((area) => Object.values(area));
