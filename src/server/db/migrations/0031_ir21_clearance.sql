ALTER TABLE "separations" ADD COLUMN "ir21_cleared_on" date;--> statement-breakpoint
ALTER TABLE "separations" ADD COLUMN "ir21_reference" text;--> statement-breakpoint
ALTER TABLE "separations" ADD COLUMN "ir21_cleared_by" integer;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_ir21_cleared_by_users_id_fk" FOREIGN KEY ("ir21_cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_ir21_clearance_check" CHECK (("separations"."ir21_cleared_on" is null) = ("separations"."ir21_reference" is null) and ("separations"."ir21_cleared_on" is null or "separations"."ir21_cleared_on" >= "separations"."notice_date"));