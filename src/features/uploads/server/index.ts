/** Public entry of the uploads feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { moveDiskUploadsIntoDatabase } from './uploads.service';
export { detectImageType, imageTypeOfStoredName } from './image-type';
