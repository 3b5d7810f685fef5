import { z } from "zod";
import { WEBHOOK_EVENTS, type WebhookEvent } from "./events";
import { webhookUrlProblem } from "./webhook-url";

/** `PUT /v1/dashboard/webhook`: omitted fields keep their saved value. */
export const UpdateWebhookInput = z.strictObject({
  url: z
    .string({ error: "must be a string" })
    .trim()
    .superRefine((v, ctx) => {
      const problem = v === "" ? null : webhookUrlProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  // Problems are reported on `events` itself (SPEC.md: `fields.events`), not per item.
  events: z
    .array(z.unknown(), { error: "must be an array of event names" })
    .superRefine((list, ctx) => {
      if (list.length > WEBHOOK_EVENTS.length * 2 || list.some((e) => !WEBHOOK_EVENTS.includes(e as WebhookEvent))) {
        ctx.addIssue({ code: "custom", message: `must list only ${WEBHOOK_EVENTS.join(", ")}` });
      }
    })
    .transform((list) => list as WebhookEvent[])
    .optional(),
});
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookInput>;

