import { Copy, ExternalLink } from 'lucide-react';
import { EmptyState, ErrorState } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { RefreshButton } from '../../../client/components/ui/refresh-button';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { toast } from '../../../client/components/ui/toast-store';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialCard } from '../operations.schema';
import { useSocialCards } from './api/get-social-cards';

async function copyImageUrl(card: SocialCard) {
  try {
    // Not available outside a secure context (plain http on another host than localhost).
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(card.imageUrl);
    toast({ title: 'Image URL Copied', description: card.imageUrl });
  } catch {
    toast({ title: 'Could not copy the image URL', description: card.imageUrl, variant: 'destructive' });
  }
}

/** The card's own path on this site: the image is shown from here, whatever PUBLIC_URL says. */
function sameOriginPath(imageUrl: string): string {
  try {
    return new URL(imageUrl).pathname;
  } catch {
    return imageUrl;
  }
}

function CardPreview({ card }: { card: SocialCard }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-brutal border-2 border-ink bg-white shadow-brutal-sm">
      <img
        src={sameOriginPath(card.imageUrl)}
        alt={`Share card: ${card.title}`}
        width={SOCIAL_CARD_WIDTH}
        height={SOCIAL_CARD_HEIGHT}
        loading="lazy"
        className="aspect-[1200/630] h-auto w-full border-b-2 border-ink bg-paper-deep object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-extrabold tracking-label text-ink-soft uppercase">
          {card.kind === 'post' ? 'Blog post' : 'Page'} · <span className="font-mono normal-case">{card.path}</span>
        </p>
        <h3 className="font-extrabold leading-snug">{card.title}</h3>
        <p className="line-clamp-3 text-sm text-ink-soft">{card.description}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <button type="button" className={smallButtonClasses('secondary')} aria-label={`Copy image URL of ${card.title}`} onClick={() => void copyImageUrl(card)}>
            <Copy aria-hidden="true" className="size-4" />
            Copy image URL
          </button>
          <a className={smallButtonClasses('ghost')} href={sameOriginPath(card.imageUrl)} target="_blank" rel="noreferrer" aria-label={`Open the image of ${card.title}`}>
            <ExternalLink aria-hidden="true" className="size-4" />
            Open
          </a>
        </div>
      </div>
    </li>
  );
}

/**
 * The Social Cards tab: the share image of every page and published blog post,
 * drawn by the server from its title, as link previews show it.
 */
export default function SocialCardsTab() {
  const cards = useSocialCards();

  let content;
  if (cards.isPending) {
    content = (
      <LoadingRegion label="Loading social cards" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="aspect-[1200/630] w-full" />
        ))}
      </LoadingRegion>
    );
  } else if (cards.isError) {
    content = <ErrorState message="Failed to load social cards." onRetry={() => void cards.refetch()} />;
  } else if (cards.data.length === 0) {
    content = <EmptyState title="No social cards" />;
  } else {
    content = (
      <ul aria-label="Social cards" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.data.map((card) => (
          <CardPreview key={card.key} card={card} />
        ))}
      </ul>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-ink-soft">
          Each page and published blog post shares with its own card, drawn from its title. A post&apos;s card changes when its title does.
        </p>
        <RefreshButton refreshing={cards.isFetching} onRefresh={() => void cards.refetch()} />
      </div>
      {content}
    </div>
  );
}
