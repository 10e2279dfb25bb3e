import type { ExpertiseLevel } from '../workshops.schema';

/** Fixed workshop facts from spec §1 and §4, shown on the landing and intro pages. */
export const WORKSHOP_FORMAT = '1x 2 hour group session';
export const WORKSHOP_DURATION = '2 hour workshop';

/** What attendees learn: the five outcomes listed on the intro page and the featured card. */
export const learningOutcomes = [
  'Map a product idea into screens, data and user flows before touching a tool',
  'Choose the right no-code and AI tools for your idea, such as Lovable, Bolt and Replit',
  'Build a clickable, working prototype in a single session',
  'Put your prototype in front of real users and learn from their feedback',
  'Explore ideas as a team and hand a tested prototype to developers',
] as const;

export function expertiseSentence(level: ExpertiseLevel | undefined): string {
  if (level === 'beginner') return 'Requires no technical expertise, just an attitude to explore!';
  if (level === 'some_expertise') return 'Some prior coding experience recommended but not required.';
  return 'Designed for those with advanced experience who want to level up.';
}
