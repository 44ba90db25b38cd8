CREATE TABLE "opening_leave" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opening_leave_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"leave_type_id" integer NOT NULL,
	"year" integer NOT NULL,
	"days_taken" numeric(6, 1) NOT NULL,
	"saved_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_leave_days_check" CHECK ("opening_leave"."days_taken" >= 0 and "opening_leave"."days_taken" * 2 = trunc("opening_leave"."days_taken" * 2) and "opening_leave"."year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "opening_ytd" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opening_ytd_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"through_month" integer NOT NULL,
	"ordinary_wage_cents" bigint NOT NULL,
	"additional_wage_cents" bigint NOT NULL,
	"employee_cpf_cents" bigint NOT NULL,
	"employer_cpf_cents" bigint NOT NULL,
	"shg_cents" bigint DEFAULT 0 NOT NULL,
	"sdl_cents" bigint DEFAULT 0 NOT NULL,
	"saved_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_ytd_period_check" CHECK ("opening_ytd"."through_month" between 1 and 12 and "opening_ytd"."year" between 2000 and 2100),
	CONSTRAINT "opening_ytd_amounts_check" CHECK ("opening_ytd"."ordinary_wage_cents" >= 0 and "opening_ytd"."additional_wage_cents" >= 0 and "opening_ytd"."employee_cpf_cents" >= 0
        and "opening_ytd"."employer_cpf_cents" >= 0 and "opening_ytd"."shg_cents" >= 0 and "opening_ytd"."sdl_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "opening_leave" ADD CONSTRAINT "opening_leave_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_leave" ADD CONSTRAINT "opening_leave_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_leave" ADD CONSTRAINT "opening_leave_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_ytd" ADD CONSTRAINT "opening_ytd_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_ytd" ADD CONSTRAINT "opening_ytd_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opening_leave_user_type_year_key" ON "opening_leave" USING btree ("user_id","leave_type_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "opening_ytd_user_year_key" ON "opening_ytd" USING btree ("user_id","year");