// Public surface of the files module for other modules.
export { files } from './files.tables.ts';
export { detectImageType, type ImageMime } from './image-type.ts';
export { readImageUpload } from './files.routes.ts';
export { acceptImage, type ImageUpload } from './image-upload.ts';
export { deleteFile, readFile, storeFile } from './store-file.ts';
