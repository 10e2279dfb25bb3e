/**
 * The brand name the organiser saved in Settings › General (the 'general' settings row), read
 * where a page, an e-mail, a feed or a card is made, so a change shows on the next one without a
 * restart. Its own file because the sender, the settings service and other features all read it.
 */
import { z } from 'zod';
import { DEFAULT_BRAND_NAME } from '../../../common/brand';
import type { Database } from '../../../server/db/client';
import { preloadSettings, readSetting } from '../../../server/db/settings-snapshot';
import { PUBLIC_READS, type ReadCache } from '../../../server/lib/read-cache';
import { brandNameField } from '../settings.schema';

export const GENERAL_KEY = 'general';

/** A name that is missing or no longer valid (an older or hand-edited row) reads as the default. */
const storedBrandName = brandNameField.catch(DEFAULT_BRAND_NAME);
/** The 'general' row as far as the name goes; built once (a schema built per read cost more than the read). */
const storedGeneral = z.object({ brandName: storedBrandName }).catch({ brandName: DEFAULT_BRAND_NAME });

/**
 * The saved brand name (one primary-key read, or the transaction's preloaded settings), or the
 * default until an admin saves one.
 */
export async function readBrandName(db: Database): Promise<string> {
  return storedGeneral.parse((await readSetting(db, GENERAL_KEY)) ?? {}).brandName;
}

/**
 * Reads the brand name once for the transaction `tx` (src/server/db/settings-snapshot.ts):
 * readBrandName(tx) then answers from this read, so a booking's e-mails and the organiser's notice
 * share one read instead of one each.
 */
export async function preloadBrandName(tx: Database): Promise<void> {
  await preloadSettings(tx, [GENERAL_KEY]);
}

/**
 * The brand name through the public reads' cache, for what is made per request (pages, the feed,
 * social cards): one read a second at most. Saving the name drops it with the site content
 * (settings routes), so this process shows a new name at once and others within a second.
 */
export function cachedBrandName(db: Database, publicCache: ReadCache): Promise<string> {
  return publicCache.remember('brand-name', () => brandNameOrLastKnown(db), [PUBLIC_READS.siteContent]);
}

const lastKnownBrandNames = new WeakMap<Database, string>();

/**
 * A page that needs no data is still served while the database is away, so a failed read of the
 * name answers the last one read (or the default) instead of failing the page.
 */
async function brandNameOrLastKnown(db: Database): Promise<string> {
  try {
    const brandName = await readBrandName(db);
    lastKnownBrandNames.set(db, brandName);
    return brandName;
  } catch {
    return lastKnownBrandNames.get(db) ?? DEFAULT_BRAND_NAME;
  }
}
