CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"workshop_date_id" integer,
	"template_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offer_seat_cents" integer,
	"offer_emailed_at" timestamp with time zone,
	"order_id" integer,
	"closed_at" timestamp with time zone,
	"time_zone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_seats_range" CHECK ("waitlist_entries"."seats" BETWEEN 1 AND 10),
	CONSTRAINT "waitlist_names_a_date_or_workshop" CHECK ("waitlist_entries"."workshop_date_id" IS NOT NULL OR "waitlist_entries"."template_id" IS NOT NULL),
	CONSTRAINT "waitlist_offer_complete" CHECK ("waitlist_entries"."status" <> 'offered' OR ("waitlist_entries"."workshop_date_id" IS NOT NULL AND "waitlist_entries"."offer_expires_at" IS NOT NULL AND "waitlist_entries"."offer_seat_cents" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_workshop_date_id_workshop_dates_id_fk" FOREIGN KEY ("workshop_date_id") REFERENCES "public"."workshop_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_template_id_workshop_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workshop_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_live_by_date_idx" ON "waitlist_entries" USING btree ("workshop_date_id","id") WHERE "waitlist_entries"."status" IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_live_by_template_idx" ON "waitlist_entries" USING btree ("template_id","id") WHERE "waitlist_entries"."status" = 'waiting' AND "waitlist_entries"."workshop_date_id" IS NULL;--> statement-breakpoint
CREATE INDEX "waitlist_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_email_idx" ON "waitlist_entries" USING btree (lower("email"));