ALTER TABLE "pay_items" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_info" ALTER COLUMN "basic_salary_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "basic_salary_snapshot_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "ordinary_wage_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "additional_wage_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "gross_pay_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "employee_cpf_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "employer_cpf_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "shg_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "cpf_ow_subject_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "cpf_aw_subject_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "net_pay_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "other_items_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "net_payable_cents" SET DATA TYPE bigint;