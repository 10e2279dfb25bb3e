ALTER TABLE "bookings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "workshop_dates" ADD COLUMN "ends_next_day" boolean DEFAULT false NOT NULL;