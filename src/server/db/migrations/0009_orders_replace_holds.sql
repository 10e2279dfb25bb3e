DROP TABLE "seat_holds" CASCADE;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_booking_id_bookings_id_fk";
--> statement-breakpoint
DROP INDEX "payments_booking_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "named" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "booking_id";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "customer";