CREATE TABLE "document_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"error" text,
	"requested_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "document_jobs_status_check" CHECK ("document_jobs"."status" in ('waiting', 'drawing', 'stored', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "document_jobs" ADD CONSTRAINT "document_jobs_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_jobs_open_year_key" ON "document_jobs" USING btree ("year") WHERE "document_jobs"."status" in ('waiting', 'drawing');