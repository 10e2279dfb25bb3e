CREATE TABLE "date_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"workshop_date_id" integer NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_poll_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"workshop_date_id" integer NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_poll_votes" (
	"option_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_poll_votes_option_id_booking_id_pk" PRIMARY KEY("option_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"workshop_date_id" integer NOT NULL,
	"offset_minutes" integer NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"sent_at" timestamp with time zone,
	"date_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "date_message_id" integer;--> statement-breakpoint
ALTER TABLE "workshop_dates" ADD COLUMN "called_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workshop_dates" ADD COLUMN "poll_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "date_messages" ADD CONSTRAINT "date_messages_workshop_date_id_workshop_dates_id_fk" FOREIGN KEY ("workshop_date_id") REFERENCES "public"."workshop_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_poll_options" ADD CONSTRAINT "date_poll_options_workshop_date_id_workshop_dates_id_fk" FOREIGN KEY ("workshop_date_id") REFERENCES "public"."workshop_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_poll_votes" ADD CONSTRAINT "date_poll_votes_option_id_date_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."date_poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_poll_votes" ADD CONSTRAINT "date_poll_votes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_workshop_date_id_workshop_dates_id_fk" FOREIGN KEY ("workshop_date_id") REFERENCES "public"."workshop_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_date_message_id_date_messages_id_fk" FOREIGN KEY ("date_message_id") REFERENCES "public"."date_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_messages_date_idx" ON "date_messages" USING btree ("workshop_date_id","id");--> statement-breakpoint
CREATE INDEX "date_poll_options_date_idx" ON "date_poll_options" USING btree ("workshop_date_id");--> statement-breakpoint
CREATE INDEX "date_poll_votes_booking_idx" ON "date_poll_votes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "scheduled_messages_due_idx" ON "scheduled_messages" USING btree ("workshop_date_id") WHERE "scheduled_messages"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_date_message_id_date_messages_id_fk" FOREIGN KEY ("date_message_id") REFERENCES "public"."date_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_date_message_idx" ON "email_outbox" USING btree ("date_message_id") WHERE "email_outbox"."date_message_id" is not null;