import { desc, eq } from "drizzle-orm";
import { schema, type Db } from "../db";
import { toDeliveryView, type DeliveryView } from "./delivery-view";

/** The tenant's delivery log, newest first, each with its attempts. */
export async function listDeliveries(args: { db: Db; tenantId: string; limit: number }): Promise<{ deliveries: DeliveryView[] }> {
  const d = schema.webhookDeliveries;
  const rows = await args.db.select().from(d).where(eq(d.tenantId, args.tenantId)).orderBy(desc(d.createdAt), desc(d.id)).limit(args.limit);
  return { deliveries: rows.map(toDeliveryView) };
}
