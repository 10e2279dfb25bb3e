import { BookingSection } from '../../../../features/booking/ui/components/booking-section';
import { ContactSection } from '../../../../features/contact/ui/components/contact-section';
import { AnnouncementsSection } from '../../../../features/content/ui/components/announcements-section';
import { TestimonialsSection } from '../../../../features/content/ui/components/testimonials-section';
import { WorkshopsSection } from '../../../../features/workshops/ui/components/workshops-section';
import { ScrollToHashOnArrival } from '../../../../client/lib/use-scroll-to-hash-on-arrival';
import { FaqSection } from './faq-section';
import { InstructorSection } from './instructor-section';

/** Landing sections 3 to 9, in the order of spec §2. */
export default function LandingSections() {
  return (
    <>
      <ScrollToHashOnArrival />
      <WorkshopsSection />
      <InstructorSection />
      <TestimonialsSection />
      <AnnouncementsSection />
      <BookingSection />
      <FaqSection />
      <ContactSection />
    </>
  );
}
