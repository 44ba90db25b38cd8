CREATE TABLE "leave_request_tallies" (
	"leave_type_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "leave_request_tallies_leave_type_id_status_pk" PRIMARY KEY("leave_type_id","status"),
	CONSTRAINT "leave_request_tallies_n_check" CHECK ("leave_request_tallies"."n" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leave_request_tallies" ADD CONSTRAINT "leave_request_tallies_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_requests_created_idx" ON "leave_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leave_requests_from_idx" ON "leave_requests" USING btree ("from_date","id");--> statement-breakpoint
CREATE INDEX "leave_requests_to_idx" ON "leave_requests" USING btree ("to_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_requests_file_key_key" ON "leave_requests" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', "full_name" || ' ' || "email"));