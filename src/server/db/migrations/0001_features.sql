CREATE TABLE "leave_request_days" (
	"leave_request_id" integer NOT NULL,
	"year" integer NOT NULL,
	"days" numeric(6, 1) NOT NULL,
	CONSTRAINT "leave_request_days_leave_request_id_year_pk" PRIMARY KEY("leave_request_id","year"),
	CONSTRAINT "leave_request_days_days_check" CHECK ("leave_request_days"."days" > 0 and "leave_request_days"."days" * 2 = trunc("leave_request_days"."days" * 2))
);
--> statement-breakpoint
ALTER TABLE "leave_balances" DROP CONSTRAINT "leave_balances_used_days_check";--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "last_day_of_service" date;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "counts_calendar_days" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_request_days" ADD CONSTRAINT "leave_request_days_leave_request_id_leave_requests_id_fk" FOREIGN KEY ("leave_request_id") REFERENCES "public"."leave_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_request_days_year_idx" ON "leave_request_days" USING btree ("year");--> statement-breakpoint
ALTER TABLE "leave_balances" DROP COLUMN "used_days";--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_last_day_after_hire_check" CHECK ("employment_info"."last_day_of_service" is null or "employment_info"."last_day_of_service" >= "employment_info"."hire_date");