-- Issue 36: the work pattern. Existing employees read as not workmen on a 5-day, 44-hour week (8.8 hours a day) with Sunday as rest day, until an administrator records theirs.
CREATE TABLE "timesheet_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheet_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"timesheet_id" integer NOT NULL,
	"date" date NOT NULL,
	"hours" numeric(4, 2) NOT NULL,
	"rest_day" text,
	"public_holiday" boolean DEFAULT false NOT NULL,
	CONSTRAINT "timesheet_days_hours_check" CHECK ("timesheet_days"."hours" >= 0 and "timesheet_days"."hours" <= 12),
	CONSTRAINT "timesheet_days_rest_day_check" CHECK ("timesheet_days"."rest_day" is null or "timesheet_days"."rest_day" in ('EMPLOYEE_REQUEST', 'EMPLOYER_REQUEST'))
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" text NOT NULL,
	"saved_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheets_status_check" CHECK ("timesheets"."status" in ('DRAFT', 'SUBMITTED', 'APPROVED')),
	CONSTRAINT "timesheets_month_check" CHECK ("timesheets"."month" between 1 and 12 and "timesheets"."year" between 2000 and 2100)
);
--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "workman" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "days_per_week" numeric(2, 1) DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "normal_hours_per_day" numeric(4, 2) DEFAULT 8.8 NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "rest_day" text DEFAULT 'SUNDAY' NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "overtime_exemption_ref" text;--> statement-breakpoint
ALTER TABLE "timesheet_days" ADD CONSTRAINT "timesheet_days_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_days_date_key" ON "timesheet_days" USING btree ("timesheet_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_user_month_key" ON "timesheets" USING btree ("user_id","year","month");--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_rest_day_check" CHECK ("employment_info"."rest_day" in ('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'));--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_days_per_week_check" CHECK ("employment_info"."days_per_week" between 1 and 6 and "employment_info"."days_per_week" * 2 = trunc("employment_info"."days_per_week" * 2));--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_normal_hours_check" CHECK ("employment_info"."normal_hours_per_day" > 0 and "employment_info"."normal_hours_per_day" <= 12);--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_exemption_ref_check" CHECK ("employment_info"."overtime_exemption_ref" is null or length("employment_info"."overtime_exemption_ref") between 1 and 60);