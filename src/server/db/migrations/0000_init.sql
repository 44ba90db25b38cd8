CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "employment_info" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employment_info_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"designation" text NOT NULL,
	"employment_status" text DEFAULT 'ACTIVE' NOT NULL,
	"hire_date" date NOT NULL,
	"confirmed_date" date,
	"pass_type" text NOT NULL,
	"employment_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employment_info_status_check" CHECK ("employment_info"."employment_status" in ('ACTIVE', 'RESIGNED')),
	CONSTRAINT "employment_info_pass_type_check" CHECK ("employment_info"."pass_type" in ('Dependent - Dp', 'Employment Pass', 'Malaysian - Wp', 'Others', 'Prc - Wp', 'S Pass', 'S Pass - Myan', 'S Pass - Prc', 'Singapore', 'Singapore - Pr', 'Special Pass', 'Training Employment Pass', 'Work Permit')),
	CONSTRAINT "employment_info_type_check" CHECK ("employment_info"."employment_type" in ('Full Time', 'Part Time', 'Contract Worker', 'Training Staff', 'Temp Staff', 'Probation Period')),
	CONSTRAINT "employment_info_confirmed_after_hire_check" CHECK ("employment_info"."confirmed_date" is null or "employment_info"."confirmed_date" >= "employment_info"."hire_date")
);
--> statement-breakpoint
CREATE TABLE "leave_balances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"leave_type_id" integer NOT NULL,
	"year" integer NOT NULL,
	"total_days" numeric(6, 1),
	"used_days" numeric(6, 1) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_balances_total_days_check" CHECK ("leave_balances"."total_days" is null or ("leave_balances"."total_days" >= 0 and "leave_balances"."total_days" * 2 = trunc("leave_balances"."total_days" * 2))),
	CONSTRAINT "leave_balances_used_days_check" CHECK ("leave_balances"."used_days" >= 0 and "leave_balances"."used_days" * 2 = trunc("leave_balances"."used_days" * 2)),
	CONSTRAINT "leave_balances_year_check" CHECK ("leave_balances"."year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"leave_type_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"from_date" date NOT NULL,
	"from_date_is_am" boolean DEFAULT false NOT NULL,
	"to_date" date NOT NULL,
	"to_date_is_am" boolean DEFAULT false NOT NULL,
	"days" numeric(6, 1) NOT NULL,
	"reason" text,
	"file_key" text,
	"created_by_id" integer,
	"decided_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_status_check" CHECK ("leave_requests"."status" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "leave_requests_dates_check" CHECK ("leave_requests"."to_date" >= "leave_requests"."from_date"),
	CONSTRAINT "leave_requests_days_check" CHECK ("leave_requests"."days" >= 0.5 and "leave_requests"."days" * 2 = trunc("leave_requests"."days" * 2))
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payslip_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_items_amount_check" CHECK ("pay_items"."amount_cents" > 0),
	CONSTRAINT "pay_items_kind_type_check" CHECK (("pay_items"."kind" = 'ADHOC' and "pay_items"."type" in ('OVERTIME', 'INCENTIVE', 'MOBILE_ALLOWANCE', 'OFFDAY', 'PUBLIC_HOLIDAY', 'RETENTION_INCENTIVE')) or ("pay_items"."kind" = 'BONUS' and "pay_items"."type" in ('COMMISION', 'ANNUAL_LEAVE_ENCASHMENT', 'BONUS', 'AWS', 'DIRECTOR_FEE', 'BACK_PAY')) or ("pay_items"."kind" = 'DEDUCTION' and "pay_items"."type" in ('LATENESS', 'UNPAID_LEAVE')) or ("pay_items"."kind" = 'OTHER_ADDITION' and "pay_items"."type" in ('TRAVEL_ALLOWANCE', 'SKILL_ALLOWANCE', 'MEDICAL_CLAIM', 'OTHER')) or ("pay_items"."kind" = 'OTHER_DEDUCTION' and "pay_items"."type" in ('DEDUCTION', 'ADVANCE', 'MEDICAL_CO_SHARE', 'NS_MAKEUP_PAY', 'LOAN')))
);
--> statement-breakpoint
CREATE TABLE "payment_info" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_info_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"basic_salary_cents" integer NOT NULL,
	"employee_cpf_rate" numeric(5, 2),
	"employer_cpf_rate" numeric(5, 2),
	"cpf_type" text DEFAULT 'NONE' NOT NULL,
	"cpf_section" text DEFAULT 'NONE' NOT NULL,
	"self_help_group" text DEFAULT 'NONE' NOT NULL,
	"bank_name" text,
	"bank_code" text,
	"branch_code" text,
	"account_no" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_info_salary_check" CHECK ("payment_info"."basic_salary_cents" > 0),
	CONSTRAINT "payment_info_rates_check" CHECK (coalesce("payment_info"."employee_cpf_rate", 0) between 0 and 100 and coalesce("payment_info"."employer_cpf_rate", 0) between 0 and 100),
	CONSTRAINT "payment_info_cpf_type_check" CHECK ("payment_info"."cpf_type" in ('NONE', 'SINGAPORE PR 2 YEAR', 'SINGAPORE PR 1 YEAR', 'SINGAPORE CITIZEN', 'PR 3 YEAR AND ABOVE')),
	CONSTRAINT "payment_info_cpf_section_check" CHECK ("payment_info"."cpf_section" in ('NONE', 'CPF1', 'CPF2')),
	CONSTRAINT "payment_info_shg_check" CHECK ("payment_info"."self_help_group" in ('NONE', 'CDAC', 'SINDA', 'MBMF', 'ECF')),
	CONSTRAINT "payment_info_bank_check" CHECK ("payment_info"."bank_name" is null or "payment_info"."bank_name" in ('DBS', 'POSB', 'OCBC', 'UOB', 'Maybank', 'Citibank', 'Standard Chartered', 'HSBC', 'RHB', 'ANZ', 'Bank of China', 'CIMB'))
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payslips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" text DEFAULT 'UNPROCESSED' NOT NULL,
	"basic_salary_snapshot_cents" integer NOT NULL,
	"employee_cpf_rate_snapshot" numeric(5, 2),
	"employer_cpf_rate_snapshot" numeric(5, 2),
	"cpf_type_snapshot" text DEFAULT 'NONE' NOT NULL,
	"cpf_section_snapshot" text DEFAULT 'NONE' NOT NULL,
	"self_help_group_snapshot" text DEFAULT 'NONE' NOT NULL,
	"date_of_birth_snapshot" date,
	"pay_date" date,
	"ordinary_wage_cents" integer DEFAULT 0 NOT NULL,
	"additional_wage_cents" integer DEFAULT 0 NOT NULL,
	"gross_pay_cents" integer DEFAULT 0 NOT NULL,
	"employee_cpf_cents" integer DEFAULT 0 NOT NULL,
	"employer_cpf_cents" integer DEFAULT 0 NOT NULL,
	"shg_cents" integer DEFAULT 0 NOT NULL,
	"sdl_cents" numeric(12, 2) DEFAULT 0 NOT NULL,
	"net_pay_cents" integer DEFAULT 0 NOT NULL,
	"other_items_cents" integer DEFAULT 0 NOT NULL,
	"net_payable_cents" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone,
	"processed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payslips_month_check" CHECK ("payslips"."month" between 1 and 12),
	CONSTRAINT "payslips_year_check" CHECK ("payslips"."year" between 2000 and 2100),
	CONSTRAINT "payslips_status_check" CHECK ("payslips"."status" in ('UNPROCESSED', 'ITEMS_ADDED', 'PROCESSED')),
	CONSTRAINT "payslips_processed_check" CHECK ("payslips"."status" <> 'PROCESSED' or ("payslips"."pay_date" is not null and "payslips"."processed_at" is not null)),
	CONSTRAINT "payslips_salary_check" CHECK ("payslips"."basic_salary_snapshot_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_info" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_info_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"gender" text,
	"nric" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"race" text NOT NULL,
	"nationality" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_info_nric_upper_check" CHECK ("staff_info"."nric" = upper("staff_info"."nric")),
	CONSTRAINT "staff_info_gender_check" CHECK ("staff_info"."gender" in ('Male', 'Female')),
	CONSTRAINT "staff_info_race_check" CHECK ("staff_info"."race" in ('Chinese', 'Eurasian', 'Malay', 'Indian', 'Others'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"tokens_valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('ADMIN', 'STAFF')),
	CONSTRAINT "users_full_name_check" CHECK (length(trim("users"."full_name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_info" ADD CONSTRAINT "employment_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_balances" ADD CONSTRAINT "leave_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_balances" ADD CONSTRAINT "leave_balances_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_items" ADD CONSTRAINT "pay_items_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_info" ADD CONSTRAINT "payment_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_processed_by_id_users_id_fk" FOREIGN KEY ("processed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_info" ADD CONSTRAINT "staff_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "employment_info_user_key" ON "employment_info" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_balances_user_type_year_key" ON "leave_balances" USING btree ("user_id","leave_type_id","year");--> statement-breakpoint
CREATE INDEX "leave_requests_user_idx" ON "leave_requests" USING btree ("user_id","from_date");--> statement-breakpoint
CREATE INDEX "leave_requests_status_idx" ON "leave_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_name_key" ON "leave_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pay_items_payslip_idx" ON "pay_items" USING btree ("payslip_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_info_user_key" ON "payment_info" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_user_period_key" ON "payslips" USING btree ("user_id","year","month");--> statement-breakpoint
CREATE INDEX "payslips_period_idx" ON "payslips" USING btree ("year","month","status");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_info_user_key" ON "staff_info" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_info_nric_key" ON "staff_info" USING btree ("nric");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));