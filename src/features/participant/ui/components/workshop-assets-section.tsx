import { Maximize2 } from 'lucide-react';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { toast } from '../../../../client/components/ui/toast-store';
import { ASSETS_LOAD_FAILED, POPUP_BLOCKED, type WorkshopAsset } from '../../participant.schema';
import { useBookingAssets, viewAssetUrl } from '../api/get-booking-assets';

/**
 * The asset's HTML (sanitised when the admin saved it) as the document of a frame with an empty
 * `sandbox`: no scripts, no forms, no popups, an opaque origin. Even markup that slipped past the
 * sanitiser cannot reach this page, its cookies or the API. Tips go the same way as slides, so no
 * admin-written HTML is ever put into this page's own DOM.
 */
function frameDocument(asset: WorkshopAsset): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{margin:0;padding:12px;font-family:system-ui,sans-serif;line-height:1.5;color:#121212;background:#fff}img{max-width:100%;height:auto}</style></head><body>${asset.content}</body></html>`;
}

function openFullScreen(asset: WorkshopAsset) {
  const opened = window.open(viewAssetUrl(asset.id), '_blank');
  if (!opened) {
    toast({ title: 'Error', description: POPUP_BLOCKED, variant: 'destructive' });
    return;
  }
  // The slides page must not be able to steer this one (what `noopener` would do, but window.open
  // with `noopener` answers null and a blocked popup could not be told apart).
  opened.opener = null;
}

function AssetCard({ asset }: { asset: WorkshopAsset }) {
  const isSlides = asset.type === 'slides';
  return (
    <li className="rounded-brutal border-2 border-ink bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-extrabold break-words">{asset.title}</h4>
          {asset.description ? <p className="text-sm text-ink-soft">{asset.description}</p> : null}
        </div>
        {isSlides ? (
          <button type="button" className={smallButtonClasses('secondary')} onClick={() => openFullScreen(asset)} aria-label={`Full screen: ${asset.title}`}>
            <Maximize2 aria-hidden="true" className="size-4" />
            Full screen
          </button>
        ) : null}
      </div>
      <iframe
        title={`${isSlides ? 'Slides' : 'Tips'}: ${asset.title}`}
        sandbox=""
        srcDoc={frameDocument(asset)}
        referrerPolicy="no-referrer"
        loading="lazy"
        className={isSlides ? 'mt-3 aspect-video w-full rounded-brutal border-2 border-ink bg-white' : 'mt-3 h-48 w-full rounded-brutal border-2 border-paper-deep bg-white'}
      />
    </li>
  );
}

/** Slides and tips of the booking's workshop (and those for every workshop), by sortOrder. */
export function WorkshopAssetsSection({ bookingId }: { bookingId: number }) {
  const assets = useBookingAssets(bookingId);
  if (assets.isPending) {
    return (
      <LoadingRegion label="Loading workshop materials">
        <Skeleton className="aspect-video w-full" />
      </LoadingRegion>
    );
  }
  if (assets.isError) {
    return (
      <p role="alert" className="rounded-brutal border-2 border-danger bg-danger-soft px-4 py-3 text-sm font-bold">
        {ASSETS_LOAD_FAILED}
      </p>
    );
  }
  if (assets.data.length === 0) return <p className="text-sm text-ink-soft">No slides or tips have been shared for this workshop yet.</p>;
  return (
    <ul className="space-y-3">
      {assets.data.map((item) => (
        <AssetCard key={item.id} asset={item.asset} />
      ))}
    </ul>
  );
}
