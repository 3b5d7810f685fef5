import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { schema } from "../db";
import { toDeliveryView, type DeliveryView } from "./delivery-view";

/** The tenant's delivery log, newest first, each with its attempts. */
export async function listDeliveries(args: { ctx: Ctx; tenantId: string; limit: number }): Promise<{ deliveries: DeliveryView[] }> {
  const d = schema.webhookDeliveries;
  const rows = await args.ctx.db.select().from(d).where(eq(d.tenantId, args.tenantId)).orderBy(desc(d.createdAt), desc(d.id)).limit(args.limit);
  return { deliveries: rows.map(toDeliveryView) };
}
