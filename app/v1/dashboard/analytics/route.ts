import { getAnalytics } from "@/lib/analytics/get-analytics";
import { AnalyticsQuery, parseDays } from "@/lib/analytics/window";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

// `days` never fails validation: anything but an integer 1–90 falls back to 30 (SPEC.md).
const DaysQuery = AnalyticsQuery.transform((q) => ({ days: parseDays(q.days) }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console", query: DaysQuery }, async ({ auth, query, ctx }) =>
    json(200, await getAnalytics({ ctx, tenantId: auth.tenantId, days: query.days })),
  ),
});
