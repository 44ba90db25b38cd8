ALTER TABLE "leave_requests" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payslip_emails" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "status" DROP DEFAULT;