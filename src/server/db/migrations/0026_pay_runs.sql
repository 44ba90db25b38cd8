CREATE TABLE "pay_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" text NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"rejected_reason" text,
	"reopened_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_runs_status_check" CHECK ("pay_runs"."status" in ('OPEN', 'SUBMITTED', 'APPROVED')),
	CONSTRAINT "pay_runs_month_check" CHECK ("pay_runs"."month" between 1 and 12 and "pay_runs"."year" between 2000 and 2100)
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "require_pay_run_approval" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_runs_month_key" ON "pay_runs" USING btree ("year","month");--> statement-breakpoint
-- Months processed before approval existed were released as they were processed: they stay released.
INSERT INTO "pay_runs" ("year", "month", "status", "approved_at")
SELECT DISTINCT "year", "month", 'APPROVED', now() FROM "payslips" WHERE "status" = 'PROCESSED';
