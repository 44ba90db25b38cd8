ALTER TABLE "leave_types" ADD COLUMN "unlimited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "unpaid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Spec section 3: Unpaid Leave has no limit and is deducted from pay. The rules read these columns from now on, never the type's name.
UPDATE "leave_types" SET "unlimited" = true, "unpaid" = true WHERE "name" = 'Unpaid Leave';
