-- Issue 36: the work pattern. Existing employees read as not workmen on a 5-day, 44-hour week (8.8 hours a day) with Sunday as rest day, until an administrator records theirs.
ALTER TABLE "employment_info" ADD COLUMN "workman" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "days_per_week" numeric(2, 1) DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "normal_hours_per_day" numeric(4, 2) DEFAULT 8.8 NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "rest_day" text DEFAULT 'SUNDAY' NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "overtime_exemption_ref" text;--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_rest_day_check" CHECK ("employment_info"."rest_day" in ('MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'));--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_days_per_week_check" CHECK ("employment_info"."days_per_week" between 1 and 6 and "employment_info"."days_per_week" * 2 = trunc("employment_info"."days_per_week" * 2));--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_normal_hours_check" CHECK ("employment_info"."normal_hours_per_day" > 0 and "employment_info"."normal_hours_per_day" <= 12);--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_exemption_ref_check" CHECK ("employment_info"."overtime_exemption_ref" is null or length("employment_info"."overtime_exemption_ref") between 1 and 60);