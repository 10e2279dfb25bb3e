ALTER TABLE "bookings" ADD COLUMN "reservation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reservation_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
CREATE INDEX "bookings_reservation_expiry_idx" ON "bookings" USING btree ("reservation_expires_at") WHERE "bookings"."status" = 'reserved';--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_refunding_idx" ON "payments" USING btree ("status") WHERE "payments"."status" = 'refunding';--> statement-breakpoint
-- Reservations made before reservations could expire get the default 48 hours from now (never
-- past their workshop's start), not from when they were made: nobody loses a seat on the day
-- this is deployed without the warning e-mail a day before.
UPDATE "bookings" SET "reservation_expires_at" = LEAST(now() + interval '48 hours', COALESCE((SELECT "starts_at" FROM "workshop_dates" WHERE "workshop_dates"."id" = "bookings"."workshop_date_id"), 'infinity'::timestamptz))
WHERE "status" = 'reserved';
