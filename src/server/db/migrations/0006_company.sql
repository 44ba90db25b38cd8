CREATE TABLE "company" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"uen" text,
	"cpf_submission_number" text,
	"address" text,
	"bank_name" text,
	"bank_account_no" text,
	"bank_account_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_single_row_check" CHECK ("company"."id" = 1),
	CONSTRAINT "company_name_check" CHECK (length(trim("company"."name")) > 0),
	CONSTRAINT "company_bank_check" CHECK ("company"."bank_name" is null or "company"."bank_name" in ('DBS', 'POSB', 'OCBC', 'UOB', 'Maybank', 'Citibank', 'Standard Chartered', 'HSBC', 'RHB', 'ANZ', 'Bank of China', 'CIMB'))
);
