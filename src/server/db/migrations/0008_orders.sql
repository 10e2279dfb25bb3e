CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"workshop_date_id" integer NOT NULL,
	"buyer_first_name" text NOT NULL,
	"buyer_last_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_code_id" integer,
	"discount_code" text DEFAULT '' NOT NULL,
	"seat_original_cents" integer NOT NULL,
	"seat_discount_cents" integer DEFAULT 0 NOT NULL,
	"seat_final_cents" integer NOT NULL,
	"payment_mode" text DEFAULT 'pay_now' NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"checkout_key" text,
	"subscribed_to_newsletter" boolean DEFAULT true NOT NULL,
	"time_zone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_seats_range" CHECK ("orders"."seats" BETWEEN 1 AND 10),
	CONSTRAINT "orders_amounts_valid" CHECK ("orders"."seat_final_cents" >= 0 AND "orders"."seat_discount_cents" >= 0 AND "orders"."seat_original_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_stripe_payment_id_unique";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_id" integer;--> statement-breakpoint
-- Every booking so far becomes an order of one seat, bought by its own person; every payment pays
-- its booking's order, or (a checkout that never became a booking) an order of its own, pending
-- while its seat hold lasts.
CREATE FUNCTION "migration_order_reference"() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  -- The app's alphabet (single-seat-orders.ts): no 0/O, 1/I/L.
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  code text;
BEGIN
  LOOP
    code := '';
    FOR i IN 1..6 LOOP
      code := code || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
    END LOOP;
    code := substr(code, 1, 3) || '-' || substr(code, 4, 3);
    EXIT WHEN NOT EXISTS (SELECT 1 FROM "orders" WHERE "reference" = code);
  END LOOP;
  RETURN code;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  b record;
  p record;
  hold_status text;
  hold_expires timestamptz;
  new_id integer;
  order_status text;
BEGIN
  FOR b IN SELECT * FROM "bookings" ORDER BY "id" LOOP
    INSERT INTO "orders" ("reference", "workshop_date_id", "buyer_first_name", "buyer_last_name", "buyer_email", "company", "seats", "attendees",
      "discount_code_id", "discount_code", "seat_original_cents", "seat_discount_cents", "seat_final_cents", "payment_mode", "status",
      "subscribed_to_newsletter", "time_zone", "created_at")
    VALUES ("migration_order_reference"(), b."workshop_date_id", b."first_name", b."last_name", b."email", b."company", 1,
      jsonb_build_array(jsonb_build_object('firstName', b."first_name", 'lastName', b."last_name", 'email', b."email")),
      b."discount_code_id", b."discount_code", b."original_price_cents", b."discount_amount_cents", b."final_price_cents", b."payment_mode", 'placed',
      b."subscribed_to_newsletter", b."time_zone", b."created_at")
    RETURNING "id" INTO new_id;
    UPDATE "bookings" SET "order_id" = new_id WHERE "id" = b."id";
  END LOOP;

  UPDATE "payments" SET "order_id" = bk."order_id" FROM "bookings" bk WHERE "payments"."booking_id" = bk."id";
  UPDATE "payments" SET "order_id" = bk."order_id" FROM "bookings" bk
    WHERE "payments"."order_id" IS NULL AND bk."stripe_payment_id" = "payments"."provider_payment_id";

  FOR p IN SELECT * FROM "payments" WHERE "order_id" IS NULL ORDER BY "id" LOOP
    hold_status := NULL;
    hold_expires := NULL;
    SELECT "status", "expires_at" INTO hold_status, hold_expires FROM "seat_holds" WHERE "payment_intent_id" = p."provider_payment_id";
    order_status := CASE
      WHEN p."status" IN ('refunding', 'refunded') THEN 'void'
      WHEN hold_status = 'held' THEN 'pending'
      ELSE 'lapsed'
    END;
    INSERT INTO "orders" ("reference", "workshop_date_id", "buyer_first_name", "buyer_last_name", "buyer_email", "company", "seats", "attendees",
      "discount_code_id", "discount_code", "seat_original_cents", "seat_discount_cents", "seat_final_cents", "payment_mode", "status",
      "hold_expires_at", "subscribed_to_newsletter", "time_zone", "created_at")
    VALUES ("migration_order_reference"(), p."workshop_date_id",
      coalesce(p."customer" ->> 'firstName', ''), coalesce(p."customer" ->> 'lastName', ''), coalesce(p."customer" ->> 'email', ''),
      coalesce(p."customer" ->> 'company', ''), 1,
      CASE WHEN p."customer" IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
        'firstName', coalesce(p."customer" ->> 'firstName', ''), 'lastName', coalesce(p."customer" ->> 'lastName', ''), 'email', coalesce(p."customer" ->> 'email', ''))) END,
      p."discount_code_id", upper(trim(coalesce(p."customer" ->> 'discountCode', ''))),
      coalesce((p."customer" ->> 'originalCents')::integer, p."amount_cents"), coalesce((p."customer" ->> 'discountCents')::integer, 0), p."amount_cents",
      'pay_now', order_status, CASE WHEN order_status = 'pending' THEN hold_expires END,
      coalesce((p."customer" ->> 'subscribedToNewsletter')::boolean, true), p."customer" ->> 'timeZone', p."created_at")
    RETURNING "id" INTO new_id;
    UPDATE "payments" SET "order_id" = new_id WHERE "id" = p."id";
  END LOOP;
END;
$$;--> statement-breakpoint
DROP FUNCTION "migration_order_reference"();--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_workshop_date_id_workshop_dates_id_fk" FOREIGN KEY ("workshop_date_id") REFERENCES "public"."workshop_dates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_hold_expiry_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pending_checkout_key" ON "orders" USING btree ("checkout_key") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_buyer_email_idx" ON "orders" USING btree (lower("buyer_email"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_order_idx" ON "bookings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bookings_payment_idx" ON "bookings" USING btree ("stripe_payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");