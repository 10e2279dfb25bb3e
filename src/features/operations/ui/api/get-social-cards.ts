import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { socialCardListSchema, type SocialCard } from '../../operations.schema';

/** GET /api/admin/social-cards: every route's card and each published post's. */
export const SOCIAL_CARDS_KEY = ['/api/admin/social-cards'] as const;

export function getSocialCards(): Promise<SocialCard[]> {
  return apiGet(SOCIAL_CARDS_KEY[0], socialCardListSchema);
}

export const socialCardsQueryOptions = () =>
  queryOptions({ queryKey: SOCIAL_CARDS_KEY, queryFn: getSocialCards, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useSocialCards() {
  return useQuery(socialCardsQueryOptions());
}
