ALTER TABLE "payslips" ALTER COLUMN "sdl_cents" SET DATA TYPE numeric(14, 4);--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "cpf_ow_subject_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "cpf_aw_subject_cents" integer DEFAULT 0 NOT NULL;