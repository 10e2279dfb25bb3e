CREATE TABLE "follow_up_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"meeting_link" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_message" text,
	"notice_pending" boolean DEFAULT false NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_calls_ends_after_start" CHECK ("follow_up_calls"."ends_at" > "follow_up_calls"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "follow_up_calls" ADD CONSTRAINT "follow_up_calls_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_calls_one_per_start_idx" ON "follow_up_calls" USING btree ("starts_at") WHERE "follow_up_calls"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "follow_up_calls_booking_idx" ON "follow_up_calls" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "follow_up_calls_notice_idx" ON "follow_up_calls" USING btree ("id") WHERE "follow_up_calls"."notice_pending";