CREATE TABLE "key_employment_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "key_employment_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"main_duties" text,
	"place_of_work" text,
	"salary_period" text DEFAULT 'MONTHLY' NOT NULL,
	"overtime_payment_period" text,
	"overtime_rate_basis" text,
	"fixed_allowances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fixed_deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"probation_months" integer,
	"notice_period_days" integer,
	"other_salary_components" text,
	"medical_benefits" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_employment_terms_salary_period_check" CHECK ("key_employment_terms"."salary_period" in ('MONTHLY', 'SEMI_MONTHLY', 'WEEKLY', 'DAILY')),
	CONSTRAINT "key_employment_terms_overtime_period_check" CHECK ("key_employment_terms"."overtime_payment_period" is null or "key_employment_terms"."overtime_payment_period" in ('MONTHLY', 'SEMI_MONTHLY', 'WEEKLY', 'DAILY')),
	CONSTRAINT "key_employment_terms_overtime_basis_check" CHECK ("key_employment_terms"."overtime_rate_basis" is null or "key_employment_terms"."overtime_rate_basis" in ('ACT_ONE_AND_HALF', 'NOT_APPLICABLE')),
	CONSTRAINT "key_employment_terms_probation_check" CHECK ("key_employment_terms"."probation_months" is null or "key_employment_terms"."probation_months" between 0 and 24),
	CONSTRAINT "key_employment_terms_notice_check" CHECK ("key_employment_terms"."notice_period_days" is null or "key_employment_terms"."notice_period_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "separations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "separations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"notice_date" date NOT NULL,
	"last_day" date NOT NULL,
	"notice_served" boolean NOT NULL,
	"requested_by" integer,
	"acknowledged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "separations_status_check" CHECK ("separations"."status" in ('REQUESTED', 'ACKNOWLEDGED', 'WITHDRAWN', 'COMPLETED')),
	CONSTRAINT "separations_reason_check" CHECK ("separations"."reason" in ('RESIGNATION', 'TERMINATION', 'CONTRACT_END', 'RETIREMENT')),
	CONSTRAINT "separations_last_day_check" CHECK ("separations"."last_day" >= "separations"."notice_date")
);
--> statement-breakpoint
ALTER TABLE "key_employment_terms" ADD CONSTRAINT "key_employment_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "separations" ADD CONSTRAINT "separations_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_employment_terms_user_key" ON "key_employment_terms" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "separations_current_key" ON "separations" USING btree ("user_id") WHERE "separations"."status" in ('REQUESTED', 'ACKNOWLEDGED', 'COMPLETED');--> statement-breakpoint
CREATE INDEX "separations_user_idx" ON "separations" USING btree ("user_id","id");