ALTER TABLE "payslips" ALTER COLUMN "sdl_cents" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "employment_info" ADD COLUMN "last_day_of_service" date;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "cpf_ow_subject_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "cpf_aw_subject_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_last_day_after_hire_check" CHECK ("employment_info"."last_day_of_service" is null or "employment_info"."last_day_of_service" >= "employment_info"."hire_date");