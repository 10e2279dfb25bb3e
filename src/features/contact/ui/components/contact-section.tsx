import { Mail, MapPin, Phone } from 'lucide-react';
import { Button } from '../../../../client/components/ui/button';
import { CheckboxField, TextAreaField, TextField } from '../../../../client/components/ui/form';
import { SocialLinks } from '../../../../client/components/ui/social-links';
import { toast } from '../../../../client/components/ui/toast-store';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { CONTACT_EMAIL, CONTACT_LOCATION, CONTACT_PHONE } from '../../../../client/lib/site-info';
import { contactMessageSchema, type ContactMessageInput } from '../../contact.schema';
import { useSendContactMessage } from '../api/send-contact-message';

// The newsletter is opt-in here (unlike the booking form): a question is not a subscription.
const emptyMessage: ContactMessageInput = { name: '', email: '', subject: '', message: '', subscribeToNewsletter: false };

function ContactForm() {
  const send = useSendContactMessage();
  const { field, handleSubmit, reset } = useSchemaForm(contactMessageSchema, emptyMessage);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." });
        reset(emptyMessage);
      },
      onError: () => {
        toast({ title: 'Error sending message', description: 'Please try again later.', variant: 'destructive' });
      },
    }),
  );

  return (
    <form
      aria-label="Contact form"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5 rounded-brutal border-2 border-ink bg-white p-6 shadow-brutal sm:p-8"
    >
      <h3 className="text-xl font-black">Send us a message</h3>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
      </div>
      <TextField label="Subject" {...field('subject')} />
      <TextAreaField label="Message" rows={5} {...field('message')} />
      <CheckboxField label="Send me news about upcoming workshops" {...field('subscribeToNewsletter')} />
      <Button type="submit" size="lg" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? 'SENDING...' : 'SEND MESSAGE'}
      </Button>
    </form>
  );
}

/** Landing section 9 (anchor 'contact'). */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="border-b-2 border-ink bg-paper-deep">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-sm font-extrabold uppercase tracking-label">Contact</p>
          <h2 id="contact-heading" className="mt-2 text-3xl font-black tracking-tight sm:text-4xl">
            Questions? Ask away.
          </h2>
          <p className="mt-3 text-ink-soft">About the workshop, a team session, or whether it's right for you — we answer every message.</p>
          <ul className="mt-6 grid gap-1">
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="size-5 shrink-0" />
              <a href={`mailto:${CONTACT_EMAIL}`} className="inline-flex min-h-11 items-center font-semibold underline decoration-2 underline-offset-4">
                {CONTACT_EMAIL}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="size-5 shrink-0" />
              <a href={`tel:${CONTACT_PHONE.replace(/[^+\d]/g, '')}`} className="inline-flex min-h-11 items-center font-semibold underline decoration-2 underline-offset-4">
                {CONTACT_PHONE}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <MapPin aria-hidden="true" className="size-5 shrink-0" />
              <span className="font-semibold">{CONTACT_LOCATION}</span>
            </li>
          </ul>
          <h3 className="mt-10 text-sm font-extrabold uppercase tracking-label">Follow along</h3>
          <SocialLinks className="mt-3" linkClassName="bg-white hover:bg-secondary" />
        </div>
        <ContactForm />
      </div>
    </section>
  );
}
