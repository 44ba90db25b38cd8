CREATE TABLE "ir21_released_payments" (
	"payslip_id" integer PRIMARY KEY NOT NULL,
	"file_on" date NOT NULL,
	"file_name" text NOT NULL,
	"made_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ir21_released_payments" ADD CONSTRAINT "ir21_released_payments_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ir21_released_payments" ADD CONSTRAINT "ir21_released_payments_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;