-- Issue 15 point 6: no usable token in any table. Outbox rows queued before this migration keep
-- their text and get sealed_tokens null: start-up (runtime.ts) seals them with APP_SECRET, which
-- SQL does not have. The demo provider's client secrets are derived from APP_SECRET from now on.
ALTER TABLE "email_outbox" ADD COLUMN "sealed_tokens" jsonb;--> statement-breakpoint
CREATE INDEX "email_outbox_unsealed_idx" ON "email_outbox" USING btree ("id") WHERE "email_outbox"."sealed_tokens" is null;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" DROP COLUMN "client_secret";