ALTER TABLE "pay_items" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "pay_items" ADD COLUMN "hours" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_origin_check" CHECK (("pay_items"."source" is null or "pay_items"."source" in ('TIMESHEET'))
      and ("pay_items"."hours" is null or "pay_items"."hours" > 0));