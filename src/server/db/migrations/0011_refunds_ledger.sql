CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"booking_id" integer,
	"payment_id" integer NOT NULL,
	"provider_refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
-- Refunds taken before the ledger existed: whole payments refunded instead of booked, and the
-- refunds of seats recorded on their approved requests.
INSERT INTO "refunds" ("order_id", "booking_id", "payment_id", "provider_refund_id", "amount_cents", "reason", "actor", "created_at")
SELECT p."order_id", NULL, p."id", p."provider_refund_id", p."amount_cents", coalesce(p."refund_reason", 'recorded before the ledger'), 'system', p."updated_at"
FROM "payments" p
WHERE p."provider_refund_id" IS NOT NULL AND p."amount_cents" > 0
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "refunds" ("order_id", "booking_id", "payment_id", "provider_refund_id", "amount_cents", "reason", "actor", "created_at")
SELECT DISTINCT ON (r."provider_refund_id") b."order_id", b."id", p."id", r."provider_refund_id",
  -- A request approved on review kept no amount: it refunded the whole price of a booking still on.
  coalesce(r."amount_cents", CASE WHEN b."status" = 'refunded' THEN b."final_price_cents" END), 'recorded before the ledger', 'system', coalesce(r."processed_at", r."requested_at")
FROM "refund_requests" r
JOIN "bookings" b ON b."id" = r."booking_id"
JOIN "payments" p ON p."provider_payment_id" = b."stripe_payment_id"
WHERE r."status" = 'APPROVED' AND r."provider_refund_id" IS NOT NULL
  AND coalesce(r."amount_cents", CASE WHEN b."status" = 'refunded' THEN b."final_price_cents" END) > 0
  AND r."provider_refund_id" IS DISTINCT FROM p."provider_refund_id"
ON CONFLICT DO NOTHING;
