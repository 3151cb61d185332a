/**
 * The CMS content of the portal in both languages: pages, menus, footer, messages (SPEC §7 content). The public face of the
 * module: other modules import only from here.
 */
export { contentRoutes } from './routes';
export { CONTENT_FOLDER, seedContent } from './seed-content';
export { type ContentService, createContentService } from './service';
