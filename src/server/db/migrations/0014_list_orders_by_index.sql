DROP INDEX "leave_requests_created_idx";--> statement-breakpoint
CREATE INDEX "leave_requests_user_created_idx" ON "leave_requests" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree ("full_name","id");--> statement-breakpoint
CREATE INDEX "leave_requests_created_idx" ON "leave_requests" USING btree ("created_at","id");