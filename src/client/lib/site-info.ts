/**
 * Organiser details shown on the public site. The address and phone number below are
 * placeholders (reserved example domain, 555-01xx number): replace them before launch.
 */
export { SITE_TAGLINE } from '../../common/brand';

export const CONTACT_EMAIL = 'hello@vibecoding.example';
export const CONTACT_PHONE = '+1 (555) 010-0199';
export const CONTACT_LOCATION = 'Virtual — via Zoom video call';

export const INSTRUCTOR = {
  name: 'Sam Rivera',
  role: 'Product designer, founder and workshop facilitator',
  sites: [
    { label: 'samrivera.example', href: 'https://samrivera.example' },
    { label: 'prototype-lab.example', href: 'https://prototype-lab.example' },
  ],
  professionalProfile: { label: 'LinkedIn profile', href: 'https://www.linkedin.com/' },
} as const;
