CREATE TABLE "payslip_identities" (
	"payslip_id" integer PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"id_number" text,
	"nationality" text,
	"bank_name" text,
	"bank_code" text,
	"branch_code" text,
	"account_no" text,
	CONSTRAINT "payslip_identities_bank_check" CHECK ("payslip_identities"."bank_name" is null or "payslip_identities"."bank_name" in ('DBS', 'POSB', 'OCBC', 'UOB', 'Maybank', 'Citibank', 'Standard Chartered', 'HSBC', 'RHB', 'ANZ', 'Bank of China', 'CIMB'))
);
--> statement-breakpoint
ALTER TABLE "payslip_identities" ADD CONSTRAINT "payslip_identities_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (issue 32.7): payslips processed before this migration get their identity from the
-- person's values as they are now, the best record there is of what they were when processed. From
-- here on, processing writes the row in its own transaction and a revert deletes it.
INSERT INTO "payslip_identities" ("payslip_id", "full_name", "id_number", "nationality", "bank_name",
  "bank_code", "branch_code", "account_no")
SELECT p."id", u."full_name", si."nric", si."nationality", pi."bank_name", pi."bank_code",
  pi."branch_code", pi."account_no"
FROM "payslips" p
  JOIN "users" u ON u."id" = p."user_id"
  LEFT JOIN "staff_info" si ON si."user_id" = p."user_id"
  LEFT JOIN "payment_info" pi ON pi."user_id" = p."user_id"
WHERE p."status" = 'PROCESSED';
