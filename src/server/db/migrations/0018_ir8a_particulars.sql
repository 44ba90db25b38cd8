ALTER TABLE "staff_info" ADD COLUMN "address_block" text;--> statement-breakpoint
ALTER TABLE "staff_info" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "staff_info" ADD COLUMN "address_unit" text;--> statement-breakpoint
ALTER TABLE "staff_info" ADD COLUMN "address_postal_code" text;--> statement-breakpoint
ALTER TABLE "staff_info" ADD COLUMN "foreign_address" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "authorised_person_name" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "authorised_person_designation" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "authorised_person_phone" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "authorised_person_email" text;--> statement-breakpoint
ALTER TABLE "staff_info" ADD CONSTRAINT "staff_info_postal_code_check" CHECK ("staff_info"."address_postal_code" ~ '^[0-9]{6}$');--> statement-breakpoint
ALTER TABLE "staff_info" ADD CONSTRAINT "staff_info_one_address_check" CHECK ("staff_info"."foreign_address" is null or num_nonnulls("staff_info"."address_block", "staff_info"."address_street", "staff_info"."address_unit", "staff_info"."address_postal_code") = 0);