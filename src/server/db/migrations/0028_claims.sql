CREATE TABLE "claim_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"per_claim_limit_cents" bigint,
	"monthly_limit_cents" bigint,
	"yearly_limit_cents" bigint,
	"receipt_required" boolean DEFAULT false NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_types_name_check" CHECK (length(trim("claim_types"."name")) between 1 and 60),
	CONSTRAINT "claim_types_limits_check" CHECK (coalesce("claim_types"."per_claim_limit_cents", 1) > 0 and coalesce("claim_types"."monthly_limit_cents", 1) > 0 and coalesce("claim_types"."yearly_limit_cents", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"claim_type_id" integer NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"receipt_key" text,
	"decided_by_id" integer,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('PENDING', 'APPROVED', 'REJECTED', 'PAID')),
	CONSTRAINT "claims_amount_check" CHECK ("claims"."amount_cents" > 0),
	CONSTRAINT "claims_description_check" CHECK (length("claims"."description") <= 500),
	CONSTRAINT "claims_decision_reason_check" CHECK (length("claims"."decision_reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "claim_window_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_claim_type_id_claim_types_id_fk" FOREIGN KEY ("claim_type_id") REFERENCES "public"."claim_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_types_name_key" ON "claim_types" USING btree (lower("name")) WHERE "claim_types"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "claims_user_type_date_idx" ON "claims" USING btree ("user_id","claim_type_id","date");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status");--> statement-breakpoint
CREATE INDEX "claims_created_idx" ON "claims" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_receipt_key_key" ON "claims" USING btree ("receipt_key");--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_claim_window_days_check" CHECK ("company"."claim_window_days" between 1 and 3660);--> statement-breakpoint
-- Issue 37: the claim types every company starts with, on a clean start and in the demo alike; no limits,
-- no receipt asked and not taxable until an administrator says otherwise.
INSERT INTO "claim_types" ("name") VALUES ('Transport'), ('Medical'), ('Meals'), ('Mobile'), ('Others');
