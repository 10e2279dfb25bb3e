/** Public entry of the participant feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { PARTICIPANT_LINK_PURPOSE, normaliseParticipantEmail, participantLinkFor, requireBookingAccess, requireParticipantViewer, type ParticipantViewer } from './participant-access';
export { joinLinkFor, JOIN_LINK_PURPOSE } from './join-link';
export { joinRoutes } from './join.routes';
