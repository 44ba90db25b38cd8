CREATE TABLE "leave_carry_forwards" (
	"user_id" integer NOT NULL,
	"leave_type_id" integer NOT NULL,
	"year" integer NOT NULL,
	"days" numeric(6, 1) NOT NULL,
	"expires_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_carry_forwards_user_id_leave_type_id_year_pk" PRIMARY KEY("user_id","leave_type_id","year"),
	CONSTRAINT "leave_carry_forwards_days_check" CHECK ("leave_carry_forwards"."days" >= 0 and "leave_carry_forwards"."days" * 2 = trunc("leave_carry_forwards"."days" * 2))
);
--> statement-breakpoint
CREATE TABLE "leave_policies" (
	"leave_type_id" integer PRIMARY KEY NOT NULL,
	"statute" text,
	"entitlement" text NOT NULL,
	"days" numeric(6, 1),
	"schedule" jsonb,
	"prorate" boolean DEFAULT true NOT NULL,
	"carry_forward_max_days" numeric(6, 1) DEFAULT 0 NOT NULL,
	"carry_forward_expiry_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_policies_statute_check" CHECK ("leave_policies"."statute" is null or "leave_policies"."statute" in ('ANNUAL', 'SICK', 'HOSPITALISATION', 'CHILDCARE', 'MATERNITY', 'PATERNITY')),
	CONSTRAINT "leave_policies_entitlement_check" CHECK ("leave_policies"."entitlement" in ('FIXED', 'SERVICE', 'STATUTORY_SICK', 'NONE')),
	CONSTRAINT "leave_policies_days_check" CHECK ("leave_policies"."entitlement" <> 'FIXED' or "leave_policies"."days" is not null),
	CONSTRAINT "leave_policies_schedule_check" CHECK ("leave_policies"."entitlement" <> 'SERVICE' or "leave_policies"."schedule" is not null),
	CONSTRAINT "leave_policies_carry_check" CHECK ("leave_policies"."carry_forward_max_days" >= 0),
	CONSTRAINT "leave_policies_expiry_check" CHECK ("leave_policies"."carry_forward_expiry_months" is null or "leave_policies"."carry_forward_expiry_months" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "public_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_holidays_name_check" CHECK (length(trim("public_holidays"."name")) between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "leave_carry_forwards" ADD CONSTRAINT "leave_carry_forwards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_carry_forwards" ADD CONSTRAINT "leave_carry_forwards_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_policies" ADD CONSTRAINT "leave_policies_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The gazetted public holidays of 2025 to 2027 (MOM), Monday holidays in lieu of a Sunday included; the administrator keeps them from now on.
INSERT INTO "public_holidays" ("date", "name") VALUES
  ('2025-01-01', 'New Year''s Day'),
  ('2025-01-29', 'Chinese New Year'),
  ('2025-01-30', 'Chinese New Year (day 2)'),
  ('2025-03-31', 'Hari Raya Puasa'),
  ('2025-04-18', 'Good Friday'),
  ('2025-05-01', 'Labour Day'),
  ('2025-05-03', 'Polling Day'),
  ('2025-05-12', 'Vesak Day'),
  ('2025-06-07', 'Hari Raya Haji'),
  ('2025-08-09', 'National Day'),
  ('2025-10-20', 'Deepavali'),
  ('2025-12-25', 'Christmas Day'),
  ('2026-01-01', 'New Year''s Day'),
  ('2026-02-17', 'Chinese New Year'),
  ('2026-02-18', 'Chinese New Year (day 2)'),
  ('2026-03-21', 'Hari Raya Puasa'),
  ('2026-04-03', 'Good Friday'),
  ('2026-05-01', 'Labour Day'),
  ('2026-05-27', 'Hari Raya Haji'),
  ('2026-05-31', 'Vesak Day'),
  ('2026-06-01', 'Vesak Day (observed)'),
  ('2026-08-09', 'National Day'),
  ('2026-08-10', 'National Day (observed)'),
  ('2026-11-08', 'Deepavali'),
  ('2026-11-09', 'Deepavali (observed)'),
  ('2026-12-25', 'Christmas Day'),
  ('2027-01-01', 'New Year''s Day'),
  ('2027-02-06', 'Chinese New Year'),
  ('2027-02-07', 'Chinese New Year (day 2)'),
  ('2027-02-08', 'Chinese New Year (observed)'),
  ('2027-03-10', 'Hari Raya Puasa'),
  ('2027-03-26', 'Good Friday'),
  ('2027-05-01', 'Labour Day'),
  ('2027-05-17', 'Hari Raya Haji'),
  ('2027-05-20', 'Vesak Day'),
  ('2027-08-09', 'National Day'),
  ('2027-10-28', 'Deepavali'),
  ('2027-12-25', 'Christmas Day')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Each existing type gets a policy. The default types get the Employment Act's and the CDCA's (decision 0010); the rules read the statute column from now on, never the name.
INSERT INTO "leave_policies" ("leave_type_id", "statute", "entitlement", "days", "schedule", "prorate", "carry_forward_max_days", "carry_forward_expiry_months")
SELECT t."id",
  CASE t."name" WHEN 'Annual Leave' THEN 'ANNUAL' WHEN 'Medical Leave' THEN 'SICK' WHEN 'Hospitalisation Leave' THEN 'HOSPITALISATION'
    WHEN 'Childcare Leave' THEN 'CHILDCARE' WHEN 'Maternity Leave' THEN 'MATERNITY' WHEN 'Paternity Leave' THEN 'PATERNITY' END,
  CASE WHEN t."unlimited" THEN 'NONE' WHEN t."name" = 'Annual Leave' THEN 'SERVICE'
    WHEN t."name" IN ('Medical Leave', 'Hospitalisation Leave') THEN 'STATUTORY_SICK' ELSE 'FIXED' END,
  CASE WHEN t."unlimited" OR t."name" IN ('Annual Leave', 'Medical Leave', 'Hospitalisation Leave') THEN NULL
    WHEN t."name" = 'Childcare Leave' THEN 6 WHEN t."name" = 'Maternity Leave' THEN 112 WHEN t."name" = 'Paternity Leave' THEN 20
    WHEN t."name" = 'Compassionate Leave' THEN 3 ELSE 0 END,
  CASE WHEN t."name" = 'Annual Leave' THEN '[7, 8, 9, 10, 11, 12, 13, 14]'::jsonb END,
  t."name" IN ('Annual Leave', 'Childcare Leave'),
  CASE WHEN t."name" = 'Annual Leave' THEN 14 ELSE 0 END,
  CASE WHEN t."name" = 'Annual Leave' THEN 12 END
FROM "leave_types" t
ON CONFLICT DO NOTHING;
