CREATE TABLE "company_bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"bank_name" text NOT NULL,
	"account_no" text,
	"account_name" text,
	"organisation_id" text,
	CONSTRAINT "company_bank_accounts_bank_check" CHECK ("company_bank_accounts"."bank_name" in ('DBS', 'POSB', 'OCBC', 'UOB', 'Maybank', 'Citibank', 'Standard Chartered', 'HSBC', 'RHB', 'ANZ', 'Bank of China', 'CIMB'))
);
--> statement-breakpoint
ALTER TABLE "company" DROP CONSTRAINT "company_bank_check";--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_position_key" ON "company_bank_accounts" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_bank_key" ON "company_bank_accounts" USING btree ("bank_name");--> statement-breakpoint
-- Issue 32: the company's one salary account becomes the first of its accounts (position 0), with
-- its bank, number and name; the organisation ID DBS's file needs is entered on the Company page. An
-- account number saved without its bank named no bank whose file could use it and is not carried
-- over: enter it again with its bank.
INSERT INTO "company_bank_accounts" ("position", "bank_name", "account_no", "account_name")
SELECT 0, "bank_name", "bank_account_no", "bank_account_name" FROM "company" WHERE "bank_name" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "company" DROP COLUMN "bank_name";--> statement-breakpoint
ALTER TABLE "company" DROP COLUMN "bank_account_no";--> statement-breakpoint
ALTER TABLE "company" DROP COLUMN "bank_account_name";